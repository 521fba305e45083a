"""The front door of ``kg serve``: a WSGI application that checks every request, then answers it
from the store in this process (:mod:`kg.store.endpoint`). There is no other door: no second
server, no other port.

A request is answered only when:

- its target is a path (``/query``, not ``x`` or ``http://elsewhere/``): else 400;
- its ``Host`` header names the server as it was bound (a DNS-rebinding page names its own
  host, and is refused: 421);
- it has no ``Origin`` header, or the server's own (a page of another site is refused, so a
  cross-site form cannot ``POST update=DROP ALL``: 403);
- a write (``/update``, or a ``PUT``/``POST``/``DELETE`` to ``/store``) reaches a writable
  server (else 403) and carries its token: ``Authorization: Bearer TOKEN`` (else 401);
- a query or update does not make the server fetch a URL (``SERVICE``, ``LOAD``: decided on
  its parse, :mod:`kg.query.fetch`) unless the server allows it (else 403);
- a query or update is at most :data:`MAX_QUERY_BYTES` (else 413).

The HTTP server underneath (waitress, :mod:`kg.store.serve`) reads requests whole before they
get here, refuses malformed ones (a negative ``Content-Length``, a body over its cap), and
closes connections that stall.
"""

from __future__ import annotations

import hmac
import threading
from dataclasses import dataclass, field
from urllib.parse import parse_qs

import pyoxigraph as ox

from kg.query.fetch import FetchRefused, refuse_fetching
from kg.query.syntax import QueryError
from kg.store import endpoint, page
from kg.store.endpoint import Reply

#: the most bytes of a query or update (in a URL, a form or a body)
MAX_QUERY_BYTES = 16 << 20
#: the most bytes of any request body (a graph sent to /store; larger ones: stop the server and kg load),
#: refused by the HTTP server before it reads the body
MAX_BODY_BYTES = 32 << 20
#: the variable a writable server reads its token from, and the one ``kg load --endpoint`` sends it from
TOKEN_VARIABLE = "KG_SERVE_TOKEN"
CLIENT_TOKEN_VARIABLE = "KG_ENDPOINT_TOKEN"
_FORM = "application/x-www-form-urlencoded"
#: every answer: no sniffing a text answer into HTML, no framing by other sites
_ALWAYS = [("X-Content-Type-Options", "nosniff"), ("X-Frame-Options", "DENY"), ("Cache-Control", "no-store")]


@dataclass
class Policy:
    """What the front lets through.

    Args:
        hosts: the ``Host`` header values accepted, lower case, each ``name:port``.
        token: the token writes must carry (None: a read-only server, which refuses writes).
        allow_fetch: let SERVICE and LOAD through.
        timeout: seconds a query may run (None: no limit).
    """

    hosts: frozenset[str]
    token: str | None = None
    allow_fetch: bool = False
    timeout: float | None = None
    origins: frozenset[str] = field(init=False)

    def __post_init__(self):
        self.origins = frozenset(f"http://{h}" for h in self.hosts)


class Gateway:
    """The WSGI application: ``Gateway(store, policy)(environ, start_response)``.

    Args:
        store: the open store (read-only unless ``policy.token`` is set).
        policy: what is let through.
    """

    def __init__(self, store: ox.Store, policy: Policy):
        self.store = store
        self.policy = policy
        #: held by every write, and while a query's child is forked (no write half done in its copy)
        self.writing = threading.Lock()
        #: the child processes running queries now (:meth:`stop_queries` kills them)
        self.running: set = set()

    def stop_queries(self) -> None:
        """Kill every query running in a child process (the server is stopping)."""
        for child in list(self.running):
            child.kill()

    def __call__(self, environ, start_response):
        method = environ.get("REQUEST_METHOD", "GET").upper()
        try:
            reply = self._answer(environ, method)
        except Exception as err:  # noqa: BLE001 - one line to the client, never a traceback
            reply = Reply.text(500, f"kg serve failed on this request: {type(err).__name__}: {err}")
        headers = reply.headers + _ALWAYS
        body = reply.body
        if isinstance(body, bytes):
            headers.append(("Content-Length", str(len(body))))
        start_response(f"{reply.status} {_REASONS.get(reply.status, 'Status')}", headers)
        if method == "HEAD" or reply.status in (204, 304):
            if not isinstance(body, bytes):
                body.close()
            return []
        if isinstance(body, bytes):
            return [body]
        wrapper = environ.get("wsgi.file_wrapper")
        return wrapper(body, 1 << 16) if wrapper else _chunks(body)

    def _answer(self, environ, method: str) -> Reply:
        policy = self.policy
        target = environ.get("REQUEST_URI") or environ.get("RAW_URI") or environ.get("PATH_INFO") or ""
        if not target.startswith("/") or target.startswith("//"):
            return Reply.text(400, "the request target must be a path on this server, such as /query")
        host = (environ.get("HTTP_HOST") or "").strip().lower()
        if host not in policy.hosts:
            return Reply.text(421, f"this server does not answer for the host {host[:80]!r}")
        origin = environ.get("HTTP_ORIGIN")
        if origin is not None and origin.strip().lower().rstrip("/") not in policy.origins:
            return Reply.text(403, "cross-origin requests are refused")
        path = environ.get("PATH_INFO") or "/"
        if method == "OPTIONS":
            return Reply.text(405, "no cross-origin requests here", Allow="GET, HEAD, POST")
        if path == "/":
            if method not in ("GET", "HEAD"):
                return Reply.text(405, "the query page is read with GET", Allow="GET, HEAD")
            return Reply(
                200, page.PAGE, [("Content-Type", "text/html; charset=utf-8"), ("Content-Security-Policy", page.POLICY)]
            )
        params = parse_qs(environ.get("QUERY_STRING") or "", keep_blank_values=True)
        if path == "/query":
            if method not in ("GET", "HEAD", "POST"):
                return Reply.text(405, "send a query with GET or POST", Allow="GET, HEAD, POST")
            return self._query(environ, method, params)
        if path == "/update":
            if method != "POST":
                return Reply.text(405, "send an update with POST", Allow="POST")
            return self._refused_write(environ) or self._update(environ, params)
        if path == "/store":
            if method in ("GET", "HEAD"):
                return endpoint.read_graph(self.store, params, environ.get("HTTP_ACCEPT") or "")
            if method not in ("PUT", "POST", "DELETE"):
                return Reply.text(
                    405, "the Graph Store takes GET, HEAD, PUT, POST and DELETE", Allow="GET, HEAD, PUT, POST, DELETE"
                )
            refused = self._refused_write(environ)
            if refused:
                return refused
            body = _body(environ, MAX_BODY_BYTES)
            if isinstance(body, Reply):
                return body
            return endpoint.write_graph(
                self.store, method, params, environ.get("CONTENT_TYPE") or "", body, self.writing
            )
        return Reply.text(
            404, "nothing here: the query page is at /, queries at /query, updates at /update, graphs at /store"
        )

    def _refused_write(self, environ) -> Reply | None:
        """403 on a read-only server, 401 without the token; None when the write may go on."""
        if self.policy.token is None:
            return Reply.text(403, "this server is read-only (start kg serve with --writable to write to it)")
        given = environ.get("HTTP_AUTHORIZATION") or ""
        scheme, _, value = given.partition(" ")
        if scheme.lower() != "bearer" or not hmac.compare_digest(value.strip().encode(), self.policy.token.encode()):
            return Reply.text(
                401,
                f"writes need the server's token: Authorization: Bearer TOKEN (kg load --endpoint "
                f"sends ${CLIENT_TOKEN_VARIABLE}; the server's is ${TOKEN_VARIABLE} or the one it "
                "printed at start)",
                WWW_Authenticate='Bearer realm="kg serve"',
            )
        return None

    def _query(self, environ, method: str, params: dict[str, list[str]]) -> Reply:
        texts = _sparql_texts(environ, method, params, "query")
        if isinstance(texts, Reply):
            return texts
        text = texts
        refused = self._check_fetch(text, update=False)
        if refused:
            return refused
        try:
            default = endpoint.graphs_of(params.get("default-graph-uri", []), "default-graph-uri")
            named = endpoint.graphs_of(params.get("named-graph-uri", []), "named-graph-uri")
        except QueryError as err:
            return Reply.text(400, str(err))
        return endpoint.query(
            self.store,
            text,
            environ.get("HTTP_ACCEPT") or "",
            timeout=self.policy.timeout,
            guard=self.writing,
            running=self.running,
            default_graph=default or None,
            named_graphs=named or None,
        )

    def _update(self, environ, params: dict[str, list[str]]) -> Reply:
        if params.get("using-graph-uri") or params.get("using-named-graph-uri"):
            return Reply.text(
                400, "using-graph-uri and using-named-graph-uri are not supported here; say USING or WITH in the update"
            )
        text = _sparql_texts(environ, "POST", params, "update")
        if isinstance(text, Reply):
            return text
        refused = self._check_fetch(text, update=True)
        return refused or endpoint.update(self.store, text, self.writing)

    def _check_fetch(self, text: str, *, update: bool) -> Reply | None:
        if self.policy.allow_fetch:
            return None
        try:
            refuse_fetching(text, "update" if update else "query", "start kg serve with --allow-fetch", update=update)
        except FetchRefused as err:
            return Reply.text(403, str(err))
        return None


def _body(environ, limit: int) -> bytes | Reply:
    """The request's body (waitress has read it already, within its own cap), at most ``limit`` bytes."""
    try:
        length = int(environ.get("CONTENT_LENGTH") or 0)
    except ValueError:
        return Reply.text(400, "bad Content-Length")
    if length < 0:
        return Reply.text(400, "bad Content-Length")
    if length > limit:
        return Reply.text(413, f"a request body here is at most {limit >> 20} MiB")
    return environ["wsgi.input"].read(length) if length else b""


def _sparql_texts(environ, method: str, params: dict[str, list[str]], kind: str) -> str | Reply:
    """The one query or update text a request carries (URL, form or body)."""
    texts = list(params.get(kind, []))
    if method == "POST":
        body = _body(environ, MAX_QUERY_BYTES)
        if isinstance(body, Reply):
            return body
        media = (environ.get("CONTENT_TYPE") or "").split(";")[0].strip().lower()
        if media == _FORM:
            form = parse_qs(body.decode("utf-8", "replace"), keep_blank_values=True)
            texts += form.get(kind, [])
            for name in ("default-graph-uri", "named-graph-uri", "using-graph-uri", "using-named-graph-uri"):
                params.setdefault(name, []).extend(form.get(name, []))
        elif media == f"application/sparql-{kind}":
            try:
                texts.append(body.decode("utf-8"))
            except UnicodeDecodeError:
                return Reply.text(400, f"the {kind} is not UTF-8")
        else:
            return Reply.text(415, f"send the {kind} as a form ({_FORM}) or as application/sparql-{kind}")
    if not texts:
        return Reply.text(400, f"give the {kind}: ?{kind}=... or a form field {kind}")
    if len(texts) > 1:
        return Reply.text(400, f"give one {kind}, not {len(texts)}")
    if len(texts[0].encode("utf-8")) > MAX_QUERY_BYTES:
        return Reply.text(413, f"a {kind} is at most {MAX_QUERY_BYTES >> 20} MiB")
    return texts[0]


def _chunks(body):
    try:
        while block := body.read(1 << 16):
            yield block
    finally:
        body.close()


_REASONS = {
    200: "OK",
    201: "Created",
    204: "No Content",
    400: "Bad Request",
    401: "Unauthorized",
    403: "Forbidden",
    404: "Not Found",
    405: "Method Not Allowed",
    406: "Not Acceptable",
    413: "Content Too Large",
    415: "Unsupported Media Type",
    421: "Misdirected Request",
    500: "Internal Server Error",
    503: "Service Unavailable",
}
