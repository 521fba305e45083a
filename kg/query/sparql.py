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
"""

from __future__ import annotations

import csv
import io
import json
import os
import re
import threading
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

import pyoxigraph as ox

from kg.errors import KgError
from kg.rdf.mapping import DEFAULT_BASE
from kg.model import fold
from kg.ontology.paths import ontology_dir
from kg.ontology.vocab import NS

FORMATS = ("table", "csv", "tsv", "json")
#: prefixes used to shorten IRIs that have no label, in tables
PREFIXES = {"kg": NS, "rdf": "http://www.w3.org/1999/02/22-rdf-syntax-ns#",
            "rdfs": "http://www.w3.org/2000/01/rdf-schema#", "xsd": "http://www.w3.org/2001/XMLSchema#",
            "skos": "http://www.w3.org/2004/02/skos/core#", "owl": "http://www.w3.org/2002/07/owl#",
            **{p: f"{DEFAULT_BASE}{p}/" for p in ("person", "party", "org", "legislature", "office", "motion",
                                                   "doc", "event", "graph")}}
#: widest cell in a table, in characters
CELL = 60


class QueryError(KgError):
    """A query that cannot be run: bad syntax (with line and column), unknown name, bad parameter."""


class QueryTimeoutError(QueryError):
    """A query that ran longer than its timeout."""


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
    return ontology_dir() / "queries"


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
                what = what[len("(folded)"):]
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
        if path.is_file() and (path.suffix in (".rq", ".sparql") or "/" in arg or os.sep in arg):
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
            raise QueryError(f"--param {pair!r}: give NAME=VALUE, e.g. --param person=\"Ana Lopes\"")
        params[name] = value
    return params


def check_params(q: QueryText, params: dict[str, str]) -> dict[str, ox.Literal]:
    """The parameters as RDF literals, after checking the query uses each and gets what it needs."""
    if q.stored is not None:
        missing = [p for p in q.stored.params if p not in params]
        if missing:
            raise QueryError(f"{q.stored.name} needs " + ", ".join(
                f"--param {p}=VALUE ({q.stored.params[p] or 'a value'})" for p in missing))
    for name in params:
        if not re.search(rf"[?$]{re.escape(name)}\b", _code(q.text)):
            raise QueryError(f"--param {name}: the query has no variable ?{name}")
    folded = q.stored.folded if q.stored is not None else frozenset()
    return {name: ox.Literal(fold(value) if name in folded else value) for name, value in params.items()}


@dataclass
class Results:
    """What a query returned: rows of a SELECT, the answer of an ASK, or triples."""

    variables: list[str] = field(default_factory=list)
    rows: list[dict[str, object]] = field(default_factory=list)  # variable -> pyoxigraph term (absent: unbound)
    boolean: bool | None = None
    triples: list[ox.Triple] | None = None

    @property
    def kind(self) -> str:
        return "ask" if self.boolean is not None else "graph" if self.triples is not None else "select"

    def values(self) -> list[tuple[str, ...]]:
        """Rows as tuples of plain values ('' when unbound), e.g. to compare stores."""
        return [tuple(_plain(r.get(v)) for v in self.variables) for r in self.rows]


def from_oxigraph(res) -> Results:
    """Results from pyoxigraph's ``QuerySolutions``, ``QueryBoolean`` or ``QueryTriples``."""
    if isinstance(res, ox.QueryBoolean):
        return Results(boolean=bool(res))
    if isinstance(res, ox.QuerySolutions):
        names = [v.value for v in res.variables]
        rows = []
        for sol in res:
            row = {}
            for n in names:
                term = sol[n]
                if term is not None:
                    row[n] = term
            rows.append(row)
        return Results(names, rows)
    return Results(triples=list(res))


def run_store(store: ox.Store, q: QueryText, params: dict[str, str] | None = None, *,
              timeout: float | None = None) -> Results:
    """Run a query on the embedded store, the default graph being the union of all graphs.

    Raises:
        QueryError: bad syntax (message with line and column), or a parameter the query cannot take.
        QueryTimeoutError: it ran longer than ``timeout`` seconds.
    """
    text = bind_values(q.text, check_params(q, params or {}))
    outcome: dict[str, object] = {}

    def work() -> None:  # pyoxigraph releases the GIL while it evaluates, so the caller can give up
        try:
            outcome["results"] = from_oxigraph(store.query(text, use_default_graph_as_union=True, prefixes=PREFIXES))
        except BaseException as err:  # handed to the caller's thread
            outcome["error"] = err

    if timeout is None:
        work()
    else:
        worker = threading.Thread(target=work, name="kg-query", daemon=True)
        worker.start()
        worker.join(timeout)
        if worker.is_alive():
            raise QueryTimeoutError(f"{q.source}: the query ran longer than {timeout:g} s (--timeout); "
                                    "narrow it, add a LIMIT, or give it more time")
    err = outcome.get("error")
    if isinstance(err, SyntaxError):
        raise QueryError(f"{q.source}: {syntax_message(err, q.text)}") from None
    if isinstance(err, (OSError, RuntimeError, ValueError)):
        raise QueryError(f"{q.source}: {err}") from None
    if err is not None:
        raise err
    return outcome["results"]  # type: ignore[return-value]


def syntax_message(err: SyntaxError, text: str | None = None) -> str:
    """pyoxigraph's 'error at 2:9: expected ...' as 'line 2, column 9: expected ...'.

    The parser reports where it gave up, which after trailing spaces or line breaks is the
    start of the next line; given the query ``text``, the position moves back to just after
    the last thing written before it.
    """
    message = str(getattr(err, "msg", None) or err)
    m = re.match(r"error at (\d+):(\d+)(?:-\d+:\d+)?: (.*)", message, re.S)
    if not m:
        return message
    line, column = int(m.group(1)), int(m.group(2))
    if text is not None:
        lines = text.split("\n")
        offset = sum(len(x) + 1 for x in lines[:line - 1]) + column - 1
        if offset >= len(text) or text[offset].isspace():
            while offset > 0 and text[offset - 1].isspace():
                offset -= 1
            line = text.count("\n", 0, offset) + 1
            column = offset - (text.rfind("\n", 0, offset) + 1) + 1
    detail = " ".join(m.group(3).split())  # one line; the parser's lists of expected tokens can be long
    if len(detail) > 240:
        detail = detail[:239] + "…"
    return f"line {line}, column {column}: {detail}"


def _code(text: str) -> str:
    """The query without its comments and string literals (where variables cannot hide)."""
    return "".join(text[a:b] for kind, a, b in _tokens(text) if kind == "code")


_STRING = re.compile(r'"""(?:[^"\\]|\\.|"(?!""))*"""|\'\'\'(?:[^\'\\]|\\.|\'(?!\'\'))*\'\'\'|"(?:[^"\\\n]|\\.)*"|'
                     r"'(?:[^'\\\n]|\\.)*'", re.S)
_IRI = re.compile(r"<[^<>\"{}|^`\\\x00-\x20]*>")


def _tokens(text: str):
    """(kind, start, end) spans of a query: 'code', 'string', 'iri' and 'comment'."""
    i, start, n = 0, 0, len(text)
    while i < n:
        c = text[i]
        m = None
        if c == "#":
            end = text.find("\n", i)
            end = n if end < 0 else end
            yield "code", start, i
            yield "comment", i, end
            i = start = end
            continue
        if c in "\"'":
            m = _STRING.match(text, i)
            kind = "string"
        elif c == "<":
            m = _IRI.match(text, i)
            kind = "iri"
        if m:
            yield "code", start, i
            yield kind, i, m.end()
            i = start = m.end()
            continue
        i += 1
    yield "code", start, n


def with_prefixes(text: str) -> str:
    """Declare the usual prefixes (kg:, rdfs:, skos:, xsd:, person:, ...) a query uses without declaring.

    The embedded store gets them from Oxigraph's ``prefixes`` option; an endpoint needs them in
    the text. They go on the first line, so error lines still match the text the user wrote.
    """
    declared = query_prefixes(text)
    code = _code(text)
    used = [f"PREFIX {p}: <{ns}>" for p, ns in PREFIXES.items()
            if p not in declared and re.search(rf"(?<![\w\-.]){p}:", code)]
    return " ".join(used) + " " + text if used else text


def bind_values(text: str, params: dict[str, ox.Literal]) -> str:
    """The query with ``VALUES ?name { term }`` opening its WHERE clause, for each parameter.

    Terms are written by pyoxigraph in N-Triples syntax, which escapes quotes, backslashes and
    line breaks, so a value can never end the literal and inject SPARQL. No line is added, so
    error positions still match the text the user wrote.
    """
    if not params:
        return text
    where = _where_brace(text)
    if where is None:
        raise QueryError("cannot find the query's WHERE clause to bind parameters to")
    block = " ".join(f"VALUES ?{name} {{ {term} }}" for name, term in params.items())
    return f"{text[:where]} {block} {text[where:]}"


def query_form(text: str) -> str | None:
    """SELECT, ASK, CONSTRUCT or DESCRIBE (None for something else, e.g. an update)."""
    for kind, a, b in _tokens(text):
        if kind == "code":
            m = re.search(r"(?i)\b(SELECT|ASK|CONSTRUCT|DESCRIBE|INSERT|DELETE|LOAD|CLEAR|DROP|CREATE)\b", text[a:b])
            if m:
                up = m.group(1).upper()
                return up if up in ("SELECT", "ASK", "CONSTRUCT", "DESCRIBE") else None
    return None


def is_distinct(text: str) -> bool:
    """Whether the query's outermost SELECT is SELECT DISTINCT (or REDUCED)."""
    code = _code(text)
    m = re.search(r"(?i)\bSELECT\s+(DISTINCT|REDUCED)?", code)
    return bool(m and m.group(1))


def distinct_rows(results: Results) -> Results:
    """``results`` without repeated rows, in their order."""
    seen, rows = set(), []
    for row in results.rows:
        key = tuple(str(row.get(v)) for v in results.variables)
        if key not in seen:
            seen.add(key)
            rows.append(row)
    return Results(results.variables, rows)


def _where_brace(text: str) -> int | None:
    """Offset just after the '{' that opens the outermost WHERE group."""
    form, seen_where, depth, parens = None, False, 0, 0
    for kind, a, b in _tokens(text):
        if kind != "code":
            continue
        for m in re.finditer(r"[A-Za-z_]+|[{}()]", text[a:b]):
            tok = m.group(0)
            if tok == "(":
                parens += 1
            elif tok == ")":
                parens -= 1
            elif tok == "{":
                if depth == 0 and parens == 0 and (seen_where or form in ("SELECT", "ASK", "DESCRIBE")):
                    return a + m.end()
                depth += 1
            elif tok == "}":
                depth -= 1
            elif depth == 0 and parens == 0:
                up = tok.upper()
                if up == "WHERE":
                    seen_where = True
                elif up in ("SELECT", "ASK", "DESCRIBE", "CONSTRUCT") and form is None:
                    form = up
    return None


# --- presenting results ----------------------------------------------------------------------

def answer(run, q: QueryText, params: dict[str, str] | None = None) -> tuple[Results, dict[str, str]]:
    """Run ``q`` with ``run(query, params)`` and look up, the same way, labels for the IRIs it returns.

    ``run`` is ``lambda q, p: run_store(store, q, p)`` or ``Endpoint(url).query``.
    """
    results = run(q, params)
    iris = iris_of(results) if results.kind == "select" else []
    labels = labels_from(run(QueryText(label_query(iris), "label lookup"), None)) if iris else {}
    return results, labels


def display_rows(results: Results, labels: dict[str, str] | None = None,
                 prefixes: dict[str, str] | None = None) -> list[dict[str, str]]:
    """A SELECT's rows as readable text: labels (or prefixed names) for IRIs, values of literals."""
    labels = {**ontology_labels(), **(labels or {})}
    prefixes = {**PREFIXES, **(prefixes or {})}
    return [{v: _display(row.get(v), labels, prefixes) for v in results.variables} for row in results.rows]


def label_query(iris: list[str]) -> str:
    """A query for the labels of some IRIs (rdfs:label, else a document's kg:title)."""
    values = " ".join(str(ox.NamedNode(i)) for i in iris)
    return ("SELECT ?s ?label ?kind WHERE { VALUES ?s { " + values + " } "
            "{ ?s <http://www.w3.org/2000/01/rdf-schema#label> ?label . BIND(1 AS ?kind) } UNION "
            f"{{ ?s <{NS}title> ?label . BIND(2 AS ?kind) }} }}")


def labels_from(results: Results) -> dict[str, str]:
    """IRI -> label from the rows of :func:`label_query` (rdfs:label first, then the smallest)."""
    best: dict[str, tuple[str, str]] = {}
    for row in results.rows:
        s, label, kind = row.get("s"), row.get("label"), row.get("kind")
        if isinstance(s, ox.NamedNode) and label is not None:
            key = (_plain(kind), _plain(label))
            if s.value not in best or key < best[s.value]:
                best[s.value] = key
    return {iri: label for iri, (_, label) in best.items()}


def iris_of(results: Results) -> list[str]:
    """The IRIs in a SELECT's rows, outside the ontology's namespace, sorted."""
    return sorted({t.value for r in results.rows for t in r.values()
                   if isinstance(t, ox.NamedNode) and not t.value.startswith(NS)})


@cache
def ontology_labels() -> dict[str, str]:
    """Labels of the ontology's own terms (classes, properties), read from ``ontology/kg.ttl``."""
    out: dict[str, str] = {}
    try:
        for q in ox.parse(path=str(ontology_dir() / "kg.ttl"), format=ox.RdfFormat.TURTLE):
            if q.predicate.value == "http://www.w3.org/2000/01/rdf-schema#label" and isinstance(q.subject, ox.NamedNode):
                if isinstance(q.object, ox.Literal) and q.object.language in (None, "en"):
                    out.setdefault(q.subject.value, q.object.value)
    except (OSError, SyntaxError):
        pass
    return out


def format_results(results: Results, fmt: str = "table", labels: dict[str, str] | None = None,
                   prefixes: dict[str, str] | None = None) -> str:
    """Results as text: an aligned ``table`` (labels instead of IRIs), or SPARQL ``csv``/``tsv``/``json``.

    ASK answers print as ``yes``/``no`` (``true``/``false`` in csv/tsv); CONSTRUCT and DESCRIBE
    results as Turtle (table), N-Triples (csv, tsv) or JSON-LD (json).
    """
    if results.kind == "ask":
        if fmt == "json":
            return json.dumps({"head": {}, "boolean": results.boolean}) + "\n"
        return ("yes" if results.boolean else "no") + "\n" if fmt == "table" else str(results.boolean).lower() + "\n"
    if results.kind == "graph":
        rdf = {"table": ox.RdfFormat.TURTLE, "json": ox.RdfFormat.JSON_LD}.get(fmt, ox.RdfFormat.N_TRIPLES)
        return ox.serialize(results.triples, format=rdf).decode("utf-8")
    if fmt == "csv":
        buf = io.StringIO()
        w = csv.writer(buf)  # SPARQL 1.1 CSV: plain values, CRLF line ends
        w.writerow(results.variables)
        for row in results.rows:
            w.writerow([_plain(row.get(v)) for v in results.variables])
        return buf.getvalue()
    if fmt == "tsv":  # SPARQL 1.1 TSV: terms in N-Triples syntax
        lines = ["\t".join(f"?{v}" for v in results.variables)]
        lines += ["\t".join(str(row[v]) if v in row else "" for v in results.variables) for row in results.rows]
        return "\n".join(lines) + "\n"
    if fmt == "json":
        return json.dumps({"head": {"vars": results.variables},
                           "results": {"bindings": [{v: _json_term(t) for v, t in row.items()}
                                                    for row in results.rows]}}, ensure_ascii=False, indent=1) + "\n"
    if fmt != "table":
        raise QueryError(f"unknown format {fmt!r}; choose one of {', '.join(FORMATS)}")
    return _table(results, display_rows(results, labels, prefixes))


def _table(results: Results, rows: list[dict[str, str]]) -> str:
    if not results.variables:
        return "(no columns)\n"
    cells = [[_cell(row[v]) for v in results.variables] for row in rows]
    widths = [max([len(v)] + [len(r[i]) for r in cells]) for i, v in enumerate(results.variables)]
    lines = ["  ".join(v.ljust(w) for v, w in zip(results.variables, widths)).rstrip(),
             "  ".join("-" * w for w in widths)]
    lines += ["  ".join(c.ljust(w) for c, w in zip(r, widths)).rstrip() for r in cells]
    n = len(results.rows)
    lines.append(f"({n} row{'s' * (n != 1)})")
    return "\n".join(lines) + "\n"


def _display(term, labels: dict[str, str], prefixes: dict[str, str]) -> str:
    if term is None:
        return ""
    if isinstance(term, ox.NamedNode):
        text = labels.get(term.value) or _compact(term.value, prefixes)
    elif isinstance(term, ox.Literal):
        text = term.value
    else:
        text = str(term)
    return " ".join(text.split())


def _cell(text: str) -> str:
    return text if len(text) <= CELL else text[:CELL - 1] + "…"


def _compact(iri: str, prefixes: dict[str, str]) -> str:
    best = max((ns for ns in prefixes.values() if iri.startswith(ns)), key=len, default=None)
    if best is None:
        return f"<{iri}>"
    prefix = next(p for p, ns in prefixes.items() if ns == best)
    return f"{prefix}:{iri[len(best):]}"


def query_prefixes(text: str) -> dict[str, str]:
    """The PREFIX declarations of a query."""
    return {m.group(1): m.group(2) for m in re.finditer(r"(?im)^\s*PREFIX\s+([\w-]*):\s*<([^>]*)>", text)}


def _plain(term) -> str:
    if term is None:
        return ""
    if isinstance(term, (ox.NamedNode, ox.Literal)):
        return term.value
    return str(term)


def _json_term(term) -> dict:
    if isinstance(term, ox.NamedNode):
        return {"type": "uri", "value": term.value}
    if isinstance(term, ox.BlankNode):
        return {"type": "bnode", "value": term.value}
    if isinstance(term, ox.Literal):
        out = {"type": "literal", "value": term.value}
        if term.language:
            out["xml:lang"] = term.language
        elif term.datatype.value != "http://www.w3.org/2001/XMLSchema#string":
            out["datatype"] = term.datatype.value
        return out
    return {"type": "triple", "value": str(term)}
