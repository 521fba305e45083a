"""kg.rdf.lines writes the very lines rdflib's nt and nquads serializers write, but for the characters a line
reader may break a line at, which it escapes."""

import pytest
from rdflib import BNode, Literal, URIRef
from rdflib.graph import DATASET_DEFAULT_GRAPH_ID
from rdflib.namespace import XSD
from rdflib.plugins.serializers.nquads import _nq_row
from rdflib.plugins.serializers.nt import _nt_row

from kg.rdf.lines import LINE_BREAK_ESCAPES, nquad_line, ntriple_line

S, P = URIRef("https://example.org/s"), URIRef("https://example.org/p")
G = URIRef("https://example.org/graph/doc-1")


@pytest.mark.parametrize(
    "obj",
    [
        URIRef("https://example.org/o"),
        BNode("b0"),
        Literal("plain"),
        Literal('quote " back \\ new\nline\rret'),
        Literal("été", lang="fr"),
        Literal("2024-05-01", datatype=XSD.date),
        Literal(3),
        Literal("x\u2028y\U0001F600"),
        Literal("form\ffeed\vtab\x1cfile\x1dgroup\x1erecord\x85next\u2029para"),
    ],
)
def test_lines_match_rdflib(obj):
    triple = (S, P, obj)
    assert ntriple_line(triple) == _nt_row(triple).translate(LINE_BREAK_ESCAPES)
    for graph in (G, BNode("g"), None, DATASET_DEFAULT_GRAPH_ID):
        assert nquad_line(triple, graph) == _nq_row(triple, graph).translate(LINE_BREAK_ESCAPES)


@pytest.mark.parametrize(("text", "escaped"), [
    ("a\u2028b", "a\\u2028b"), ("a\u2029b", "a\\u2029b"), ("a\x85b", "a\\u0085b"), ("a\vb", "a\\u000Bb"),
    ("a\fb", "a\\u000Cb"), ("a\x1cb\x1db\x1eb", "a\\u001Cb\\u001Db\\u001Eb"), ("a\nb\rc", "a\\nb\\rc"),
    ("plain é 😀", "plain é 😀"),
])
def test_lines_a_line_is_one_line_to_any_reader(text, escaped):
    """What str.splitlines breaks a line at is escaped (\\uXXXX, valid N-Triples), and reads back as it was."""
    import pyoxigraph

    line = nquad_line((S, P, Literal(text)), G)
    assert line == f'<{S}> <{P}> "{escaped}" <{G}> .\n' and line.splitlines() == [line[:-1]]
    (quad,) = pyoxigraph.parse(input=line.encode(), format=pyoxigraph.RdfFormat.N_QUADS)
    assert quad.object.value == text


@pytest.mark.parametrize("graph", [URIRef("https://example.org/g/a"), DATASET_DEFAULT_GRAPH_ID, None])
def test_collected_graph_lines_are_nquad_lines(graph):
    """A graph's lines (each IRI's form made once) are nquad_line's, sorted and each once."""
    from kg.rdf.lines import CollectedGraph

    s, p = URIRef("https://example.org/s"), URIRef("https://example.org/p")
    triples = [(s, p, URIRef("https://example.org/s")), (s, p, Literal("https://example.org/s")),
               (BNode("b1"), p, Literal("x", lang="en")), (s, URIRef("https://example.org/q"), BNode("b1")),
               (s, p, Literal("1", datatype=XSD.integer)), (s, p, URIRef("https://example.org/s"))]
    collected = CollectedGraph(graph)
    for t in triples:
        collected.add(t)
    assert collected.nquads() == sorted({nquad_line(t, graph) for t in triples})


def test_collected_graph_refuses_a_bad_iri_as_rdflib_does():
    from kg.rdf.lines import CollectedGraph

    bad = (URIRef("https://example.org/a b"), URIRef("https://example.org/p"), Literal("x"))
    with pytest.raises(Exception, match="does not look like a valid URI"):
        CollectedGraph(URIRef("https://example.org/g")).add(bad).nquads()
