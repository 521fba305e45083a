"""Remote SPARQL stores, for real: an Oxigraph server and Virtuoso, through the Graph Store Protocol.

The same answers as the embedded store, idempotent loads, per-document replacement, and one-line
errors for refused connections, 401/403/404 and timeouts.
"""

from __future__ import annotations

import base64
import http.server
import shutil
import socket
import threading
import time

import pytest
from click.testing import CliRunner

from kg.cli import main
from kg.query.sparql import QueryError, QueryText, QueryTimeoutError, run_store, stored_queries
from kg.rdf.read import GraphFileError
from kg.store.remote import Endpoint, EndpointError, safe_url
from kg.store.embedded import graph_sizes
from tests.stores import GRAPH_PREFIX, LOOPBACK, ROOT, answers, free_port, opened

PASSWORD = "s3cret-Pa55"


def _cli(*args, env=None):
    result = CliRunner().invoke(main, [str(a) for a in args], env=env)
    assert "Traceback" not in result.output, result.output
    return result


# --- the same answers everywhere --------------------------------------------------------------

@pytest.mark.parametrize("name", [q.name for q in stored_queries()])
def test_remote_competency_answers_identical_to_embedded_store(remote, seed_store, name):
    params = {"person": "Jagmeet Singh"} if name == "person-timeline" else {}

    def embedded(q, p=None):
        with opened(seed_store, write=False) as store:
            return run_store(store, q, p)

    here = answers(embedded, name, **params)
    there = answers(remote.endpoint().query, name, **params)
    assert here, f"{name} has answers on the seed graph"
    assert sorted(map(sorted, (r.items() for r in there))) == sorted(map(sorted, (r.items() for r in here)))


def test_remote_raw_values_identical_to_embedded_store(remote, seed_store):
    """Not only the labelled tables: the IRIs and literal values themselves."""
    for q in stored_queries():
        params = {"person": "Jagmeet Singh"} if q.params else None
        with opened(seed_store, write=False) as store:
            here = run_store(store, QueryText(q.text), params)
        there = remote.endpoint().query(QueryText(q.text), params)
        assert here.variables == there.variables, q.name
        assert sorted(here.values()) == sorted(there.values()), q.name


# --- loading ----------------------------------------------------------------------------------

def test_remote_load_twice_leaves_the_triple_count_unchanged(remote, seed, seed_store):
    first = remote.count()
    report = remote.load(seed.trig)
    assert set(report.graphs.values()) == {"replaced"} and len(report.graphs) == 3
    assert remote.count() == first
    with opened(seed_store, write=False) as store:
        assert first == len(store)
        assert remote.graph_sizes() == graph_sizes(store)


def test_remote_cli_load_twice(remote, seed):
    args = ["load", seed.trig, "--endpoint", remote.load_url]
    first = _cli(*args, env=remote.env)
    assert first.exit_code == 0, first.output
    count = remote.count()
    second = _cli(*args, env=remote.env)
    assert second.exit_code == 0 and "3 graphs (3 replaced)" in second.output
    assert remote.count() == count
    assert "dba" not in first.output + second.output  # credentials are never printed


@pytest.mark.model
def test_remote_rebuild_after_one_article_changes_replaces_that_graph_only(remote, seed, tmp_path):
    from kg.engine.pipeline import build_corpus
    from kg.rdf.write import write_outputs

    articles = tmp_path / "articles"
    shutil.copytree(ROOT / "input", articles)
    changed = sorted(articles.iterdir())[0]
    changed.write_text(changed.read_text(encoding="utf-8") + "\n\nLater, Tom Reyes called Rui Costa a liar.\n",
                       encoding="utf-8")
    write_outputs(build_corpus([articles]).dataset, tmp_path / "out")
    before = remote.graph_sizes()
    remote.load(tmp_path / "out" / "graph.trig")
    after = remote.graph_sizes()
    graph = GRAPH_PREFIX + changed.stem
    assert set(after) == set(before)
    assert after[graph] > before[graph]
    assert {g: n for g, n in after.items() if g != graph} == {g: n for g, n in before.items() if g != graph}
    rows = remote.query(f"SELECT ?g WHERE {{ GRAPH ?g {{ ?p <http://www.w3.org/2000/01/rdf-schema#label> "
                        '"Tom Reyes" } }').values()
    assert {r[0] for r in rows} == {graph}


def test_remote_unparseable_file_sends_nothing(remote, tmp_path):
    bad = tmp_path / "bad.trig"
    bad.write_text('<http://example.org/g> { <http://example.org/a> <http://example.org/p> "x" . }\n'
                   '<http://example.org/h> { <http://example.org/a> <http://example.org/p> "y }\n')
    count = remote.query("SELECT (COUNT(*) AS ?n) WHERE { GRAPH ?g { ?s ?p ?o } }").values()
    with pytest.raises(GraphFileError, match=r"bad.trig: line 2"):
        remote.load(bad)
    assert remote.query("SELECT (COUNT(*) AS ?n) WHERE { GRAPH ?g { ?s ?p ?o } }").values() == count


def test_remote_injection_in_a_parameter_changes_nothing(remote):
    before = remote.count()
    assert answers(remote.endpoint().query, "person-timeline", person='"} ; DROP ALL ; {"') == []
    assert answers(remote.endpoint().query, "person-timeline", person="x' } } ; CLEAR ALL ; #") == []
    assert remote.count() == before


def test_remote_cli_query_endpoint(remote):
    result = _cli("query", "ejections", "--endpoint", remote.query_url)
    assert result.exit_code == 0, result.output
    assert "Anthony Rota" in result.output and "https://" not in result.output


def test_remote_malformed_query_is_the_servers_message(remote):
    with pytest.raises(QueryError, match="rejected the query"):
        remote.endpoint().query(QueryText("SELECT ?x WHERE {\n ?x ?y }"))
    result = _cli("query", "SELECT ?x WHERE {\n ?x ?y }", "--endpoint", remote.query_url)
    assert result.exit_code == 1 and "rejected the query" in result.output


# --- errors -----------------------------------------------------------------------------------

def test_remote_connection_refused(seed):
    url = f"http://127.0.0.1:{free_port()}/store"
    with pytest.raises(EndpointError, match="connection refused"):
        Endpoint(url).load_file(seed.trig)
    result = _cli("load", seed.trig, "--endpoint", url)
    assert result.exit_code == 1 and "cannot connect" in result.output and "connection refused" in result.output


def test_remote_404_says_which_endpoint_to_use(oxigraph_server, seed):
    url = oxigraph_server.load_url.replace("/store", "/no-such-path")
    with pytest.raises(EndpointError, match="404 Not Found.*Graph Store endpoint"):
        Endpoint(url).load_file(seed.trig)


def test_remote_virtuoso_401_without_or_with_wrong_credentials(virtuoso, seed):
    with pytest.raises(EndpointError, match="401 Unauthorized.*KG_ENDPOINT_USER"):
        Endpoint(virtuoso.load_url, environ={}).load_file(seed.trig)
    env = {"KG_ENDPOINT_USER": "dba", "KG_ENDPOINT_PASSWORD": PASSWORD}
    with pytest.raises(EndpointError, match="refused the credentials") as info:
        Endpoint(virtuoso.load_url, environ=env).load_file(seed.trig)
    assert PASSWORD not in str(info.value)
    result = _cli("load", seed.trig, "--endpoint", virtuoso.load_url, env=env)
    assert result.exit_code == 1 and "401" in result.output and PASSWORD not in result.output


def test_remote_virtuoso_digest_chosen_or_forced(virtuoso, seed):
    for mode in ("", "digest"):
        env = dict(virtuoso.env, KG_ENDPOINT_AUTH=mode)
        report = Endpoint(virtuoso.load_url, environ=env).load_file(seed.trig)
        assert len(report.graphs) == 3


def test_remote_403_read_only_server(seed_store, seed, tmp_path):
    from kg.store.serve import Server

    copy = tmp_path / "store"
    shutil.copytree(seed_store, copy)
    with Server(copy, bind=LOOPBACK) as server:
        with pytest.raises(EndpointError, match="403 Forbidden"):
            Endpoint(server.store_url).load_file(seed.trig)


class _Hang(threading.Thread):
    """A server that accepts connections and never answers."""

    def __init__(self):
        super().__init__(daemon=True)
        self.sock = socket.socket()
        self.sock.bind(("127.0.0.1", 0))
        self.sock.listen(8)
        self.port = self.sock.getsockname()[1]
        self.conns = []
        self.running = True

    def run(self):
        while self.running:
            try:
                conn, _ = self.sock.accept()
                self.conns.append(conn)
            except OSError:
                return

    def close(self):
        self.running = False
        for c in self.conns:
            c.close()
        self.sock.close()


def test_remote_timeouts(seed):
    hang = _Hang()
    hang.start()
    try:
        url = f"http://127.0.0.1:{hang.port}"
        started = time.monotonic()
        with pytest.raises(EndpointError, match=r"did not answer within 0.5 s"):
            Endpoint(url + "/store", timeout=0.5).load_file(seed.trig)
        with pytest.raises(QueryTimeoutError, match=r"did not answer within 0.5 s"):
            Endpoint(url + "/query").query(QueryText("ASK {}"), timeout=0.5)
        assert time.monotonic() - started < 10
        result = _cli("query", "ASK {}", "--endpoint", url + "/query", "--timeout", "0.5")
        assert result.exit_code == 1 and "did not answer within 0.5 s" in result.output
    finally:
        hang.close()


class _BasicAuthGraphStore(http.server.BaseHTTPRequestHandler):
    """The smallest Graph Store that wants HTTP basic auth (user 'kg', password PASSWORD)."""

    graphs: dict[str, bytes] = {}

    def do_PUT(self):  # noqa: N802 - http.server's naming
        expected = "Basic " + base64.b64encode(f"kg:{PASSWORD}".encode()).decode()
        body = self.rfile.read(int(self.headers.get("Content-Length", 0)))
        if self.headers.get("Authorization") != expected:
            self.send_response(401)
            self.send_header("WWW-Authenticate", 'Basic realm="test"')
            self.send_header("Content-Length", "0")
            self.end_headers()
            return
        existed = self.path in self.graphs
        self.graphs[self.path] = body
        self.send_response(204 if existed else 201)
        self.send_header("Content-Length", "0")
        self.end_headers()

    def log_message(self, *args):
        pass


@pytest.mark.parametrize("mode", ["", "basic"])
def test_remote_basic_auth(seed, mode):
    _BasicAuthGraphStore.graphs = {}
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), _BasicAuthGraphStore)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        url = f"http://127.0.0.1:{server.server_address[1]}/store"
        env = {"KG_ENDPOINT_USER": "kg", "KG_ENDPOINT_PASSWORD": PASSWORD, "KG_ENDPOINT_AUTH": mode}
        assert set(Endpoint(url, environ=env).load_file(seed.trig).graphs.values()) == {"new"}
        assert set(Endpoint(url, environ=env).load_file(seed.trig).graphs.values()) == {"replaced"}
        assert len(_BasicAuthGraphStore.graphs) == 3
        with pytest.raises(EndpointError, match="401"):
            Endpoint(url, environ={}).load_file(seed.trig)
    finally:
        server.shutdown()
        server.server_close()


def test_remote_bad_settings_are_clear():
    with pytest.raises(EndpointError, match="KG_ENDPOINT_AUTH"):
        Endpoint("http://127.0.0.1:1/store", environ={"KG_ENDPOINT_AUTH": "kerberos"})
    with pytest.raises(EndpointError, match="not an http"):
        Endpoint("ftp://example.org/store")
    assert safe_url("http://dba:dba@127.0.0.1:8890/sparql") == "http://127.0.0.1:8890/sparql"


@pytest.mark.model
def test_remote_cli_build_loads_into_an_endpoint(oxigraph_server, tmp_path):
    args = ["build", ROOT / "input", "--out", tmp_path, "--quiet", "--endpoint", oxigraph_server.load_url]
    result = _cli(*args)
    assert result.exit_code == 0, result.output
    assert f"-> {oxigraph_server.load_url}" in result.output and "3 graphs" in result.output
    count = oxigraph_server.count()
    assert _cli(*args).exit_code == 0 and oxigraph_server.count() == count
