"""One N-Triples or N-Quads line per triple, byte-identical to rdflib's serializers.

kg writes graph files line by line (sorted, streamed, deduplicated) instead of asking rdflib
to serialize a whole graph; these functions give the exact line rdflib's ``nt`` and ``nquads``
serializers write for a triple, so a file written either way is the same bytes.
Spec: https://www.w3.org/TR/n-triples/ and https://www.w3.org/TR/n-quads/.
"""

from __future__ import annotations

from rdflib.graph import DATASET_DEFAULT_GRAPH_ID
from rdflib.term import Literal, Node

__all__ = ["literal_term", "nquad_line", "ntriple_line"]


def _escape(text: str) -> str:
    """Quote a literal's lexical form as N-Triples does: backslash, newline, quote, return."""
    escaped = text.replace("\\", "\\\\").replace("\n", "\\n").replace('"', '\\"')
    return '"%s"' % escaped.replace("\r", "\\r")


def literal_term(literal: Literal) -> str:
    """The N-Triples form of a literal: quoted text, then ``@lang`` or ``^^<datatype>``.

    Args:
        literal: an rdflib Literal (a language tag and a datatype together are refused).
    Returns:
        the term as it appears in an N-Triples or N-Quads line.
    """
    quoted = _escape(literal)
    if literal.language:
        if literal.datatype:
            raise ValueError("a literal cannot have both a language and a datatype")
        return "%s@%s" % (quoted, literal.language)
    if literal.datatype:
        return "%s^^<%s>" % (quoted, literal.datatype)
    return quoted


def _object_term(node: Node) -> str:
    """The object position: literals escaped the N-Triples way, other terms as n3()."""
    return literal_term(node) if isinstance(node, Literal) else node.n3()


def ntriple_line(triple: tuple[Node, Node, Node]) -> str:
    """One N-Triples line, newline included, for ``(subject, predicate, object)``.

    Returns:
        the same string rdflib's ``nt`` serializer writes for the triple.
    """
    subject, predicate, obj = triple
    return "%s %s %s .\n" % (subject.n3(), predicate.n3(), _object_term(obj))


def nquad_line(triple: tuple[Node, Node, Node], graph_iri: Node | None) -> str:
    """One N-Quads line, newline included, for a triple in the named graph ``graph_iri``.

    Args:
        triple: ``(subject, predicate, object)``.
        graph_iri: the graph's name; None or the default graph writes no graph term
            (rdflib then leaves two spaces before the dot, and so does this).
    Returns:
        the same string rdflib's ``nquads`` serializer writes for the quad.
    """
    subject, predicate, obj = triple
    graph = graph_iri.n3() if graph_iri and graph_iri != DATASET_DEFAULT_GRAPH_ID else ""
    return "%s %s %s %s .\n" % (subject.n3(), predicate.n3(), _object_term(obj), graph)
