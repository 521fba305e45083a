"""The corpus step of every engine: document records in; corpus entities, event keys, signatures, facts out.

Between the per-document analysis and the mapping, a build looks at the whole corpus once:

- **entities** (:func:`merge_entities`): one entity per real thing across documents,
  :func:`kg.resolve.corpus.merge_corpus` over the records' entities; each entity of a record
  gets the number of its corpus entity (:attr:`Links.corpus`);
- **events** (:func:`occurrences`, :func:`group_keys`): one node per real event, the key of
  :func:`kg.resolve.corpus.event_keys`, computed one (class, targets) group at a time, since only
  events of one group can be one;
- **signatures** (:func:`signature`): everything of the corpus a document's graph shows, hashed,
  so that an incremental build rewrites only the graphs that changed;
- **facts** (:func:`document_facts`): the asserted events as the build summary prints them.

:func:`corpus_step` does all of it in one process (the local engine and the library build);
the Dask engine runs the same functions as stages on its workers (it folds the entities by name
first: see :mod:`kg.engine.dask_tasks`).
"""

from __future__ import annotations

import gc
import hashlib
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import cache

from kg.engine.facts import Fact
from kg.engine.record import DocumentRecord, EntityRecord, EventRecord
from kg.model import Entity

__all__ = [
    "DESCRIBED_KINDS",
    "Corpus",
    "Links",
    "Occurrence",
    "corpus_step",
    "described",
    "document_facts",
    "event_keys",
    "group_keys",
    "merge_entities",
    "occurrences",
    "signature",
]

#: the kinds of entity a document's graph describes (label, names, roles); the others appear in
#: it only as the labelled agents, targets and role objects of what it describes
DESCRIBED_KINDS = frozenset({"Person", "PoliticalParty", "Organization"})


@dataclass(frozen=True, slots=True)
class Links:
    """What the corpus step decided for one document.

    ``corpus``: per entity of the record, the number of its corpus entity; ``event_keys``: per
    event, the key it shares with the reports of the same event (None: its own node);
    ``signature``: the hash of everything of the corpus its graph shows ("" when not asked for).
    """

    corpus: tuple[int, ...]
    event_keys: tuple[str | None, ...]
    signature: str = ""


@dataclass
class Corpus:
    """The corpus step's answer: the corpus entities, per document its :class:`Links`, the facts."""

    entities: list[Entity]
    links: list[Links]
    facts: list[Fact] = field(default_factory=list)
    claims: int = 0  # events mentioned without being asserted


def merge_entities(documents: Sequence[Sequence[EntityRecord]]) -> tuple[list[tuple[int, ...]], list[Entity]]:
    """One entity per real thing: :func:`kg.resolve.corpus.merge_corpus` over the records' entities.

    Args:
        documents: per document, its entity records (roles index into the same list), in corpus order.
    Returns:
        per document, per entity, the number of its corpus entity; and the corpus entities.
    """
    from kg.resolve.corpus import merge_corpus

    local = []
    for records in documents:
        entities = [Entity(kind=r.kind, name=r.name, names=set(r.names), key=r.key, aliases=r.aliases) for r in records]
        for e, r in zip(entities, records):
            if r.roles:
                e.roles.update((role, entities[j]) for role, j in r.roles)
        local.append(entities)
    mapping = merge_corpus(local)
    number: dict[int, int] = {}  # id(corpus entity) -> its number, while the entities are alive
    corpus: list[Entity] = []
    numbers = []
    for entities in local:
        row = []
        for e in entities:
            target = mapping[id(e)]
            n = number.get(id(target))
            if n is None:
                n = number[id(target)] = len(corpus)
                corpus.append(target)
            row.append(n)
        numbers.append(tuple(row))
    return numbers, corpus


def described(entities: Iterable[Entity]) -> list[Entity]:
    """The entities a document's graph describes, of the corpus entities it mentions: those of
    :data:`DESCRIBED_KINDS`, once each, by kind and key (unique among corpus entities)."""
    unique = {(e.kind, e.key): e for e in entities if e.kind in DESCRIBED_KINDS}
    return [unique[k] for k in sorted(unique)]


@dataclass(frozen=True, slots=True)
class Occurrence:
    """An asserted event with targets that is no statement: one that may report the same real event
    as others. ``corpus`` are its document's corpus entity numbers (:attr:`Links.corpus`)."""

    document: str
    index: int  # the event's place in its document's record
    event: EventRecord
    corpus: tuple[int, ...]


def occurrences(
    doc_id: str, events: Sequence[EventRecord], corpus: Sequence[int]
) -> Iterator[tuple[tuple[str, frozenset[int]], Occurrence]]:
    """((class, corpus numbers of the targets), :class:`Occurrence`) for each event of a document
    that may be one real event with others: the groups :func:`group_keys` runs on."""
    corpus = tuple(corpus)
    for i, ev in enumerate(events):
        targets = frozenset(corpus[t] for t in ev.target_entities())
        if not ev.asserted or not targets or ev.cls == "Statement":
            continue
        yield (ev.cls, targets), Occurrence(doc_id, i, ev, corpus)


def group_keys(group: Sequence[Occurrence], entities: Sequence[Entity], iri: Callable[[int], str]) -> list[str]:
    """The shared key of each event of one (class, targets) group, given in corpus order.

    Args:
        group: the group's occurrences, in the order of their documents and events.
        entities: the corpus entities; ``iri(number)`` the IRI of corpus entity ``number``.
    Returns:
        :func:`kg.resolve.corpus.event_keys`'s key of each occurrence, in the order given (it runs
        :func:`kg.resolve.corefer.event_keys` on each such group, as this does).
    """
    from kg.resolve.corefer import event_keys as resolve_keys

    documents: list[tuple[str, list]] = []
    events = []
    for o in group:
        ev = o.event.event([entities[n] for n in o.corpus])
        events.append(ev)
        if documents and documents[-1][0] == o.document:
            documents[-1][1].append(ev)
        else:
            documents.append((o.document, [ev]))
    # event_keys names entities and events by id(): the objects made here, alive until it returns
    numbers = {id(entities[n]): n for o in group for n in o.corpus}
    keys = resolve_keys(documents, lambda eid: iri(numbers[eid]))
    return [keys[id(ev)] for ev in events]


def event_keys(
    records: Sequence[DocumentRecord],
    numbers: Sequence[Sequence[int]],
    entities: Sequence[Entity],
    iri: Callable[[int], str],
) -> list[tuple[str | None, ...]]:
    """Per document, per event, its shared key (None: its own node): :func:`group_keys` on every group."""
    groups: dict[tuple, list[tuple[int, Occurrence]]] = {}
    for place, (record, corpus) in enumerate(zip(records, numbers)):
        for key, o in occurrences(record.id, record.events, corpus):
            groups.setdefault(key, []).append((place, o))
    keys: list[list[str | None]] = [[None] * len(r.events) for r in records]
    for group in groups.values():
        for (place, o), k in zip(group, group_keys([o for _, o in group], entities, iri)):
            keys[place][o.index] = k
    return [tuple(k) for k in keys]


def _describe(e: Entity) -> bytes:
    """Everything of a corpus entity that the mapping writes: its IRI key, names, aliases, roles."""
    roles = sorted((r, o.kind, o.key, o.name, tuple(o.aliases)) for r, o in e.roles)
    return repr((e.kind, e.key, e.name, sorted(e.names), tuple(e.aliases), roles)).encode("utf-8")


def signature(head: str, record: DocumentRecord, links: Links, entities: Sequence[Entity]) -> str:
    """The hash of ``head`` (what else the graph depends on: mapping code, base, cache key) and of
    everything of the corpus the document's graph shows: its entities and its events' keys."""
    h = hashlib.sha256(head.encode("utf-8"))
    seen: set[int] = set()

    def describe(n: int) -> None:
        if n in seen:
            h.update(b"=")
            return
        seen.add(n)
        h.update(_describe(entities[n]))

    for n in links.corpus:
        describe(n)
    for ev, k in zip(record.events, links.event_keys):
        h.update(f"|{k}".encode())
        for i in ev.agent_entities() + ev.target_entities():
            describe(links.corpus[i])
    return h.hexdigest()


def document_facts(
    doc_id: str, events: Sequence[EventRecord], corpus: Sequence[int], entities: Sequence[Entity]
) -> tuple[list[Fact], int]:
    """The asserted events of a document as :class:`kg.engine.facts.Fact` (agents and targets by
    their corpus names), and how many events it mentions without asserting them."""
    facts, claims = [], 0
    for ev in events:
        if not ev.asserted:
            claims += 1
            continue
        facts.append(
            Fact(
                doc_id,
                ev.sentence_no,
                ev.cls,
                [entities[corpus[i]].name for i in ev.agent_entities()],
                [entities[corpus[i]].name for i in ev.target_entities()],
                ev.date.isoformat() if ev.date else None,
                ev.charge,
                ev.quote,
            )
        )
    return facts, claims


@contextmanager
def collector_paused():
    """Pause Python's cyclic garbage collector for a while: the corpus step makes tens of thousands of
    long-lived objects and no garbage, and each collection would walk every record again (a third
    of the step's time)."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


def corpus_step(records: Sequence[DocumentRecord], base: str, heads: Sequence[str] | None = None) -> Corpus:
    """The whole corpus step, in this process.

    Args:
        records: every document's record, in corpus order.
        base: the namespace of the entity IRIs (event keys are made of them).
        heads: per document, what else its graph depends on (:func:`signature`); None: no signatures.
    Returns:
        the :class:`Corpus`: entities, per document its :class:`Links`, the facts.
    """
    with collector_paused():
        return _corpus_step(records, base, heads)


def _corpus_step(records: Sequence[DocumentRecord], base: str, heads: Sequence[str] | None) -> Corpus:
    from kg.rdf.lines import TripleCollector
    from kg.rdf.mapping import Mapper

    numbers, entities = merge_entities([r.entities for r in records])
    mapper = Mapper(base, TripleCollector())  # for the entity IRIs only

    @cache
    def iri(n: int) -> str:
        return str(mapper.entity_iri(entities[n]))

    keys = event_keys(records, numbers, entities, iri)
    corpus = Corpus(entities, [])
    for i, (record, corpus_numbers, event_key) in enumerate(zip(records, numbers, keys)):
        links = Links(corpus_numbers, event_key)
        if heads is not None:  # the signature reads the links it completes
            links = Links(corpus_numbers, event_key, signature(heads[i], record, links, entities))
        corpus.links.append(links)
        facts, claims = document_facts(record.id, record.events, corpus_numbers, entities)
        corpus.facts.extend(facts)
        corpus.claims += claims
    return corpus
