"""The embedded store: opening (clear errors), loading with per-document replacement, bad files."""

from __future__ import annotations

import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pyoxigraph as ox
import pytest
from click.testing import CliRunner

from kg.cli import main
from kg.rdf.read import GraphFileError
from kg.store.embedded import NotAStoreError, StoreError, StoreLockedError, graph_sizes, load_dataset, load_file, open_store
from tests.stores import GRAPH_PREFIX, ROOT, opened

GOOD = """\
@prefix ex: <http://example.org/> .
ex:g1 { ex:a ex:p "one" . }
ex:g2 { ex:b ex:p "two" . ex:b ex:q ex:a . }
"""
BAD_AT_LINE_4 = """\
@prefix ex: <http://example.org/> .
ex:g1 { ex:a ex:p "one" . }
ex:g3 { ex:c ex:p "three" . }
ex:g2 { ex:b ex:p "unterminated . }
"""


def _cli(*args):
    result = CliRunner().invoke(main, [str(a) for a in args])
    assert "Traceback" not in result.output, result.output
    return result


def _copy(store: Path, tmp_path: Path) -> Path:
    target = tmp_path / "store"
    shutil.copytree(store, target)
    return target


def _size(path: Path) -> int:
    store = open_store(path, write=False)
    return len(store)


def _quads(store: ox.Store, graph: str) -> set[str]:
    return {str(q.triple) for q in store.quads_for_pattern(None, None, None, ox.NamedNode(graph))}


# --- opening --------------------------------------------------------------------------------

def test_store_open_creates_a_new_store_in_a_missing_or_empty_folder(tmp_path):
    (tmp_path / "empty").mkdir()
    for path in (tmp_path / "new", tmp_path / "empty"):
        with opened(path) as store:
            assert len(store) == 0
        assert (path / "CURRENT").exists()


@pytest.mark.parametrize("setup,error,message", [
    ("folder-with-files", NotAStoreError, "not a kg store"),
    ("a-file", NotAStoreError, "is a file"),
])
def test_store_open_refuses_what_is_not_a_store(tmp_path, setup, error, message):
    path = tmp_path / "target"
    if setup == "a-file":
        path.write_text("hello")
    else:
        path.mkdir()
        (path / "notes.txt").write_text("my notes")
    with pytest.raises(error, match=message):
        open_store(path)
    assert not (path / "CURRENT").exists() if path.is_dir() else path.read_text() == "hello"


def test_store_open_for_reading_needs_an_existing_store(tmp_path):
    with pytest.raises(StoreError, match="no store at"):
        open_store(tmp_path / "missing", create=False)
    assert not (tmp_path / "missing").exists()


@pytest.fixture
def locked_store(tmp_path):
    """A store held open for writing by another process."""
    path = tmp_path / "store"
    with opened(path):
        pass
    holder = subprocess.Popen([sys.executable, "-c", textwrap.dedent(f"""
        import sys, time, pyoxigraph
        store = pyoxigraph.Store({str(path)!r})
        print("ready", flush=True)
        sys.stdin.read()
    """)], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout.readline().strip() == "ready"
        yield path
    finally:
        holder.stdin.close()
        holder.wait(10)


def test_store_locked_by_another_process_is_a_clear_error(locked_store, seed):
    with pytest.raises(StoreLockedError, match="locked by another process"):
        open_store(locked_store)
    result = _cli("load", seed.trig, "--store", locked_store)
    assert result.exit_code == 1 and "locked by another process" in result.output
    result = _cli("query", "ejections", "--store", locked_store)
    assert result.exit_code == 1 and "locked by another process" in result.output


@pytest.mark.parametrize("command", ["load", "query"])
def test_store_cli_not_a_store_is_a_clear_error(tmp_path, seed, command):
    folder = tmp_path / "docs"
    folder.mkdir()
    (folder / "report.txt").write_text("not a database")
    args = ["load", seed.trig, "--store", folder] if command == "load" else ["query", "ejections", "--store", folder]
    result = _cli(*args)
    assert result.exit_code == 1
    assert "not a kg store" in result.output
    assert sorted(p.name for p in folder.iterdir()) == ["report.txt"]


def test_store_cli_query_without_a_store_says_how_to_make_one(tmp_path):
    result = _cli("query", "ejections", "--store", tmp_path / "nothing")
    assert result.exit_code == 1 and "no store at" in result.output and "kg build" in result.output


# --- loading --------------------------------------------------------------------------------

def test_store_load_twice_changes_nothing(seed, tmp_path):
    with opened(tmp_path / "store") as store:
        first = load_file(store, seed.trig)
        count = len(store)
        second = load_file(store, seed.trig)
        assert len(store) == count == first.triples
        assert set(first.graphs.values()) == {"new"}
        assert set(second.graphs.values()) == {"unchanged"}
        assert len(first.graphs) == len(seed.result.documents) == 3
        assert all(g.startswith(GRAPH_PREFIX) for g in first.graphs)


def test_store_load_bulk_path_is_also_idempotent(seed, tmp_path):
    with opened(tmp_path / "store") as store:
        load_file(store, seed.trig, bulk_bytes=0)
        count = len(store)
        report = load_file(store, seed.trig, bulk_bytes=0)
        assert len(store) == count and set(report.graphs.values()) == {"replaced"}


def test_store_load_dataset_equals_load_file(seed, tmp_path):
    with opened(tmp_path / "a") as a, opened(tmp_path / "b") as b:
        load_file(a, seed.trig)
        load_dataset(b, seed.result.dataset)
        assert {str(q) for q in a} == {str(q) for q in b}


def test_store_shared_entities_stay_single_nodes(seed_store):
    """A person several articles mention is one IRI present in several document graphs."""
    with opened(seed_store, write=False) as store:
        rows = list(store.query(
            "SELECT ?p (COUNT(DISTINCT ?g) AS ?graphs) WHERE { GRAPH ?g { ?p a <https://w3id.org/kg-news/ont#Person> } }"
            " GROUP BY ?p HAVING (COUNT(DISTINCT ?g) > 1)"))
        assert rows, "some person should appear in more than one article"
        labels = list(store.query("SELECT DISTINCT ?p ?l WHERE { ?p a <https://w3id.org/kg-news/ont#Person> ; "
                                  "<http://www.w3.org/2000/01/rdf-schema#label> ?l }", use_default_graph_as_union=True))
        names = [str(r["l"]) for r in labels]
        assert len(names) == len(set(names)), "one node (and one label) per person"


def test_store_rebuild_after_one_article_changes_replaces_exactly_its_graph(seed, seed_store, tmp_path):
    from kg.engine.pipeline import build_corpus
    from kg.rdf.write import write_outputs

    articles = tmp_path / "articles"
    shutil.copytree(ROOT / "input", articles)
    changed = sorted(articles.iterdir())[1]
    # a fact between people no other article mentions: only this article's graph can change
    changed.write_text(changed.read_text(encoding="utf-8") + "\n\nLater, Tom Reyes called Rui Costa a liar.\n",
                       encoding="utf-8")
    rebuilt = build_corpus([articles])
    write_outputs(rebuilt.dataset, tmp_path / "out")
    store_path = _copy(seed_store, tmp_path)
    with opened(store_path) as store:
        before = {g: _quads(store, g) for g in graph_sizes(store)}
        report = load_file(store, tmp_path / "out" / "graph.trig")
        graph = GRAPH_PREFIX + changed.stem
        assert report.graphs == {g: ("replaced" if g == graph else "unchanged") for g in before}
        new = ox.Store()
        new.load(path=str(tmp_path / "out" / "graph.trig"))
        for g in before:
            expected = {str(q.triple) for q in new.quads_for_pattern(None, None, None, ox.NamedNode(g))}
            assert _quads(store, g) == expected, g
            if g != graph:
                assert _quads(store, g) == before[g], g
        assert "Tom Reyes" in "".join(_quads(store, graph)) and "Tom Reyes" not in "".join(before[graph])


def test_store_unparseable_file_loads_nothing_and_says_where(tmp_path):
    bad = tmp_path / "bad.trig"
    bad.write_text(BAD_AT_LINE_4)
    with opened(tmp_path / "lib") as store:
        with pytest.raises(GraphFileError) as info:
            load_file(store, bad)
        assert len(store) == 0
    assert info.value.line == 4 and str(bad) in str(info.value) and "nothing was loaded" in str(info.value)
    result = _cli("load", bad, "--store", tmp_path / "cli")
    assert result.exit_code == 1
    assert f"{bad}: line 4, column" in result.output and "nothing was loaded from it" in result.output
    assert _size(tmp_path / "cli") == 0


def test_store_unparseable_file_keeps_what_was_loaded_before(tmp_path):
    good, bad = tmp_path / "good.trig", tmp_path / "bad.trig"
    good.write_text(GOOD)
    bad.write_text(BAD_AT_LINE_4)
    with opened(tmp_path / "store") as store:
        load_file(store, good)
        before = {str(q) for q in store}
        with pytest.raises(GraphFileError):
            load_file(store, bad)
        assert {str(q) for q in store} == before


def test_store_triples_outside_named_graphs_need_a_graph(tmp_path):
    ttl = tmp_path / "extra.ttl"
    ttl.write_text('<http://example.org/a> <http://example.org/p> "x" .\n')
    with opened(tmp_path / "store") as store:
        with pytest.raises(GraphFileError, match="outside any named graph"):
            load_file(store, ttl)
        report = load_file(store, ttl, graph="http://example.org/extra")
        assert report.graphs == {"http://example.org/extra": "new"}
        assert len(store) == 1


def test_store_changed_graph_loses_its_old_triples(tmp_path):
    """PUT semantics: a reloaded graph holds the new triples only, never old and new together."""
    first, second = tmp_path / "v1.trig", tmp_path / "v2.trig"
    first.write_text(GOOD)
    second.write_text(GOOD.replace('"two"', '"deux"'))
    with opened(tmp_path / "store") as store:
        load_file(store, first)
        report = load_file(store, second)
        assert report.graphs == {"http://example.org/g1": "unchanged", "http://example.org/g2": "replaced"}
        values = {str(q.object) for q in store}
        assert '"deux"' in values and '"two"' not in values and len(store) == 3


# --- the commands ---------------------------------------------------------------------------

@pytest.mark.model
def test_store_cli_build_load_then_load_again_is_idempotent(tmp_path):
    out = tmp_path / "out"
    result = _cli("build", ROOT / "input", "--out", out, "--load", "--quiet")
    assert result.exit_code == 0, result.output
    assert "3 graphs (3 new)" in result.output and (out / "store" / "CURRENT").exists()
    again = _cli("load", out, "--store", out / "store")
    assert again.exit_code == 0, again.output
    assert "3 graphs (3 unchanged)" in again.output
    held = [line for line in result.output.splitlines() + again.output.splitlines() if "now holds" in line]
    assert len(held) == 2 and held[0] == held[1]


def test_store_cli_load_folder_takes_trig_not_ttl(seed, tmp_path):
    result = _cli("load", seed.out, "--store", tmp_path / "store")
    assert result.exit_code == 0, result.output
    assert "graph.trig" in result.output and "graph.ttl" not in result.output


def test_store_cli_load_empty_folder_is_a_clear_error(tmp_path):
    (tmp_path / "empty").mkdir()
    result = _cli("load", tmp_path / "empty", "--store", tmp_path / "store")
    assert result.exit_code == 1 and "no .trig or .nq file" in result.output


def test_store_cli_load_says_what_it_did(seed, tmp_path):
    result = _cli("load", seed.trig, "--store", tmp_path / "store")
    assert result.exit_code == 0, result.output
    assert result.output.startswith(f"loaded {seed.trig}: 3 graphs (3 new), ")
    assert f"{tmp_path / 'store'} now holds" in result.output


def test_store_bulk_load_is_compacted_once(seed, tmp_path, monkeypatch):
    from kg.store import embedded as kstore

    compacted = []
    monkeypatch.setattr(kstore, "compact", lambda s: compacted.append(1))
    with opened(tmp_path / "store") as store:
        assert load_file(store, seed.trig, bulk_bytes=0).bulk and compacted == [1]
        report = load_file(store, seed.trig, bulk_bytes=0, compact_after=False)
        assert report.bulk and compacted == [1]  # the caller compacts, once, after its last file
        assert not load_file(store, seed.trig).bulk and compacted == [1]  # a transaction needs none
