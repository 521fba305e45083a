"""kg query's pages (issue 18): the table shows the first rows and how many follow; --limit/--offset page
on; the store is asked for the page only (LIMIT/OFFSET after the query's own modifiers)."""

from __future__ import annotations

import re

import pytest
from click.testing import CliRunner

from kg.cli import main
from kg.query.sparql import QueryText, count_store, page_of, resolve, run_store
from kg.query.syntax import counted, paged
from tests.stores import opened

#: one row per (document, sentence): more rows than a small page on the seeds
SENTENCES = "SELECT ?s ?t WHERE { ?s a kg:Sentence ; nif:anchorOf ?t } ORDER BY ?s"


def _cli(*args):
    result = CliRunner().invoke(main, [str(a) for a in args])
    assert "Traceback" not in result.output, result.output
    return result


@pytest.mark.parametrize("text, expected", [
    ("SELECT * WHERE { ?s ?p ?o }", "SELECT * WHERE { ?s ?p ?o }\nLIMIT 6 OFFSET 5"),
    ("SELECT * WHERE { ?s ?p ?o } ORDER BY ?s # sorted\n", "SELECT * WHERE { ?s ?p ?o } ORDER BY ?s # sorted\n\nLIMIT 6 OFFSET 5"),
    ("SELECT * WHERE { ?s ?p ?o } LIMIT 3", None),  # its own LIMIT: the page is cut from its rows
    ("SELECT * WHERE { ?s ?p ?o } OFFSET 3", None),
    ("SELECT * WHERE { ?s ?p ?o } VALUES ?s { <http://example.org/a> }", None),
    ("SELECT * WHERE { { SELECT ?s WHERE { ?s ?p ?o } LIMIT 2 } }", "SELECT * WHERE { { SELECT ?s WHERE { ?s ?p ?o } "
                                                                  "LIMIT 2 } }\nLIMIT 6 OFFSET 5"),
    ("ASK { ?s ?p ?o }", None),
    ("CONSTRUCT WHERE { ?s ?p ?o }", None),
])
def test_query_paged_adds_limit_only_where_it_can(text, expected):
    assert paged(text, 5, 6) == expected


@pytest.mark.parametrize("text, counts", [
    ("PREFIX ex: <http://example.org/>\nSELECT ?s WHERE { ?s ex:p ?o } ORDER BY ?s", True),
    ("SELECT ?s FROM <http://example.org/g> WHERE { ?s ?p ?o }", False),  # a subquery cannot take FROM
    ("ASK { ?s ?p ?o }", False),
])
def test_query_counted_wraps_the_select(text, counts):
    wrapped = counted(text)
    assert (wrapped is not None) == counts
    if counts:
        assert wrapped.startswith("PREFIX ex:") and "SELECT (COUNT(*) AS ?kgRows) WHERE {\nSELECT ?s" in wrapped


def test_query_pages_cover_the_answer_once(seed_store):
    q = QueryText(SENTENCES)
    with opened(seed_store, write=False) as store:
        whole = run_store(store, q).values()
        pages, offset = [], 0
        while True:
            page = run_store(store, q, offset=offset, limit=7)
            pages += page.values()
            if not page.more:
                break
            offset += 7
        assert pages == whole and len(whole) > 14
        assert count_store(store, q) == len(whole)
        assert count_store(store, resolve("person-timeline"), {"person": "jagmeet singh"}) == len(
            run_store(store, resolve("person-timeline"), {"person": "jagmeet singh"}).rows) > 0


def test_query_page_of_cuts_a_whole_answer(seed_store):
    with opened(seed_store, write=False) as store:
        whole = run_store(store, QueryText(SENTENCES))
    page = page_of(whole, 3, 4)
    assert page.values() == whole.values()[3:7] and page.total == len(whole.rows) and page.more


def test_query_table_shows_a_page_and_how_many_more(seed_store):
    with opened(seed_store, write=False) as store:
        total = len(run_store(store, QueryText(SENTENCES)).rows)
    result = _cli("query", SENTENCES, "--store", seed_store, "--limit", 5)
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert len(lines) == 2 + 5 + 1 and lines[-1] == f"(rows 1-5 of {total}; {total - 5} more: --offset 5)"
    last = _cli("query", SENTENCES, "--store", seed_store, "--limit", 5, "--offset", total - 2).output.splitlines()
    assert len(last) == 2 + 2 + 1 and last[-1] == f"(rows {total - 1}-{total} of {total})"
    everything = _cli("query", SENTENCES, "--store", seed_store, "--limit", 0).output.splitlines()
    assert everything[-1] == f"({total} rows)" and len(everything) == 2 + total + 1


def test_query_table_pages_by_default_and_other_formats_do_not(seed_store):
    many = "SELECT ?s ?p ?o WHERE { ?s ?p ?o }"
    table = _cli("query", many, "--store", seed_store).output.splitlines()
    assert len(table) == 2 + 50 + 1 and re.fullmatch(r"\(rows 1-50 of [\d,]+; [\d,]+ more: --offset 50\)", table[-1])
    csv = _cli("query", many, "--store", seed_store, "--format", "csv").output.splitlines()
    assert len(csv) > 1000  # every triple of the seeds
    assert len(_cli("query", many, "--store", seed_store, "--format", "csv", "--limit", 3).output.splitlines()) == 4


def test_query_limit_must_not_be_negative(seed_store):
    result = _cli("query", "ejections", "--store", seed_store, "--limit", -1)
    assert result.exit_code == 2 and "--limit" in result.output
