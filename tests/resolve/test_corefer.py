"""Cross-document event identity: one node per real event across articles, named by the
event alone (its class and targets), with one report per article."""

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
    # what one article says cannot decide another's node: reports that give other dates or other
    # agents report the same event (their reports keep what each says; a shape warns of two dates)
    (_ev(agents=[SPEAKER], when=date(2024, 3, 12)), _ev(agents=[SPEAKER], when=date(2024, 3, 13)), True),
    (_ev(agents=[SPEAKER]), _ev(agents=[OTHER]), True),
    (_ev(targets=[MEMBER]), _ev(targets=[OTHER]), False),                               # different targets
    (_ev(cls="Ejection"), _ev(cls="Accusation"), False),                                # different classes
])
def test_corefer_same_event(a, b, same):
    keys = event_keys([("d1", [a]), ("d2", [b])], _key)
    assert (keys[id(a)] == keys[id(b)]) is same


def test_corefer_skips_claims_and_targetless_events():
    claim, bare = _ev(modality="Attempted"), _ev(targets=())
    assert event_keys([("d1", [claim, bare])], _key) == {}


def test_corefer_one_article_two_agents_are_two_events():
    """'The Speaker ejected X', later 'the Deputy Speaker ejected X' in one article: two events."""
    a, b, c = _ev(agents=[SPEAKER]), _ev(agents=[OTHER], i=5), _ev(agents=[], i=9)
    keys = event_keys([("d1", [a, b, c])], _key)
    assert keys[id(a)] != keys[id(b)]
    assert keys[id(c)] == keys[id(a)]  # naming no one contradicts no one
    # and the first event's key is the one another article gets alone
    alone = _ev(agents=[SPEAKER])
    assert event_keys([("d2", [alone])], _key)[id(alone)] == keys[id(a)]


def test_corefer_key_does_not_depend_on_the_other_articles():
    a = _ev(agents=[SPEAKER], when=date(2024, 3, 12))
    others = [("d0", [_ev(agents=[], targets=[MEMBER]), _ev(cls="Accusation", agents=[OTHER])]), ("d1", [a])]
    assert event_keys([("d1", [a])], _key)[id(a)] == event_keys(others, _key)[id(a)]


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
    reports = set(g.subjects(KG.reportOf, next(iter(ejections))))
    assert len({g.value(r, KG.sourceDocument) for r in reports}) == len(reports) == 2
    # each report says what its article says: only a.md names the Speaker
    named = {str(g.value(r, KG.sourceDocument)).rsplit("/", 1)[-1]: {str(a).rsplit("/", 1)[-1]
                                                                     for a in g.objects(r, KG.reportedAgent)}
             for r in reports}
    assert named == {"a": {"ana-lopes"}, "b": set()}, named


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
    reports = set(g.subjects(KG.reportOf, next(iter(ejections))))
    assert len({g.value(r, KG.sourceDocument) for r in reports}) == len(reports) == 3


@pytest.mark.model
def test_corefer_an_article_alone_and_in_the_corpus_has_the_same_event_iris(tmp_path):
    """Issue 16: a published link to an event must not break when an article is added."""
    import shutil

    from kg.engine.pipeline import build
    from tests.conftest import shared_or_skip

    seeds = shared_or_skip("seeds")
    first = sorted(p for p in seeds.iterdir() if p.suffix in {".md", ".txt", ".html"})[0]
    alone_dir = tmp_path / "alone"
    alone_dir.mkdir()
    shutil.copy(first, alone_dir / first.name)

    def events(ds, doc_name=None) -> set:
        out = set()
        for g in ds.graphs():
            if doc_name is not None and not str(g.identifier).endswith("/" + doc_name):
                continue
            out |= {e for e in g.subjects(rdflib.RDF.type, None) if str(e).startswith(
                "https://w3id.org/kg-news/id/event/") and (e, KG.modality, KG.Asserted) in g}
        return out

    alone = events(build([alone_dir]))
    together = events(build([seeds]), doc_name=first.stem)
    assert alone and alone == together
