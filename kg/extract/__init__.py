"""Stage 3, extract: mentions (people, parties, offices, motions), events and quotes of a parsed document,
driven by the rules of ``ontology/lexicon/``.
"""
