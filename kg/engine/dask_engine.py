"""``kg build --engine dask``: the same build as :mod:`kg.engine.local`, with the per-document work on Dask.

The corpus is cut into partitions of files (a ``.jsonl`` shard is one file), and every stage
but the last runs on the Dask workers (:mod:`dask.bag` over the files, on a
:mod:`dask.distributed` cluster: one given by ``scheduler``, or a ``LocalCluster`` here):

1. **Analyse** (map, one task per partition: :func:`kg.engine.dask_tasks.analyse_files`). A worker
   reads its files, keys each document by its content (:func:`kg.engine.cache.document_key`),
   parses the ones the cache in ``OUT/.kg-cache/`` does not have (:func:`kg.engine.workers.analyse_chunk`;
   each worker process loads the spaCy model once, :func:`kg.nlp.parse.load_model` being cached per
   process) and keeps, on the cluster, each document's record (:mod:`kg.engine.record`: entities
   and events, no text, no parse) with where it came from.
2. **Entity merging** (reduce). :func:`kg.resolve.corpus.merge_corpus` is one ordered pass over every
   entity of the corpus (a surname-only person joins the single full name ending with it,
   seen so far), so it cannot be cut into independent groups. What it reads is small,
   though: every occurrence of one name (same kind, same folded name, or same key for an
   office or a motion) meets the same fate, so the workers first fold the occurrences by
   that name (``Bag.foldby``: the first occurrence in the corpus's order, the union of the
   names and roles seen). Only that **name index** — one entity record per distinct name of the
   corpus, no text, no parse, no document — comes to the client, where the corpus step's merge
   (:func:`kg.engine.corpus.merge_entities`) runs on it unchanged. The resulting table (name -> corpus
   entity) goes to every worker (``Client.scatter(broadcast=True)``). Entity IRIs are a pure
   function of the corpus entity's kind and key, so every partition mints the same ones.
3. **Event coreference** (shuffle). Two events can only be one when they have the same class
   and the same targets; the workers group the asserted events by (class, target entities)
   (``Bag.groupby``, a task shuffle), run :func:`kg.engine.corpus.group_keys` on each group, and the
   keys are joined back to their documents by a second shuffle on the document id.
4. **Map and write** (map). Each partition maps its documents (:func:`kg.engine.graphs.map_documents`:
   the same mapper, checked against the shapes in chunks) to ``OUT/graphs/<id>.nq`` and writes
   their concatenation as ``OUT/partitions/part-NNNNN.nq``, which ``kg load OUT/`` bulk-loads.
5. **Merge** (here). The client writes ``OUT/manifest.json`` (per document its content hash,
   graph, file and triple count; per partition its file, documents, triples and SHA-256) and
   the merged ``graph.ttl``/``graph.trig`` from the graph files, with the external merge sort
   of :func:`kg.rdf.write.write_merged` (memory stays flat; it reads every graph file once).

What the client holds: the name index and the corpus entities (step 2), and one short record
per document (id, hashes, counts: the manifest), plus, unless ``facts=False``, one line per
asserted fact for the summary. Never a text, a parse or a graph.

The workers must see the input files and the output folder at the same paths as the client
(a shared file system): they read the files, read and write the cache and write the graph
files; and they must run the same kg, spaCy and model (a worker whose analysis version
differs fails the build).

Why folding by name gives exactly :func:`kg.resolve.corpus.merge_corpus`'s answer: the pass takes the
entities longest name first; a later occurrence of a name either finds the entity its first
occurrence made, or asks the indexes the question its first occurrence asked, and gets the same
answer, because the only entity that could have changed it in between (one with the same number
of words, all of them the name's words) would itself have got that answer and joined. The
exception is a person's name that repeats a word ("Ana Ana Lopes"): another name can then have
all its words and one more, so each occurrence of such a name is its own entry in the index
(kept apart, rare). ``tests/engine/test_dask.py`` checks the two on random corpora.

Dask is an optional extra (``pip install 'kg-news[dask]'``); nothing else in kg imports this module.
"""

from __future__ import annotations

import json
import math
import time
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from kg.engine import cache as kcache
from kg.engine.dask_client import CONNECT_TIMEOUT, DaskMissingError, SchedulerError, connect, require_dask
from kg.engine.graphs import GRAPHS_DIR
from kg.engine.inputs import check_strict, duplicate_id, input_files, no_input
from kg.engine.local import BuildValidationError, StreamResult
from kg.engine.options import BuildOptions, Progress, no_progress
from kg.rdf.read import MANIFEST, PARTITIONS_DIR

__all__ = [
    "CONNECT_TIMEOUT",
    "DaskMissingError",
    "DaskResult",
    "SchedulerError",
    "build",
    "connect",
    "list_files",
    "require_dask",
]

#: at most this many input files per analysis task (a .jsonl shard is one file); fewer, so that
#: each worker thread gets about TASKS_PER_WORKER tasks
FILES_PER_PARTITION = 64
TASKS_PER_WORKER = 4
#: about as many documents as this in a partition of the mapping stage, unless the workers need more
#: partitions (and at least one mapping chunk, kg.engine.dask_tasks.MAP_CHUNK, each)
MAP_PARTITION = 1024


@dataclass
class DaskResult(StreamResult):
    """What a Dask build did: a :class:`kg.engine.local.StreamResult` with the partitions and the counts."""

    partitions: list[dict] = field(default_factory=list)
    workers: int = 0


def list_files(inputs: Iterable[Path | str], follow_symlinks: bool = False):
    """The input files (resolved), in the order :func:`kg.engine.inputs.read_inputs` reads them, and the
    problems met."""
    problems: list = []
    return [resolved for _, resolved in input_files(inputs, problems, follow_symlinks=follow_symlinks)], problems


def build(
    inputs: Iterable[Path | str],
    out: Path | str,
    options: BuildOptions = BuildOptions(engine="dask"),
    *,
    progress: Progress = no_progress,
    client=None,
) -> DaskResult:
    """Build the graph of ``inputs`` into ``out`` on a Dask cluster (see the module).

    Args:
        inputs: files or folders of articles, which every worker must see at the same paths.
        out: the output folder (shared with the workers): ``graphs/``, ``partitions/``,
            ``manifest.json``, the merged files and the cache ``.kg-cache/``.
        options: what to build (:class:`kg.engine.options.BuildOptions`): ``scheduler`` (a
            scheduler's address, ``tcp://HOST:8786``; None: a ``LocalCluster`` of ``workers``
            processes here), ``facts`` (bring every asserted fact back for the summary, else only
            their counts); ``jobs`` and ``reason`` are the local engine's.
        progress: ``progress(total, description)`` -> a progress bar (``update(n)``, ``close()``); it
            counts the files analysed and the partitions mapped.
        client: a ``distributed.Client`` to use instead (then ``scheduler`` and ``workers`` are unused).

    Raises:
        DaskMissingError, SchedulerError, NoInputError, BuildValidationError.
    """
    require_dask()
    started = time.monotonic()
    given, out = Path(out), Path(out).resolve()  # the workers get absolute paths
    files, problems = list_files(inputs, options.follow_symlinks)
    if not files:
        raise no_input(problems)
    own = None
    if client is None:
        client, own = connect(options.scheduler, options.workers)
    try:
        with kcache.build_lock(out):  # one build at a time writes OUT; what a killed one left goes first
            result = _DaskBuild(client, out, options, progress, started).run(files, problems)
        result.paths = [given / p.name for p in result.paths]
        return result
    finally:
        if own is not None:
            client.close()
            own.close()


def _wait(client, futures, sizes: list[int], progress) -> None:
    """Wait for ``futures`` (in any order), counting ``sizes[i]`` on ``progress`` as the i-th is done."""
    from distributed import as_completed

    # a partition's future has the key (name, i); anything else counts in the order given
    where = {
        f.key: f.key[1]
        if isinstance(f.key, tuple) and len(f.key) == 2 and isinstance(f.key[1], int) and 0 <= f.key[1] < len(sizes)
        else i
        for i, f in enumerate(futures)
    }
    for f in as_completed(futures, loop=client.loop):
        progress.update(sizes[where[f.key]])
    progress.close()


class _DaskBuild:
    """The stages of one Dask build (see the module), sharing the client, the options and the result."""

    def __init__(self, client, out: Path, options: BuildOptions, progress: Progress, started: float):
        self.client, self.out, self.options, self.progress = client, out, options, progress
        workers = client.scheduler_info().get("workers", {})
        self.result = DaskResult(workers=len(workers))
        self.threads = max(1, sum(w.get("nthreads", 1) for w in workers.values()))  # tasks run at once
        self.clock = [started]
        self.started = started

    def run(self, files: list[Path], problems: list) -> DaskResult:
        from kg.engine import dask_tasks as tasks
        from kg.rdf.mapping import Mapper

        client, result = self.client, self.result
        result.problems = list(problems)
        result.lap("start", self.clock)  # listing the files, connecting (or starting the local cluster)
        (self.out / GRAPHS_DIR).mkdir(parents=True, exist_ok=True)
        (self.out / PARTITIONS_DIR).mkdir(parents=True, exist_ok=True)
        docs, n = self.analyse(files)

        # the name index, reduced on the workers; the corpus entities, here
        names = (
            docs.map(lambda s: list(tasks.name_occurrences(s)))
            .flatten()
            .foldby(lambda kv: kv[0], lambda acc, kv: tasks.fold_names(acc, kv[1]), None, tasks.fold_names, None)
        )
        table, entities = tasks.corpus_entities(client.compute(names).result())
        mapper = Mapper(self.options.base)
        [shared] = client.scatter(
            [tasks.Shared(table, entities, [str(mapper.entity_iri(e)) for e in entities])], broadcast=True
        )
        result.lap("corpus", self.clock)

        manifest_docs, partitions = self.map(docs, n, shared)
        del docs, shared
        self.clean(manifest_docs, partitions)
        self.merge(manifest_docs, partitions)
        result.seconds = time.monotonic() - self.started
        return result

    def analyse(self, files: list[Path]):
        """Analyse the files on the workers; returns the bag of the documents kept and their number."""
        import dask.bag as db
        from distributed import futures_of

        from kg.engine.dask_tasks import analyse_files

        client, options, result = self.client, self.options, self.result
        numbered = [(i, str(f)) for i, f in enumerate(files)]
        size = max(1, min(FILES_PER_PARTITION, math.ceil(len(files) / (TASKS_PER_WORKER * self.threads))))
        groups = [numbered[i : i + size] for i in range(0, len(numbered), size)]
        parts = db.from_sequence(groups, npartitions=len(groups)).map(
            analyse_files,
            str(self.out),
            options.model,
            kcache.analysis_version(options.model),
            options.batch_size,
            options.rebuild,
            options.lang,
        )
        parts = client.persist(parts)
        _wait(client, futures_of(parts), [len(g) for g in groups], self.progress(len(files), "analyse"))

        # the documents kept: the first of an id, in the order of the files; and the problems
        index = client.compute(parts.map(lambda p: ([(s.id, s.order, s.path) for s in p.docs], p.problems))).result()
        first: dict[str, tuple] = {}
        dropped: set[tuple] = set()
        for _, more in index:
            result.problems.extend(more)
        for doc_id, order, path in sorted((d for docs, _ in index for d in docs), key=lambda d: d[1]):
            if doc_id in first:
                result.problems.append(duplicate_id(path, doc_id, first[doc_id][1]))
                dropped.add((doc_id, order))
            else:
                first[doc_id] = (order, path)
        if not first:
            raise no_input(result.problems)
        if options.strict:
            check_strict(result.problems)
        docs = parts.map(lambda p: p.docs).flatten()
        if dropped:
            docs = docs.filter(lambda s: (s.id, s.order) not in dropped)
        result.lap("analyse", self.clock)
        return docs, len(first)

    def map(self, docs, n: int, shared) -> tuple[dict[str, dict], list[dict]]:
        """Event keys (a shuffle by class and targets) joined to their documents (a shuffle by id), then
        the mapping; returns the manifest entries of the documents and of the partitions."""
        import dask.bag as db
        from dask import delayed

        from kg.engine import dask_tasks as tasks
        from kg.semantics.batch import merge_reports

        client, options, result = self.client, self.options, self.result
        # partitions of the mapping stage: about MAP_PARTITION documents each, two per worker at least
        npart = max(1, min(math.ceil(n / tasks.MAP_CHUNK), max(2 * self.threads, math.ceil(n / MAP_PARTITION))))
        # (a task shuffle gives as many partitions as it is given: repartition first)
        keys = (
            docs.map(tasks.event_occurrences, shared)
            .flatten()
            .repartition(npart)
            .groupby(lambda kv: kv[0], shuffle="tasks")
            .map(tasks.event_group_keys, shared)
            .flatten()
        )
        joined = (
            db.concat([docs.map(lambda s: (s.id, s)), keys.map(lambda k: (k[0], k))])
            .repartition(npart)
            .groupby(lambda x: x[0], shuffle="tasks")
            .map(tasks.join)
        )
        work = [
            delayed(tasks.map_partition)(i, p, shared, options.base, str(self.out), options.validate, options.facts)
            for i, p in enumerate(joined.to_delayed())
        ]
        report = None
        manifest_docs: dict[str, dict] = {}
        partitions = []
        running = client.compute(work)
        # a mapping partition's size is known only when it is done: the bar counts partitions
        _wait(client, running, [1] * len(running), self.progress(len(running), "map"))
        for done in client.gather(running):
            result.problems.extend(done["problems"])
            if not done["documents"]:
                (self.out / done["partition"]["file"]).unlink(missing_ok=True)
                continue
            partitions.append(done["partition"])
            manifest_docs.update(done["documents"])
            result.classes.update(done["classes"])
            result.claims += done["claims"]
            result.facts.extend(done["facts"])
            if done["report"] is not None:
                report = done["report"] if report is None else merge_reports(report, done["report"])
        result.lap("map", self.clock)
        if not manifest_docs:
            raise no_input(result.problems)
        if options.strict:
            check_strict(result.problems)
        if report is not None and report.violations:
            raise BuildValidationError(report)
        return manifest_docs, partitions

    def clean(self, manifest_docs: dict, partitions: list[dict]) -> None:
        """Remove what is left of an earlier build: graph and partition files of nothing here."""
        keep_graphs = {d["file"] for d in manifest_docs.values()}
        for f in (self.out / GRAPHS_DIR).glob("*.nq"):
            if f.name not in keep_graphs:
                f.unlink()
        keep_parts = {p["file"] for p in partitions}
        for f in (self.out / PARTITIONS_DIR).glob("*.nq"):
            if f"{PARTITIONS_DIR}/{f.name}" not in keep_parts:
                f.unlink()

    def merge(self, manifest_docs: dict, partitions: list[dict]) -> None:
        """The counts, the merged files, the manifest; the cache pruned to the documents built."""
        from kg.rdf.formats import get as get_format
        from kg.rdf.write import atomic_write_bytes, write_merged

        out, options, result = self.out, self.options, self.result
        order = sorted(manifest_docs)
        result.facts.sort(key=lambda f: f.document)  # stable: each document's facts stay in their order
        result.documents = len(order)
        result.parsed = sum(1 for d in manifest_docs.values() if d["parsed"])
        result.cached = result.documents - result.parsed
        result.written = result.documents
        result.triples = sum(d["triples"] for d in manifest_docs.values())
        result.graphs = [
            (manifest_docs[i]["graph"], out / GRAPHS_DIR / manifest_docs[i]["file"], manifest_docs[i]["sha"])
            for i in order
        ]
        result.partitions = sorted(partitions, key=lambda p: p["file"])
        write_merged(
            [g[1] for g in result.graphs], out, options.formats, options.base, tmp=out / kcache.CACHE_DIR / "tmp"
        )
        result.paths = [out / get_format(f).filename for f in options.formats]
        manifest = {
            "engine": "dask",
            "format": 1,
            "base": options.base,
            "analysis": kcache.analysis_version(options.model),
            "documents": {
                i: {k: v for k, v in manifest_docs[i].items() if k not in ("signature", "validated")} for i in order
            },
            "partitions": result.partitions,
            "triples": result.triples,
        }
        atomic_write_bytes(out / MANIFEST, json.dumps(manifest, ensure_ascii=False, sort_keys=True, indent=1).encode())
        kcache.AnalysisCache(out).prune({d["key"] for d in manifest_docs.values()})
        result.lap("merge", self.clock)
