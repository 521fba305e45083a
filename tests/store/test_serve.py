"""`kg serve`: a SPARQL endpoint over the embedded store, read-only unless asked, stopped by Ctrl-C."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
import requests
from click.testing import CliRunner

from kg.cli import main
from kg.store.serve import Server, ServeError
from kg.store.embedded import SERVE_MARKER, NotAStoreError, StoreError, StoreLockedError
from tests.stores import LOOPBACK, answers, opened

COUNT = "SELECT (COUNT(*) AS ?n) WHERE { GRAPH ?g { ?s ?p ?o } }"


@pytest.fixture
def store_copy(seed_store, tmp_path) -> Path:
    copy = tmp_path / "store"
    shutil.copytree(seed_store, copy)
    return copy


def _count(url: str) -> int:
    resp = requests.post(url, data={"query": COUNT}, headers={"Accept": "text/csv"}, timeout=10)
    resp.raise_for_status()
    return int(resp.text.split()[-1])


def _cli(*args):
    result = CliRunner().invoke(main, [str(a) for a in args])
    assert "Traceback" not in result.output, result.output
    return result


def test_serve_answers_queries_over_http_and_refuses_updates(store_copy):
    with Server(store_copy, bind=LOOPBACK) as server:
        assert server.url.startswith("http://127.0.0.1:")
        n = _count(server.query_url)
        assert n > 100
        page = requests.get(server.url, timeout=10)
        assert page.status_code == 200 and "html" in page.headers["Content-Type"]
        update = requests.post(server.update_url, data={"update": "DROP ALL"}, timeout=10)
        assert update.status_code == 403
        put = requests.put(server.store_url + "?graph=http://example.org/g", data=b"<http://a> <http://b> <http://c> .",
                           headers={"Content-Type": "application/n-triples"}, timeout=10)
        assert put.status_code == 403
        assert _count(server.query_url) == n
        # the stored questions work there too: its default graph is the union of the document graphs
        from kg.store.remote import Endpoint

        rows = answers(Endpoint(server.query_url).query, "ejections")
        assert any(r["ejector"] == "Anthony Rota" for r in rows)
    assert not (store_copy / SERVE_MARKER).exists()


def test_serve_writable_accepts_updates_and_loads(store_copy, seed):
    with Server(store_copy, bind=LOOPBACK, writable=True) as server:
        n = _count(server.query_url)
        resp = requests.post(server.update_url, data={"update": "INSERT DATA { GRAPH <http://example.org/g> "
                                                                "{ <http://a> <http://b> <http://c> } }"},
                             headers={"Authorization": f"Bearer {server.token}"}, timeout=10)
        assert resp.status_code in (200, 204)
        assert _count(server.query_url) == n + 1
        resp = requests.post(server.update_url, data={"update": "DROP ALL"}, timeout=10)
        assert resp.status_code == 401  # no token
        result = _cli("load", seed.trig, "--endpoint", server.store_url)
        assert result.exit_code == 1 and "401" in result.output
        assert "KG_ENDPOINT_TOKEN" in result.output and "KG_ENDPOINT_USER" not in result.output  # the variable to set
        result = CliRunner().invoke(main, ["load", str(seed.trig), "--endpoint", server.store_url],
                                    env={"KG_ENDPOINT_TOKEN": server.token})
        assert result.exit_code == 0, result.output
        assert _count(server.query_url) == n + 1
        # it holds the store's lock: the embedded store cannot be opened meanwhile
        result = _cli("load", seed.trig, "--store", store_copy)
        assert result.exit_code == 1 and "locked" in result.output


def test_serve_read_only_keeps_loads_away_but_lets_queries_in(store_copy, seed):
    with Server(store_copy, bind=LOOPBACK):
        result = _cli("load", seed.trig, "--store", store_copy)
        assert result.exit_code == 1 and "being served by `kg serve`" in result.output
        result = _cli("query", "parties", "--store", store_copy)
        assert result.exit_code == 0 and "New Democratic Party" in result.output


def test_serve_refuses_what_is_not_a_store(tmp_path):
    folder = tmp_path / "docs"
    folder.mkdir()
    (folder / "a.txt").write_text("x")
    with pytest.raises(NotAStoreError):
        Server(folder, bind=LOOPBACK).start()
    with pytest.raises(StoreError, match="no store at"):
        Server(tmp_path / "missing", bind=LOOPBACK).start()
    result = _cli("serve", "--store", tmp_path / "missing", "--bind", LOOPBACK)
    assert result.exit_code == 1 and "no store at" in result.output


def test_serve_port_in_use_is_a_clear_error(store_copy):
    with Server(store_copy, bind=LOOPBACK) as server:
        with pytest.raises(ServeError, match="already in use"):
            Server(store_copy, bind=f"127.0.0.1:{server.port}").start()


def test_serve_refuses_a_store_another_process_writes(store_copy):
    holder = subprocess.Popen([sys.executable, "-c", f"import pyoxigraph, sys; s = pyoxigraph.Store({str(store_copy)!r});"
                               " print('ready', flush=True); sys.stdin.read()"],
                              stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout.readline().strip() == "ready"
        with pytest.raises(StoreLockedError):
            Server(store_copy, bind=LOOPBACK).start()
    finally:
        holder.stdin.close()
        holder.wait(10)


def test_serve_bad_bind():
    with pytest.raises(ServeError, match="HOST:PORT"):
        Server("x", bind="localhost")


def test_serve_command_prints_the_url_and_stops_cleanly_on_ctrl_c(store_copy):
    kg = Path(sys.executable).parent / "kg"
    proc = subprocess.Popen([str(kg), "serve", "--store", str(store_copy), "--bind", LOOPBACK],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        first = proc.stdout.readline()
        assert first.startswith(f"Serving {store_copy} (read-only) at http://127.0.0.1:"), (
            first + proc.stderr.read() if proc.poll() is not None else first)
        port = int(first.rsplit(":", 1)[1].strip().rstrip("/"))  # port 0: the system chose it, kg says which
        assert port > 0
        lines = [proc.stdout.readline() for _ in range(2)]
        assert f"http://127.0.0.1:{port}/query" in lines[0] and "Ctrl-C" in lines[1]
        assert _count(f"http://127.0.0.1:{port}/query") > 100
        server_pid = int((store_copy / SERVE_MARKER).read_text())
        assert server_pid == proc.pid  # kg answers itself: no other server process
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=20)
        assert proc.returncode == 0, err
        assert "Stopped." in out
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    assert not (store_copy / SERVE_MARKER).exists()
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline and _alive(server_pid):
        time.sleep(0.1)
    assert not _alive(server_pid), "the server process is gone"
    with pytest.raises(requests.ConnectionError):
        requests.get(f"http://127.0.0.1:{port}/", timeout=2)
    with opened(store_copy) as store:  # and the store is free again
        assert len(store) > 100


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    try:  # a zombie is not alive
        with open(f"/proc/{pid}/stat") as fh:
            return fh.read().split(")")[-1].split()[0] != "Z"
    except OSError:
        return False
