"""Stage 5, rdf: the mapping to the ontology (the only place that mints IRIs), RDF formats, reading and
writing graph files.
"""
