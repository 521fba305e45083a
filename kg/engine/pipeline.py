"""The library entry point: documents in, an RDF dataset out (what ``kg build`` calls).

    >>> from kg import build
    >>> ds = build(texts=["Speaker Ana Lopes ejected MP Tom Reyes on Monday."])  # doctest: +SKIP
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Iterable

from rdflib import Dataset

from kg.resolve import corpus as corpus_step
from kg.extract import events as extract
from kg.extract import mentions
from kg.nlp import parse as nlp
from kg.resolve import document as resolve
from kg.ingest.documents import Document, Problem, from_text, read_corpus
from kg.errors import NoInputError
from kg.rdf.mapping import DEFAULT_BASE, DocumentFacts, Mapper
from kg.engine.facts import Fact
from kg.model import Entity, Event, Mention, fold


@dataclass
class BuildResult:
    """What a build produced: the dataset, the documents read, what was skipped and why."""

    dataset: Dataset
    documents: list[Document] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)
    facts: list[Fact] = field(default_factory=list)
    claims: int = 0


@dataclass
class _Analysed:
    document: Document
    paragraphs: list[nlp.Paragraph]
    mentions: list[Mention]
    entities: list[Entity]
    events: list[Event]
    post_authors: dict[int, Entity]


def analyse(document: Document, paragraphs: list[nlp.Paragraph], language) -> _Analysed:
    """Mentions, entities and events of one parsed document."""
    found = [mentions.find(p.doc, i, language) for i, p in enumerate(paragraphs)]
    mentions.second_pass([p.doc for p in paragraphs], found)
    for i, (p, ms) in enumerate(zip(paragraphs, found)):
        mentions.attach_roles(p.doc, i, ms, language)
    flat = [m for ms in found for m in ms]
    entities = resolve.resolve_document(flat, [p.doc for p in paragraphs], document.id)
    events = extract.extract(document, paragraphs, flat)
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
    return _Analysed(document, paragraphs, flat, entities, events, authors)


def build_corpus(
    inputs: Iterable[Path | str] = (),
    texts: Iterable[str | Document] = (),
    *,
    base: str = DEFAULT_BASE,
    model: str | None = None,
    progress: Callable[[Document], None] | None = None,
) -> BuildResult:
    """Build the knowledge graph of some articles.

    Args:
        inputs: files or folders of ``.txt``/``.md`` articles.
        texts: article texts (or :class:`Document` objects) given in memory.
        base: the namespace instance IRIs are minted under.
        model: a spaCy model name; default: the installed English small model.
        progress: called with each document after it is analysed.

    Returns:
        A :class:`BuildResult`; ``result.dataset`` has one named graph per document.

    Raises:
        KgError: when no document at all could be read, or the model is missing.
    """
    documents, problems = read_corpus(Path(p) for p in inputs) if inputs else ([], [])
    for n, t in enumerate(texts):
        documents.append(t if isinstance(t, Document) else from_text(t, id=f"text-{n + 1}"))
    if not documents:
        raise NoInputError("no article could be read" + ("" if problems else "; give .txt or .md files or folders"),
                           problems)
    language = nlp.load_model(model)
    analysed: list[_Analysed] = []
    for document, paragraphs in nlp.parse(documents, language):
        analysed.append(analyse(document, paragraphs, language))
        if progress is not None:
            progress(document)
    mapping = corpus_step.merge_corpus([a.entities for a in analysed])
    _to_corpus(analysed, mapping)
    mapper = Mapper(base)
    corpus = {id(e): e for e in mapping.values()}
    mapper.event_keys = corpus_step.event_keys([(a.document.id, a.events) for a in analysed],
                                               lambda eid: str(mapper.entity_iri(corpus[eid])))
    result = BuildResult(mapper.dataset, documents, problems)
    for a in analysed:
        sentences = [(p.start + s.start_char, p.start + s.end_char) for p in a.paragraphs for s in p.doc.sents]
        used = {id(e) for e in a.entities}
        corpus_entities = sorted({id(mapping[id(e)]): mapping[id(e)] for e in a.entities if id(e) in mapping}.values(),
                                 key=lambda e: (e.kind, e.key))
        corpus_entities = [e for e in corpus_entities if e.kind in {"Person", "PoliticalParty", "Organization"}]
        mapper.add(DocumentFacts(a.document, corpus_entities, a.events, sentences,
                                 {i: mapping[id(e)] for i, e in a.post_authors.items() if id(e) in mapping}))
        del used
        for ev in a.events:
            if not ev.asserted:
                result.claims += 1
                continue
            no = next((i + 1 for i, s in enumerate(sentences) if s == ev.sentence), 0)
            result.facts.append(Fact(a.document.id, no, ev.cls, [x.entity.name for x in ev.agents if x.entity],
                                     [x.entity.name for x in ev.targets if x.entity],
                                     ev.date.isoformat() if ev.date else None, ev.charge, ev.quote))
    return result


def _to_corpus(analysed: list[_Analysed], mapping: dict[int, Entity]) -> None:
    """Point every mention at its corpus-level entity."""
    for a in analysed:
        for m in a.mentions:
            if m.entity is not None and id(m.entity) in mapping:
                m.entity = mapping[id(m.entity)]


def build(inputs: Iterable[Path | str] = (), texts: Iterable[str | Document] = (), *,
          base: str = DEFAULT_BASE, model: str | None = None) -> Dataset:
    """Build and return the :class:`rdflib.Dataset` (one named graph per document)."""
    return build_corpus(inputs, texts, base=base, model=model).dataset
