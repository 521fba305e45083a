"""Loading a build's graphs into the embedded store or a SPARQL endpoint: what ``kg load`` and
``kg build --load`` do, as one function, :func:`load_build`.

What is loaded, and how:

- graph files and folders (``kg load FILE... | DIR``): each file as :func:`kg.rdf.read.find_files`
  finds them (from a folder its ``.trig``/``.nq`` files, or the partitions of a Dask build),
  checked in full, then each of its named graphs replaces the graph of that name. Into the
  embedded store, a Dask build's partitions go through Oxigraph's bulk loader and the store is
  compacted once, after the last of them.
- straight after a build into a folder (``kg build --load``): into the embedded store, only the
  document graphs that changed since the last load, and the graphs of the articles that left the
  corpus are dropped (:func:`kg.store.sync.sync_graphs`); into an endpoint, the build's
  ``.trig`` or ``.nq`` file; a Dask build, its partitions, as above.

A file that does not parse is reported and skipped (nothing of it is loaded); the others load.

    >>> from kg.store.load import load_build  # doctest: +SKIP
    >>> load_build(Path("output")).sizes  # output/*.trig into output/store/
    {'https://kg.example.org/id/graph/a': 212, ...}
"""

from __future__ import annotations

import shutil
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Protocol

from kg.rdf import formats as rdf_formats, read as rdffiles
from kg.rdf.read import GraphFileError, LoadReport
from kg.store import embedded, sync
from kg.store.answers import Refreshed, forget_answers, refresh
from kg.store.remote import DEFAULT_TIMEOUT, Endpoint, safe_url

#: the formats of a build's files that are loaded into an endpoint (as ``kg load DIR`` takes them): a build
#: that is to be loaded writes one of them
LOAD_FORMATS: tuple[str, ...] = rdffiles.DIRECTORY_FORMATS
#: called with what each file's load did (a report, or the error that kept it out) as it happens
Progress = Callable[[LoadReport | GraphFileError], None]


class Built(Protocol):
    """What a build into a folder returns (:class:`kg.engine.local.StreamResult`), as far as loading reads it.

    A Dask build's result also has ``partitions`` (non-empty): its N-Quads partitions are loaded.
    """

    paths: list[Path]  # the graph files written (graph.ttl, graph.trig, ...)
    graphs: list[tuple[str, Path, str]]  # (graph IRI, N-Quads file, SHA-256) per document
    removed_graphs: list[str]  # graph IRIs of the documents that left the corpus
    entailments: tuple[str, Path, str] | None  # (graph IRI, file, SHA-256) of the entailments, with --reason
    triples: int


@dataclass
class SyncReport(LoadReport):
    """A :class:`LoadReport` of a build's graphs loaded into the embedded store, with the graphs it dropped."""

    dropped: int = 0

    def summary(self) -> str:
        dropped = f"; dropped {self.dropped} graphs of articles no longer in the corpus" if self.dropped else ""
        return super().summary() + dropped


@dataclass
class Loaded:
    """What :func:`load_build` did."""

    target: str  # the store folder, or the endpoint's URL without credentials
    files: int = 0  # graph files tried (a build loaded into the embedded store: one, its graphs folder)
    reports: list[LoadReport] = field(default_factory=list)  # one per file loaded
    failed: list[GraphFileError] = field(default_factory=list)  # one per file that did not load
    sizes: dict[str, int] | None = None  # the embedded store after the load: named graph -> triples
    answers: Refreshed | None = None  # the embedded store's stored questions, answered after the load


def load_build(
    out: Path | Iterable[Path],
    *,
    built: Built | None = None,
    store_dir: Path | None = None,
    endpoint: str | None = None,
    graph: str | None = None,
    timeout: float = DEFAULT_TIMEOUT,
    progress: Progress | None = None,
    answers: bool = True,
) -> Loaded:
    """Load a build's output folder, or graph files and folders, into the embedded store or an endpoint.

    Args:
        out: the folder a build wrote, or graph files and folders of them (as ``kg load`` takes them).
        built: what the build that wrote ``out`` returned, when loading straight after it: then only
            what changed is loaded into the embedded store, and the graphs of removed articles dropped.
        store_dir: the embedded store's folder (made when missing); default ``out/store`` after a
            build, else :data:`kg.store.embedded.DEFAULT_STORE`. Not used with ``endpoint``.
        endpoint: a Graph Store Protocol endpoint to load into instead (:class:`kg.store.remote.Endpoint`).
        graph: the named graph for triples outside any named graph (a ``.ttl`` file).
        timeout: seconds to wait for the endpoint.
        progress: called after each file with its report, or with the error that kept it out.
        answers: into the embedded store, then answer its stored questions ahead, for ``kg query``
            (:func:`kg.store.answers.refresh`); without, any answers made before are removed.

    Returns:
        :class:`Loaded`: a report per file loaded, the errors of those that were not, and the
        embedded store's graph sizes after the load.

    Raises:
        GraphFileError: there is nothing to load (a folder with no graph file, a missing path).
        StoreError, EndpointError: the store cannot be opened or written, the endpoint refuses.
    """
    paths = [Path(out)] if isinstance(out, (str, Path)) else [Path(p) for p in out]
    if built is not None and not getattr(built, "partitions", None):
        if endpoint is None:
            target = store_dir or paths[0] / "store"
            return _answered(_sync(built, paths[0], target, progress), target, answers)
        # the first of the build's files in a format that keeps the document graphs: one PUT per graph
        files = [next(p for p in built.paths if getattr(rdf_formats.for_path(p), "name", None) in LOAD_FORMATS)]
    else:
        files = rdffiles.find_files(paths)
    if endpoint is not None:
        return _to_endpoint(files, Endpoint(endpoint, timeout=timeout), graph, progress)
    target = store_dir or (paths[0] / "store" if built is not None else embedded.DEFAULT_STORE)
    return _answered(_to_store(files, target, graph, progress), target, answers)


def _answered(loaded: Loaded, store_dir: Path, answers: bool) -> Loaded:
    """``loaded``, with the store's stored questions answered once it is closed (or, not asked, none kept)."""
    if answers:
        loaded.answers = refresh(store_dir)
    else:
        forget_answers(store_dir)
    return loaded


def _sync(built: Built, out: Path, store_dir: Path, progress: Progress | None) -> Loaded:
    """Make the embedded store hold the build's document graphs: the changed ones loaded, the removed dropped."""
    db = None
    try:
        db = embedded.open_store(store_dir)
        graphs = list(built.graphs) + ([built.entailments] if built.entailments is not None else [])
        report, dropped = sync.sync_graphs(
            db, store_dir, graphs, built.removed_graphs, source=str(out / "graphs"), target=str(store_dir)
        )
        report = SyncReport(report.source, report.target, report.graphs, built.triples, report.bulk, dropped=dropped)
        if progress is not None:
            progress(report)
        return Loaded(str(store_dir), files=1, reports=[report], sizes=embedded.graph_sizes(db))
    finally:
        db = None  # pyoxigraph closes the store (and frees its lock) with its last reference


def _to_store(files: list[Path], store_dir: Path, graph: str | None, progress: Progress | None) -> Loaded:
    """Load ``files`` into the embedded store in ``store_dir``; a file that does not parse is skipped."""
    loaded = Loaded(str(store_dir), files=len(files))
    # the partitions of a Dask build (found by find_files from its manifest) go through Oxigraph's
    # bulk loader, whatever their size
    bulk = {f for f in files if f.parent.name == rdffiles.PARTITIONS_DIR}
    # a load that creates the store and loads nothing leaves no store behind: no empty folder to mistake
    # for a store of the files
    existed = store_dir.exists()
    created = not existed or (store_dir.is_dir() and not any(store_dir.iterdir()))
    db, opened = None, False
    try:
        db = embedded.open_store(store_dir)
        opened = True
        for f in files:
            try:
                report = embedded.load_file(
                    db,
                    f,
                    graph=graph,
                    target=str(store_dir),
                    compact_after=False,
                    **({"bulk_bytes": 0} if f in bulk else {}),
                )
            except GraphFileError as err:
                # kept without its traceback: its frames hold the open store, which must close below (and
                # a store removed while this process still has it open stays locked to it)
                err.__traceback__ = None
                loaded.failed.append(err)
                if progress is not None:
                    progress(err)
                continue
            # graphs loaded by hand are no longer the ones `kg build --load` recorded
            sync.forget_graphs(store_dir, [g for g, how in report.graphs.items() if how != "unchanged"])
            loaded.reports.append(report)
            if progress is not None:
                progress(report)
        if any(r.bulk for r in loaded.reports):  # once, after every bulk load
            embedded.compact(db)
        loaded.sizes = embedded.graph_sizes(db)
        return loaded
    finally:
        db = None  # pyoxigraph closes the store (and frees its lock) with its last reference
        if opened and created and not loaded.reports and store_dir.is_dir():  # made by this load, not another
            shutil.rmtree(store_dir, ignore_errors=True)
            if existed:
                store_dir.mkdir(exist_ok=True)


def _to_endpoint(files: list[Path], target: Endpoint, graph: str | None, progress: Progress | None) -> Loaded:
    """PUT each named graph of ``files`` to the endpoint; a file that does not parse is skipped."""
    loaded = Loaded(safe_url(target.url), files=len(files))
    try:
        for f in files:
            try:
                report = target.load_file(f, graph=graph)
            except GraphFileError as err:
                loaded.failed.append(err)
                if progress is not None:
                    progress(err)
                continue
            loaded.reports.append(report)
            if progress is not None:
                progress(report)
    finally:
        target.close()
    return loaded
