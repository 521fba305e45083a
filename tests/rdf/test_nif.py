"""The article text in NIF 2.0 (issue 16, item 7): each article's graph holds its text as written once,
as a nif:Context named ``doc/ID#char=0,N``, and every evidence sentence is a NIF string of it whose
nif:anchorOf is exactly ``nif:isString[nif:beginIndex:nif:endIndex]``, counted in code points as
Python's slices and SPARQL's SUBSTR count them (NIF's "code units" for Unicode strings as RDF has
them; a UTF-16 count, JavaScript's, would be off after a character beyond the BMP).

Checked three ways: in Python, in SPARQL on Oxigraph (another engine than the one kg writes
with), and by the shapes (pySHACL and kg's compiled check). All names and sentences are invented.
"""

from __future__ import annotations

import pyoxigraph as ox
import pytest
from rdflib import RDF, Dataset, Literal, URIRef

from kg.ingest.documents import from_text
from kg.model import Entity, Event, Mention
from kg.ontology.vocab import KG, NIF, NIF_NS
from kg.rdf.mapping import DocumentFacts, Mapper
from kg.semantics import conform
from kg.semantics import validate as v
from tests.conftest import shared_or_skip

BASE = "https://example.org/id/"

#: one sentence the event is read from, then text around it; each row puts characters that UTF-16
#: counts twice (emoji, mathematical letters), combining marks or no-break spaces before it
TEXTS = [
    ("ascii", "A calm day.", "Speaker Ines Moravec ejected Pol Vantreigh."),
    ("no-break-space", "It was 9\u00a0a.m.", "Speaker Ines\u00a0Moravec ejected Pol Vantreigh."),
    ("emoji-before", "Watch 🎥👀 the clip.", "Speaker Ines Moravec ejected Pol Vantreigh 🚪."),
    ("zwj-sequence", "Reaction: 👩\u200d⚖️!", "Speaker Ines Moravec ejected Pol Vantreigh."),
    ("math-letters", "𝐁𝐑𝐄𝐀𝐊𝐈𝐍𝐆 news.", "Speaker Ines Moravec ejected Pol Vantreigh."),
    ("combining-marks", "Cafe\u0301 talk, re\u0301sume\u0301.", "Speaker Ine\u0300s Moravec ejected Pol Vantreigh."),
    ("cjk-and-rtl", "李小龙 and שרה said so.", "Speaker Ines Moravec ejected Pol Vantreigh."),
]


def _mapped(before: str, sentence: str) -> tuple[Dataset, str, tuple[int, int]]:
    text = f"{before}\n\n{sentence}\n\nThe sitting went on.\n"
    doc = from_text(text, id="nif-case", title="An ejection", published="2024-05-02")
    begin = doc.verbatim.index(sentence)
    span = (begin, begin + len(sentence))
    ines = Entity("Person", "Ines Moravec", key="ines moravec", names={"Ines Moravec"})
    pol = Entity("Person", "Pol Vantreigh", key="pol vantreigh", names={"Pol Vantreigh"})
    ejection = Event("Ejection", "ejection.active", "ejected", 1, 3, span,
                     agents=[Mention(1, 1, 3, "Person", "Ines Moravec", 2, entity=ines)],
                     targets=[Mention(1, 4, 6, "Person", "Pol Vantreigh", 5, entity=pol)])
    mapper = Mapper(base=BASE)
    mapper.add(DocumentFacts(doc, [ines, pol], [ejection], [span], {}))
    return mapper.dataset, doc.verbatim, span


def _oxigraph(ds: Dataset) -> ox.Store:
    store = ox.Store()
    store.load(ds.serialize(format="nquads", encoding="utf-8"), ox.RdfFormat.N_QUADS)
    return store


#: every NIF string whose nif:anchorOf is not its context's text at its offsets, in SPARQL
MISMATCHES = f"""PREFIX nif: <{NIF_NS}> PREFIX xsd: <http://www.w3.org/2001/XMLSchema#>
SELECT ?s WHERE {{
  ?s nif:anchorOf ?anchor ; nif:beginIndex ?b ; nif:endIndex ?e ; nif:referenceContext ?c .
  ?c nif:isString ?text .
  FILTER (STR(?anchor) != SUBSTR(STR(?text), xsd:integer(?b) + 1, xsd:integer(?e) - xsd:integer(?b)))
}}"""
STRINGS = f"PREFIX nif: <{NIF_NS}> SELECT ?s WHERE {{ ?s nif:referenceContext ?c }}"


@pytest.mark.parametrize(("case", "before", "sentence"), TEXTS, ids=[t[0] for t in TEXTS])
def test_nif_anchor_is_the_context_text_at_its_offsets(case, before, sentence) -> None:
    ds, text, (begin, end) = _mapped(before, sentence)
    g = ds.graph(URIRef(BASE + "graph/nif-case"))
    context = URIRef(f"{BASE}doc/nif-case#char=0,{len(text)}")
    assert set(g.subjects(RDF.type, NIF.Context)) == {context}
    assert g.value(context, NIF.isString) == Literal(text)  # the text as written, an xsd:string, once
    assert (g.value(context, NIF.beginIndex).toPython(), g.value(context, NIF.endIndex).toPython()) == (0, len(text))
    assert g.value(context, NIF.sourceUrl) == URIRef(BASE + "doc/nif-case")
    sent = URIRef(f"{BASE}doc/nif-case#char={begin},{end}")
    assert (sent, RDF.type, KG.Sentence) in g and (sent, RDF.type, NIF.Sentence) in g
    assert g.value(sent, NIF.referenceContext) == context
    assert str(g.value(sent, NIF.anchorOf)) == sentence == text[begin:end]
    # Oxigraph's SPARQL counts as Python does: no string is off, and there is one to check
    store = _oxigraph(ds)
    assert [r["s"].value for r in store.query(STRINGS, use_default_graph_as_union=True)] == [str(sent)]
    assert list(store.query(MISMATCHES, use_default_graph_as_union=True)) == []
    # and the shapes agree: pySHACL and the compiled check find nothing
    report = v.validate(ds)
    assert not report.violations, report.text()
    assert not conform.may_violate(ds)


def _utf16(text: str, i: int) -> int:
    """Where code point ``i`` of ``text`` is in UTF-16 code units (JavaScript's string index)."""
    return len(text[:i].encode("utf-16-le")) // 2


@pytest.mark.parametrize(("case", "before", "sentence"), [t for t in TEXTS if t[0] in ("emoji-before", "math-letters")],
                         ids=["emoji-before", "math-letters"])
def test_nif_utf16_offsets_are_caught(case, before, sentence) -> None:
    """Offsets counted in UTF-16 code units point past the sentence after an emoji: the shapes say so."""
    ds, text, (begin, end) = _mapped(before, sentence)
    g = ds.graph(URIRef(BASE + "graph/nif-case"))
    sent = URIRef(f"{BASE}doc/nif-case#char={begin},{end}")
    wrong = (_utf16(text, begin), _utf16(text, end))
    assert wrong != (begin, end)
    for prop, value in zip((NIF.beginIndex, NIF.endIndex), wrong, strict=True):
        g.set((sent, prop, Literal(value, datatype=g.value(sent, prop).datatype)))
    assert list(_oxigraph(ds).query(MISMATCHES, use_default_graph_as_union=True))
    messages = [f.message for f in v.validate(ds).violations]
    assert any(f"not its article's text from {wrong[0]} to {wrong[1]}" in m for m in messages), messages
    assert conform.may_violate(ds)


def _check_build(result) -> int:
    """Every article graph of a build: one context holding the document's text as written, and every
    NIF string of it anchored at its offsets (Python and Oxigraph); returns the strings checked."""
    mapper, checked = Mapper(), 0
    texts = {mapper.document_iri(d): d.verbatim for d in result.documents}
    for g in result.dataset.graphs():
        if not len(g):
            continue
        (context,) = list(g.subjects(RDF.type, NIF.Context))
        doc = g.value(context, NIF.sourceUrl)
        text = str(g.value(context, NIF.isString))
        assert text == texts[doc] and str(context) == f"{doc}#char=0,{len(text)}"
        for s in g.subjects(NIF.referenceContext, context):
            begin, end = (g.value(s, p).toPython() for p in (NIF.beginIndex, NIF.endIndex))
            assert str(g.value(s, NIF.anchorOf)) == text[begin:end] and str(s) == f"{doc}#char={begin},{end}", s
            assert g.value(s, KG.inDocument) == doc
            checked += 1
    assert list(_oxigraph(result.dataset).query(MISMATCHES, use_default_graph_as_union=True)) == []
    return checked


@pytest.mark.model
def test_nif_seed_build(seed) -> None:
    assert _check_build(seed.result) >= 25


@pytest.mark.model
def test_nif_devset_build() -> None:
    from kg.engine.pipeline import build_corpus

    result = build_corpus([shared_or_skip("devset", "articles")])
    assert len(result.documents) >= 5
    assert _check_build(result) >= 20
