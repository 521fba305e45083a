"""`kg serve` against hostile requests (issue 17): cross-site writes, rebinding Host names, URL
fetches (SERVICE, LOAD), runaway queries. Every server here is a real one, started by the test
on loopback; the "remote" SPARQL endpoint a query might reach is a recorder of our own."""

from __future__ import annotations

import os
import shutil
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest
import requests
from click.testing import CliRunner

from kg.cli import main
from kg.store.serve import Server, ServeError
from tests.stores import free_port

COUNT = "SELECT (COUNT(*) AS ?n) WHERE { GRAPH ?g { ?s ?p ?o } }"
#: a five-way cross product of the store: never ends on the seed graph
RUNAWAY = "SELECT * WHERE { ?a ?b ?c . ?d ?e ?f . ?g ?h ?i . ?j ?k ?l . ?m ?n ?o }"


@pytest.fixture
def store_copy(seed_store, tmp_path) -> Path:
    copy = tmp_path / "store"
    shutil.copytree(seed_store, copy)
    return copy


def _count(url: str, **headers) -> int:
    resp = requests.post(url, data={"query": COUNT}, headers={"Accept": "text/csv", **headers}, timeout=30)
    resp.raise_for_status()
    return int(resp.text.split()[-1])


class _Recorder(BaseHTTPRequestHandler):
    """A stand-in for a host inside the network: it records every request that reaches it."""

    def do_GET(self):
        self.server.seen.append(self.path)
        body = b"<http://example.org/s> <http://example.org/p> <http://example.org/o> .\n"
        self.send_response(200)
        self.send_header("Content-Type", "application/n-triples")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    do_POST = do_GET

    def log_message(self, *args):
        pass


@pytest.fixture
def recorder():
    server = ThreadingHTTPServer(("127.0.0.1", 0), _Recorder)
    server.seen = []
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield server
    server.shutdown()
    server.server_close()


# -- 17.2 writes: a token, no foreign Origin, loopback only ----------------------------------------

@pytest.mark.parametrize("headers, status", [
    ({"Origin": "http://evil.example"}, 403),                          # the cross-site form of the issue
    ({"Origin": "http://evil.example", "Authorization": "Bearer {token}"}, 403),
    ({}, 401),                                                         # no token
    ({"Authorization": "Bearer wrong"}, 401),
    ({"Authorization": "Basic {token}"}, 401),
    ({"Authorization": "Bearer {token}", "Origin": "http://127.0.0.1:{port}"}, 204),  # the query page itself
    ({"Authorization": "Bearer {token}"}, 204),
], ids=["cross-site", "cross-site-with-token", "no-token", "wrong-token", "basic", "same-origin", "token"])
def test_serve_security_writes_need_the_token_and_no_foreign_origin(store_copy, headers, status):
    port = free_port()
    with Server(store_copy, bind=f"127.0.0.1:{port}", writable=True) as server:
        n = _count(server.query_url)
        headers = {k: v.format(token=server.token, port=port) for k, v in headers.items()}
        resp = requests.post(server.update_url, data={"update": "DROP ALL"}, headers=headers, timeout=30)
        assert resp.status_code == status, resp.text
        assert _count(server.query_url) == (0 if status == 204 else n)
        put = requests.put(server.store_url + "?graph=http://example.org/g", data=b"<http://a> <http://b> <http://c> .",
                           headers={"Content-Type": "application/n-triples", **headers}, timeout=30)
        assert put.status_code == (status if status != 204 else 201), put.text


def test_serve_security_token_comes_from_the_environment(store_copy, monkeypatch):
    monkeypatch.setenv("KG_SERVE_TOKEN", "an-invented-token")
    with Server(store_copy, bind=f"127.0.0.1:{free_port()}", writable=True) as server:
        assert server.token == "an-invented-token" and server.token_from_env
        ok = requests.post(server.update_url, data={"update": "CLEAR ALL"},
                           headers={"Authorization": "Bearer an-invented-token"}, timeout=30)
        assert ok.status_code == 204
    monkeypatch.delenv("KG_SERVE_TOKEN")
    one = Server(store_copy, bind=f"127.0.0.1:{free_port()}", writable=True)
    two = Server(store_copy, bind=f"127.0.0.1:{free_port()}", writable=True)
    assert len(one.token) >= 32 and one.token != two.token  # made at start, each time anew


@pytest.mark.parametrize("bind", ["0.0.0.0:{port}", "[::]:{port}", "192.0.2.7:{port}"])
def test_serve_security_writable_refuses_a_public_bind_unless_forced(store_copy, bind):
    bind = bind.format(port=free_port())
    with pytest.raises(ServeError, match="--allow-remote-writes"):
        Server(store_copy, bind=bind, writable=True)
    Server(store_copy, bind=bind, writable=True, allow_remote_writes=True)  # forced: accepted (not started)
    Server(store_copy, bind=bind)  # read-only: accepted
    result = CliRunner().invoke(main, ["serve", "--store", str(store_copy), "--bind", bind, "--writable"])
    assert result.exit_code == 1 and "--allow-remote-writes" in result.output and "Traceback" not in result.output


# -- 17.9 the Host header (DNS rebinding) ----------------------------------------------------------

@pytest.mark.parametrize("host, status", [
    ("127.0.0.1:{port}", 200), ("localhost:{port}", 200), ("LOCALHOST:{port}", 200), ("kg.test:{port}", 200),
    ("evil.example:{port}", 421), ("127.0.0.1:{other}", 421), ("127.0.0.1", 421), ("", 421),
], ids=["address", "localhost", "case", "extra-name", "rebinding", "other-port", "no-port", "empty"])
def test_serve_security_answers_only_for_its_own_host_names(store_copy, host, status):
    port = free_port()
    with Server(store_copy, bind=f"127.0.0.1:{port}", host_names=("kg.test",)) as server:
        resp = requests.post(server.query_url, data={"query": COUNT}, timeout=30,
                             headers={"Host": host.format(port=port, other=port + 1), "Accept": "text/csv"})
        assert resp.status_code == status, resp.text
        page = requests.get(server.url, headers={"Host": host.format(port=port, other=port + 1)}, timeout=30)
        assert page.status_code == status


# -- 17.3 SERVICE and LOAD --------------------------------------------------------------------------

@pytest.mark.parametrize("query", [
    "SELECT * WHERE { SERVICE <{url}> { ?s ?p ?o } }",
    "select * where { service silent <{url}> { ?s ?p ?o } }",
    "SELECT * WHERE { \\u0053ERVICE <{url}> { ?s ?p ?o } }",
], ids=["service", "lower-silent", "escaped"])
def test_serve_security_read_only_refuses_service(store_copy, recorder, query):
    url = f"http://127.0.0.1:{recorder.server_port}/sparql"
    text = query.replace("{url}", url)
    with Server(store_copy, bind=f"127.0.0.1:{free_port()}") as server:
        for send in (lambda: requests.post(server.query_url, data={"query": text}, timeout=30),
                     lambda: requests.get(server.query_url, params={"query": text}, timeout=30),
                     lambda: requests.post(server.query_url, data=text.encode(), timeout=30,
                                           headers={"Content-Type": "application/sparql-query"})):
            resp = send()
            assert resp.status_code == 403 and "SERVICE" in resp.text and "--allow-fetch" in resp.text
    assert recorder.seen == []


def test_serve_security_fetches_only_when_allowed(store_copy, recorder):
    """The same queries reach the recorder once --allow-fetch is given: the refusal is what stops them."""
    url = f"http://127.0.0.1:{recorder.server_port}/data.nt"
    with Server(store_copy, bind=f"127.0.0.1:{free_port()}", writable=True) as server:
        auth = {"Authorization": f"Bearer {server.token}"}
        resp = requests.post(server.update_url, data={"update": f"LOAD <{url}> INTO GRAPH <http://example.org/g>"},
                             headers=auth, timeout=30)
        assert resp.status_code == 403 and "LOAD" in resp.text
        assert requests.post(server.query_url, data={"query": "SELECT ?service WHERE { ?service ?p ?o } LIMIT 1"},
                             timeout=30).status_code == 200  # a variable named ?service is no SERVICE
    assert recorder.seen == []
    with Server(store_copy, bind=f"127.0.0.1:{free_port()}", writable=True, allow_fetch=True) as server:
        auth = {"Authorization": f"Bearer {server.token}"}
        resp = requests.post(server.update_url, data={"update": f"LOAD <{url}> INTO GRAPH <http://example.org/g>"},
                             headers=auth, timeout=30)
        assert resp.status_code == 204, resp.text
    assert recorder.seen == ["/data.nt"]


# -- 17.4 a query past the timeout ------------------------------------------------------------------

def _cpu_seconds(pid: int) -> float | None:
    try:
        with open(f"/proc/{pid}/stat") as fh:
            fields = fh.read().split(")")[-1].split()
    except OSError:
        return None
    if fields[0] == "Z":
        return None
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def test_serve_security_timeout_stops_the_query_and_answers_an_error(store_copy):
    with Server(store_copy, bind=f"127.0.0.1:{free_port()}", timeout=2) as server:
        n = _count(server.query_url)
        running = server.process.pid
        started = time.monotonic()
        resp = requests.post(server.query_url, data={"query": RUNAWAY}, headers={"Accept": "text/csv"}, timeout=60)
        took = time.monotonic() - started
        assert resp.status_code == 503 and "longer than 2 s" in resp.text
        assert took < 10, took
        time.sleep(0.5)
        assert _cpu_seconds(running) is None, "the query's process is gone, not burning CPU"
        assert _count(server.query_url) == n  # and the server answers again


def test_serve_security_timeout_also_when_the_client_leaves(store_copy):
    with Server(store_copy, bind=f"127.0.0.1:{free_port()}", timeout=2) as server:
        running = server.process.pid
        with pytest.raises(requests.Timeout):
            requests.post(server.query_url, data={"query": RUNAWAY}, timeout=(5, 0.5))
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline and _cpu_seconds(running) is not None:
            time.sleep(0.2)
        assert _cpu_seconds(running) is None, "the query went on after the client left"
        assert _count(server.query_url) > 0
