"""Embedded store: an Oxigraph database in a folder (default ``output/store/``), through pyoxigraph.

One named graph per document. Loading a file replaces, for each named graph in it, the graph
of that name (SPARQL 1.1 Graph Store ``PUT`` semantics), so loading the same output twice
changes nothing and a re-built article replaces exactly its own graph. Entities keep one IRI
across documents, so a person mentioned by several articles stays one node.

A file is checked in full before the store is touched, and its graphs are replaced in one
transaction (a SPARQL update), so a failed load leaves the store as it was. Files larger than
``BULK_BYTES`` go through Oxigraph's bulk loader instead, which is fast but not transactional.

    >>> from kg.store.embedded import open_store, load_file  # doctest: +SKIP
    >>> store = open_store("output/store")
    >>> load_file(store, Path("output/graph.trig"), target="output/store").summary()
    'output/graph.trig: 3 graphs (3 new), 646 triples -> output/store'
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any, cast

import pyoxigraph as ox

from kg.errors import KgError
from kg.rdf import read as rdffiles
from kg.rdf.read import GraphFile, LoadReport

#: where ``kg load``, ``kg query`` and ``kg serve`` look unless told otherwise
DEFAULT_STORE = Path("output/store")
#: files bigger than this are bulk-loaded (not in one transaction)
BULK_BYTES = 64 * 1024 * 1024
#: what :func:`data_store` names the default graph while it checks a file (any IRI would do)
DATA_GRAPH = "urn:kg:default-graph"
#: written by ``kg serve`` into the store folder while it serves it read-only
SERVE_MARKER = ".kg-serve.pid"


class StoreError(KgError):
    """The embedded store cannot be used as asked."""


class NotAStoreError(StoreError):
    """A path that holds something other than an Oxigraph database."""


class StoreLockedError(StoreError):
    """The store is open for writing in another process."""


def is_store(path: Path) -> bool:
    """Whether ``path`` is an Oxigraph (RocksDB) database folder."""
    return (path / "CURRENT").is_file() and (path / "IDENTITY").is_file()


def served_by(path: Path) -> int | None:
    """The process id of a live ``kg serve`` serving ``path`` read-only, if any."""
    try:
        pid = int((Path(path) / SERVE_MARKER).read_text().strip())
        os.kill(pid, 0)
    except (OSError, ValueError):
        return None
    return pid


def lock_holder(path: Path) -> int | None:
    """The id of another process holding the store's write lock, where the system tells (Linux)."""
    try:
        st = (Path(path) / "LOCK").stat()
        lines = Path("/proc/locks").read_text().splitlines()
    except OSError:
        return None
    here = f"{os.major(st.st_dev):02x}:{os.minor(st.st_dev):02x}:{st.st_ino}"
    for line in lines:
        fields = line.split()
        # "1: POSIX  ADVISORY  WRITE 9747 fe:00:2146856 0 EOF" (blocked waiters are marked "->")
        if len(fields) >= 6 and fields[1] != "->" and fields[5] == here and fields[4].isdigit():
            pid = int(fields[4])
            if pid != os.getpid():
                return pid
    return None


def open_store(path: Path | str, *, create: bool = True, write: bool = True) -> ox.Store:
    """Open the store in ``path``.

    Args:
        path: the store folder; with ``create``, a missing or empty folder becomes a new store.
        create: make a new store when there is none.
        write: open for writing (``kg load``), which takes the store's lock. Readers pass False:
            they open it read-only, so that many can read at once and alongside ``kg serve``,
            unless another process has it open for writing (then: StoreLockedError, since
            reading a store while it is written is undefined). Where the system cannot tell
            who holds the lock (not Linux), readers take the lock too.

    Raises:
        NotAStoreError: ``path`` is a file, or a folder with other things in it.
        StoreLockedError: another process has the store open for writing, or ``kg serve`` is
            serving it and ``write`` is asked.
        StoreError: there is no store and ``create`` is False, or it cannot be opened.
    """
    path = Path(path)
    if path.exists() and not path.is_dir():
        raise NotAStoreError(f"{path} is a file, not a store folder; give a folder (default {DEFAULT_STORE})")
    if path.is_dir() and not is_store(path):
        # another `kg load` may be creating this very store right now: then it is locked
        if (path / "LOCK").exists():
            holder = lock_holder(path)
            if holder is not None or write:
                try:
                    return ox.Store(str(path))
                except OSError as err:
                    if "lock" in str(err).lower():
                        raise _locked(path, holder or lock_holder(path)) from None
        if any(p.name != SERVE_MARKER for p in path.iterdir()):
            raise NotAStoreError(
                f"{path} is not a kg store (no Oxigraph database in it, and it holds other "
                "files); give a new or empty folder, or the store `kg load` made"
            )
        if not create:
            raise StoreError(
                f"{path} is an empty folder, not a store yet; load something first: kg load output/ --store {path}"
            )
    elif not path.exists() and not create:
        raise StoreError(f"no store at {path}; build and load one first: kg build input/ --load --store {path}")
    pid = served_by(path)
    if pid is not None and write:
        raise StoreLockedError(
            f"{path} is being served by `kg serve` (process {pid}); stop it before loading, "
            "or serve it with --writable and load through it with --endpoint URL/store"
        )
    if not write and is_store(path):
        holder = lock_holder(path)
        if holder is not None:
            raise _locked(path, holder)
        if Path("/proc/locks").exists():
            try:
                return ox.Store.read_only(str(path))
            except OSError as err:
                raise StoreError(f"cannot open the store {path}: {err}") from None
    try:
        return ox.Store(str(path))
    except OSError as err:
        if "lock" in str(err).lower():
            raise _locked(path, lock_holder(path)) from None
        raise StoreError(f"cannot open the store {path}: {err}") from None


def _locked(path: Path, holder: int | None) -> StoreLockedError:
    who = f"another process ({holder})" if holder else "another process"
    return StoreLockedError(
        f"{path} is locked by {who}: a `kg load`, `kg build --load` or `kg serve --writable`? "
        "Wait for it or stop it, or query a running server with --endpoint URL"
    )


def load_file(
    store: ox.Store,
    path: Path,
    *,
    graph: str | None = None,
    target: str = "store",
    bulk_bytes: int = BULK_BYTES,
    compact_after: bool = True,
) -> LoadReport:
    """Load one graph file, replacing each named graph it holds.

    Args:
        store: an open store.
        path: a ``.trig``/``.nq`` file (or a triples file with ``graph``).
        graph: the named graph for triples outside any named graph.
        target: how the store is named in the report.
        bulk_bytes: files above this size are bulk-loaded, without a transaction.
        compact_after: compact the store after a bulk load (:func:`compact`); a caller that
            bulk-loads many files says False and compacts once at the end (``report.bulk``).

    Returns:
        A :class:`LoadReport` saying which graphs were new, replaced or unchanged.

    Raises:
        GraphFileError: the file does not parse (nothing is loaded from it).
    """
    try:
        size = path.stat().st_size
    except OSError as err:
        raise rdffiles.GraphFileError(path, f"cannot read it ({err.strerror or err})") from None
    if size > bulk_bytes:
        report = _bulk_load(store, path, graph, target)
        if compact_after:
            compact(store)
        return report
    return load_graphs(store, rdffiles.read(path, graph), target=target)


def data_store(paths) -> ox.Store:
    """A store in memory holding some graph files, for ``kg query --data`` (as Jena's ``sparql --data``).

    A file's named graphs stay named graphs; its triples outside them (a Turtle or N-Triples
    file) go into the default graph. Queries see the union of all of them.

    Raises:
        GraphFileError: a file that does not parse (with its line and column) or cannot be read.
    """
    store = ox.Store()
    for path in map(Path, paths):
        rdffiles.scan(path, DATA_GRAPH)  # the whole file checked first, its errors with line and column
        try:
            store.bulk_load(path=str(path), format=rdffiles.format_of(path))
        except (OSError, SyntaxError) as err:  # changed since the check
            raise rdffiles.GraphFileError(path, str(err)) from None
    return store


def load_dataset(store: ox.Store, dataset, *, target: str = "store") -> LoadReport:
    """Load an :class:`rdflib.Dataset` (e.g. ``kg.build(...)``), one named graph per document."""
    data = dataset.serialize(format="nquads", encoding="utf-8")
    return load_graphs(store, rdffiles.read(Path("<dataset>"), data=data, fmt=ox.RdfFormat.N_QUADS), target=target)


def load_graphs(store: ox.Store, gf: GraphFile, *, target: str = "store") -> LoadReport:
    """Replace each graph of ``gf`` in ``store``, all in one transaction; skip graphs already equal.

    A graph with blank nodes never compares equal (they are new on every parse): it is replaced.
    """
    report = LoadReport(str(gf.path), target, triples=gf.triples)
    # Oxigraph stores literals in canonical form ("0.90"^^xsd:decimal as 0.9): compare like with like
    canonical = ox.Store()
    canonical.extend(
        ox.Quad(t.subject, t.predicate, t.object, ox.NamedNode(iri))
        for iri, triples in gf.graphs.items()
        for t in triples
    )
    drops, inserts = [], []
    for iri, triples in sorted(gf.graphs.items()):
        name = ox.NamedNode(iri)
        current = {q.triple for q in store.quads_for_pattern(None, None, None, name)}
        if current and current == {q.triple for q in canonical.quads_for_pattern(None, None, None, name)}:
            report.graphs[iri] = "unchanged"
            continue
        report.graphs[iri] = "replaced" if current or store.contains_named_graph(name) else "new"
        drops.append(f"DROP SILENT GRAPH {name}")
        inserts.append(f"GRAPH {name} {{\n" + "\n".join(f"{t} ." for t in triples) + "\n}")
    if inserts:
        # one request, one transaction: all of the file's changed graphs, or none
        store.update(" ;\n".join(drops) + " ;\nINSERT DATA {\n" + "\n".join(inserts) + "\n}")
        store.flush()
    return report


def _bulk_load(store: ox.Store, path: Path, graph: str | None, target: str) -> LoadReport:
    names, n = rdffiles.scan(path, graph)  # checks the whole file first
    report = LoadReport(str(path), target, triples=n)
    for iri in names:
        name = ox.NamedNode(iri)
        report.graphs[iri] = "replaced" if store.contains_named_graph(name) else "new"
        store.remove_graph(name)
    extra: dict[str, Any] = {"to_graph": ox.NamedNode(graph)} if graph else {}
    store.bulk_load(path=str(path), format=rdffiles.format_of(path), **extra)
    store.flush()
    report.bulk = True
    return report


def compact(store: ox.Store) -> None:
    """Merge the store's files after a bulk load (Oxigraph's ``optimize``: ~1 s per million triples).

    The bulk loader writes many overlapping files, and every look-up a query makes must then
    search each of them: on a million triples the stored queries ran twice as fast after it.
    """
    store.optimize()


def graph_sizes(store: ox.Store) -> dict[str, int]:
    """Named graph IRI -> its number of triples (counted by Oxigraph: ~1 s per million triples)."""
    return count_graphs(store)


def count_graphs(store: ox.Store) -> dict[str, int]:
    """Named graph IRI -> its number of triples, counted by Oxigraph (faster than :func:`graph_sizes`)."""
    out: dict[str, int] = {}
    rows = cast(
        ox.QuerySolutions, store.query("SELECT ?g (COUNT(*) AS ?n) WHERE { GRAPH ?g { ?s ?p ?o } } GROUP BY ?g")
    )
    for row in rows:
        out[row["g"].value] = int(row["n"].value)
    return out
