"""A query past its timeout is stopped (kg.query.deadline, issue 17.4): in a child process killed at
the deadline, whose answer comes back through a standard format, term for term."""

from __future__ import annotations

import multiprocessing
import os
import resource
import threading
import time
from pathlib import Path

import pyoxigraph as ox
import pytest

from kg.query.deadline import FORKS, QueryTimeoutError
from kg.query.sparql import QueryError, QueryText, run_store
from tests.stores import opened

#: a five-way cross product of the store: never ends on the seed graph
RUNAWAY = "SELECT * WHERE { ?a ?b ?c . ?d ?e ?f . ?g ?h ?i . ?j ?k ?l . ?m ?n ?o }"
EX = "http://example.org/"


def _cpu() -> float:
    used = resource.getrusage(resource.RUSAGE_SELF)
    return used.ru_utime + used.ru_stime


def _children() -> list[int]:
    """The processes whose parent is this one (read from /proc: no reaping)."""
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == os.getpid():
            found.append(int(stat.parent.name))
    return found


@pytest.mark.skipif(not FORKS or not Path("/proc").is_dir(), reason="needs fork and /proc (Linux)")
@pytest.mark.parametrize("write", [False, True], ids=["read-only", "writable"])
def test_deadline_runaway_query_is_stopped_issue17(seed_store, tmp_path, write):
    """The 5-way cross product with timeout 2: the error within ~3 s, then no thread or process of
    this one still evaluating it (the thread of the old code went on at full speed)."""
    import shutil

    path = seed_store if not write else shutil.copytree(seed_store, tmp_path / "store")
    with opened(path, write=write) as store:
        # (other tests of the session may have left children of their own: only new ones count)
        others = set(_children())
        started = time.monotonic()
        with pytest.raises(QueryTimeoutError, match=r"ran longer than 2 s \(--timeout\) and was stopped"):
            run_store(store, QueryText(RUNAWAY), timeout=2)
        assert time.monotonic() - started < 3.5
        assert multiprocessing.active_children() == [] and set(_children()) <= others
        assert not any(t.name == "kg-query" for t in threading.enumerate())
        before = _cpu()
        time.sleep(1.0)
        assert _cpu() - before < 0.2  # nothing burns a core in the background
        # the store still answers, in and out of a child
        count = "SELECT (COUNT(*) AS ?n) WHERE { ?s ?p ?o }"
        assert run_store(store, QueryText(count), timeout=30).values() == run_store(store, QueryText(count)).values()


def _store() -> ox.Store:
    store = ox.Store()
    s, p, g = ox.NamedNode(EX + "s"), ox.NamedNode(EX + "p"), ox.NamedNode(EX + "g")
    for o in (ox.Literal("Ana", language="en"), ox.Literal("3", datatype=ox.NamedNode(
            "http://www.w3.org/2001/XMLSchema#integer")), ox.BlankNode("b1"), ox.NamedNode(EX + "o"),
              ox.Literal("tab\there \"quoted\" é")):
        store.add(ox.Quad(s, p, o, g))
    store.add(ox.Quad(ox.BlankNode("b1"), p, ox.Literal("inner"), g))
    return store


@pytest.mark.parametrize("query", [
    "SELECT ?o ?x WHERE { ?s <http://example.org/p> ?o OPTIONAL { ?o <http://example.org/p> ?x } } ORDER BY ?o",
    "SELECT * WHERE { ?s ?p ?o } ORDER BY ?o",
    "ASK { ?s ?p \"Ana\"@en }",
    "ASK { ?s ?p \"Bea\"@en }",
    "CONSTRUCT { ?o <http://example.org/q> ?s } WHERE { ?s ?p ?o }",
    "DESCRIBE <http://example.org/s>",
], ids=["select-optional", "select-all", "ask-yes", "ask-no", "construct", "describe"])
def test_deadline_child_answers_as_the_store_does(query):
    """What comes back from the child is what the query gives in this process, term for term
    (languages, datatypes, escapes, unbound values; blank nodes as blank nodes)."""
    store = _store()
    here, there = run_store(store, QueryText(query)), run_store(store, QueryText(query), timeout=30)
    assert (here.kind, here.variables, here.boolean) == (there.kind, there.variables, there.boolean)
    if here.kind == "select":
        assert [{k: (type(v), v.value) for k, v in r.items()} for r in here.rows] == \
               [{k: (type(v), v.value) for k, v in r.items()} for r in there.rows]
    if here.kind == "graph":
        assert here.triples and _canonical(here.triples) == _canonical(there.triples)


def _canonical(triples) -> set[str]:
    data = ox.Dataset(ox.Quad(*t) for t in triples)
    data.canonicalize(ox.CanonicalizationAlgorithm.UNSTABLE)
    return {str(q) for q in data}


@pytest.mark.parametrize("query, message", [
    ("SELECT ?x WHERE {\n  ?x ?y }", r"^query: line 2, column"),
    ("SELECT * WHERE { ?s ?p ?o FILTER(<http://example.org/f>(?o)) }", r"^query: "),
], ids=["syntax", "unknown-function"])
def test_deadline_errors_in_the_child_are_one_line_as_in_process(query, message):
    store = _store()
    with pytest.raises(QueryError, match=message) as here:
        run_store(store, QueryText(query))
    with pytest.raises(QueryError, match=message) as there:
        run_store(store, QueryText(query), timeout=30)
    assert str(here.value) == str(there.value) and not isinstance(there.value, QueryTimeoutError)
