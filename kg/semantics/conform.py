"""A fast conformance check: does a graph break any ``sh:Violation`` constraint of ontology/shapes.ttl?

pySHACL (:mod:`kg.semantics.validate`) takes about 20 ms per article, more than half of what spaCy
takes to parse it: at archive scale it would be the slowest stage of ``kg build``. Yet a build
only needs to know whether its graph conforms; the report matters when it does not, which is
a bug. So ``kg build`` asks this module first, chunk by chunk, and runs pySHACL only on a
chunk that this check flags (then pySHACL's report is the one shown, and its verdict counts).

The check compiles the shapes file into plain Python over dictionaries of the graph's triples
(the graph alone, as pySHACL runs it: no ontology mixed in), for the part of SHACL the file uses: targets
``sh:targetClass`` and ``sh:targetSubjectsOf`` (a graph with an ``rdfs:subClassOf`` triple or a
typed blank node is flagged); paths made of IRIs,
``sh:inversePath`` and sequences; ``sh:minCount``, ``sh:maxCount``, ``sh:datatype`` (with
pySHACL's test of ill-typed literals), ``sh:minLength``, ``sh:pattern``, ``sh:in``,
``sh:nodeKind``, ``sh:class``, ``sh:equals``, ``sh:lessThan``, ``sh:minInclusive``,
``sh:maxInclusive``, ``sh:or``, ``sh:not``; and SHACL-SPARQL constraints, run once over the
whole chunk with Oxigraph (over its triples of the predicates the queries name). Constraints of
severity Warning or Info are skipped: they never make a graph non-conforming. A shapes file
using anything else raises :class:`UnsupportedShapesError` when compiled, and the build falls
back to pySHACL for every chunk. It errs on one side only: where in doubt it flags, and pySHACL decides.
``tests/test_conform.py`` checks it agrees with pySHACL on every failing fixture of
``tests/test_validate.py``, the valid fixture, the seed and development graphs.

It runs on every chunk a build maps, so the work is done once where it can be: each shape is
compiled into a plan (:class:`kg.semantics.shapeplans.Plan`) of steps whose value tests are made up front, and a
chunk's triples are read in one pass into dictionaries of only the predicates and classes the
plans name (:class:`_Index`), keyed so that a look-up matches by identity rather than by
rdflib's ``==``, which runs in Python. The SPARQL constraints still run in Oxigraph over the
chunk's N-Quads, only the lines of the predicates they name (:func:`kg.semantics.shapeplans.sparql_predicates`).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import cast

from rdflib import RDF, RDFS, BNode, Literal, URIRef

from kg.rdf.lines import TripleCollector, lines_with_predicates, ntriple_line
from kg.semantics.shapeplans import CompiledShapes, Plan, Step, UnsupportedShapesError, compile_shapes
from kg.semantics.shapetests import less_than
from kg.semantics.validate import load_shapes

__all__ = ["CompiledShapes", "UnsupportedShapesError", "compiled", "may_violate"]

_TYPE, _SUBCLASS = RDF.type, RDFS.subClassOf


def compiled() -> CompiledShapes:
    """ontology/shapes.ttl compiled (once per process).

    Raises:
        UnsupportedShapesError: the shapes use a SHACL feature this check does not evaluate.
    """
    return compile_shapes(load_shapes())


_UNSEEN = object()


class _Index:
    """The triples of a chunk the plans read, in dictionaries: for each predicate of
    :attr:`CompiledShapes.predicates`, subject -> its objects (in the order the triples came, repeats kept:
    most have one, so the few with more are made distinct when read); for each class of
    :attr:`CompiledShapes.classes`, its members.

    Both are keyed by the compiled shapes' own IRI objects, which the plans look them up with (a match by
    identity), and filled in one pass over the triples that looks each predicate and class term up once, by
    its id: they stay alive during the check, held by the chunk.
    """

    def __init__(self, tables: dict, members: dict):
        self.tables, self.members = tables, members
        self.inverse: dict = {}

    @classmethod
    def of(cls, rules: CompiledShapes, sources: list) -> _Index | None:
        """The index of the triples in ``sources`` (iterables of triples), or None for a graph that extends
        the class hierarchy (an rdfs:subClassOf triple, or a blank node with an rdf:type)."""
        tables: dict = {p: {} for p in rules.predicates}
        members: dict = {c: {} for c in rules.classes}
        predicates: dict = {}  # id of a predicate term -> (whether it is rdf:type, its table or None), or None
        classes: dict = {}  # id of a class term -> its members or None
        nodes: dict = {}  # id of an IRI or blank node -> the first term equal to it (its one object here)
        first: dict = {}
        predicate_of, class_of, node_of = predicates.get, classes.get, nodes.get
        for triples in sources:
            for s, p, o in triples:
                kind = predicate_of(id(p), _UNSEEN)
                if kind is _UNSEEN:
                    if p == _SUBCLASS:
                        return None
                    typed, table = p == _TYPE, tables.get(p)
                    kind = predicates[id(p)] = (typed, table) if typed or table is not None else None
                if kind is None:
                    continue
                typed, table = kind
                node = node_of(id(s))
                if node is None:
                    node = nodes[id(s)] = first.setdefault(s, s)
                if typed:
                    if type(s) is not URIRef and isinstance(s, BNode):
                        return None
                    found = class_of(id(o), _UNSEEN)
                    if found is _UNSEEN:
                        found = classes[id(o)] = members.get(o)
                    if found is not None:
                        found[node] = None
                if table is not None:
                    if type(o) is not Literal:
                        value = node_of(id(o))
                        if value is None:
                            value = nodes[id(o)] = first.setdefault(o, o)
                        o = value
                    objects = table.get(node)
                    if objects is None:
                        table[node] = [o]
                    else:
                        objects.append(o)
        return cls(tables, members)

    def objects(self, s, p) -> list:
        found = self.tables[p].get(s)
        if found is None:
            return []
        return found if len(found) == 1 else list(dict.fromkeys(found))

    def subjects(self, p, o) -> list:
        inv = self.inverse.get(p)
        if inv is None:
            inv = self.inverse[p] = {}
            for s, objects in self.tables[p].items():
                for obj in dict.fromkeys(objects):
                    inv.setdefault(obj, []).append(s)
        return inv.get(o, [])

    def values(self, node, path) -> list:
        if isinstance(path, URIRef):
            return self.objects(node, path)
        kind, arg = path
        if kind == "inverse":
            return list(dict.fromkeys(self.subjects(arg, node)))
        nodes = [node]
        for step in arg:
            if len(nodes) == 1:  # the values of one node are distinct already
                nodes = self.values(nodes[0], step)
            else:
                nodes = list(dict.fromkeys(v for n in nodes for v in self.values(n, step)))
        return nodes

    def focus(self, plan: Plan) -> dict:
        """A plan's focus nodes (keys, in order: each target class's members, then each predicate's subjects)."""
        if len(plan.target_classes) == 1 and not plan.target_subjects_of:
            return self.members[plan.target_classes[0]]
        focus: dict = {}
        for c in plan.target_classes:
            focus.update(self.members[c])
        for p in plan.target_subjects_of:
            focus.update(dict.fromkeys(self.tables[p]))
        return focus


def _violates(index: _Index, focus: dict, step: Step) -> bool:
    """Does any focus node break one of ``step``'s constraints? (Each focus node in turn: its number of
    values, sh:equals, sh:lessThan, then each value's tests.)"""
    path, tests = step.path, step.tests
    min_counts, max_counts, equals, below = step.min_counts, step.max_counts, step.equals, step.less_than
    table = index.tables[step.predicate] if step.predicate is not None else None
    for f in focus:
        if table is not None:
            values = table.get(f, ())
            if len(values) > 1:
                values = list(dict.fromkeys(values))
        elif path is None:
            values = (f,)
        else:
            values = index.values(f, path)
        n = len(values)
        for m in min_counts:
            if n < m:
                return True
        for m in max_counts:
            if n > m:
                return True
        for prop in equals:
            if set(values) != set(index.objects(f, prop)):
                return True
        for prop in below:
            others = index.objects(f, prop)
            if any(not less_than(v, w) for v in values for w in others):
                return True
        for v in values:
            for test in tests:
                if not test(v, index):
                    return True
    return False


def may_violate(dataset, nquads: bytes | None = None) -> bool:
    """Whether ``dataset`` (an rdflib Dataset or Graph, validated as one graph) may break a
    Violation-severity constraint. False means pySHACL would find no violation; True, run it.

    Args:
        dataset: the graphs to check.
        nquads: the same triples as N-Quads (for the SPARQL constraints), when at hand.
    """
    import pyoxigraph as ox

    rules = compiled()
    if isinstance(dataset, TripleCollector):
        sources: list[Iterable[tuple]] = [g.triples for g in dataset.graphs.values()]  # iterables of triples
    else:
        quads = (
            dataset.quads((None, None, None, None))
            if hasattr(dataset, "quads")
            else ((s, p, o, None) for s, p, o in dataset)
        )
        sources = [[(s, p, o) for s, p, o, _ in quads]]
    index = _Index.of(rules, sources)
    if index is None:
        return True  # a graph that extends the class hierarchy: let pySHACL decide
    store = None
    for plan in rules.plans:
        focus = index.focus(plan)
        if not focus:
            continue
        for step in plan.steps:
            if _violates(index, focus, step):
                return True
        if plan.sparql:
            if store is None:
                store = ox.Store()
                try:
                    if nquads is None:
                        nquads = "".join(ntriple_line(t) for triples in sources for t in triples).encode("utf-8")
                    if rules.sparql_terms is not None:  # only the lines the queries can match
                        nquads = lines_with_predicates(nquads, rules.sparql_terms)
                    store.load(input=nquads, format=ox.RdfFormat.N_QUADS)
                except (SyntaxError, ValueError, OSError):
                    return True
            for query in plan.sparql:
                for row in cast(ox.QuerySolutions, store.query(query, use_default_graph_as_union=True)):  # a SELECT
                    this = row["this"]
                    if this is not None and isinstance(this, ox.NamedNode) and URIRef(this.value) in focus:
                        return True
                    if this is not None and not isinstance(this, ox.NamedNode):
                        return True
    return False
