"""Reason stage: the OWL 2 RL entailments of the graph, kept apart from the extracted facts.

Two engines give the same entailments:

``owlrl``
    the reference: owlrl's ``OWLRL_Semantics`` closure of each document graph together
    with the ontology (about a second per article; owlrl takes ~76 s per 100k triples).
``fast`` (the default)
    the ontology's rules compiled once into lookup tables (from owlrl's closure of the
    ontology alone), then a forward chainer in plain Python over each document graph,
    run to a fixpoint. It implements exactly the OWL 2 RL rules the ontology needs:
    cax-sco and cax-eqc (subclass, equivalent class), prp-spo1 and prp-eqp
    (subproperty, equivalent property), prp-dom, prp-rng, prp-inv1/2 (inverse),
    prp-spo2 (property chains), cls-uni (union), cls-hv1/2 (hasValue), and the checks
    cax-dw, cax-adc (disjoint classes), cls-nothing2 and dt-not-type (ill-typed
    literals). Compiling an ontology that uses any other OWL construct raises
    :class:`UnsupportedOntologyError` rather than give a different answer.

What "the entailments" are, exactly (both engines, and what the test compares)
-------------------------------------------------------------------------------
Let O be the ontology, D one document graph (a named graph of the dataset), and C(X)
owlrl's ``OWLRL_Semantics`` closure of X (``DeductiveClosure`` defaults: no axiomatic
triples, no datatype axioms). The entailments of D are

    E(D) = { (s, p, o) in C(D ∪ O)  with  (s, p, o) not in D and not in C(O),
             s an IRI that occurs in D (as a subject or an object),
             p an IRI, o not a blank node, and not (p = owl:sameAs and s = o) }

that is, every new triple about the document's own resources. Left out are the
reflexive ``x owl:sameAs x`` of rule eq-ref, the triples about literals (dt-type2, a
range typing a literal), the triples about or pointing at blank nodes (owlrl's error
reports, class expressions such as the unions and owl:hasValue restrictions) and the
schema-level triples (about the ontology's terms or the datatypes). The entailments
of a dataset are the union of E(D) over its named graphs: each document is reasoned
alone with the ontology, as owlrl would take minutes over a whole corpus. Every rule
of the ontology but one has a single premise about an instance; the exception, the
property chains, joins an event's agent role with its target role, and an event
shared by several articles (kg.resolve.corefer) has the same targets in each of them, so
reasoning per document misses nothing that reasoning over the union would derive
(``tests/test_reason.py`` checks this). Disjointness is checked on every resource's
types merged over all graphs.

    >>> from kg.semantics.reason import reason
    >>> entailed = reason(dataset)            # doctest: +SKIP  (an rdflib.Graph)
"""

from __future__ import annotations

import time
from collections import defaultdict
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Iterable

import owlrl
from rdflib import BNode, Dataset, Graph, Literal, URIRef
from rdflib.namespace import OWL, RDF, RDFS

from kg.errors import KgError
from kg.rdf.mapping import DEFAULT_BASE
from kg.ontology.paths import ontology_dir
from kg.ontology.vocab import NS

Triple = tuple
ENGINES = ("fast", "owlrl")
#: owlrl writes each inconsistency it finds as a node of this class, with err:error
OWLRL_ERROR = URIRef("http://www.daml.org/2002/03/agents/agent-ont#ErrorMessage")
OWLRL_ERROR_TEXT = URIRef("http://www.daml.org/2002/03/agents/agent-ont#error")

#: OWL constructs the fast path does not compile: an ontology with one is refused
UNSUPPORTED_PREDICATES = {
    OWL.intersectionOf: "owl:intersectionOf", OWL.someValuesFrom: "owl:someValuesFrom",
    OWL.allValuesFrom: "owl:allValuesFrom", OWL.maxCardinality: "owl:maxCardinality",
    OWL.maxQualifiedCardinality: "owl:maxQualifiedCardinality", OWL.oneOf: "owl:oneOf",
    OWL.complementOf: "owl:complementOf", OWL.hasKey: "owl:hasKey",
    OWL.propertyDisjointWith: "owl:propertyDisjointWith", OWL.sourceIndividual: "owl:NegativePropertyAssertion",
    OWL.differentFrom: "owl:differentFrom",
}
UNSUPPORTED_TYPES = {
    OWL.FunctionalProperty: "owl:FunctionalProperty", OWL.InverseFunctionalProperty: "owl:InverseFunctionalProperty",
    OWL.SymmetricProperty: "owl:SymmetricProperty", OWL.TransitiveProperty: "owl:TransitiveProperty",
    OWL.IrreflexiveProperty: "owl:IrreflexiveProperty", OWL.AsymmetricProperty: "owl:AsymmetricProperty",
    OWL.AllDisjointProperties: "owl:AllDisjointProperties", OWL.AllDifferent: "owl:AllDifferent",
}
#: terms that make a data graph carry schema: the fast path refuses such data (use owlrl)
SCHEMA_PREDICATES = {RDFS.subClassOf, RDFS.subPropertyOf, RDFS.domain, RDFS.range, OWL.equivalentClass,
                     OWL.equivalentProperty, OWL.inverseOf, OWL.propertyChainAxiom, OWL.unionOf, OWL.hasValue,
                     OWL.onProperty, OWL.disjointWith, OWL.members, OWL.sameAs} | set(UNSUPPORTED_PREDICATES)
SCHEMA_TYPES = {OWL.Class, RDFS.Class, OWL.Restriction, OWL.ObjectProperty, OWL.DatatypeProperty, RDF.Property,
                OWL.AllDisjointClasses, RDFS.Datatype} | set(UNSUPPORTED_TYPES)


class ReasoningError(KgError):
    """Reasoning could not be done (an unknown engine, a graph the fast path cannot take)."""


class UnsupportedOntologyError(ReasoningError):
    """The ontology uses an OWL construct the fast path does not compile."""


class InconsistentGraphError(ReasoningError):
    """The graph contradicts the ontology (a disjointness clash, an ill-typed literal)."""

    def __init__(self, clashes: list["Clash"]):
        self.clashes = clashes
        more = f" (and {len(clashes) - 1} more)" if len(clashes) > 1 else ""
        super().__init__(f"the graph is inconsistent with the ontology: {clashes[0].message}{more}")


@dataclass(frozen=True)
class Clash:
    """One inconsistency: the resource (or literal) at fault and what is wrong with it."""

    node: object
    message: str


@dataclass
class Result:
    """What reasoning over one graph or a dataset found."""

    entailments: set[Triple] = field(default_factory=set)
    clashes: list[Clash] = field(default_factory=list)
    seconds: float = 0.0

    def graph(self) -> Graph:
        g = Graph()
        for t in sorted(self.entailments):
            g.add(t)
        return g


# -- the ontology ----------------------------------------------------------------------------

def load_ontology(path: Path | None = None) -> Graph:
    """``ontology/kg.ttl`` (or ``path``) as an rdflib graph."""
    return Graph().parse(path or ontology_dir() / "kg.ttl", format="turtle")


def owlrl_closure(graph: Graph) -> Graph:
    """owlrl's OWL 2 RL closure of a copy of ``graph`` (``DeductiveClosure`` defaults)."""
    closed = Graph()
    for t in graph:
        closed.add(t)
    owlrl.DeductiveClosure(owlrl.OWLRL_Semantics).expand(closed)
    return closed


def owlrl_errors(closed: Graph) -> list[Clash]:
    """The inconsistencies owlrl wrote into a closure."""
    return sorted((Clash(n, str(closed.value(n, OWLRL_ERROR_TEXT))) for n in closed.subjects(RDF.type, OWLRL_ERROR)),
                  key=lambda c: c.message)


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
                found.append(Clash(node, f"{_n3(node)} is of type owl:Nothing"))
            for a in cls:
                for b in self.disjoint.get(a, ()):
                    if b in cls and _n3(a) < _n3(b):
                        found.append(Clash(node, f"{_n3(node)} is both a {_n3(a)} and a {_n3(b)}, "
                                                 "which are disjoint classes"))
        return sorted(set(found), key=lambda c: c.message)


def compile_ontology(ontology: Graph) -> CompiledOntology:
    """Compile ``ontology`` for the fast path (owlrl closes the ontology itself, once).

    Raises:
        UnsupportedOntologyError: the ontology uses an OWL construct the fast path lacks.
    """
    closed = owlrl_closure(ontology)
    found = sorted({name for p, name in UNSUPPORTED_PREDICATES.items() if (None, p, None) in closed}
                   | {name for t, name in UNSUPPORTED_TYPES.items() if (None, RDF.type, t) in closed}
                   | {"owl:sameAs between different resources" for s, o in closed.subject_objects(OWL.sameAs)
                      if s != o})
    if found:
        raise UnsupportedOntologyError(f"the fast reasoner does not compile {', '.join(found)}; "
                                       "use the owlrl engine with this ontology")
    table = lambda: defaultdict(set)  # noqa: E731
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
    return CompiledOntology(frozenset(closed), freeze(supers), freeze(unions), dict(has_value), dict(has_value_of),
                            freeze(super_props), freeze(domains), freeze(ranges), freeze(inverses), dict(chains),
                            freeze(disjoint), dict(by_subject), dict(by_object))


@cache
def _compiled_file(path: str, mtime: float) -> tuple[Graph, CompiledOntology]:
    ontology = load_ontology(Path(path))
    return ontology, compile_ontology(ontology)


def compiled(path: Path | None = None) -> tuple[Graph, CompiledOntology]:
    """The ontology file and its compiled rules, compiled once per process (and per file change)."""
    path = (path or ontology_dir() / "kg.ttl").resolve()
    return _compiled_file(str(path), path.stat().st_mtime)


# -- the fast path ---------------------------------------------------------------------------

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
                raise ReasoningError(f"the fast reasoner takes instance data only, and the graph has the schema "
                                     f"triple {' '.join(_n3(x) for x in t)}; use the owlrl engine")
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
                    raise ReasoningError(f"the data entails the schema triple {' '.join(_n3(x) for x in t)}, "
                                         "which the fast reasoner does not follow; use the owlrl engine")
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
                    for last in self._walk(o, chain[i + 1:], backwards=False):
                        add((first, sup, last))
        return self.facts

    def _walk(self, start, props, backwards: bool) -> set:
        ends = {start}
        for p in props:
            ends = {n for e in ends for n in (self.po[(p, e)] if backwards else self.sp[(e, p)])}
            if not ends:
                break
        return ends


def _literal_clashes(graph: Iterable[Triple]) -> list[Clash]:
    """dt-not-type: literals whose text is not of their datatype (such as "2020-13-45"^^xsd:date)."""
    return [Clash(o, f"the literal {o.n3()} is not a valid {_n3(o.datatype)}") for _, _, o in graph
            if isinstance(o, Literal) and o.datatype is not None and o.ill_typed]


def _keep(t: Triple, nodes: set) -> bool:
    s, p, o = t
    return (isinstance(s, URIRef) and s in nodes and isinstance(p, URIRef) and not isinstance(o, BNode)
            and not (p == OWL.sameAs and s == o))


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


def entailments_owlrl(graph: Graph | Iterable[Triple], ontology: Graph, ontology_closure: frozenset
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


# -- the public API ---------------------------------------------------------------------------

def document_graphs(data: Dataset | Graph, skip: Iterable = ()) -> list[Graph]:
    """The graphs to reason over one by one: a dataset's non-empty named graphs, or the graph itself."""
    if isinstance(data, Dataset):
        skip = set(skip)
        return [g for g in sorted(data.graphs(), key=lambda g: str(g.identifier))
                if len(g) and g.identifier not in skip and g.identifier != data.default_graph.identifier] + (
            [data.default_graph] if len(data.default_graph) else [])
    return [data]


def run(data: Dataset | Graph, ontology: Graph | None = None, *, engine: str = "fast",
        skip: Iterable = ()) -> Result:
    """Reason over ``data`` (per named graph of a dataset) and report entailments and clashes.

    Args:
        data: a graph, or a dataset with one named graph per document.
        ontology: the ontology (default: ``ontology/kg.ttl``, compiled once per process).
        engine: ``"fast"`` (compiled rules) or ``"owlrl"`` (the reference).
        skip: names of graphs to leave out (such as an earlier entailments graph).

    Returns:
        A :class:`Result`: the entailments E (see the module docstring) and the clashes.
    """
    if engine not in ENGINES:
        raise ReasoningError(f"unknown reasoning engine {engine!r}; use one of {', '.join(ENGINES)}")
    started = time.monotonic()
    if ontology is None:
        ontology, rules = compiled()
    else:
        rules = compile_ontology(ontology) if engine == "fast" else None
    closure = rules.closure if rules is not None else frozenset(owlrl_closure(ontology))
    result = Result()
    types: dict = defaultdict(set)
    for g in document_graphs(data, skip):
        result.clashes.extend(_literal_clashes(g) if engine == "fast" else [])
        if engine == "fast":
            entailed, node_types = entailments_fast(g, rules)
        else:
            entailed, node_types, errors = entailments_owlrl(g, ontology, closure)
            result.clashes.extend(errors)
        result.entailments |= entailed
        for node, cls in node_types.items():
            types[node] |= cls
    checker = rules or _disjointness_only(ontology, closure)
    result.clashes.extend(checker.clashes(types))
    result.clashes = sorted(set(result.clashes), key=lambda c: c.message)
    result.seconds = time.monotonic() - started
    return result


def _disjointness_only(ontology: Graph, closure: frozenset) -> CompiledOntology:
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


def reason(data: Dataset | Graph, ontology: Graph | None = None, fast: bool = True) -> Graph:
    """The entailments of ``data`` (only the new triples, see the module docstring) as a graph.

    Args:
        data: a dataset (reasoned per named graph) or one graph.
        ontology: default ``ontology/kg.ttl``.
        fast: the compiled rules (default) or, with ``False``, owlrl itself.

    Raises:
        InconsistentGraphError: the data contradicts the ontology (``.clashes`` lists how).
    """
    result = run(data, ontology, engine="fast" if fast else "owlrl")
    if result.clashes:
        raise InconsistentGraphError(result.clashes)
    return result.graph()


def entailments_graph_iri(base: str = DEFAULT_BASE) -> URIRef:
    """The named graph that holds the entailments of a build under ``base``: ``<base>entailments``.

    It is outside ``<base>graph/``, where the document graphs are, so no article can clash with it.
    """
    return URIRef(base + ("" if base.endswith(("/", "#")) else "/") + "entailments")


def base_of(dataset: Dataset) -> str:
    """The instance base of a built dataset, from its document graphs' names (``<base>graph/<id>``)."""
    bases = sorted({str(g.identifier).rsplit("graph/", 1)[0] for g in dataset.graphs()
                    if "graph/" in str(g.identifier) and len(g)})
    return bases[0] if len(bases) == 1 else DEFAULT_BASE


def add_entailments(dataset: Dataset, *, base: str | None = None, ontology: Graph | None = None,
                    fast: bool = True, graph: URIRef | str | None = None) -> tuple[URIRef, int]:
    """Reason over ``dataset`` and put the entailments in their own named graph of it.

    The graph is ``<base>entailments`` (``base`` defaults to the dataset's own); an earlier
    entailments graph of that name is left out of the reasoning and replaced. Drop that one
    graph to get back the extracted facts alone.

    Returns:
        The graph's IRI and the number of entailed triples.

    Raises:
        InconsistentGraphError: the data contradicts the ontology.
    """
    iri = URIRef(graph) if graph is not None else entailments_graph_iri(base or base_of(dataset))
    entailed = reason_skipping(dataset, iri, ontology, fast)
    dataset.remove_graph(iri)
    target = dataset.graph(iri)
    for t in sorted(entailed):
        target.add(t)
    for prefix, ns in _PREFIXES.items():
        dataset.bind(prefix, ns, override=False)
    return iri, len(entailed)


def reason_skipping(dataset: Dataset, skip: URIRef, ontology: Graph | None, fast: bool) -> set[Triple]:
    result = run(dataset, ontology, engine="fast" if fast else "owlrl", skip=[skip])
    if result.clashes:
        raise InconsistentGraphError(result.clashes)
    return result.entailments


#: prefixes the entailments use (alignments of the ontology)
_PREFIXES = {"owl": str(OWL), "schema": "http://schema.org/", "foaf": "http://xmlns.com/foaf/0.1/",
             "org": "http://www.w3.org/ns/org#", "sem": "http://semanticweb.cs.vu.nl/2009/11/sem/",
             "nif": "http://persistence.uni-leipzig.org/nlp2rdf/ontologies/nif-core#",
             "dcterms": "http://purl.org/dc/terms/", "cameo": "https://w3id.org/kg-news/cameo/"}

_SHORT = {NS: "kg:", str(OWL): "owl:", str(RDFS): "rdfs:", str(RDF): "rdf:",
          "http://www.w3.org/2001/XMLSchema#": "xsd:"}


def _n3(node) -> str:
    text = str(node)
    for ns, prefix in _SHORT.items():
        if text.startswith(ns):
            return prefix + text[len(ns):]
    return node.n3() if hasattr(node, "n3") else text
