"""`kg serve` against hostile requests (issues 17 and 36): cross-site writes, rebinding Host names, URL
fetches (SERVICE, LOAD), runaway queries. Every server here is a real one, started by the test
on loopback port 0 (the system picks a free port as it binds: no race for it); the "remote"
SPARQL endpoint a query might reach is a canary listener of our own (tests/stores.py)."""

from __future__ import annotations

import os
import shutil
import threading
import time
from pathlib import Path

import pytest
import requests
from click.testing import CliRunner

from kg.cli import main
from kg.store.serve import Server, ServeError
from tests.stores import LOOPBACK, NOT_FETCHING, SERVICE_QUERIES

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
    with Server(store_copy, bind=LOOPBACK, writable=True) as server:
        n = _count(server.query_url)
        headers = {k: v.format(token=server.token, port=server.port) for k, v in headers.items()}
        resp = requests.post(server.update_url, data={"update": "DROP ALL"}, headers=headers, timeout=30)
        assert resp.status_code == status, resp.text
        assert _count(server.query_url) == (0 if status == 204 else n)
        put = requests.put(server.store_url + "?graph=http://example.org/g", data=b"<http://a> <http://b> <http://c> .",
                           headers={"Content-Type": "application/n-triples", **headers}, timeout=30)
        assert put.status_code == (status if status != 204 else 201), put.text


def test_serve_security_token_comes_from_the_environment(store_copy, monkeypatch):
    monkeypatch.setenv("KG_SERVE_TOKEN", "an-invented-token")
    with Server(store_copy, bind=LOOPBACK, writable=True) as server:
        assert server.token == "an-invented-token" and server.token_from_env
        ok = requests.post(server.update_url, data={"update": "CLEAR ALL"},
                           headers={"Authorization": "Bearer an-invented-token"}, timeout=30)
        assert ok.status_code == 204
    monkeypatch.delenv("KG_SERVE_TOKEN")
    one = Server(store_copy, bind=LOOPBACK, writable=True)
    two = Server(store_copy, bind=LOOPBACK, writable=True)
    assert len(one.token) >= 32 and one.token != two.token  # made at start, each time anew


@pytest.mark.parametrize("bind", ["0.0.0.0:{port}", "[::]:{port}", "192.0.2.7:{port}"])
def test_serve_security_writable_refuses_a_public_bind_unless_forced(store_copy, bind):
    bind = bind.format(port=7878)  # none of these servers is started
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
    with Server(store_copy, bind=LOOPBACK, host_names=("kg.test",)) as server:
        port = server.port
        resp = requests.post(server.query_url, data={"query": COUNT}, timeout=30,
                             headers={"Host": host.format(port=port, other=port + 1), "Accept": "text/csv"})
        assert resp.status_code == status, resp.text
        page = requests.get(server.url, headers={"Host": host.format(port=port, other=port + 1)}, timeout=30)
        assert page.status_code == status


# -- 17.3 and 36.4 SERVICE and LOAD: decided on the parsed query --------------------------------------

def _sends(server, text: str):
    """The three ways to send a query: GET, a form POST, a POST of application/sparql-query."""
    return (lambda: requests.get(server.query_url, params={"query": text}, timeout=30),
            lambda: requests.post(server.query_url, data={"query": text}, timeout=30),
            lambda: requests.post(server.query_url, data=text.encode(), timeout=30,
                                  headers={"Content-Type": "application/sparql-query"}))


@pytest.mark.parametrize("name", list(SERVICE_QUERIES) + ["escaped"])
def test_serve_security_refuses_service_however_written(store_copy, canary, name):
    escaped = "SELECT * WHERE { \\u0053ERVICE <{url}> { ?s ?p ?o } }"  # Oxigraph rejects it; refused all the same
    text = (SERVICE_QUERIES.get(name) or escaped).replace("{url}", canary.url + "/sparql")
    with Server(store_copy, bind=LOOPBACK) as server:
        for send in _sends(server, text):
            resp = send()
            assert resp.status_code == 403, resp.text
            assert "SERVICE" in resp.text and "--allow-fetch" in resp.text and len(resp.text.splitlines()) == 1
    assert canary.seen == []
    if name != "escaped":
        with Server(store_copy, bind=LOOPBACK, allow_fetch=True) as server:
            requests.get(server.query_url, params={"query": text}, timeout=30)
        assert canary.seen, "allowed, the same query reaches the canary: the refusal is what kept it silent"


@pytest.mark.parametrize("text", NOT_FETCHING)
def test_serve_security_queries_that_only_name_service_run(store_copy, text):
    with Server(store_copy, bind=LOOPBACK) as server:
        resp = requests.get(server.query_url, params={"query": text}, timeout=30)
        assert resp.status_code == 200, resp.text


#: updates that make Oxigraph fetch {url}
LOAD_UPDATES = {
    "load": "LOAD <{url}/data.nt> INTO GRAPH <http://example.org/g>",
    "lower-silent": "load silent <{url}/data.nt>",
    "after-insert": "INSERT DATA { <http://example.org/a> <http://example.org/b> 'c' } ;LOAD <{url}/data.nt>",
    "escaped-hash": "PREFIX ex: <http://example.org/> INSERT DATA { ex:a ex:b ex:c\\# } ; LOAD <{url}/data.nt>",
    "service-in-where": "INSERT { <http://example.org/a> <http://example.org/b> 'c' } WHERE "
                        "{ SERVICE <{url}/sparql> { } }",
}


@pytest.mark.parametrize("name", list(LOAD_UPDATES))
def test_serve_security_fetches_only_when_allowed(store_copy, canary, name):
    """An update that fetches is refused even with the token; with --allow-fetch the same one reaches the canary."""
    update = LOAD_UPDATES[name].replace("{url}", canary.url)
    with Server(store_copy, bind=LOOPBACK, writable=True) as server:
        auth = {"Authorization": f"Bearer {server.token}"}
        resp = requests.post(server.update_url, data={"update": update}, headers=auth, timeout=30)
        assert resp.status_code == 403 and ("LOAD" in resp.text or "SERVICE" in resp.text), resp.text
        resp = requests.post(server.update_url, data=update.encode(), timeout=30,
                             headers={**auth, "Content-Type": "application/sparql-update"})
        assert resp.status_code == 403, resp.text
    assert canary.seen == []
    with Server(store_copy, bind=LOOPBACK, writable=True, allow_fetch=True) as server:
        auth = {"Authorization": f"Bearer {server.token}"}
        resp = requests.post(server.update_url, data={"update": update}, headers=auth, timeout=30)
        assert resp.status_code == 204, resp.text
    assert canary.seen


# -- 17.4 a query past the timeout ------------------------------------------------------------------

def _query_children() -> list[int]:
    """The live processes this one forked to run a query (named kg-query), not zombies."""
    found = []
    for task in Path(f"/proc/{os.getpid()}/task").iterdir():
        try:
            pids = (task / "children").read_text().split()
        except OSError:
            continue
        for pid in pids:
            try:
                comm = Path(f"/proc/{pid}/comm").read_text().strip()
                state = Path(f"/proc/{pid}/stat").read_text().split(")")[-1].split()[0]
            except OSError:
                continue
            if comm == "kg-query" and state != "Z":
                found.append(int(pid))
    return found


def _wait_no_query_children(seconds: float) -> list[int]:
    deadline = time.monotonic() + seconds
    while _query_children() and time.monotonic() < deadline:
        time.sleep(0.1)
    return _query_children()


def test_serve_security_timeout_stops_the_query_and_answers_an_error(store_copy):
    with Server(store_copy, bind=LOOPBACK, timeout=2) as server:
        n = _count(server.query_url)
        started = time.monotonic()
        resp = requests.post(server.query_url, data={"query": RUNAWAY}, headers={"Accept": "text/csv"}, timeout=60)
        took = time.monotonic() - started
        assert resp.status_code == 503 and "longer than 2 s" in resp.text
        assert took < 10, took
        assert _wait_no_query_children(5) == [], "the query's process is gone, not burning CPU"
        assert _count(server.query_url) == n  # and the server answers again


def test_serve_security_timeout_also_when_the_client_leaves(store_copy):
    with Server(store_copy, bind=LOOPBACK, timeout=2) as server:
        with pytest.raises(requests.Timeout):
            requests.post(server.query_url, data={"query": RUNAWAY}, timeout=(5, 0.5))
        assert _query_children(), "the query runs in a child of the server's process"
        assert _wait_no_query_children(10) == [], "the query went on after the client left"
        assert _count(server.query_url) > 0


def _sockets_of(pid: int) -> list[str]:
    links = []
    for fd in Path(f"/proc/{pid}/fd").iterdir():
        try:
            links.append(os.readlink(fd))
        except OSError:
            pass
    return [link for link in links if link.startswith("socket:")]


def test_serve_security_a_query_s_process_holds_no_socket_and_stop_kills_it(store_copy):
    """A query's child lets go of the sockets it inherits (the listening one, the clients'), and
    stopping the server kills it: the port is free at once, though the query had 60 s to run."""
    server = Server(store_copy, bind=LOOPBACK, timeout=60).start()
    port = server.port
    client = threading.Thread(target=_ask_runaway, args=(server.query_url,), daemon=True)
    try:
        client.start()
        deadline = time.monotonic() + 15
        while not _query_children() and time.monotonic() < deadline:
            time.sleep(0.05)
        child = _query_children()[0]
        while _sockets_of(child) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert _sockets_of(child) == [], "the query's process holds no socket"
        started = time.monotonic()
        server.stop()
        assert time.monotonic() - started < 8
        assert _wait_no_query_children(5) == []
    finally:
        server.stop()
    with Server(store_copy, bind=f"127.0.0.1:{port}") as again:  # the port is free again
        assert _count(again.query_url) > 0
    client.join(30)


def _ask_runaway(url: str) -> None:
    try:
        requests.post(url, data={"query": RUNAWAY}, timeout=(5, 90))
    except requests.RequestException:
        pass  # the server stopped under it
