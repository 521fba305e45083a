"""Stage 3, extract: mentions (people, parties, offices, motions), events and quotes of a parsed document,
driven by the rules of ``ontology/lexicon/``.

Mentions: :mod:`~kg.extract.mentions` (entry points) over :mod:`~kg.extract.finder`,
:mod:`~kg.extract.organisations`, :mod:`~kg.extract.people`, :mod:`~kg.extract.roles` and
:mod:`~kg.extract.spelling`. Events: :mod:`~kg.extract.events` (the matcher) runs the handlers
that :mod:`~kg.extract.rules` registers for each construction key (:mod:`~kg.extract.arguments`,
:mod:`~kg.extract.charges`, :mod:`~kg.extract.modality`, :mod:`~kg.extract.discourse`), then adds
:mod:`~kg.extract.quotes` and dates events (:mod:`~kg.extract.dates`, :mod:`~kg.extract.timex`).
"""
