"""The fast reasoner's forward chainer, and owlrl's reference answer, for one document graph.

:func:`entailments_fast` runs the compiled rules (:mod:`kg.semantics.ruleset`) over one graph
to a fixpoint; :func:`entailments_owlrl` asks owlrl for the same set; both return E(D) as
:mod:`kg.semantics.reason` defines it, and every resource's types for the disjointness check.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable

from rdflib import BNode, Graph, Literal, URIRef
from rdflib.namespace import OWL, RDF

from kg.semantics.ruleset import (
    SCHEMA_PREDICATES,
    SCHEMA_TYPES,
    Clash,
    CompiledOntology,
    ReasoningError,
    Triple,
    owlrl_closure,
    owlrl_errors,
    short_name,
)

__all__ = ["entailments_fast", "entailments_owlrl", "literal_clashes"]


class _Chainer:
    """Forward chaining of one document graph to a fixpoint (each triple is a trigger once)."""

    def __init__(self, rules: CompiledOntology, graph: Iterable[Triple]):
        self.rules = rules
        self.facts: set[Triple] = set()
        self.sp: dict = defaultdict(set)  # (s, p) -> objects
        self.po: dict = defaultdict(set)  # (p, o) -> subjects
        self.todo: list[Triple] = []
        self.asserted = set(graph)
        nodes = {n for s, _, o in self.asserted for n in (s, o)}
        for node in nodes:  # the ontology's own facts about the document's resources, for joins
            for t in [*rules.by_subject.get(node, ()), *rules.by_object.get(node, ())]:
                self._index(t)
        for t in self.asserted:
            if t[1] in SCHEMA_PREDICATES or (t[1] == RDF.type and t[2] in SCHEMA_TYPES):
                raise ReasoningError(
                    f"the fast reasoner takes instance data only, and the graph has the schema "
                    f"triple {' '.join(short_name(x) for x in t)}; use the owlrl engine"
                )
            self.add(t)

    def _index(self, t: Triple) -> bool:
        if t in self.facts:
            return False
        self.facts.add(t)
        s, p, o = t
        self.sp[(s, p)].add(o)
        self.po[(p, o)].add(s)
        return True

    def add(self, t: Triple) -> None:
        if self._index(t):
            self.todo.append(t)

    def run(self) -> set[Triple]:
        rules, add = self.rules, self.add
        while self.todo:
            s, p, o = t = self.todo.pop()
            if p == RDF.type:
                if o in SCHEMA_TYPES:
                    raise ReasoningError(
                        f"the data entails the schema triple {' '.join(short_name(x) for x in t)}, "
                        "which the fast reasoner does not follow; use the owlrl engine"
                    )
                for c in rules.supers.get(o, ()):  # cax-sco, cax-eqc
                    add((s, RDF.type, c))
                for u in rules.unions.get(o, ()):  # cls-uni
                    add((s, RDF.type, u))
                for hp, hv in rules.has_value.get(o, ()):  # cls-hv1
                    add((s, hp, hv))
            for q in rules.super_props.get(p, ()):  # prp-spo1, prp-eqp
                add((s, q, o))
            for c in rules.domains.get(p, ()):  # prp-dom
                add((s, RDF.type, c))
            for c in rules.ranges.get(p, ()):  # prp-rng
                add((o, RDF.type, c))
            for q in rules.inverses.get(p, ()):  # prp-inv1, prp-inv2
                add((o, q, s))
            for r in rules.has_value_of.get((p, o), ()):  # cls-hv2
                add((s, RDF.type, r))
            for sup, chain, i in rules.chains.get(p, ()):  # prp-spo2, with this triple at position i
                for first in self._walk(s, chain[:i][::-1], backwards=True):
                    for last in self._walk(o, chain[i + 1 :], backwards=False):
                        add((first, sup, last))
        return self.facts

    def _walk(self, start, props, backwards: bool) -> set:
        ends = {start}
        for p in props:
            ends = {n for e in ends for n in (self.po[(p, e)] if backwards else self.sp[(e, p)])}
            if not ends:
                break
        return ends


def literal_clashes(graph: Iterable[Triple]) -> list[Clash]:
    """dt-not-type: literals whose text is not of their datatype (such as "2020-13-45"^^xsd:date)."""
    return [
        Clash(o, f"the literal {o.n3()} is not a valid {short_name(o.datatype)}")
        for _, _, o in graph
        if isinstance(o, Literal) and o.datatype is not None and o.ill_typed
    ]


def _keep(t: Triple, nodes: set) -> bool:
    s, p, o = t
    return (
        isinstance(s, URIRef)
        and s in nodes
        and isinstance(p, URIRef)
        and not isinstance(o, BNode)
        and not (p == OWL.sameAs and s == o)
    )


def _nodes(graph: Iterable[Triple]) -> set:
    return {n for s, _, o in graph for n in (s, o) if isinstance(n, URIRef)}


def _types(triples: Iterable[Triple], into: dict) -> dict:
    for s, p, o in triples:
        if p == RDF.type:
            into[s].add(o)
    return into


def entailments_fast(graph: Graph | Iterable[Triple], rules: CompiledOntology) -> tuple[set[Triple], dict]:
    """E(D) for one document graph by the fast path, and every resource's types (for clash checks)."""
    asserted = set(graph)
    chainer = _Chainer(rules, asserted)
    closed = chainer.run()
    nodes = _nodes(asserted)
    entailed = {t for t in closed if t not in asserted and t not in rules.closure and _keep(t, nodes)}
    return entailed, _types((t for t in closed if t[0] in nodes), defaultdict(set))


def entailments_owlrl(
    graph: Graph | Iterable[Triple], ontology: Graph, ontology_closure: frozenset
) -> tuple[set[Triple], dict, list[Clash]]:
    """E(D) for one document graph by owlrl: C(D ∪ O) minus D and C(O), filtered as documented."""
    asserted = set(graph)
    both = Graph()
    for t in ontology:
        both.add(t)
    for t in asserted:
        both.add(t)
    closed = owlrl_closure(both)
    nodes = _nodes(asserted)
    entailed = {t for t in closed if t not in asserted and t not in ontology_closure and _keep(t, nodes)}
    return entailed, _types((t for t in closed if t[0] in nodes), defaultdict(set)), owlrl_errors(closed)
