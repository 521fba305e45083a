"""What a build keeps of one parsed article: the typed hand-off from the analysis to the corpus step.

A :class:`DocumentRecord` is what :func:`kg.engine.pipeline.analyse` found in a document
(:func:`kg.engine.pipeline.record_of` makes it), without the spaCy parse and without the text:
its entities (:class:`EntityRecord`), its events (:class:`EventRecord`, their agents and targets
as :class:`ArgumentRecord`) and its sentences' offsets. Entities, roles, arguments and post authors refer to each other by their **index in the
record**, never by object identity, so a record is small (a few kilobytes), means the same
in any process, and is what every engine moves around: the workers send it to the build, the
Dask workers keep it between the stages, and the cache (:mod:`kg.engine.cache`) stores it with
its document (:func:`kg.engine.record_json.dumps`, :func:`~kg.engine.record_json.loads`) as JSON: data, never code (a cache entry planted in
the output folder is read as lists of strings and numbers, checked field by field; a pickle
would run whatever it names).

:meth:`EventRecord.event` turns an event back into a :class:`kg.model.Event` whose mentions carry
the entities given (the corpus entities, once the corpus step has run), for the mapping.
"""

from __future__ import annotations

import datetime
from collections.abc import Sequence
from dataclasses import dataclass

from kg.model import Entity, Event, Mention, printable

__all__ = ["ArgumentRecord", "DocumentRecord", "EntityRecord", "EventRecord", "Failed", "failed"]


class _Record:
    """Pickled as its class and its fields' values: a frozen dataclass of slots otherwise unpickles
    through a Python ``__setstate__``, twice as slow (a re-run loads every document's record)."""

    __slots__ = ()

    def __reduce__(self):
        return type(self), tuple(getattr(self, name) for name in self.__slots__)


@dataclass(frozen=True, slots=True)
class EntityRecord(_Record):
    """One entity of a document (:class:`kg.model.Entity` without object references).

    ``roles`` are (role, index of the other entity in :attr:`DocumentRecord.entities`), sorted.
    """

    kind: str
    name: str
    key: str
    aliases: tuple[str, ...]
    names: frozenset[str]
    roles: tuple[tuple[str, int], ...]


@dataclass(frozen=True, slots=True)
class ArgumentRecord(_Record):
    """An event's agent or target: the mention (paragraph, token span, kind, name, head, key) and
    the index of its entity in :attr:`DocumentRecord.entities` (None: the mention has none)."""

    para: int
    start: int
    end: int
    kind: str
    name: str
    head: int
    key: str | None
    entity: int | None

    def mention(self, entities: Sequence[Entity]) -> Mention:
        """The :class:`kg.model.Mention`, its entity taken from ``entities`` (indexed as the record's)."""
        entity = None if self.entity is None else entities[self.entity]
        return Mention(self.para, self.start, self.end, self.kind, self.name, self.head, key=self.key, entity=entity)


@dataclass(frozen=True, slots=True)
class EventRecord(_Record):
    """One event of a document (:class:`kg.model.Event`), with its sentence's number (1-based, 0: none)."""

    cls: str
    rule: str
    trigger: str
    para: int
    trigger_index: int
    sentence: tuple[int, int]
    sentence_no: int
    agents: tuple[ArgumentRecord, ...]
    targets: tuple[ArgumentRecord, ...]
    charge: str | None
    modality: str
    confidence: float
    date: datetime.date | None
    quote: str | None
    quote_span: tuple[int, int] | None

    @property
    def asserted(self) -> bool:
        return self.modality == "Asserted"

    def agent_entities(self) -> list[int]:
        """The entity indices of the agents that have an entity, in order."""
        return [a.entity for a in self.agents if a.entity is not None]

    def target_entities(self) -> list[int]:
        """The entity indices of the targets that have an entity, in order."""
        return [t.entity for t in self.targets if t.entity is not None]

    def event(self, entities: Sequence[Entity]) -> Event:
        """The :class:`kg.model.Event`, its mentions carrying ``entities[i]`` for entity index ``i``."""
        return Event(
            cls=self.cls,
            rule=self.rule,
            trigger=self.trigger,
            para=self.para,
            trigger_index=self.trigger_index,
            sentence=self.sentence,
            agents=[a.mention(entities) for a in self.agents],
            targets=[t.mention(entities) for t in self.targets],
            charge=self.charge,
            modality=self.modality,
            confidence=self.confidence,
            date=self.date,
            quote=self.quote,
            quote_span=self.quote_span,
        )


@dataclass(frozen=True, slots=True)
class DocumentRecord(_Record):
    """What the corpus step and the mapping need of one parsed document, besides the document itself.

    ``post_authors`` are (embed index, entity index of its author).
    """

    id: str
    entities: tuple[EntityRecord, ...]
    events: tuple[EventRecord, ...]
    sentences: tuple[tuple[int, int], ...]  # sentence offsets in text order
    post_authors: tuple[tuple[int, int], ...]


@dataclass(frozen=True)
class Failed:
    """A document the engine could not analyse or map: why, in one line. Never cached; the build
    skips the document and says so (every engine the same way)."""

    reason: str


def failed(stage: str, err: BaseException) -> Failed:
    """The :class:`Failed` of a document whose ``stage`` ("parse", "analysis", "mapping") raised ``err``:
    a bug of kg's, said in one line (the exception's type and message, shortened)."""
    message = " ".join(str(err).split())
    message = message if len(message) <= 200 else message[:197] + "..."
    return Failed(
        printable(
            f"its {stage} failed ({type(err).__name__}{': ' if message else ''}{message}); "
            "please report it (KG_DEBUG=1 shows where)"
        )
    )
