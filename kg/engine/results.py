"""What a build into a folder did (:class:`StreamResult`), for the local and the Dask engines, and the error of a
build whose graph does not conform to the shapes."""

from __future__ import annotations

import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from kg.errors import KgError
from kg.ingest.documents import Problem

__all__ = ["BuildValidationError", "StreamResult"]


@dataclass
class StreamResult:
    """What a build into a folder did."""

    documents: int = 0
    parsed: int = 0
    cached: int = 0
    removed: int = 0
    written: int = 0  # document graphs (re)written
    unchanged: int = 0  # document graphs kept as they were
    facts: list = field(default_factory=list)  # kg.engine.facts.Fact
    classes: Counter = field(default_factory=Counter)  # asserted facts per event class
    claims: int = 0
    triples: int = 0
    paths: list[Path] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)
    graphs: list[tuple[str, Path, str]] = field(default_factory=list)  # (graph IRI, file, sha) per document
    removed_graphs: list[str] = field(default_factory=list)
    entailments: tuple[str, Path, str] | None = None  # (graph IRI, file, sha) with --reason
    seconds: float = 0.0
    #: seconds per phase: read (the workers analysing meanwhile), analyse (the rest of it, and
    #: loading every record), corpus, map, merge
    phases: dict[str, float] = field(default_factory=dict)

    def lap(self, phase: str, clock: list[float]) -> None:
        """Add the time since ``clock[0]`` to ``phase``; the clock restarts."""
        now = time.monotonic()
        self.phases[phase] = self.phases.get(phase, 0.0) + now - clock[0]
        clock[0] = now


class BuildValidationError(KgError):
    """The graph built does not conform to the shapes; ``report`` has the findings."""

    def __init__(self, report):
        self.report = report
        n = len(report.violations)
        super().__init__(
            f"the built graph does not conform to ontology/shapes.ttl ({n} violations, listed above); "
            "the merged graph files were not written"
        )
