"""The per-document record (kg.engine.record, made by kg.engine.pipeline.record_of): entities, roles,
arguments and post authors by index; a cache entry round trip; events rebuilt for the mapping.

Parses are built by hand (no model); all names are invented.
"""

from __future__ import annotations

import datetime
import json
import pickle
from types import SimpleNamespace

import pytest

from kg.engine.pipeline import record_of
from kg.engine.record import DocumentRecord
from kg.engine.record_json import dumps, loads
from kg.ingest.documents import from_text
from kg.model import Entity, Event, Mention

TEXT = "Speaker Ana Lopes ejected Tom Reyes. Reyes left."


def _analysed(doc_id: str = "d1"):
    """An analysis of TEXT as kg.engine.pipeline.analyse would return it, parse stubbed."""
    ana = Entity(kind="Person", name="Ana Lopes", key="ana lopes", names={"Ana Lopes"})
    tom = Entity(kind="Person", name="Tom Reyes", key="tom reyes", names={"Tom Reyes", "Reyes"})
    party = Entity(kind="PoliticalParty", name="Progress Party", key="progress party")
    speaker = Entity(kind="Office", name="Speaker", key="speaker")
    ana.roles = {("holdsOffice", speaker)}
    tom.roles = {("memberOf", party)}  # the party is not in the document's list: the record adds it
    ejection = Event(cls="Ejection", rule="ejection.verb", trigger="ejected", para=0, trigger_index=3,
                     sentence=(0, 36), agents=[Mention(0, 1, 3, "Person", "Ana Lopes", 2, entity=ana)],
                     targets=[Mention(0, 4, 6, "Person", "Tom Reyes", 5, entity=tom),
                              Mention(0, 6, 7, "Description", "someone", 6)],
                     date=datetime.date(2024, 3, 12))
    left = Event(cls="Statement", rule="statement.verb", trigger="left", para=0, trigger_index=9,
                 sentence=(37, 49), agents=[Mention(0, 8, 9, "Person", "Reyes", 8, entity=tom)], modality="Negated",
                 quote="left", quote_span=(43, 47))
    sents = [SimpleNamespace(start_char=0, end_char=36), SimpleNamespace(start_char=37, end_char=49)]
    document = from_text(TEXT, id=doc_id)
    # (a paragraph as record_of reads it: its offset and its sentences, kg.nlp.parse.Paragraph.sents)
    return SimpleNamespace(document=document, paragraphs=[SimpleNamespace(start=0, sents=sents)],
                           entities=[ana, tom, speaker], events=[ejection, left], post_authors={0: tom})


def test_record_refers_by_index_within_the_record():
    record = record_of(_analysed())
    names = [e.name for e in record.entities]
    assert names == ["Ana Lopes", "Tom Reyes", "Speaker", "Progress Party"]  # the role's object added last
    assert record.entities[0].roles == (("holdsOffice", 2),)
    assert record.entities[1].roles == (("memberOf", 3),)
    ejection, statement = record.events
    assert ejection.agent_entities() == [0] and ejection.target_entities() == [1]
    assert [t.entity for t in ejection.targets] == [1, None]  # a mention without an entity is kept
    assert (ejection.sentence_no, statement.sentence_no) == (1, 2)
    assert record.post_authors == ((0, 1),)
    assert record.sentences == ((0, 36), (37, 49))
    assert not statement.asserted and ejection.asserted


def test_record_event_gives_the_event_back_with_the_entities_given():
    analysed = _analysed()
    record = record_of(analysed)
    corpus = [Entity(kind=e.kind, name=e.name.upper(), key=e.key) for e in record.entities]
    for original, ev in zip(analysed.events, record.events):
        rebuilt = ev.event(corpus)
        for name in ("cls", "rule", "trigger", "para", "trigger_index", "sentence", "charge", "modality",
                     "confidence", "date", "quote", "quote_span"):
            assert getattr(rebuilt, name) == getattr(original, name), name
        for got, want in zip(rebuilt.agents + rebuilt.targets, original.agents + original.targets):
            assert (got.para, got.start, got.end, got.kind, got.name, got.head, got.key) == \
                   (want.para, want.start, want.end, want.kind, want.name, want.head, want.key)
            assert (got.entity is None) == (want.entity is None)
            if got.entity is not None:
                assert got.entity.name == want.entity.name.upper()  # the corpus entity given


def test_record_cache_entry_round_trip_and_misses():
    analysed = _analysed()
    record = record_of(analysed)
    data = dumps(analysed.document, record)
    document, again = loads(data, "d1")
    assert again == record and document == analysed.document
    assert isinstance(again, DocumentRecord)
    assert loads(data, "another") is None  # an entry of another document
    assert loads(b"not json", "d1") is None and loads(None, "d1") is None
    assert loads(pickle.dumps((analysed.document, record)), "d1") is None  # a pickle is never read


class _Planted:
    """What a planted pickle runs when it is unpickled: it leaves a file behind."""

    def __init__(self, marker: str):
        self.marker = marker

    def __reduce__(self):
        return (open, (self.marker, "w"))


def test_record_cache_entry_is_data_not_code(tmp_path):
    """Issue 17: a pickle planted as a cache entry ran code on the next build; an entry is JSON now."""
    marker = tmp_path / "ran"
    assert loads(pickle.dumps(_Planted(str(marker))), "d1") is None
    assert not marker.exists()
    data = dumps(*(lambda a: (a.document, record_of(a)))(_analysed()))
    assert data[33:].startswith(b"[") and json.loads(data[33:])[0] == 2


def _sealed(entry) -> bytes:
    """An entry as :func:`dumps` lays it out: the BLAKE2b digest (16 bytes, hex) of the JSON, a space, the JSON."""
    import hashlib

    data = json.dumps(entry).encode()
    return hashlib.blake2b(data, digest_size=16).hexdigest().encode() + b" " + data


def test_record_cache_entry_with_a_bit_flipped_is_a_miss():
    """Issue 36: a bit flipped in a pack gave valid JSON with another number or letter in it (an offset, a
    name), read as the record; every entry carries the digest of its JSON, and any one bit flipped is a miss."""
    analysed = _analysed()
    data = dumps(analysed.document, record_of(analysed))
    assert loads(_sealed(json.loads(data[33:])), "d1") is not None  # the layout the test seals with
    for byte in range(len(data)):
        for bit in range(8):
            flipped = bytearray(data)
            flipped[byte] ^= 1 << bit
            assert loads(bytes(flipped), "d1") is None, (byte, bit)


@pytest.mark.parametrize("damage", [
    lambda e: e[2].__setitem__(0, 7),                        # an id that is no string
    lambda e: e[2][1][0].__setitem__(5, "not a list"),       # roles
    lambda e: e[2][2][0].__setitem__(3, True),               # a paragraph number that is a bool
    lambda e: e[2][2][0].__setitem__(12, "March twelfth"),   # a date that is no ISO date
    lambda e: e[1].pop(),                                    # a field short
    lambda e: e.__setitem__(0, 99),                          # another entry format
])
def test_record_cache_entry_of_the_wrong_shape_is_a_miss(damage):
    analysed = _analysed()
    entry = json.loads(dumps(analysed.document, record_of(analysed))[33:])
    damage(entry)
    assert loads(_sealed(entry), "d1") is None


def test_record_is_immutable():
    record = record_of(_analysed())
    with pytest.raises(AttributeError):
        record.entities[0].name = "someone else"
