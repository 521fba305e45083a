"""Reading SPARQL text without parsing it: tokens, prefixes, parameters bound as VALUES, the query form.

What kg needs to know about a query before a store sees it (which variables it uses outside
comments and strings, which prefixes it declares, where its WHERE clause opens, whether it is
a SELECT DISTINCT), and pyoxigraph's syntax errors as "line L, column C: ...".
"""

from __future__ import annotations

import re
from typing import Any

import pyoxigraph as ox

from kg.errors import KgError
from kg.ontology.vocab import NIF_NS, NS
from kg.rdf.mapping import DEFAULT_BASE

#: prefixes used to shorten IRIs that have no label, in tables
PREFIXES = {
    "kg": NS,
    "rdf": "http://www.w3.org/1999/02/22-rdf-syntax-ns#",
    "rdfs": "http://www.w3.org/2000/01/rdf-schema#",
    "xsd": "http://www.w3.org/2001/XMLSchema#",
    "skos": "http://www.w3.org/2004/02/skos/core#",
    "owl": "http://www.w3.org/2002/07/owl#",
    "nif": NIF_NS,
    **{
        p: f"{DEFAULT_BASE}{p}/"
        for p in ("person", "party", "org", "legislature", "office", "motion", "doc", "event", "graph")
    },
}


def store_query(store: ox.Store, text: str, *, default_graph: list | None = None, named_graphs: list | None = None):
    """Run a query on a pyoxigraph store the way every kg query runs: :data:`PREFIXES` declared
    (``kg:``, ``rdfs:``, ``person:``, ...), the default graph the union of the store's graphs.

    ``kg query``, the library (:func:`kg.query.sparql.run_store`), the stored answers and ``kg serve``
    all go through here, so a query means the same wherever it is sent.

    Args:
        default_graph: the graphs to use as the default graph instead of the union (the SPARQL
            protocol's ``default-graph-uri``); ``named_graphs``: the graphs GRAPH may name.
    Returns:
        pyoxigraph's results (solutions, a boolean or triples; evaluated as they are read).
    Raises:
        SyntaxError: the query does not parse; OSError: the store failed.
    """
    options: dict[str, Any] = (
        {"default_graph": default_graph} if default_graph else {"use_default_graph_as_union": True}
    )
    if named_graphs:
        options["named_graphs"] = named_graphs
    return store.query(text, prefixes=PREFIXES, **options)


def store_update(store: ox.Store, text: str) -> None:
    """Run an update on a pyoxigraph store with :data:`PREFIXES` declared, as :func:`store_query` runs a query."""
    store.update(text, prefixes=PREFIXES)


class QueryError(KgError):
    """A query that cannot be run: bad syntax (with line and column), unknown name, bad parameter."""


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
        offset = min(sum(len(x) + 1 for x in lines[: line - 1]) + column - 1, len(text))
        if offset >= len(text) or text[offset].isspace():
            while offset > 0 and text[offset - 1].isspace():
                offset -= 1
            line = text.count("\n", 0, offset) + 1
            column = offset - (text.rfind("\n", 0, offset) + 1) + 1
    detail = " ".join(m.group(3).split())  # one line; the parser's lists of expected tokens can be long
    unknown = undeclared_prefixes(text) if text is not None else []
    if "Prefix not found" in detail or unknown:
        name = _prefix_before(text, line, column) if text is not None and "Prefix not found" in detail else None
        name = name if name is not None else (unknown[0] if unknown else None)
        shown = f"{name}:" if name is not None else "of a prefixed name"
        where = f"line {line}, column {column}: " if "Prefix not found" in detail else ""
        return f"{where}unknown prefix {shown} (declare it: PREFIX {name if name is not None else 'ex'}: <http://...#>)"
    detail = _readable(detail)
    if len(detail) > 240:
        detail = detail[:239] + "…"
    return f"line {line}, column {column}: {detail}"


def _prefix_before(text: str, line: int, column: int) -> str | None:
    """The prefix of the prefixed name that ends just before ``line``:``column`` of ``text``."""
    lines = text.split("\n")
    if not 0 < line <= len(lines):
        return None
    m = re.search(r"([A-Za-z][\w.-]*)?:[\w.%-]*$", lines[line - 1][: max(0, column - 1)])
    return m.group(1) or "" if m else None


_USED = re.compile(r"(?<![\w?$:.<-])([A-Za-z][\w-]*(?:\.[\w-]+)*)?:(?=[\w%]|\s|$)")
_DECLARED = re.compile(r"\bPREFIX\s+([A-Za-z][\w-]*(?:\.[\w-]+)*)?:", re.IGNORECASE)


def undeclared_prefixes(text: str) -> list[str]:
    """The prefixes (``""`` for the bare ``:``) that ``text`` uses in prefixed names but does not declare.

    >>> undeclared_prefixes("PREFIX ex: <http://example.org/> SELECT * { ?s ex:p ?o ; foo:q 'a:b' }")
    ['foo']
    """
    code = code_of(text)
    declared = {m.group(1) or "" for m in _DECLARED.finditer(code)}
    found: list[str] = []
    for m in _USED.finditer(_DECLARED.sub(" ", code)):
        name = m.group(1) or ""
        if name not in declared and name not in found and not re.fullmatch(r"(?i)prefix|base", name):
            found.append(name)
    return found


def _readable(detail: str) -> str:
    """The parser's 'expected one of' list without its character ranges (['A' ..= 'Z' | ...])."""
    m = re.match(r"expected one of (.*)", detail)
    if not m:
        return detail
    tokens = re.findall(r'"(?:[^"\\]|\\.)*"', re.sub(r"\[[^\]]*\]", "", m.group(1)))
    if not tokens:
        return "unexpected text here"
    return "expected one of " + ", ".join(tokens)


def code_of(text: str) -> str:
    """The query without its comments and string literals (where variables cannot hide)."""
    return "".join(text[a:b] for kind, a, b in _tokens(text) if kind == "code")


_STRING = re.compile(
    r'"""(?:[^"\\]|\\.|"(?!""))*"""|\'\'\'(?:[^\'\\]|\\.|\'(?!\'\'))*\'\'\'|"(?:[^"\\\n]|\\.)*"|'
    r"'(?:[^'\\\n]|\\.)*'",
    re.S,
)
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


def query_prefixes(text: str) -> dict[str, str]:
    """The PREFIX declarations of a query."""
    return {m.group(1): m.group(2) for m in re.finditer(r"(?im)^\s*PREFIX\s+([\w-]*):\s*<([^>]*)>", text)}


def with_prefixes(text: str) -> str:
    """Declare the usual prefixes (kg:, rdfs:, skos:, xsd:, person:, ...) a query uses without declaring.

    The embedded store gets them from Oxigraph's ``prefixes`` option; an endpoint needs them in
    the text. They go on the first line, so error lines still match the text the user wrote.
    """
    declared = query_prefixes(text)
    code = code_of(text)
    used = [
        f"PREFIX {p}: <{ns}>"
        for p, ns in PREFIXES.items()
        if p not in declared and re.search(rf"(?<![\w\-.]){p}:", code)
    ]
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
    code = code_of(text)
    m = re.search(r"(?i)\bSELECT\s+(DISTINCT|REDUCED)?", code)
    return bool(m and m.group(1))


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


def _outer_group_end(text: str) -> int | None:
    """Offset just after the '}' that closes the outermost WHERE group."""
    start = _where_brace(text)
    if start is None:
        return None
    depth = 1
    for kind, a, b in _tokens(text):
        if kind != "code" or b <= start:
            continue
        for m in re.finditer(r"[{}]", text[max(a, start) : b]):
            depth += 1 if m.group(0) == "{" else -1
            if depth == 0:
                return max(a, start) + m.end()
    return None


def paged(text: str, offset: int, limit: int) -> str | None:
    """A SELECT with ``LIMIT limit OFFSET offset`` after its own modifiers, for the store to stop early;
    None when the query has a LIMIT, OFFSET or trailing VALUES of its own (then the caller cuts the page)."""
    if query_form(text) != "SELECT":
        return None
    end = _outer_group_end(text)
    if end is None or re.search(r"(?i)\b(LIMIT|OFFSET|VALUES)\b", code_of(text[end:])):
        return None
    return f"{text}\nLIMIT {limit}" + (f" OFFSET {offset}" if offset else "")


#: the variable a counting query binds (:func:`counted`)
COUNTED = "kgRows"


def counted(text: str) -> str | None:
    """``SELECT (COUNT(*) AS ?kgRows) WHERE { the query }``: its rows counted by the store, none
    turned into terms; None when the query is no SELECT or has a FROM (a subquery cannot)."""
    if query_form(text) != "SELECT":
        return None
    select = next(
        (
            a + m.start()
            for kind, a, b in _tokens(text)
            if kind == "code"
            for m in [re.search(r"(?i)\bSELECT\b", text[a:b])]
            if m
        ),
        None,
    )
    end = _outer_group_end(text)
    if select is None or end is None or re.search(r"(?i)\bFROM\b", code_of(text[select : _where_brace(text)])):
        return None
    return f"{text[:select]}SELECT (COUNT(*) AS ?{COUNTED}) WHERE {{\n{text[select:]}\n}}"
