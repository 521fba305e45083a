"""SERVICE and LOAD never fetch unless allowed (issue 36.4): kg decides on the parsed query, not on its
text (kg query, run_store, kg.Store). A canary listener of the test's own stands for a host inside the network; every query here
reaches it once fetching is allowed, so a refusal is what keeps it silent. `kg serve` is probed the
same way in tests/store/test_serve_security.py."""

from __future__ import annotations

from pathlib import Path

import pyoxigraph as ox
import pytest
from click.testing import CliRunner

from kg.cli import main
from kg.query.fetch import CHECK_LIMIT, FetchRefused, fetching
from kg.query.sparql import QueryError, QueryText, run_store
from tests.stores import NOT_FETCHING, SERVICE_QUERIES

TRIPLE = ox.Quad(ox.NamedNode("http://example.org/s"), ox.NamedNode("http://example.org/p"),
                 ox.NamedNode("http://example.org/o"), ox.NamedNode("http://example.org/g"))


def _store() -> ox.Store:
    store = ox.Store()
    store.add(TRIPLE)
    return store


def _text(name: str, canary) -> str:
    return SERVICE_QUERIES[name].replace("{url}", canary.url + "/sparql")


@pytest.mark.parametrize("name", list(SERVICE_QUERIES))
def test_fetch_library_refuses_service_and_nothing_is_fetched(canary, name):
    store, text = _store(), _text(name, canary)
    for timeout in (None, 10):
        with pytest.raises(QueryError, match="SERVICE.* fetch.* a URL") as info:
            run_store(store, QueryText(text), timeout=timeout)
        assert "allow_fetch=True" in str(info.value) and "\n" not in str(info.value)
    assert canary.seen == []
    run_store(store, QueryText(text), allow_fetch=True)  # allowed, it does fetch: the canary listens
    assert canary.seen


@pytest.mark.parametrize("name", ["dot-before", "escaped-hash-name", "in-subquery"])
def test_fetch_kg_store_refuses_service(canary, tmp_path, name):
    """The library's kg.Store.query, on disk and in memory, refuses the same way."""
    import kg

    for path in (None, tmp_path / "store"):
        with kg.Store(path) as store:
            store.load(_trig(tmp_path))
            with pytest.raises(kg.KgError, match="SERVICE"):
                store.query(_text(name, canary))
    assert canary.seen == []


def _trig(tmp_path: Path) -> Path:
    path = tmp_path / "one.trig"
    path.write_text(f"<{TRIPLE.graph_name.value}> {{ {TRIPLE.triple} . }}\n", encoding="utf-8")
    return path


@pytest.mark.parametrize("name", list(SERVICE_QUERIES))
def test_fetch_kg_query_refuses_service_on_a_store_and_on_files(canary, tmp_path, name):
    data = tmp_path / "one.nt"
    data.write_text(f"{TRIPLE.triple} .\n", encoding="utf-8")
    store_dir = tmp_path / "store"
    store = ox.Store(str(store_dir))
    store.add(TRIPLE)
    store.flush()
    del store
    text = _text(name, canary)
    for where in (["--data", str(data)], ["--store", str(store_dir)]):
        result = CliRunner().invoke(main, ["query", text, *where, "--format", "csv"])
        assert result.exit_code == 1, result.output
        assert "SERVICE" in result.output and "--allow-fetch" in result.output and "Traceback" not in result.output
        assert len(result.output.strip().splitlines()) == 1  # one line
    assert canary.seen == []
    result = CliRunner().invoke(main, ["query", text, "--data", str(data), "--format", "csv", "--allow-fetch"])
    assert canary.seen, result.output


@pytest.mark.parametrize("text", NOT_FETCHING)
def test_fetch_queries_that_only_name_service_or_load_run(text):
    assert len(run_store(_store(), QueryText(text)).rows) == 1


@pytest.mark.parametrize("text, update, found", [
    ("SELECT * WHERE { ?s ?p ?o }", False, None),                                      # not parsed at all
    ("SELECT ?load WHERE { ?load ?p 'SERVICE' }", False, None),
    ("SELECT * WHERE { ?s ?p ?o .SERVICE <http://x.test/> { } }", False, "SERVICE"),
    ("SELECT * WHERE { \\u0053ERVICE <http://x.test/> { } }", False, "SERVICE"),   # escapes undone first
    ("SELECT * WHERE { ?s ?p ?o MINUS { SERVICE SILENT <http://x.test/> { } } }", False, "SERVICE"),
    ("LOAD <http://x.test/g.nt>", True, "LOAD"),
    ("load silent <http://x.test/g.nt> into graph <http://example.org/g>", True, "LOAD"),
    ("INSERT DATA { <http://a.test/> <http://b.test/> 'download' } ;\nLOAD <http://x.test/g.nt>", True, "LOAD"),
    ("INSERT DATA { <http://a.test/> <http://b.test/> 'a payload' }", True, None),
    ("DELETE { ?s ?p ?o } WHERE { SERVICE <http://x.test/> { ?s ?p ?o } }", True, "SERVICE"),
], ids=["no-keyword", "names-only", "dot-before", "escaped", "in-minus", "load", "load-lower-silent",
        "load-after-insert", "insert-names-load", "service-in-update"])
def test_fetch_found_in_the_parse_tree(text, update, found):
    assert fetching(text, update=update) == found


@pytest.mark.parametrize("text", [
    "PREFIX ex: <http://example.org/> SELECT * WHERE { ?s ?p ex:a\\# . SERVICE <http://x.test/> { } }",
    "SELECT * WHERE { SERVICE <http://x.test/> { ",                                    # unfinished
    "SELECT * WHERE { " + "{ " * 2000 + "SERVICE <http://x.test/> { } " + "} " * 2000 + "}",  # too deep to parse
    "SELECT * WHERE { ?s ?p '" + "x" * CHECK_LIMIT + "' SERVICE <http://x.test/> { } }",       # too long to parse
], ids=["parser-disagrees", "unfinished", "deep", "long"])
def test_fetch_what_cannot_be_parsed_is_refused_when_it_names_service(text):
    with pytest.raises(FetchRefused, match="SERVICE or LOAD"):
        fetching(text)


def test_fetch_check_is_not_run_on_the_endpoint_client():
    """kg query --endpoint leaves SERVICE to the remote server (it is the one that would fetch)."""
    source = (Path(__file__).resolve().parents[2] / "kg" / "store" / "remote.py").read_text(encoding="utf-8")
    assert "refuse_fetching" not in source
