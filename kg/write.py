"""Write stage: serialise graphs to files atomically (temp file in the same folder, then rename)."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from rdflib import Dataset, Graph

FORMATS = {"ttl": "turtle", "trig": "trig", "nt": "nt", "nq": "nquads", "jsonld": "json-ld", "xml": "xml"}


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


def merged(dataset: Dataset) -> Graph:
    """Every named graph's triples in one graph, with the dataset's prefixes."""
    g = Graph()
    for prefix, ns in dataset.namespaces():
        g.bind(prefix, ns, override=True)
    for s, p, o, _ in dataset.quads((None, None, None, None)):
        g.add((s, p, o))
    return g


def write_outputs(dataset: Dataset, out: Path) -> list[Path]:
    """``graph.ttl`` (all facts in one graph) and ``graph.trig`` (one named graph per document)."""
    ttl = merged(dataset).serialize(format="turtle", encoding="utf-8")
    trig = dataset.serialize(format="trig", encoding="utf-8")
    paths = [out / "graph.ttl", out / "graph.trig"]
    for path, data in zip(paths, (ttl, trig)):
        atomic_write_bytes(path, data)
    return paths
