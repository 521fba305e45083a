"""The tasks the Dask engine (:mod:`kg.engine.dask_engine`) runs on its workers, over document records.

Every stage works on the records of :mod:`kg.engine.record` and calls the corpus step's own
functions (:mod:`kg.engine.corpus`); what is particular to Dask is only how the work is cut:

- :func:`analyse_files`: read some files, analyse what the cache lacks, keep each document's
  :class:`Summary` (its record and where it came from) on the cluster;
- the **name index** (:func:`name_occurrences`, :func:`fold_names`, :func:`corpus_entities`): the
  entity merge folded by name on the workers first (see :mod:`kg.engine.dask_engine` for why it
  gives the same answer), then :func:`kg.engine.corpus.merge_entities` on one record per name;
- :func:`event_occurrences` and :func:`event_group_keys`: :func:`kg.engine.corpus.group_keys` on
  each (class, targets) group a shuffle brings together;
- :func:`map_partition`: :func:`kg.engine.graphs.map_documents` and the facts of one partition.
"""

from __future__ import annotations

import hashlib
from collections import Counter
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

from kg.engine import cache as kcache
from kg.engine.corpus import Occurrence, document_facts, group_keys, merge_entities, occurrences
from kg.engine.graphs import GRAPHS_DIR, MapTask, graph_file, map_documents
from kg.engine.record import DocumentRecord, EntityRecord, Failed
from kg.errors import KgError
from kg.ingest.documents import Problem
from kg.model import Entity, fold

__all__ = [
    "ANALYSE_CHUNK",
    "MAP_CHUNK",
    "NameFold",
    "Part",
    "Shared",
    "Summary",
    "analyse_files",
    "corpus_entities",
    "corpus_numbers",
    "event_group_keys",
    "event_occurrences",
    "fold_names",
    "join",
    "map_partition",
    "name_key",
    "name_occurrences",
]

#: documents per nlp.pipe run within an analysis task (as kg.engine.workers.Analyser's chunk)
ANALYSE_CHUNK = 32
#: documents per mapping chunk within a partition (as kg.engine.local.MAP_CHUNK)
MAP_CHUNK = 64


@dataclass(frozen=True, slots=True)
class Summary:
    """One document on the cluster between the stages: its record (no text, no parse), its cache
    key and content hash, its file, its place in the corpus, and its entities' names in the index."""

    record: DocumentRecord
    key: str
    content: str
    path: str
    order: tuple[int, int]  # (file number, place in the file): the first of a duplicate id wins
    parsed: bool
    identities: tuple[tuple, ...]  # per entity of the record, its identity in the name index

    @property
    def id(self) -> str:
        return self.record.id


@dataclass
class Part:
    """What one analysis task found: its documents and the problems met reading its files."""

    docs: list[Summary]
    problems: list


@dataclass(frozen=True)
class Shared:
    """What every mapping task needs of the corpus (sent once to every worker)."""

    table: dict[tuple, int]  # identity in the name index -> corpus entity number
    entities: list[Entity]  # the corpus entities
    iris: list[str]  # their IRIs


def name_key(e: EntityRecord) -> tuple[str, str]:
    """The key :func:`kg.resolve.corpus.merge_corpus` merges on first: kind and folded name (an office's or
    a motion's key)."""
    return (e.kind, e.key if e.kind in {"Office", "Motion"} else fold(e.name))


def _identity(e: EntityRecord, doc_id: str, i: int) -> tuple:
    """What the name index folds an entity by: its :func:`name_key`, but each occurrence on its own
    for a person's name that repeats a word (see :mod:`kg.engine.dask_engine`)."""
    kind, folded = k = name_key(e)
    words = folded.split()
    return (kind, folded, doc_id, i) if kind == "Person" and len(set(words)) < len(words) else k


def summarise(
    record: DocumentRecord, key: str, content: str, path: str, order: tuple[int, int], parsed: bool
) -> Summary:
    """The :class:`Summary` of a document's record."""
    identities = tuple(_identity(e, record.id, i) for i, e in enumerate(record.entities))
    return Summary(record, key, content, path, order, parsed, identities)


def analyse_files(
    files: list[tuple[int, str]],
    out: str,
    model: str | None,
    version: str,
    batch_size: int,
    rebuild: bool,
    lang: str | None = None,
) -> Part:
    """Read some files (``lang``: as :func:`kg.ingest.documents.read_corpus`), analyse their documents the
    cache does not have, summarise every one (a task)."""
    from kg.engine.workers import analyse_chunk, load_or_analyse
    from kg.ingest.documents import read_corpus
    from kg.nlp.parse import load_model

    if kcache.analysis_version(model) != version:
        raise KgError(
            "a Dask worker runs another kg, spaCy, model or word lists than the client "
            "(its analysis version differs); install the same on every worker"
        )
    cache = kcache.AnalysisCache(Path(out))
    found, problems = [], []
    for no, path in files:
        documents, more = read_corpus([Path(path)], lang=lang)
        problems.extend(more)
        for pos, d in enumerate(documents):
            content = kcache.content_hash(d)
            found.append((d, content, kcache.key_of(content, version), (no, pos), str(d.path or path)))
    todo = [(d, k) for d, _, k, _, _ in found if rebuild or not cache.has(k)]
    fresh: dict[str, bytes] = {}
    failures: dict[str, str] = {}
    for i in range(0, len(todo), ANALYSE_CHUNK):
        chunk = todo[i : i + ANALYSE_CHUNK]
        for (_, k), data in zip(chunk, analyse_chunk([d for d, _ in chunk], load_model(model), batch_size)):
            if isinstance(data, Failed):
                failures[k] = data.reason
                continue
            cache.put(k, data)
            fresh[k] = data
    docs = []
    for d, content, k, order, where in found:
        # a damaged cache entry is analysed again
        record = failures.get(k) or load_or_analyse(cache, k, d.id, fresh.get(k), lambda: d, model, batch_size)  # noqa: B023 - called before the loop moves on
        if isinstance(record, (str, Failed)):  # its analysis failed: skipped, the reason said
            problems.append(Problem(Path(where), record if isinstance(record, str) else record.reason))
            continue
        docs.append(summarise(record, k, content, where, order, k in fresh))
    return Part(docs, problems)


# -- the name index and the corpus entities --------------------------------------------------------


@dataclass(frozen=True, slots=True)
class NameFold:
    """Every occurrence of one name, folded: the first (in the corpus's order) and the unions."""

    rank: tuple  # (-words, document id, entity index): merge_corpus's order
    kind: str
    name: str
    key: str
    aliases: tuple[str, ...]
    names: frozenset[str]
    roles: frozenset[tuple[str, tuple]]  # (role, identity in the name index)


def name_occurrences(s: Summary) -> Iterator[tuple[tuple, NameFold]]:
    """(identity in the name index, :class:`NameFold`) for each entity of a document."""
    for i, (e, k) in enumerate(zip(s.record.entities, s.identities)):
        roles = frozenset((r, s.identities[j]) for r, j in e.roles)
        yield (
            k,
            NameFold(
                (-len(fold(e.name).split()), s.id, i), e.kind, e.name, e.key, e.aliases, e.names | {e.name}, roles
            ),
        )


def fold_names(a: NameFold | None, b: NameFold | None) -> NameFold | None:
    """Two folds of the same name as one (associative and commutative: any tree of them)."""
    if a is None or b is None:
        return a or b
    first = a if a.rank <= b.rank else b
    return NameFold(first.rank, first.kind, first.name, first.key, first.aliases, a.names | b.names, a.roles | b.roles)


def corpus_entities(index: Iterable[tuple[tuple, NameFold]]) -> tuple[dict[tuple, int], list[Entity]]:
    """The corpus entities of a name index: ``identity -> entity number`` and the entities.

    :func:`kg.engine.corpus.merge_entities` over one record per name, in the corpus's order.
    """
    folded = sorted(index, key=lambda kv: kv[1].rank)
    place = {k: i for i, (k, _) in enumerate(folded)}
    records = [
        EntityRecord(
            n.kind, n.name, n.key, n.aliases, n.names, tuple(sorted((r, place[o]) for r, o in n.roles if o in place))
        )
        for _, n in folded
    ]
    (numbers,), entities = merge_entities([records])
    return {k: numbers[i] for k, i in place.items()}, entities


def corpus_numbers(s: Summary, table: dict[tuple, int]) -> tuple[int, ...]:
    """Per entity of a document, its corpus entity number."""
    return tuple(table[k] for k in s.identities)


# -- event coreference -----------------------------------------------------------------------------


def event_occurrences(s: Summary, shared: Shared) -> Iterator[tuple[tuple, Occurrence]]:
    """:func:`kg.engine.corpus.occurrences` of one document: the events that may be one real event."""
    return occurrences(s.id, s.record.events, corpus_numbers(s, shared.table))


def event_group_keys(group: tuple[tuple, list], shared: Shared) -> list[tuple[str, int, str]]:
    """(document id, event index, shared key) for the events of one (class, targets) group."""
    _, items = group
    ordered = sorted((o for _, o in items), key=lambda o: (o.document, o.index))  # the local engine's order
    keys = group_keys(ordered, shared.entities, shared.iris.__getitem__)
    return [(o.document, o.index, k) for o, k in zip(ordered, keys)]


def join(group) -> tuple[Summary | None, dict[int, str]]:
    """A document's summary and its event keys, from the items a shuffle on its id brought together."""
    _, items = group
    summary, keys = None, {}
    for _, x in items:
        if isinstance(x, Summary):
            summary = x
        else:
            keys[x[1]] = x[2]
    return summary, keys


# -- map and write ---------------------------------------------------------------------------------


def map_partition(number: int, pairs, shared: Shared, base: str, out: str, validate: bool, facts: bool) -> dict:
    """Map the documents of one partition (given with their event keys), write their graph files and
    the partition file; returns the partition's manifest records, its shapes report and its facts."""
    from kg.rdf.read import PARTITIONS_DIR
    from kg.rdf.write import atomic_write_bytes
    from kg.semantics.batch import merge_reports

    outdir = Path(out)
    pairs = sorted(pairs, key=lambda p: p[0].id)
    numbers = [corpus_numbers(s, shared.table) for s, _ in pairs]
    tasks = [
        MapTask(
            s.id,
            s.key,
            graph_file(s.id),
            tuple(shared.entities[n] for n in corpus),
            tuple(keys.get(i) for i in range(len(s.record.events))),
        )
        for (s, keys), corpus in zip(pairs, numbers)
    ]
    classes: Counter[str] = Counter()
    written, report, claims, lines, failures = {}, None, 0, [], {}
    for i in range(0, len(tasks), MAP_CHUNK):
        done, findings, failed = map_documents(tasks[i : i + MAP_CHUNK], base, out, validate)
        written.update(done)
        failures.update(failed)
        if findings is not None:
            report = findings if report is None else merge_reports(report, findings)
    problems = [Problem(Path(s.path), failures[s.id]) for s, _ in pairs if s.id in failures]
    pairs = [p for p in pairs if p[0].id not in failures]  # a document whose mapping failed is skipped
    numbers = [corpus_numbers(s, shared.table) for s, _ in pairs]
    for (s, _), corpus in zip(pairs, numbers):  # the facts of the summary, as kg.engine.local reports them
        found, n = document_facts(s.id, s.record.events, corpus, shared.entities)
        claims += n
        classes.update(f.cls for f in found)
        if facts:
            lines.extend(found)
    data = b"".join((outdir / GRAPHS_DIR / written[s.id]["file"]).read_bytes() for s, _ in pairs)
    name = f"{PARTITIONS_DIR}/part-{number:05d}.nq"
    atomic_write_bytes(outdir / name, data, sync=False)
    docs = {s.id: dict(written[s.id], hash=s.content, path=s.path, parsed=s.parsed, partition=name) for s, _ in pairs}
    partition = {
        "file": name,
        "documents": len(pairs),
        "triples": sum(d["triples"] for d in docs.values()),
        "sha": hashlib.sha256(data).hexdigest(),
    }
    return {
        "partition": partition,
        "documents": docs,
        "report": report,
        "classes": classes,
        "claims": claims,
        "facts": lines,
        "problems": problems,
    }
