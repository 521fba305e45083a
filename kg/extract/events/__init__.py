"""Extract, events: the matcher (:mod:`~kg.extract.events.matcher`) runs the rules of
``ontology/lexicon/events.json`` over a parsed document, through the construction handlers that
:mod:`~kg.extract.events.rules` registers for each rule key: what must be around the trigger
(:mod:`~kg.extract.events.around`), where the arguments are (:mod:`~kg.extract.events.arguments`, :mod:`~kg.extract.events.targets`, :mod:`~kg.extract.events.agents`,
:mod:`~kg.extract.events.charges`, :mod:`~kg.extract.events.quoted_charges`,
:mod:`~kg.extract.events.formulas`, :mod:`~kg.extract.events.participles`; the rows of a list under a heading:
:mod:`~kg.extract.events.lists`), whether it is asserted (:mod:`~kg.extract.events.modality`),
the context and discourse it needs (:mod:`~kg.extract.events.domain`,
:mod:`~kg.extract.events.discourse`).
"""
