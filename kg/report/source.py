"""The graph that ``kg stats`` and ``kg viz`` read, from graph files or the embedded store, as an Oxigraph store
(:func:`open_source`), and SELECTs on the union of its graphs (:func:`select`)."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import cast

import pyoxigraph as ox

from kg.errors import KgError
from kg.query.sparql import PREFIXES
from kg.rdf import read as rdffiles

__all__ = ["DEFAULT_GRAPH", "DEFAULT_STORE", "QUERY_PREFIXES", "SourceError", "open_source", "select", "value"]

#: prefixes the queries here use without declaring them
QUERY_PREFIXES = {**PREFIXES, "prov": "http://www.w3.org/ns/prov#"}
#: default inputs, as for ``kg validate``
DEFAULT_GRAPH = Path("output/graph.trig")
DEFAULT_STORE = Path("output/store")


class SourceError(KgError):
    """A graph to read that cannot be used (no file, no store, nothing in it)."""


def open_source(graphs: Sequence[Path] = (), store: Path | None = None) -> tuple[ox.Store, str]:
    """The graph to read, as an Oxigraph store, and how to name it in messages.

    Args:
        graphs: graph files (``.trig``, ``.nq``, ``.ttl``, ``.nt``, ``.jsonld``, ``.rdf``) or folders
            (their ``.trig``/``.nq`` files); default ``output/graph.trig``. Named graphs are kept; the
            triples of a triples file go to a graph named after the file.
        store: the embedded store folder instead, opened read-only.

    Raises:
        SourceError, GraphFileError, StoreError: a missing or unreadable input, with what to do.
    """
    if store is not None:
        from kg.store.embedded import open_store

        return open_store(store, create=False, write=False), str(store)
    paths = list(graphs) or [DEFAULT_GRAPH]
    if not graphs and not DEFAULT_GRAPH.exists():
        raise SourceError(
            f"no {DEFAULT_GRAPH}: build one first (kg build input/ --out output/), or give a graph file or --store"
        )
    mem = ox.Store()
    for path in rdffiles.find_files(paths):
        gf = rdffiles.read(path, graph=path.resolve().as_uri())
        mem.extend(
            ox.Quad(t.subject, t.predicate, t.object, ox.NamedNode(iri))
            for iri, triples in gf.graphs.items()
            for t in triples
        )
    return mem, ", ".join(map(str, paths))


def select(store: ox.Store, query: str, **values: Sequence[str]) -> list[dict[str, ox.NamedNode | ox.Literal]]:
    """Rows of a SELECT on the union of the graphs; ``values`` are IRIs for a ``VALUES ?name`` block.

    ``{name}`` in the query is replaced by the IRIs of ``values[name]`` (IRIs, not user text).
    """
    for name, iris in values.items():
        query = query.replace("{" + name + "}", " ".join(f"<{iri}>" for iri in iris) or "<urn:kg:none>")
    res = cast(
        ox.QuerySolutions, store.query(query, use_default_graph_as_union=True, prefixes=QUERY_PREFIXES)
    )  # a SELECT
    names = [v.value for v in res.variables]
    return [{n: sol[n] for n in names if sol[n] is not None} for sol in res]


def value(term) -> str:
    """A term's plain value ('' for None)."""
    return "" if term is None else term.value
