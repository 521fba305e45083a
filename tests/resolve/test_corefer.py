"""Cross-document event coreference: one node per real event across articles."""

from __future__ import annotations

from datetime import date

import pytest
import rdflib

from kg.resolve.corefer import event_keys
from kg.model import Entity, Event, Mention

KG = rdflib.Namespace("https://w3id.org/kg-news/ont#")
SPEAKER, MEMBER, OTHER = (Entity("Person", n, key=n) for n in ("speaker", "member", "other"))


def _ev(cls="Ejection", agents=(), targets=(MEMBER,), when=None, modality="Asserted", i=0):
    m = lambda e: Mention(0, 0, 1, "Person", e.name, 0, entity=e)  # noqa: E731
    return Event(cls, "r", "t", 0, i, (0, 1), agents=[m(a) for a in agents], targets=[m(t) for t in targets],
                 modality=modality, date=when)


def _key(e):
    return {id(SPEAKER): "speaker", id(MEMBER): "member", id(OTHER): "other"}[e]


@pytest.mark.parametrize("a,b,same", [
    (_ev(agents=[SPEAKER], when=date(2024, 3, 12)), _ev(agents=[SPEAKER], when=date(2024, 3, 12)), True),
    (_ev(agents=[SPEAKER]), _ev(agents=[SPEAKER], when=date(2024, 3, 12)), True),      # one undated
    (_ev(agents=[], when=date(2024, 3, 12)), _ev(agents=[SPEAKER], when=date(2024, 3, 12)), True),  # agent unnamed
    (_ev(agents=[SPEAKER], when=date(2024, 3, 12)), _ev(agents=[SPEAKER], when=date(2024, 3, 13)), False),
    (_ev(agents=[SPEAKER]), _ev(agents=[OTHER]), False),                                # different agents
    (_ev(targets=[MEMBER]), _ev(targets=[OTHER]), False),                               # different targets
    (_ev(cls="Ejection"), _ev(cls="Accusation"), False),                                # different classes
])
def test_corefer_same_event(a, b, same):
    keys = event_keys([("d1", [a]), ("d2", [b])], _key)
    assert (keys[id(a)] == keys[id(b)]) is same


def test_corefer_skips_claims_and_targetless_events():
    claim, bare = _ev(modality="Attempted"), _ev(targets=())
    assert event_keys([("d1", [claim, bare])], _key) == {}


def test_corefer_keys_are_stable():
    a, b = _ev(agents=[SPEAKER]), _ev(agents=[SPEAKER])
    assert event_keys([("d1", [a])], _key)[id(a)] == event_keys([("d1", [b])], _key)[id(b)]


@pytest.mark.model
def test_corefer_two_articles_one_ejection_node(tmp_path):
    from kg.engine.pipeline import build

    (tmp_path / "a.md").write_text("---\npublished: 2024-03-14\n---\n\nSpeaker Ana Lopes ejected MP Tom Reyes "
                                   "on Tuesday after he called Housing Minister Rui Costa a liar.\n", encoding="utf-8")
    (tmp_path / "b.md").write_text("---\npublished: 2024-03-15\n---\n\nMP Tom Reyes was thrown out of the chamber "
                                   "on Tuesday.\n", encoding="utf-8")
    ds = build([tmp_path])
    g = rdflib.Graph()
    for s, p, o, _ in ds.quads((None, None, None, None)):
        g.add((s, p, o))
    ejections = set(g.subjects(rdflib.RDF.type, KG.Ejection))
    assert len(ejections) == 1
    assert len(set(g.objects(next(iter(ejections)), KG.sourceDocument))) == 2


@pytest.mark.model
def test_corefer_seed_ejection_is_one_node():
    from kg.engine.pipeline import build
    from tests.conftest import shared_or_skip

    ds = build([shared_or_skip("seeds")])
    g = rdflib.Graph()
    for s, p, o, _ in ds.quads((None, None, None, None)):
        g.add((s, p, o))
    ejections = set(g.subjects(rdflib.RDF.type, KG.Ejection))
    assert len(ejections) == 1
    assert len(set(g.objects(next(iter(ejections)), KG.sourceDocument))) == 3
