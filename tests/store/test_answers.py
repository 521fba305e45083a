"""Stored questions answered at load time (issue 18, kg.store.answers): what kg query reads back is
the store's own answer, row for row and page for page, and is never read once the store has changed."""

from __future__ import annotations

import dataclasses
import json
import shutil
import subprocess
import sys
from pathlib import Path

import pyoxigraph as ox
import pytest
from click.testing import CliRunner

from kg.cli import main
from kg.query.sparql import QueryText, page_of, run_store, stored, stored_queries
from kg.store.answers import ANSWERS_DIR, StoredAnswers, refresh, store_stamp
from tests.stores import ROOT, opened

ANSWERED = [q.name for q in stored_queries() if not q.params]
PAGES = [(0, None), (0, 1), (1, 2), (2, 50), (50, 10), (0, 0)]


def _q(name: str) -> QueryText:
    return QueryText(stored(name).text, name, stored(name))


def _cli(*args):
    result = CliRunner().invoke(main, [str(a) for a in args])
    assert "Traceback" not in result.output, result.output
    return result


@pytest.fixture
def store(seed_store, tmp_path) -> Path:
    """A copy of the seed store, its stored questions answered."""
    path = tmp_path / "store"
    shutil.copytree(seed_store, path)
    done = refresh(path)
    assert done.skipped is None and sorted(done.rows) == ANSWERED
    return path


def _same_as_the_store(path: Path) -> int:
    """Every answered question: the rows read back equal the store's, in its order, whole and by pages."""
    answers, rows = StoredAnswers(path), 0
    with opened(path, write=False) as db:
        for name in ANSWERED:
            live = run_store(db, _q(name))
            got = answers.results(_q(name), {})
            assert got is not None, name
            assert (got.variables, got.rows) == (live.variables, live.rows), name
            for offset, limit in PAGES:
                page, want = answers.results(_q(name), {}, offset=offset, limit=limit), page_of(live, offset, limit)
                assert (page.rows, page.total, page.more) == (want.rows, want.total, want.more), (name, offset, limit)
            rows += len(live.rows)
    return rows


def test_answers_are_the_store_s_rows_on_the_seeds(store):
    assert _same_as_the_store(store) > 0


@pytest.mark.model
def test_answers_are_the_store_s_rows_on_the_devset(devset_store, tmp_path):
    path = tmp_path / "store"
    shutil.copytree(devset_store, path)
    assert refresh(path).skipped is None
    assert _same_as_the_store(path) > 0


def test_answers_are_kept_when_the_store_is_as_they_were_made_on(store):
    before = (store / ANSWERS_DIR / "index.json").read_bytes()
    again = refresh(store)
    assert again.kept and again.rows == refresh(store).rows and "kept" in again.summary()
    assert (store / ANSWERS_DIR / "index.json").read_bytes() == before


@pytest.mark.parametrize("flush", [True, False], ids=["flushed", "in-the-log"])
def test_answers_are_set_aside_once_the_store_is_written(store, flush):
    stamp, person = store_stamp(store), ox.NamedNode("https://example.org/id/person/new-one")
    with opened(store) as db:
        db.add(ox.Quad(person, ox.NamedNode("https://w3id.org/kg-news/ont#ejected"), person,
                       ox.NamedNode("https://example.org/id/graph/new")))
        if flush:
            db.flush()
    del db  # closed
    assert store_stamp(store) != stamp
    assert StoredAnswers(store).results(_q("ejections"), {}) is None
    assert refresh(store).skipped is None  # answered again: the new store's rows
    _same_as_the_store(store)


def test_answers_are_never_wrong_after_the_store_is_opened_for_writing(store):
    """Opening the store for writing and writing nothing may set the answers aside, never make them wrong."""
    for _ in range(2):
        with opened(store):
            pass
        answers = StoredAnswers(store)
        if answers.entries:
            _same_as_the_store(store)


def test_answers_of_another_text_or_with_parameters_are_not_used(store):
    answers = StoredAnswers(store)
    other = "SELECT ?ejected WHERE { ?x kg:ejected ?ejected }"
    assert answers.results(QueryText(other, "ejections", dataclasses.replace(stored("ejections"), text=other))) is None
    assert answers.results(QueryText(other), {}) is None  # not a stored question
    assert answers.results(_q("ejections"), {"person": "Ana Lopes"}) is None
    assert answers.results(_q("person-timeline"), {"person": "Ana Lopes"}) is None
    assert "person-timeline" not in answers.entries  # a question with a parameter is asked of the store


def test_answers_of_another_store_or_a_broken_index_are_not_used(store, seed_store, tmp_path):
    elsewhere = tmp_path / "other"
    with opened(elsewhere) as db:
        db.add(ox.Quad(ox.NamedNode("http://example.org/s"), ox.NamedNode("http://example.org/p"),
                       ox.Literal("o"), ox.NamedNode("http://example.org/g")))
    del db
    shutil.copytree(store / ANSWERS_DIR, elsewhere / ANSWERS_DIR)
    assert StoredAnswers(elsewhere).entries == {}
    index = store / ANSWERS_DIR / "index.json"
    for broken in ("{", "[]", json.dumps({"format": 99}), ""):
        index.write_text(broken, encoding="utf-8")
        assert StoredAnswers(store).results(_q("ejections"), {}) is None
    (store / ANSWERS_DIR).rename(tmp_path / "gone")
    assert StoredAnswers(store).results(_q("ejections"), {}) is None


def test_answers_are_not_written_while_another_process_writes_the_store(store, tmp_path):
    shutil.rmtree(store / ANSWERS_DIR)
    holder = subprocess.Popen([sys.executable, "-c", "import sys, time, pyoxigraph as ox\n"
                               "s = ox.Store(sys.argv[1]); print('open', flush=True); time.sleep(60)", str(store)],
                              stdout=subprocess.PIPE, text=True, cwd=ROOT)
    try:
        assert holder.stdout.readline().strip() == "open"
        done = refresh(store)
        assert done.skipped is not None and "locked" in done.skipped
        assert not (store / ANSWERS_DIR).exists()
        assert "not answered ahead" in done.summary()
    finally:
        holder.kill()
        holder.wait()


def test_answers_kg_query_reads_them_and_kg_load_writes_keeps_and_forgets_them(seed, tmp_path):
    path = tmp_path / "store"
    first = _cli("load", seed.trig, "--store", path)
    assert first.exit_code == 0 and f"{len(ANSWERED)} stored questions answered ahead" in first.output
    # nothing changed: the answers are kept, or (when RocksDB reorganised its files on opening) made again
    again = _cli("load", seed.trig, "--store", path).output
    assert "answers kept" in again or "answered ahead" in again
    assert sorted(StoredAnswers(path).entries) == ANSWERED
    # kg query gives what the answer file holds (here made to differ from the store, to see which is read)
    tsv = path / ANSWERS_DIR / "ejections.tsv"
    shown = _cli("query", "ejections", "--store", path, "--format", "tsv").output
    tsv.write_text(tsv.read_text(encoding="utf-8").replace('"2020-06-17"', '"1999-01-01"'), encoding="utf-8")
    read = _cli("query", "ejections", "--store", path, "--format", "tsv").output
    assert "1999-01-01" in read and read == shown.replace('"2020-06-17"', '"1999-01-01"')
    table = _cli("query", "ejections", "--store", path, "--limit", "1").output
    assert "1999-01-01" in table and f"(rows 1-1 of {len(shown.splitlines()) - 1};" in table
    # with --no-answers the load keeps none, and kg query asks the store
    assert _cli("load", seed.trig, "--store", path, "--no-answers").exit_code == 0
    assert not (path / ANSWERS_DIR).exists()
    assert _cli("query", "ejections", "--store", path, "--format", "tsv").output == shown
