"""A fast conformance check: does a graph break any ``sh:Violation`` constraint of ontology/shapes.ttl?

pySHACL (:mod:`kg.semantics.validate`) takes about 20 ms per article, more than half of what spaCy
takes to parse it: at archive scale it would be the slowest stage of ``kg build``. Yet a build
only needs to know whether its graph conforms; the report matters when it does not, which is
a bug. So ``kg build`` asks this module first, chunk by chunk, and runs pySHACL only on a
chunk that this check flags (then pySHACL's report is the one shown, and its verdict counts).

The check compiles the shapes file into plain Python over dictionaries of the graph's triples
(the graph alone, as pySHACL runs it: no ontology mixed in), for the part of SHACL the file uses: targets
``sh:targetClass`` (with ``rdfs:subClassOf``) and ``sh:targetSubjectsOf``; paths made of IRIs,
``sh:inversePath`` and sequences; ``sh:minCount``, ``sh:maxCount``, ``sh:datatype`` (with
pySHACL's test of ill-typed literals), ``sh:minLength``, ``sh:pattern``, ``sh:in``,
``sh:nodeKind``, ``sh:class``, ``sh:equals``, ``sh:lessThan``, ``sh:minInclusive``,
``sh:maxInclusive``, ``sh:or``, ``sh:not``; and SHACL-SPARQL constraints, run once over the
whole chunk with Oxigraph. Constraints of severity Warning or Info are skipped: they never
make a graph non-conforming. A shapes file using anything else raises
:class:`UnsupportedShapesError` when compiled, and the build falls back to pySHACL for every
chunk. It errs on one side only: where in doubt it flags, and pySHACL decides.
``tests/test_conform.py`` checks it agrees with pySHACL on every failing fixture of
``tests/test_validate.py``, the valid fixture, the seed and development graphs.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import cache

from rdflib import RDF, RDFS, BNode, Graph, Literal, URIRef
from rdflib.collection import Collection
from rdflib.namespace import XSD

from kg.errors import KgError
from kg.rdf.lines import ntriple_line
from kg.semantics.validate import SH, load_shapes

#: the constraint parameters (sh: terms) this module evaluates, on node and property shapes
_PARAMETERS = {"minCount", "maxCount", "datatype", "minLength", "pattern", "flags", "in", "nodeKind", "class",
               "equals", "lessThan", "minInclusive", "maxInclusive", "or", "not"}
#: other sh: terms a shape may carry
_OTHER = {"targetClass", "targetSubjectsOf", "property", "sparql", "message", "severity", "path", "name",
          "description", "order", "group"}


_TYPE, _SUBCLASS, _VIOLATION = RDF.type, RDFS.subClassOf, SH.Violation
_STRING, _LANG_STRING, _LITERAL, _DATATYPE = XSD.string, RDF.langString, RDFS.Literal, RDFS.Datatype


def _value_checks() -> dict:
    from datetime import date, datetime, time
    from decimal import Decimal

    return {XSD.string: (str, bytes), RDF.langString: (str, bytes), XSD.integer: int, XSD.float: float,
            XSD.decimal: Decimal, XSD.boolean: bool, XSD.date: date, XSD.time: time, XSD.dateTime: datetime}


_CHECKS = _value_checks()
_KINDS = {SH.IRI: (URIRef,), SH.BlankNode: (BNode,), SH.Literal: (Literal,), SH.BlankNodeOrIRI: (BNode, URIRef),
          SH.BlankNodeOrLiteral: (BNode, Literal), SH.IRIOrLiteral: (URIRef, Literal)}


class UnsupportedShapesError(KgError):
    """The shapes use a SHACL feature the fast check does not evaluate (pySHACL is used instead)."""


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
    return str(term)[len(str(SH)):]


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
            if name in ("in", "or"):
                o = list(Collection(g, o))
            shape.params.setdefault(name, []).append(o)
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


@dataclass
class CompiledShapes:
    shapes: list[_Shape]


def compiled() -> CompiledShapes:
    """ontology/shapes.ttl compiled (once per process).

    Raises:
        UnsupportedShapesError: the shapes use a SHACL feature this check does not evaluate.
    """
    return _compiled(load_shapes())


@cache
def _compiled(g: Graph) -> CompiledShapes:
    declares = [(str(g.value(d, SH.prefix)), str(g.value(d, SH.namespace))) for d in g.objects(None, SH.declare)]
    prefixes = "".join(f"PREFIX {p}: <{ns}>\n" for p, ns in sorted(set(declares)))
    nodes = set(g.subjects(RDF.type, SH.NodeShape)) | set(g.subjects(SH.targetClass, None)) | set(
        g.subjects(SH.targetSubjectsOf, None))
    for p in (SH.targetNode, SH.targetObjectsOf, SH.target, SH.deactivated):
        if any(True for _ in g.triples((None, p, None))):
            raise UnsupportedShapesError(f"unsupported {p}")
    shapes = [_shape(g, n, prefixes) for n in sorted(nodes, key=str)]
    return CompiledShapes(shapes)


class _Index:
    """The triples of the graph checked in dictionaries."""

    def __init__(self, triples):
        self.spo: dict = {}
        self.by_pred: dict = {}
        self.by_type: dict = {}
        self.supers: dict = {}
        for s, p, o in triples:
            self.spo.setdefault(s, {}).setdefault(p, {})[o] = None
            self.by_pred.setdefault(p, {})[s] = None
            if p == _TYPE:
                self.by_type.setdefault(o, {})[s] = None
        self.inverse: dict = {}

    def objects(self, s, p) -> list:
        return list(self.spo.get(s, {}).get(p, ()))

    def subjects(self, p, o) -> list:
        inv = self.inverse.get(p)
        if inv is None:
            inv = self.inverse[p] = {}
            for s in self.by_pred.get(p, ()):
                for obj in self.spo[s][p]:
                    inv.setdefault(obj, []).append(s)
        return inv.get(o, [])

    def superclasses(self, c) -> set:
        found = self.supers.get(c)
        if found is None:
            found, todo = {c}, [c]
            while todo:
                for sup in self.objects(todo.pop(), _SUBCLASS):
                    if sup not in found:
                        found.add(sup)
                        todo.append(sup)
            self.supers[c] = found
        return found

    def is_instance(self, node, cls) -> bool:
        return any(cls in self.superclasses(t) for t in self.objects(node, _TYPE))

    def values(self, node, path) -> list:
        if isinstance(path, URIRef):
            return self.objects(node, path)
        kind, arg = path
        if kind == "inverse":
            return list(dict.fromkeys(self.subjects(arg, node)))
        nodes = [node]
        for step in arg:
            nodes = list(dict.fromkeys(v for n in nodes for v in self.values(n, step)))
        return nodes


def _datatype_ok(v, dtype) -> bool:
    """pySHACL's sh:datatype test (DatatypeConstraintComponent)."""
    if not isinstance(v, Literal):
        return False
    if v.datatype == dtype:
        if getattr(v, "ill_typed", None) is True:
            return False
    elif dtype == _LITERAL:
        return True
    elif dtype == _DATATYPE and v.datatype:
        return True
    elif not (v.datatype is None and v.language is None and dtype == _STRING) and not (
            dtype == _LANG_STRING and v.language):
        return False
    check = _CHECKS.get(dtype)
    return isinstance(v.value, check) if check is not None else True


def _node_kind_ok(v, kind) -> bool:
    return isinstance(v, _KINDS.get(kind, ()))


def _compare(v, bound, strict: bool, below: bool) -> bool:
    """``v`` on the right side of ``bound``; anything not comparable fails (pySHACL's value ranges)."""
    if not isinstance(v, Literal) or isinstance(v.value, str) != isinstance(bound.value, str):
        return False
    try:
        a, b = v.value, bound.value
        if a is None or b is None:
            return False
        if below:
            return a < b if strict else a <= b
        return a > b if strict else a >= b
    except TypeError:
        return False


def _less_than(v, w) -> bool:
    """pySHACL's sh:lessThan test of one pair."""
    if isinstance(v, BNode) or isinstance(w, BNode):
        return False
    def plain(x):
        if isinstance(x, URIRef):
            return str(x), True
        if isinstance(x, Literal) and isinstance(x.value, str):
            return x.value, True
        return x, False
    a, a_str = plain(v)
    b, b_str = plain(w)
    if a_str != b_str:
        return False
    try:
        return bool(a < b)
    except TypeError:
        return False


def _value_ok(index: _Index, g, v, params: dict) -> bool:
    for dtype in params.get("datatype", ()):
        if not _datatype_ok(v, dtype):
            return False
    for n in params.get("minLength", ()):
        if isinstance(v, BNode) or len(str(v)) < int(n):
            return False
    for pattern in params.get("pattern", ()):
        flags = 0
        for f in str((params.get("flags") or [""])[0]):
            flags |= {"i": re.IGNORECASE, "m": re.MULTILINE, "s": re.DOTALL, "x": re.VERBOSE}.get(f, 0)
        if isinstance(v, BNode) or not re.search(str(pattern), str(v), flags):
            return False
    for allowed in params.get("in", ()):
        if v not in allowed:
            return False
    for kind in params.get("nodeKind", ()):
        if not _node_kind_ok(v, kind):
            return False
    for cls in params.get("class", ()):
        if isinstance(v, Literal) or not index.is_instance(v, cls):
            return False
    for m in params.get("minInclusive", ()):
        if not _compare(v, m, strict=False, below=False):
            return False
    for m in params.get("maxInclusive", ()):
        if not _compare(v, m, strict=False, below=True):
            return False
    for alternatives in params.get("or", ()):
        if not any(_value_ok(index, g, v, _nested_params(g, s)) for s in alternatives):
            return False
    for s in params.get("not", ()):
        if _value_ok(index, g, v, _nested_params(g, s)):
            return False
    return True


@cache
def _nested_params_cached(node) -> dict:
    g = load_shapes()
    params: dict = {}
    for p, o in g.predicate_objects(node):
        if str(p).startswith(str(SH)) and _local(p) in _PARAMETERS:
            params.setdefault(_local(p), []).append(list(Collection(g, o)) if _local(p) == "in" else o)
    return params


def _nested_params(g, node) -> dict:
    return _nested_params_cached(node)


def _violates(index: _Index, focus: list, shape: _Shape) -> bool:
    """Does any focus node break a Violation-severity constraint of ``shape`` (a node or property shape)?"""
    params = shape.params
    if shape.severity == _VIOLATION and params:
        for f in focus:
            values = [f] if shape.path is None else index.values(f, shape.path)
            if any(len(values) < int(n) for n in params.get("minCount", ())):
                return True
            if any(len(values) > int(n) for n in params.get("maxCount", ())):
                return True
            for prop in params.get("equals", ()):
                if set(values) != set(index.objects(f, prop)):
                    return True
            for prop in params.get("lessThan", ()):
                others = index.objects(f, prop)
                if any(not _less_than(v, w) for v in values for w in others):
                    return True
            for v in values:
                if not _value_ok(index, None, v, params):
                    return True
    return any(_violates(index, focus, p) for p in shape.properties)


def may_violate(dataset, nquads: bytes | None = None) -> bool:
    """Whether ``dataset`` (an rdflib Dataset or Graph, validated as one graph) may break a
    Violation-severity constraint. False means pySHACL would find no violation; True, run it.

    Args:
        dataset: the graphs to check.
        nquads: the same triples as N-Quads (for the SPARQL constraints), when at hand.
    """
    import pyoxigraph as ox

    rules = compiled()
    quads = dataset.quads((None, None, None, None)) if hasattr(dataset, "quads") else (
        (s, p, o, None) for s, p, o in dataset)
    data = [(s, p, o) for s, p, o, _ in quads]
    if any(p == _SUBCLASS or isinstance(s, BNode) and p == _TYPE for s, p, o in data):
        return True  # a graph that extends the class hierarchy: let pySHACL decide
    index = _Index(data)
    store = None
    for shape in rules.shapes:
        focus: dict = {}
        for cls in shape.target_classes:
            for t, members in index.by_type.items():
                if cls in index.superclasses(t):
                    focus.update(members)
        for p in shape.target_subjects_of:
            focus.update(index.by_pred.get(p, {}))
        if not focus:
            continue
        if _violates(index, list(focus), shape):
            return True
        if shape.sparql and shape.severity == _VIOLATION:
            if store is None:
                store = ox.Store()
                try:
                    if nquads is None:
                        nquads = "".join(ntriple_line(t) for t in data).encode("utf-8")
                    store.load(input=nquads, format=ox.RdfFormat.N_QUADS)
                except (SyntaxError, ValueError, OSError):
                    return True
            for query in shape.sparql:
                for row in store.query(query, use_default_graph_as_union=True):
                    this = row["this"]
                    if this is not None and isinstance(this, ox.NamedNode) and URIRef(this.value) in focus:
                        return True
                    if this is not None and not isinstance(this, ox.NamedNode):
                        return True
    return False
