"""Endpoints: SPARQL 1.1 servers elsewhere, loaded through the Graph Store Protocol, queried through the Protocol.

Loading ``PUT``\\ s each named graph of a file to ``ENDPOINT?graph=IRI`` (one graph per
document), which replaces that graph: loading twice changes nothing, a re-built article
replaces its own graph. Specifications:
https://www.w3.org/TR/sparql11-http-rdf-update/ and https://www.w3.org/TR/sparql11-protocol/.

Credentials come only from the environment, and are never printed:

- ``KG_ENDPOINT_USER``, ``KG_ENDPOINT_PASSWORD``
- ``KG_ENDPOINT_AUTH``: ``basic`` or ``digest`` (Virtuoso wants digest); unset: whichever
  the server asks for.
- ``KG_ENDPOINT_TOKEN``: sent as ``Authorization: Bearer TOKEN`` (a writable ``kg serve``
  wants the token it printed, or its ``KG_SERVE_TOKEN``)

Endpoints of the servers we test against::

    Oxigraph   load http://HOST:7878/store                   query http://HOST:7878/query
    Virtuoso   load http://HOST:8890/sparql-graph-crud-auth  query http://HOST:8890/sparql
"""

from __future__ import annotations

import os
import re
import time
from pathlib import Path
from typing import cast
from urllib.parse import urlencode, urlsplit, urlunsplit

import pyoxigraph as ox
import requests
from requests.auth import HTTPBasicAuth, HTTPDigestAuth

from kg.errors import KgError
from kg.query.sparql import (
    QueryError,
    QueryText,
    QueryTimeoutError,
    Results,
    bind_values,
    check_params,
    distinct_rows,
    from_oxigraph,
    is_distinct,
    page_of,
    query_form,
    with_prefixes,
)
from kg.rdf import formats as rdf_formats, read as rdffiles
from kg.rdf.read import GraphFile, LoadReport

#: seconds to wait for a server unless told otherwise
DEFAULT_TIMEOUT = 60.0
_RESULTS = {
    "application/sparql-results+json": ox.QueryResultsFormat.JSON,
    "application/json": ox.QueryResultsFormat.JSON,
    "application/sparql-results+xml": ox.QueryResultsFormat.XML,
    "text/tab-separated-values": ox.QueryResultsFormat.TSV,
}
_ACCEPT_RESULTS = "application/sparql-results+json, application/sparql-results+xml;q=0.8"
#: graphs are sent as N-Triples; the answers of CONSTRUCT and DESCRIBE asked for in these formats, best first
_SEND = rdf_formats.get("nt")
_ACCEPT_RDF = ", ".join(
    rdf_formats.get(name).media_type + q for name, q in (("nt", ""), ("ttl", ";q=0.9"), ("xml", ";q=0.5"))
)


class EndpointError(KgError):
    """A SPARQL server that cannot be reached or refuses what was asked."""


def safe_url(url: str) -> str:
    """``url`` without any user:password part, for messages."""
    parts = urlsplit(url)
    if parts.username or parts.password:
        host = parts.hostname or ""
        if parts.port:
            host += f":{parts.port}"
        return urlunsplit((parts.scheme, host, parts.path, parts.query, parts.fragment))
    return url


class Endpoint:
    """A SPARQL server at ``url``: the Graph Store endpoint (to load) or the query endpoint (to query).

    Args:
        url: ``http(s)://...``; for loading, the Graph Store Protocol endpoint; for querying,
            the SPARQL query endpoint.
        timeout: seconds to wait for the server (to connect, and between bytes of an answer).
        environ: where credentials are read from (default ``os.environ``).
    """

    def __init__(self, url: str, *, timeout: float = DEFAULT_TIMEOUT, environ=None):
        parts = urlsplit(url)
        if parts.scheme not in ("http", "https") or not parts.netloc:
            raise EndpointError(f"{safe_url(url)!r} is not an http(s) URL of a SPARQL endpoint")
        self.url = url
        self.timeout = timeout
        self.session = requests.Session()
        self.session.headers["User-Agent"] = "kg (knowledge graph of parliamentary incidents)"
        env = os.environ if environ is None else environ
        self._user = env.get("KG_ENDPOINT_USER") or None
        self._password = env.get("KG_ENDPOINT_PASSWORD", "")
        mode = (env.get("KG_ENDPOINT_AUTH") or "").strip().lower()
        if mode not in ("", "basic", "digest"):
            raise EndpointError(f"KG_ENDPOINT_AUTH={mode!r}: use basic or digest (or leave it unset)")
        self._auth = self._make_auth(mode) if self._user and mode else None
        self._auto = bool(self._user) and not mode
        token = env.get("KG_ENDPOINT_TOKEN") or None
        self._token = token is not None and not self._user
        if token is not None and not self._user:
            self.session.headers["Authorization"] = f"Bearer {token.strip()}"
        try:
            self.retries = max(0, min(5, int(env.get("KG_ENDPOINT_RETRIES", "3"))))
        except ValueError:
            raise EndpointError("KG_ENDPOINT_RETRIES must be a whole number from 0 to 5") from None
        self.sleep = time.sleep  # tests replace it

    def __repr__(self) -> str:
        return f"Endpoint({safe_url(self.url)!r})"

    def _make_auth(self, mode: str):
        # only called with a user set
        return (HTTPDigestAuth if mode == "digest" else HTTPBasicAuth)(cast(str, self._user), self._password)

    def close(self) -> None:
        self.session.close()

    # --- HTTP ----------------------------------------------------------------------------------

    #: server errors worth another try (overload, gateway, restart)
    RETRY_STATUS = frozenset({500, 502, 503, 504})
    #: waits before the 2nd, 3rd and 4th tries (seconds); KG_ENDPOINT_RETRIES sets how many
    BACKOFF = (0.5, 1.0, 2.0, 4.0, 8.0)

    def _request(self, method: str, url: str, *, what: str, timeout: float | None = None, **kw) -> requests.Response:
        """Send a request; a 5xx answer is retried with growing waits before giving up."""
        retries = self.retries
        for attempt in range(retries + 1):
            resp = self._send(method, url, what=what, timeout=timeout, **kw)
            if resp.status_code not in self.RETRY_STATUS or attempt == retries:
                return resp
            self.sleep(self.BACKOFF[min(attempt, len(self.BACKOFF) - 1)])
        return resp  # pragma: no cover - the loop always returns

    def _send(self, method: str, url: str, *, what: str, timeout: float | None = None, **kw) -> requests.Response:
        t = timeout or self.timeout
        try:
            resp = self.session.request(method, url, auth=self._auth, timeout=(min(t, 10.0), t), **kw)
            if resp.status_code == 401 and self._auto and self._auth is None:
                # answer the server's challenge with the scheme it names (Virtuoso: Digest)
                challenge = resp.headers.get("WWW-Authenticate", "").strip().lower()
                self._auth = self._make_auth("digest" if challenge.startswith("digest") else "basic")
                resp = self.session.request(method, url, auth=self._auth, timeout=(min(t, 10.0), t), **kw)
        except requests.exceptions.Timeout:
            raise self._timeout_error(what, t) from None
        except requests.exceptions.ConnectionError as err:
            text = str(err)
            if "timed out" in text.lower():
                raise self._timeout_error(what, t) from None
            reason = (
                "connection refused"
                if "refused" in text.lower()
                else "host not found"
                if "resolve" in text.lower() or "name or service" in text.lower()
                else "connection failed"
            )
            raise EndpointError(
                f"cannot connect to {safe_url(self.url)}: {reason}; is the server running and the URL right?"
            ) from None
        except requests.exceptions.RequestException as err:
            raise EndpointError(f"{safe_url(self.url)}: {type(err).__name__}: {err}") from None
        return resp

    def _timeout_error(self, what: str, t: float) -> KgError:
        message = f"{safe_url(self.url)} did not answer within {t:g} s (--timeout) while {what}"
        return QueryTimeoutError(message) if what == "querying" else EndpointError(message)

    def _fail(self, resp: requests.Response, what: str, hint404: str) -> None:
        where = safe_url(self.url)
        code = resp.status_code
        if code == 401:
            bearer = resp.headers.get("WWW-Authenticate", "").strip().lower().startswith("bearer")
            if bearer or (self._token and not self._user):
                # a token server (kg serve --writable): the variable to set is the client's, not the server's
                said = (
                    "refused the token in KG_ENDPOINT_TOKEN"
                    if self._token
                    else "wants a token; set KG_ENDPOINT_TOKEN to it"
                )
                raise EndpointError(
                    f"{where}: 401 Unauthorized while {what}: the server {said} (for kg serve "
                    "--writable: the token it printed at start, or its KG_SERVE_TOKEN)"
                )
            if self._user:
                raise EndpointError(
                    f"{where}: 401 Unauthorized while {what}: the server refused the credentials "
                    "in KG_ENDPOINT_USER/KG_ENDPOINT_PASSWORD (KG_ENDPOINT_AUTH=basic|digest picks "
                    "the scheme)"
                )
            raise EndpointError(
                f"{where}: 401 Unauthorized while {what}: the server wants credentials; set "
                "KG_ENDPOINT_USER and KG_ENDPOINT_PASSWORD"
            )
        if code == 403:
            raise EndpointError(
                f"{where}: 403 Forbidden while {what}: this user may not do that here (a read-only "
                "endpoint, or a user without write rights?)"
            )
        if code == 404:
            raise EndpointError(f"{where}: 404 Not Found while {what}: {hint404}")
        if code in self.RETRY_STATUS and self.retries:
            raise EndpointError(
                f"{where}: HTTP {code} while {what}, still after {self.retries + 1} tries with "
                f"growing waits; the server is failing, try later: {_body_message(resp)}"
            )
        raise EndpointError(f"{where}: HTTP {code} while {what}: {_body_message(resp)}")

    # --- Graph Store Protocol ------------------------------------------------------------------

    def graph_url(self, graph: str) -> str:
        return self.url + ("&" if "?" in self.url else "?") + urlencode({"graph": graph})

    def put_graph(self, graph: str, triples) -> str:
        """Replace the named graph ``graph`` with ``triples``; 'new' or 'replaced'."""
        body = ox.serialize(sorted(triples, key=str), format=_SEND.oxigraph)
        resp = self._request(
            "PUT",
            self.graph_url(graph),
            what=f"loading graph <{graph}>",
            data=body,
            headers={"Content-Type": f"{_SEND.media_type}; charset=utf-8"},
        )
        if resp.status_code not in (200, 201, 204):
            self._fail(
                resp,
                f"loading graph <{graph}>",
                "is this the Graph Store endpoint? (Oxigraph: "
                "http://HOST:7878/store, Virtuoso: http://HOST:8890/sparql-graph-crud-auth)",
            )
        return "new" if resp.status_code == 201 else "replaced"

    def load_graphs(self, gf: GraphFile) -> LoadReport:
        """PUT every named graph of ``gf``; each PUT replaces one graph."""
        report = LoadReport(str(gf.path), safe_url(self.url), triples=gf.triples)
        for iri, triples in sorted(gf.graphs.items()):
            report.graphs[iri] = self.put_graph(iri, triples)
        return report

    def load_file(self, path: Path, *, graph: str | None = None) -> LoadReport:
        """Check ``path`` parses in full, then PUT each of its named graphs.

        Raises:
            GraphFileError: the file does not parse (nothing is sent).
            EndpointError: the server cannot be reached, refuses, or fails.
        """
        return self.load_graphs(rdffiles.read(path, graph))

    # --- SPARQL Protocol -----------------------------------------------------------------------

    def query(
        self,
        q: QueryText,
        params: dict[str, str] | None = None,
        *,
        timeout: float | None = None,
        offset: int = 0,
        limit: int | None = None,
    ) -> Results:
        """Run a query on the endpoint; parameters are bound as an escaped ``VALUES`` block.

        With ``offset`` or ``limit``, a SELECT gives the page of ``limit`` rows after the first
        ``offset``, cut from the whole answer (so that it is counted, and Virtuoso's repeated rows
        are gone before the page is cut).

        Raises:
            QueryError: the server rejected the query (its message), or a bad parameter.
            QueryTimeoutError: no answer within ``timeout`` seconds.
            EndpointError: the server cannot be reached or refuses.
        """
        text = with_prefixes(bind_values(q.text, check_params(q, params or {})))
        graph = query_form(text) in ("CONSTRUCT", "DESCRIBE")
        resp = self._request(
            "POST",
            self.url,
            what="querying",
            timeout=timeout,
            data={"query": text},
            headers={"Accept": _ACCEPT_RDF if graph else _ACCEPT_RESULTS},
        )
        if resp.status_code == 400:
            raise QueryError(f"{q.source}: the server rejected the query: {_body_message(resp)}")
        if resp.status_code != 200:
            self._fail(
                resp,
                "querying",
                "is this the SPARQL query endpoint? (Oxigraph: http://HOST:7878/query, "
                "Virtuoso: http://HOST:8890/sparql)",
            )
        ctype = resp.headers.get("Content-Type", "").split(";")[0].strip().lower()
        try:
            if ctype in _RESULTS:
                results = from_oxigraph(ox.parse_query_results(resp.content, format=_RESULTS[ctype]))
                # Virtuoso 7.2 can repeat a row of a SELECT DISTINCT when some of its variables are
                # unbound and the union default graph holds the same triple in several graphs
                if results.kind == "select" and is_distinct(text):
                    results = distinct_rows(results)
                return page_of(results, offset, limit)
            fmt = ox.RdfFormat.from_media_type(ctype)
            if fmt is None:
                raise EndpointError(
                    f"{safe_url(self.url)} answered with {ctype or 'no content type'}, which is "
                    "neither SPARQL results nor RDF; is this a SPARQL query endpoint?"
                )
            return Results(triples=[quad.triple for quad in ox.parse(resp.content, format=fmt)])
        except SyntaxError as err:
            raise EndpointError(f"{safe_url(self.url)} sent an answer that does not parse ({err})") from None


def _body_message(resp: requests.Response, limit: int = 400) -> str:
    """The useful part of an error page: its text without markup, on one line."""
    text = resp.text or resp.reason or ""
    text = re.sub(r"<[^>]+>", " ", text)
    text = " ".join(text.split())
    return (text[: limit - 1] + "…") if len(text) > limit else (text or f"HTTP {resp.status_code}")
