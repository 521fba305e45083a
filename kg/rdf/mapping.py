"""Mapping stage: the only place that mints IRIs and writes triples.

One named graph per document holds what that document says: its text as written (a NIF 2.0
``nif:Context``, once), its entities (label,
the names it used, roles), its events, for each its ``kg:Report`` (the provenance of that
article's report: document, sentence (a NIF string of that context), trigger, rule id,
confidence, charge) and, kept apart as ``kg:EventClaim`` with their provenance on
themselves, the events it mentions without asserting them. The graph itself is
``prov:wasDerivedFrom`` its document, which is the provenance of the triples that
carry none of their own (labels, roles).

An event's IRI depends on the event alone, never on the other articles of the build: its
class and targets (:func:`kg.resolve.corefer.event_keys`), so the articles that report the
same event share its node, and each adds its own report of it, with what that article says
of the agent, target and date (``kg:reportedAgent``, ``kg:reportedTarget``, ``kg:reportedDate``).

An asserted event gets ``kg:agent``/``kg:target``, the class-specific roles under them
(``kg:accuser``/``kg:accused``, ...) and the shortcut edge (``kg:called``, ...) from agent
to target, all read from the ontology (:func:`kg.ontology.roles.event_roles`). The ontology
defines each shortcut as a property chain over the roles, so an OWL 2 RL reasoner derives
from the roles every shortcut written here (the mapping only leaves out an agent's edge to itself).
"""

from __future__ import annotations

import hashlib
import typing
from dataclasses import dataclass
from datetime import date
from functools import cached_property
from typing import cast
from urllib.parse import quote

from rdflib import RDF, RDFS, XSD, Dataset, Literal, Namespace, URIRef
from rdflib.namespace import PROV, SKOS

from kg.ingest.documents import Document
from kg.model import Entity, Event, fold
from kg.ontology import lexicon
from kg.ontology.roles import event_roles
from kg.ontology.vocab import KG, NIF, NIF_NS, NS, kg_types
from kg.rdf.buildinfo import BuildInfo, current
from kg.rdf.lines import TripleCollector
from kg.rdf.terms import (
    DEFAULT_BASE,
    MAX_TEXT_BYTES,
    SCHEMA,
    TEXT_LANGUAGE,
    TEXT_LEXVO,
    WIKIDATA,
    literal,
    segment,
    slug,
)

#: the terms of rdflib's closed namespaces the mapping writes, made once: ``RDF.type`` makes (and checks)
#: a new URIRef at each use, and one object per term lets the N-Quads lines find each form once
_TYPE, _LABEL, _ALT_LABEL, _HIDDEN_LABEL = RDF.type, RDFS.label, SKOS.altLabel, SKOS.hiddenLabel
_INDEX, _DATE, _DATE_TIME, _DECIMAL, _ANY_URI = (
    XSD.nonNegativeInteger,
    XSD.date,
    XSD.dateTime,
    XSD.decimal,
    XSD.anyURI,
)
_DERIVED_FROM, _GENERATED_AT, _GENERATED_BY = PROV.wasDerivedFrom, PROV.generatedAtTime, PROV.wasGeneratedBy
_SAME_AS = SCHEMA.sameAs

_KIND_PATH = {
    "Person": "person",
    "PoliticalParty": "party",
    "Organization": "org",
    "Legislature": "legislature",
    "Office": "office",
    "Motion": "motion",
}


@dataclass
class DocumentFacts:
    """What the mapping needs for one document."""

    document: Document
    entities: list[Entity]  # corpus-level entities this document mentions
    events: list[Event]
    sentences: list[tuple[int, int]]  # sentence offsets in text order
    post_authors: dict[int, Entity]  # embed index -> author entity


class Mapper:
    """Turn resolved documents into named graphs under ``base``.

    Args:
        base: the namespace instance IRIs are minted under.
        sink: where the graphs go: a new :class:`rdflib.Dataset` (default), or anything with its
            ``bind(prefix, namespace)`` and ``graph(name).add(triple)``, such as the lighter
            :class:`kg.rdf.lines.TripleCollector`. It is ``self.dataset``.
        build: what made the graphs (software, versions, time); default this build's
            (:func:`kg.rdf.buildinfo.current`).
    """

    def __init__(
        self, base: str = DEFAULT_BASE, sink: Dataset | TripleCollector | None = None, build: BuildInfo | None = None
    ):
        if not base.endswith(("/", "#")):
            base += "/"
        self.base = base
        self.ns = Namespace(base)
        #: id(event) -> cross-document event key (see kg.resolve.corefer); set by the builder
        self.event_keys: dict[int, str] = {}
        #: (kind, key) -> the entity's IRI, made once: a document names its entities again and again
        self._entity_iris: dict[tuple[str, str], URIRef] = {}
        #: (id(entity), with all its names) -> the entity and its labels (:meth:`_labels`)
        self._label_triples: dict[tuple[int, bool], tuple[Entity, tuple]] = {}
        # of the document being mapped: its text (for its country), the country a party's schema:sameAs
        # depends on (found when a party needs it), its context's IRI, the sentences written (offsets ->
        # IRI) and the entities labelled (id -> with all their names, or their aliases only)
        self._text = ""
        self._country: str | typing.Literal[False] | None = False  # False: not looked for yet
        self._context: URIRef | None = None
        self._sentences: dict[tuple[int, int], URIRef] = {}
        self._labelled: dict[int, bool] = {}
        self.dataset = Dataset() if sink is None else sink
        self.build = build if build is not None else current()
        for prefix, ns in (
            ("kg", NS),
            ("skos", str(SKOS)),
            ("xsd", str(XSD)),
            ("rdfs", str(RDFS)),
            ("prov", str(PROV)),
            ("nif", NIF_NS),
        ):
            self.dataset.bind(prefix, ns)
        for path in _KIND_PATH.values():  # "org" is W3C ORG's prefix: organisations are organization:
            self.dataset.bind("organization" if path == "org" else path, self.ns[path + "/"])
        self.dataset.bind("doc", self.ns["doc/"])
        self.dataset.bind("event", self.ns["event/"])
        self.dataset.bind("report", self.ns["report/"])

    def entity_iri(self, e: Entity) -> URIRef:
        key = (e.kind, e.key or e.name)
        found = self._entity_iris.get(key)
        if found is None:
            found = self._entity_iris[key] = self.ns[f"{_KIND_PATH[e.kind]}/{slug(key[1])}"]
        return found

    def document_iri(self, d: Document) -> URIRef:
        return self.ns[f"doc/{segment(d.id)}"]

    def graph_iri(self, d: Document) -> URIRef:
        return self.ns[f"graph/{segment(d.id)}"]

    def span_iri(self, d: Document, begin: int, end: int) -> URIRef:
        """The NIF string of ``d``'s text from ``begin`` to ``end``: the document IRI with the RFC 5147
        fragment ``#char=begin,end`` (the whole text, ``#char=0,N``, is the document's nif:Context)."""
        return self.ns[f"doc/{segment(d.id)}#char={begin},{end}"]

    def context_iri(self, d: Document) -> URIRef:
        return self.span_iri(d, 0, len(d.verbatim))

    def add_context(self, g, d: Document, doc: URIRef) -> URIRef:
        """The article's text as written, once, as NIF 2.0's nif:Context: every offset counts in it
        (in code points, as Python's and SPARQL's string functions do). A text too long for one RDF
        term of Oxigraph's parsers (:data:`MAX_TEXT_BYTES`) is left out; its offsets and sentences stay."""
        ctx = self.context_iri(d)
        g.add((ctx, _TYPE, NIF.Context))
        g.add((ctx, _TYPE, NIF.RFC5147String))
        # at most 4 bytes a code point: only a long text is encoded to count its bytes
        if len(d.verbatim) * 4 <= MAX_TEXT_BYTES or len(d.verbatim.encode("utf-8")) <= MAX_TEXT_BYTES:
            g.add((ctx, NIF.isString, Literal(d.verbatim)))
        g.add((ctx, NIF.beginIndex, literal(0, datatype=_INDEX)))
        g.add((ctx, NIF.endIndex, literal(len(d.verbatim), datatype=_INDEX)))
        g.add((ctx, NIF.sourceUrl, doc))
        g.add((ctx, NIF.predLang, TEXT_LEXVO))
        return ctx

    def add_sentence(self, g, d: Document, doc: URIRef, begin: int, end: int) -> URIRef:
        """A sentence of the article: a NIF string of its context, with the words as written (once a
        document: its events share their sentences)."""
        sent = self._sentences.get((begin, end))
        if sent is not None:
            return sent
        sent = self._sentences[begin, end] = self.span_iri(d, begin, end)
        for cls in kg_types("Sentence"):
            g.add((sent, _TYPE, cls))
        g.add((sent, _TYPE, NIF.Sentence))
        g.add((sent, _TYPE, NIF.RFC5147String))
        g.add((sent, NIF.referenceContext, self._context))
        g.add((sent, NIF.beginIndex, literal(begin, datatype=_INDEX)))
        g.add((sent, NIF.endIndex, literal(end, datatype=_INDEX)))
        g.add((sent, NIF.anchorOf, Literal(d.verbatim[begin:end])))  # as written: no-break spaces too
        g.add((sent, KG.inDocument, doc))
        return sent

    def add(self, facts: DocumentFacts) -> None:
        d = facts.document
        g = self.dataset.graph(self.graph_iri(d))
        doc = self.document_iri(d)
        self._text, self._country, self._sentences, self._labelled = d.text, False, {}, {}
        g.add((g.identifier, _DERIVED_FROM, doc))
        self.add_generation(g)
        g.add((doc, _TYPE, KG.Document))
        self._context = self.add_context(g, d, doc)
        if d.title:
            g.add((doc, KG.title, Literal(d.title, lang=TEXT_LANGUAGE)))
        for prop, value, dt in (
            ("outlet", d.outlet, None),
            ("url", d.url, _ANY_URI),
            ("published", d.published, _DATE),
        ):
            if value:
                g.add((doc, KG[prop], literal(cast(date, value).isoformat() if dt is _DATE else value, datatype=dt)))
        if d.date and not d.published:  # Document.date: the latest embedded post's
            g.add((doc, KG.inferredDate, literal(d.date.isoformat(), datatype=_DATE)))
            g.add((doc, KG.dateInference, KG.LatestEmbeddedPost))
        for e in facts.entities:
            self.add_entity(g, e)
        for i, embed in enumerate(d.embeds):
            post = self.ns[f"doc/{segment(d.id)}/post/{i + 1}"]
            g.add((post, _TYPE, KG.SocialMediaPost))
            g.add((post, KG.embeddedIn, doc))
            g.add((post, KG.text, Literal(d.verbatim[embed.start : embed.body_end].strip(), lang=TEXT_LANGUAGE)))
            if embed.handle:
                g.add((post, KG.handle, literal("@" + embed.handle.lstrip("@"))))
            if embed.published:
                g.add((post, KG.postedOn, literal(embed.published.isoformat(), datatype=_DATE)))
            author = facts.post_authors.get(i)
            if author is not None:
                g.add((post, KG.postAuthor, self.entity_iri(author)))
        for ev in facts.events:
            self.add_event(g, d, doc, ev)

    def add_generation(self, g) -> None:
        """The graph's PROV-O: when, and by which activity (kg, its version, the rules' digest)."""
        generated_at, activity, triples = self._generation
        g.add((g.identifier, _GENERATED_AT, generated_at))
        g.add((g.identifier, _GENERATED_BY, activity))
        for t in triples:
            g.add(t)

    @cached_property
    def _generation(self) -> tuple[Literal, URIRef, tuple[tuple[URIRef, URIRef, Literal | URIRef], ...]]:
        """The build's time, its activity and what every graph says of the activity and the software."""
        b = self.build
        activity, software = self.ns[f"build/{b.key}"], self.ns[f"software/{quote(b.software)}-{quote(b.version)}"]
        return (
            literal(b.generated_at.isoformat(), datatype=_DATE_TIME),
            activity,
            (
                (activity, _TYPE, PROV.Activity),
                (activity, PROV.wasAssociatedWith, software),
                (activity, KG.rulesVersion, literal(b.rules)),
                (software, _TYPE, PROV.SoftwareAgent),
                (software, _LABEL, literal(b.software)),
                (software, SCHEMA.softwareVersion, literal(b.version)),
            ),
        )

    def add_entity(self, g, e: Entity) -> None:
        iri = self._labelled_entity(g, e, True)
        if e.kind == "Motion" and fold(e.name).split()[-1:] == ["bill"]:
            for cls in kg_types("Bill"):
                g.add((iri, _TYPE, cls))
        for rel, obj in sorted(e.roles, key=lambda r: (r[0], r[1].kind, r[1].name)):
            g.add((iri, KG[rel], self.entity_iri(obj)))
            self.add_entity_label(g, obj)

    def add_entity_label(self, g, e: Entity) -> None:
        self._labelled_entity(g, e, False)

    def _labelled_entity(self, g, e: Entity, all_names: bool) -> URIRef:
        """The entity's labels (:meth:`_labels`) and, for a gazetteer party, its Wikidata entity;
        returns its IRI. Once a document: labelled with all its names, an entity has its aliases' labels."""
        iri = self.entity_iri(e)
        done = self._labelled.get(id(e))
        if done is not None and (done or not all_names):
            return iri
        self._labelled[id(e)] = all_names
        for t in self._labels(e, iri, all_names):
            g.add(t)
        # a gazetteer party's Wikidata entity (Party Facts' link); schema:sameAs, not owl:sameAs, which
        # would merge the two nodes' facts and is a schema triple to the fast reasoner
        qid = lexicon.load().wikidata(e.name, self._party_country(), e.aliases) if e.kind == "PoliticalParty" else None
        if qid:
            g.add((iri, _SAME_AS, WIKIDATA[qid]))
        return iri

    def _labels(self, e: Entity, iri: URIRef, all_names: bool) -> tuple[tuple[URIRef, URIRef, URIRef | Literal], ...]:
        """The entity's types, its label, its other names (``skos:altLabel``: its aliases, and with
        ``all_names`` the names it was found by) and, for every name, a folded key (``skos:hiddenLabel``:
        any case or accents, found with an index look-up by the ``# Param: person (folded)`` queries).
        Made once an entity (the same in every document that names it: a resolved entity no longer changes)."""
        found = self._label_triples.get((id(e), all_names))
        if found is not None:
            return found[1]
        other_names = e.names | set(e.aliases) if all_names else set(e.aliases)
        triples: list[tuple[URIRef, URIRef, URIRef | Literal]] = [(iri, _TYPE, cls) for cls in kg_types(e.kind)]
        triples.append((iri, _LABEL, literal(e.name)))
        triples.extend((iri, _ALT_LABEL, literal(n)) for n in sorted(other_names) if n and n != e.name)
        triples.extend(
            (iri, _HIDDEN_LABEL, literal(key)) for key in sorted({fold(n) for n in other_names | {e.name} if n}) if key
        )
        labels = tuple(triples)
        # kept with the entity: no other object takes its id while its labels are kept
        self._label_triples[id(e), all_names] = e, labels
        return labels

    def _party_country(self) -> str | None:
        """The country the document is about, whose party a party name is (found once, when asked)."""
        if self._country is False:
            self._country = lexicon.load().country_of(self._text)
        return self._country

    @staticmethod
    def _local(d: Document, ev: Event) -> str:
        """The event's place in the article: what names its report, and the event when no other
        article reports it. One event per rule and trigger: the rule tells apart two readings of one
        word ("withdraw": an apology claimed, and a refusal)."""
        digest = hashlib.sha1(
            f"{d.id}|{ev.cls}|{ev.sentence}|{ev.trigger_index}|{ev.modality}|{ev.rule}".encode()
        ).hexdigest()[:12]
        return f"{segment(d.id)}-{digest}"

    def add_event(self, g, d: Document, doc: URIRef, ev: Event) -> None:
        local, shared = self._local(d, ev), self.event_keys.get(id(ev))
        # the event by what it is (kg.resolve.corefer): the same node in every article that reports it; a
        # claim has no shared key: a node of its article's
        iri = self.ns[f"event/{local if shared is None else shared}"]
        # an asserted event's provenance is its article's report of it (one article's report of an event:
        # by the article and the place in it); a claim is its own record
        record = self.ns[f"report/{local}"] if ev.asserted else iri
        sent = self.add_sentence(g, d, doc, *ev.sentence)
        if ev.asserted:
            g.add((record, _TYPE, KG.Report))
            g.add((record, KG.reportOf, iri))
        g.add((record, KG.sourceDocument, doc))
        g.add((record, KG.evidence, sent))
        if ev.trigger:  # a quote continued from an earlier one has no trigger word
            g.add((record, KG.trigger, literal(ev.trigger, lang=TEXT_LANGUAGE)))
        g.add((record, KG.rule, literal(ev.rule)))
        g.add((record, KG.confidence, literal(f"{ev.confidence:.2f}", datatype=_DECIMAL)))
        if ev.charge:
            g.add((record, KG.charge, literal(ev.charge, lang=TEXT_LANGUAGE)))
        g.add((iri, KG.modality, KG[ev.modality]))
        agents = [a.entity for a in ev.agents if a.entity is not None]
        targets = [t.entity for t in ev.targets if t.entity is not None]
        for e in agents + targets:
            self.add_entity_label(g, e)
        if ev.date is not None:
            g.add((iri, KG.date, literal(ev.date.isoformat(), datatype=_DATE)))
        if ev.asserted:  # what this article says of the event, on its report
            for a in agents:
                g.add((record, KG.reportedAgent, self.entity_iri(a)))
            for t in targets:
                g.add((record, KG.reportedTarget, self.entity_iri(t)))
            if ev.date is not None:
                g.add((record, KG.reportedDate, literal(ev.date.isoformat(), datatype=_DATE)))
        if getattr(ev, "quote", None) and ev.cls == "Statement":
            g.add((iri, KG.quote, Literal(ev.quote, lang=TEXT_LANGUAGE)))
        if not ev.asserted:
            g.add((iri, _TYPE, KG.EventClaim))
            g.add((iri, KG.claimedType, KG[ev.cls]))
            for a in agents:
                g.add((iri, KG.claimedAgent, self.entity_iri(a)))
            for t in targets:
                g.add((iri, KG.claimedTarget, self.entity_iri(t)))
            return
        for cls in kg_types(ev.cls):
            g.add((iri, _TYPE, cls))
        for a in agents:
            g.add((iri, KG.agent, self.entity_iri(a)))
        for t in targets:
            g.add((iri, KG.target, self.entity_iri(t)))
        roles = event_roles().get(ev.cls)
        if roles is None:
            return
        for a in agents:
            g.add((iri, KG[roles.agent_role], self.entity_iri(a)))
        for t in targets:  # the role and the shortcut only for targets of the role's kinds
            if t.kind in roles.target_kinds:
                g.add((iri, KG[roles.target_role], self.entity_iri(t)))
        if roles.shortcut:
            for a in agents:
                for t in targets:
                    if t.kind in roles.target_kinds and a is not t:
                        g.add((self.entity_iri(a), KG[roles.shortcut], self.entity_iri(t)))
