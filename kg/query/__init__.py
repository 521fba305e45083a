"""SPARQL: the stored competency questions of ``ontology/queries/``, safe parameters, result formats."""
