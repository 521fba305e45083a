"""``kg build`` at scale: streaming, parallel, incremental, into an output folder.

A build makes two passes over the corpus, with the corpus-level step between them:

1. **Analyse.** Each document's key (:func:`kg.engine.cache.document_key`: its content, the model,
   the analysis code and word lists) is looked up in ``OUT/.kg-cache/`` (a file unchanged since
   the last build, by size, times and inode, is not even read again); documents without an
   entry are parsed and analysed (:class:`kg.engine.workers.Analyser`, ``--jobs N`` processes) and
   their :class:`kg.engine.record.Analysis` is cached. Only what the corpus step needs stays in
   memory: each document's entities and events, in compact form (no text, no spaCy objects).
2. **Corpus step.** One entity per real thing (:func:`kg.resolve.corpus.merge_corpus`) and one node per real event
   (:func:`kg.resolve.corpus.event_keys`), over every document, cached or not, exactly as
   :func:`kg.engine.pipeline.build_corpus` does; so a cached or parallel build writes the same graph
   as a fresh one. Then each document's *signature*: its key plus everything of the corpus
   its graph shows (the entities it mentions, with their names and roles, and its events'
   shared keys).
3. **Map and write.** A document whose signature is the one of the last build keeps its graph
   file; the others are mapped (:class:`kg.rdf.mapping.Mapper`), checked against the shapes in
   chunks (:mod:`kg.semantics.conform`, then pySHACL on a chunk it flags) and written as they are
   produced to ``OUT/graphs/<id>.nq`` (N-Quads, lines sorted), by new worker processes (the
   parsing ones, with their models, are gone) or, for a few, here. The graph files of
   documents that left the corpus are removed. Last, the merged files (``graph.ttl``,
   ``graph.trig``, ...) are written from the graph files, with Oxigraph's serializers and an
   external merge sort, when anything changed.

Memory: the corpus step needs every document's entities and events (about 3 kB a document);
the texts, the parses and the graphs are never all held at once.

With ``jobs`` > 1, call :func:`build` from a script under ``if __name__ == "__main__":`` (the
worker processes import the main module, as with any use of :mod:`multiprocessing`).
"""

from __future__ import annotations

import pickle
import sys
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Iterable, Iterator
from urllib.parse import quote

from kg.engine import cache as kcache
from kg.engine.record import Analysis
from kg.ingest.documents import Document, Problem, read_corpus
from kg.errors import KgError, NoInputError
from kg.model import Entity, Event

#: the folder under OUT with one N-Quads file per document graph
GRAPHS_DIR = "graphs"
#: documents mapped (and validated) together
MAP_CHUNK = 64
#: fewer document graphs to map than this: mapped in this process, not by the workers
SMALL_MAP = 256


class _Ref:
    """An event's agent or target between the passes: just its entity (what kg.resolve.corefer reads)."""

    __slots__ = ("entity",)

    def __init__(self, entity):
        self.entity = entity


class _Light:
    """An event between the passes: what kg.resolve.corefer, the summary and the signature read (~300 bytes)."""

    __slots__ = ("cls", "modality", "date", "trigger_index", "charge", "quote", "sentence_no", "agents", "targets")

    def __init__(self, ev: Event, sentence_no: int, compact: dict):
        self.cls, self.modality, self.date, self.trigger_index = ev.cls, ev.modality, ev.date, ev.trigger_index
        self.charge, self.quote, self.sentence_no = ev.charge, ev.quote, sentence_no
        self.agents = [_Ref(compact.get(id(m.entity), m.entity)) for m in ev.agents]
        self.targets = [_Ref(compact.get(id(m.entity), m.entity)) for m in ev.targets]

    @property
    def asserted(self) -> bool:
        return self.modality == "Asserted"


class _Local:
    """A document's entity between the passes: what the corpus merge reads, strings shared (~400 bytes)."""

    __slots__ = ("kind", "name", "key", "aliases", "names", "roles")

    def __init__(self, e: Entity):
        self.kind, self.name, self.key = sys.intern(e.kind), sys.intern(e.name), sys.intern(e.key)
        self.aliases = tuple(sys.intern(a) for a in e.aliases)
        self.names = frozenset(sys.intern(n) for n in e.names)
        self.roles: tuple = ()


def _compact(entities: list[Entity]) -> tuple[list[_Local], dict[int, _Local]]:
    """A document's entities as :class:`_Local` objects, and ``id(entity) -> its _Local``."""
    compact = {id(e): _Local(e) for e in entities}
    for e in entities:
        # a role pointing outside the document's entities keeps its object (the merge drops it)
        compact[id(e)].roles = tuple((sys.intern(r), compact.get(id(o), o)) for r, o in e.roles)
    return [compact[id(e)] for e in entities], compact


@dataclass
class _Doc:
    """One document between the passes."""

    id: str
    key: str
    file: str
    entities: list[_Local] = field(default_factory=list)
    events: list[_Light] = field(default_factory=list)
    corpus: list[Entity | None] = field(default_factory=list)  # per entity, its corpus entity
    event_keys: list[str | None] = field(default_factory=list)  # per event, its shared key
    signature: str = ""


@dataclass
class StreamResult:
    """What a build into a folder did."""

    documents: int = 0
    parsed: int = 0
    cached: int = 0
    removed: int = 0
    written: int = 0  # document graphs (re)written
    unchanged: int = 0  # document graphs kept as they were
    facts: list = field(default_factory=list)  # kg.engine.pipeline.Fact
    classes: Counter = field(default_factory=Counter)  # asserted facts per event class
    claims: int = 0
    triples: int = 0
    paths: list[Path] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)
    graphs: list[tuple[str, Path, str]] = field(default_factory=list)  # (graph IRI, file, sha) per document
    removed_graphs: list[str] = field(default_factory=list)
    entailments: tuple[str, Path, str] | None = None  # (graph IRI, file, sha) with --reason
    seconds: float = 0.0
    #: seconds per phase: read (the workers analysing meanwhile), analyse (the rest of it, and
    #: loading every analysis), corpus, map, merge
    phases: dict[str, float] = field(default_factory=dict)


class BuildValidationError(KgError):
    """The graph built does not conform to the shapes; ``report`` has the findings."""

    def __init__(self, report):
        self.report = report
        n = len(report.violations)
        super().__init__(f"the built graph does not conform to ontology/shapes.ttl ({n} violations, listed above); "
                         "the merged graph files were not written")


def graph_file(doc_id: str) -> str:
    """The file name of a document's graph under ``OUT/graphs/``."""
    return quote(doc_id, safe="-_.") + ".nq"


class _Bar:
    def update(self, n: int = 1) -> None:
        pass

    def close(self) -> None:
        pass


def _no_bar(total: int, desc: str) -> _Bar:
    return _Bar()


def build(inputs: Iterable[Path | str], out: Path | str, *, base: str | None = None, model: str | None = None,
          jobs: int = 1, batch_size: int = 64, formats: Iterable[str] = ("ttl", "trig"), validate: bool = True,
          reason: bool = False, rebuild: bool = False,
          bar: Callable[[int, str], _Bar] = _no_bar) -> StreamResult:
    """Build the graph of ``inputs`` into the folder ``out``, re-using what an earlier build there did.

    Args:
        inputs: files or folders of articles.
        out: the output folder: merged files, ``graphs/``, ``.kg-cache/``.
        base: the namespace instance IRIs are minted under.
        model: a spaCy model name.
        jobs: processes that parse and analyse.
        batch_size: paragraphs per ``nlp.pipe`` batch.
        formats: merged files to write (:data:`kg.rdf.write.FORMATS`).
        validate: check changed document graphs against the SHACL shapes (in chunks).
        reason: add the OWL 2 RL entailments graph.
        rebuild: parse every document again, ignoring the cache.
        bar: ``bar(total, description)`` makes a progress bar (``update(n)``, ``close()``).

    Raises:
        NoInputError: nothing could be read.
        BuildValidationError: a changed graph does not conform (the merged files are not written).
    """
    from kg.rdf.mapping import DEFAULT_BASE
    from kg.rdf.write import check_formats

    started = time.monotonic()
    base = base or DEFAULT_BASE
    formats = check_formats(formats)
    out = Path(out)
    store = kcache.AnalysisCache(out)
    previous = kcache.load_manifest(out)
    version = kcache.analysis_version(model)
    from kg.engine.workers import Analyser

    with Analyser(model, jobs, batch_size) as analyser:
        return _build(analyser, inputs, out, base, model, batch_size, formats, validate, reason, rebuild, bar,
                      started, store, previous, version)


def _build(analyser, inputs, out, base, model, batch_size, formats, validate, reason, rebuild, bar, started,
           store, previous, version) -> StreamResult:
    """Read (analysing new documents as they are read), the corpus step, map and write (see the module)."""
    feeder = analyser.feeder(store.put)

    def fresh(document: Document, key: str) -> None:
        if rebuild or not store.has(key):
            feeder.add(document, key)

    entries, problems, file_records = read_inputs(inputs, previous if not rebuild else {}, store, version, fresh)
    if not entries:
        raise NoInputError("no article could be read" + ("" if problems else "; give .txt or .md files or folders"),
                           problems)
    result = StreamResult(documents=len(entries), problems=problems)
    clock = [started]

    def lap(phase: str) -> None:
        now = time.monotonic()
        result.phases[phase] = result.phases.get(phase, 0.0) + now - clock[0]
        clock[0] = now

    docs = [_Doc(e.id, e.key, graph_file(e.id)) for e in entries]
    result.parsed = feeder.sent
    result.cached = len(docs) - result.parsed
    del entries
    lap("read")  # and, with --jobs N, the workers analyse what is read meanwhile

    # pass 1: the documents read and not in the cache are being analysed; wait for them, then
    # keep each document's entities and events
    progress = bar(feeder.sent, "analyse")
    feeder.finish(progress)
    progress.close()
    analyser.close()  # mapping needs no model: new workers without it keep the peak memory down
    for doc in docs:
        a = _load(store.get(doc.key), None, doc, store, model, batch_size, file_records)
        sentence_index = {s: i + 1 for i, s in reversed(list(enumerate(a.sentences)))}
        doc.entities, compact = _compact(a.entities)
        doc.events = [_Light(ev, sentence_index.get(ev.sentence, 0), compact) for ev in a.events]
        del a, compact
    lap("analyse")

    # the corpus step
    _corpus_step(docs, base)
    result.facts, result.claims = _facts(docs)
    result.classes = Counter(f.cls for f in result.facts)
    lap("corpus")

    # pass 2: map and write the documents whose graph changed
    graphs_dir = out / GRAPHS_DIR
    graphs_dir.mkdir(parents=True, exist_ok=True)
    old_docs = previous.get("documents", {}) if previous.get("base") == base and not rebuild else {}
    manifest_docs: dict[str, dict] = {}
    todo = []
    for doc in docs:
        old = old_docs.get(doc.id)
        if old and old.get("signature") == doc.signature and old.get("file") == doc.file \
                and (old.get("validated") or not validate) and (graphs_dir / doc.file).is_file():
            manifest_docs[doc.id] = old
            result.unchanged += 1
        else:
            todo.append(doc)
    progress = bar(len(todo), "map")
    from kg.engine.workers import merge_reports

    tasks = (([_MapItem(doc.id, doc.key, doc.file, doc.corpus, doc.event_keys, doc.signature,
                        old_docs.get(doc.id, {}).get("sha"), old_docs.get(doc.id, {}).get("file"))
               for doc in todo[i:i + MAP_CHUNK]], base, str(out), validate)
             for i in range(0, len(todo), MAP_CHUNK))
    report = None
    # a few graphs (a re-run) are mapped here; many, by the workers, each writing its own files
    for written, findings in analyser.run(map_documents, tasks, here=len(todo) < SMALL_MAP):
        manifest_docs.update(written)
        if findings is not None:
            report = findings if report is None else merge_reports(report, findings)
        progress.update(len(written))
    progress.close()
    result.written = len(todo)
    lap("map")
    if report is not None and not report.conforms:
        raise BuildValidationError(report)

    # documents that left the corpus
    current = {doc.id for doc in docs}
    for doc_id, old in sorted(old_docs.items()):
        if doc_id not in current:
            (graphs_dir / old.get("file", graph_file(doc_id))).unlink(missing_ok=True)
            result.removed += 1
            result.removed_graphs.append(old.get("graph", ""))
    if previous and previous.get("base") != base:  # another base: no old graph file is ours any more
        for f in graphs_dir.glob("*.nq"):
            if f.name not in {doc.file for doc in docs}:
                f.unlink()

    files = [graphs_dir / doc.file for doc in docs]
    result.graphs = [(manifest_docs[doc.id]["graph"], graphs_dir / doc.file, manifest_docs[doc.id]["sha"])
                     for doc in docs]
    result.triples = sum(manifest_docs[doc.id]["triples"] for doc in docs)

    # the merged files, when anything changed (or one is missing)
    extra: list[Path] = []
    if reason:
        from kg.semantics.reason import entailments_graph_iri

        entailments, n = _reason(files, out, base)
        extra.append(entailments)
        result.triples += n
        result.entailments = (str(entailments_graph_iri(base)), entailments, kcache.file_sha(entailments))
    from kg.rdf.write import FILENAMES

    paths = [out / FILENAMES[f] for f in formats]
    state = {"documents": {k: v["sha"] for k, v in manifest_docs.items()}, "formats": list(formats), "reason": reason,
             "extra": [kcache.file_sha(p) for p in extra]}
    if rebuild or previous.get("outputs_state") != state or not all(p.is_file() for p in paths) \
            or previous.get("outputs") != {p.name: _stamp(p) for p in paths}:
        from kg.rdf.write import write_merged

        write_merged(files + extra, out, formats, base, tmp=out / kcache.CACHE_DIR / "tmp")
    result.paths = paths
    lap("merge")
    kcache.save_manifest(out, {"base": base, "documents": manifest_docs, "outputs_state": state,
                               "outputs": {p.name: _stamp(p) for p in paths}, "files": file_records,
                               "reader": kcache.reader_version()})
    store.prune({doc.key for doc in docs})
    result.seconds = time.monotonic() - started
    return result


@dataclass
class _Entry:
    """A document of the corpus: read from its file now, or known from the last build."""

    id: str
    key: str
    path: str


def read_inputs(inputs: Iterable[Path | str], previous: dict, store: kcache.AnalysisCache, version: str,
                fresh=None) -> tuple[list[_Entry], list[Problem], dict]:
    """The corpus's documents, sorted by id, as :func:`kg.ingest.documents.read_corpus` reads them, but
    without reading again a file that is unchanged since the last build (same size, times and
    inode, same reader code) and whose documents' analyses are all in the cache.

    ``fresh(document, key)`` is called with each document read (the first of an id); the build
    sends it off to be analysed at once when the cache lacks it, so parsing starts while the
    rest is read.

    Returns the entries, the problems met, and the file records for the next build.
    """
    known = previous.get("files", {}) if previous.get("reader") == kcache.reader_version() else {}
    entries: dict[str, _Entry] = {}
    problems: list[Problem] = []
    files: dict[str, dict] = {}

    def add(entry: _Entry, where: Path) -> bool:
        if entry.id in entries:
            other = entries[entry.id].path
            problems.append(Problem(Path(entry.path) if entry.path else where,
                                    f"duplicate document id {entry.id!r} (also {other}); "
                                    "rename one file or give a unique id"))
            return False
        entries[entry.id] = entry
        return True

    for path, resolved in input_files(inputs, problems):
        stamp = kcache.file_stamp(path)
        record = known.get(str(resolved))
        if stamp is not None and record and record.get("stamp") == stamp and all(
                store.has(kcache.key_of(content, version)) for _, content, _ in record["docs"]):
            kept = [d for d in record["docs"]
                    if add(_Entry(d[0], kcache.key_of(d[1], version), d[2]), path)]
            files[str(resolved)] = {"stamp": stamp, "docs": kept}
            continue
        found, more = read_corpus([path])
        problems.extend(more)
        kept = []
        for document in found:
            content = kcache.content_hash(document)
            where = str(document.path or path)
            entry = _Entry(document.id, kcache.key_of(content, version), where)
            if add(entry, path):
                kept.append([document.id, content, where])
                if fresh is not None:
                    fresh(document, entry.key)
        if stamp is not None and found:
            files[str(resolved)] = {"stamp": stamp, "docs": kept}
    return [entries[k] for k in sorted(entries)], problems, files


def input_files(inputs: Iterable[Path | str], problems: list[Problem]) -> Iterator[tuple[Path, Path]]:
    """(path, resolved path) of each input file, in the order read, each file once; the problems
    of inputs that are no article file or folder are appended to ``problems`` as they are met."""
    from kg.ingest.documents import SUFFIXES, folder_files

    seen: set[Path] = set()
    for given in map(Path, inputs):
        if given.is_dir():
            paths = folder_files(given)
            if not paths:
                problems.extend(read_corpus([given])[1])
        elif given.exists() and given.suffix.lower() in SUFFIXES:
            paths = [given]
        else:
            problems.extend(read_corpus([given])[1])
            continue
        for path in paths:
            resolved = path.resolve()
            if resolved not in seen:
                seen.add(resolved)
                yield path, resolved


def _reread(doc: _Doc, files: dict) -> Document:
    """The document of a file recorded unchanged whose cache entry disappeared since: read it again."""
    for path, record in files.items():
        if any(d[0] == doc.id for d in record["docs"]):
            found, _ = read_corpus([Path(path)])
            for document in found:
                if document.id == doc.id:
                    return document
    raise KgError(f"{doc.id}: its cache entry disappeared during the build; run the build again")


def _stamp(path: Path) -> list:
    try:
        st = path.stat()
    except OSError:
        return []
    return [st.st_size, st.st_mtime_ns]


def _load(data: bytes | None, document: Document | None, doc: _Doc, store: kcache.AnalysisCache, model,
          batch_size: int, files: dict) -> Analysis:
    """Unpickle a cached analysis; a missing or damaged entry is analysed again, here (the file is
    read again when it was not, being unchanged)."""
    try:
        if data is not None:
            a = pickle.loads(data)
            if isinstance(a, Analysis) and a.document.id == doc.id:
                return a
    except Exception:  # noqa: BLE001 - a damaged cache entry is a miss
        pass
    from kg.nlp.parse import load_model
    from kg.engine.workers import analyse_chunk

    if document is None:
        document = _reread(doc, files)
    (data,) = analyse_chunk([document], load_model(model), batch_size)
    store.put(doc.key, data)
    return pickle.loads(data)


def _reload(doc: _Doc, store: kcache.AnalysisCache) -> Analysis:
    """The analysis of a document analysed or checked earlier in this build, from the cache."""
    data = store.get(doc.key)
    if data is None:
        raise KgError(f"the cache entry of {doc.id} disappeared during the build ({store.path(doc.key)}); "
                      "is another build writing to the same output folder?")
    return pickle.loads(data)


def _corpus_step(docs: list[_Doc], base: str) -> None:
    """Corpus entities, shared event keys and graph signatures of every document."""
    import hashlib

    from kg.resolve.corpus import event_keys, merge_corpus
    from kg.rdf.mapping import Mapper

    mapping = merge_corpus([doc.entities for doc in docs])
    for doc in docs:
        doc.corpus = [mapping.get(id(e)) for e in doc.entities]
        for ev in doc.events:  # point every mention at its corpus entity (kg.engine.pipeline._to_corpus)
            for m in ev.agents + ev.targets:
                if m.entity is not None and id(m.entity) in mapping:
                    m.entity = mapping[id(m.entity)]
    mapper = Mapper(base)
    corpus = {id(e): e for e in mapping.values()}
    keys = event_keys([(doc.id, doc.events) for doc in docs], lambda eid: str(mapper.entity_iri(corpus[eid])))
    del mapping
    version = kcache.mapping_version()
    for doc in docs:
        doc.event_keys = [keys.get(id(ev)) for ev in doc.events]
        h = hashlib.sha256(f"{version}\n{base}\n{doc.key}\n".encode("utf-8"))
        seen: set[int] = set()
        for e in doc.corpus:
            if e is not None:
                h.update(_describe(e, seen))
        for ev, k in zip(doc.events, doc.event_keys):
            h.update(f"|{k}".encode("utf-8"))
            for m in ev.agents + ev.targets:
                if m.entity is not None:
                    h.update(_describe(m.entity, seen))
        doc.signature = h.hexdigest()
        doc.entities = []  # the local entities are no longer needed


def _describe(e: Entity, seen: set[int]) -> bytes:
    """Everything of an entity that the mapping writes: its IRI key, names, aliases, roles."""
    if id(e) in seen:
        return b"="
    seen.add(id(e))
    roles = sorted((r, o.kind, o.key, o.name, tuple(o.aliases)) for r, o in e.roles)
    return repr((e.kind, e.key, e.name, sorted(e.names), tuple(e.aliases), roles)).encode("utf-8")


def _facts(docs: list[_Doc]):
    from kg.engine.facts import Fact

    facts, claims = [], 0
    for doc in docs:
        for ev in doc.events:
            no = ev.sentence_no
            if not ev.asserted:
                claims += 1
                continue
            facts.append(Fact(doc.id, no, ev.cls, [x.entity.name for x in ev.agents if x.entity],
                              [x.entity.name for x in ev.targets if x.entity],
                              ev.date.isoformat() if ev.date else None, ev.charge, ev.quote))
    return facts, claims


class _Graph:
    """What :meth:`kg.rdf.mapping.Mapper.add` uses of a named graph: its name and ``add``."""

    __slots__ = ("identifier", "triples")

    def __init__(self, identifier):
        self.identifier = identifier
        self.triples: dict = {}  # a set that keeps the order triples came in

    def add(self, triple) -> "_Graph":
        self.triples[triple] = None
        return self


class _Collector:
    """Stands for the mapper's rdflib Dataset: named graphs that only collect their triples."""

    def __init__(self):
        self.graphs: dict = {}

    def graph(self, identifier) -> _Graph:
        g = self.graphs.get(identifier)
        if g is None:
            g = self.graphs[identifier] = _Graph(identifier)
        return g

    def quads(self, pattern=None):
        for iri, g in self.graphs.items():
            for s, p, o in g.triples:
                yield s, p, o, iri

    def dataset(self, base: str):
        """The same graphs as an rdflib Dataset (with the mapper's prefixes), for pySHACL."""
        from kg.rdf.mapping import Mapper

        dataset = Mapper(base).dataset
        for iri, g in self.graphs.items():
            target = dataset.graph(iri)
            for t in g.triples:
                target.add(t)
        return dataset


@dataclass
class _MapItem:
    """What a worker needs to map one document: its cache key, its corpus entities and event keys."""

    id: str
    key: str
    file: str
    corpus: list  # per entity of the analysis, its corpus entity (or None)
    event_keys: list  # per event of the analysis, its shared key (or None)
    signature: str
    old_sha: str | None
    old_file: str | None


def map_documents(items: list[_MapItem], base: str, out: str, validate: bool):
    """Map, check and write the graphs of some documents (in a worker, or here).

    Returns their manifest entries and, when the compiled check flagged them, pySHACL's report.
    """
    written, dataset, data = _map_chunk(items, kcache.AnalysisCache(Path(out)), base, Path(out) / GRAPHS_DIR)
    for entry in written.values():
        entry["validated"] = validate
    if not validate:
        return written, None
    from kg.engine.workers import Validator

    validator = Validator(True, base)
    validator.check(dataset, data, base)
    return written, validator.report()


def _map_chunk(items: list[_MapItem], store: kcache.AnalysisCache, base: str, graphs_dir: Path):
    """Map and write the graphs of some documents; returns their manifest entries, the dataset and its N-Quads."""
    import hashlib

    from rdflib.plugins.serializers.nquads import _nq_row

    from kg.rdf.mapping import DocumentFacts, Mapper
    from kg.rdf.write import atomic_write_bytes

    mapper = Mapper(base)
    mapper.dataset = _Collector()  # the triples, without rdflib's indexes (a third of the mapping's time)
    placed = []
    for doc in items:
        a = _reload(doc, store)
        remap = {id(local): corpus for local, corpus in zip(a.entities, doc.corpus) if corpus is not None}
        for ev in a.events:
            for m in ev.agents + ev.targets:
                if m.entity is not None and id(m.entity) in remap:
                    m.entity = remap[id(m.entity)]
        # keyed by id(): only this document's events, alive while it is mapped (an id is reused
        # once its object is gone, so keys of earlier documents must not linger)
        mapper.event_keys = {id(ev): k for ev, k in zip(a.events, doc.event_keys) if k is not None}
        entities = sorted({id(e): e for e in doc.corpus if e is not None}.values(), key=lambda e: (e.kind, e.key))
        entities = [e for e in entities if e.kind in {"Person", "PoliticalParty", "Organization"}]
        authors = {i: remap[id(e)] for i, e in a.post_authors.items() if id(e) in remap}
        mapper.add(DocumentFacts(a.document, entities, a.events, a.sentences, authors))
        placed.append((doc, mapper.graph_iri(a.document)))
    written = {}
    everything = []
    for doc, iri in placed:
        lines = sorted({_nq_row(t, iri) for t in mapper.dataset.graph(iri).triples})
        data = "".join(lines).encode("utf-8")
        sha = hashlib.sha256(data).hexdigest()
        path = graphs_dir / doc.file
        if doc.old_sha != sha or doc.old_file != doc.file or not path.is_file():
            atomic_write_bytes(path, data, sync=False)
        written[doc.id] = {"key": doc.key, "signature": doc.signature, "file": doc.file, "graph": str(iri),
                           "sha": sha, "triples": len(lines)}
        everything.append(data)
    return written, mapper.dataset, b"".join(everything)


def _reason(files: list[Path], out: Path, base: str) -> tuple[Path, int]:
    """The OWL 2 RL entailments of every document graph (as :func:`kg.semantics.reason.run`), in one named graph."""
    from collections import defaultdict

    from rdflib import Dataset
    from rdflib.plugins.serializers.nquads import _nq_row

    from kg.semantics import reason
    from kg.rdf.write import atomic_write_bytes

    _, rules = reason.compiled()
    entailed: set = set()
    types: dict = defaultdict(set)
    clashes = []
    for f in files:
        ds = Dataset()
        ds.parse(f, format="nquads")
        for g in reason.document_graphs(ds):
            clashes.extend(reason._literal_clashes(g))
            found, node_types = reason.entailments_fast(g, rules)
            entailed |= found
            for node, cls in node_types.items():
                types[node] |= cls
    clashes.extend(rules.clashes(types))
    if clashes:
        raise reason.InconsistentGraphError(sorted(set(clashes), key=lambda c: c.message))
    iri = reason.entailments_graph_iri(base)
    data = "".join(sorted({_nq_row(t, iri) for t in entailed})).encode("utf-8")
    path = out / kcache.CACHE_DIR / "entailments.nq"
    atomic_write_bytes(path, data, sync=False)
    return path, len(entailed)
