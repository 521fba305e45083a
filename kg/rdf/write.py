"""Write stage: serialise the graph in any RDF format of :mod:`kg.rdf.formats`, atomically (temp file, then rename).

"Merged" formats (Turtle, N-Triples, RDF/XML) hold every named graph's triples in one graph;
dataset formats (TriG, N-Quads, JSON-LD) keep the dataset's named graphs. JSON-LD is compacted
with ``ontology/context.jsonld``; line formats are sorted. Every format parses back (rdflib and
Oxigraph) to an isomorphic graph or dataset, and the same dataset always gives the same bytes.
"""

from __future__ import annotations

import os
import secrets
import shutil
from collections.abc import Iterable
from functools import cache
from pathlib import Path
from typing import Any, cast

from rdflib import Dataset, Graph

from kg.errors import KgError
from kg.ontology.terms import jsonld_context
from kg.rdf import formats as rdf_formats, xmlguard
from kg.rdf.formats import DEFAULT_FORMATS, check_formats
from kg.rdf.full_iris import write_full_iris
from kg.rdf.sortlines import write_sorted

__all__ = [
    "PREFIXES",
    "GraphReadError",
    "atomic_write_bytes",
    "context_for",
    "jsonld_context",
    "merged",
    "output_prefixes",
    "read_dataset",
    "read_output",
    "serialize",
    "write_merged",
    "write_outputs",
]

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


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


_FILE_MODE = 0o666 & ~_umask()


def _new_file(path: Path) -> tuple[int, str]:
    """A new file beside ``path`` under a name of its own, as readable as any new file (the umask's
    mode; not mkstemp's 0600, which needs a chmod after: a metadata write more per file)."""
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_BINARY", 0)
    for _ in range(100):
        tmp = str(path.parent / f".{path.name}.{secrets.token_hex(6)}.tmp")
        try:
            return os.open(tmp, flags, 0o666), tmp  # O_EXCL: never a file or link already there
        except FileExistsError:
            continue
    raise FileExistsError(f"no free temporary name beside {path}")


def atomic_write_bytes(path: Path, data: bytes, *, sync: bool = True) -> None:
    """Write ``data`` to ``path`` so that readers see the old file or the new one, never half.

    ``sync=False`` skips the fsync (for files that can be made again, such as a cache entry).
    """
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = _new_file(path)
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
            if sync:
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


def context_for(dataset: Dataset | Graph) -> dict:
    """The shipped context plus the dataset's own prefixes (such as ``person:`` under ``--base``)."""
    context = dict(jsonld_context())
    for prefix, ns in dataset.namespaces():  # instance prefixes follow the build's --base
        if (
            prefix
            and prefix not in PREFIXES
            and (prefix, ns) not in _rdflib_defaults()
            and not isinstance(context.get(prefix), dict)
        ):
            context[prefix] = str(ns)
    return context


@cache
def _rdflib_defaults() -> frozenset:
    """The prefixes rdflib binds in every new graph (brick:, csvw:, ...): not ours to publish."""
    return frozenset(Dataset().namespaces())


def _sorted_lines(data: bytes) -> bytes:
    """rdflib's N-Triples or N-Quads, each line once, sorted, cut at "\\n" only, with the characters kg's own
    lines escape escaped (:data:`kg.rdf.lines.LINE_BREAK_ESCAPES`): the bytes the streamed build writes."""
    from kg.rdf.lines import LINE_BREAK_ESCAPES

    lines = sorted({line.translate(LINE_BREAK_ESCAPES) for line in data.decode("utf-8").split("\n") if line.strip()})
    return ("\n".join(lines) + "\n").encode("utf-8") if lines else b""


def serialize(dataset: Dataset, fmt: str) -> bytes:
    """``dataset`` in the format named ``fmt`` (see :data:`kg.rdf.formats.FORMATS`), as UTF-8 bytes.

    Raises:
        kg.rdf.formats.FormatError: an unknown format.
    """
    spec = rdf_formats.get(fmt)
    if spec.dataset:
        _bind(dataset, list(dataset.namespaces()))
        graph: Dataset | Graph = dataset
    else:
        graph = merged(dataset)
    options: dict[str, Any] = {"context": context_for(dataset), "indent": 2} if spec.rdflib == "json-ld" else {}
    data = graph.serialize(format=spec.rdflib, encoding="utf-8", **options)
    return _sorted_lines(data) if spec.lines else data


def write_outputs(dataset: Dataset, out: Path, formats: Iterable[str] = DEFAULT_FORMATS) -> list[Path]:
    """Write ``dataset`` into the folder ``out`` in each of ``formats`` (default Turtle and TriG).

    Each file is serialised in full before it replaces the old one, so a failure leaves the
    earlier file. Returns the paths written, in the order of ``formats``.

    Raises:
        kg.rdf.formats.FormatError: an unknown format (before anything is written).
        OSError: the folder cannot be written.
    """
    blobs = [(out / rdf_formats.get(f).filename, serialize(dataset, f)) for f in check_formats(formats)]
    for path, data in blobs:
        atomic_write_bytes(path, data)
    return [path for path, _ in blobs]


# -- merged files from per-document N-Quads files (kg build, kg.engine.local) -------------------------


def output_prefixes(base: str) -> dict[str, str]:
    """The prefixes of the merged files: the instance prefixes of ``base`` (person:, doc:, ...) and the project's."""
    from kg.rdf.mapping import Mapper

    prefixes = {
        p: str(ns)
        for p, ns in cast(Dataset, Mapper(base).dataset).namespaces()  # no sink: a Dataset
        if p and (p, ns) not in _rdflib_defaults() and p not in PREFIXES
    }
    prefixes.update(PREFIXES)
    return dict(sorted(prefixes.items()))


def _write_streamed(
    sources: list[Path], source_format: str, target: Path, format_name: str, prefixes: dict[str, str], raw: Path
) -> None:
    """Turtle or TriG (``format_name``) of the N-Triples or N-Quads files ``sources`` (``source_format``
    'nt' or 'nq'), by Oxigraph's serializer into ``raw``, then into ``target`` with full IRIs for names
    that needed escapes (:func:`kg.rdf.full_iris.write_full_iris`). A module function, so a worker process can run it."""
    import itertools

    import pyoxigraph as ox

    kind = rdf_formats.get(source_format).oxigraph
    quads = itertools.chain.from_iterable(ox.parse(path=str(f), format=kind) for f in sources)
    ox.serialize(quads, output=str(raw), format=rdf_formats.get(format_name).oxigraph, prefixes=prefixes)
    write_full_iris(raw, target, prefixes)


def write_merged(
    files: list[Path], out: Path, formats: Iterable[str], base: str, *, tmp: Path, run_lines: int = 50_000, pool=None
) -> list[Path]:
    """Write the merged files (``graph.ttl``, ``graph.trig``, ...) from per-document N-Quads files.

    Memory stays flat: the merged graph (the union of the documents' triples, for Turtle and
    N-Triples) and the sorted N-Quads are made by an external merge sort in ``tmp``; Turtle
    and TriG are written by Oxigraph's serializers from a stream (grouped by subject, with
    the project's prefixes). N-Triples and N-Quads are byte-identical to what
    :func:`write_outputs` writes for the same dataset. JSON-LD and RDF/XML go through rdflib,
    with the whole graph in memory. Every file is written in full before any replaces the old one.

    Args:
        pool: an executor (``submit``) whose worker processes write the dataset formats streamed
            from the graph files (TriG) and sort half the merged graph's lines, while this process
            sorts the other half and writes the other formats.

    Returns the paths written, in the order of ``formats``.
    """
    names = check_formats(formats)
    tmp.mkdir(parents=True, exist_ok=True)
    prefixes = output_prefixes(base)
    staged: list[tuple[Path, Path]] = []

    def stage(spec: rdf_formats.Format) -> Path:
        fd, name = _new_file(out / spec.filename)
        os.close(fd)
        staged.append((Path(name), out / spec.filename))
        return Path(name)

    specs = [rdf_formats.get(f) for f in names]
    futures = []
    try:
        out.mkdir(parents=True, exist_ok=True)
        for spec in specs:  # the dataset formats streamed from the graph files need nothing else: first
            if spec.streamed and spec.dataset:
                args = (files, "nq", stage(spec), spec.name, prefixes, tmp / f"raw-{spec.name}")
                if pool is not None:
                    futures.append(pool.submit(_write_streamed, *args))
                else:
                    _write_streamed(*args)
        # the merged graph as sorted N-Triples: a file of its own if asked for, the input of streamed merged formats
        merged_lines = next((s for s in specs if s.lines and not s.dataset), None)
        nt_file = stage(merged_lines) if merged_lines else tmp / "merged.nt"
        if merged_lines or any(s.streamed and not s.dataset for s in specs):
            write_sorted(files, nt_file, tmp, True, run_lines, mode=_FILE_MODE, pool=pool)
        for spec in specs:
            if spec.lines and spec.dataset:
                write_sorted(files, stage(spec), tmp, False, run_lines, mode=_FILE_MODE)
            elif spec.streamed and not spec.dataset:
                _write_streamed([nt_file], "nt", stage(spec), spec.name, prefixes, tmp / f"raw-{spec.name}")
            elif not spec.streamed and spec is not merged_lines:
                from kg.rdf.mapping import Mapper

                dataset = cast(Dataset, Mapper(base).dataset)  # no sink given: an rdflib Dataset
                for f in files:
                    dataset.parse(f, format=rdf_formats.get("nq").rdflib)
                stage(spec).write_bytes(serialize(dataset, spec.name))
        for future in futures:
            future.result()
        for temp, _ in staged:
            with open(temp, "rb") as fh:
                os.fsync(fh.fileno())
        for temp, final in staged:
            os.replace(temp, final)
        staged.clear()
    finally:
        for future in futures:  # a failure here: let the workers' writing end before its files go
            future.cancel() or future.exception()
        for temp, _ in staged:
            temp.unlink(missing_ok=True)
        shutil.rmtree(tmp, ignore_errors=True)
    return [out / s.filename for s in specs]


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
        spec = rdf_formats.for_path(path)
        if spec is None:
            raise GraphReadError(
                f"{path}: unknown extension {path.suffix or '(none)'!r}; kg reads {', '.join(rdf_formats.SUFFIXES)}"
            )
        if not path.is_file():
            raise GraphReadError(f"{path}: no such file (build one with `kg build`)")
        refused = xmlguard.check(path) if spec.name == "xml" else None
        if refused:
            raise GraphReadError(f"{path}: {refused}")
        try:
            if spec.rdflib == "json-ld":  # through Oxigraph, which refuses remote contexts (rdflib fetches them)
                import pyoxigraph as ox

                quads = ox.serialize(ox.parse(path=str(path), format=spec.oxigraph), format=ox.RdfFormat.N_QUADS)
                ds.parse(data=cast(bytes, quads).decode("utf-8"), format="nquads")  # bytes: no output given
            else:
                (ds if spec.dataset else ds.default_graph).parse(path, format=spec.rdflib)
        except Exception as err:  # noqa: BLE001 - rdflib's parsers raise many kinds
            message = " ".join(str(err).split())[:300] or type(err).__name__
            raise GraphReadError(f"{path}: cannot parse it as {spec.rdflib}: {message}") from None
    return ds


def read_output(path: Path | str) -> Dataset:
    """Parse one file written by :func:`write_outputs` into a dataset (see :func:`read_dataset`)."""
    return read_dataset([path])
