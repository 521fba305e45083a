"""Map records to document graphs and write them, one N-Quads file per document (every engine).

:func:`add_document` is the one way a record becomes a graph: its events are given their
corpus entities and shared keys, and :class:`kg.rdf.mapping.Mapper` writes them, with the
corpus entities the document describes. :func:`map_documents` does it for a chunk of documents
whose records are in the cache (a worker's task), checks the chunk against the shapes and writes
``OUT/graphs/<id>.nq`` (lines sorted).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import quote

from kg.engine.cache import CACHE_DIR, AnalysisCache
from kg.engine.corpus import collector_paused, described
from kg.engine.record import DocumentRecord, Failed, failed
from kg.engine.record_json import loads
from kg.errors import KgError
from kg.ingest.documents import Document
from kg.model import Entity, printable

__all__ = ["GRAPHS_DIR", "MapTask", "add_document", "graph_file", "map_documents", "warm_up", "write_entailments"]

#: the folder under OUT with one N-Quads file per document graph
GRAPHS_DIR = "graphs"


def graph_file(doc_id: str) -> str:
    """The file name of a document's graph under ``OUT/graphs/``."""
    return quote(doc_id, safe="-_.") + ".nq"


def add_document(
    mapper, document: Document, record: DocumentRecord, corpus: Sequence[Entity], event_keys: Sequence[str | None]
):
    """Map one document into ``mapper`` (a :class:`kg.rdf.mapping.Mapper`); returns its graph's IRI.

    Args:
        corpus: per entity of the record, its corpus entity.
        event_keys: per event of the record, its shared key (None: a node of its own).
    """
    from kg.rdf.mapping import DocumentFacts

    events = [ev.event(corpus) for ev in record.events]
    # the mapper names shared events by id(): only this document's, alive while it is mapped (an id
    # is reused once its object is gone, so keys of earlier documents must not linger)
    mapper.event_keys = {id(ev): k for ev, k in zip(events, event_keys) if k is not None}
    authors = {i: corpus[j] for i, j in record.post_authors}
    mapper.add(DocumentFacts(document, described(corpus), events, list(record.sentences), authors))
    return mapper.graph_iri(document)


@dataclass(frozen=True)
class MapTask:
    """What a worker needs to map one document: its cache key, corpus entities and event keys, and
    what the last build wrote for it (a graph file left as it is when its bytes are the same)."""

    id: str
    key: str
    file: str
    corpus: tuple[Entity, ...]  # per entity of the record, its corpus entity
    event_keys: tuple[str | None, ...]  # per event of the record, its shared key
    signature: str = ""
    old_sha: str | None = None
    old_file: str | None = None


def _cached(task: MapTask, cache: AnalysisCache) -> tuple[Document, DocumentRecord]:
    """The document and record of a document analysed or checked earlier in this build."""
    found = loads(cache.get(task.key), task.id)
    if found is None:
        raise KgError(
            f"the cache entry of {task.id} disappeared during the build (from {cache.root}); "
            "is another build writing to the same output folder?"
        )
    return found


_CACHES: dict[str, AnalysisCache] = {}


def _cache(out: str) -> AnalysisCache:
    """The cache of ``out``, its packs' index read once a process (and again only when packs came or went)."""
    cache = _CACHES.get(out)
    if cache is None:
        _CACHES.clear()  # one build's at a time
        cache = _CACHES[out] = AnalysisCache(Path(out))
    cache.index()
    return cache


def map_documents(tasks: list[MapTask], base: str, out: str, validate: bool):
    """Map, check and write the graphs of some documents (in a worker, or here).

    Returns:
        their manifest entries (id -> key, signature, file, graph, sha, triples, validated); when the
        compiled check flagged them, pySHACL's report (else None); and, for each document whose mapping
        raised (a bug of kg's: its graph is not written, the others are), why (id -> one line).
    """
    # the chunk's records, terms and triples live until its files are written and checked, and none is
    # in a cycle: each collection would only walk them again (measured: a seventh of the mapping's time,
    # a third with spaCy's model loaded, as in a worker); they are gone when the collector resumes
    with collector_paused():
        return _map_chunk(tasks, base, out, validate)


def _map_chunk(tasks: list[MapTask], base: str, out: str, validate: bool):
    from kg.rdf.buildinfo import digest_without_time
    from kg.rdf.lines import TripleCollector
    from kg.rdf.mapping import Mapper
    from kg.rdf.write import atomic_write_bytes
    from kg.semantics.batch import Validator

    cache = _cache(out)
    graphs_dir = Path(out) / GRAPHS_DIR
    collector = TripleCollector()  # the triples, without rdflib's indexes (a third of the mapping's time)
    mapper = Mapper(base, collector)
    placed, failures = [], {}
    for task in tasks:
        document, record = _cached(task, cache)
        lines = _graph_lines(mapper, collector, document, record, task)
        if isinstance(lines, Failed):
            failures[task.id] = lines.reason
        else:
            placed.append((task, *lines))
    written, everything = {}, {}
    for task, iri, lines in placed:
        data = "".join(lines).encode("utf-8")
        # the graph's content, not its prov:generatedAtTime: an unchanged graph keeps its file and time
        sha = digest_without_time(data)
        path = graphs_dir / task.file
        if task.old_sha != sha or task.old_file != task.file or not path.is_file():
            atomic_write_bytes(path, data, sync=False)
        written[task.id] = {
            "key": task.key,
            "signature": task.signature,
            "file": task.file,
            "graph": str(iri),
            "sha": sha,
            "triples": len(lines),
            "validated": validate,
        }
        everything[task.id] = (iri, data)
    if not validate:
        return written, None, failures
    validator = Validator(True, base)
    validator.check(collector, b"".join(data for _, data in everything.values()))
    report = validator.report()
    if report is not None and report.violations:  # which documents' own graphs do not conform: skipped
        report = _skip_nonconforming(collector, everything, base, failures)
        for doc_id in failures.keys() & written.keys():
            (graphs_dir / written.pop(doc_id)["file"]).unlink(missing_ok=True)
    return written, report, failures


def _skip_nonconforming(collector, graphs: dict, base: str, failures: dict[str, str]):
    """When a chunk does not conform: each document graph checked alone, the ones that do not conform
    added to ``failures`` with their first violation (their mapping made a graph the shapes refuse: a bug of
    kg's, met on that document only); returns the report of the others together (None: they conform)."""
    from kg.rdf.lines import TripleCollector
    from kg.semantics.batch import Validator

    def check(ids: list[str]):
        alone = TripleCollector()
        alone.prefixes = collector.prefixes
        for doc_id in ids:
            iri = graphs[doc_id][0]
            alone.graphs[iri] = collector.graphs[iri]
        validator = Validator(True, base)
        validator.check(alone, b"".join(graphs[d][1] for d in ids))
        return validator.report()

    for doc_id in graphs:
        report = check([doc_id])
        if report is not None and report.violations:
            failures[doc_id] = printable(
                f"its graph does not conform to ontology/shapes.ttl ({report.violations[0].line()}); please report it"
            )
    rest = [d for d in graphs if d not in failures]
    return check(rest) if rest else None


def _graph_lines(mapper, collector, document: Document, record: DocumentRecord, task: MapTask):
    """(graph IRI, its N-Quads lines) of one document mapped into ``collector``, or
    :class:`~kg.engine.record.Failed` when its mapping raised (what it had added is taken out again)."""
    import os

    iri = None
    try:
        iri = mapper.graph_iri(document)
        add_document(mapper, document, record, task.corpus, task.event_keys)
        return iri, collector.graph(iri).nquads()
    except KgError:  # the setup's, not this document's (a broken lexicon or ontology): stop, in one line
        raise
    except Exception as err:  # noqa: BLE001 - a bug of kg's, met on this document only
        if os.environ.get("KG_DEBUG"):
            raise
        if iri is not None:
            collector.graphs.pop(iri, None)
        return failed("mapping", err)


def warm_up() -> None:
    """Map and check a document of one party, writing nothing: what a process's first chunk of
    :func:`map_documents` would otherwise spend importing and loading (the mapping, the shapes and
    their plans, Oxigraph, the gazetteer's country words: about half a second), so that a worker
    can do it ahead. Never raises: only time is at stake, and the first chunk meets the same error
    and reports it."""
    try:
        from kg.ingest.documents import from_text
        from kg.rdf.lines import TripleCollector
        from kg.rdf.mapping import DEFAULT_BASE, Mapper
        from kg.semantics.batch import Validator

        collector = TripleCollector()
        document = from_text("The Warm-up Party met.", id="warm-up")
        party = Entity(kind="PoliticalParty", name="Warm-up Party", key="warm up party")
        iri = add_document(
            Mapper(DEFAULT_BASE, collector), document, DocumentRecord(document.id, (), (), (), ()), (party,), ()
        )
        Validator(True, DEFAULT_BASE).check(collector, "".join(collector.graph(iri).nquads()).encode("utf-8"))
    except Exception:  # noqa: BLE001
        pass


def write_entailments(files: list[Path], out: Path, base: str) -> tuple[Path, int]:
    """The OWL 2 RL entailments of every document graph file (:func:`kg.semantics.batch.entailments_of_files`),
    written as one named graph to ``OUT/.kg-cache/entailments.nq``; returns the file and its triple count."""
    from kg.rdf.lines import nquad_line
    from kg.rdf.write import atomic_write_bytes
    from kg.semantics.batch import entailments_of_files
    from kg.semantics.reason import entailments_graph_iri

    entailed = entailments_of_files(files)
    iri = entailments_graph_iri(base)
    data = "".join(sorted({nquad_line(t, iri) for t in entailed})).encode("utf-8")
    path = out / CACHE_DIR / "entailments.nq"
    atomic_write_bytes(path, data, sync=False)
    return path, len(entailed)
