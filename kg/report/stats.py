"""What a graph holds: counts per class, property and document, the busiest entities, and the
documents nothing was extracted from (``kg stats``).

Also the reading side that ``kg stats`` and ``kg viz`` share: :func:`open_source` opens graph
files (into an in-memory Oxigraph store) or the embedded store (read-only), and
:class:`Ontology` says, from ``ontology/kg.ttl``, which classes are events, which are entities,
and what each is called. Every query runs on Oxigraph with the default graph as the union of
the article graphs.

    >>> from kg.report.source import open_source  # doctest: +SKIP
    >>> from kg.report.stats import compute
    >>> store, source = open_source([Path("output/graph.trig")])
    >>> print(compute(store, source).text())
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field
from functools import cache
from typing import cast

import pyoxigraph as ox

from kg.model import printable
from kg.ontology import terms
from kg.ontology.roles import event_roles
from kg.ontology.vocab import NS
from kg.report.source import QUERY_PREFIXES, select, value

RDFS = "http://www.w3.org/2000/01/rdf-schema#"
# ---------------------------------------------------------------------------------------------
#  The ontology: which classes are events and entities, and their names
# ---------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Ontology:
    """What ``ontology/kg.ttl`` says about classes and properties, for display.

    Attributes:
        labels: term IRI -> its English label.
        comments: term IRI -> its English comment.
        event_classes: kg:Event and its subclasses, most specific first where it matters.
        entity_classes: the agents, offices and motions (and their subclasses).
        ancestors: class IRI -> its superclasses (transitive, itself excluded).
        verbs: event class IRI -> what its agent did, from its shortcut edge ("ejected"), else its label.
        event_properties: the event roles (kg:agent, kg:ejector, ...), their inverses and the shortcut
            edges (kg:ejected, ...): the edges an event stands for.
        claim_class: kg:EventClaim.
    """

    labels: dict[str, str]
    comments: dict[str, str]
    event_classes: tuple[str, ...]
    entity_classes: tuple[str, ...]
    ancestors: dict[str, frozenset[str]]
    verbs: dict[str, str]
    event_properties: frozenset[str] = frozenset()
    claim_class: str = NS + "EventClaim"

    def label(self, iri: str) -> str:
        return self.labels.get(iri) or compact(iri)

    def most_specific(self, types: set[str], among: Sequence[str]) -> str | None:
        """Of ``types``, the one in ``among`` that no other of them specialises (the first, sorted)."""
        known = sorted(t for t in types if t in among)
        leaves = [t for t in known if not any(t in self.ancestors.get(o, ()) for o in known if o != t)]
        found = leaves or known
        return found[0] if found else None


@cache
def ontology() -> Ontology:
    """The ontology's classes and labels, read once from ``ontology/kg.ttl`` (by :mod:`kg.ontology.terms`)."""
    g = ox.Store()
    g.load(input=terms.ontology_ntriples(), format=ox.RdfFormat.N_TRIPLES)

    def rows(q: str) -> list[tuple[str, ...]]:
        res = cast(ox.QuerySolutions, g.query(q, prefixes=QUERY_PREFIXES))  # a SELECT
        return [tuple(value(sol[v]) for v in res.variables) for sol in res]

    labels, comments = terms.labels(), terms.comments()
    ancestors: dict[str, set[str]] = {}
    for cls, sup in rows("SELECT ?c ?s WHERE { ?c rdfs:subClassOf+ ?s FILTER(isIRI(?c) && isIRI(?s) && ?c != ?s) }"):
        ancestors.setdefault(cls, set()).add(sup)

    def under(*roots: str) -> tuple[str, ...]:
        found = {c for c, sups in ancestors.items() if sups & set(roots) and c.startswith(NS)}
        return tuple(sorted(found | set(roots)))

    # an event class's verb is the label of its shortcut edge ("ejected"), else its own label
    verbs = {NS + cls: r.shortcut_label for cls, r in event_roles().items() if r.shortcut_label}
    events = under(NS + "Event")
    for cls in events:
        verbs.setdefault(cls, labels.get(cls, compact(cls)).lower())
    roles = {
        p
        for (p,) in rows("""SELECT DISTINCT ?p WHERE {
        { ?p owl:propertyChainAxiom ?chain } UNION { ?p rdfs:subPropertyOf* kg:agent } UNION
        { ?p rdfs:subPropertyOf* kg:target } UNION { ?p rdfs:subPropertyOf* kg:place } UNION
        { ?p owl:inverseOf ?q } UNION { ?q owl:inverseOf ?p } FILTER(isIRI(?p)) }""")
    }
    return Ontology(
        dict(labels),
        dict(comments),
        events,
        under(NS + "Agent", NS + "Office", NS + "Motion"),
        {c: frozenset(s) for c, s in ancestors.items()},
        verbs,
        frozenset(roles),
    )


def compact(iri: str) -> str:
    """``https://w3id.org/kg-news/ont#Person`` -> ``kg:Person`` (the usual prefixes), else the IRI."""
    best = max(
        ((p, ns) for p, ns in QUERY_PREFIXES.items() if iri.startswith(ns) and len(iri) > len(ns)),
        key=lambda pn: len(pn[1]),
        default=None,
    )
    return f"{best[0]}:{iri[len(best[1]) :]}" if best else iri


# ---------------------------------------------------------------------------------------------
#  Statistics
# ---------------------------------------------------------------------------------------------


@dataclass
class DocumentStats:
    """One article: what was extracted from it."""

    iri: str
    title: str
    facts: int  # asserted events (any kg:Event class) whose source is this document
    claims: int  # unasserted mentions (kg:EventClaim)
    sentences: int  # evidence sentences
    triples: int | None  # in the article's own named graph (None: the input has no per-article graphs)


@dataclass
class EntityStats:
    """An entity and the asserted events it takes part in."""

    iri: str
    label: str
    cls: str
    events: int
    as_agent: int
    as_target: int


@dataclass
class Stats:
    """What ``kg stats`` prints."""

    source: str
    triples: int
    classes: list[tuple[str, int]] = field(default_factory=list)  # class IRI, distinct instances
    properties: list[tuple[str, int]] = field(default_factory=list)  # property IRI, distinct triples
    documents: list[DocumentStats] = field(default_factory=list)
    top_entities: list[EntityStats] = field(default_factory=list)

    @property
    def empty_documents(self) -> list[DocumentStats]:
        """Documents with no asserted fact: an article about an incident that yields nothing is a miss."""
        return [d for d in self.documents if d.facts == 0]

    def to_json(self) -> str:
        data = asdict(self)
        data["classes"] = [{"class": c, "instances": n} for c, n in self.classes]
        data["properties"] = [{"property": p, "triples": n} for p, n in self.properties]
        data["empty_documents"] = [d.iri for d in self.empty_documents]
        return json.dumps(data, indent=2, ensure_ascii=False) + "\n"

    def text(self) -> str:
        """Aligned tables, one section each."""
        onto = ontology()
        out = [
            f"{self.source}: {len(self.documents)} documents, {sum(d.facts for d in self.documents)} facts "
            f"(counted per document), {self.triples} distinct triples",
            "",
        ]
        out += _section(
            "Instances per class",
            ["class", "label", "instances"],
            [[compact(c), onto.labels.get(c, ""), n] for c, n in self.classes],
        )
        out += _section("Triples per property", ["property", "triples"], [[compact(p), n] for p, n in self.properties])
        out += _section(
            "Documents",
            ["document", "title", "facts", "claims", "sentences", "triples"],
            [
                [
                    compact(d.iri),
                    _clip(d.title),
                    d.facts,
                    d.claims,
                    d.sentences,
                    "-" if d.triples is None else d.triples,
                ]
                for d in self.documents
            ],
        )
        out += _section(
            f"Entities with the most events (top {len(self.top_entities)})",
            ["entity", "class", "events", "as agent", "as target"],
            [
                [_clip(e.label or compact(e.iri)), onto.label(e.cls), e.events, e.as_agent, e.as_target]
                for e in self.top_entities
            ],
        )
        empty = self.empty_documents
        out.append("Documents with no facts (a sign of a miss)")
        out += [f"  {compact(d.iri)}  {d.title}".rstrip() for d in empty] or ["  none"]
        return "\n".join(out) + "\n"


def _clip(text: str, width: int = 48) -> str:
    return text if len(text) <= width else text[: width - 1] + "…"


def _section(title: str, header: list[str], rows: list[list]) -> list[str]:
    if not rows:
        return [title, "  none", ""]
    cells = [header] + [[printable(str(c)) for c in r] for r in rows]
    widths = [max(len(r[i]) for r in cells) for i in range(len(header))]
    numeric = [all(isinstance(r[i], int) or r[i] == "-" for r in rows) for i in range(len(header))]

    def line(r):
        return "  " + "  ".join(c.rjust(w) if num else c.ljust(w) for c, w, num in zip(r, widths, numeric)).rstrip()

    return [title, line(header), line(["-" * w for w in widths]), *map(line, cells[1:]), ""]


def compute(store: ox.Store, source: str = "graph", *, top: int = 10) -> Stats:
    """Count what ``store`` holds.

    Args:
        store: an Oxigraph store (see :func:`open_source`).
        source: how to name it.
        top: how many of the entities with the most events to list.
    """
    onto = ontology()
    events = onto.event_classes
    count = select(store, "SELECT (COUNT(*) AS ?n) WHERE { SELECT DISTINCT ?s ?p ?o WHERE { ?s ?p ?o } }")
    stats = Stats(source, int(value(count[0]["n"])) if count else 0)
    stats.classes = [
        (value(r["c"]), int(value(r["n"])))
        for r in select(
            store,
            """
        SELECT ?c (COUNT(DISTINCT ?s) AS ?n) WHERE { ?s a ?c } GROUP BY ?c ORDER BY DESC(?n) ?c""",
        )
    ]
    stats.properties = [
        (value(r["p"]), int(value(r["n"])))
        for r in select(
            store,
            """
        SELECT ?p (COUNT(*) AS ?n) WHERE { SELECT DISTINCT ?s ?p ?o WHERE { ?s ?p ?o } }
        GROUP BY ?p ORDER BY DESC(?n) ?p""",
        )
    ]

    docs = {
        value(r["doc"]): value(r.get("title"))
        for r in select(
            store,
            """
        SELECT ?doc (MIN(?t) AS ?title) WHERE { ?doc a kg:Document OPTIONAL { ?doc kg:title ?t } }
        GROUP BY ?doc ORDER BY ?doc""",
        )
    }

    def per_doc(query: str, **values) -> dict[str, int]:  # one count per document, zero when absent
        return {value(r["doc"]): int(value(r["n"])) for r in select(store, query, **values)}

    facts = per_doc(
        """SELECT ?doc (COUNT(DISTINCT ?r) AS ?n) WHERE {
        ?r kg:reportOf ?e ; kg:sourceDocument ?doc . ?e a ?cls . VALUES ?cls { {events} } } GROUP BY ?doc""",
        events=events,
    )
    claims = per_doc("""SELECT ?doc (COUNT(DISTINCT ?e) AS ?n) WHERE {
        ?e kg:sourceDocument ?doc ; a kg:EventClaim } GROUP BY ?doc""")
    sentences = per_doc("""SELECT ?doc (COUNT(DISTINCT ?s) AS ?n) WHERE {
        ?s a kg:Sentence ; kg:inDocument ?doc } GROUP BY ?doc""")
    sizes = per_doc("""SELECT ?doc (COUNT(*) AS ?n) WHERE {
        GRAPH ?g { ?g prov:wasDerivedFrom ?doc } GRAPH ?g { ?s ?p ?o } } GROUP BY ?doc""")
    stats.documents = [
        DocumentStats(doc, title, facts.get(doc, 0), claims.get(doc, 0), sentences.get(doc, 0), sizes.get(doc))
        for doc, title in docs.items()
    ]

    rows = select(
        store,
        """
        SELECT ?x (COUNT(DISTINCT ?e) AS ?n) (COUNT(DISTINCT ?a) AS ?agent) (COUNT(DISTINCT ?t) AS ?target)
        WHERE {
          ?e a ?cls . VALUES ?cls { {events} }
          { ?e kg:agent ?x BIND(?e AS ?a) } UNION { ?e kg:target ?x BIND(?e AS ?t) }
        } GROUP BY ?x ORDER BY DESC(?n) ?x""",
        events=events,
    )
    names = entity_names(store, [value(r["x"]) for r in rows[:top]])
    stats.top_entities = [
        EntityStats(
            value(r["x"]),
            *names.get(value(r["x"]), ("", "")),
            int(value(r["n"])),
            int(value(r["agent"])),
            int(value(r["target"])),
        )
        for r in rows[:top]
    ]
    return stats


def entity_names(store: ox.Store, iris: Sequence[str]) -> dict[str, tuple[str, str]]:
    """IRI -> (label, most specific entity class) for ``iris``."""
    if not iris:
        return {}
    onto = ontology()
    found: dict[str, tuple[set[str], set[str]]] = {iri: (set(), set()) for iri in iris}
    for r in select(
        store,
        "SELECT ?x ?label ?cls WHERE { VALUES ?x { {iris} } OPTIONAL { ?x rdfs:label ?label } OPTIONAL { ?x a ?cls } }",
        iris=iris,
    ):
        labels, classes = found[value(r["x"])]
        if "label" in r:
            labels.add(value(r["label"]))
        if "cls" in r:
            classes.add(value(r["cls"]))
    return {
        iri: (min(labels, default=""), onto.most_specific(classes, onto.entity_classes) or "")
        for iri, (labels, classes) in found.items()
    }
