"""What a build keeps of one parsed article: the hand-off from the workers to the corpus step.

An :class:`Analysis` is what :func:`kg.engine.pipeline.analyse` found, without the spaCy parse: the
document, its entities, its events (their agents and targets as mentions that carry only
their entity) and its sentences' offsets. Workers send it pickled (a few kilobytes), and the
cache (:mod:`kg.engine.cache`) keeps it, keyed by the article's content and this module's code.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass

from kg.ingest.documents import Document
from kg.model import Entity, Event, Mention


@dataclass
class Analysis:
    """What the corpus step and the mapping need of one parsed document (no spaCy objects).

    ``events`` keep their agents and targets as mentions that carry only their entity.
    """

    document: Document
    entities: list[Entity]
    events: list[Event]
    sentences: list[tuple[int, int]]  # sentence offsets in text order
    post_authors: dict[int, Entity]


def _stub(m: Mention) -> Mention:
    return Mention(m.para, m.start, m.end, m.kind, m.name, m.head, key=m.key, entity=m.entity)


def reduce(a) -> Analysis:
    """The :class:`Analysis` of a :class:`kg.engine.pipeline._Analysed` (drops the parses)."""
    sentences = [(p.start + s.start_char, p.start + s.end_char) for p in a.paragraphs for s in p.doc.sents]
    events = []
    for ev in a.events:
        ev = copy.copy(ev)
        ev.agents = [_stub(m) for m in ev.agents]
        ev.targets = [_stub(m) for m in ev.targets]
        events.append(ev)
    return Analysis(a.document, a.entities, events, sentences, a.post_authors)
