"""The corpus step (kg.engine.corpus) over records gives the resolve stage's answers: the entities of
kg.resolve.corpus.merge_corpus, the event keys of kg.resolve.corpus.event_keys; the facts name corpus
entities; a document describes only people, parties and organisations.

Invented names only.
"""

from __future__ import annotations

import random
from types import SimpleNamespace

import pytest

from kg.engine import corpus as step
from kg.engine.pipeline import record_of
from kg.model import Entity, Event, Mention, fold
from kg.resolve import corpus as resolve_corpus
from tests.engine.test_jobs import random_corpus


def _records(documents: list[tuple[list[Entity], list[Event]]]):
    return [record_of(SimpleNamespace(document=SimpleNamespace(id=f"d{i:02d}"), entities=ents, events=events,
                                      post_authors={}, paragraphs=[]))
            for i, (ents, events) in enumerate(documents)]


def _describe(e: Entity) -> tuple:
    return (e.kind, e.key, e.name, tuple(sorted(e.names)), tuple(e.aliases),
            tuple(sorted((r, o.kind, o.key) for r, o in e.roles)))


@pytest.mark.parametrize("seed", range(10))
def test_corpus_merge_entities_is_merge_corpus(seed):
    documents = random_corpus(random.Random(seed))
    want = resolve_corpus.merge_corpus(documents)
    numbers, entities = step.merge_entities([r.entities for r in _records([(d, []) for d in documents])])
    for ents, row in zip(documents, numbers):
        assert [_describe(entities[n]) for n in row] == [_describe(want[id(e)]) for e in ents]
    # the same grouping: two local entities share a corpus entity in both or in neither
    flat = [e for ents in documents for e in ents]
    got = [n for row in numbers for n in row]
    for a in range(len(flat)):
        for b in range(a):
            assert (want[id(flat[a])] is want[id(flat[b])]) == (got[a] == got[b])
    assert len(entities) == len(set(got))


def _random_events(rng: random.Random):
    people = [Entity(kind="Person", name=n, key=fold(n)) for n in ("Ana Lopes", "Tom Reyes", "Rui Costa")]
    documents = []
    for _ in range(rng.randint(1, 8)):
        ents = [Entity(kind=p.kind, name=p.name, key=p.key) for p in people]  # each document its own entities

        def mention(e):
            return Mention(0, 0, 1, "Person", e.name, 0, entity=e)

        events = [Event(cls=rng.choice(["Accusation", "Ejection", "Statement"]), rule="r", trigger="t", para=0,
                        trigger_index=i, sentence=(0, 1),
                        agents=[mention(rng.choice(ents))] if rng.random() < 0.7 else [],
                        targets=[mention(e) for e in rng.sample(ents, rng.randint(0, 2))],
                        modality=rng.choice(["Asserted", "Asserted", "Negated"]),
                        date=rng.choice([None, "2024-03-14", "2024-03-15"]))
                  for i in range(rng.randint(0, 5))]
        documents.append((ents, events))
    return documents


@pytest.mark.parametrize("seed", range(10))
def test_corpus_event_keys_are_resolve_event_keys(seed):
    documents = _random_events(random.Random(seed))
    records = _records(documents)
    numbers, entities = step.merge_entities([r.entities for r in records])
    iri = lambda n: entities[n].key  # noqa: E731
    got = step.event_keys(records, numbers, entities, iri)
    # the reference: the resolve stage's function over the events, their mentions on the corpus entities
    mapping = resolve_corpus.merge_corpus([ents for ents, _ in documents])
    by_id = {id(c): c for c in mapping.values()}
    for _, events in documents:
        for ev in events:
            for m in ev.agents + ev.targets:
                m.entity = mapping[id(m.entity)]
    want = resolve_corpus.event_keys([(f"d{i:02d}", events) for i, (_, events) in enumerate(documents)],
                                     lambda eid: by_id[eid].key)
    assert [[want.get(id(ev)) for ev in events] for _, events in documents] == [list(k) for k in got]


def test_corpus_step_facts_name_the_corpus_entities_and_count_claims():
    ana_full = Entity(kind="Person", name="Ana Lopes", key="ana lopes")
    tom = Entity(kind="Person", name="Tom Reyes", key="tom reyes")
    ana = Entity(kind="Person", name="Lopes", key="lopes")  # joins the full name across documents
    ejected = Event(cls="Ejection", rule="r", trigger="ejected", para=0, trigger_index=1, sentence=(0, 9),
                    agents=[Mention(0, 0, 1, "Person", "Lopes", 0, entity=ana)],
                    targets=[Mention(0, 2, 3, "Person", "Tom Reyes", 2, entity=tom)])
    claimed = Event(cls="Accusation", rule="r", trigger="called", para=0, trigger_index=4, sentence=(0, 9),
                    modality="Negated")
    corpus = step.corpus_step(_records([([ana_full], []), ([ana, tom], [ejected, claimed])]), "https://example.org/")
    (fact,) = corpus.facts
    assert (fact.document, fact.cls, fact.agents, fact.targets) == ("d01", "Ejection", ["Ana Lopes"], ["Tom Reyes"])
    assert corpus.claims == 1
    assert [entities for entities in (corpus.links[0].corpus, corpus.links[1].corpus)] == [(0,), (0, 1)]
    assert all(links.signature == "" for links in corpus.links)  # none asked for


def test_corpus_described_kinds_once_each_by_kind_and_key():
    people = [Entity(kind="Person", name=n, key=fold(n)) for n in ("Tom Reyes", "Ana Lopes")]
    office = Entity(kind="Office", name="Speaker", key="speaker")
    party = Entity(kind="PoliticalParty", name="Green Party", key="green party")
    got = step.described([people[0], office, party, people[1], people[0]])
    assert [e.name for e in got] == ["Ana Lopes", "Tom Reyes", "Green Party"]
    assert step.DESCRIBED_KINDS == {"Person", "PoliticalParty", "Organization"}


def test_corpus_signature_follows_what_the_graph_shows():
    tom = Entity(kind="Person", name="Tom Reyes", key="tom reyes")
    records = _records([([tom], [])])
    numbers, entities = step.merge_entities([r.entities for r in records])
    links = step.Links(numbers[0], ())
    one = step.signature("head", records[0], links, entities)
    assert step.signature("head", records[0], links, entities) == one
    assert step.signature("other head", records[0], links, entities) != one
    entities[0].names.add("T. Reyes")  # another document gave the person another name
    assert step.signature("head", records[0], links, entities) != one
