"""The one reader of the ontology folder's RDF files: ``kg.ttl``, ``shapes.ttl`` and ``context.jsonld``.

Every module that needs the ontology, the SHACL shapes or the JSON-LD context gets it here
(the closed vocabulary :mod:`kg.ontology.vocab`, the event roles :mod:`kg.ontology.roles`,
reasoning, validation, queries, statistics). One caching policy for all of them: each file
is parsed once per process (per path, for a file given explicitly, such as ``kg validate
--shapes``), and so is every table derived from it.

The graphs returned are shared: read them, never add to them (use :func:`copy` first).
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

from rdflib import RDFS, Graph, Literal, URIRef

from kg.ontology.paths import missing, ontology_dir

__all__ = [
    "comments",
    "copy",
    "jsonld_context",
    "labels",
    "ontology_graph",
    "ontology_ntriples",
    "ontology_path",
    "read_turtle",
    "shapes_graph",
    "shapes_path",
]


def ontology_path() -> Path:
    """``ontology/kg.ttl`` (under ``$KG_ONTOLOGY`` when it is set)."""
    return ontology_dir() / "kg.ttl"


def shapes_path() -> Path:
    """``ontology/shapes.ttl`` (under ``$KG_ONTOLOGY`` when it is set)."""
    return ontology_dir() / "shapes.ttl"


def read_turtle(path: Path | str) -> Graph:
    """The Turtle file ``path`` as an rdflib graph, parsed once per process and resolved path (shared).

    Raises:
        OntologyFileError: there is no such file.
    """
    if not Path(path).is_file():
        raise missing(path)
    return _parsed(str(Path(path).resolve()))


@cache
def _parsed(resolved: str) -> Graph:
    return Graph().parse(resolved, format="turtle")


@cache
def _default_ontology() -> Graph:
    return read_turtle(ontology_path())


def ontology_graph(path: Path | str | None = None) -> Graph:
    """The OWL ontology (default ``ontology/kg.ttl``) as a shared rdflib graph."""
    return _default_ontology() if path is None else read_turtle(path)


def shapes_graph(path: Path | str | None = None) -> Graph:
    """The SHACL shapes (default ``ontology/shapes.ttl``) as a shared rdflib graph."""
    return read_turtle(shapes_path() if path is None else path)


def copy(graph: Graph) -> Graph:
    """A new graph with the triples and prefixes of ``graph``, to change without touching the shared one."""
    out = Graph()
    for prefix, ns in graph.namespaces():
        out.bind(prefix, ns, override=True, replace=True)
    for t in graph:
        out.add(t)
    return out


@cache
def ontology_ntriples() -> bytes:
    """The ontology's triples as N-Triples, to load into Oxigraph (a query store, the SHACL-SPARQL checks)."""
    return ontology_graph().serialize(format="nt", encoding="utf-8")


@cache
def jsonld_context() -> dict:
    """The JSON-LD context the project ships in ``ontology/context.jsonld`` (its ``@context``; shared)."""
    path = ontology_dir() / "context.jsonld"
    if not path.is_file():
        raise missing(path)
    return json.loads(path.read_text(encoding="utf-8"))["@context"]


def _english(prop: URIRef) -> dict[str, str]:
    """IRI -> its English (or untagged) value of ``prop``, for the ontology's IRIs."""
    return {
        str(s): str(o)
        for s, o in ontology_graph().subject_objects(prop)
        if isinstance(s, URIRef) and isinstance(o, Literal) and o.language in (None, "en")
    }


@cache
def labels() -> dict[str, str]:
    """Term IRI -> its English ``rdfs:label`` (classes, properties, individuals, CAMEO concepts)."""
    return _english(RDFS.label)


@cache
def comments() -> dict[str, str]:
    """Term IRI -> its English ``rdfs:comment``."""
    return _english(RDFS.comment)
