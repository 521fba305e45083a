"""kg.store.load.load_build: what `kg load` and `kg build --load` load, into the store or an endpoint."""

from __future__ import annotations

import hashlib
import json
import os
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from kg.rdf.read import GraphFileError
from kg.store import embedded, load_build
from kg.store.load import SyncReport
from tests.stores import opened

EX = "http://example.org/"


def _nq(graph: str, *objects: str) -> bytes:
    return "".join(f'<{EX}s> <{EX}p> "{o}" <{EX}{graph}> .\n' for o in objects).encode("utf-8")


def _trig(docs: dict[str, tuple[str, ...]]) -> str:
    return "".join(f"<{EX}{d}> {{ " + " ".join(f'<{EX}s> <{EX}p> "{o}" .' for o in objects) + " }\n"
                   for d, objects in docs.items())


@dataclass
class Built:
    """What a build returns, as far as load_build reads it (kg.engine.local.StreamResult)."""

    paths: list[Path] = field(default_factory=list)
    graphs: list[tuple[str, Path, str]] = field(default_factory=list)
    removed_graphs: list[str] = field(default_factory=list)
    entailments: tuple[str, Path, str] | None = None
    triples: int = 0


def _build(out: Path, docs: dict[str, tuple[str, ...]], removed: tuple[str, ...] = ()) -> Built:
    """A build's folder: OUT/graphs/ID.nq per document and OUT/graph.trig, as the engine leaves them."""
    (out / "graphs").mkdir(parents=True, exist_ok=True)
    built = Built(removed_graphs=[EX + g for g in removed])
    for doc, objects in docs.items():
        data = _nq(doc, *objects)
        (out / "graphs" / f"{doc}.nq").write_bytes(data)
        built.graphs.append((EX + doc, out / "graphs" / f"{doc}.nq", hashlib.sha256(data).hexdigest()))
        built.triples += len(objects)
    (out / "graph.ttl").write_text(f'<{EX}s> <{EX}p> "merged" .\n', encoding="utf-8")
    (out / "graph.trig").write_text(_trig(docs), encoding="utf-8")
    built.paths = [out / "graph.ttl", out / "graph.trig"]
    return built


def _graphs(store_dir: Path) -> dict[str, int]:
    with opened(store_dir, write=False) as db:
        return embedded.graph_sizes(db)


# --- graph files: kg load ---------------------------------------------------------------------

def test_load_files_reports_each_file_as_it_loads_and_skips_the_bad_one(tmp_path):
    good, bad, other = tmp_path / "a.nq", tmp_path / "b.nq", tmp_path / "c.nq"
    good.write_bytes(_nq("g1", "one", "two"))
    bad.write_bytes(b'<http://example.org/s> <http://example.org/p> "unterminated .\n')
    other.write_bytes(_nq("g2", "three"))
    seen = []
    loaded = load_build([good, bad, other], store_dir=tmp_path / "store", progress=seen.append)
    assert [type(x).__name__ for x in seen] == ["LoadReport", "GraphFileError", "LoadReport"]
    assert loaded.reports == [seen[0], seen[2]] and loaded.failed == [seen[1]] and loaded.files == 3
    assert loaded.target == str(tmp_path / "store")
    assert loaded.sizes == {EX + "g1": 2, EX + "g2": 1} == _graphs(tmp_path / "store")


def test_load_folder_takes_its_quad_files(tmp_path):
    built = _build(tmp_path / "out", {"a": ("x",), "b": ("y", "z")})
    loaded = load_build(tmp_path / "out", store_dir=tmp_path / "store")
    assert [Path(r.source).name for r in loaded.reports] == ["graph.trig"]  # graph.ttl repeats it
    assert loaded.sizes == {EX + "a": 1, EX + "b": 2} and built.triples == 3


def test_load_nothing_to_load_is_an_error_before_the_store_is_made(tmp_path):
    (tmp_path / "empty").mkdir()
    with pytest.raises(GraphFileError, match="no .trig or .nq file"):
        load_build(tmp_path / "empty", store_dir=tmp_path / "store")
    assert not (tmp_path / "store").exists()


@pytest.mark.parametrize("after_build, store_dir, expected", [
    (False, None, "output/store"),  # kg load's default store
    (True, None, "out/store"),  # kg build --load: OUT/store
    (False, "mine", "mine"),
    (True, "mine", "mine"),
])
def test_load_default_store_folder(tmp_path, monkeypatch, after_build, store_dir, expected):
    monkeypatch.chdir(tmp_path)
    Path("output").mkdir()
    built = _build(Path("out"), {"a": ("x",)})
    loaded = load_build(Path("out"), built=built if after_build else None,
                        store_dir=Path(store_dir) if store_dir else None)
    assert loaded.target == expected and embedded.is_store(tmp_path / expected)


# --- straight after a build: kg build --load --------------------------------------------------

def test_load_after_a_build_loads_what_changed_and_drops_what_left(tmp_path):
    out, store_dir = tmp_path / "out", tmp_path / "store"
    first = load_build(out, built=_build(out, {"a": ("x",), "b": ("y",), "c": ("z",)}), store_dir=store_dir)
    assert first.reports[0].summary().startswith(f"{out / 'graphs'}: 3 graphs (3 new), 3 triples -> {store_dir}")
    (out / "graphs" / "c.nq").unlink()
    again = _build(out, {"a": ("x",), "b": ("y", "w")}, removed=("c",))
    seen = []
    second = load_build(out, built=again, store_dir=store_dir, progress=seen.append)
    report = second.reports[0]
    assert seen == [report] and isinstance(report, SyncReport) and report.dropped == 1
    assert report.graphs == {EX + "a": "unchanged", EX + "b": "replaced"} and report.triples == 3
    assert report.summary().endswith("; dropped 1 graphs of articles no longer in the corpus")
    assert second.sizes == {EX + "a": 1, EX + "b": 2} == _graphs(store_dir)


def test_load_after_a_build_with_entailments_loads_their_graph(tmp_path):
    out = tmp_path / "out"
    built = _build(out, {"a": ("x",)})
    data = _nq("entailments", "e1", "e2")
    (out / "entailments.nq").write_bytes(data)
    built.entailments = (EX + "entailments", out / "entailments.nq", hashlib.sha256(data).hexdigest())
    loaded = load_build(out, built=built, store_dir=tmp_path / "store")
    assert loaded.sizes == {EX + "a": 1, EX + "entailments": 2}


def test_load_after_a_dask_build_bulk_loads_its_partitions_and_compacts_once(tmp_path, monkeypatch):
    out = tmp_path / "out"
    built = _build(out, {"a": ("x",), "b": ("y",)})
    (out / "partitions").mkdir()
    parts = [{"file": f"partitions/part-{i:05}.nq"} for i in range(2)]
    (out / parts[0]["file"]).write_bytes(_nq("a", "x"))
    (out / parts[1]["file"]).write_bytes(_nq("b", "y"))
    (out / "manifest.json").write_text(json.dumps({"engine": "dask", "partitions": parts}), encoding="utf-8")
    stamp = (out / "manifest.json").stat().st_mtime_ns
    os.utime(out / "graph.trig", ns=(stamp - 10**9, stamp - 10**9))  # written before the manifest
    built.partitions = parts  # what marks a Dask build's result
    compacted = []
    # count the calls without keeping the store: a store held here stays open for writing (its compactions
    # deleting files) while the stored answers read it read-only after the load
    monkeypatch.setattr(embedded, "compact", lambda store: compacted.append(type(store).__name__))
    loaded = load_build(out, built=built, store_dir=tmp_path / "store")
    assert [Path(r.source).name for r in loaded.reports] == ["part-00000.nq", "part-00001.nq"]
    assert all(r.bulk for r in loaded.reports) and len(compacted) == 1
    assert loaded.sizes == {EX + "a": 1, EX + "b": 1}


def test_load_after_a_build_into_an_endpoint_puts_the_quads_file(oxigraph_server, tmp_path):
    out = tmp_path / "out"
    built = _build(out, {"load-a": ("x",), "load-b": ("y", "z")})
    loaded = load_build(out, built=built, endpoint=oxigraph_server.load_url)
    assert [Path(r.source).name for r in loaded.reports] == ["graph.trig"] and loaded.sizes is None
    assert loaded.target == oxigraph_server.load_url
    assert set(loaded.reports[0].graphs) == {EX + "load-a", EX + "load-b"}
    assert not (out / "store").exists()
