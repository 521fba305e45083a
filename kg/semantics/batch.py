"""Validation and reasoning over a corpus's graphs in batches, so that memory stays flat.

A build maps its documents in chunks; :class:`Validator` checks each chunk against the shapes
as it is made (a compiled check, then pySHACL only on a chunk the check flags) and
:func:`merge_reports` joins the chunks' reports. :func:`entailments_of_files` reasons over the
document graph files one at a time, as :func:`kg.semantics.reason.run` does over a dataset.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING, cast

if TYPE_CHECKING:
    from rdflib import Dataset

__all__ = ["Validator", "entailments_of_files", "merge_reports"]


def merge_reports(a, b):
    """One :class:`kg.semantics.validate.Report` with the findings of the reports ``a`` and ``b``."""
    from kg.semantics.validate import Report

    findings = sorted(
        set(a.findings) | set(b.findings),
        key=lambda f: (f.severity != "Violation", f.focus, f.path, f.message, f.value),
    )
    return Report(findings, a.seconds + b.seconds, a.triples + b.triples)


class Validator:
    """Check chunks of document graphs against the SHACL shapes as they are mapped.

    Each chunk goes through :func:`kg.semantics.conform.may_violate` (a compiled check, ~1 ms an
    article); only a chunk it flags is validated by pySHACL, whose report is then the one
    that counts. Without the compiled check (a shapes file it cannot compile), pySHACL
    validates every chunk.

    Args:
        enabled: False: no validation at all.
        base: the instance namespace (for the prefixes of chunks given as N-Quads).
    """

    def __init__(self, enabled: bool, base: str | None = None):
        self.enabled, self.base = enabled, base
        self.merged = None
        self.fast: bool | None = None  # whether the compiled check can be used (known at the first chunk)

    def __enter__(self) -> Validator:
        return self

    def __exit__(self, *exc) -> None:
        pass

    def _add(self, report) -> None:
        self.merged = report if self.merged is None else merge_reports(self.merged, report)

    def check(self, dataset, nquads: bytes | None = None) -> None:
        """Validate one chunk: an rdflib Dataset of document graphs, or a
        :class:`kg.rdf.lines.TripleCollector` of them, and the same as N-Quads when at hand."""
        if not self.enabled:
            return
        from kg.semantics import conform

        if self.fast is None:
            try:
                conform.compiled()
                self.fast = True
            except conform.UnsupportedShapesError:
                self.fast = False
        if self.fast and not conform.may_violate(dataset, nquads):
            return
        from kg.rdf.lines import TripleCollector
        from kg.semantics.validate import validate

        if isinstance(dataset, TripleCollector):  # pySHACL reads rdflib graphs
            dataset = dataset.to_dataset()
        self._add(validate(dataset))

    def submit(self, nquads: bytes) -> None:
        """Validate one chunk given as N-Quads."""
        if not self.enabled or not nquads:
            return
        from kg.rdf.mapping import DEFAULT_BASE, Mapper

        dataset = cast("Dataset", Mapper(self.base or DEFAULT_BASE).dataset)  # no sink given: an rdflib Dataset
        dataset.parse(data=nquads, format="nquads")
        self.check(dataset, nquads)

    def report(self):
        """The findings of the chunks pySHACL validated (None when it validated none)."""
        return self.merged


def entailments_of_files(files: Iterable[Path]) -> set:
    """The OWL 2 RL entailments of every document graph in some N-Quads files, read one file at a
    time: what :func:`kg.semantics.reason.run` finds over all of them as one dataset.

    Raises:
        InconsistentGraphError: a literal not of its datatype, or a resource of disjoint classes
            (over the types that every graph gives it).
    """
    from rdflib import Dataset

    from kg.semantics import reason

    _, rules = reason.compiled()
    entailed: set = set()
    types: dict = defaultdict(set)
    clashes = []
    for f in files:
        ds = Dataset()
        ds.parse(f, format="nquads")
        for g in reason.document_graphs(ds):
            clashes.extend(reason._literal_clashes(g))
            found, node_types = reason.entailments_fast(g, rules)
            entailed |= found
            for node, cls in node_types.items():
                types[node] |= cls
    clashes.extend(rules.clashes(types))
    if clashes:
        raise reason.InconsistentGraphError(sorted(set(clashes), key=lambda c: c.message))
    return entailed
