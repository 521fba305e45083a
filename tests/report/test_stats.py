"""``kg stats`` (kg/stats.py, kg/cli_viz.py): counts checked against the graph itself, on the seed
graph and on small graphs written here."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest
import rdflib
from rdflib import RDF

from kg.cli.viz import register
from kg.report.source import open_source
from kg.report.stats import compute, ontology
from kg.ontology.vocab import NS
from tests.stores import opened
from tests.clirun import group_fixture, run

ROOT = Path(__file__).resolve().parents[2]
KG = rdflib.Namespace(NS)

#: two articles: one with an ejection, one with nothing extracted (a miss)
TWO_ARTICLES = """\
@prefix kg: <https://w3id.org/kg-news/ont#> .
@prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .
@prefix prov: <http://www.w3.org/ns/prov#> .
@prefix xsd: <http://www.w3.org/2001/XMLSchema#> .
@prefix nif: <http://persistence.uni-leipzig.org/nlp2rdf/ontologies/nif-core#> .
@prefix x: <https://example.org/id/> .

x:graph-a {
  x:graph-a prov:wasDerivedFrom x:doc-a .
  x:doc-a a kg:Document ; kg:title "Member ordered out" .
  x:ana a kg:Person ; rdfs:label "Ana Lopes" .
  x:tom a kg:Person ; rdfs:label "Tom Reyes" .
  x:ana kg:ejected x:tom .
  x:ej a kg:Ejection ; kg:agent x:ana ; kg:target x:tom ; kg:date "2024-03-12"^^xsd:date .
  x:ej-a a kg:Report ; kg:reportOf x:ej ; kg:sourceDocument x:doc-a ;
     kg:evidence <https://example.org/id/doc-a#char=0,40> .
  <https://example.org/id/doc-a#char=0,40> a kg:Sentence ; kg:inDocument x:doc-a ;
     nif:anchorOf "Speaker Ana Lopes ejected MP Tom Reyes." .
}
x:graph-b {
  x:graph-b prov:wasDerivedFrom x:doc-b .
  x:doc-b a kg:Document ; kg:title "Budget day" .
  x:tom a kg:Person ; rdfs:label "Tom Reyes" .
}
"""


kg = group_fixture(register)


@pytest.fixture
def two_articles(tmp_path) -> Path:
    path = tmp_path / "two.trig"
    path.write_text(TWO_ARTICLES, encoding="utf-8")
    return path


def _seed_dataset(seed) -> rdflib.Dataset:
    return rdflib.Dataset(default_union=True).parse(seed.trig, format="trig")


@pytest.mark.model
@pytest.mark.parametrize("cls", ["Person", "PoliticalParty", "Ejection", "Accusation", "Statement", "EventClaim",
                                 "Document", "Sentence"])
def test_stats_instances_per_class_match_the_graph(seed, cls):
    store, source = open_source([seed.trig])
    counts = dict(compute(store, source).classes)
    expected = len(set(_seed_dataset(seed).subjects(RDF.type, KG[cls], unique=True)))
    assert counts.get(NS + cls, 0) == expected


@pytest.mark.model
def test_stats_facts_per_document_match_the_stored_query(seed, seed_store):
    from kg.query.sparql import resolve, run_store

    with opened(seed_store, create=False, write=False) as store:
        rows = run_store(store, resolve("facts-per-document")).values()
        stats = compute(store, "store")
    assert {(d.iri, d.facts, d.claims) for d in stats.documents} == {(a, int(f), int(c)) for a, f, c in rows}
    assert all(d.triples and d.sentences for d in stats.documents)


@pytest.mark.model
def test_stats_top_entity_is_the_one_with_the_most_events(seed):
    ds = _seed_dataset(seed)
    events = set(ontology().event_classes)
    per_entity = Counter()
    for e in {e for e, _, c in ds.triples((None, RDF.type, None)) if str(c) in events}:
        for x in {o for p in (KG.agent, KG.target) for o in ds.objects(e, p)}:
            per_entity[x] += 1
    store, source = open_source([seed.trig])
    top = compute(store, source, top=3).top_entities
    assert len(top) == 3
    assert top[0].iri == str(per_entity.most_common(1)[0][0]) and top[0].events == per_entity.most_common(1)[0][1]
    assert top[0].label == str(ds.value(per_entity.most_common(1)[0][0], rdflib.RDFS.label))


def test_stats_document_with_no_facts_is_listed(two_articles):
    store, source = open_source([two_articles])
    stats = compute(store, source)
    assert [d.iri for d in stats.empty_documents] == ["https://example.org/id/doc-b"]
    a = next(d for d in stats.documents if d.iri.endswith("doc-a"))
    assert (a.title, a.facts, a.claims, a.sentences) == ("Member ordered out", 1, 0, 1)
    assert [(e.label, e.events, e.as_agent, e.as_target) for e in stats.top_entities] == [
        ("Ana Lopes", 1, 1, 0), ("Tom Reyes", 1, 0, 1)]
    assert dict(stats.properties)[NS + "ejected"] == 1
    text = stats.text()
    assert text.endswith("Documents with no facts (a sign of a miss)\n  https://example.org/id/doc-b  Budget day\n")


def test_stats_turtle_file_has_no_per_article_graphs(tmp_path, two_articles):
    ttl = tmp_path / "one.ttl"
    ds = rdflib.Dataset().parse(two_articles, format="trig")
    g = rdflib.Graph()
    for s, p, o, _ in ds.quads((None, None, None, None)):
        g.add((s, p, o))
    g.serialize(ttl, format="turtle")
    stats = compute(*open_source([ttl]))
    assert {d.triples for d in stats.documents} == {None}
    assert "-" in stats.text()


def test_cli_stats_table_and_json(kg, two_articles):
    result = run(kg, "stats", two_articles)
    assert result.exit_code == 0, result.output
    for heading in ("Instances per class", "Triples per property", "Documents", "Entities with the most events",
                    "Documents with no facts"):
        assert heading in result.output
    result = run(kg, "stats", two_articles, "--format", "json", "--top", "1")
    data = json.loads(result.output)
    assert data["empty_documents"] == ["https://example.org/id/doc-b"]
    assert len(data["top_entities"]) == 1


@pytest.mark.model
def test_cli_stats_store_and_file_agree(kg, seed, seed_store):
    from_file = json.loads(run(kg, "stats", seed.trig, "--format", "json").output)
    from_store = json.loads(run(kg, "stats", "--store", seed_store, "--format", "json").output)
    for key in ("classes", "properties", "documents", "top_entities"):
        assert from_file[key] == from_store[key], key


@pytest.mark.parametrize("args,message", [
    (["no-such.trig"], "no such file"),
    (["--store", "no-such-store"], "no store at"),
])
def test_cli_stats_bad_input_is_one_line(kg, tmp_path, args, message):
    result = run(kg, "stats", *[tmp_path / a if not a.startswith("-") else a for a in args])
    assert result.exit_code == 1 and message in result.output and len(result.output.strip().splitlines()) == 1


def test_cli_stats_graphs_and_store_together_is_a_usage_error(kg, two_articles, tmp_path):
    result = run(kg, "stats", two_articles, "--store", tmp_path)
    assert result.exit_code == 2 and "not both" in result.output


def test_cli_stats_syntax_error_names_the_file_and_line(kg, tmp_path):
    bad = tmp_path / "bad.trig"
    bad.write_text("<a> <b> .\n", encoding="utf-8")
    result = run(kg, "stats", bad)
    assert result.exit_code == 1 and "bad.trig: line 1" in result.output
