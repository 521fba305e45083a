"""Fixtures for the store tests (loaded as a plugin: ``-p tests.stores`` in pyproject.toml).

- ``seed``: the seed articles built once per session (kg.engine.pipeline.build_corpus + kg.rdf.write.write_outputs).
- ``seed_store``: an embedded store holding the seed graph (a folder; open it with ``opened``).
- ``oxigraph_server``: an Oxigraph server on a free port and a temp folder, as a team would run it.
- ``virtuoso``: Virtuoso on free ports (HTTP and SQL, 127.0.0.1 only) with a temp database;
  skipped, with the reason, only when ``virtuoso-t`` is not installed (``make test`` installs it).

Every process started here is stopped in the fixture's teardown.
"""

from __future__ import annotations

import contextlib
import os
import threading
import shutil
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
GRAPH_PREFIX = "https://w3id.org/kg-news/id/graph/"
COUNT = ("SELECT (COUNT(*) AS ?n) WHERE { GRAPH ?g { ?s ?p ?o } "
         f'FILTER(STRSTARTS(STR(?g), "{GRAPH_PREFIX}")) }}')
GRAPH_SIZES = ("SELECT ?g (COUNT(*) AS ?n) WHERE { GRAPH ?g { ?s ?p ?o } "
               f'FILTER(STRSTARTS(STR(?g), "{GRAPH_PREFIX}")) }} GROUP BY ?g')


#: where the tests' `kg serve` servers listen: port 0, so the system picks a free port as it binds
#: (no race with another process taking a port found free a moment before); ``server.port`` says which
LOOPBACK = "127.0.0.1:0"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def oxigraph_program() -> str:
    """The Oxigraph server program (PyPI ``oxigraph``, a test dependency) beside this Python, else on PATH."""
    beside = Path(sys.executable).parent / "oxigraph"
    if beside.is_file() and os.access(beside, os.X_OK):
        return str(beside)
    found = shutil.which("oxigraph")
    if not found:
        pytest.skip("the Oxigraph server program `oxigraph` is not installed (pip install oxigraph; make install does)")
    return found


def wait_http(url: str, proc: subprocess.Popen, seconds: float, log: Path | None = None) -> None:
    """Wait until ``url`` answers (any status below 500) or fail with the server's log."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            break
        try:
            with urllib.request.urlopen(url, timeout=2):
                return
        except urllib.error.HTTPError as err:
            if err.code < 500:
                return
        except OSError:
            pass
        time.sleep(0.2)
    tail = log.read_text(errors="replace")[-2000:] if log and log.exists() else ""
    stop(proc)
    pytest.fail(f"server at {url} did not start (status {proc.poll()}):\n{tail}")


def stop(proc: subprocess.Popen, seconds: float = 15) -> None:
    if proc.poll() is None:
        proc.terminate()
        try:
            proc.wait(seconds)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


class _Canary(BaseHTTPRequestHandler):
    """A stand-in for a host inside the network: it records every request that reaches it, and answers
    a SPARQL query (``/sparql``) with one empty solution, anything else with one triple."""

    def do_GET(self):
        self.server.seen.append(self.path)
        if self.path.startswith("/sparql"):
            body, media = b'{"head":{"vars":[]},"results":{"bindings":[{}]}}', "application/sparql-results+json"
        else:
            body, media = b"<http://example.org/s> <http://example.org/p> <http://example.org/o> .\n", \
                "application/n-triples"
        self.send_response(200)
        self.send_header("Content-Type", media)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    do_POST = do_GET

    def log_message(self, *args):
        pass


@pytest.fixture
def canary():
    """An HTTP listener of the test's own on loopback: ``canary.url`` (a SPARQL endpoint at /sparql, a
    graph anywhere else); ``canary.seen`` lists the paths of the requests that reached it."""
    server = ThreadingHTTPServer(("127.0.0.1", 0), _Canary)
    server.seen = []
    server.url = f"http://127.0.0.1:{server.server_port}"
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield server
    server.shutdown()
    server.server_close()


#: queries that make Oxigraph fetch {url} (a SERVICE), each hiding it from a scan of the text in its own
#: way; on a store with at least one triple every one reaches the canary once fetching is allowed
SERVICE_QUERIES = {
    "dot-before": "SELECT * WHERE { ?s ?p ?o .SERVICE <{url}> { } }",
    "escaped-hash-name": "PREFIX ex: <http://example.org/> SELECT * WHERE { ?s ?p ?o BIND(ex:a\\# AS ?x) "
                         "SERVICE <{url}> { } }",
    "escaped-hash-object": "PREFIX ex: <http://example.org/> SELECT * WHERE { ?s ?p ?o OPTIONAL { ?s ex:q\\# ?x } "
                           "SERVICE <{url}> { } }",
    "plain": "SELECT * WHERE { ?s ?p ?o SERVICE <{url}> { } }",
    "lower-silent": "select * where { ?s ?p ?o service silent <{url}> { } }",
    "after-comment": "SELECT * WHERE { ?s ?p ?o # a comment ends at the line's end\nSERVICE <{url}> { } }",
    "in-optional": "SELECT * WHERE { ?s ?p ?o OPTIONAL { SERVICE <{url}> { } } }",
    "in-exists": "SELECT * WHERE { ?s ?p ?o FILTER EXISTS { SERVICE <{url}> { } } }",
    "in-subquery": "SELECT * WHERE { { SELECT ?s WHERE { ?s ?p ?o SERVICE <{url}> { } } } }",
    "in-union": "SELECT * WHERE { { ?s ?p ?o } UNION { SERVICE <{url}> { } } }",
    "in-graph": "SELECT * WHERE { GRAPH ?g { ?s ?p ?o SERVICE <{url}> { } } }",
    "ask": "ASK { SERVICE <{url}> { } }",
}
#: queries that name SERVICE or LOAD without fetching anything: they run
NOT_FETCHING = [
    "SELECT ?service WHERE { ?service ?p ?o } LIMIT 1",
    'SELECT ?s WHERE { ?s ?p ?o FILTER(?o != "SERVICE <http://127.0.0.1:9/> { }") } LIMIT 1',
    "PREFIX ex: <http://example.org/> SELECT ?s WHERE { ?s ?p ?o OPTIONAL { ?s ex:load ?x } } LIMIT 1",
    "SELECT ?s WHERE { ?s ?p ?o } LIMIT 1 # SERVICE <http://127.0.0.1:9/> { }",
    "SELECT ?s WHERE { ?s ?p ?o OPTIONAL { ?s <http://example.org/SERVICE> ?x } } LIMIT 1",
]


@dataclass
class Seed:
    out: Path
    trig: Path
    result: object  # kg.engine.pipeline.BuildResult


@pytest.fixture(scope="session")
def seed(tmp_path_factory) -> Seed:
    """The seed articles in input/, built once per session."""
    from kg.engine.pipeline import build_corpus
    from kg.rdf.write import write_outputs

    out = tmp_path_factory.mktemp("seed")
    result = build_corpus([ROOT / "input"])
    write_outputs(result.dataset, out)
    return Seed(out, out / "graph.trig", result)


@contextlib.contextmanager
def opened(path: Path, **kw):
    """The store at ``path``, open for the ``with`` block only (so the CLI can open it afterwards)."""
    from kg.store.embedded import open_store

    store = open_store(path, **kw)
    try:
        yield store
    finally:
        del store


@pytest.fixture(scope="session")
def seed_store(seed, tmp_path_factory) -> Path:
    """A store folder holding the seed graph; tests must not change it (copy it first)."""
    from kg.store.embedded import load_file

    path = tmp_path_factory.mktemp("seed-store") / "store"
    with opened(path) as store:
        load_file(store, seed.trig)
    return path


@pytest.fixture(scope="session")
def devset_store(tmp_path_factory) -> Path:
    """A store folder holding the graph of the shared development set (skips without ../shared); tests must
    not change it (copy it first)."""
    from kg.engine.pipeline import build_corpus
    from kg.rdf.write import write_outputs
    from kg.store.embedded import load_file
    from tests.conftest import shared_or_skip

    articles = shared_or_skip("devset", "articles")
    out = tmp_path_factory.mktemp("devset")
    write_outputs(build_corpus([articles]).dataset, out)
    path = out / "store"
    with opened(path) as store:
        load_file(store, out / "graph.trig")
    return path


@dataclass
class Remote:
    """A running SPARQL server: where to load (Graph Store), where to query, and the credentials."""

    name: str
    load_url: str
    query_url: str
    env: dict[str, str] = field(default_factory=dict)

    def endpoint(self, which: str = "query", **kw):
        from kg.store.remote import Endpoint

        return Endpoint(self.load_url if which == "load" else self.query_url, environ=self.env, **kw)

    def load(self, path: Path):
        return self.endpoint("load").load_file(path)

    def query(self, text: str, params=None):
        from kg.query.sparql import QueryText

        return self.endpoint().query(QueryText(text), params)

    def count(self) -> int:
        return int(self.query(COUNT).values()[0][0])

    def graph_sizes(self) -> dict[str, int]:
        return {g: int(n) for g, n in self.query(GRAPH_SIZES).values()}


@pytest.fixture(scope="session")
def oxigraph_server(tmp_path_factory):
    """``oxigraph serve`` on a free port over a temp folder, union default graph on."""
    location = tmp_path_factory.mktemp("oxigraph-server")
    port = free_port()
    log = location.parent / f"{location.name}.log"
    with open(log, "wb") as fh:
        proc = subprocess.Popen([oxigraph_program(), "serve", "--location", str(location), "--bind",
                                 f"127.0.0.1:{port}", "--union-default-graph"], stdout=fh, stderr=subprocess.STDOUT,
                                stdin=subprocess.DEVNULL)
    try:
        wait_http(f"http://127.0.0.1:{port}/", proc, 30, log)
        yield Remote("oxigraph", f"http://127.0.0.1:{port}/store", f"http://127.0.0.1:{port}/query")
    finally:
        stop(proc)


VIRTUOSO_INI = """\
[Database]
DatabaseFile = {db}/virtuoso.db
ErrorLogFile = {db}/virtuoso.log
LockFile = {db}/virtuoso.lck
TransactionFile = {db}/virtuoso.trx
xa_persistent_file = {db}/virtuoso.pxa
ErrorLogLevel = 7
FileExtend = 200
MaxCheckpointRemap = 2000
Striping = 0
TempStorage = TempDatabase

[TempDatabase]
DatabaseFile = {db}/virtuoso-temp.db
TransactionFile = {db}/virtuoso-temp.trx
MaxCheckpointRemap = 2000
Striping = 0

[Parameters]
ServerPort = 127.0.0.1:{sql_port}
DisableUnixSocket = 1
DisableTcpSocket = 0
MaxClientConnections = 8
CheckpointInterval = 60
CaseMode = 2
DirsAllowed = ., {db}
NumberOfBuffers = 10000
MaxDirtyBuffers = 6000
ThreadsPerQuery = 2

[HTTPServer]
ServerPort = 127.0.0.1:{http_port}
ServerRoot = {db}
MaxClientConnections = 5
ServerThreads = 5
EnabledDavVSP = 0
Charset = UTF-8

[SPARQL]
ResultSetMaxRows = 100000
MaxQueryExecutionTime = 60
"""


def virtuoso_program() -> str | None:
    return shutil.which("virtuoso-t") or next((p for p in ("/usr/bin/virtuoso-t",) if os.access(p, os.X_OK)), None)


@pytest.fixture(scope="session")
def virtuoso(tmp_path_factory):
    """Virtuoso (Debian's virtuoso-opensource) on free 127.0.0.1 ports with a temp database."""
    program = virtuoso_program()
    if program is None:
        pytest.skip("virtuoso-t is not installed: `make test` installs Debian's virtuoso-opensource when it "
                    "can (as root or with password-less sudo, with apt-get); here it could not")
    db = tmp_path_factory.mktemp("virtuoso")
    http_port, sql_port = free_port(), free_port()
    ini = db / "virtuoso.ini"
    ini.write_text(VIRTUOSO_INI.format(db=db, http_port=http_port, sql_port=sql_port))
    log = db / "stdout.log"
    with open(log, "wb") as fh:
        proc = subprocess.Popen([program, "+foreground", "+configfile", str(ini)], cwd=db, stdout=fh,
                                stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{http_port}"
    try:
        wait_http(f"{base}/sparql?{urllib.parse.urlencode({'query': 'ASK {}'})}", proc, 90, db / "virtuoso.log")
        yield Remote("virtuoso", f"{base}/sparql-graph-crud-auth", f"{base}/sparql",
                     {"KG_ENDPOINT_USER": "dba", "KG_ENDPOINT_PASSWORD": "dba"})
    finally:
        isql = shutil.which("isql-vt") or shutil.which("isql")
        if isql and proc.poll() is None:
            subprocess.run([isql, f"127.0.0.1:{sql_port}", "dba", "dba", "exec=shutdown;"],
                           capture_output=True, timeout=30, check=False)
            with contextlib.suppress(subprocess.TimeoutExpired):
                proc.wait(20)
        stop(proc)


@pytest.fixture(params=["oxigraph", "virtuoso"])
def remote(request) -> Remote:
    """Each remote server in turn, holding the seed graph (loaded fresh for the test)."""
    server = request.getfixturevalue(f"{request.param}_server" if request.param == "oxigraph" else "virtuoso")
    seed = request.getfixturevalue("seed")
    server.load(seed.trig)
    return server


def run_kg(*args: str, **kw) -> subprocess.CompletedProcess:
    """Run the installed ``kg`` program (a real process, as a user would)."""
    kg = Path(sys.executable).parent / "kg"
    return subprocess.run([str(kg), *args], capture_output=True, text=True, timeout=120, **kw)


@pytest.fixture(params=["embedded", "oxigraph", "virtuoso"])
def target(request, seed, seed_store):
    """Each of the three stores holding the seed graph, as ``run(query, params) -> Results``."""
    from kg.query.sparql import run_store

    if request.param == "embedded":
        def run(q, params=None):
            with opened(seed_store, write=False) as store:
                return run_store(store, q, params)
        return run
    server = request.getfixturevalue("oxigraph_server" if request.param == "oxigraph" else "virtuoso")
    server.load(seed.trig)
    return server.endpoint().query


def answers(run, name: str, **params) -> list[dict[str, str]]:
    """The rows of stored query ``name`` as readable text (labels for IRIs), in the query's order."""
    from kg.query.sparql import answer, display_rows, query_prefixes, resolve

    q = resolve(name)
    results, labels = answer(run, q, params or None)
    return display_rows(results, labels, query_prefixes(q.text))
