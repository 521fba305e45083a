"""`kg serve`'s one door (issue 36.3 and 36.6): one listening port, nothing behind it that takes
requests of its own; an HTTP/1.1 server that survives malformed requests, refuses a negative
Content-Length and bodies over the cap, and closes a stalled connection; the project's prefixes
declared over HTTP as in `kg query`. Every server is a real one on loopback port 0, probed with
raw sockets where a client library would tidy the request up."""

from __future__ import annotations

import http.client
import os
import shutil
import socket
import time
from pathlib import Path
from urllib.parse import quote

import pytest
import requests

from kg.query.sparql import PREFIXES, QueryText, run_store
from kg.store.gateway import MAX_BODY_BYTES, MAX_QUERY_BYTES
from kg.store.serve import Server
from tests.stores import LOOPBACK, opened

ASK = "/query?query=" + quote("ASK { ?s ?p ?o }")


@pytest.fixture
def store_copy(seed_store, tmp_path) -> Path:
    copy = tmp_path / "store"
    shutil.copytree(seed_store, copy)
    return copy


def _descendants(pid: int) -> list[int]:
    found, todo = [], [pid]
    while todo:
        for task in Path(f"/proc/{todo.pop()}/task").glob("*"):
            try:
                children = [int(c) for c in (task / "children").read_text().split()]
            except OSError:
                continue
            found += children
            todo += children
    return found


def _listening_ports() -> set[int]:
    """The TCP ports this process and every process it started listen on."""
    inodes = set()
    for pid in [os.getpid(), *_descendants(os.getpid())]:
        try:
            fds = list(Path(f"/proc/{pid}/fd").iterdir())
        except OSError:
            continue
        for fd in fds:
            try:
                link = os.readlink(fd)
            except OSError:
                continue
            if link.startswith("socket:["):
                inodes.add(link[8:-1])
    ports = set()
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        for line in Path(table).read_text().splitlines()[1:]:
            fields = line.split()
            if fields[3] == "0A" and fields[9] in inodes:  # 0A: LISTEN
                ports.add(int(fields[1].rsplit(":", 1)[1], 16))
    return ports


def _exchange(port: int, data: bytes, *, close_write: bool = False, timeout: float = 15) -> bytes:
    """Send raw bytes to the server; what it answers until it closes or goes quiet (a first answer at least)."""
    with socket.create_connection(("127.0.0.1", port), timeout=timeout) as sock:
        sock.sendall(data)
        if close_write:
            sock.shutdown(socket.SHUT_WR)
        chunks = []
        sock.settimeout(timeout)
        try:
            while chunk := sock.recv(65536):
                chunks.append(chunk)
                if b"\r\n\r\n" in b"".join(chunks):
                    sock.settimeout(0.5)  # the rest of this answer, not a wait for the connection to close
        except (TimeoutError, ConnectionResetError):
            pass
    return b"".join(chunks)


def _status(answer: bytes) -> int:
    assert answer.startswith(b"HTTP/1."), answer[:200]
    return int(answer.split(b" ", 2)[1])


def _alive(server: Server) -> None:
    resp = requests.get(server.url + ASK[1:], headers={"Accept": "application/sparql-results+json"}, timeout=15)
    assert resp.status_code == 200 and resp.json()["boolean"] is True


@pytest.mark.parametrize("writable", [False, True], ids=["read-only", "writable"])
def test_serve_front_listens_on_one_port_only(store_copy, writable):
    """Nothing but the front reaches the store: the server opens exactly one listening socket, its own."""
    before = _listening_ports()
    with Server(store_copy, bind=LOOPBACK, writable=writable) as server:
        opened_now = _listening_ports() - before
        assert opened_now == {server.port}, f"listening on {sorted(opened_now)}, should be {server.port} only"
        _alive(server)
        # the service description a SPARQL server may give names no other port either
        described = requests.get(server.query_url, headers={"Accept": "text/turtle"}, timeout=15).text
        assert all(str(p) not in described for p in opened_now - {server.port})


def test_serve_front_binds_port_zero_and_says_which_port(store_copy):
    with Server(store_copy, bind=LOOPBACK) as one, Server(store_copy, bind=LOOPBACK) as two:
        assert one.port > 0 and two.port > 0 and one.port != two.port
        assert one.url == f"http://127.0.0.1:{one.port}/"
        _alive(one)
        _alive(two)


@pytest.mark.parametrize("target", [b"x", b"query", b"http://evil.example/query?query=ASK%7B%7D", b"*",
                                    b"//evil.example/query"], ids=["x", "relative", "absolute", "star", "authority"])
def test_serve_front_a_target_that_is_no_path_gets_400_and_the_server_lives(store_copy, target):
    with Server(store_copy, bind=LOOPBACK) as server:
        host = f"127.0.0.1:{server.port}".encode()
        answer = _exchange(server.port, b"GET " + target + b" HTTP/1.1\r\nHost: " + host + b"\r\n\r\n")
        assert _status(answer) == 400, answer[:300]
        assert b"Traceback" not in answer
        _alive(server)
        for _ in range(3):  # and again: it does not die on the second either
            _exchange(server.port, b"GET " + target + b" HTTP/1.1\r\nHost: " + host + b"\r\n\r\n")
        _alive(server)


@pytest.mark.parametrize("length", [b"-1", b"-100", b"+5", b"1e3", b"0x10", b"5, 5"])
def test_serve_front_refuses_a_content_length_that_is_no_count(store_copy, length):
    """A negative Content-Length once meant 'read to the end', past the body cap."""
    with Server(store_copy, bind=LOOPBACK) as server:
        request = (b"POST /query HTTP/1.1\r\nHost: 127.0.0.1:%d\r\nContent-Type: application/x-www-form-urlencoded\r\n"
                   b"Content-Length: %s\r\n\r\nquery=ASK%%7B%%7D" % (server.port, length))
        answer = _exchange(server.port, request, close_write=True)
        assert _status(answer) == 400, answer[:300]
        _alive(server)


def test_serve_front_refuses_bodies_over_the_cap(store_copy):
    with Server(store_copy, bind=LOOPBACK, writable=True) as server:
        head = (b"Host: 127.0.0.1:%d\r\nAuthorization: Bearer %s\r\n" % (server.port, server.token.encode()))
        for path in (b"/store?graph=http://example.org/g", b"/query", b"/update"):
            request = (b"POST " + path + b" HTTP/1.1\r\n" + head + b"Content-Type: application/n-triples\r\n"
                       b"Content-Length: %d\r\n\r\n" % (MAX_BODY_BYTES + 1))
            started = time.monotonic()
            answer = _exchange(server.port, request + b"x" * 1000)  # refused before the body comes
            assert _status(answer) == 413, answer[:300]
            assert time.monotonic() - started < 10
        # a query or update longer than its own cap (below the body's) is refused once read
        query = b"query=" + b"x" * (MAX_QUERY_BYTES + 1)
        request = (b"POST /query HTTP/1.1\r\n" + head + b"Content-Type: application/x-www-form-urlencoded\r\n"
                   b"Content-Length: %d\r\n\r\n" % len(query))
        assert _status(_exchange(server.port, request + query)) == 413
        _alive(server)


def test_serve_front_closes_a_stalled_connection_without_holding_a_thread(store_copy):
    with Server(store_copy, bind=LOOPBACK, read_timeout=1) as server:
        stalled = []
        for n in range(20):  # more than the server has threads
            sock = socket.create_connection(("127.0.0.1", server.port), timeout=10)
            sock.sendall(b"GET /query?query=ASK" if n % 2 else
                         b"POST /query HTTP/1.1\r\nHost: 127.0.0.1:%d\r\nContent-Length: 100\r\n\r\nquery=" % server.port)
            stalled.append(sock)
        try:
            _alive(server)  # answered meanwhile
            started = time.monotonic()
            for sock in stalled:
                try:
                    while sock.recv(65536):  # the server says nothing, then closes (a TimeoutError if it does not)
                        pass
                except ConnectionResetError:
                    pass
            assert time.monotonic() - started < 8, "every stalled connection was closed by the server"
        finally:
            for sock in stalled:
                sock.close()
        _alive(server)


def test_serve_front_speaks_http_1_1_keep_alive_and_head(store_copy):
    with Server(store_copy, bind=LOOPBACK) as server:
        conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=15)
        try:
            conn.request("GET", ASK, headers={"Accept": "text/csv"})
            first = conn.getresponse()
            assert first.status == 200 and first.version == 11 and not first.will_close
            assert first.read().strip() == b"true"
            sock = conn.sock
            conn.request("HEAD", "/")
            head = conn.getresponse()
            assert head.status == 200 and int(head.headers["Content-Length"]) > 100 and head.read() == b""
            assert "text/html" in head.headers["Content-Type"]
            conn.request("GET", ASK, headers={"Accept": "text/csv"})
            again = conn.getresponse()
            assert again.status == 200 and again.read().strip() == b"true"
            assert conn.sock is sock, "the three requests went over one connection"
        finally:
            conn.close()


def test_serve_front_declares_the_prefixes_kg_query_does(store_copy):
    """kg: (and person:, rdfs:, ...) work over HTTP exactly as in kg query: both go through one function."""
    text = "SELECT ?p WHERE { ?p a kg:Person ; rdfs:label ?name } ORDER BY ?p LIMIT 5"
    with opened(store_copy, write=False) as store:
        here = [r[0] for r in run_store(store, QueryText(text)).values()]
    assert here
    with Server(store_copy, bind=LOOPBACK) as server:
        resp = requests.get(server.query_url, params={"query": text}, headers={"Accept": "text/csv"}, timeout=15)
        assert resp.status_code == 200, resp.text
        assert resp.text.split()[1:] == [str(x) for x in here]
        for prefix in PREFIXES:
            ask = f"ASK {{ BIND({prefix}:x AS ?x) }}"
            resp = requests.get(server.query_url, params={"query": ask}, timeout=15)
            assert resp.status_code == 200, f"{prefix}: {resp.text}"


def test_serve_front_page_is_static_and_locked_down(store_copy):
    with Server(store_copy, bind=LOOPBACK) as server:
        plain = requests.get(server.url, timeout=15)
        probed = requests.get(server.url + "?q=<script>alert(1)</script>", timeout=15)
        assert plain.status_code == probed.status_code == 200
        assert plain.content == probed.content and b"<script>alert" not in probed.content
        policy = plain.headers["Content-Security-Policy"]
        assert "default-src 'none'" in policy and "unsafe-inline" not in policy
        assert plain.headers["X-Content-Type-Options"] == "nosniff"
        error = requests.get(server.query_url, params={"query": "SELECT <script> WHERE {"}, timeout=15)
        assert error.status_code == 400 and error.headers["Content-Type"].startswith("text/plain")
        assert len(error.text.strip().splitlines()) == 1
