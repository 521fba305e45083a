"""ontology/shapes.ttl compiled for the fast SHACL check (:mod:`kg.semantics.conform`).

Each node shape becomes a plan (:class:`Plan`): its targets, and steps (:class:`Step`) whose value
tests (:mod:`kg.semantics.shapetests`) are made up front. Every IRI a plan looks up is one object
(:class:`_Compiler`), so that the check's dictionaries match it by identity. A shape using a SHACL
feature the check does not evaluate raises :class:`UnsupportedShapesError`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import cache, cached_property

from rdflib import RDF, Graph, URIRef
from rdflib.collection import Collection

from kg.semantics.querypredicates import query_predicates
from kg.semantics.shapetests import (
    UnsupportedShapesError,
    as_integer,
    class_test,
    datatype_test,
    in_test,
    min_length_test,
    node_kind_test,
    not_test,
    or_test,
    pattern_test,
    range_test,
)
from kg.semantics.validate import SH

__all__ = ["CompiledShapes", "Plan", "Step", "UnsupportedShapesError", "compile_shapes"]

#: the constraint parameters (sh: terms) this module evaluates, on node and property shapes
_PARAMETERS = {
    "minCount",
    "maxCount",
    "datatype",
    "minLength",
    "pattern",
    "flags",
    "in",
    "nodeKind",
    "class",
    "equals",
    "lessThan",
    "minInclusive",
    "maxInclusive",
    "or",
    "not",
}
#: other sh: terms a shape may carry
_OTHER = {
    "targetClass",
    "targetSubjectsOf",
    "property",
    "sparql",
    "message",
    "severity",
    "path",
    "name",
    "description",
    "order",
    "group",
}

_VIOLATION = SH.Violation


@dataclass
class _Shape:
    node: object
    severity: object = SH.Violation
    path: object = None  # None for a node shape; an IRI, ("inverse", p) or ("sequence", [paths])
    params: dict = field(default_factory=dict)  # local name -> list of values
    properties: list = field(default_factory=list)
    sparql: list = field(default_factory=list)  # query texts with ?this for $this
    target_classes: list = field(default_factory=list)
    target_subjects_of: list = field(default_factory=list)


def _local(term) -> str:
    return str(term)[len(str(SH)) :]


def _path(g: Graph, node):
    if isinstance(node, URIRef):
        return node
    inverse = g.value(node, SH.inversePath)
    if inverse is not None and isinstance(inverse, URIRef) and len(list(g.predicate_objects(node))) == 1:
        return ("inverse", inverse)
    if g.value(node, RDF.first) is not None:
        return ("sequence", [_path(g, p) for p in Collection(g, node)])
    raise UnsupportedShapesError(f"unsupported sh:path {node}")


def _shape(g: Graph, node, prefixes: str, nested: bool = False) -> _Shape:
    shape = _Shape(node)
    for p, o in g.predicate_objects(node):
        if p == RDF.type or not str(p).startswith(str(SH)):
            continue
        name = _local(p)
        if name in _PARAMETERS:
            shape.params.setdefault(name, []).append(list(Collection(g, o)) if name in ("in", "or") else o)
        elif name == "severity":
            shape.severity = o
        elif name == "path":
            shape.path = _path(g, o)
        elif name == "property" and not nested:
            shape.properties.append(_shape(g, o, prefixes))
        elif name == "sparql" and not nested:
            if g.value(o, SH.deactivated) is not None or g.value(o, SH.select) is None:
                raise UnsupportedShapesError(f"unsupported sh:sparql constraint on {node}")
            text = str(g.value(o, SH.select))
            shape.sparql.append(prefixes + re.sub(r"\$this\b", "?this", text))
        elif name == "targetClass":
            shape.target_classes.append(o)
        elif name == "targetSubjectsOf":
            shape.target_subjects_of.append(o)
        elif name in _OTHER:
            continue
        else:
            raise UnsupportedShapesError(f"unsupported SHACL term sh:{name} on {node}")
    for inner in shape.params.get("or", []):
        for s in inner:
            _check_nested(g, s)
    for s in shape.params.get("not", []):
        _check_nested(g, s)
    return shape


def _check_nested(g: Graph, node) -> None:
    for p, _ in g.predicate_objects(node):
        if str(p).startswith(str(SH)) and _local(p) not in {"datatype", "class", "nodeKind", "in", "message"}:
            raise UnsupportedShapesError(f"unsupported nested shape {node} (sh:{_local(p)})")


@dataclass(frozen=True)
class Step:
    """A node or property shape's Violation-severity constraints, compiled: what is tested on each focus node."""

    path: object  # as _Shape.path (its IRIs the compiled shapes' own objects: see _Index)
    predicate: object  # the path when it is one IRI (the usual case, read straight from its table), else None
    min_counts: tuple[int, ...]
    max_counts: tuple[int, ...]
    equals: tuple
    less_than: tuple
    tests: tuple  # the tests of each value, callables (value, index) -> whether it passes


@dataclass(frozen=True)
class Plan:
    """One node shape compiled: its targets, its steps (its own constraints, then its property shapes'), its
    SPARQL queries (none unless the shape is of severity Violation)."""

    target_classes: tuple
    target_subjects_of: tuple
    steps: tuple[Step, ...]
    sparql: tuple[str, ...]


@dataclass
class CompiledShapes:
    shapes: list[_Shape]
    plans: list[Plan]
    predicates: tuple  # every predicate whose triples a plan reads (in paths, sh:equals, sh:lessThan, targets)
    classes: tuple  # every class whose members a plan reads (sh:targetClass, sh:class)
    #: the predicates the SPARQL constraints' patterns name, or None when one may match triples of any
    #: (:func:`sparql_predicates`)
    sparql_predicates: frozenset[str] | None = None

    @cached_property
    def sparql_terms(self) -> frozenset[bytes] | None:
        """:attr:`sparql_predicates` as N-Triples terms (``<IRI>``, bytes): the predicates of the lines the
        check loads for the queries (:func:`kg.rdf.lines.lines_with_predicates`)."""
        if self.sparql_predicates is None:
            return None
        return frozenset(f"<{p}>".encode() for p in self.sparql_predicates)


@cache
def compile_shapes(g: Graph) -> CompiledShapes:
    """The shapes graph ``g`` compiled (once per graph)."""
    declares = [(str(g.value(d, SH.prefix)), str(g.value(d, SH.namespace))) for d in g.objects(None, SH.declare)]
    prefixes = "".join(f"PREFIX {p}: <{ns}>\n" for p, ns in sorted(set(declares)))
    nodes = (
        set(g.subjects(RDF.type, SH.NodeShape))
        | set(g.subjects(SH.targetClass, None))
        | set(g.subjects(SH.targetSubjectsOf, None))
    )
    for p in (SH.targetNode, SH.targetObjectsOf, SH.target, SH.deactivated):
        if any(True for _ in g.triples((None, p, None))):
            raise UnsupportedShapesError(f"unsupported {p}")
    shapes = [_shape(g, n, prefixes) for n in sorted(nodes, key=str)]
    compiler = _Compiler(g)
    plans = [compiler.plan(s) for s in shapes]
    return CompiledShapes(
        shapes,
        plans,
        tuple(compiler.predicates),
        tuple(compiler.classes),
        sparql_predicates([q for plan in plans for q in plan.sparql]),
    )


def sparql_predicates(queries: list[str]) -> frozenset[str] | None:
    """The predicates the triple patterns of ``queries`` (SPARQL texts) name
    (:func:`kg.semantics.querypredicates.query_predicates`), or None when one of them may match a triple of any.

    Only triples of these predicates can take part in the queries' answers, so the check loads only those
    into the store it runs the queries on (the others would cost their loading alone)."""
    found: set[str] = set()
    for query in queries:
        predicates = query_predicates(query)
        if predicates is None:
            return None
        found |= predicates
    return frozenset(found)


class _Compiler:
    """Turns shapes into plans, once: each test made up front (its regular expression compiled, its bounds and
    counts read, its nested shapes' parameters gathered), and each IRI a plan looks up in a chunk's
    dictionaries one object, so that those look-ups match by identity (rdflib's ``==`` runs in Python)."""

    def __init__(self, g: Graph):
        self.g = g
        self.terms: dict = {}
        self.predicates: dict = {}  # insertion-ordered sets
        self.classes: dict = {}

    def predicate(self, p):
        p = self.terms.setdefault(p, p)
        self.predicates[p] = None
        return p

    def cls(self, c):
        c = self.terms.setdefault(c, c)
        self.classes[c] = None
        return c

    def path(self, path):
        if path is None:
            return None
        if isinstance(path, tuple):
            kind, arg = path
            return (kind, self.predicate(arg)) if kind == "inverse" else (kind, [self.path(p) for p in arg])
        return self.predicate(path)

    def plan(self, shape: _Shape) -> Plan:
        steps: list[Step] = []
        self.steps(shape, steps)
        return Plan(
            tuple(self.cls(c) for c in shape.target_classes),
            tuple(self.predicate(p) for p in shape.target_subjects_of),
            tuple(steps),
            tuple(shape.sparql) if shape.severity == _VIOLATION else (),
        )

    def steps(self, shape: _Shape, out: list) -> None:
        """The steps of ``shape`` and of its property shapes, depth first (the order the check runs them)."""
        params = shape.params
        if shape.severity == _VIOLATION and params:
            path = self.path(shape.path)
            out.append(
                Step(
                    path,
                    path if isinstance(path, URIRef) else None,
                    tuple(as_integer(n, "minCount") for n in params.get("minCount", ())),
                    tuple(as_integer(n, "maxCount") for n in params.get("maxCount", ())),
                    tuple(self.predicate(p) for p in params.get("equals", ())),
                    tuple(self.predicate(p) for p in params.get("lessThan", ())),
                    self.tests(params),
                )
            )
        for p in shape.properties:
            self.steps(p, out)

    def tests(self, params: dict) -> tuple:
        """The tests of one value against ``params`` (local name -> values), in a fixed order: sh:datatype,
        sh:minLength, sh:pattern, sh:in, sh:nodeKind, sh:class, sh:minInclusive, sh:maxInclusive, sh:or, sh:not."""
        tests = [datatype_test(dtype) for dtype in params.get("datatype", ())]
        tests += [min_length_test(as_integer(n, "minLength")) for n in params.get("minLength", ())]
        flags = 0
        for f in str((params.get("flags") or [""])[0]):
            flags |= {"i": re.IGNORECASE, "m": re.MULTILINE, "s": re.DOTALL, "x": re.VERBOSE}.get(f, 0)
        tests += [pattern_test(pattern, flags) for pattern in params.get("pattern", ())]
        tests += [in_test(allowed) for allowed in params.get("in", ())]
        tests += [node_kind_test(kind) for kind in params.get("nodeKind", ())]
        tests += [class_test(self.cls(c)) for c in params.get("class", ())]
        tests += [range_test(m, below=False) for m in params.get("minInclusive", ())]
        tests += [range_test(m, below=True) for m in params.get("maxInclusive", ())]
        tests += [or_test([self.tests(self.nested(s)) for s in alternatives]) for alternatives in params.get("or", ())]
        tests += [not_test(self.tests(self.nested(s))) for s in params.get("not", ())]
        return tuple(tests)

    def nested(self, node) -> dict:
        """The parameters of a shape in sh:or or sh:not (local name -> values)."""
        params: dict = {}
        for p, o in self.g.predicate_objects(node):
            if str(p).startswith(str(SH)) and _local(p) in _PARAMETERS:
                params.setdefault(_local(p), []).append(list(Collection(self.g, o)) if _local(p) == "in" else o)
        return params
