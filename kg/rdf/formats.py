"""The RDF formats kg writes and reads: one row per format, so adding a format is one row.

=========  ===============  ===========================  ========  ============  ==================
name       file a build     suffixes read as it          graphs    rdflib        Oxigraph
=========  ===============  ===========================  ========  ============  ==================
``ttl``    ``graph.ttl``    ``.ttl``                     merged    ``turtle``    ``TURTLE``
``trig``   ``graph.trig``   ``.trig``                    named     ``trig``      ``TRIG``
``nt``     ``graph.nt``     ``.nt``                      merged    ``nt``        ``N_TRIPLES``
``nq``     ``graph.nq``     ``.nq``                      named     ``nquads``    ``N_QUADS``
``jsonld`` ``graph.jsonld`` ``.jsonld``                  named     ``json-ld``   ``JSON_LD``
``xml``    ``graph.rdf``    ``.rdf``, ``.owl``, ``.xml`` merged    ``xml``       ``RDF_XML``
=========  ===============  ===========================  ========  ============  ==================

"merged" formats hold every named graph's triples in one graph; "named" (dataset) formats keep
the dataset's named graphs, one per document. Line formats (N-Triples, N-Quads) are written
with their lines sorted, so the same dataset always gives the same bytes; a build writes the
line formats by an external sort and Turtle and TriG with Oxigraph from a stream, the others
with rdflib in memory.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

import pyoxigraph as ox

from kg.errors import KgError

__all__ = ["DEFAULT_FORMATS", "FORMATS", "Format", "FormatError", "check_formats", "for_path", "get"]


class FormatError(KgError):
    """An RDF format kg does not write."""


@dataclass(frozen=True)
class Format:
    """One RDF serialization: its name on the command line, its files and its names in rdflib and Oxigraph."""

    name: str  # what --format takes: "ttl"
    filename: str  # the merged file a build writes: "graph.ttl"
    suffixes: tuple[str, ...]  # files read as this format: (".ttl",)
    dataset: bool  # keeps the named graphs (True) or holds the merged graph (False)
    rdflib: str  # rdflib's serializer and parser name
    oxigraph: ox.RdfFormat | None  # pyoxigraph's format, None when Oxigraph has none
    media_type: str  # the IANA media type
    aliases: tuple[str, ...] = ()  # other names --format accepts: "turtle"
    lines: bool = False  # one statement per line: written sorted and deduplicated, merged by a sort
    streamed: bool = False  # a build writes it with Oxigraph from a stream (else with rdflib, in memory)


#: every format kg writes, in the order ``all`` stands for
FORMATS: dict[str, Format] = {
    f.name: f
    for f in (
        Format(
            "ttl",
            "graph.ttl",
            (".ttl",),
            False,
            "turtle",
            ox.RdfFormat.TURTLE,
            "text/turtle",
            ("turtle",),
            streamed=True,
        ),
        Format("trig", "graph.trig", (".trig",), True, "trig", ox.RdfFormat.TRIG, "application/trig", streamed=True),
        Format(
            "nt",
            "graph.nt",
            (".nt",),
            False,
            "nt",
            ox.RdfFormat.N_TRIPLES,
            "application/n-triples",
            ("ntriples",),
            lines=True,
        ),
        Format(
            "nq",
            "graph.nq",
            (".nq",),
            True,
            "nquads",
            ox.RdfFormat.N_QUADS,
            "application/n-quads",
            ("nquads",),
            lines=True,
        ),
        Format(
            "jsonld",
            "graph.jsonld",
            (".jsonld",),
            True,
            "json-ld",
            ox.RdfFormat.JSON_LD,
            "application/ld+json",
            ("json-ld",),
        ),
        Format(
            "xml",
            "graph.rdf",
            (".rdf", ".owl", ".xml"),
            False,
            "xml",
            ox.RdfFormat.RDF_XML,
            "application/rdf+xml",
            ("rdf",),
        ),
    )
}
#: what a build writes when no format is asked for
DEFAULT_FORMATS: tuple[str, ...] = ("ttl", "trig")

_BY_ALIAS = {alias: f.name for f in FORMATS.values() for alias in f.aliases}
_BY_SUFFIX = {suffix: f for f in FORMATS.values() for suffix in f.suffixes}
#: every suffix kg reads, for messages
SUFFIXES: tuple[str, ...] = tuple(sorted(_BY_SUFFIX))


def get(name: str) -> Format:
    """The format called ``name`` (a name or an alias such as ``turtle``, any case, a leading dot allowed).

    Raises:
        FormatError: an unknown name, with the choices.
    """
    key = name.strip().lower().lstrip(".")
    key = _BY_ALIAS.get(key, key)
    if key not in FORMATS:
        raise FormatError(f"unknown format {name!r}; choose from {', '.join(FORMATS)} (or all)")
    return FORMATS[key]


def for_path(path: Path | str) -> Format | None:
    """The format of a file, from its suffix (case-insensitive); None for a suffix kg does not read."""
    return _BY_SUFFIX.get(Path(path).suffix.lower())


def check_formats(names: Iterable[str]) -> tuple[str, ...]:
    """The format names, in order and without repeats; ``"all"`` stands for every format.

    Args:
        names: format names or aliases as a user types them (``"TriG"``, ``".nq"``, ``"turtle"``).
    Returns:
        the canonical names (keys of :data:`FORMATS`).
    Raises:
        FormatError: an unknown format name.
    """
    out: list[str] = []
    for given in names:
        for name in FORMATS if given == "all" else [get(given).name]:
            if name not in out:
                out.append(name)
    return tuple(out)
