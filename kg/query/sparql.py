"""Queries: stored competency questions, safe parameters, running on Oxigraph, formatting results.

Queries run on Oxigraph (pyoxigraph for the embedded store) or on a SPARQL endpoint
(:mod:`kg.store.remote`), never on rdflib's engine. The default graph is the union of the
document graphs, so a query need not name them.

Stored queries live in ``ontology/queries/NAME.rq``. Their header comments say what they
answer and which parameters they take::

    # Question: What did one person do, in time order?
    # Param: person - the person's name

A parameter is bound as an RDF term, never pasted into the query text: a ``VALUES`` block of
escaped terms opens the WHERE clause, on the embedded store as on an endpoint. (Oxigraph's
substitutions would do too, but its planner does not start from a substituted variable: on a
million triples a one-person query took 0.5 s with them and under 1 ms with the block.)
A parameter declared ``(folded)`` is given to the query folded (:func:`kg.model.fold`: case,
accents and hyphens do not count), to be matched against the ``skos:hiddenLabel`` keys the
mapping writes for every name: an index look-up instead of a scan of every label.

What is read from a query's text before it runs (variables, prefixes, the WHERE clause) is in
:mod:`kg.query.syntax`; results and their formats are in :mod:`kg.query.results`. Their
names are importable from here too.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from pathlib import Path

import pyoxigraph as ox

from kg.model import fold
from kg.ontology.paths import ontology_dir
from kg.query.deadline import QueryTimeoutError, run_bounded
from kg.query.fetch import refuse_fetching
from kg.query.results import (
    CELL,
    FORMATS,
    Results,
    count_line,
    display_rows,
    distinct_rows,
    format_results,
    from_oxigraph,
    iris_of,
    label_query,
    labels_from,
    ontology_labels,
    page_of,
)
from kg.query.syntax import (
    PREFIXES,
    QueryError,
    bind_values,
    code_of,
    counted,
    is_distinct,
    paged,
    query_form,
    query_prefixes,
    store_query,
    syntax_message,
    with_prefixes,
)

__all__ = [
    "CELL",
    "FORMATS",
    "PREFIXES",
    "QueryError",
    "QueryText",
    "QueryTimeoutError",
    "Results",
    "StoredQuery",
    "answer",
    "bind_values",
    "check_params",
    "count_line",
    "count_store",
    "display_rows",
    "distinct_rows",
    "format_results",
    "from_oxigraph",
    "iris_of",
    "is_distinct",
    "label_query",
    "labels_from",
    "ontology_labels",
    "page_of",
    "parse_params",
    "queries_dir",
    "query_form",
    "query_prefixes",
    "resolve",
    "run_store",
    "stored",
    "stored_queries",
    "syntax_message",
    "with_prefixes",
]


@dataclass(frozen=True)
class StoredQuery:
    """A competency question kept in ``ontology/queries/NAME.rq``."""

    name: str
    path: Path
    question: str
    params: dict[str, str]  # name -> what to give
    text: str
    folded: frozenset[str] = frozenset()  # parameters given folded (``# Param: NAME (folded) - ...``)


def queries_dir() -> Path:
    """The folder of the stored queries.

    Raises:
        QueryError: it is missing (an ontology folder without its queries).
    """
    folder = ontology_dir() / "queries"
    if not folder.is_dir():
        raise QueryError(f"{folder}: the stored queries' folder is missing; is KG_ONTOLOGY an ontology folder?")
    return folder


def stored_queries() -> list[StoredQuery]:
    """Every stored query, by name."""
    return [_read_stored(p) for p in sorted(queries_dir().glob("*.rq"))]


def _read_stored(path: Path) -> StoredQuery:
    text = path.read_text(encoding="utf-8")
    question, params, folded = "", {}, set()
    for line in text.splitlines():
        if not line.startswith("#"):
            break
        body = line.lstrip("#").strip()
        if body.lower().startswith("question:"):
            question = body.split(":", 1)[1].strip()
        elif body.lower().startswith("param:"):
            name, _, what = body.split(":", 1)[1].strip().partition(" ")
            name, what = name.lstrip("?$"), what.strip()
            if what.startswith("(folded)"):
                folded.add(name)
                what = what[len("(folded)") :]
            params[name] = what.strip(" -—")
    return StoredQuery(path.stem, path, question, params, text, frozenset(folded))


def stored(name: str) -> StoredQuery:
    """The stored query called ``name`` (with or without ``.rq``)."""
    path = queries_dir() / (name if name.endswith(".rq") else f"{name}.rq")
    if not path.is_file():
        names = ", ".join(q.name for q in stored_queries()) or "none"
        raise QueryError(f"no stored query {name!r}; stored queries: {names} (kg query --list)")
    return _read_stored(path)


@dataclass
class QueryText:
    """A query to run, and where it came from (for messages)."""

    text: str
    source: str = "query"
    stored: StoredQuery | None = None


def resolve(arg: str) -> QueryText:
    """A SPARQL string, a ``.rq`` file or the name of a stored query -> the query to run."""
    if "\n" not in arg and len(arg) < 4096:
        path = Path(arg)
        # os.path.isfile: a query longer than a file name can be is no file (Path.is_file raises ENAMETOOLONG)
        if os.path.isfile(arg) and (path.suffix in (".rq", ".sparql") or "/" in arg or os.sep in arg):
            try:
                return QueryText(path.read_text(encoding="utf-8"), str(path))
            except (OSError, UnicodeDecodeError) as err:
                raise QueryError(f"{path}: cannot read it ({err})") from None
        if path.suffix in (".rq", ".sparql") and not (queries_dir() / path.name).is_file():
            raise QueryError(f"{arg}: no such file (and no stored query of that name: kg query --list)")
        if re.fullmatch(r"[\w.-]+", arg):
            q = stored(arg)
            return QueryText(q.text, _relative(q.path), q)
    return QueryText(arg)


def _relative(path: Path) -> str:
    rel = os.path.relpath(path)
    return rel if not rel.startswith("..") else str(path)


def parse_params(pairs: tuple[str, ...] | list[str]) -> dict[str, str]:
    """``["person=Ana Lopes"]`` -> ``{"person": "Ana Lopes"}``."""
    params = {}
    for pair in pairs:
        name, sep, value = pair.partition("=")
        name = name.strip().lstrip("?$")
        if not sep or not re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*", name):
            raise QueryError(f'--param {pair!r}: give NAME=VALUE, e.g. --param person="Ana Lopes"')
        params[name] = value
    return params


def check_params(q: QueryText, params: dict[str, str]) -> dict[str, ox.Literal]:
    """The parameters as RDF literals, after checking the query uses each and gets what it needs."""
    if q.stored is not None:
        missing = [p for p in q.stored.params if p not in params]
        if missing:
            raise QueryError(
                f"{q.stored.name} needs "
                + ", ".join(f"--param {p}=VALUE ({q.stored.params[p] or 'a value'})" for p in missing)
            )
    for name in params:
        if not re.search(rf"[?$]{re.escape(name)}\b", code_of(q.text)):
            raise QueryError(f"--param {name}: the query has no variable ?{name}")
    folded = q.stored.folded if q.stored is not None else frozenset()
    return {name: ox.Literal(fold(value) if name in folded else value) for name, value in params.items()}


def run_store(
    store: ox.Store,
    q: QueryText,
    params: dict[str, str] | None = None,
    *,
    timeout: float | None = None,
    allow_fetch: bool = False,
    offset: int = 0,
    limit: int | None = None,
) -> Results:
    """Run a query on the embedded store, the default graph being the union of all graphs.

    Args:
        timeout: seconds after which the query is stopped (in a child process killed then:
            :mod:`kg.query.deadline`); None: no limit.
        allow_fetch: let the query fetch URLs (``SERVICE``); refused by default, since Oxigraph
            would send the request from this machine to wherever the query says.
        offset, limit: a SELECT gives the page of ``limit`` rows after the first ``offset``: the store
            is asked for that page (``LIMIT``/``OFFSET`` after the query's own modifiers), so it stops
            once the page is full unless the query sorts or groups every row first; the answer's size
            is then left to :func:`count_store` (``Results.more`` says whether rows follow). A query
            with a LIMIT, OFFSET or trailing VALUES of its own runs whole, and the page is cut from it.

    Raises:
        QueryError: bad syntax (message with line and column), a parameter the query cannot take,
            or a SERVICE clause not allowed.
        QueryTimeoutError: it ran longer than ``timeout`` seconds, and was stopped.
    """
    text = bind_values(q.text, check_params(q, params or {}))
    if not allow_fetch:
        refuse_fetching(text, q.source, "kg query --allow-fetch, run_store(..., allow_fetch=True)")
    page = paged(text, offset, limit + 1) if limit is not None else None

    def attempt(query: str, pushed: bool) -> Results:
        evaluate = lambda: store_query(store, query)  # noqa: E731
        if timeout is not None:
            return _cut(run_bounded(evaluate, q.text, q.source, timeout), offset, limit, pushed)
        return from_oxigraph(evaluate(), offset=offset, limit=limit, pushed=pushed)

    try:
        try:
            return attempt(page or text, page is not None)
        except (SyntaxError, QueryError) as err:
            if page is None or isinstance(err, QueryTimeoutError):
                raise
            # said of the query as written (its lines and columns), or, if the page's LIMIT was what
            # did not parse, the query runs whole and the page is cut from it
            return attempt(text, False)
    except SyntaxError as err:
        raise QueryError(f"{q.source}: {syntax_message(err, q.text)}") from None
    except (OSError, RuntimeError, ValueError) as err:
        raise QueryError(f"{q.source}: {err}") from None


def _cut(results: Results, offset: int, limit: int | None, pushed: bool) -> Results:
    """The page of a bounded query's whole results, as :func:`kg.query.results.from_oxigraph` cuts it."""
    if results.kind != "select" or (limit is None and not offset):
        return results
    rows = results.rows
    if pushed:
        more = limit is not None and len(rows) > limit
        return Results(
            results.variables,
            rows[:limit] if more else rows,
            offset=offset,
            more=more,
            total=None if more or (offset and not rows) else offset + len(rows),
        )
    shown = rows[offset:] if limit is None else rows[offset : offset + limit]
    return Results(results.variables, shown, total=len(rows), offset=offset, more=len(rows) > offset + len(shown))


def count_store(
    store: ox.Store, q: QueryText, params: dict[str, str] | None = None, *, timeout: float | None = None
) -> int:
    """The rows of a SELECT's whole answer, counted by the store (``COUNT(*)`` around the query: no row
    becomes Python terms), or by running it whole when it cannot be wrapped (a FROM clause)."""
    wrapped = counted(bind_values(q.text, check_params(q, params or {})))  # bound inside, where its variables are
    if wrapped is None:
        return len(run_store(store, q, params, timeout=timeout).rows)
    results = run_store(store, QueryText(wrapped, q.source), None, timeout=timeout)
    return int(results.values()[0][0])


def answer(run, q: QueryText, params: dict[str, str] | None = None, **page) -> tuple[Results, dict[str, str]]:
    """Run ``q`` with ``run(query, params, **page)`` and look up, the same way, labels for the IRIs it returns.

    ``run`` is ``lambda q, p, **page: run_store(store, q, p, **page)`` or ``Endpoint(url).query``;
    ``page`` is ``offset`` and ``limit`` (a page of the rows: the labels looked up are the page's).
    """
    results = run(q, params, **page)
    iris = iris_of(results) if results.kind == "select" else []
    labels = labels_from(run(QueryText(label_query(iris), "label lookup"), None)) if iris else {}
    return results, labels
