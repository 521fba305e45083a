"""Incremental builds (kg.engine.cache, kg.engine.local): an unchanged article is skipped, a changed one replaced,
a deleted one removed, in the output files and in the store; a re-run writes what a fresh build writes.

All names are invented.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pyoxigraph as ox
import pytest
from click.testing import CliRunner

from kg.cli import main
from kg.engine import cache, local as stream, packs
from kg.engine.options import BuildOptions
from kg.ingest.documents import from_text

ARTICLES = {
    "a.md": """---
title: Member ordered out after heckling
published: 2024-03-14
---
Speaker Ana Lopes ejected Progress Party MP Tom Reyes on Tuesday after he called Housing Minister Rui Costa a liar.

Reyes refused to withdraw the remark.
""",
    "b.md": """---
title: Motion fails
published: 2024-03-15
---
Opposition leader Mara Venn proposed a motion to review the housing budget on Wednesday.

Green Party MP Ivo Salt opposed the motion.
""",
    "c.md": """---
title: Apology demanded
published: 2024-03-16
---
Housing Minister Rui Costa asked Tom Reyes to apologize on Thursday. Reyes said he would not apologize.
""",
}


def _write(folder: Path, articles: dict[str, str]) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    for name, text in articles.items():
        (folder / name).write_text(text, encoding="utf-8")
    return folder


def _build(*args) -> str:
    result = CliRunner().invoke(main, ["build", *map(str, args), "--quiet"])
    assert result.exit_code == 0, result.output
    return result.output


def _files(out: Path) -> dict[str, bytes]:
    """Every output file but the cache and the store: name -> bytes."""
    return {str(p.relative_to(out)): p.read_bytes() for p in sorted(out.rglob("*"))
            if p.is_file() and ".kg-cache" not in p.parts and "store" not in p.parts}


def _stamps(out: Path) -> dict[str, int]:
    return {str(p.relative_to(out)): p.stat().st_mtime_ns for p in sorted(out.rglob("*"))
            if p.is_file() and ".kg-cache" not in p.parts and "store" not in p.parts}


def _store_graphs(path: Path) -> dict[str, set]:
    store = ox.Store.read_only(str(path))
    graphs: dict[str, set] = {}
    for q in store:
        graphs.setdefault(q.graph_name.value, set()).add(q.triple)
    del store
    return graphs


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    """The three articles built once, with --load; and a fresh build of the same for comparison."""
    root = tmp_path_factory.mktemp("cache")
    src = _write(root / "in", ARTICLES)
    out = root / "out"
    first = _build(src, "--out", out, "--load", "--format", "ttl,trig,nq,nt")
    return root, src, out, first


def _copy(built, tmp_path) -> tuple[Path, Path]:
    root, src, out, _ = built
    shutil.copytree(src, tmp_path / "in")
    shutil.copytree(out, tmp_path / "out")
    return tmp_path / "in", tmp_path / "out"


@pytest.mark.model
def test_cache_first_build_writes_one_graph_file_per_article(built):
    _, _, out, first = built
    assert "3 documents (3 parsed, 0 cached)" in first and "3 graphs (3 new)" in first
    assert sorted(p.name for p in (out / "graphs").iterdir()) == ["a.nq", "b.nq", "c.nq"]
    graphs = _store_graphs(out / "store")
    assert len(graphs) == 3
    for name in ("a", "b", "c"):  # the store holds what the graph file holds (in Oxigraph's canonical form)
        iri = next(g for g in graphs if g.endswith(f"/graph/{name}"))
        canonical = ox.Store()
        canonical.load(path=str(out / "graphs" / f"{name}.nq"), format=ox.RdfFormat.N_QUADS)
        assert graphs[iri] == {q.triple for q in canonical}


@pytest.mark.model
def test_cache_unchanged_is_skipped(built, tmp_path):
    src, out = _copy(built, tmp_path)
    before, stamps = _files(out), _stamps(out)
    again = _build(src, "--out", out, "--load", "--format", "ttl,trig,nq,nt", "--store", out / "store")
    assert "3 documents (0 parsed, 3 cached)" in again
    assert "3 graphs (3 unchanged)" in again
    assert _files(out) == before and _stamps(out) == stamps  # nothing was even rewritten


@pytest.mark.model
def test_cache_changed_is_replaced(built, tmp_path):
    src, out = _copy(built, tmp_path)
    stamps = _stamps(out)
    store_before = _store_graphs(out / "store")
    (src / "b.md").write_text(ARTICLES["b.md"].replace("Ivo Salt", "Ivo Pepper"), encoding="utf-8")
    again = _build(src, "--out", out, "--load", "--format", "ttl,trig,nq,nt")
    assert "3 documents (1 parsed, 2 cached)" in again
    assert "3 graphs (1 replaced, 2 unchanged)" in again
    after = _stamps(out)
    assert after["graphs/a.nq"] == stamps["graphs/a.nq"] and after["graphs/c.nq"] == stamps["graphs/c.nq"]
    assert after["graphs/b.nq"] != stamps["graphs/b.nq"]
    assert b"Pepper" in (out / "graphs" / "b.nq").read_bytes() and b"Pepper" in (out / "graph.ttl").read_bytes()
    store_after = _store_graphs(out / "store")
    changed = {g for g in store_after if store_after[g] != store_before.get(g)}
    assert [g.rsplit("/", 1)[1] for g in changed] == ["b"]
    # the same files as a fresh build of the changed articles
    fresh = tmp_path / "fresh"
    _build(src, "--out", fresh, "--format", "ttl,trig,nq,nt")
    assert _files(fresh) == _files(out)


@pytest.mark.model
def test_cache_deleted_is_removed(built, tmp_path):
    src, out = _copy(built, tmp_path)
    (src / "c.md").unlink()
    again = _build(src, "--out", out, "--load", "--format", "ttl,trig,nq,nt")
    assert "2 documents (0 parsed, 2 cached, 1 removed)" in again
    assert "dropped 1 graphs" in again
    assert not (out / "graphs" / "c.nq").exists()
    assert b"/doc/c>" not in (out / "graph.nq").read_bytes() and b"doc:c " not in (out / "graph.ttl").read_bytes()
    assert sorted(g.rsplit("/", 1)[1] for g in _store_graphs(out / "store")) == ["a", "b"]
    fresh = tmp_path / "fresh"
    _build(src, "--out", fresh, "--format", "ttl,trig,nq,nt")
    assert _files(fresh) == _files(out)


def _packed(out: Path) -> tuple[Path, dict]:
    """The one pack of a build's analyses and its index's entries."""
    import json

    (index,) = sorted((out / cache.CACHE_DIR / "packs").glob("*.json"))
    return index.with_suffix(".pack"), json.loads(index.read_bytes())["entries"]


@pytest.mark.model
def test_cache_damaged_entry_is_analysed_again(built, tmp_path):
    src, out = _copy(built, tmp_path)
    before = _files(out)
    pack, entries = _packed(out)
    assert len(entries) == 3
    offset, length = sorted(entries.values())[0]
    data = bytearray(pack.read_bytes())
    data[offset:offset + length] = b"x" * length  # the first entry damaged, its length kept
    pack.write_bytes(bytes(data))
    (out / "graph.ttl").unlink()  # a merged file gone is written again
    again = _build(src, "--out", out, "--format", "ttl,trig,nq,nt")
    assert "3 documents (0 parsed, 3 cached)" in again
    assert _files(out) == before
    # analysed again into an entry file of its own, which wins over the damaged packed one from now on
    assert len(list((out / cache.CACHE_DIR / "analyses").rglob("*.json"))) == 1
    (out / "graph.ttl").unlink()
    _build(src, "--out", out, "--format", "ttl,trig,nq,nt")
    assert _files(out) == before


@pytest.mark.model
def test_cache_load_by_hand_is_not_mistaken_for_the_build(built, tmp_path):
    """`kg load` of an older file replaces graphs; the next `build --load` puts the built ones back."""
    src, out = _copy(built, tmp_path)
    old = tmp_path / "old.nq"
    old.write_bytes((out / "graphs" / "a.nq").read_bytes().replace(b"Tom Reyes", b"Tom Rayes"))
    result = CliRunner().invoke(main, ["load", str(old), "--store", str(out / "store")])
    assert result.exit_code == 0 and "1 replaced" in result.output
    again = _build(src, "--out", out, "--load")
    assert "3 graphs (1 replaced, 2 unchanged)" in again
    a = next(t for g, ts in _store_graphs(out / "store").items() if g.endswith("/a") for t in ts
             if "Reyes" in str(t.object))
    assert "Rayes" not in str(a.object)


# -- the key ------------------------------------------------------------------------------------

def test_cache_key_follows_content_not_path():
    version = "v"
    a = from_text(ARTICLES["a.md"], id="a", path="/x/a.md")
    moved = from_text(ARTICLES["a.md"], id="a", path="/elsewhere/a.md")
    edited = from_text(ARTICLES["a.md"].replace("Tuesday", "Monday"), id="a")
    retitled = from_text(ARTICLES["a.md"].replace("Member ordered", "Member sent"), id="a")
    # a no-break space for a space: the same text to parse, another text as written (nif:isString)
    respaced = from_text(ARTICLES["a.md"].replace("on Tuesday", "on\u00a0Tuesday"), id="a")
    assert respaced.text == a.text and respaced.verbatim != a.verbatim
    assert cache.document_key(a, version) == cache.document_key(moved, version)
    assert len({cache.document_key(d, version) for d in (a, edited, retitled, respaced)}) == 4
    assert cache.document_key(a, version) != cache.document_key(a, "another model or code")


def test_cache_analysis_version_names_the_model_and_code():
    assert cache.analysis_version(None) == cache.analysis_version(None)
    assert cache.analysis_version(None) != cache.analysis_version("no_such_model_xx")
    from kg.nlp import parse as nlp

    assert cache.DEFAULT_MODELS == nlp.DEFAULT_MODELS


def test_cache_graph_file_names_are_safe():
    assert stream.graph_file("000_b6") == "000_b6.nq"
    assert "/" not in stream.graph_file("a/../b") and stream.graph_file("a/b") != stream.graph_file("a_b")


def test_cache_validator_reports_violations_in_chunks():
    from kg.semantics.batch import Validator

    bad = (b'<https://w3id.org/kg-news/id/person/x> <http://www.w3.org/1999/02/22-rdf-syntax-ns#type> '
           b'<https://w3id.org/kg-news/ont#Person> <https://w3id.org/kg-news/id/graph/d> .\n')
    with Validator(True) as v:
        v.submit(bad)
        v.submit(bad.replace(b"person/x", b"person/y"))
        report = v.report()
    assert not report.conforms
    assert {f.focus for f in report.violations} == {"person:x", "person:y"}  # no rdfs:label
    with Validator(False) as v:
        v.submit(bad)
        assert v.report() is None


@pytest.mark.model
def test_cache_unchanged_files_are_not_even_read(built, tmp_path, monkeypatch):
    src, out = _copy(built, tmp_path)
    _build(src, "--out", out)  # the copies have new inodes and times: read once more
    from kg.engine import inputs

    read = []
    original = inputs.read_corpus
    monkeypatch.setattr(inputs, "read_corpus", lambda paths, **kw: read.extend(paths) or original(paths, **kw))
    (src / "a.md").touch()  # a new time, the same content: read again, not parsed again
    result = stream.build([src], out)
    assert [p.name for p in read] == ["a.md"]
    assert (result.parsed, result.cached) == (0, 3)


@pytest.mark.model
def test_cache_records_are_read_once_the_parsing_workers_stop(built, tmp_path, monkeypatch):
    """With worker processes, no record is decoded while they parse: the records of a large build (about
    5 KB each, decoded) held beside the workers' spaCy models raised its peak memory from 1.16 to 1.31
    times a small build's (bench/run.py); read after the workers stop, they take the models' place."""
    from kg.engine import workers

    src, _ = _copy(built, tmp_path)
    events = []
    close, load = workers.Analyser.close, workers.load_or_analyse
    monkeypatch.setattr(workers.Analyser, "close", lambda self: events.append(("close", self.pool is not None))
                        or close(self))
    monkeypatch.setattr(workers, "load_or_analyse", lambda cache, key, doc_id, *a: events.append(("read", doc_id))
                        or load(cache, key, doc_id, *a))
    result = stream.build([src], tmp_path / "new", BuildOptions(jobs=2))
    assert result.parsed == 3
    reads = [i for i, e in enumerate(events) if e[0] == "read"]
    assert sorted(events[i][1] for i in reads) == ["a", "b", "c"]
    assert ("close", True) in events[:reads[0]]  # the workers that parsed were stopped before the first read


@pytest.mark.model
def test_cache_a_flagged_chunk_is_validated_by_pyshacl(built, tmp_path, monkeypatch):
    """When the compiled check flags a chunk, pySHACL validates it (here: it conforms)."""
    from kg.semantics import conform

    src, out = _copy(built, tmp_path)
    monkeypatch.setattr(conform, "may_violate", lambda *a, **k: True)
    result = stream.build([src], tmp_path / "again", BuildOptions(validate=True))
    assert result.written == 3 and (tmp_path / "again" / "graph.ttl").exists()


def test_cache_store_bulk_path_loads_what_the_transaction_path_loads(built, tmp_path, monkeypatch):
    """A first load of many graphs goes through the bulk loader (and is compacted after):
    the store holds exactly what one transaction would have put there."""
    from kg.store import embedded as kstore, sync as ksync

    _, _, out, _ = built
    manifest = cache.load_manifest(out)["documents"]
    entries = [(v["graph"], out / stream.GRAPHS_DIR / v["file"], v["sha"]) for v in manifest.values()]
    compacted = []
    monkeypatch.setattr(kstore, "compact", lambda s: compacted.append(s) or s.optimize())
    results = {}
    for name, limit in (("transaction", ksync.TRANSACTION_GRAPHS), ("bulk", 0)):
        monkeypatch.setattr(ksync, "TRANSACTION_GRAPHS", limit)
        path = tmp_path / name
        s = kstore.open_store(path)
        report, _ = ksync.sync_graphs(s, path, entries, [])
        assert set(report.graphs.values()) == {"new"} and report.triples > 0
        del s
        results[name] = _store_graphs(path)
    assert results["bulk"] == results["transaction"] and len(results["bulk"]) == len(entries) == 3
    assert len(compacted) == 1  # the bulk load only


def test_cache_mapping_version_follows_the_ontology(tmp_path, monkeypatch):
    """Roles and shortcut edges are read from kg.ttl: editing it must re-map every graph on the next run."""
    shutil.copytree(Path(__file__).resolve().parents[2] / "ontology", tmp_path / "ontology")
    monkeypatch.setenv("KG_ONTOLOGY", str(tmp_path / "ontology"))
    cache.mapping_version.cache_clear()
    before = cache.mapping_version()
    with (tmp_path / "ontology" / "kg.ttl").open("a", encoding="utf-8") as f:
        f.write("\n# an edit\n")
    cache.mapping_version.cache_clear()
    try:
        assert cache.mapping_version() != before
    finally:
        cache.mapping_version.cache_clear()


# -- a planted cache or manifest (issue 17) -------------------------------------------------------

class _Planted:
    """A pickle that, when loaded, creates the file ``marker``."""

    def __init__(self, marker: str):
        self.marker = marker

    def __reduce__(self):
        return (open, (self.marker, "w"))


@pytest.mark.model
def test_cache_planted_pickle_is_not_run(built, tmp_path):
    """Issue 17: a pickle planted in OUT/.kg-cache/ ran on the next build; the cache is JSON, read as data."""
    import pickle

    src, out = _copy(built, tmp_path)
    before = _files(out)
    marker = tmp_path / "ran"
    pack, entries = _packed(out)
    assert len(entries) == 3
    planted = pickle.dumps(_Planted(str(marker)))
    pack.write_bytes(b"".join(planted.ljust(length, b" ") for _, length in sorted(entries.values())))
    for key in entries:  # an entry file, and one under the name an older kg gave it
        entry = cache.AnalysisCache(out).path(key)
        entry.parent.mkdir(parents=True, exist_ok=True)
        for name in (entry, entry.with_suffix(".pickle")):
            name.write_bytes(planted)
    (out / "graph.ttl").unlink()
    _build(src, "--out", out, "--format", "ttl,trig,nq,nt")
    assert not marker.exists()
    assert _files(out) == before  # the planted entries were misses: analysed again
    assert not list((out / cache.CACHE_DIR / "analyses").rglob("*.pickle"))  # and pruned


@pytest.mark.model
@pytest.mark.parametrize("name", ["../../victim.txt", "/VICTIM", "..", "sub/../../../victim.txt"])
def test_cache_planted_manifest_entry_deletes_nothing_outside(built, tmp_path, name):
    """Issue 17: a manifest entry of a document gone named the file to delete; any file, anywhere."""
    import json

    src, out = _copy(built, tmp_path)
    victim = tmp_path / "victim.txt"
    victim.write_text("keep me", encoding="utf-8")
    name = name.replace("/VICTIM", str(victim))
    path = out / cache.CACHE_DIR / "manifest.json"
    manifest = json.loads(path.read_text(encoding="utf-8"))
    some = next(iter(manifest["documents"].values()))
    manifest["documents"]["gone"] = dict(some, file=name)
    path.write_text(json.dumps(manifest), encoding="utf-8")
    _build(src, "--out", out)
    assert victim.read_text(encoding="utf-8") == "keep me"
    assert out.is_dir() and (out / "graphs").is_dir()


@pytest.mark.parametrize("name, ok", [
    ("a.nq", True), ("000_b6.nq", True), ("..", False), (".", False), ("", False), ("../a.nq", False),
    ("/etc/passwd", False), ("a\\..\\b.nq", False), (None, False), (3, False),
])
def test_cache_confined_names_only_files_of_the_folder(tmp_path, name, ok):
    assert (cache.confined(tmp_path, name) is not None) == ok


def test_cache_confined_refuses_a_link_out(tmp_path):
    (tmp_path / "graphs").mkdir()
    (tmp_path / "outside.nq").write_text("x", encoding="utf-8")
    (tmp_path / "graphs" / "a.nq").symlink_to(tmp_path / "outside.nq")
    assert cache.confined(tmp_path / "graphs", "a.nq") is None


# -- the packs of analyses (kg.engine.cache.PackWriter) ----------------------------------------------------------------

def _pack_folder(out: Path) -> list[str]:
    return sorted(p.name for p in (out / cache.CACHE_DIR / "packs").iterdir())


def test_cache_pack_entries_are_read_once_its_index_is_written(tmp_path):
    store = cache.AnalysisCache(tmp_path)
    writer = store.writer()
    writer.put("k1", b"first")
    writer.put("k2", b"second entry")
    assert not store.has("k1") and store.get("k1") is None  # no index yet: nothing of the pack is read
    writer.close()
    assert store.get("k1") == b"first" and store.get("k2") == b"second entry"
    again = cache.AnalysisCache(tmp_path)  # another process
    assert again.has("k2") and again.get("k2") == b"second entry" and again.get("k3") is None
    assert len(_pack_folder(tmp_path)) == 2  # the pack and its index


def test_cache_a_later_pack_and_an_entry_file_win(tmp_path):
    store = cache.AnalysisCache(tmp_path)
    with store.writer() as w:
        w.put("k", b"old")
    with store.writer() as w:
        w.put("k", b"new")
    assert store.get("k") == b"new"
    store.put("k", b"file")  # an entry analysed again is written as a file
    assert cache.AnalysisCache(tmp_path).get("k") == b"file"


def test_cache_a_stopped_build_leaves_nothing_to_read(tmp_path):
    store = cache.AnalysisCache(tmp_path)
    with pytest.raises(RuntimeError), store.writer() as w:
        w.put("k", b"half")
        raise RuntimeError("stopped")
    assert not (tmp_path / cache.CACHE_DIR / "packs").exists() or _pack_folder(tmp_path) == []
    stray = store.writer()  # killed before close: a pack without its index
    stray.put("k", b"half")
    stray._fh.flush()
    assert cache.AnalysisCache(tmp_path).get("k") is None
    with store.writer() as w:
        w.put("kept", b"data")
    store.prune({"k", "kept"})
    assert len(_pack_folder(tmp_path)) == 2 and store.get("kept") == b"data" and store.get("k") is None


def test_cache_prune_drops_dead_packs_and_compacts_thin_ones(tmp_path):
    store = cache.AnalysisCache(tmp_path)
    with store.writer() as w:
        for i in range(4):
            w.put(f"a{i}", f"entry a{i}".encode())
    with store.writer() as w:
        for i in range(4):
            w.put(f"b{i}", f"entry b{i}".encode())
    assert store.prune({f"a{i}" for i in range(4)} | {"b0"}) == 3  # b1-b3 gone
    assert len(_pack_folder(tmp_path)) == 4  # pack a as it was, b0 copied into a new pack
    assert [store.get(f"a{i}") for i in range(4)] == [f"entry a{i}".encode() for i in range(4)]
    assert store.get("b0") == b"entry b0" and store.get("b1") is None
    assert store.prune({"a0", "a1"}) == 1  # half of a kept: left as it is, a2 and a3 with it; the copy of b0 goes
    assert len(_pack_folder(tmp_path)) == 2 and store.get("a3") == b"entry a3"
    assert store.prune(set()) == 4
    assert _pack_folder(tmp_path) == []


@pytest.mark.parametrize("index", [
    b"not json",
    b'{"format": 0, "pack": "%s", "entries": {"k": [0, 4]}}',
    b'{"format": %d, "pack": "../../victim.pack", "entries": {"k": [0, 4]}}',
    b'{"format": %d, "pack": "%s", "entries": {"k": [-1, 4]}}',
    b'{"format": %d, "pack": "%s", "entries": {"k": "0,4"}}',
    b'[1, 2]',
])
def test_cache_a_damaged_or_planted_index_is_a_pack_not_read(tmp_path, index):
    store = cache.AnalysisCache(tmp_path)
    with store.writer() as w:
        w.put("k", b"data")
    (path,) = (tmp_path / cache.CACHE_DIR / "packs").glob("*.json")
    text = index.replace(b"%d", str(packs.FORMAT).encode()).replace(b"%s", path.with_suffix(".pack").name.encode())
    path.write_bytes(text)
    assert cache.AnalysisCache(tmp_path).get("k") is None
