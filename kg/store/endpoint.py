"""The SPARQL 1.1 Protocol and Graph Store Protocol answered from a pyoxigraph store, in this process.

What ``kg serve`` does once its front (:mod:`kg.store.gateway`) has let a request through:

- a query runs as ``kg query`` runs it (:func:`kg.query.syntax.store_query`: the usual prefixes
  declared, the default graph the union of the graphs); with a timeout it runs in a forked
  child that is killed at the deadline (:func:`kg.query.deadline.run_forked`), and its answer,
  in the format the ``Accept`` header asks for, is written to a temporary file and sent from there;
- an update runs in this process, one write at a time (Oxigraph applies it in one transaction);
- ``/store`` reads and writes whole graphs (``?graph=IRI``, ``?default``, or the whole dataset).

Every answer is a :class:`Reply`; every error a status and one line of text.
"""

from __future__ import annotations

import tempfile
import threading
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO

import pyoxigraph as ox

from kg.query.deadline import QueryTimeoutError, run_forked
from kg.query.syntax import QueryError, store_query, store_update, syntax_message
from kg.rdf import read as rdffiles
from kg.store.embedded import DATA_GRAPH, load_graphs

#: the formats of an answer when the client takes anything (``Accept: */*`` or none)
DEFAULT_RESULTS = ox.QueryResultsFormat.JSON
DEFAULT_GRAPH = ox.RdfFormat.TURTLE
#: a CONSTRUCT's answer is only in a format of triples, never of named graphs
_NO_DATASETS = (
    ox.RdfFormat.TURTLE,
    ox.RdfFormat.N_TRIPLES,
    ox.RdfFormat.RDF_XML,
    ox.RdfFormat.N3,
    ox.RdfFormat.JSON_LD,
)


@dataclass
class Reply:
    """An HTTP answer: status, headers, and a body (bytes, or a file sent from its start and then closed)."""

    status: int
    body: bytes | IO[bytes] = b""
    headers: list[tuple[str, str]] = field(default_factory=list)

    @classmethod
    def text(cls, status: int, message: str, **headers: str) -> Reply:
        """A one-line plain text answer (errors): never HTML, so nothing in it is read as markup."""
        line = " ".join(message.split())
        return cls(
            status,
            (line + "\n").encode("utf-8"),
            [("Content-Type", "text/plain; charset=utf-8"), *((k.replace("_", "-"), v) for k, v in headers.items())],
        )


def negotiate(accept: str, graph: bool):
    """The format to answer in: the first the ``Accept`` header lists (by its q values) that the
    answer can take; the default one for ``*/*`` or no header; None when nothing listed fits."""
    choices = []
    for n, item in enumerate(accept.split(",")):
        media, *params = (p.strip() for p in item.split(";"))
        q = 1.0
        for p in params:
            name, _, value = p.partition("=")
            if name.strip().lower() == "q":
                try:
                    q = float(value)
                except ValueError:
                    q = 0.0
        if media and q > 0:
            choices.append((-q, n, media.lower()))
    if not choices:
        return DEFAULT_GRAPH if graph else DEFAULT_RESULTS
    for _, _, media in sorted(choices):
        if media in ("*/*", "*"):
            return DEFAULT_GRAPH if graph else DEFAULT_RESULTS
        if graph:
            fmt = ox.RdfFormat.from_media_type(media)
            if fmt is not None and fmt in _NO_DATASETS:
                return fmt
        else:
            results_format = ox.QueryResultsFormat.from_media_type(media)
            if results_format is not None:
                return results_format
        if media.endswith("/*"):
            default = DEFAULT_GRAPH if graph else DEFAULT_RESULTS
            if default.media_type.startswith(media[:-1]):
                return default
    return None


def graphs_of(iris: list[str], what: str) -> list[ox.NamedNode]:
    """Protocol parameters naming graphs (``default-graph-uri``, ...) as IRIs.

    Raises:
        QueryError: one is not an IRI.
    """
    try:
        return [ox.NamedNode(iri) for iri in iris]
    except ValueError:
        raise QueryError(f"{what}: give absolute IRIs") from None


def query(
    store: ox.Store,
    text: str,
    accept: str,
    *,
    timeout: float | None,
    guard=None,
    running: set | None = None,
    default_graph: list | None = None,
    named_graphs: list | None = None,
) -> Reply:
    """Answer a SPARQL query, in the negotiated format; with ``timeout``, stopped at the deadline
    (``guard`` and ``running``: see :func:`kg.query.deadline.run_forked`)."""
    results_format, graph_format = negotiate(accept, False), negotiate(accept, True)

    def work(out: IO[bytes]) -> bytes:
        res = store_query(store, text, default_graph=default_graph, named_graphs=named_graphs)
        fmt = graph_format if isinstance(res, ox.QueryTriples) else results_format
        if fmt is None:
            return b"N"
        res.serialize(out, format=fmt)
        return b"T" if isinstance(res, ox.QueryTriples) else b"R"

    sink = tempfile.TemporaryFile()  # noqa: SIM115 - closed here on failure, else by the reply that streams it
    try:
        if timeout:
            kind = run_forked(work, sink, "query", timeout, text=text, guard=guard, running=running)
        else:
            kind = work(sink)
    except QueryTimeoutError:
        sink.close()
        return Reply.text(
            503,
            f"the query ran longer than {timeout:g} s (the server's --timeout) and was stopped; "
            "narrow it, add a LIMIT, or ask for a longer timeout",
        )
    except SyntaxError as err:
        sink.close()
        return Reply.text(400, f"query: {syntax_message(err, text)}")
    except QueryError as err:
        sink.close()
        return Reply.text(400, str(err))
    except (OSError, RuntimeError, ValueError) as err:
        sink.close()
        return Reply.text(500, f"query: the store failed: {err}")
    if kind == b"N":
        sink.close()
        return Reply.text(
            406,
            "none of the formats the Accept header lists can hold this answer; ask for "
            "application/sparql-results+json or text/csv (SELECT, ASK), text/turtle or "
            "application/n-triples (CONSTRUCT, DESCRIBE)",
        )
    fmt = graph_format if kind == b"T" else results_format
    return _file_reply(200, sink, fmt.media_type)


def _file_reply(status: int, sink: IO[bytes], media_type: str) -> Reply:
    sink.flush()
    size = sink.seek(0, 2)
    sink.seek(0)
    if "charset" not in media_type and not media_type.startswith("application/"):
        media_type += "; charset=utf-8"
    return Reply(status, sink, [("Content-Type", media_type), ("Content-Length", str(size)), ("Vary", "Accept")])


def update(store: ox.Store, text: str, lock: threading.Lock) -> Reply:
    """Run a SPARQL update (one write at a time; Oxigraph applies it whole or not at all)."""
    try:
        with lock:
            store_update(store, text)
    except SyntaxError as err:
        return Reply.text(400, f"update: {syntax_message(err, text)}")
    except (OSError, RuntimeError, ValueError) as err:
        return Reply.text(400 if isinstance(err, ValueError) else 500, f"update: {err}")
    return Reply(204)


# -- the Graph Store Protocol (/store) ------------------------------------------------------------


def _target(params: dict[str, list[str]]) -> ox.NamedNode | ox.DefaultGraph | str | None:
    """``?graph=IRI`` -> its name, ``?default`` -> the default graph, neither -> None (the whole
    dataset); a message (str) when the parameters make no sense."""
    graphs = params.get("graph", [])
    if "default" in params:
        return "give either ?default or ?graph=IRI" if graphs else ox.DefaultGraph()
    if len(graphs) > 1:
        return "give one ?graph=IRI"
    if graphs:
        try:
            return ox.NamedNode(graphs[0])
        except ValueError:
            return f"?graph={graphs[0][:80]!r} is not an absolute IRI"
    return None


def read_graph(store: ox.Store, params: dict[str, list[str]], accept: str) -> Reply:
    """GET /store: a graph (``?graph=IRI``, ``?default``) in a triples format, or the whole dataset in N-Quads or TriG."""
    target = _target(params)
    if isinstance(target, str):
        return Reply.text(400, target)
    if target is None:
        fmt = ox.RdfFormat.TRIG if "trig" in accept.lower() else ox.RdfFormat.N_QUADS
        quads: Iterable[ox.Quad] | Iterable[ox.Triple] = store.quads_for_pattern(None, None, None, None)
    else:
        fmt = negotiate(accept, True)
        if fmt is None:
            return Reply.text(406, "ask for text/turtle, application/n-triples or application/rdf+xml")
        if isinstance(target, ox.NamedNode) and not store.contains_named_graph(target):
            return Reply.text(404, f"no graph <{target.value}> in this store")
        quads = (q.triple for q in store.quads_for_pattern(None, None, None, target))
    sink = tempfile.TemporaryFile()  # noqa: SIM115 - closed here on failure, else by the reply that streams it
    try:
        ox.serialize(quads, sink, format=fmt)
    except (OSError, ValueError) as err:
        sink.close()
        return Reply.text(500, f"the store failed: {err}")
    return _file_reply(200, sink, fmt.media_type)


def write_graph(
    store: ox.Store, method: str, params: dict[str, list[str]], content_type: str, body: bytes, lock: threading.Lock
) -> Reply:
    """PUT (replace), POST (add to) or DELETE a graph of the store; PUT and POST without a graph
    take a dataset (N-Quads, TriG): PUT then replaces every graph it names."""
    target = _target(params)
    if isinstance(target, str):
        return Reply.text(400, target)
    if method == "DELETE":
        return _delete(store, target, lock)
    media = content_type.split(";")[0].strip().lower()
    fmt = ox.RdfFormat.from_media_type(media) if media else None
    if fmt is None:
        return Reply.text(
            415,
            f"send the graph as RDF (text/turtle, application/n-triples, application/n-quads, "
            f"...), not {media[:80] or 'without a Content-Type'}",
        )
    if target is not None and fmt.supports_datasets:
        return Reply.text(
            415, f"send one graph in a format of triples (text/turtle, application/n-triples), not {fmt.name}"
        )
    # triples outside a named graph go to the target graph; in a dataset they are an error (one graph a document)
    graph = target.value if isinstance(target, ox.NamedNode) else DATA_GRAPH if target is not None else None
    try:
        parsed = rdffiles.read(Path("request body"), graph, data=body, fmt=fmt)
    except rdffiles.GraphFileError as err:
        return Reply.text(400, str(err))
    if isinstance(target, ox.DefaultGraph):
        return _into_default(store, method, parsed, lock)
    with lock:
        existed = target is not None and store.contains_named_graph(target)
        if method == "PUT":
            if target is not None and not parsed.graphs:  # an empty graph
                store.remove_graph(target)
                store.add_graph(target)
            else:
                load_graphs(store, parsed, target="kg serve")  # each graph replaced, all in one transaction
        else:
            store.extend(
                ox.Quad(t.subject, t.predicate, t.object, ox.NamedNode(iri))
                for iri, triples in parsed.graphs.items()
                for t in triples
            )
            if target is not None:
                store.add_graph(target)
    return Reply(201 if target is not None and not existed else 204)


def _into_default(store: ox.Store, method: str, parsed, lock: threading.Lock) -> Reply:
    """PUT or POST triples into the store's default graph."""
    triples = [t for ts in parsed.graphs.values() for t in ts]
    with lock:
        if method == "PUT":
            store.clear_graph(ox.DefaultGraph())
        store.extend(ox.Quad(t.subject, t.predicate, t.object, ox.DefaultGraph()) for t in triples)
    return Reply(204)


def _delete(store: ox.Store, target, lock: threading.Lock) -> Reply:
    with lock:
        if target is None:
            store.clear()
        elif isinstance(target, ox.DefaultGraph):
            store.clear_graph(target)
        elif store.contains_named_graph(target):
            store.remove_graph(target)
        else:
            return Reply.text(404, f"no graph <{target.value}> in this store")
    return Reply(204)
