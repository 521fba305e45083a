"""The library entry point: documents in, an RDF dataset out, in memory (``from kg import build``).

The same engine as ``kg build`` (:mod:`kg.engine.local`) without the cache, the output folder and
the worker processes: each document is analysed (:func:`analyse`) into its record
(:func:`record_of`, :mod:`kg.engine.record`), the corpus step (:func:`kg.engine.corpus.corpus_step`) runs over the
records, and every document is mapped (:func:`kg.engine.graphs.add_document`) into one rdflib Dataset.

    >>> from kg import build
    >>> ds = build(texts=["Speaker Ana Lopes ejected MP Tom Reyes on Monday."])  # doctest: +SKIP
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import cast

from rdflib import Dataset

from kg.engine.facts import Fact
from kg.engine.record import ArgumentRecord, DocumentRecord, EntityRecord, EventRecord, Failed, failed
from kg.errors import InputError, KgError
from kg.extract import groups
from kg.extract.events import matcher as extract
from kg.extract.people import ended, mentions, peers
from kg.extract.people.finder import text_country
from kg.ingest.documents import Document, Problem, from_text, read_corpus
from kg.model import Entity, Event, Mention, fold
from kg.nlp import parse as nlp
from kg.ontology import lexicon
from kg.rdf.mapping import DEFAULT_BASE
from kg.resolve import document as resolve

__all__ = ["Analysed", "BuildResult", "analyse", "analyse_documents", "build", "build_corpus", "record_of"]


@dataclass
class BuildResult:
    """What a build produced: the dataset, the documents read, what was skipped and why."""

    dataset: Dataset
    documents: list[Document] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)
    facts: list[Fact] = field(default_factory=list)
    claims: int = 0


@dataclass
class Analysed:
    """What :func:`analyse` found in one parsed document (with the parse; :func:`kg.engine.record.record_of`
    keeps what the build needs of it)."""

    document: Document
    paragraphs: list[nlp.Paragraph]
    mentions: list[Mention]
    entities: list[Entity]
    events: list[Event]
    post_authors: dict[int, Entity]


def analyse(document: Document, paragraphs: list[nlp.Paragraph], language) -> Analysed:
    """Mentions, entities and events of one parsed document."""
    # the country the article is about (its title and text): whose party an abbreviation names
    country = text_country(lexicon.load(), "\n".join([document.title or "", *(p.text for p in paragraphs)]))
    found = [mentions.find(p.doc, i, language, p, country) for i, p in enumerate(paragraphs)]
    mentions.second_pass([p.doc for p in paragraphs], found, paragraphs)
    for i, (p, ms) in enumerate(zip(paragraphs, found)):
        mentions.attach_roles(p.doc, i, ms, language, p, country)
    groups.listed_members(found, paragraphs)
    flat = [m for ms in found for m in ms]
    entities = resolve.resolve_document(flat, paragraphs, document.id)
    events = extract.extract(document, paragraphs, flat)
    peers.peers(flat, [p.doc for p in paragraphs], entities)
    ended.ended_offices(flat, [p.doc for p in paragraphs], document.date)
    authors: dict[int, Entity] = {}
    for i, embed in enumerate(document.embeds):
        key = fold(embed.author) or fold(embed.handle or "")
        if not key:
            continue
        person = next((e for e in entities if e.kind == "Person" and fold(e.name) == key), None)
        if person is None:
            person = Entity(kind="Person", name=embed.author, key=key)
            entities.append(person)
        if embed.handle:
            person.names.add("@" + embed.handle.lstrip("@"))
        authors[i] = person
    return Analysed(document, paragraphs, flat, entities, events, authors)


def record_of(analysed: Analysed) -> DocumentRecord:
    """The record of one analysed document (:func:`kg.engine.pipeline.analyse`).

    Every entity a role, a mention or a post author points at is in the record: one that the
    document's entity list lacks is added after the others.
    """
    entities: list[Entity] = list(analysed.entities)
    # object identity is used here only, to number the analysis's live objects
    index = {id(e): i for i, e in enumerate(entities)}

    def number(e: Entity) -> int:
        if id(e) not in index:
            index[id(e)] = len(entities)
            entities.append(e)
        return index[id(e)]

    def argument(m: Mention) -> ArgumentRecord:
        entity = None if m.entity is None else number(m.entity)
        return ArgumentRecord(m.para, m.start, m.end, m.kind, m.name, m.head, m.key, entity)

    sentences = tuple((p.start + s.start_char, p.start + s.end_char) for p in analysed.paragraphs for s in p.sents)
    first = {s: i + 1 for i, s in reversed(list(enumerate(sentences)))}
    events = tuple(
        EventRecord(
            ev.cls,
            ev.rule,
            ev.trigger,
            ev.para,
            ev.trigger_index,
            ev.sentence,
            first.get(ev.sentence, 0),
            tuple(argument(m) for m in ev.agents),
            tuple(argument(m) for m in ev.targets),
            ev.charge,
            ev.modality,
            ev.confidence,
            ev.date,
            ev.quote,
            ev.quote_span,
        )
        for ev in analysed.events
    )
    authors = tuple(sorted((i, number(e)) for i, e in analysed.post_authors.items()))
    records = []
    i = 0
    while i < len(entities):  # roles may add entities: go on until every one has its record
        e = entities[i]
        ordered = sorted(e.roles, key=lambda r: (r[0], r[1].kind, r[1].key, r[1].name))
        roles = tuple(sorted({(role, number(other)) for role, other in ordered}))
        records.append(EntityRecord(e.kind, e.name, e.key, tuple(e.aliases), frozenset(e.names), roles))
        i += 1
    return DocumentRecord(analysed.document.id, tuple(records), events, sentences, authors)


def _debugging() -> bool:
    """KG_DEBUG=1: a document whose analysis or mapping raises stops the build with its traceback."""
    return bool(os.environ.get("KG_DEBUG"))


def analysed_record(document: Document, paragraphs: list[nlp.Paragraph], language) -> DocumentRecord | Failed:
    """The record of one parsed document, or :class:`~kg.engine.record.Failed` when its analysis raised
    (the per-document boundary of every engine: one article never stops a corpus build)."""
    try:
        return record_of(analyse(document, paragraphs, language))
    except KgError:  # the setup's, not this document's (a broken lexicon or ontology): stop, in one line
        raise
    except Exception as err:  # noqa: BLE001 - a bug of kg's, met on this document only
        if _debugging():
            raise
        return failed("analysis", err)


def analyse_documents(
    documents: Sequence[Document],
    language,
    batch_size: int = 64,
    parsed: Callable[[Document, int], None] | None = None,
) -> Iterator[tuple[Document, DocumentRecord | Failed]]:
    """Each document with its record, or why it could not be analysed, in order (every engine's analysis).

    The documents' paragraphs are parsed together (:func:`kg.nlp.parse.parse_many`); when the parse of a
    batch raises, the documents not yet given are parsed again one at a time, so that only the one the
    parser fails on is a :class:`~kg.engine.record.Failed`. ``parsed(document, characters)`` is called as
    each paragraph is parsed (:func:`kg.nlp.parse.parse_many`).
    """
    done = 0
    try:
        for document, paragraphs in nlp.parse_many(documents, language, batch_size, parsed):
            yield document, analysed_record(document, paragraphs, language)
            done += 1
    except Exception:  # noqa: BLE001 - which document it was is found below
        if _debugging():
            raise
        for document in documents[done:]:
            try:
                ((_, paragraphs),) = nlp.parse_many([document], language, batch_size)
            except KgError:  # the setup's, not this document's (a broken lexicon or ontology): stop, in one line
                raise
            except Exception as err:  # noqa: BLE001
                yield document, failed("parse", err)
                continue
            yield document, analysed_record(document, paragraphs, language)


def build_corpus(
    inputs: Iterable[Path | str] = (),
    texts: Iterable[str | Document] = (),
    *,
    base: str = DEFAULT_BASE,
    model: str | None = None,
    progress: Callable[[Document], None] | None = None,
    follow_symlinks: bool = False,
    lang: str | None = None,
    strict: bool = False,
) -> BuildResult:
    """Build the knowledge graph of some articles.

    Args:
        inputs: files or folders of ``.txt``/``.md`` articles.
        texts: article texts (or :class:`Document` objects) given in memory.
        base: the namespace instance IRIs are minted under.
        model: a spaCy model name; default: the installed English small model.
        progress: called with each document after it is analysed.
        follow_symlinks: read what symbolic links in a folder of ``inputs`` point to outside it
            (else they are left out, with a warning in ``result.problems``).
        lang: the language of every article of ``inputs`` (``"en"``: build them all as English);
            None: each one's is detected, and one not in English is skipped (``result.problems`` says so).
        strict: make any article skipped (unreadable, or whose analysis or mapping failed) an error.

    Returns:
        A :class:`BuildResult`; ``result.dataset`` has one named graph per document built; an article
        that could not be read, analysed or mapped is in ``result.problems`` with the reason.

    Raises:
        KgError: when no document at all could be built, the model is missing, or ``base`` is no IRI;
            with ``strict``, when an article was skipped (:class:`kg.engine.inputs.StrictError`).
    """
    from kg.engine.corpus import corpus_step
    from kg.engine.graphs import add_document
    from kg.engine.inputs import no_input
    from kg.engine.options import check_base
    from kg.rdf.mapping import Mapper

    check_base(base)

    documents, problems = (
        read_corpus((Path(p) for p in inputs), follow_symlinks=follow_symlinks, lang=lang) if inputs else ([], [])
    )
    for n, t in enumerate(texts):
        try:
            documents.append(t if isinstance(t, Document) else from_text(t, id=f"text-{n + 1}"))
        except InputError as err:  # an empty text: skipped with the reason, as an unreadable file is
            problems.append(Problem(Path(f"text-{n + 1}"), err.message))
    if not documents:
        raise no_input(problems)
    language = nlp.load_model(model)
    analysed: list[tuple[Document, DocumentRecord]] = []
    for document, record in analyse_documents(documents, language):
        if isinstance(record, Failed):
            problems.append(Problem(document.path or Path(document.id), record.reason))
        else:
            analysed.append((document, record))
        if progress is not None:
            progress(document)
    _strict_or_not(strict, problems)
    if not analysed:
        raise no_input(problems)
    corpus = corpus_step([r for _, r in analysed], base)
    mapper = Mapper(base)
    dataset = cast(Dataset, mapper.dataset)  # no sink given: an rdflib Dataset
    kept, dropped = [], set()
    for (document, record), links in zip(analysed, corpus.links):
        try:
            add_document(mapper, document, record, [corpus.entities[n] for n in links.corpus], links.event_keys)
            kept.append(document)
        except KgError:  # the setup's, not this document's (a broken lexicon or ontology): stop, in one line
            raise
        except Exception as err:  # noqa: BLE001 - a bug of kg's, met on this document only
            if _debugging():
                raise
            dataset.remove_graph(mapper.graph_iri(document))
            problems.append(Problem(document.path or Path(document.id), failed("mapping", err).reason))
            dropped.add(document.id)
    _strict_or_not(strict, problems)
    return BuildResult(dataset, kept, problems, [f for f in corpus.facts if f.document not in dropped], corpus.claims)


def _strict_or_not(strict: bool, problems: list[Problem]) -> None:
    """With ``strict``, raise :class:`kg.engine.inputs.StrictError` when an article was skipped."""
    if strict:
        from kg.engine.inputs import check_strict

        check_strict(problems)


def build(
    inputs: Iterable[Path | str] = (),
    texts: Iterable[str | Document] = (),
    *,
    base: str = DEFAULT_BASE,
    model: str | None = None,
    follow_symlinks: bool = False,
    lang: str | None = None,
    strict: bool = False,
) -> Dataset:
    """Build and return the :class:`rdflib.Dataset` (one named graph per document built); the arguments
    are :func:`build_corpus`'s (see it for what is skipped, and ``strict``)."""
    return build_corpus(
        inputs, texts, base=base, model=model, follow_symlinks=follow_symlinks, lang=lang, strict=strict
    ).dataset
