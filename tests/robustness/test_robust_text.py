"""Hostile text, as property-based tests: whatever the text, a build succeeds (or fails with
one clear KgError) and its output re-parses in strict Oxigraph and in rdflib.

Names in the generated texts carry IRI- and SPARQL-breaking characters on purpose; IRIs
must be minted only from percent-encoded or hashed parts. Case counts: see ``settings``.
"""

from __future__ import annotations

import pyoxigraph
import pytest
import rdflib
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kg.errors import KgError
from kg.rdf.mapping import Mapper, slug
from kg.model import Entity

pytestmark = pytest.mark.model

#: characters that break IRIs, Turtle or SPARQL when spliced in raw
NASTY = '<>"{}|\\^`\' \n\t#%?/&=;:@$!*()[],.~+\u200b\u202e\u0000\ufeff'
#: right-to-left text, emoji, combining marks, wide and surrogate-adjacent characters
EXOTIC = "שלוםمرحبا😀👩‍👩‍👧‍👦é̃ＡＢＣ𝔘𝔫𝔦\u0301\u05d0"
NAME = st.text(alphabet=st.sampled_from(list(NASTY + EXOTIC) + list("AbcXyz")), min_size=1, max_size=30)
TITLES = ["Speaker", "MP", "Senator", "NDP Leader", "Finance Minister", ""]
TEMPLATES = [
    "{t1} {n1} ejected {t2} {n2} on Tuesday.",
    "{t1} {n1} called {t2} {n2} a liar.",
    '"{n1} is a disgrace," {t2} {n2} said.',
    "{n1} (Party {n2}) voted against the motion.",
    "{t1} {n1} asked {n2} to apologize. {n2} refused.",
    "{n1}\n\n— {n2} (@h{n2}) June 17, 2020",
]


def _reparse(ds: rdflib.Dataset) -> None:
    nq = ds.serialize(format="nquads", encoding="utf-8")
    strict = list(pyoxigraph.parse(input=nq, format=pyoxigraph.RdfFormat.N_QUADS))
    trig = ds.serialize(format="trig", encoding="utf-8")
    again = rdflib.Dataset().parse(data=trig, format="trig")
    assert len(strict) == len(list(again.quads((None, None, None, None))))
    list(pyoxigraph.parse(input=trig, format=pyoxigraph.RdfFormat.TRIG))


@pytest.fixture(scope="module")
def language(nlp):
    return nlp


def _build(text: str, language) -> rdflib.Dataset | None:
    from kg.ingest.documents import from_text
    from kg.engine.pipeline import build_corpus

    try:
        doc = from_text(text, id="hostile")
    except KgError:
        return None  # e.g. an empty or whitespace-only text: a clear, expected refusal
    return build_corpus(texts=[doc]).dataset


@settings(max_examples=700, deadline=None, suppress_health_check=list(HealthCheck))
@given(text=st.text(min_size=0, max_size=400))
def test_robust_any_unicode_text_builds_and_reparses(language, text):
    ds = _build(text, language)
    if ds is not None:
        _reparse(ds)


@settings(max_examples=700, deadline=None, suppress_health_check=list(HealthCheck))
@given(template=st.sampled_from(TEMPLATES), n1=NAME, n2=NAME, t1=st.sampled_from(TITLES), t2=st.sampled_from(TITLES))
def test_robust_hostile_names_in_real_constructions(language, template, n1, n2, t1, t2):
    ds = _build(template.format(n1=n1, n2=n2, t1=t1, t2=t2), language)
    if ds is not None:
        _reparse(ds)


@settings(max_examples=1000, deadline=None)
@given(name=st.text(min_size=0, max_size=60), kind=st.sampled_from(["Person", "PoliticalParty", "Office", "Motion"]))
def test_robust_entity_iris_are_safe(name, kind):
    """IRIs are minted only from percent-encoded or hashed parts, whatever the name."""
    s = slug(name)
    assert s and all(c.isalnum() and c.isascii() or c in "-_%" for c in s)
    iri = Mapper(base="https://example.org/id/").entity_iri(Entity(kind, name, key=name))
    g = rdflib.Graph()
    g.add((iri, rdflib.RDFS.label, rdflib.Literal(name)))
    list(pyoxigraph.parse(input=g.serialize(format="nt", encoding="utf-8"), format=pyoxigraph.RdfFormat.N_TRIPLES))


@pytest.mark.parametrize("text", [
    "x" * 200_000,                                   # one very long token
    ("abcdefghijklmnopqrstuvwxyz0123456789 " * 30_000),  # a 1.1 MB paragraph (over spaCy's max_length)
    "\n".join(["Speaker Ana Lopes ejected MP Tom Reyes."] * 300),  # many lines, one paragraph
    "<script>alert(1)</script> SELECT * WHERE { ?s ?p ?o } ; DROP ALL ;",
    "http://example.org/looks/like/an/iri <urn:x> _:b0 \"quoted\"@en ^^xsd:string",
])
def test_robust_extreme_texts(language, text):
    """Very long tokens, paragraphs over the parser's limit, markup and RDF syntax as text."""
    ds = _build(text, language)
    assert ds is not None
    _reparse(ds)


@settings(max_examples=300, deadline=None)
@given(text=st.text(alphabet=st.sampled_from(list("ab. \n")), min_size=0, max_size=3000),
       limit=st.integers(min_value=20, max_value=400))
def test_robust_long_paragraphs_are_cut_without_losing_text(text, limit):
    """Every piece of a cut paragraph is the document text at its offset, and none is too long."""
    from kg.nlp import parse as nlp

    old, nlp.MAX_CHUNK = nlp.MAX_CHUNK, limit
    try:
        pieces = list(nlp.paragraphs(text))
    finally:
        nlp.MAX_CHUNK = old
    assert all(text[o:o + len(p)] == p and len(p) <= limit for o, p in pieces)
    assert "".join(p.replace(" ", "").replace("\n", "") for _, p in pieces) == text.replace(" ", "").replace("\n", "")


@settings(max_examples=300, deadline=None)
@given(text=st.text(alphabet=st.sampled_from(list("ab😀. \n")), min_size=0, max_size=3000),
       run=st.integers(min_value=5, max_value=200))
def test_robust_long_runs_without_spaces_are_cut_without_losing_text(text, run):
    """No piece holds a run of more than MAX_RUN characters without a space (spaCy's tokenizer is
    quadratic in a run's length), and every piece is the document text at its offset."""
    import re

    from kg.nlp import parse as nlp

    old, nlp.MAX_RUN, nlp._LONG_RUN = (nlp.MAX_RUN, nlp._LONG_RUN), run, re.compile(r"\S{%d,}" % (run + 1))
    try:
        pieces = list(nlp.paragraphs(text))
    finally:
        nlp.MAX_RUN, nlp._LONG_RUN = old
    assert all(text[o:o + len(p)] == p for o, p in pieces)
    assert all(len(r) <= run for _, p in pieces for r in p.split())
    assert "".join(p.replace(" ", "").replace("\n", "") for _, p in pieces) == text.replace(" ", "").replace("\n", "")
