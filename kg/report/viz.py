"""An interactive page of the graph (``kg viz``): one self-contained HTML file that works offline.

Entities (people, parties, offices, motions) and asserted events are nodes coloured by class;
an event links its agent to it by an edge labelled with what the agent did ("ejected",
"called", ...) and itself to its target. Roles between entities (leader of, member of, holds
office) are edges too. Clicking a node or an edge shows its facts, dates and the sentences they
come from, with the article's title and link. The page filters by event class, document and
date (and a timeline strip of the dated events), searches names, and shows at most ``max_nodes``
nodes at once (the most connected, with a message saying so) so that a graph of thousands of
nodes stays responsive. Each story (connected part) is laid out on its own and the clusters
packed; the most connected entities are labelled where their labels overlap nothing. At first
quotes (:data:`HIDDEN_CLASSES`) and entities that take part in no fact are hidden.

The JavaScript network library, Cytoscape.js (MIT licence), is bundled from ``kg/report/assets/``
with its licence notice, and so is the page's own behaviour (:data:`APP`); the page loads nothing from the network. The data is read from the
graph with SPARQL on Oxigraph (:func:`collect`) and embedded as JSON (:func:`render`).

    >>> from kg.report.source import open_source  # doctest: +SKIP
    >>> from kg.report.viz import collect, render
    >>> store, source = open_source([Path("output/graph.trig")])
    >>> Path("graph.html").write_text(render(collect(store, source)), encoding="utf-8")
"""

from __future__ import annotations

import html
import json
import re
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pyoxigraph as ox

from kg.ontology.vocab import KG, NS
from kg.report.palette import ENTITY_COLOURS, EVENT_COLOURS, GREY
from kg.report.source import select, value
from kg.report.stats import RDFS, Ontology, compact, ontology

ASSETS = Path(__file__).resolve().parent / "assets"
#: the bundled network library and its licence (from the npm package ``cytoscape``)
LIBRARY = ASSETS / "cytoscape.min.js"
LIBRARY_LICENCE = ASSETS / "cytoscape.LICENSE"
LIBRARY_NAME, LIBRARY_VERSION = "Cytoscape.js", "3.35.0"
#: most nodes drawn at once; beyond it the page shows the most connected and says so
MAX_NODES = 1000
#: event classes the page leaves unticked at first: quotes are many and say little about who did what to whom
HIDDEN_CLASSES = ("Statement",)
#: the page's behaviour, in this order (each defines what the next uses)
APP = ("viz-layout.js", "viz-timeline.js", "viz.js")

#: event properties shown in the side panel (read on the union of the graphs)
EVENT_PROPERTIES = (
    "agent",
    "target",
    "charge",
    "place",
    "quote",
    "modality",
    "claimedType",
    "claimedAgent",
    "claimedTarget",
)


@dataclass(frozen=True)
class Page:
    """What the page shows, as the JSON embedded in it (see :func:`collect`)."""

    data: dict

    @property
    def node_count(self) -> int:
        """Nodes drawn with every filter but claims ticked: every entity and every asserted event."""
        return len(self.data["entities"]) + len(self.data["events"])


def _shape(cls: str, onto: Ontology) -> str:
    family = {cls} | onto.ancestors.get(cls, frozenset())
    if NS + "Organization" in family:
        return "round-rectangle"
    if NS + "Office" in family:
        return "hexagon"
    if NS + "Motion" in family:
        return "rectangle"
    return "ellipse"


def collect(store: ox.Store, source: str = "graph", *, title: str | None = None, max_nodes: int = MAX_NODES) -> Page:
    """Read what the page shows from ``store`` (the union of its graphs).

    Args:
        store: an Oxigraph store (:func:`kg.report.source.open_source`).
        source: the graph's name, shown on the page.
        title: the page title (default: "kg: " + source).
        max_nodes: most nodes drawn at once.

    Returns:
        A :class:`Page` whose ``data`` holds classes, documents, sentences, entities, events
        (asserted: any kg:Event class), claims (kg:EventClaim) and relations between entities,
        each referring to the others by index.
    """
    onto = ontology()
    event_set, entity_set = set(onto.event_classes), set(onto.entity_classes)
    typed: dict[str, set[str]] = defaultdict(set)
    for r in select(
        store,
        "SELECT DISTINCT ?x ?cls WHERE { ?x a ?cls VALUES ?cls { {classes} } FILTER(isIRI(?x)) }",
        classes=[*onto.event_classes, *onto.entity_classes, onto.claim_class],
    ):
        typed[value(r["x"])].add(value(r["cls"]))

    # classes: every event and entity class of the ontology, in its order, with a colour and a shape each
    classes: list[dict] = []
    class_index: dict[str, int] = {}

    def add_class(iri: str, kind: str, colour: str, shape: str) -> int:
        if iri not in class_index:
            class_index[iri] = len(classes)
            classes.append(
                {
                    "iri": iri,
                    "name": compact(iri),
                    "label": onto.label(iri),
                    "kind": kind,
                    "comment": onto.comments.get(iri, ""),
                    "color": colour,
                    "shape": shape,
                    "verb": onto.verbs.get(iri, ""),
                }
            )
        return class_index[iri]

    hidden = {str(KG[name]) for name in HIDDEN_CLASSES}  # unticked at first (a name kg.ttl lacks fails here)
    for i, cls in enumerate(c for c in onto.event_classes if c != NS + "Event"):
        add_class(cls, "event", EVENT_COLOURS[i % len(EVENT_COLOURS)], "diamond")
        classes[class_index[cls]]["hidden"] = cls in hidden
    add_class(NS + "Event", "event", GREY, "diamond")
    for i, cls in enumerate(onto.entity_classes):
        add_class(cls, "entity", ENTITY_COLOURS[i % len(ENTITY_COLOURS)], _shape(cls, onto))
    add_class(onto.claim_class, "claim", GREY, "diamond")
    other = add_class("", "entity", GREY, "ellipse")
    classes[other].update(name="other", label="Other")

    # documents
    documents: list[dict] = []
    doc_index: dict[str, int] = {}
    for r in select(
        store,
        """SELECT ?doc (MIN(?t) AS ?title) (MIN(?u) AS ?url) (MIN(?p) AS ?published)
                              (MIN(?o) AS ?outlet)
        WHERE { ?doc a kg:Document OPTIONAL { ?doc kg:title ?t } OPTIONAL { ?doc kg:url ?u }
                OPTIONAL { ?doc kg:published ?p } OPTIONAL { ?doc kg:outlet ?o } } GROUP BY ?doc ORDER BY ?doc""",
    ):
        doc = value(r["doc"])
        doc_index[doc] = len(documents)
        documents.append(
            {
                "iri": doc,
                "id": compact(doc),
                "title": value(r.get("title")),
                "url": value(r.get("url")),
                "published": value(r.get("published"))[:10],
                "outlet": value(r.get("outlet")),
            }
        )

    def doc_of(iri: str) -> int:
        if iri not in doc_index:  # a source document the graph does not describe
            doc_index[iri] = len(documents)
            documents.append({"iri": iri, "id": compact(iri), "title": "", "url": "", "published": "", "outlet": ""})
        return doc_index[iri]

    # entities: every typed entity, and anything else an event or claim points at
    labels: dict[str, set[str]] = defaultdict(set)
    alts: dict[str, set[str]] = defaultdict(set)
    for r in select(
        store,
        """SELECT ?x ?p ?l WHERE { VALUES ?p { rdfs:label skos:altLabel } ?x ?p ?l
                              FILTER(isIRI(?x)) }""",
    ):
        (labels if value(r["p"]) == RDFS + "label" else alts)[value(r["x"])].add(value(r["l"]))
    entities: list[dict] = []
    entity_index: dict[str, int] = {}

    def entity(iri: str) -> int:
        if iri not in entity_index:
            cls = onto.most_specific(typed.get(iri, set()), onto.entity_classes)
            name = min(labels.get(iri, ()), default="") or compact(iri)
            entity_index[iri] = len(entities)
            entities.append(
                {
                    "iri": iri,
                    "label": name,
                    "cls": class_index[cls] if cls else other,
                    "alt": sorted(alts.get(iri, set()) - {name}),
                    "docs": set(),
                }
            )
        return entity_index[iri]

    for iri in sorted(x for x, types in typed.items() if types & entity_set and not types & event_set):
        entity(iri)
    for r in select(
        store,
        """SELECT DISTINCT ?x ?doc WHERE { GRAPH ?g { ?x a ?cls } ?g prov:wasDerivedFrom ?doc
                              VALUES ?cls { {classes} } }""",
        classes=onto.entity_classes,
    ):
        if value(r["x"]) in entity_index:
            entities[entity_index[value(r["x"])]]["docs"].add(doc_of(value(r["doc"])))

    # events and claims: their properties, then each article's report (sentence, date, rule)
    sentences: list[dict] = []
    sentence_index: dict[str, int] = {}
    props: dict[str, dict[str, list]] = defaultdict(lambda: defaultdict(list))
    for r in select(
        store,
        """SELECT DISTINCT ?e ?p ?o WHERE { ?e a ?cls VALUES ?cls { {classes} }
                              VALUES ?p { {props} } { ?e ?p ?o } UNION { ?r kg:reportOf ?e ; ?p ?o } }""",
        classes=[*onto.event_classes, onto.claim_class],
        props=[NS + p for p in EVENT_PROPERTIES],
    ):
        props[value(r["e"])][value(r["p"])[len(NS) :]].append(r["o"])
    reports: dict[str, list[dict]] = defaultdict(list)
    for r in select(
        store,
        """SELECT DISTINCT ?e ?doc ?s ?text ?begin ?date ?trigger ?rule ?conf WHERE {
          VALUES ?cls { {classes} }
          GRAPH ?g {
            ?e a ?cls .
            # an event's provenance is each article's report of it; a claim carries its own
            { ?r kg:reportOf ?e } UNION { ?e a kg:EventClaim BIND(?e AS ?r) }
            ?r kg:sourceDocument ?doc .
            OPTIONAL { ?r kg:evidence ?s . ?s kg:inDocument ?doc OPTIONAL { ?s nif:anchorOf ?text }
                       OPTIONAL { ?s nif:beginIndex ?begin } }
            OPTIONAL { ?e kg:date ?date } OPTIONAL { ?r kg:trigger ?trigger }
            OPTIONAL { ?r kg:rule ?rule } OPTIONAL { ?r kg:confidence ?conf }
          } } ORDER BY ?e ?doc ?begin ?s ?date""",
        classes=[*onto.event_classes, onto.claim_class],
    ):
        sentence = None
        if "s" in r:
            sid = value(r["s"])
            if sid not in sentence_index:
                sentence_index[sid] = len(sentences)
                sentences.append({"iri": sid, "text": value(r.get("text")), "doc": doc_of(value(r["doc"]))})
            sentence = sentence_index[sid]
        report = {
            "doc": doc_of(value(r["doc"])),
            "sentence": sentence,
            "date": value(r.get("date")),
            "trigger": value(r.get("trigger")),
            "rule": value(r.get("rule")),
            "confidence": float(value(r["conf"])) if "conf" in r else None,
        }
        same = [x for x in reports[value(r["e"])] if (x["doc"], x["sentence"]) == (report["doc"], sentence)]
        if same:  # one report per article and sentence; keep the date a graph gives
            same[0]["date"] = same[0]["date"] or report["date"]
        else:
            reports[value(r["e"])].append(report)

    def refs(terms: list) -> list[int]:
        return sorted({entity(t.value) for t in terms if isinstance(t, ox.NamedNode)})

    def texts(terms: list) -> list[str]:
        return sorted({t.value for t in terms if isinstance(t, ox.Literal)})

    events: list[dict] = []
    claims: list[dict] = []
    for iri in sorted(x for x, types in typed.items() if types & (event_set | {onto.claim_class})):
        types = typed[iri]
        p = props.get(iri, {})
        rep = reports.get(iri, [])
        item: dict[str, Any] = {
            "iri": iri,
            "reports": rep,
            "docs": sorted({x["doc"] for x in rep}),
            "dates": sorted({x["date"] for x in rep if x["date"]}),
            "charge": texts(p.get("charge", [])),
            "quote": texts(p.get("quote", [])),
            "place": [entity(t.value) for t in p.get("place", []) if isinstance(t, ox.NamedNode)],
        }
        event_cls = onto.most_specific(types, onto.event_classes)
        if event_cls is not None:
            item.update(cls=class_index[event_cls], agents=refs(p.get("agent", [])), targets=refs(p.get("target", [])))
            events.append(item)
        else:
            claimed = [t.value for t in p.get("claimedType", [])]
            item.update(
                cls=class_index[onto.claim_class],
                claimed=class_index.get(min(claimed, default=""), class_index[NS + "Event"]),
                modality=", ".join(sorted(onto.label(t.value) for t in p.get("modality", []))),
                agents=refs(p.get("claimedAgent", [])),
                targets=refs(p.get("claimedTarget", [])),
            )
            claims.append(item)

    # relations between entities: kg: properties that are neither event roles nor shortcut edges
    # (the event nodes show those), e.g. kg:leaderOf, kg:memberOf, kg:holdsOffice
    relations: dict[tuple[int, str, int], set[int]] = {}
    for r in select(
        store,
        f"""SELECT DISTINCT ?s ?p ?o ?doc WHERE {{
          GRAPH ?g {{ ?s ?p ?o FILTER(isIRI(?o) && STRSTARTS(STR(?p), "{NS}")) }}
          OPTIONAL {{ ?g prov:wasDerivedFrom ?doc }} }}""",
    ):
        s, prop, o = value(r["s"]), value(r["p"]), value(r["o"])
        if s not in entity_index or o not in entity_index or prop in onto.event_properties:
            continue
        docs = relations.setdefault((entity_index[s], prop, entity_index[o]), set())
        if "doc" in r:
            docs.add(doc_of(value(r["doc"])))

    for item in events + claims:  # an entity belongs to the documents of the facts it takes part in
        for i in item["agents"] + item["targets"]:
            entities[i]["docs"].update(item["docs"])
    for (si, _, oi), docs in relations.items():
        entities[si]["docs"].update(docs)
        entities[oi]["docs"].update(docs)
    for e in entities:
        e["docs"] = sorted(e["docs"])

    data = {
        "title": title or f"kg: {source}",
        "source": source,
        "maxNodes": max_nodes,
        "library": {"name": LIBRARY_NAME, "version": LIBRARY_VERSION, "licence": "MIT"},
        "classes": classes,
        "documents": documents,
        "sentences": sentences,
        "entities": entities,
        "events": events,
        "claims": claims,
        "relations": [
            {"source": s, "target": o, "property": compact(p), "label": onto.label(p), "docs": sorted(docs)}
            for (s, p, o), docs in sorted(relations.items())
        ],
    }
    return Page(data)


def _script_json(data: dict) -> str:
    """JSON that is safe inside a <script> element (no "</script>", no "<!--")."""
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"), sort_keys=True)
    return (
        text.replace("<", "\\u003c")
        .replace(">", "\\u003e")
        .replace("&", "\\u0026")
        .replace("\u2028", "\\u2028")
        .replace("\u2029", "\\u2029")
    )


def render(page: Page) -> str:
    """The page: HTML with the library, the app, its style and the data inline."""

    def asset(name: str) -> str:
        return (ASSETS / name).read_text(encoding="utf-8")

    library = LIBRARY.read_text(encoding="utf-8")
    if "</script" in library.lower():  # cannot happen with the vendored file; guards a future update
        raise ValueError(f"{LIBRARY} contains </script> and cannot be inlined")
    licence = LIBRARY_LICENCE.read_text(encoding="utf-8")

    replacements = {
        "TITLE": html.escape(page.data["title"]),
        "STYLE": asset("viz.css"),
        "LIBRARY_NOTICE": f"{LIBRARY_NAME} {LIBRARY_VERSION}, bundled from the npm package cytoscape. "
        + licence.replace("*/", "* /"),
        "LIBRARY_LICENCE": html.escape(licence),
        "LIBRARY_NAME": f"{LIBRARY_NAME} {LIBRARY_VERSION}",
        "LIBRARY": library,
        "DATA": _script_json(page.data),
        "APP": "\n".join(asset(name) for name in APP),
    }
    # one pass: text put in is never searched for placeholders
    return re.sub(r"%%([A-Z_]+)%%", lambda m: replacements[m.group(1)], asset("viz.html"))
