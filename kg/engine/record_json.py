"""A document and its :class:`~kg.engine.record.DocumentRecord` as one cache entry (:func:`dumps`) and back
(:func:`loads`): JSON, data and never code, behind a digest, each field checked as it is read back (a damaged or
planted entry is a miss, never a record)."""

from __future__ import annotations

import hashlib
import json
from datetime import date
from pathlib import Path
from typing import Literal, overload

from kg.engine.record import ArgumentRecord, DocumentRecord, EntityRecord, EventRecord
from kg.ingest.documents import Document, Embed

__all__ = ["ENTRY_FORMAT", "dumps", "loads"]


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
    doc = [
        document.id,
        document.text,
        None if document.path is None else str(document.path),
        document.title,
        document.url,
        _day(document.published),
        document.outlet,
        [[e.start, e.end, e.body_end, e.author, e.handle, _day(e.published)] for e in document.embeds],
        list(document.notes),
        document.source,
    ]

    def arg(a: ArgumentRecord) -> list:
        return [a.para, a.start, a.end, a.kind, a.name, a.head, a.key, a.entity]

    rec = [
        record.id,
        [
            [e.kind, e.name, e.key, list(e.aliases), sorted(e.names), [list(r) for r in e.roles]]
            for e in record.entities
        ],
        [
            [
                v.cls,
                v.rule,
                v.trigger,
                v.para,
                v.trigger_index,
                list(v.sentence),
                v.sentence_no,
                [arg(a) for a in v.agents],
                [arg(t) for t in v.targets],
                v.charge,
                v.modality,
                v.confidence,
                _day(v.date),
                v.quote,
                None if v.quote_span is None else list(v.quote_span),
            ]
            for v in record.events
        ],
        [list(s) for s in record.sentences],
        [list(p) for p in record.post_authors],
    ]
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
    return Document(
        _str(doc_id),
        _str(text),
        None if path is None else Path(_str(path)),
        _str(title, True),
        _str(url, True),
        _date(published),
        _str(outlet, True),
        tuple(Embed(_int(s), _int(e), _int(b), _str(a), _str(h, True), _date(p)) for s, e, b, a, h, p in _list(embeds)),
        _strs(notes),
        source,
    )


def _argument(fields) -> ArgumentRecord:
    para, start, end, kind, name, head, key, entity = _list(fields)
    return ArgumentRecord(
        _int(para), _int(start), _int(end), _str(kind), _str(name), _int(head), _str(key, True), _int(entity, True)
    )


def _event(fields) -> EventRecord:
    (
        cls,
        rule,
        trigger,
        para,
        trigger_index,
        sentence,
        sentence_no,
        agents,
        targets,
        charge,
        modality,
        confidence,
        day,
        quote,
        quote_span,
    ) = _list(fields)
    return EventRecord(
        _str(cls),
        _str(rule),
        _str(trigger),
        _int(para),
        _int(trigger_index),
        _pair(sentence),
        _int(sentence_no),
        tuple(map(_argument, _list(agents))),
        tuple(map(_argument, _list(targets))),
        _str(charge, True),
        _str(modality),
        float(_check(confidence, (int, float))),
        _date(day),
        _str(quote, True),
        _pair(quote_span, True),
    )


def _record(fields) -> DocumentRecord:
    doc_id, entities, events, sentences, authors = _list(fields)
    return DocumentRecord(
        _str(doc_id),
        tuple(
            EntityRecord(
                _str(kind),
                _str(name),
                _str(key),
                _strs(aliases),
                frozenset(_strs(names)),
                tuple((_str(role), _int(other)) for role, other in _list(roles)),
            )
            for kind, name, key, aliases, names, roles in _list(entities)
        ),
        tuple(map(_event, _list(events))),
        tuple(map(_pair, _list(sentences))),
        tuple(map(_pair, _list(authors))),
    )


def loads(data: bytes | None, doc_id: str) -> tuple[Document, DocumentRecord] | None:
    """The document and record of a cache entry of the document ``doc_id``; None for a missing,
    damaged or foreign entry (a miss, never an error). The entry is its digest and JSON, read as data
    only: a digest that does not match (a flipped bit) or a field of the wrong type makes it a miss."""
    if data is None or len(data) <= _DIGEST or data[_DIGEST : _DIGEST + 1] != b" ":
        return None
    body = memoryview(data)[_DIGEST + 1 :]
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
