"""kg.rdf.buildinfo and the graph metadata (issue 16, item 8): each named graph says when and by which
build (software, version, rules' digest) it was made; how a date was inferred is data; builds stay
reproducible with $SOURCE_DATE_EPOCH, and an incremental build keeps an unchanged graph's time.

All names are invented.
"""

from __future__ import annotations

import hashlib
import shutil
from datetime import UTC, datetime, timedelta

import pytest
from rdflib import RDF, RDFS, Dataset, Literal, URIRef
from rdflib.namespace import PROV, XSD

from kg.errors import KgError
from kg.ingest.documents import from_text
from kg.ontology.paths import ontology_dir
from kg.ontology.vocab import KG
from kg.rdf import buildinfo
from kg.rdf.mapping import DocumentFacts, Mapper

BASE = "https://example.org/id/"


@pytest.mark.parametrize(("epoch", "expected"), [
    ("0", datetime(1970, 1, 1, tzinfo=UTC)),
    ("1592352000", datetime(2020, 6, 17, tzinfo=UTC)),
    (" 1592352000 ", datetime(2020, 6, 17, tzinfo=UTC)),
])
def test_buildinfo_time_is_source_date_epoch(monkeypatch, epoch, expected) -> None:
    monkeypatch.setenv("SOURCE_DATE_EPOCH", epoch)
    assert buildinfo.build_time() == expected


def test_buildinfo_time_without_source_date_epoch_is_now(monkeypatch) -> None:
    monkeypatch.delenv("SOURCE_DATE_EPOCH", raising=False)
    t = buildinfo.build_time()
    assert t.tzinfo is not None and t.microsecond == 0
    assert abs(datetime.now(UTC) - t) < timedelta(seconds=5)


@pytest.mark.parametrize("epoch", ["yesterday", "1.5", "99999999999999999999"])
def test_buildinfo_bad_source_date_epoch_is_one_line(monkeypatch, epoch) -> None:
    monkeypatch.setenv("SOURCE_DATE_EPOCH", epoch)
    with pytest.raises(KgError, match="SOURCE_DATE_EPOCH"):
        buildinfo.build_time()


def test_buildinfo_rules_version_follows_the_rules(tmp_path) -> None:
    copy = tmp_path / "ontology"
    shutil.copytree(ontology_dir(), copy)
    before = buildinfo.rules_version(str(copy))
    assert before.startswith("sha256:") and len(before) == 7 + 64
    assert buildinfo.rules_version(str(copy)) == before
    (copy / "shapes.ttl").write_text("# not a rule\n", encoding="utf-8")  # shapes are not rules
    buildinfo.rules_version.cache_clear()
    assert buildinfo.rules_version(str(copy)) == before
    events = copy / "lexicon" / "events.json"
    events.write_text(events.read_text(encoding="utf-8") + "\n", encoding="utf-8")
    buildinfo.rules_version.cache_clear()
    assert buildinfo.rules_version(str(copy)) != before


def test_buildinfo_activity_is_named_by_software_and_rules_not_time() -> None:
    a = buildinfo.BuildInfo("kg", "1.0", "sha256:" + "a" * 64, datetime(2020, 1, 1, tzinfo=UTC))
    assert a.key == buildinfo.BuildInfo("kg", "1.0", a.rules, datetime(2024, 1, 1, tzinfo=UTC)).key
    assert a.key != buildinfo.BuildInfo("kg", "1.1", a.rules, a.generated_at).key
    assert a.key != buildinfo.BuildInfo("kg", "1.0", "sha256:" + "b" * 64, a.generated_at).key


@pytest.mark.parametrize("timed", [(0,), (1,), (3,), (0, 3), (0, 1, 2), ()])
def test_buildinfo_digest_without_time_drops_only_the_lines_with_the_graph_time(timed) -> None:
    lines = ['<s> <p> "généré: generatedAtTime" <g> .\n', '<g> <http://www.w3.org/ns/prov#wasGeneratedBy> <b> <g> .\n',
             '<t> <p> "x" <g> .\n']
    time = '<g> <http://www.w3.org/ns/prov#generatedAtTime> "2020-06-17T00:00:00+00:00"^^<x> <g> .\n'
    for i in reversed(timed):  # the time line before line i (at the start, between lines, at the end)
        lines.insert(i, time)
    kept = "".join(line for line in lines if line != time).encode("utf-8")
    assert buildinfo.digest_without_time("".join(lines).encode("utf-8")) == hashlib.sha256(kept).hexdigest()


def _mapped(text: str, **meta) -> tuple[Dataset, URIRef, URIRef]:
    document = from_text(text, id="d1", **meta)
    mapper = Mapper(BASE)
    mapper.add(DocumentFacts(document, [], [], [], {}))
    return mapper.dataset, mapper.graph_iri(document), mapper.document_iri(document)


def test_buildinfo_every_graph_says_when_and_by_what() -> None:
    ds, graph, _ = _mapped("An invented article with no events.\n")
    g = ds.graph(graph)
    assert g.value(graph, PROV.generatedAtTime) == Literal("2020-06-17T00:00:00+00:00", datatype=XSD.dateTime)
    activity = g.value(graph, PROV.wasGeneratedBy)
    assert (activity, RDF.type, PROV.Activity) in g
    assert str(g.value(activity, KG.rulesVersion)) == buildinfo.rules_version(str(ontology_dir()))
    software = g.value(activity, PROV.wasAssociatedWith)
    assert (software, RDF.type, PROV.SoftwareAgent) in g and str(g.value(software, RDFS.label)) == "kg"
    assert str(g.value(software, URIRef("http://schema.org/softwareVersion"))) == buildinfo.software_version()


def test_buildinfo_the_version_is_kg_s_own_not_unknown() -> None:
    """The version was looked up under the distribution name ``kg`` (the distribution is ``kg-news``),
    so every graph said ``schema:softwareVersion "unknown"``."""
    import kg

    assert buildinfo.software_version() == kg.__version__ != "unknown"


@pytest.mark.parametrize(("text", "meta", "inferred"), [
    ("Invented words.\n\nA post by an invented member.\n— Ana Lopes (@analopes) June 16, 2020\n", {}, "2020-06-16"),
    ("Invented words.\n\nA post by an invented member.\n— Ana Lopes (@analopes) June 16, 2020\n",
     {"published": "2020-06-18"}, None),
    ("Invented words, no post, no date.\n", {}, None),
])
def test_buildinfo_an_inferred_date_is_data_not_a_comment(text, meta, inferred) -> None:
    ds, graph, doc = _mapped(text, **meta)
    g = ds.graph(graph)
    assert list(g.objects(doc, RDFS.comment)) == []
    if inferred is None:
        assert g.value(doc, KG.inferredDate) is None and g.value(doc, KG.dateInference) is None
    else:
        assert g.value(doc, KG.inferredDate) == Literal(inferred, datatype=XSD.date)
        assert g.value(doc, KG.dateInference) == KG.LatestEmbeddedPost
        assert g.value(doc, KG.published) is None


@pytest.mark.model
def test_buildinfo_incremental_build_keeps_an_unchanged_graph_and_its_time(tmp_path, monkeypatch) -> None:
    from kg.engine import local as stream

    src = tmp_path / "in"
    src.mkdir()
    (src / "a.md").write_text("Speaker Ana Lopes ejected Tom Reyes from the chamber.\n", encoding="utf-8")
    (src / "b.md").write_text("Tom Reyes called Ana Lopes a liar.\n", encoding="utf-8")
    out = tmp_path / "out"
    stream.build([src], out)
    before = {p.name: p.read_bytes() for p in (out / "graphs").iterdir()}
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1700000000")
    (src / "b.md").write_text("Tom Reyes called Ana Lopes a hypocrite.\n", encoding="utf-8")
    stream.build([src], out)
    after = {p.name: p.read_bytes() for p in (out / "graphs").iterdir()}
    assert after["a.nq"] == before["a.nq"] and b"2020-06-17T00:00:00" in after["a.nq"]
    assert after["b.nq"] != before["b.nq"] and b"2023-11-14T22:13:20" in after["b.nq"]
