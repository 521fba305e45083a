"""What made a graph: the software, its version, the rules' version and when (PROV-O).

Every document's named graph says ``prov:generatedAtTime`` and ``prov:wasGeneratedBy`` a
``prov:Activity`` named by what it ran (kg's version and a digest of the rules: ``kg.ttl`` and
``lexicon/*.json``), so two builds with the same software and rules share the activity node,
and a graph says which rules read it (https://www.w3.org/TR/prov-o/#generatedAtTime).

Reproducible builds: the time is ``$SOURCE_DATE_EPOCH`` when it is set
(https://reproducible-builds.org/specs/source-date-epoch/), so that two builds of the same
input write the same bytes; otherwise the time the mapping started, in UTC, to the second.
An incremental build leaves the graph of an unchanged article as it was, its time included
(:func:`digest_without_time` is what it compares).
"""

from __future__ import annotations

import hashlib
import os
from dataclasses import dataclass
from datetime import UTC, datetime
from functools import cache
from pathlib import Path

from kg.errors import KgError
from kg.ontology.paths import ontology_dir

#: the N-Triples/N-Quads predicate of the graph's time, which :func:`digest_without_time` leaves out
GENERATED_AT = "<http://www.w3.org/ns/prov#generatedAtTime>"


@dataclass(frozen=True)
class BuildInfo:
    """The provenance of one build's graphs."""

    software: str  # "kg"
    version: str  # its package version
    rules: str  # "sha256:..." of kg.ttl and the lexicon files
    generated_at: datetime  # timezone-aware

    @property
    def key(self) -> str:
        """What names the activity: the software, its version and the rules (not the time)."""
        return hashlib.sha256(f"{self.software}|{self.version}|{self.rules}".encode()).hexdigest()[:16]


@cache
def software_version() -> str:
    """kg's own version (``kg.__version__``, which the distribution ``kg-news`` is built with): known
    from a checkout too, where the installed distribution's metadata may be missing or stale."""
    from kg.version import __version__

    return __version__


@cache
def rules_version(folder: str | None = None) -> str:
    """``sha256:`` of ``kg.ttl`` and ``lexicon/*.json`` (names and bytes, in name order)."""
    root = ontology_dir() if folder is None else Path(folder)
    h = hashlib.sha256()
    for path in [root / "kg.ttl", *sorted((root / "lexicon").glob("*.json"))]:
        if path.is_file():
            h.update(path.relative_to(root).as_posix().encode() + b"\0" + path.read_bytes() + b"\0")
    return "sha256:" + h.hexdigest()


def build_time() -> datetime:
    """``$SOURCE_DATE_EPOCH`` (seconds since 1970, UTC) when set, else now, to the second."""
    epoch = os.environ.get("SOURCE_DATE_EPOCH", "").strip()
    if epoch:
        try:
            return datetime.fromtimestamp(int(epoch), UTC)
        except (ValueError, OverflowError, OSError):
            raise KgError(
                f"SOURCE_DATE_EPOCH={epoch!r} is not a number of seconds since 1970; "
                "unset it or give one such as 1592352000"
            ) from None
    return datetime.now(UTC).replace(microsecond=0)


def current() -> BuildInfo:
    """This build's :class:`BuildInfo` (``ontology_dir()`` is read for the rules' digest)."""
    return BuildInfo("kg", software_version(), rules_version(str(ontology_dir())), build_time())


_GENERATED_AT_BYTES = GENERATED_AT.encode("utf-8")


def digest_without_time(nquads: bytes) -> str:
    """The SHA-256 (hex) of N-Quads without the lines that hold the graph's ``prov:generatedAtTime``:
    what tells whether a graph changed. The lines are cut out of the bytes as they are (a graph's file is
    not encoded twice)."""
    h, view, start = hashlib.sha256(), memoryview(nquads), 0
    at = nquads.find(_GENERATED_AT_BYTES)
    while at >= 0:
        begin, end = nquads.rfind(b"\n", 0, at) + 1, nquads.find(b"\n", at) + 1 or len(nquads)
        h.update(view[start:begin])
        start, at = end, nquads.find(_GENERATED_AT_BYTES, end)
    h.update(view[start:])
    return h.hexdigest()
