"""Write stage: serialise the graph in any of six RDF formats, atomically (temp file, then rename).

=========  ===============  ========  =========================================
format     file             graphs    notes
=========  ===============  ========  =========================================
``ttl``    ``graph.ttl``    merged    pretty Turtle with the project's prefixes
``trig``   ``graph.trig``   named     one named graph per document
``nt``     ``graph.nt``     merged    N-Triples, lines sorted
``nq``     ``graph.nq``     named     N-Quads, lines sorted
``jsonld`` ``graph.jsonld`` named     JSON-LD, compacted with ``ontology/context.jsonld``
``xml``    ``graph.rdf``    merged    RDF/XML
=========  ===============  ========  =========================================

"merged" formats hold every named graph's triples in one graph; "named" formats keep the
dataset's named graphs. Every format parses back (rdflib and Oxigraph) to an isomorphic
graph or dataset, and the same dataset always gives the same bytes.
"""

from __future__ import annotations

import json
import os
import tempfile
from functools import cache
from pathlib import Path
from typing import Iterable

from rdflib import Dataset, Graph

from kg.errors import KgError
from kg.paths import ontology_dir

#: format name -> rdflib serializer/parser name
FORMATS = {"ttl": "turtle", "trig": "trig", "nt": "nt", "nq": "nquads", "jsonld": "json-ld", "xml": "xml"}
#: format name -> the file it is written to
FILENAMES = {"ttl": "graph.ttl", "trig": "graph.trig", "nt": "graph.nt", "nq": "graph.nq",
             "jsonld": "graph.jsonld", "xml": "graph.rdf"}
#: formats that keep the named graphs (one per document); the others hold the merged graph
DATASET_FORMATS = frozenset({"trig", "nq", "jsonld"})
DEFAULT_FORMATS = ("ttl", "trig")

#: the project's prefixes, bound in every output (instance prefixes such as person: come from the mapping)
PREFIXES = {
    "kg": "https://w3id.org/kg-news/ont#",
    "cameo": "https://w3id.org/kg-news/cameo/",
    "rdf": "http://www.w3.org/1999/02/22-rdf-syntax-ns#",
    "rdfs": "http://www.w3.org/2000/01/rdf-schema#",
    "xsd": "http://www.w3.org/2001/XMLSchema#",
    "owl": "http://www.w3.org/2002/07/owl#",
    "skos": "http://www.w3.org/2004/02/skos/core#",
    "prov": "http://www.w3.org/ns/prov#",
    "dcterms": "http://purl.org/dc/terms/",
    "schema": "http://schema.org/",
    "foaf": "http://xmlns.com/foaf/0.1/",
    "org": "http://www.w3.org/ns/org#",
    "sem": "http://semanticweb.cs.vu.nl/2009/11/sem/",
    "nif": "http://persistence.uni-leipzig.org/nlp2rdf/ontologies/nif-core#",
}


class FormatError(KgError):
    """An output format kg does not write."""


def check_formats(formats: Iterable[str]) -> tuple[str, ...]:
    """The formats, in order and without repeats; ``"all"`` stands for every format.

    Raises:
        FormatError: an unknown format name.
    """
    out: list[str] = []
    for f in formats:
        for name in (FORMATS if f == "all" else [f.strip().lower().lstrip(".")]):
            name = {"turtle": "ttl", "json-ld": "jsonld", "rdf": "xml", "nquads": "nq", "ntriples": "nt"}.get(name,
                                                                                                             name)
            if name not in FORMATS:
                raise FormatError(f"unknown format {f!r}; choose from {', '.join(FORMATS)} (or all)")
            if name not in out:
                out.append(name)
    return tuple(out)


def atomic_write_bytes(path: Path, data: bytes) -> None:
    """Write ``data`` to ``path`` so that readers see the old file or the new one, never half."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def _bind(g: Graph | Dataset, namespaces: Iterable[tuple[str, object]]) -> None:
    for prefix, ns in namespaces:
        g.bind(prefix, ns, override=True, replace=True)
    for prefix, ns in PREFIXES.items():
        g.bind(prefix, ns, override=True, replace=True)


def merged(dataset: Dataset) -> Graph:
    """Every named graph's triples in one graph, with the dataset's and the project's prefixes."""
    g = Graph()
    _bind(g, dataset.namespaces())
    for s, p, o, _ in dataset.quads((None, None, None, None)):
        g.add((s, p, o))
    return g


@cache
def jsonld_context() -> dict:
    """The JSON-LD context the project ships in ``ontology/context.jsonld`` (its ``@context``)."""
    return json.loads((ontology_dir() / "context.jsonld").read_text(encoding="utf-8"))["@context"]


def context_for(dataset: Dataset | Graph) -> dict:
    """The shipped context plus the dataset's own prefixes (such as ``person:`` under ``--base``)."""
    context = dict(jsonld_context())
    for prefix, ns in dataset.namespaces():  # instance prefixes follow the build's --base
        if prefix and prefix not in PREFIXES and (prefix, ns) not in _rdflib_defaults() \
                and not isinstance(context.get(prefix), dict):
            context[prefix] = str(ns)
    return context


@cache
def _rdflib_defaults() -> frozenset:
    """The prefixes rdflib binds in every new graph (brick:, csvw:, ...): not ours to publish."""
    return frozenset(Dataset().namespaces())


def _sorted_lines(data: bytes) -> bytes:
    lines = sorted({line for line in data.decode("utf-8").splitlines() if line.strip()})
    return ("\n".join(lines) + "\n").encode("utf-8") if lines else b""


def serialize(dataset: Dataset, fmt: str) -> bytes:
    """``dataset`` in format ``fmt`` (see :data:`FORMATS`), as UTF-8 bytes."""
    (fmt,) = check_formats([fmt])
    if fmt in DATASET_FORMATS:
        _bind(dataset, list(dataset.namespaces()))
        if fmt == "jsonld":
            return dataset.serialize(format="json-ld", context=context_for(dataset), indent=2,
                                     encoding="utf-8")
        data = dataset.serialize(format=FORMATS[fmt], encoding="utf-8")
        return _sorted_lines(data) if fmt == "nq" else data
    data = merged(dataset).serialize(format=FORMATS[fmt], encoding="utf-8")
    return _sorted_lines(data) if fmt == "nt" else data


def write_outputs(dataset: Dataset, out: Path, formats: Iterable[str] = DEFAULT_FORMATS) -> list[Path]:
    """Write ``dataset`` into the folder ``out`` in each of ``formats`` (default Turtle and TriG).

    Each file is serialised in full before it replaces the old one, so a failure leaves the
    earlier file. Returns the paths written, in the order of ``formats``.

    Raises:
        FormatError: an unknown format (before anything is written).
        OSError: the folder cannot be written.
    """
    formats = check_formats(formats)
    blobs = [(out / FILENAMES[f], serialize(dataset, f)) for f in formats]
    for path, data in blobs:
        atomic_write_bytes(path, data)
    return [path for path, _ in blobs]


#: file extension -> rdflib parser, for reading graph files back (graph.rdf and .owl are RDF/XML)
READ_FORMATS = {".ttl": "turtle", ".trig": "trig", ".nt": "nt", ".nq": "nquads", ".jsonld": "json-ld",
                ".rdf": "xml", ".owl": "xml", ".xml": "xml"}


class GraphReadError(KgError):
    """A graph file that cannot be read; ``str()`` is ``"<path>: <message>"``."""


def read_dataset(paths: Iterable[Path | str]) -> Dataset:
    """Parse graph files (any format :func:`write_outputs` writes) into one dataset.

    Named graphs (TriG, N-Quads, JSON-LD) are kept; the triples of a Turtle, N-Triples or
    RDF/XML file go to the default graph.

    Raises:
        GraphReadError: a missing file, an unknown extension or a syntax error, with the file's name.
    """
    ds = Dataset()
    for path in map(Path, paths):
        fmt = READ_FORMATS.get(path.suffix.lower())
        if fmt is None:
            raise GraphReadError(f"{path}: unknown extension {path.suffix or '(none)'!r}; "
                                 f"kg reads {', '.join(sorted(READ_FORMATS))}")
        if not path.is_file():
            raise GraphReadError(f"{path}: no such file (build one with `kg build`)")
        try:
            if fmt in ("trig", "nquads", "json-ld"):
                ds.parse(path, format=fmt)
            else:
                ds.default_graph.parse(path, format=fmt)
        except Exception as err:  # noqa: BLE001 - rdflib's parsers raise many kinds
            message = " ".join(str(err).split())[:300] or type(err).__name__
            raise GraphReadError(f"{path}: cannot parse it as {fmt}: {message}") from None
    return ds


def read_output(path: Path | str) -> Dataset:
    """Parse one file written by :func:`write_outputs` into a dataset (see :func:`read_dataset`)."""
    return read_dataset([path])
