"""Validate stage: check a graph against the SHACL shapes of ``ontology/shapes.ttl`` (pySHACL).

The shapes say what a well-formed entity, event, claim, sentence and article is, and that
every extracted fact carries its provenance (see the shapes file). It is a plain SHACL run: no
ontology is mixed in and nothing is inferred, since the graph states every kg: class of a node
(a ``kg:Person`` is also a ``kg:Agent``), so any other SHACL engine given ``shapes.ttl`` and the
graph alone finds the same (``tests/semantics/test_plain_shacl.py``). A dataset is validated as
one graph (all its named graphs merged), as users query it.

``Report.conforms`` is SHACL's ``sh:conforms``: false when there is any result, a warning too.
Only a ``Violation`` is a defect (``kg build`` and ``kg validate`` fail on it, :func:`check`
raises); ``Warning`` findings (say, an ejection whose target the text does not name) are reported.

    >>> report = validate(dataset)             # doctest: +SKIP
    >>> report.conforms, print(report.text())  # doctest: +SKIP
"""

from __future__ import annotations

import time
from contextlib import contextmanager, nullcontext
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from rdflib import RDF, RDFS, BNode, Dataset, Graph, Literal, Namespace, URIRef
from rdflib.collection import Collection

from kg.errors import KgError
from kg.ontology import terms

SH = Namespace("http://www.w3.org/ns/shacl#")
SEVERITIES = {SH.Violation: "Violation", SH.Warning: "Warning", SH.Info: "Info"}
SHAPES_NS = "https://w3id.org/kg-news/shapes#"


class ValidationError(KgError):
    """The graph does not conform to the shapes; ``report`` says where and why."""

    def __init__(self, report: Report, source: str = "the graph"):
        self.report = report
        first = report.violations[0].line() if report.violations else ""
        n = len(report.violations)
        super().__init__(
            f"{source} does not conform to ontology/shapes.ttl: {n} violation{'s' * (n != 1)}, the first: {first}"
        )


@dataclass(frozen=True)
class Finding:
    """One SHACL validation result, in words."""

    severity: str  # Violation | Warning | Info
    focus: str  # the focus node, compact (kg:..., person:...)
    label: str  # what the focus node is called (its rdfs:label, a sentence's text, its class)
    path: str  # the property path, compact ("kg:evidence/kg:inDocument"); "" for node constraints
    message: str
    value: str = ""  # the offending value, compact, when there is one
    shape: str = ""

    def line(self) -> str:
        """``Violation: person:ana-lopes ("Ana Lopes") kg:memberOf: <message> [value: office:speaker]``."""
        who = f"{self.focus} ({self.label})" if self.label else self.focus
        where = f" {self.path}" if self.path else ""
        value = f" [value: {self.value}]" if self.value else ""
        return f"{self.severity}: {who}{where}: {self.message}{value}"


@dataclass
class Report:
    """The findings of one validation, violations first."""

    findings: list[Finding] = field(default_factory=list)
    seconds: float = 0.0
    triples: int = 0

    @property
    def violations(self) -> list[Finding]:
        return [f for f in self.findings if f.severity == "Violation"]

    @property
    def warnings(self) -> list[Finding]:
        return [f for f in self.findings if f.severity != "Violation"]

    @property
    def conforms(self) -> bool:
        """SHACL's ``sh:conforms``: no validation result at all, of any severity."""
        return not self.findings

    def summary(self) -> str:
        """``conforms to ...`` only with no finding; with warnings alone, that it has no violation."""
        v, w = len(self.violations), len(self.warnings)
        counts = f"{v} violation{'s' * (v != 1)}, {w} warning{'s' * (w != 1)}"
        if self.conforms:
            verdict = f"conforms to ontology/shapes.ttl: {counts}"
        elif not self.violations:
            verdict = f"does not conform to ontology/shapes.ttl (sh:conforms false), but has no violation: {counts}"
        else:
            verdict = f"does not conform to ontology/shapes.ttl: {counts}"
        return f"{verdict} ({self.triples} triples, {self.seconds:.1f}s)"

    def text(self, warnings: bool = True) -> str:
        """One line per finding (violations, then warnings if asked), then the summary."""
        shown = self.violations + (self.warnings if warnings else [])
        return "\n".join([f.line() for f in shown] + [self.summary()])


def load_shapes(path: Path | None = None) -> Graph:
    """``ontology/shapes.ttl`` (or ``path``), parsed once per process (shared: do not change it)."""
    return terms.shapes_graph(path)


def load_ontology(path: Path | None = None) -> Graph:
    """``ontology/kg.ttl`` (or ``path``), parsed once per process (shared: do not change it)."""
    return terms.ontology_graph(path)


def as_graph(data: Graph | Dataset) -> Graph:
    """A dataset's named graphs merged into one graph (a plain graph as it is)."""
    if not isinstance(data, Dataset):
        return data
    from kg.rdf.write import merged

    return merged(data)


def validate(
    data: Graph | Dataset, shapes: Graph | None = None, ontology: Graph | None = None, *, prepared: bool = True
) -> Report:
    """Validate ``data`` against the shapes (default ``ontology/shapes.ttl``) with pySHACL.

    Args:
        data: a graph, or a dataset (its named graphs are validated together).
        shapes: a SHACL shapes graph; default the project's.
        ontology: an extra graph mixed into the data while validating (pySHACL's ``ont_graph``);
            default none, a plain SHACL run, as the shapes need.
        prepared: parse each SHACL-SPARQL query once (faster, same results); False runs
            pySHACL untouched.

    Returns:
        A :class:`Report`; ``report.violations`` is empty when the graph has no defect, and
        ``report.conforms`` (SHACL's) also needs no warning.
    """
    started = time.monotonic()
    graph = as_graph(data)
    shapes = shapes if shapes is not None else load_shapes()
    import pyshacl  # here, not at the top: the compiled check (kg.semantics.conform) needs only the shapes

    with _prepared_sparql() if prepared else nullcontext():
        _, results, _ = pyshacl.validate(
            graph,
            shacl_graph=shapes,
            ont_graph=ontology,
            inference="none",
            allow_warnings=True,
            abort_on_first=False,
            meta_shacl=False,
        )
    owners = {ps: ns for ns, ps in shapes.subject_objects(SH.property) if isinstance(ps, BNode)}
    findings = sorted(
        {_finding(results, r, graph, owners) for r in results.subjects(RDF.type, SH.ValidationResult)},
        key=lambda f: (f.severity != "Violation", f.focus, f.path, f.message, f.value),
    )
    return Report(findings, time.monotonic() - started, len(graph))


def check(data: Graph | Dataset, source: str = "the graph") -> Report:
    """:func:`validate`, raising :class:`ValidationError` when the data has a violation."""
    report = validate(data)
    if report.violations:
        raise ValidationError(report, source)
    return report


@contextmanager
def _prepared_sparql():
    """Let pySHACL parse each SHACL-SPARQL constraint once instead of once per focus node.

    pySHACL runs a constraint's query text for every focus node with ``$this`` pre-bound
    (``initBindings``), so the text is the same each time; rdflib spends ~10 ms parsing it.
    Handing rdflib the parsed query makes validation ~10x faster with the same results
    (``tests/test_validate.py`` compares both). Without the expected pySHACL internals
    this does nothing.
    """
    from pyshacl.constraints.sparql import sparql_based_constraints as _sparql_constraints

    component = getattr(_sparql_constraints, "SPARQLBasedConstraint", None)
    original = getattr(component, "_validate_sparql_query", None)
    if original is None:
        yield
        return

    def validate_prepared(self, query, init_binds, target_graph):
        return original(self, _prepare(query) if isinstance(query, str) else query, init_binds, target_graph)

    component._validate_sparql_query = validate_prepared
    try:
        yield
    finally:
        component._validate_sparql_query = original


@lru_cache(maxsize=256)
def _prepare(text: str):
    from rdflib.plugins.sparql import prepareQuery

    return prepareQuery(text)


# -- turning results into words ------------------------------------------------------------


def _finding(results: Graph, r, data: Graph, owners: dict) -> Finding:
    focus = results.value(r, SH.focusNode)
    value = results.value(r, SH.value)
    path = results.value(r, SH.resultPath)
    message = results.value(r, SH.resultMessage)
    shape = results.value(r, SH.sourceShape)
    shape = owners.get(shape, shape)  # an unnamed property shape: the node shape it belongs to
    severity = SEVERITIES.get(results.value(r, SH.resultSeverity), "Violation")
    return Finding(
        severity,
        _compact(data, focus),
        _label(data, focus),
        _path(results, data, path) if path else "",
        str(message) if message is not None else "fails a constraint",
        "" if value is None or value == focus else _compact(data, value),
        "" if isinstance(shape, BNode) or shape is None else str(shape).replace(SHAPES_NS, "kgsh:"),
    )


def _compact(g: Graph, node) -> str:
    if isinstance(node, Literal):
        text = str(node)
        return repr(text if len(text) <= 60 else text[:57] + "...")
    if isinstance(node, URIRef):
        try:
            return g.namespace_manager.normalizeUri(node)
        except Exception:  # noqa: BLE001 - an IRI rdflib cannot abbreviate
            return f"<{node}>"
    return "a blank node"


def _label(g: Graph, node) -> str:
    label = g.value(node, RDFS.label)
    if label is None:
        label = g.value(node, URIRef("https://w3id.org/kg-news/ont#text"))
    if label is not None:
        text = str(label)
        return '"' + (text if len(text) <= 60 else text[:57] + "...") + '"'
    types = {_compact(g, t) for t in g.objects(node, RDF.type)}
    ours = {t for t in types if t.startswith("kg:")} or types
    if len(ours) > 1:  # the class the builder wrote, not the ones a reasoner added above it
        ours -= {"kg:Event", "kg:Agent", "kg:Organization"}
    return ", ".join(sorted(ours))


def _path(results: Graph, data: Graph, path) -> str:
    if isinstance(path, URIRef):
        return _compact(data, path)
    inverse = results.value(path, SH.inversePath)
    if inverse is not None:
        return "^" + _path(results, data, inverse)
    if results.value(path, RDF.first) is not None:
        return "/".join(_path(results, data, p) for p in Collection(results, path))
    for op, mark in ((SH.zeroOrMorePath, "*"), (SH.oneOrMorePath, "+"), (SH.zeroOrOnePath, "?")):
        inner = results.value(path, op)
        if inner is not None:
            return f"({_path(results, data, inner)}){mark}"
    alt = results.value(path, SH.alternativePath)
    if alt is not None:
        return "(" + "|".join(_path(results, data, p) for p in Collection(results, alt)) + ")"
    return "a path"
