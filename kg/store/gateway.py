"""The HTTP front of ``kg serve``: what may reach the Oxigraph server, checked before it does.

The Oxigraph server listens on a private loopback port; this front listens where the user
asked and passes a request on only when:

- its ``Host`` header names the server as it was bound (a DNS-rebinding page names its own
  host, and is refused);
- it has no ``Origin`` header, or the server's own (a page of another site is refused, so a
  cross-site form cannot ``POST update=DROP ALL``);
- a write (``/update``, or a ``PUT``/``POST``/``DELETE`` to ``/store``) carries the server's
  token: ``Authorization: Bearer TOKEN``;
- a query or update does not make the server fetch a URL (``SERVICE``, ``LOAD``, found in
  its parse: :mod:`kg.query.fetch`) unless the server allows it.

With a timeout, the answer of a query or update is held until it is complete; one still
running at the deadline is answered ``503`` with a one-line error, and the Oxigraph server is
restarted (``restart``), which is the only way to stop a query it runs.
"""

from __future__ import annotations

import hmac
import http.client
import shutil
import tempfile
import threading
import time
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Callable
from urllib.parse import parse_qs, urlsplit

from kg.query.fetch import FetchRefused, refuse_fetching

#: the most bytes of a query or update read to check it (a form or a body)
MAX_QUERY_BYTES = 16 << 20
#: answers larger than this are held in a temporary file while a timed query completes
SPOOL_BYTES = 8 << 20
_HOP = {"connection", "keep-alive", "proxy-authenticate", "proxy-authorization", "te", "trailer",
        "transfer-encoding", "upgrade", "host", "content-length"}
_FORM = "application/x-www-form-urlencoded"


@dataclass
class Policy:
    """What the front lets through.

    Args:
        hosts: the ``Host`` header values accepted, lower case, each ``name:port``.
        token: the token writes must carry (None: a read-only server; Oxigraph refuses writes).
        allow_fetch: let SERVICE and LOAD through.
        timeout: seconds a query or update may run (None: no limit).
    """

    hosts: frozenset[str]
    token: str | None = None
    allow_fetch: bool = False
    timeout: float | None = None
    origins: frozenset[str] = field(init=False)

    def __post_init__(self):
        self.origins = frozenset(f"http://{h}" for h in self.hosts)


class QueryTooLong(Exception):
    """The backend was still answering at the deadline."""


class Front(ThreadingHTTPServer):
    """The listening front: ``backend()`` is the Oxigraph server's (host, port); ``restart(port)``
    stops the queries of the server on ``port`` (it restarts it, unless that was done already)."""

    daemon_threads = True
    allow_reuse_address = True

    def __init__(self, address, family: int, policy: Policy, backend: Callable[[], tuple[str, int]],
                 restart: Callable[[int], None]):
        self.address_family = family
        self.policy, self.backend, self.restart = policy, backend, restart
        super().__init__(address, _Handler)


def _write_kind(method: str, path: str) -> str | None:
    """'query', 'update' or 'store-write' for the requests that are checked; None for the others."""
    if path == "/query" and method in ("GET", "POST"):
        return "query"
    if path == "/update":
        return "update"
    if path.startswith("/store") and method in ("PUT", "POST", "DELETE", "PATCH"):
        return "store-write"
    return None


def sparql_texts(method: str, url_query: str, content_type: str, body: bytes, kind: str) -> list[str] | None:
    """Every query or update text a request carries (URL, form or body); None when its body is
    of a kind Oxigraph would not read as SPARQL (the request is refused)."""
    name = "query" if kind == "query" else "update"
    texts = parse_qs(url_query, keep_blank_values=True).get(name, [])
    if method == "POST":
        media = content_type.split(";")[0].strip().lower()
        if media == _FORM:
            texts += parse_qs(body.decode("utf-8", "replace"), keep_blank_values=True).get(name, [])
        elif media == f"application/sparql-{name}":
            texts.append(body.decode("utf-8", "replace"))
        else:
            return None
    return texts


class _Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.0"  # one request a connection: answers stream until the end
    server: Front
    server_version = "kg-serve"

    def log_message(self, format, *args):  # noqa: A002 - the base class's name
        pass

    def do_GET(self):
        self._handle()

    do_HEAD = do_POST = do_PUT = do_DELETE = do_PATCH = do_OPTIONS = do_GET

    def _refuse(self, status: int, message: str, headers: dict[str, str] | None = None) -> None:
        data = (message + "\n").encode("utf-8")
        self.send_response(status)
        for k, v in (headers or {}).items():
            self.send_header(k, v)
        self.send_header("Content-Type", "text/plain; charset=utf-8")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(data)

    def _handle(self) -> None:
        policy = self.server.policy
        host = (self.headers.get("Host") or "").strip().lower()
        if host not in policy.hosts:
            return self._refuse(421, f"this server does not answer for the host {host[:80]!r}")
        origin = self.headers.get("Origin")
        if origin is not None and origin.strip().lower().rstrip("/") not in policy.origins:
            return self._refuse(403, "cross-origin requests are refused")
        if self.command == "OPTIONS":
            return self._refuse(405, "no cross-origin requests here")
        parts = urlsplit(self.path)
        kind = _write_kind(self.command, parts.path)
        if kind in ("update", "store-write") and policy.token is not None:
            given = self.headers.get("Authorization") or ""
            scheme, _, value = given.partition(" ")
            if scheme.lower() != "bearer" or not hmac.compare_digest(value.strip().encode(), policy.token.encode()):
                return self._refuse(401, "writes need the server's token: Authorization: Bearer TOKEN",
                                    {"WWW-Authenticate": 'Bearer realm="kg serve"'})
        if self.headers.get("Transfer-Encoding"):
            return self._refuse(411, "send the body with a Content-Length")
        try:
            length = int(self.headers.get("Content-Length") or 0)
        except ValueError:
            return self._refuse(400, "bad Content-Length")
        body = b""
        if kind in ("query", "update"):
            if length > MAX_QUERY_BYTES:
                return self._refuse(413, f"a query or update is at most {MAX_QUERY_BYTES >> 20} MiB")
            body = self.rfile.read(length) if length else b""
            texts = sparql_texts(self.command, parts.query, self.headers.get("Content-Type") or "", body, kind)
            if texts is None:
                return self._refuse(415, f"send the {kind} as a form or as application/sparql-{kind}")
            try:
                for text in texts if not policy.allow_fetch else ():
                    refuse_fetching(text, kind, "start kg serve with --allow-fetch", update=kind == "update")
            except FetchRefused as err:  # decided on the parsed query (kg.query.fetch)
                return self._refuse(403, " ".join(str(err).split()))
            self._forward(body, len(body), timed=policy.timeout)
        else:
            self._forward(None, length, timed=None)

    def _forward(self, body: bytes | None, length: int, timed: float | None) -> None:
        host, port = self.server.backend()
        started = time.monotonic()
        conn = http.client.HTTPConnection(host, port, timeout=timed or 600)
        try:
            conn.putrequest(self.command, self.path, skip_host=True, skip_accept_encoding=True)
            conn.putheader("Host", f"{host}:{port}")
            for k, v in self.headers.items():
                if k.lower() not in _HOP and k.lower() not in ("authorization", "origin"):
                    conn.putheader(k, v)
            conn.putheader("Content-Length", str(length))
            conn.endheaders()
            if body is not None:
                conn.send(body)
            else:
                _copy(self.rfile, conn.sock, length)
            if timed is None:
                return self._stream(conn.getresponse())
            self._timed(conn, started, timed)
        except (ConnectionRefusedError, ConnectionResetError, http.client.RemoteDisconnected):
            self._refuse(503, "the store is restarting; try again in a moment")
        except (TimeoutError, QueryTooLong):
            conn.close()
            self.server.restart(port)  # the only way to stop a query Oxigraph runs
            self._answer_quietly(503, f"the query ran longer than {timed:g} s (the server's --timeout) and was "
                                      "stopped; narrow it, add a LIMIT, or ask for a longer timeout")
        except (BrokenPipeError, ConnectionError):
            pass  # the client left
        finally:
            conn.close()

    def _answer_quietly(self, status: int, message: str) -> None:
        try:
            self._refuse(status, message)
        except (BrokenPipeError, ConnectionError):
            pass  # the client left before the deadline

    def _timed(self, conn: http.client.HTTPConnection, started: float, timed: float) -> None:
        """Hold the whole answer until it is complete, within the deadline; then send it."""
        deadline = started + timed

        def remaining() -> float:
            left = deadline - time.monotonic()
            if left <= 0:
                raise QueryTooLong()
            return left

        conn.sock.settimeout(remaining())
        resp = conn.getresponse()
        with tempfile.SpooledTemporaryFile(SPOOL_BYTES) as held:
            while True:
                conn.sock.settimeout(remaining())
                chunk = resp.read1(1 << 16) if self.command != "HEAD" else b""
                if not chunk:
                    break
                held.write(chunk)
            held.seek(0)
            self._head(resp)
            shutil.copyfileobj(held, self.wfile)

    def _head(self, resp: http.client.HTTPResponse) -> None:
        self.send_response(resp.status, resp.reason)
        for k, v in resp.getheaders():
            if k.lower() not in _HOP:
                self.send_header(k, v)
        self.end_headers()

    def _stream(self, resp: http.client.HTTPResponse) -> None:
        self._head(resp)
        if self.command == "HEAD":
            return
        while chunk := resp.read1(1 << 16):
            self.wfile.write(chunk)


def _copy(source, sock, length: int) -> None:
    """``length`` bytes of the request's body on to the backend, a block at a time."""
    while length > 0:
        block = source.read(min(length, 1 << 16))
        if not block:
            break
        sock.sendall(block)
        length -= len(block)


class Running:
    """A front serving in a thread of this process; ``close`` stops it."""

    def __init__(self, front: Front):
        self.front = front
        self.thread = threading.Thread(target=front.serve_forever, name="kg-serve-front", daemon=True)
        self.thread.start()

    def close(self) -> None:
        self.front.shutdown()
        self.front.server_close()
        self.thread.join(10)
