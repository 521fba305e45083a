"""``kg build --engine dask``: the same build as :mod:`kg.engine.local`, with the per-document work on Dask.

The corpus is cut into partitions of files (a ``.jsonl`` shard is one file), and every stage
but the last runs on the Dask workers (:mod:`dask.bag` over the files, on a
:mod:`dask.distributed` cluster: one given by ``scheduler``, or a ``LocalCluster`` here):

1. **Analyse** (map, one task per partition). A worker reads its files, keys each document
   by its content (:func:`kg.engine.cache.document_key`), parses the ones the cache in
   ``OUT/.kg-cache/`` does not have (:func:`kg.engine.workers.analyse_chunk`; each worker process
   loads the spaCy model once, :func:`kg.nlp.parse.load_model` being cached per process) and keeps,
   on the cluster, a small summary of each document: its entities (names, aliases, roles)
   and events (class, modality, date, agents, targets), with no text and no parse.
2. **Entity merging** (reduce). :func:`kg.resolve.corpus.merge_corpus` is one ordered pass over every
   entity of the corpus (a surname-only person joins the single full name ending with it,
   seen so far), so it cannot be cut into independent groups. What it reads is small,
   though: every occurrence of one name (same kind, same folded name, or same key for an
   office or a motion) meets the same fate, so the workers first fold the occurrences by
   that name (``Bag.foldby``: the first occurrence in the corpus's order, the union of the
   names and roles seen). Only that **name index** — one record per distinct name of the
   corpus, no text, no parse, no document — comes to the client, where
   :func:`kg.resolve.corpus.merge_corpus` runs on it unchanged. The resulting table (name -> corpus
   entity) goes to every worker (``Client.scatter(broadcast=True)``). Entity IRIs are a pure
   function of the corpus entity's kind and key, so every partition mints the same ones.
3. **Event coreference** (shuffle). Two events can only be one when they have the same class
   and the same targets; the workers group the asserted events by (class, target entities)
   (``Bag.groupby``, a task shuffle), run :func:`kg.resolve.corpus.event_keys` on each group, and the
   keys are joined back to their documents by a second shuffle on the document id.
4. **Map and write** (map). Each partition maps its documents (:func:`kg.engine.local.map_documents`:
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
(kept apart, rare). ``tests/test_dask.py`` checks the two on random corpora.

Dask is an optional extra (``pip install 'kg[dask]'``); nothing else in kg imports this module.
"""

from __future__ import annotations

import json
import math
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterable

from kg.engine import cache as kcache
from kg.ingest.documents import Problem
from kg.errors import KgError, NoInputError
from kg.rdf.read import MANIFEST, PARTITIONS_DIR
from kg.engine.local import GRAPHS_DIR, BuildValidationError, StreamResult, _no_bar, _Ref, graph_file

#: seconds to wait for a scheduler
CONNECT_TIMEOUT = 10.0
#: at most this many input files per analysis task (a .jsonl shard is one file); fewer, so that
#: each worker thread gets about TASKS_PER_WORKER tasks
FILES_PER_PARTITION = 64
TASKS_PER_WORKER = 4
#: documents per mapping chunk within a partition (as kg.engine.local.MAP_CHUNK), and about as many
#: documents as this in a partition of the mapping stage, unless the workers need more partitions
MAP_CHUNK = 64
MAP_PARTITION = 1024
#: documents per nlp.pipe run within an analysis task (as kg.engine.workers.Analyser's chunk)
ANALYSE_CHUNK = 32


class DaskMissingError(KgError):
    """dask and distributed are not installed."""


class SchedulerError(KgError):
    """The Dask scheduler cannot be reached."""


def require_dask() -> None:
    """Raise :class:`DaskMissingError` (one line, what to install) when dask is missing."""
    try:
        import dask.bag  # noqa: F401
        import distributed  # noqa: F401
    except ImportError:
        raise DaskMissingError("the dask engine needs dask and distributed: pip install 'kg[dask]'") from None


# -- the per-document summaries kept on the cluster between the stages -------------------------------


@dataclass
class _Summary:
    """One document after the analysis: what the reduce steps read (no text, no parse)."""

    id: str
    key: str  # the cache key
    content: str  # the content hash
    path: str
    order: tuple[int, int]  # (file number, place in the file): the first of a duplicate id wins
    parsed: bool
    #: per entity of the analysis: (its identity in the name index, kind, name, key, aliases, names,
    #: roles as (role, identity), -words)
    entities: list[tuple] = field(default_factory=list)
    #: per event: (class, modality, date, trigger index, agents, targets), an agent or target being
    #: the index of its entity in ``entities``, or -1 - j for an entity outside them
    events: list[tuple] = field(default_factory=list)


@dataclass
class _Part:
    """What one analysis task found: its documents and the problems met reading its files."""

    docs: list[_Summary]
    problems: list


def name_key(e) -> tuple[str, str]:
    """The key :func:`kg.resolve.corpus.merge_corpus` merges on first: kind and folded name (an office's or
    a motion's key)."""
    from kg.model import fold

    return (e.kind, e.key if e.kind in {"Office", "Motion"} else fold(e.name))


def _identity(e, doc_id: str, i: int) -> tuple:
    """What the name index folds an entity by: its :func:`name_key`, but each occurrence on its own
    for a person's name that repeats a word (see the module)."""
    kind, folded = k = name_key(e)
    words = folded.split()
    return (kind, folded, doc_id, i) if kind == "Person" and len(set(words)) < len(words) else k


def _summarise(a, doc_id: str, key: str, content: str, path: str, order, parsed: bool) -> _Summary:
    """The summary of one :class:`kg.engine.record.Analysis`."""
    from kg.model import fold

    index = {id(e): i for i, e in enumerate(a.entities)}
    keys = [_identity(e, doc_id, i) for i, e in enumerate(a.entities)]
    entities = []
    for e, k in zip(a.entities, keys):
        # a role pointing outside the document's entities is dropped, as the merge drops it
        roles = frozenset((r, keys[index[id(o)]]) for r, o in e.roles if id(o) in index)
        entities.append((k, e.kind, e.name, e.key, tuple(e.aliases), frozenset(e.names), roles,
                         -len(fold(e.name).split())))
    outside: dict[int, int] = {}

    def ref(m) -> int | None:
        if m.entity is None:
            return None
        i = index.get(id(m.entity))
        return i if i is not None else -1 - outside.setdefault(id(m.entity), len(outside))

    events = [(ev.cls, ev.modality, ev.date, ev.trigger_index, [ref(m) for m in ev.agents],
               [ref(m) for m in ev.targets]) for ev in a.events]
    return _Summary(doc_id, key, content, path, order, parsed, entities, events)


def analyse_files(files: list[tuple[int, str]], out: str, model: str | None, version: str, batch_size: int,
                  rebuild: bool) -> _Part:
    """Read some files, analyse their documents the cache does not have, summarise every one (a task)."""
    from kg.ingest.documents import read_corpus
    from kg.nlp.parse import load_model
    from kg.engine.workers import analyse_chunk
    from kg.engine.local import _Doc, _load

    if kcache.analysis_version(model) != version:
        raise KgError("a Dask worker runs another kg, spaCy, model or word lists than the client "
                      "(its analysis version differs); install the same on every worker")
    store = kcache.AnalysisCache(Path(out))
    found, problems = [], []
    for no, path in files:
        documents, more = read_corpus([Path(path)])
        problems.extend(more)
        for pos, d in enumerate(documents):
            content = kcache.content_hash(d)
            found.append((d, content, kcache.key_of(content, version), (no, pos), str(d.path or path)))
    todo = [(d, k) for d, _, k, _, _ in found if rebuild or not store.has(k)]
    fresh: dict[str, bytes] = {}
    for i in range(0, len(todo), ANALYSE_CHUNK):
        chunk = todo[i:i + ANALYSE_CHUNK]
        for (_, k), data in zip(chunk, analyse_chunk([d for d, _ in chunk], load_model(model), batch_size)):
            store.put(k, data)
            fresh[k] = data
    docs = []
    for d, content, k, order, where in found:
        # a damaged cache entry is analysed again (kg.engine.local._load)
        a = _load(fresh.get(k) or store.get(k), d, _Doc(d.id, k, graph_file(d.id)), store, model, batch_size, {})
        docs.append(_summarise(a, d.id, k, content, where, order, k in fresh))
    return _Part(docs, problems)


# -- step 2: the name index and the corpus entities ------------------------------------------------


@dataclass
class _Name:
    """Every occurrence of one name, folded: the first (in the corpus's order) and the unions."""

    rank: tuple  # (-words, document id, entity index): merge_corpus's order
    kind: str
    name: str
    key: str
    aliases: tuple
    names: frozenset
    roles: frozenset  # (role, identity in the name index)


def name_occurrences(s: _Summary):
    """(identity in the name index, :class:`_Name`) for each entity of a document."""
    for i, (k, kind, name, key, aliases, names, roles, words) in enumerate(s.entities):
        yield k, _Name((words, s.id, i), kind, name, key, aliases, names | {name}, roles)


def fold_names(a: _Name | None, b: _Name | None) -> _Name | None:
    """Two folds of the same name as one (associative and commutative: any tree of them)."""
    if a is None or b is None:
        return a or b
    first = a if a.rank <= b.rank else b
    return _Name(first.rank, first.kind, first.name, first.key, first.aliases, a.names | b.names,
                 a.roles | b.roles)


class _Rep:
    """One name of the index, as :func:`kg.resolve.corpus.merge_corpus` reads an entity."""

    __slots__ = ("kind", "name", "key", "aliases", "names", "roles")

    def __init__(self, n: _Name):
        self.kind, self.name, self.key, self.aliases, self.names = n.kind, n.name, n.key, n.aliases, n.names
        self.roles: tuple = ()


def corpus_entities(index: Iterable[tuple[tuple, _Name]]) -> tuple[dict[tuple, int], list]:
    """The corpus entities of a name index: ``identity -> entity number`` and the entities.

    :func:`kg.resolve.corpus.merge_corpus` over one representative per name, in the corpus's order.
    """
    from kg.resolve.corpus import merge_corpus

    folded = sorted(index, key=lambda kv: kv[1].rank)
    reps = {k: _Rep(n) for k, n in folded}
    for k, n in folded:
        reps[k].roles = tuple((r, reps[o]) for r, o in sorted(n.roles) if o in reps)
    mapping = merge_corpus([list(reps.values())])
    entities, number = [], {}
    for rep in reps.values():
        e = mapping[id(rep)]
        if id(e) not in number:
            number[id(e)] = len(entities)
            entities.append(e)
    return {k: number[id(mapping[id(rep)])] for k, rep in reps.items()}, entities


# -- step 3: event coreference ---------------------------------------------------------------------


def _corpus_refs(s: _Summary, table: dict) -> list:
    """Per entity of a document, its corpus entity number."""
    return [table[e[0]] for e in s.entities]


def event_occurrences(s: _Summary, shared):
    """((class, targets), (document id, event index, agents, date, trigger index)) for each asserted
    event with a target that is not a statement: the events that may be one real event."""
    table = shared[0]
    refs = _corpus_refs(s, table)

    def corpus(r):
        return refs[r] if r >= 0 else (s.id, r)  # an entity outside the document's list stays its own

    for i, (cls, modality, date, trigger, agents, targets) in enumerate(s.events):
        ts = frozenset(corpus(r) for r in targets if r is not None)
        if modality != "Asserted" or not ts or cls == "Statement":
            continue
        yield (cls, ts), (s.id, i, frozenset(corpus(r) for r in agents if r is not None), date, trigger)


class _Ev:
    """An event as :func:`kg.resolve.corpus.event_keys` reads it."""

    __slots__ = ("cls", "date", "trigger_index", "agents", "targets")
    asserted = True

    def __init__(self, cls, date, trigger_index, agents, targets):
        self.cls, self.date, self.trigger_index, self.agents, self.targets = cls, date, trigger_index, agents, targets


def group_keys(group, shared):
    """(document id, event index, shared key) for the events of one (class, targets) group."""
    from kg.resolve.corpus import event_keys

    (cls, targets), items = group
    iris = shared[2]
    nodes: dict = {}

    def node(r):
        if r not in nodes:
            nodes[r] = _Ref(object())
        return nodes[r]

    iri_of = {}
    docs: list[tuple[str, list]] = []
    where = {}
    for doc_id, i, agents, date, trigger in sorted((x for _, x in items), key=lambda x: (x[0], x[1])):
        ev = _Ev(cls, date, trigger, [node(a) for a in agents], [node(t) for t in targets])
        where[id(ev)] = (doc_id, i)
        if docs and docs[-1][0] == doc_id:
            docs[-1][1].append(ev)
        else:
            docs.append((doc_id, [ev]))
    for r, n in nodes.items():
        iri_of[id(n.entity)] = iris[r] if isinstance(r, int) else ""
    keys = event_keys(docs, lambda eid: iri_of[eid])
    return [(*where[k], v) for k, v in keys.items()]


# -- step 4: map and write -------------------------------------------------------------------------


def map_partition(number: int, pairs, shared, base: str, out: str, validate: bool, facts: bool) -> dict:
    """Map the documents of one partition (given with their event keys), write their graph files and
    the partition file; returns the partition's manifest records, its shapes report and its facts."""
    import hashlib

    from kg.engine.workers import merge_reports
    from kg.engine.local import _Doc, _facts, _Light, _MapItem, _reload, map_documents
    from kg.rdf.write import atomic_write_bytes

    table, entities, _ = shared
    outdir = Path(out)
    store = kcache.AnalysisCache(outdir)
    pairs = sorted(pairs, key=lambda p: p[0].id)
    items = [_MapItem(s.id, s.key, graph_file(s.id), [entities[r] for r in _corpus_refs(s, table)],
                      [keys.get(i) for i in range(len(s.events))], "", None, None) for s, keys in pairs]
    written, report, classes, claims, lines = {}, None, Counter(), 0, []
    for i in range(0, len(items), MAP_CHUNK):
        done, findings = map_documents(items[i:i + MAP_CHUNK], base, out, validate)
        written.update(done)
        if findings is not None:
            report = findings if report is None else merge_reports(report, findings)
    for item in items:  # the facts of the summary, as kg.engine.local reports them
        a = _reload(_Doc(item.id, item.key, item.file), store)
        remap = {id(local): e for local, e in zip(a.entities, item.corpus) if e is not None}
        sentence_index = {s: i + 1 for i, s in reversed(list(enumerate(a.sentences)))}
        doc = _Doc(item.id, item.key, item.file,
                   events=[_Light(ev, sentence_index.get(ev.sentence, 0), remap) for ev in a.events])
        found, n = _facts([doc])
        claims += n
        classes.update(f.cls for f in found)
        if facts:
            lines.extend(found)
    data = b"".join((outdir / GRAPHS_DIR / written[s.id]["file"]).read_bytes() for s, _ in pairs)
    name = f"{PARTITIONS_DIR}/part-{number:05d}.nq"
    atomic_write_bytes(outdir / name, data, sync=False)
    docs = {s.id: dict(written[s.id], hash=s.content, path=s.path, parsed=s.parsed, partition=name)
            for s, _ in pairs}
    partition = {"file": name, "documents": len(pairs), "triples": sum(d["triples"] for d in docs.values()),
                 "sha": hashlib.sha256(data).hexdigest()}
    return {"partition": partition, "documents": docs, "report": report, "classes": classes, "claims": claims,
            "facts": lines}


def _join(group):
    """A document's summary and its event keys, from the items a shuffle on its id brought together."""
    _, items = group
    summary, keys = None, {}
    for _, x in items:
        if isinstance(x, _Summary):
            summary = x
        else:
            keys[x[1]] = x[2]
    return summary, keys


# -- the build -------------------------------------------------------------------------------------


@dataclass
class DaskResult(StreamResult):
    """What a Dask build did: a :class:`kg.engine.local.StreamResult` with the partitions and the counts."""

    partitions: list[dict] = field(default_factory=list)
    workers: int = 0


def list_files(inputs: Iterable[Path | str]):
    """The input files (resolved), in the order :func:`kg.engine.local.read_inputs` reads them, and the problems met."""
    from kg.engine.local import input_files

    problems: list = []
    return [resolved for _, resolved in input_files(inputs, problems)], problems


def connect(scheduler: str | None, workers: int | None):
    """A ``distributed.Client``: on the scheduler at ``scheduler``, or on a new ``LocalCluster`` of
    ``workers`` processes (one thread each). Returns (client, cluster or None)."""
    import logging
    import os

    from distributed import Client, LocalCluster

    if scheduler:
        try:
            client = Client(scheduler, timeout=CONNECT_TIMEOUT, set_as_default=False)
        except (OSError, TimeoutError, ValueError) as err:
            raise SchedulerError(f"cannot reach the Dask scheduler at {scheduler} within {CONNECT_TIMEOUT:.0f}s "
                                 f"({type(err).__name__}); is `dask scheduler` running there?") from None
        try:
            client.wait_for_workers(1, timeout=CONNECT_TIMEOUT)
        except (OSError, TimeoutError):
            client.close()
            raise SchedulerError(f"the Dask scheduler at {scheduler} has no worker after {CONNECT_TIMEOUT:.0f}s; "
                                 f"start some: dask worker {scheduler}") from None
        return client, None
    n = workers or os.cpu_count() or 1
    cluster = LocalCluster(n_workers=n, threads_per_worker=1, processes=True, dashboard_address=None,
                           silence_logs=logging.ERROR)
    return Client(cluster, set_as_default=False), cluster


def build(inputs: Iterable[Path | str], out: Path | str, *, base: str | None = None, model: str | None = None,
          scheduler: str | None = None, workers: int | None = None, client=None, batch_size: int = 64,
          formats: Iterable[str] = ("ttl", "trig"), validate: bool = True, rebuild: bool = False,
          facts: bool = True, bar=None) -> DaskResult:
    """Build the graph of ``inputs`` into ``out`` on a Dask cluster (see the module).

    Args:
        inputs: files or folders of articles, which every worker must see at the same paths.
        out: the output folder (shared with the workers): ``graphs/``, ``partitions/``,
            ``manifest.json``, the merged files and the cache ``.kg-cache/``.
        scheduler: a scheduler's address (``tcp://HOST:8786``); None: a ``LocalCluster`` here.
        workers: processes of that ``LocalCluster`` (default: one per core).
        client: a ``distributed.Client`` to use instead (then ``scheduler`` and ``workers`` are unused).
        facts: bring every asserted fact back for the summary (else only their counts).
        bar: ``bar(total, description)`` -> a progress bar (``update(n)``, ``close()``), as
            :func:`kg.engine.local.build` takes; it counts the files analysed and the documents mapped.
        base, model, batch_size, formats, validate, rebuild: as :func:`kg.engine.local.build`.

    Raises:
        DaskMissingError, SchedulerError, NoInputError, BuildValidationError.
    """
    require_dask()
    from kg.rdf.mapping import DEFAULT_BASE
    from kg.rdf.write import check_formats

    started = time.monotonic()
    base = base or DEFAULT_BASE
    formats = check_formats(formats)
    given, out = Path(out), Path(out).resolve()  # the workers get absolute paths
    files, problems = list_files(inputs)
    if not files:
        raise NoInputError("no article could be read" + ("" if problems else "; give .txt or .md files or folders"),
                           problems)
    own = None
    if client is None:
        client, own = connect(scheduler, workers)
    try:
        result = _build(client, files, problems, out, base, model, batch_size, formats, validate, rebuild, facts,
                        started, bar or _no_bar)
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
    where = {f.key: f.key[1] if isinstance(f.key, tuple) and len(f.key) == 2 and isinstance(f.key[1], int)
             and 0 <= f.key[1] < len(sizes) else i for i, f in enumerate(futures)}
    for f in as_completed(futures, loop=client.loop):
        progress.update(sizes[where[f.key]])
    progress.close()


def _build(client, files, problems, out, base, model, batch_size, formats, validate, rebuild, facts,
           started, bar) -> DaskResult:
    import dask.bag as db
    from dask import delayed

    from kg.rdf.mapping import Mapper
    from kg.engine.workers import merge_reports

    workers = client.scheduler_info().get("workers", {})
    result = DaskResult(problems=list(problems), workers=len(workers))
    threads = max(1, sum(w.get("nthreads", 1) for w in workers.values()))  # tasks the cluster runs at once
    clock = [started]

    def lap(phase: str) -> None:
        now = time.monotonic()
        result.phases[phase] = result.phases.get(phase, 0.0) + now - clock[0]
        clock[0] = now

    lap("start")  # listing the files, connecting to the scheduler (or starting the local cluster)
    (out / GRAPHS_DIR).mkdir(parents=True, exist_ok=True)
    (out / PARTITIONS_DIR).mkdir(parents=True, exist_ok=True)
    version = kcache.analysis_version(model)
    numbered = [(i, str(f)) for i, f in enumerate(files)]
    size = max(1, min(FILES_PER_PARTITION, math.ceil(len(files) / (TASKS_PER_WORKER * threads))))
    groups = [numbered[i:i + size] for i in range(0, len(numbered), size)]
    parts = db.from_sequence(groups, npartitions=len(groups)).map(
        analyse_files, str(out), model, version, batch_size, rebuild)
    parts = client.persist(parts)
    from distributed import futures_of

    _wait(client, futures_of(parts), [len(g) for g in groups], bar(len(files), "analyse"))

    # the documents: which are kept (the first of an id, in the order of the files), and the problems
    index = client.compute(parts.map(lambda p: ([(s.id, s.order, s.path) for s in p.docs], p.problems))).result()
    first: dict[str, tuple] = {}
    dropped: set[tuple] = set()
    for _, more in index:
        result.problems.extend(more)
    for doc_id, order, path in sorted((d for docs, _ in index for d in docs), key=lambda d: d[1]):
        if doc_id in first:
            result.problems.append(Problem(Path(path), f"duplicate document id {doc_id!r} (also {first[doc_id][1]}); "
                                                       "rename one file or give a unique id"))
            dropped.add((doc_id, order))
        else:
            first[doc_id] = (order, path)
    del index
    if not first:
        raise NoInputError("no article could be read", result.problems)
    docs = parts.map(lambda p: p.docs).flatten()
    if dropped:
        docs = docs.filter(lambda s: (s.id, s.order) not in dropped)
    lap("analyse")

    # the name index, reduced on the workers; the corpus entities, here
    names = docs.map(lambda s: list(name_occurrences(s))).flatten().foldby(
        lambda kv: kv[0], lambda acc, kv: fold_names(acc, kv[1]), None, fold_names, None)
    table, entities = corpus_entities(client.compute(names).result())
    mapper = Mapper(base)
    iris = [str(mapper.entity_iri(e)) for e in entities]
    [shared] = client.scatter([(table, entities, iris)], broadcast=True)
    lap("corpus")

    # event keys (a shuffle by class and targets), joined to their documents (a shuffle by id)
    # partitions of the mapping stage: about MAP_PARTITION documents each, two per worker at least
    n = len(first)
    npart = max(1, min(math.ceil(n / MAP_CHUNK), max(2 * threads, math.ceil(n / MAP_PARTITION))))
    # (a task shuffle gives as many partitions as it is given: repartition first)
    keys = docs.map(event_occurrences, shared).flatten().repartition(npart).groupby(
        lambda kv: kv[0], shuffle="tasks").map(group_keys, shared).flatten()
    joined = db.concat([docs.map(lambda s: (s.id, s)), keys.map(lambda k: (k[0], k))]).repartition(npart).groupby(
        lambda x: x[0], shuffle="tasks").map(_join)
    tasks = [delayed(map_partition)(i, p, shared, base, str(out), validate, facts)
             for i, p in enumerate(joined.to_delayed())]
    report = None
    manifest_docs: dict[str, dict] = {}
    partitions = []
    running = client.compute(tasks)
    # a mapping partition's size is known only when it is done: the bar counts partitions
    _wait(client, running, [1] * len(running), bar(len(running), "map"))
    for done in client.gather(running):
        if not done["documents"]:
            (out / done["partition"]["file"]).unlink(missing_ok=True)
            continue
        partitions.append(done["partition"])
        manifest_docs.update(done["documents"])
        result.classes.update(done["classes"])
        result.claims += done["claims"]
        result.facts.extend(done["facts"])
        if done["report"] is not None:
            report = done["report"] if report is None else merge_reports(report, done["report"])
    del parts, docs, shared
    lap("map")
    if report is not None and not report.conforms:
        raise BuildValidationError(report)

    # what is left of an earlier build: graph and partition files of nothing here
    keep_graphs = {d["file"] for d in manifest_docs.values()}
    for f in (out / GRAPHS_DIR).glob("*.nq"):
        if f.name not in keep_graphs:
            f.unlink()
    keep_parts = {p["file"] for p in partitions}
    for f in (out / PARTITIONS_DIR).glob("*.nq"):
        if f"{PARTITIONS_DIR}/{f.name}" not in keep_parts:
            f.unlink()

    order = sorted(manifest_docs)
    result.facts.sort(key=lambda f: f.document)  # stable: each document's facts stay in their order
    result.documents = len(order)
    result.parsed = sum(1 for d in manifest_docs.values() if d["parsed"])
    result.cached = result.documents - result.parsed
    result.written = result.documents
    result.triples = sum(d["triples"] for d in manifest_docs.values())
    result.graphs = [(manifest_docs[i]["graph"], out / GRAPHS_DIR / manifest_docs[i]["file"], manifest_docs[i]["sha"])
                     for i in order]
    result.partitions = sorted(partitions, key=lambda p: p["file"])

    from kg.rdf.write import FILENAMES, atomic_write_bytes, write_merged

    write_merged([g[1] for g in result.graphs], out, formats, base, tmp=out / kcache.CACHE_DIR / "tmp")
    result.paths = [out / FILENAMES[f] for f in formats]
    manifest = {"engine": "dask", "format": 1, "base": base, "analysis": version,
                "documents": {i: {k: v for k, v in manifest_docs[i].items() if k not in ("signature", "validated")}
                              for i in order},
                "partitions": result.partitions, "triples": result.triples}
    atomic_write_bytes(out / MANIFEST, json.dumps(manifest, ensure_ascii=False, sort_keys=True, indent=1).encode())
    kcache.AnalysisCache(out).prune({d["key"] for d in manifest_docs.values()})
    lap("merge")
    result.seconds = time.monotonic() - started
    return result
