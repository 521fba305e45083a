"""What a build keeps of one parsed article: the typed hand-off from the analysis to the corpus step.

A :class:`DocumentRecord` is what :func:`kg.engine.pipeline.analyse` found in a document
(:func:`kg.engine.pipeline.record_of` makes it), without the spaCy parse and without the text:
its entities (:class:`EntityRecord`), its events (:class:`EventRecord`, their agents and targets
as :class:`ArgumentRecord`) and its sentences' offsets. Entities, roles, arguments and post authors refer to each other by their **index in the
record**, never by object identity, so a record is small (a few kilobytes), means the same
in any process, and is what every engine moves around: the workers send it to the build, the
Dask workers keep it between the stages, and the cache (:mod:`kg.engine.cache`) stores it with
its document (:func:`dumps`, :func:`loads`) as JSON: data, never code (a cache entry planted in
the output folder is read as lists of strings and numbers, checked field by field; a pickle
would run whatever it names).

:meth:`EventRecord.event` turns an event back into a :class:`kg.model.Event` whose mentions carry
the entities given (the corpus entities, once the corpus step has run), for the mapping.
"""

from __future__ import annotations

import datetime
import hashlib
import json
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date
from pathlib import Path
from typing import Literal, overload

from kg.ingest.documents import Document, Embed
from kg.model import Entity, Event, Mention, printable

__all__ = ["ArgumentRecord", "DocumentRecord", "EntityRecord", "EventRecord", "Failed", "dumps", "failed", "loads"]


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
        return Event(cls=self.cls, rule=self.rule, trigger=self.trigger, para=self.para,
                     trigger_index=self.trigger_index, sentence=self.sentence,
                     agents=[a.mention(entities) for a in self.agents],
                     targets=[t.mention(entities) for t in self.targets], charge=self.charge,
                     modality=self.modality, confidence=self.confidence, date=self.date, quote=self.quote,
                     quote_span=self.quote_span)


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
    return Failed(printable(f"its {stage} failed ({type(err).__name__}{': ' if message else ''}{message}); "
                            "please report it (KG_DEBUG=1 shows where)"))


#: the version of the cache entry's layout (a change makes every old entry a miss)
ENTRY_FORMAT = 2
#: the digest that begins an entry, of the JSON after it: a damaged entry (a bit flipped on disk) is a miss,
#: never a record that reads as valid JSON with another number or letter in it
_DIGEST = 32


def _digest(data: bytes | memoryview) -> bytes:
    return hashlib.blake2b(data, digest_size=_DIGEST // 2).hexdigest().encode("ascii")


def _day(value) -> str | None:
    return None if value is None else value.isoformat()


def dumps(document: Document, record: DocumentRecord) -> bytes:
    """A cache entry: the digest of its JSON, a space, and the JSON of the document and its record (fields by
    position, see :func:`loads`)."""
    doc = [document.id, document.text, None if document.path is None else str(document.path), document.title,
           document.url, _day(document.published), document.outlet,
           [[e.start, e.end, e.body_end, e.author, e.handle, _day(e.published)] for e in document.embeds],
           list(document.notes), document.source]

    def arg(a: ArgumentRecord) -> list:
        return [a.para, a.start, a.end, a.kind, a.name, a.head, a.key, a.entity]

    rec = [record.id,
           [[e.kind, e.name, e.key, list(e.aliases), sorted(e.names), [list(r) for r in e.roles]]
            for e in record.entities],
           [[v.cls, v.rule, v.trigger, v.para, v.trigger_index, list(v.sentence), v.sentence_no,
             [arg(a) for a in v.agents], [arg(t) for t in v.targets], v.charge, v.modality, v.confidence,
             _day(v.date), v.quote, None if v.quote_span is None else list(v.quote_span)] for v in record.events],
           [list(s) for s in record.sentences], [list(p) for p in record.post_authors]]
    data = json.dumps([ENTRY_FORMAT, doc, rec], ensure_ascii=False, separators=(",", ":")).encode("utf-8")
    return _digest(data) + b" " + data


class _Bad(ValueError):
    """A cache entry that is not what :func:`dumps` writes."""


def _check(value, kind, optional: bool = False):
    """``value`` if it is of ``kind`` (None too, when ``optional``); else the entry is refused."""
    if value is None and optional:
        return None
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise _Bad(f"{value!r} is not {kind}")
    return value


# the checks of the fields read most (a re-run and the mapping read every record), each one call, by
# exact type (JSON gives exactly str, int, list; ``type(True) is int`` is false)


@overload
def _str(value, optional: Literal[False] = False) -> str: ...
@overload
def _str(value, optional: bool) -> str | None: ...
def _str(value, optional: bool = False) -> str | None:
    if type(value) is str or (value is None and optional):
        return value
    raise _Bad(f"{value!r} is not a string")


@overload
def _int(value, optional: Literal[False] = False) -> int: ...
@overload
def _int(value, optional: bool) -> int | None: ...
def _int(value, optional: bool = False) -> int | None:
    if type(value) is int or (value is None and optional):
        return value
    raise _Bad(f"{value!r} is not an integer")


def _list(value) -> list:
    if type(value) is list:
        return value
    raise _Bad(f"{value!r} is not a list")


@overload
def _pair(value, optional: Literal[False] = False) -> tuple[int, int]: ...
@overload
def _pair(value, optional: bool) -> tuple[int, int] | None: ...
def _pair(value, optional: bool = False) -> tuple[int, int] | None:
    if value is None and optional:
        return None
    if type(value) is list and len(value) == 2 and type(value[0]) is int and type(value[1]) is int:
        return value[0], value[1]
    raise _Bad(f"{value!r} is not a pair of integers")


def _date(value) -> date | None:
    return None if value is None else date.fromisoformat(_str(value))


def _strs(value) -> tuple[str, ...]:
    if type(value) is list and all(type(v) is str for v in value):
        return tuple(value)
    raise _Bad(f"{value!r} is not a list of strings")


def _document(fields) -> Document:
    doc_id, text, path, title, url, published, outlet, embeds, notes, source = _list(fields)
    source = _str(source, True)
    if source is not None and len(source) != len(_str(text)):
        raise ValueError("the text as written is not as long as the text")  # offsets must hold in both
    return Document(_str(doc_id), _str(text), None if path is None else Path(_str(path)), _str(title, True),
                    _str(url, True), _date(published), _str(outlet, True),
                    tuple(Embed(_int(s), _int(e), _int(b), _str(a), _str(h, True), _date(p))
                          for s, e, b, a, h, p in _list(embeds)), _strs(notes), source)


def _argument(fields) -> ArgumentRecord:
    para, start, end, kind, name, head, key, entity = _list(fields)
    return ArgumentRecord(_int(para), _int(start), _int(end), _str(kind), _str(name), _int(head), _str(key, True),
                          _int(entity, True))


def _event(fields) -> EventRecord:
    (cls, rule, trigger, para, trigger_index, sentence, sentence_no, agents, targets, charge, modality, confidence,
     day, quote, quote_span) = _list(fields)
    return EventRecord(_str(cls), _str(rule), _str(trigger), _int(para), _int(trigger_index), _pair(sentence),
                       _int(sentence_no), tuple(map(_argument, _list(agents))),
                       tuple(map(_argument, _list(targets))), _str(charge, True), _str(modality),
                       float(_check(confidence, (int, float))), _date(day), _str(quote, True),
                       _pair(quote_span, True))


def _record(fields) -> DocumentRecord:
    doc_id, entities, events, sentences, authors = _list(fields)
    return DocumentRecord(
        _str(doc_id),
        tuple(EntityRecord(_str(kind), _str(name), _str(key), _strs(aliases), frozenset(_strs(names)),
                           tuple((_str(role), _int(other)) for role, other in _list(roles)))
              for kind, name, key, aliases, names, roles in _list(entities)),
        tuple(map(_event, _list(events))), tuple(map(_pair, _list(sentences))),
        tuple(map(_pair, _list(authors))))


def loads(data: bytes | None, doc_id: str) -> tuple[Document, DocumentRecord] | None:
    """The document and record of a cache entry of the document ``doc_id``; None for a missing,
    damaged or foreign entry (a miss, never an error). The entry is its digest and JSON, read as data
    only: a digest that does not match (a flipped bit) or a field of the wrong type makes it a miss."""
    if data is None or len(data) <= _DIGEST or data[_DIGEST:_DIGEST + 1] != b" ":
        return None
    body = memoryview(data)[_DIGEST + 1:]
    if _digest(body) != data[:_DIGEST]:  # damaged
        return None
    try:
        version, doc, rec = json.loads(body.tobytes())
        if version != ENTRY_FORMAT:
            return None
        document, record = _document(doc), _record(rec)
    except (ValueError, TypeError, RecursionError):  # malformed JSON, wrong shape or types: a miss
        return None
    if record.id != doc_id or document.id != doc_id:
        return None
    return document, record
