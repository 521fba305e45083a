"""The only reader of the top-level ``ontology/`` folder (or ``$KG_ONTOLOGY``): the OWL terms,
the lexicon (rules and word lists, checked against their schema) and the folder's location.
"""
