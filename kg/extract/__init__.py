"""Stage 3, extract: mentions (people, parties, offices, motions), events and quotes of a parsed document,
driven by the rules of ``ontology/lexicon/``, in three layers, each a subpackage:

- :mod:`kg.extract.context`: the document as the rules see it, its quotes and time expressions;
- :mod:`kg.extract.people`: people and roles (mentions, titles, offices, parties, memberships);
- :mod:`kg.extract.events`: the event rules' matcher and construction handlers.

A layer imports only from itself and the ones above it in this list (``tests/system/test_hygiene.py``).
:mod:`kg.extract.groups` reads both people and the events' grammar of lists: the members a list names for a group.
"""
