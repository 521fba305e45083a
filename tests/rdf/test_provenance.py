"""Provenance on every fact of the seed graph: document, sentence, offsets that give back the
sentence's text, the rule that fired, a confidence in [0, 1]; and each article's named graph
says which article it was derived from.

Each named graph is one article's account, so the checks run per named graph (an event that
several articles report is one node with one report, kg:Report, in each article's graph); in the
merged graph each report still belongs to exactly one article.
"""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

import pytest
from rdflib import RDF, Graph, Namespace, URIRef
from rdflib.namespace import PROV

from kg.rdf.mapping import DEFAULT_BASE, Mapper

KG = Namespace("https://w3id.org/kg-news/ont#")
NIF = Namespace("http://persistence.uni-leipzig.org/nlp2rdf/ontologies/nif-core#")
pytestmark = pytest.mark.model
ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def texts(seed) -> dict:
    """document IRI -> the article's text as written (no-break spaces kept: issue 16, item 6)."""
    mapper = Mapper(DEFAULT_BASE)
    return {mapper.document_iri(d): d.verbatim for d in seed.result.documents}


def test_provenance_offsets_give_back_every_sentence(seed, texts) -> None:
    checked = 0
    for g in seed.result.dataset.graphs():
        for fact in set(g.subjects(KG.evidence, None)):
            for sentence in g.objects(fact, KG.evidence):
                begin = g.value(sentence, NIF.beginIndex).toPython()
                end = g.value(sentence, NIF.endIndex).toPython()
                text = texts[g.value(sentence, KG.inDocument)]
                assert text[begin:end] == str(g.value(sentence, NIF.anchorOf)), sentence
                assert str(g.value(g.value(sentence, NIF.referenceContext), NIF.isString)) == text
                assert str(sentence).endswith(f"#char={begin},{end}")
                checked += 1
    assert checked >= 25  # every event and claim of the three seed articles


@pytest.mark.model
def test_provenance_sentence_text_is_the_source_text(seed) -> None:
    """nif:anchorOf is what the input file says at those offsets, no-break spaces too; an xsd:string,
    as NIF writes it, in a context whose language is English (nif:predLang)."""
    from kg.ingest.documents import read_document

    mapper, nbsp = Mapper(DEFAULT_BASE), 0
    for path in sorted((ROOT / "input").glob("*.txt")):
        doc = read_document(path)
        raw = path.read_text(encoding="utf-8").replace("\r\n", "\n")
        assert raw.endswith(doc.verbatim) and len(doc.verbatim) == len(doc.text)
        for g in seed.result.dataset.graphs():
            for sentence in g.subjects(KG.inDocument, mapper.document_iri(doc)):
                text = g.value(sentence, NIF.anchorOf)
                begin, end = (g.value(sentence, p).toPython() for p in (NIF.beginIndex, NIF.endIndex))
                assert str(text) == doc.verbatim[begin:end] and text.language is None, sentence
                context = g.value(sentence, NIF.referenceContext)
                assert g.value(context, NIF.predLang) == URIRef("http://lexvo.org/id/iso639-3/eng")
                nbsp += "\u00a0" in str(text)
    assert nbsp >= 1  # the seed articles write some no-break spaces: they stay in the graph


def test_provenance_every_fact_has_document_sentence_rule_and_confidence(seed) -> None:
    n = 0
    for g in seed.result.dataset.graphs():
        if not len(g):
            continue
        (doc,) = list(g.objects(g.identifier, PROV.wasDerivedFrom))  # the graph's own article
        assert (doc, RDF.type, KG.Document) in g
        events = {s for s in g.subjects(KG.modality, None)}
        for ev in events:
            # an asserted event's record is this article's one report of it; a claim is its own record
            (record,) = [ev] if (ev, RDF.type, KG.EventClaim) in g else list(g.subjects(KG.reportOf, ev))
            for prop in (KG.sourceDocument, KG.evidence, KG.rule, KG.confidence):
                assert list(g.objects(ev, prop)) == [] or record == ev, (ev, prop)
            assert list(g.objects(record, KG.sourceDocument)) == [doc], ev
            (sentence,) = list(g.objects(record, KG.evidence))
            assert g.value(sentence, KG.inDocument) == doc
            assert len(list(g.objects(record, KG.rule))) == 1 and str(g.value(record, KG.rule))
            (confidence,) = list(g.objects(record, KG.confidence))
            assert Decimal("0") <= confidence.toPython() <= Decimal("1")
            n += 1
    assert n >= 25


def test_provenance_every_report_is_one_articles_in_the_merged_graph(seed) -> None:
    """Merged into one graph (as graph.ttl is), each report still names one article, one
    sentence in it, one rule and one confidence: nothing about it mixes two articles."""
    merged = Graph()
    for s, p, o, _ in seed.result.dataset.quads((None, None, None, None)):
        merged.add((s, p, o))
    reports = set(merged.subjects(RDF.type, KG.Report))
    assert len(reports) >= 15
    for r in reports:
        (doc,) = list(merged.objects(r, KG.sourceDocument))
        (sentence,) = list(merged.objects(r, KG.evidence))
        assert merged.value(sentence, KG.inDocument) == doc
        assert len(list(merged.objects(r, KG.rule))) == 1 and len(list(merged.objects(r, KG.confidence))) == 1
        assert len(list(merged.objects(r, KG.reportOf))) == 1
    # and every event is reported, with no provenance of its own
    for ev in set(merged.subjects(KG.modality, KG.Asserted)):
        assert list(merged.subjects(KG.reportOf, ev)), ev
        assert list(merged.objects(ev, KG.sourceDocument)) == [], ev


def test_provenance_roles_and_labels_are_attributed_by_their_graph(seed) -> None:
    """Triples without their own provenance (labels, roles) sit in a graph derived from one article."""
    ds = seed.result.dataset
    for g in ds.graphs():
        if len(g):
            assert len(list(g.objects(g.identifier, PROV.wasDerivedFrom))) == 1
    roles = [(s, p, o, c) for p in (KG.memberOf, KG.leaderOf, KG.holdsOffice)
             for s, _, o, c in ds.quads((None, p, None, None))]
    assert roles and all(c is not None and str(c).startswith(DEFAULT_BASE + "graph/") for *_, c in roles)
