"""The ontology's OWL 2 RL rules as lookup tables, for the fast reasoner of :mod:`kg.semantics.reason`.

:func:`compile_ontology` closes the ontology with owlrl once (C(O)) and turns the closure into
tables (superclasses, superproperties, domains, ranges, inverses, property chains, unions,
hasValue restrictions, disjoint classes). An ontology with an OWL construct outside those
(:data:`UNSUPPORTED_PREDICATES`, :data:`UNSUPPORTED_TYPES`) is refused with
:class:`UnsupportedOntologyError` rather than reasoned over differently from owlrl.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import owlrl
from rdflib import Graph, URIRef
from rdflib.namespace import OWL, RDF, RDFS

from kg.errors import KgError
from kg.ontology import terms
from kg.ontology.vocab import NS

Triple = tuple
#: owlrl writes each inconsistency it finds as a node of this class, with err:error
OWLRL_ERROR = URIRef("http://www.daml.org/2002/03/agents/agent-ont#ErrorMessage")
OWLRL_ERROR_TEXT = URIRef("http://www.daml.org/2002/03/agents/agent-ont#error")

#: OWL constructs the fast path does not compile: an ontology with one is refused
UNSUPPORTED_PREDICATES = {
    OWL.intersectionOf: "owl:intersectionOf",
    OWL.someValuesFrom: "owl:someValuesFrom",
    OWL.allValuesFrom: "owl:allValuesFrom",
    OWL.maxCardinality: "owl:maxCardinality",
    OWL.maxQualifiedCardinality: "owl:maxQualifiedCardinality",
    OWL.oneOf: "owl:oneOf",
    OWL.complementOf: "owl:complementOf",
    OWL.hasKey: "owl:hasKey",
    OWL.propertyDisjointWith: "owl:propertyDisjointWith",
    OWL.sourceIndividual: "owl:NegativePropertyAssertion",
    OWL.differentFrom: "owl:differentFrom",
}
UNSUPPORTED_TYPES = {
    OWL.FunctionalProperty: "owl:FunctionalProperty",
    OWL.InverseFunctionalProperty: "owl:InverseFunctionalProperty",
    OWL.SymmetricProperty: "owl:SymmetricProperty",
    OWL.TransitiveProperty: "owl:TransitiveProperty",
    OWL.IrreflexiveProperty: "owl:IrreflexiveProperty",
    OWL.AsymmetricProperty: "owl:AsymmetricProperty",
    OWL.AllDisjointProperties: "owl:AllDisjointProperties",
    OWL.AllDifferent: "owl:AllDifferent",
}
#: terms that make a data graph carry schema: the fast path refuses such data (use owlrl)
SCHEMA_PREDICATES = {
    RDFS.subClassOf,
    RDFS.subPropertyOf,
    RDFS.domain,
    RDFS.range,
    OWL.equivalentClass,
    OWL.equivalentProperty,
    OWL.inverseOf,
    OWL.propertyChainAxiom,
    OWL.unionOf,
    OWL.hasValue,
    OWL.onProperty,
    OWL.disjointWith,
    OWL.members,
    OWL.sameAs,
} | set(UNSUPPORTED_PREDICATES)
SCHEMA_TYPES = {
    OWL.Class,
    RDFS.Class,
    OWL.Restriction,
    OWL.ObjectProperty,
    OWL.DatatypeProperty,
    RDF.Property,
    OWL.AllDisjointClasses,
    RDFS.Datatype,
} | set(UNSUPPORTED_TYPES)


class ReasoningError(KgError):
    """Reasoning could not be done (an unknown engine, a graph the fast path cannot take)."""


class UnsupportedOntologyError(ReasoningError):
    """The ontology uses an OWL construct the fast path does not compile."""


class InconsistentGraphError(ReasoningError):
    """The graph contradicts the ontology (a disjointness clash, an ill-typed literal)."""

    def __init__(self, clashes: list[Clash]):
        self.clashes = clashes
        more = f" (and {len(clashes) - 1} more)" if len(clashes) > 1 else ""
        super().__init__(f"the graph is inconsistent with the ontology: {clashes[0].message}{more}")


@dataclass(frozen=True)
class Clash:
    """One inconsistency: the resource (or literal) at fault and what is wrong with it."""

    node: object
    message: str


# -- compiling the ontology ----------------------------------------------------------------------


def load_ontology(path: Path | None = None) -> Graph:
    """``ontology/kg.ttl`` (or ``path``) as a new rdflib graph, the caller's to change."""
    return terms.copy(terms.ontology_graph(path))


def owlrl_closure(graph: Graph) -> Graph:
    """owlrl's OWL 2 RL closure of a copy of ``graph`` (``DeductiveClosure`` defaults)."""
    closed = Graph()
    for t in graph:
        closed.add(t)
    owlrl.DeductiveClosure(owlrl.OWLRL_Semantics).expand(closed)
    return closed


def owlrl_errors(closed: Graph) -> list[Clash]:
    """The inconsistencies owlrl wrote into a closure."""
    return sorted(
        (Clash(n, str(closed.value(n, OWLRL_ERROR_TEXT))) for n in closed.subjects(RDF.type, OWLRL_ERROR)),
        key=lambda c: c.message,
    )


@dataclass
class CompiledOntology:
    """The ontology's rules as lookup tables (from owlrl's closure C(O) of the ontology alone)."""

    closure: frozenset  # C(O)
    supers: dict  # class -> its superclasses and equivalent classes (cax-sco, cax-eqc)
    unions: dict  # class -> the unions it is a member of (cls-uni)
    has_value: dict  # restriction -> [(property, value)] (cls-hv1)
    has_value_of: dict  # (property, value) -> [restriction] (cls-hv2)
    super_props: dict  # property -> its superproperties and equivalent properties (prp-spo1, prp-eqp)
    domains: dict  # property -> classes (prp-dom)
    ranges: dict  # property -> classes (prp-rng)
    inverses: dict  # property -> its inverse properties, both ways (prp-inv1/2)
    chains: dict  # property -> [(super property, chain, position of the property in it)] (prp-spo2)
    disjoint: dict  # class -> classes disjoint with it (cax-dw, cax-adc)
    by_subject: dict  # C(O) triples by subject, to join document triples with ontology facts
    by_object: dict

    def clashes(self, types: dict) -> list[Clash]:
        """cax-dw, cax-adc and cls-nothing2 over ``types`` (node -> set of classes)."""
        found = []
        for node, cls in types.items():
            if OWL.Nothing in cls:
                found.append(Clash(node, f"{short_name(node)} is of type owl:Nothing"))
            for a in cls:
                for b in self.disjoint.get(a, ()):
                    if b in cls and short_name(a) < short_name(b):
                        found.append(
                            Clash(
                                node,
                                f"{short_name(node)} is both a {short_name(a)} and a {short_name(b)}, "
                                "which are disjoint classes",
                            )
                        )
        return sorted(set(found), key=lambda c: c.message)


def compile_ontology(ontology: Graph) -> CompiledOntology:
    """Compile ``ontology`` for the fast path (owlrl closes the ontology itself, once).

    Raises:
        UnsupportedOntologyError: the ontology uses an OWL construct the fast path lacks.
    """
    closed = owlrl_closure(ontology)
    found = sorted(
        {name for p, name in UNSUPPORTED_PREDICATES.items() if (None, p, None) in closed}
        | {name for t, name in UNSUPPORTED_TYPES.items() if (None, RDF.type, t) in closed}
        | {"owl:sameAs between different resources" for s, o in closed.subject_objects(OWL.sameAs) if s != o}
    )
    if found:
        raise UnsupportedOntologyError(
            f"the fast reasoner does not compile {', '.join(found)}; use the owlrl engine with this ontology"
        )

    def table() -> defaultdict[Any, set]:
        return defaultdict(set)

    supers, unions, super_props, domains, ranges, inverses, disjoint = (table() for _ in range(7))
    has_value, has_value_of, chains = defaultdict(list), defaultdict(list), defaultdict(list)
    for s, o in closed.subject_objects(RDFS.subClassOf):
        if s != o:
            supers[s].add(o)
    for s, o in closed.subject_objects(OWL.equivalentClass):
        if s != o:
            supers[s].add(o)
            supers[o].add(s)
    for u, lst in closed.subject_objects(OWL.unionOf):
        for member in closed.items(lst):
            unions[member].add(u)
    for r, v in closed.subject_objects(OWL.hasValue):
        for p in closed.objects(r, OWL.onProperty):
            has_value[r].append((p, v))
            has_value_of[(p, v)].append(r)
    for s, o in closed.subject_objects(RDFS.subPropertyOf):
        if s != o:
            super_props[s].add(o)
    for s, o in closed.subject_objects(OWL.equivalentProperty):
        if s != o:
            super_props[s].add(o)
            super_props[o].add(s)
    for p, c in closed.subject_objects(RDFS.domain):
        domains[p].add(c)
    for p, c in closed.subject_objects(RDFS.range):
        ranges[p].add(c)
    for p, q in closed.subject_objects(OWL.inverseOf):
        inverses[p].add(q)
        inverses[q].add(p)
    for sup, lst in closed.subject_objects(OWL.propertyChainAxiom):
        chain = tuple(closed.items(lst))
        for i, p in enumerate(chain):
            chains[p].append((sup, chain, i))
    for a, b in closed.subject_objects(OWL.disjointWith):
        disjoint[a].add(b)
        disjoint[b].add(a)
    for x in closed.subjects(RDF.type, OWL.AllDisjointClasses):
        for lst in closed.objects(x, OWL.members):
            members = list(closed.items(lst))
            for a in members:
                disjoint[a].update(m for m in members if m != a)
    by_subject, by_object = defaultdict(list), defaultdict(list)
    for t in closed:
        by_subject[t[0]].append(t)
        by_object[t[2]].append(t)
    freeze = lambda d: {k: frozenset(v) for k, v in d.items()}  # noqa: E731
    return CompiledOntology(
        frozenset(closed),
        freeze(supers),
        freeze(unions),
        dict(has_value),
        dict(has_value_of),
        freeze(super_props),
        freeze(domains),
        freeze(ranges),
        freeze(inverses),
        dict(chains),
        freeze(disjoint),
        dict(by_subject),
        dict(by_object),
    )


@cache
def _compiled(ontology: Graph) -> CompiledOntology:
    return compile_ontology(ontology)


def compiled(path: Path | None = None) -> tuple[Graph, CompiledOntology]:
    """The ontology (default ``kg.ttl``; shared: do not change it) and its rules, compiled once per process."""
    ontology = terms.ontology_graph(path)
    return ontology, _compiled(ontology)


def disjointness_only(ontology: Graph, closure: frozenset) -> CompiledOntology:
    """Tables for the cross-document disjointness check of the owlrl engine (no fast-path rules needed)."""
    disjoint: dict = defaultdict(set)
    g = Graph()
    for t in closure:
        g.add(t)
    for a, b in g.subject_objects(OWL.disjointWith):
        disjoint[a].add(b)
        disjoint[b].add(a)
    for x in g.subjects(RDF.type, OWL.AllDisjointClasses):
        for lst in g.objects(x, OWL.members):
            members = list(g.items(lst))
            for a in members:
                disjoint[a].update(m for m in members if m != a)
    return CompiledOntology(closure, {}, {}, {}, {}, {}, {}, {}, {}, {}, dict(disjoint), {}, {})


_SHORT = {
    NS: "kg:",
    str(OWL): "owl:",
    str(RDFS): "rdfs:",
    str(RDF): "rdf:",
    "http://www.w3.org/2001/XMLSchema#": "xsd:",
}


def short_name(node) -> str:
    text = str(node)
    for ns, prefix in _SHORT.items():
        if text.startswith(ns):
            return prefix + text[len(ns) :]
    return node.n3() if hasattr(node, "n3") else text
