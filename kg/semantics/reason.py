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

The ontology's rules are compiled in :mod:`kg.semantics.ruleset`, and run over one document
graph in :mod:`kg.semantics.chainer`; this module reasons over a dataset and keeps the
entailments in their own named graph.
"""

from __future__ import annotations

import time
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import cast

from rdflib import Dataset, Graph, URIRef
from rdflib.namespace import OWL

from kg.rdf.mapping import DEFAULT_BASE
from kg.semantics.chainer import entailments_fast, entailments_owlrl, literal_clashes
from kg.semantics.ruleset import (
    OWLRL_ERROR,
    OWLRL_ERROR_TEXT,
    SCHEMA_PREDICATES,
    SCHEMA_TYPES,
    UNSUPPORTED_PREDICATES,
    UNSUPPORTED_TYPES,
    Clash,
    CompiledOntology,
    InconsistentGraphError,
    ReasoningError,
    Triple,
    UnsupportedOntologyError,
    compile_ontology,
    compiled,
    disjointness_only,
    load_ontology,
    owlrl_closure,
    owlrl_errors,
)

__all__ = [
    "ENGINES",
    "OWLRL_ERROR",
    "OWLRL_ERROR_TEXT",
    "SCHEMA_PREDICATES",
    "SCHEMA_TYPES",
    "UNSUPPORTED_PREDICATES",
    "UNSUPPORTED_TYPES",
    "Clash",
    "CompiledOntology",
    "InconsistentGraphError",
    "ReasoningError",
    "Result",
    "UnsupportedOntologyError",
    "add_entailments",
    "base_of",
    "compile_ontology",
    "compiled",
    "document_graphs",
    "entailments_fast",
    "entailments_graph_iri",
    "entailments_owlrl",
    "literal_clashes",
    "load_ontology",
    "owlrl_closure",
    "owlrl_errors",
    "reason",
    "reason_skipping",
    "run",
]

ENGINES = ("fast", "owlrl")
#: the old private name of :func:`literal_clashes`, while callers switch
_literal_clashes = literal_clashes


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


# -- the public API ---------------------------------------------------------------------------


def document_graphs(data: Dataset | Graph, skip: Iterable = ()) -> list[Graph]:
    """The graphs to reason over one by one: a dataset's non-empty named graphs, or the graph itself."""
    if isinstance(data, Dataset):
        skip = set(skip)
        return [
            g
            for g in sorted(data.graphs(), key=lambda g: str(g.identifier))
            if len(g) and g.identifier not in skip and g.identifier != data.default_graph.identifier
        ] + ([data.default_graph] if len(data.default_graph) else [])
    return [data]


def run(data: Dataset | Graph, ontology: Graph | None = None, *, engine: str = "fast", skip: Iterable = ()) -> Result:
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
    rules: CompiledOntology | None
    if ontology is None:
        ontology, rules = compiled()
    else:
        rules = compile_ontology(ontology) if engine == "fast" else None
    closure = rules.closure if rules is not None else frozenset(owlrl_closure(ontology))
    result = Result()
    types: dict = defaultdict(set)
    for g in document_graphs(data, skip):
        result.clashes.extend(literal_clashes(g) if engine == "fast" else [])
        if engine == "fast":
            entailed, node_types = entailments_fast(g, cast(CompiledOntology, rules))  # compiled when fast
        else:
            entailed, node_types, errors = entailments_owlrl(g, ontology, closure)
            result.clashes.extend(errors)
        result.entailments |= entailed
        for node, cls in node_types.items():
            types[node] |= cls
    checker = rules or disjointness_only(ontology, closure)
    result.clashes.extend(checker.clashes(types))
    result.clashes = sorted(set(result.clashes), key=lambda c: c.message)
    result.seconds = time.monotonic() - started
    return result


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
    bases = sorted(
        {str(g.identifier).rsplit("graph/", 1)[0] for g in dataset.graphs() if "graph/" in str(g.identifier) and len(g)}
    )
    return bases[0] if len(bases) == 1 else DEFAULT_BASE


def add_entailments(
    dataset: Dataset,
    *,
    base: str | None = None,
    ontology: Graph | None = None,
    fast: bool = True,
    graph: URIRef | str | None = None,
) -> tuple[URIRef, int]:
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
_PREFIXES = {
    "owl": str(OWL),
    "schema": "http://schema.org/",
    "foaf": "http://xmlns.com/foaf/0.1/",
    "org": "http://www.w3.org/ns/org#",
    "sem": "http://semanticweb.cs.vu.nl/2009/11/sem/",
    "nif": "http://persistence.uni-leipzig.org/nlp2rdf/ontologies/nif-core#",
    "dcterms": "http://purl.org/dc/terms/",
    "cameo": "https://w3id.org/kg-news/cameo/",
}
