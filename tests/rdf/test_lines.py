"""kg.rdf.lines writes the very lines rdflib's nt and nquads serializers write."""

import pytest
from rdflib import BNode, Literal, URIRef
from rdflib.graph import DATASET_DEFAULT_GRAPH_ID
from rdflib.namespace import XSD
from rdflib.plugins.serializers.nquads import _nq_row
from rdflib.plugins.serializers.nt import _nt_row

from kg.rdf.lines import nquad_line, ntriple_line

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
    ],
)
def test_lines_match_rdflib(obj):
    triple = (S, P, obj)
    assert ntriple_line(triple) == _nt_row(triple)
    for graph in (G, BNode("g"), None, DATASET_DEFAULT_GRAPH_ID):
        assert nquad_line(triple, graph) == _nq_row(triple, graph)


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
