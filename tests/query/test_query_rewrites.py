"""Issue 18: the stored queries were rewritten to page fast on a large store; they must answer what
the texts before the rewrite (kept in tests/query/before/) answered, row for row, on the seed
articles and on the devset.

Rows are compared as multisets (the rewritten queries dropped the ORDER BY their questions do not
need); person-timeline keeps its time order, so its rows are compared as lists, for every person.
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from pathlib import Path

import pytest

from kg.query.sparql import QueryText, count_store, run_store, stored, stored_queries
from tests.stores import opened

BEFORE = Path(__file__).parent / "before"
NAMES = sorted(p.stem for p in BEFORE.glob("*.rq"))
ORDERED = {"person-timeline"}  # questions that ask for an order: the rows must come in the same one


def _before(name: str) -> QueryText:
    """The text ``name`` had before issue 18, with the stored query's parameters (folded the same way)."""
    text = (BEFORE / f"{name}.rq").read_text(encoding="utf-8")
    return QueryText(text, f"before/{name}.rq", dataclasses.replace(stored(name), text=text))


def _people(store) -> list[str]:
    rows = run_store(store, QueryText("SELECT DISTINCT ?n WHERE { ?p a kg:Person ; rdfs:label ?n }")).values()
    return sorted(n for n, in rows)


def _same_rows(store, name: str) -> int:
    """Check the stored query ``name`` against its text before the rewrite; the rows compared."""
    now, old = QueryText(stored(name).text, name, stored(name)), _before(name)
    runs = [{"person": p} for p in _people(store)] if stored(name).params else [None]
    compared = 0
    for params in runs:
        new_rows, old_rows = run_store(store, now, params).values(), run_store(store, old, params).values()
        assert run_store(store, now, params).variables == run_store(store, old, params).variables
        if name in ORDERED:
            assert new_rows == old_rows, (name, params)
        else:
            assert Counter(new_rows) == Counter(old_rows), (name, params, set(new_rows) ^ set(old_rows))
        assert count_store(store, now, params) == len(new_rows)  # what the table's "N more" counts
        compared += len(new_rows)
    return compared


def test_query_rewrites_keep_every_stored_query():
    assert NAMES == sorted(q.name for q in stored_queries())


@pytest.mark.parametrize("name", NAMES)
def test_query_rewrites_same_rows_on_the_seeds(seed_store, name):
    with opened(seed_store, write=False) as store:
        assert _same_rows(store, name) > 0  # every question has an answer in the seed articles


@pytest.mark.model
@pytest.mark.parametrize("name", NAMES)
def test_query_rewrites_same_rows_on_the_devset(devset_store, name):
    with opened(devset_store, write=False) as store:
        _same_rows(store, name)
