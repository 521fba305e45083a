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
