"""Reading graph files to load into a store: named graphs by name, parse errors by file and line.

Both stores (:mod:`kg.store.embedded`, embedded; :mod:`kg.store.remote`, Graph Store Protocol) load the same
way: a file is read and checked in full before anything is written, and each named graph in
it then replaces the graph of that name in the store. Files are read with pyoxigraph.
"""

from __future__ import annotations

import re
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path

import pyoxigraph as ox

from kg.errors import KgError
from kg.rdf import formats as rdf_formats, xmlguard

#: what ``kg load DIR`` picks up from a folder: the quad files (``graph.ttl`` repeats ``graph.trig``)
DIRECTORY_FORMATS = ("trig", "nq")
DATASET_SUFFIXES = tuple(s for name in DIRECTORY_FORMATS for s in rdf_formats.get(name).suffixes)
#: what ``kg build --engine dask`` writes into OUT: its manifest, and a folder of N-Quads partitions
MANIFEST = "manifest.json"
PARTITIONS_DIR = "partitions"


class GraphFileError(KgError):
    """A graph file that cannot be loaded; ``str()`` is ``"<path>: line L, column C: <message>"``."""

    def __init__(self, path: Path | str, message: str, line: int | None = None, column: int | None = None):
        self.path, self.message, self.line, self.column = path, message, line, column
        where = (
            f"line {line}, column {column}: "
            if line is not None and column is not None
            else (f"line {line}: " if line is not None else "")
        )
        super().__init__(f"{path}: {where}{message}; nothing was loaded from it")


@dataclass
class GraphFile:
    """The named graphs of one file: graph IRI -> its triples (as a set: RDF graphs are sets)."""

    path: Path
    graphs: dict[str, set[ox.Triple]] = field(default_factory=dict)

    @property
    def triples(self) -> int:
        return sum(len(t) for t in self.graphs.values())


def format_of(path: Path) -> ox.RdfFormat:
    """The Oxigraph format of ``path``, from its extension (see :mod:`kg.rdf.formats`).

    Raises:
        GraphFileError: an extension kg does not load.
    """
    spec = rdf_formats.for_path(path)
    if spec is None or spec.oxigraph is None:
        loads = (s for f in rdf_formats.FORMATS.values() if f.oxigraph is not None for s in f.suffixes)
        raise GraphFileError(
            path, f"unknown extension {path.suffix or '(none)'!r}; kg loads {', '.join(sorted(loads))}"
        )
    return spec.oxigraph


def find_files(inputs: list[Path]) -> list[Path]:
    """The files to load: files as given; from a folder, its ``.trig`` and ``.nq`` files, sorted, or
    the partitions of a Dask build (:func:`partition_files`)."""
    files: list[Path] = []
    for p in inputs:
        parts = partition_files(p) if p.is_dir() else None
        if parts is not None:  # the output of a Dask build: its partitions (graph.trig repeats them)
            files.extend(parts)
        elif p.is_dir():
            found = sorted(
                f
                for f in p.iterdir()
                if f.is_file() and f.suffix.lower() in DATASET_SUFFIXES and not f.name.startswith(".")
            )
            if not found:
                raise GraphFileError(p, "no .trig or .nq file in this folder (build one with `kg build`)")
            files.extend(found)
        elif p.is_file():
            files.append(p)
        else:
            raise GraphFileError(p, "no such file or folder")
    return files


def partition_files(folder: Path) -> list[Path] | None:
    """The N-Quads partitions a Dask build (``kg build --engine dask``) wrote into ``folder``, as its
    manifest lists them; None when ``folder`` is not the output of one (or a partition is missing)."""
    import json

    try:
        manifest = json.loads((Path(folder) / MANIFEST).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    if not isinstance(manifest, dict) or manifest.get("engine") != "dask":
        return None
    try:  # a later single-machine build into the same folder wrote newer merged files
        if any(
            (Path(folder) / n).stat().st_mtime_ns > (Path(folder) / MANIFEST).stat().st_mtime_ns
            for n in (rdf_formats.get(f).filename for f in DIRECTORY_FORMATS)
            if (Path(folder) / n).exists()
        ):
            return None
    except OSError:
        return None
    files = [Path(folder) / p.get("file", "") for p in manifest.get("partitions", []) if isinstance(p, dict)]
    return files if files and all(f.is_file() and f.parent.name == PARTITIONS_DIR for f in files) else None


_AT = re.compile(r"line (\d+) column (\d+)")


@dataclass
class LoadReport:
    """What loading one file did: each named graph's fate and how many triples it carried."""

    source: str
    target: str
    graphs: dict[str, str] = field(default_factory=dict)  # graph IRI -> "new" | "replaced" | "unchanged"
    triples: int = 0
    bulk: bool = False  # loaded by the bulk loader (the store wants compacting after: kg.store.embedded.compact)

    def summary(self) -> str:
        counts = {s: sum(1 for v in self.graphs.values() if v == s) for s in ("new", "replaced", "unchanged")}
        detail = ", ".join(f"{n} {s}" for s, n in counts.items() if n)
        n = len(self.graphs)
        return f"{self.source}: {n} graph{'s' * (n != 1)} ({detail or 'none'}), {self.triples} triples -> {self.target}"


def read(
    path: Path, graph: str | None = None, *, data: bytes | None = None, fmt: ox.RdfFormat | None = None
) -> GraphFile:
    """Parse ``path`` completely and group its triples by named graph.

    Args:
        path: a TriG, N-Quads, Turtle, N-Triples, JSON-LD or RDF/XML file (with ``data``:
            only the name used in messages).
        graph: the named graph for triples outside any named graph (a Turtle file, or the
            default graph of a TriG file); without it such triples are an error, because a
            store keeps one named graph per document.
        data: the serialization itself, when it is not read from ``path``.
        fmt: its format; default: from ``path``'s extension.

    Raises:
        GraphFileError: the file does not parse (with its line and column), cannot be read,
            or has triples outside a named graph and ``graph`` is not given.
    """
    graphs: dict[str, set[ox.Triple]] = defaultdict(set)
    for g, triple in _quads(path, graph, data, fmt):
        graphs[g].add(triple)
    return GraphFile(path, dict(graphs))


def scan(path: Path, graph: str | None = None) -> tuple[list[str], int]:
    """Check ``path`` parses, streaming, without keeping it: its graph names and its size in quads.

    Raises:
        GraphFileError: as :func:`read`.
    """
    names: set[str] = set()
    n = 0
    for g, _ in _quads(path, graph, None, None):
        names.add(g)
        n += 1
    return sorted(names), n


def _quads(path: Path, graph: str | None, data: bytes | None, fmt: ox.RdfFormat | None):
    """(graph IRI, triple) for every quad of the file, with errors turned into GraphFileError."""
    fmt = fmt or format_of(path)
    if fmt == ox.RdfFormat.RDF_XML:
        refused = xmlguard.check(None if data is not None else path, data)
        if refused:
            raise GraphFileError(path, refused)
    loose = 0
    try:
        target = ox.NamedNode(graph) if graph else None
        quads = ox.parse(data, format=fmt) if data is not None else ox.parse(path=str(path), format=fmt)
        for q in quads:
            g = q.graph_name
            if isinstance(g, ox.DefaultGraph):
                if target is None:
                    loose += 1
                    continue
                g = target
            if isinstance(g, ox.BlankNode):
                raise GraphFileError(
                    path, "a graph named by a blank node cannot be replaced on reload; name it with an IRI"
                )
            yield g.value, q.triple
    except SyntaxError as err:
        line, column = getattr(err, "lineno", None), getattr(err, "offset", None)
        message = str(getattr(err, "msg", None) or err)
        if line is None:
            m = _AT.search(message)
            line, column = (int(m.group(1)), int(m.group(2))) if m else (None, None)
        message = re.sub(r"^Parser error between line \d+ column \d+ and line \d+ column \d+: ", "", message)
        raise GraphFileError(path, message.strip() or "syntax error", line, column) from None
    except OSError as err:
        raise GraphFileError(path, f"cannot read it ({err.strerror or err})") from None
    except ValueError as err:  # e.g. an invalid IRI given as --graph
        raise GraphFileError(path, str(err)) from None
    if loose:
        raise GraphFileError(
            path,
            f"{loose} triples are outside any named graph; kg keeps one named graph per "
            "document: load a .trig or .nq file, or name the graph with --graph IRI",
        )
