"""Query results: what a store returned (rows, a yes/no answer, triples), and as text for people or programs.

``table`` shows labels instead of IRIs (the graph's own, then the ontology's, then prefixed
names); ``csv``, ``tsv``, ``json`` and ``xml`` are the SPARQL 1.1 results formats, written by
Oxigraph; ``ttl``, ``nt``, ``jsonld`` (and ``xml``) are for the triples of a CONSTRUCT or DESCRIBE.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from itertools import islice
from typing import cast

import pyoxigraph as ox

from kg.errors import KgError
from kg.model import printable
from kg.ontology import terms
from kg.ontology.vocab import NS
from kg.query.syntax import PREFIXES, QueryError
from kg.rdf import formats as rdf_formats

#: the SPARQL 1.1 results formats of a SELECT or an ASK, written by Oxigraph
RESULTS_FORMATS = {
    "csv": ox.QueryResultsFormat.CSV,
    "tsv": ox.QueryResultsFormat.TSV,
    "json": ox.QueryResultsFormat.JSON,
    "xml": ox.QueryResultsFormat.XML,
}
#: the RDF format (of :mod:`kg.rdf.formats`) of a CONSTRUCT or DESCRIBE result, for each --format
GRAPH_FORMATS = {
    "table": "ttl",
    "ttl": "ttl",
    "nt": "nt",
    "csv": "nt",
    "tsv": "nt",
    "jsonld": "jsonld",
    "json": "jsonld",
    "xml": "xml",
}
#: every --format of kg query
FORMATS = ("table", *RESULTS_FORMATS, "ttl", "nt", "jsonld")
#: widest cell in a table, in characters
CELL = 60


@dataclass
class Results:
    """What a query returned: rows of a SELECT, the answer of an ASK, or triples."""

    variables: list[str] = field(default_factory=list)
    rows: list[dict[str, object]] = field(default_factory=list)  # variable -> pyoxigraph term (absent: unbound)
    boolean: bool | None = None
    triples: list[ox.Triple] | None = None
    #: when ``rows`` is one page of a SELECT's answer: the rows of the whole answer (None: not counted),
    #: those before the page, and whether rows follow it
    total: int | None = None
    offset: int = 0
    more: bool = False

    @property
    def kind(self) -> str:
        return "ask" if self.boolean is not None else "graph" if self.triples is not None else "select"

    def values(self) -> list[tuple[str, ...]]:
        """Rows as tuples of plain values ('' when unbound), e.g. to compare stores."""
        return [tuple(_plain(r.get(v)) for v in self.variables) for r in self.rows]


def from_oxigraph(res, *, offset: int = 0, limit: int | None = None, pushed: bool = False) -> Results:
    """Results from pyoxigraph's ``QuerySolutions``, ``QueryBoolean`` or ``QueryTriples``.

    Given ``offset`` or ``limit``, a SELECT's rows are the page of ``limit`` rows (all when None) after
    the first ``offset``; the others are only counted (``total``). With ``pushed``, the store was
    asked for that page itself (``LIMIT limit+1 OFFSET offset``, :func:`kg.query.syntax.paged`):
    the extra row only says that more follow (``more``), and the total is left to be counted.
    """
    if isinstance(res, ox.QueryBoolean):
        return Results(boolean=bool(res))
    if isinstance(res, ox.QuerySolutions):
        names = [v.value for v in res.variables]
        solutions = iter(res)
        if pushed:
            rows = [_row(names, sol) for sol in solutions]
            more = limit is not None and len(rows) > limit
            return Results(
                names,
                rows[:limit] if more else rows,
                offset=offset,
                more=more,
                total=None if more or (offset and not rows) else offset + len(rows),
            )
        skipped = sum(1 for _ in islice(solutions, offset)) if offset else 0
        page = solutions if limit is None else islice(solutions, limit)
        rows = [_row(names, sol) for sol in page]
        if not offset and limit is None:
            return Results(names, rows)
        total = skipped + len(rows) + sum(1 for _ in solutions)
        return Results(names, rows, total=total, offset=offset, more=total > offset + len(rows))
    return Results(triples=list(res))


def _row(names: list[str], solution) -> dict[str, object]:
    return {n: t for n, t in zip(names, solution) if t is not None}


def page_of(results: Results, offset: int = 0, limit: int | None = None) -> Results:
    """The page of ``limit`` rows (all when None) after the first ``offset`` of a SELECT's whole answer."""
    if results.kind != "select" or (not offset and limit is None):
        return results
    end = None if limit is None else offset + limit
    rows = results.rows[offset:end]
    return Results(
        results.variables, rows, total=len(results.rows), offset=offset, more=len(results.rows) > offset + len(rows)
    )


def distinct_rows(results: Results) -> Results:
    """``results`` without repeated rows, in their order."""
    seen, rows = set(), []
    for row in results.rows:
        key = tuple(str(row.get(v)) for v in results.variables)
        if key not in seen:
            seen.add(key)
            rows.append(row)
    return Results(results.variables, rows)


def display_rows(
    results: Results, labels: dict[str, str] | None = None, prefixes: dict[str, str] | None = None
) -> list[dict[str, str]]:
    """A SELECT's rows as readable text: labels (or prefixed names) for IRIs, values of literals."""
    labels = {**ontology_labels(), **(labels or {})}
    prefixes = {**PREFIXES, **(prefixes or {})}
    return [{v: _display(row.get(v), labels, prefixes) for v in results.variables} for row in results.rows]


def label_query(iris: list[str]) -> str:
    """A query for the labels of some IRIs (rdfs:label, else a document's kg:title)."""
    values = " ".join(str(ox.NamedNode(i)) for i in iris)
    return (
        "SELECT DISTINCT ?s ?label ?kind WHERE { VALUES ?s { " + values + " } "
        "{ ?s <http://www.w3.org/2000/01/rdf-schema#label> ?label . BIND(1 AS ?kind) } UNION "
        f"{{ ?s <{NS}title> ?label . BIND(2 AS ?kind) }} }}"
    )


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
    return sorted(
        {
            t.value
            for r in results.rows
            for t in r.values()
            if isinstance(t, ox.NamedNode) and not t.value.startswith(NS)
        }
    )


def ontology_labels() -> dict[str, str]:
    """Labels of the ontology's own terms (classes, properties), from ``ontology/kg.ttl``; none if it cannot be read."""
    try:
        return terms.labels()
    except (OSError, SyntaxError, KgError):
        return {}


def format_results(
    results: Results, fmt: str = "table", labels: dict[str, str] | None = None, prefixes: dict[str, str] | None = None
) -> str:
    """Results as text: an aligned ``table`` (labels instead of IRIs), a SPARQL results format, or RDF.

    SELECT and ASK results: ``table`` (ASK as ``yes``/``no``), or the SPARQL 1.1 results formats
    ``csv``, ``tsv``, ``json``, ``xml``, written by Oxigraph's own serialisers. CONSTRUCT and
    DESCRIBE results: ``ttl`` (also for ``table``, with the usual prefixes), ``nt`` (also for
    ``csv`` and ``tsv``), ``jsonld`` (also for ``json``) or ``xml`` (RDF/XML).

    Raises:
        QueryError: an unknown format, or an RDF format asked of a SELECT or an ASK.
    """
    if fmt not in FORMATS:
        raise QueryError(f"unknown format {fmt!r}; choose one of {', '.join(FORMATS)}")
    if results.kind == "graph":
        rdf = rdf_formats.get(GRAPH_FORMATS[fmt])
        triples = cast("list[ox.Triple]", results.triples)  # a graph's results
        shown = _used({**PREFIXES, **(prefixes or {})}, triples) if rdf.name == "ttl" else None
        return cast(bytes, ox.serialize(triples, format=rdf.oxigraph, prefixes=shown)).decode("utf-8")
    if fmt in RESULTS_FORMATS:
        out = cast(bytes, _solutions(results).serialize(format=RESULTS_FORMATS[fmt])).decode("utf-8")
        return out if out.endswith("\n") else out + "\n"
    if fmt != "table":
        raise QueryError(
            f"--format {fmt} is for CONSTRUCT and DESCRIBE results; a {results.kind.upper()} "
            f"gives table, {', '.join(RESULTS_FORMATS)}"
        )
    if results.kind == "ask":
        return "yes\n" if results.boolean else "no\n"
    return _table(results, display_rows(results, labels, prefixes))


def _used(prefixes: dict[str, str], triples: list[ox.Triple]) -> dict[str, str]:
    """The prefixes that name some IRI of ``triples`` (Turtle output declares only those)."""
    iris = {t.value for triple in triples for t in triple if isinstance(t, ox.NamedNode)}
    iris |= {t.datatype.value for triple in triples for t in triple if isinstance(t, ox.Literal)}
    return {p: ns for p, ns in prefixes.items() if any(i.startswith(ns) for i in iris)}


def _solutions(results: Results) -> ox.QuerySolutions | ox.QueryBoolean:
    """``results`` as pyoxigraph's own results object, to serialise with Oxigraph (through SPARQL TSV,
    which writes every term, blank nodes and quoted triples too, in N-Triples syntax)."""
    if results.kind == "ask":
        return ox.parse_query_results(
            json.dumps({"head": {}, "boolean": results.boolean}), format=ox.QueryResultsFormat.JSON
        )
    lines = ["\t".join(f"?{v}" for v in results.variables)]
    lines += ["\t".join(str(row[v]) if v in row else "" for v in results.variables) for row in results.rows]
    return ox.parse_query_results("\n".join(lines) + "\n", format=ox.QueryResultsFormat.TSV)


def _table(results: Results, rows: list[dict[str, str]]) -> str:
    if not results.variables:
        return "(no columns)\n"
    cells = [[_cell(row[v]) for v in results.variables] for row in rows]
    widths = [max([len(v)] + [len(r[i]) for r in cells]) for i, v in enumerate(results.variables)]
    lines = [
        "  ".join(v.ljust(w) for v, w in zip(results.variables, widths)).rstrip(),
        "  ".join("-" * w for w in widths),
    ]
    lines += ["  ".join(c.ljust(w) for c, w in zip(r, widths)).rstrip() for r in cells]
    lines.append(count_line(results))
    return "\n".join(lines) + "\n"


def count_line(results: Results) -> str:
    """The last line of a table: '(3 rows)', or for a page of a longer answer
    '(rows 51-100 of 4,314; 4,214 more: --offset 100)' ('more: --offset 100' when not counted)."""
    n, total, first = len(results.rows), results.total, results.offset
    if total is None and not results.more:
        total = first + n if n or not first else None
    if total is not None and first == 0 and n == total:
        return f"({n} row{'s' * (n != 1)})"
    if n == 0:
        known = f"; the answer has {total:,}" if total is not None else ""
        return f"(no rows after the first {first:,}{known})"
    of = f" of {total:,}" if total is not None else ""
    left = (f"{total - first - n:,} more" if total is not None else "more") if results.more else ""
    return f"(rows {first + 1:,}-{first + n:,}{of}" + (f"; {left}: --offset {first + n}" if left else "") + ")"


def _display(term, labels: dict[str, str], prefixes: dict[str, str]) -> str:
    if term is None:
        return ""
    if isinstance(term, ox.NamedNode):
        text = labels.get(term.value) or _compact(term.value, prefixes)
    elif isinstance(term, ox.Literal):
        text = term.value
    else:
        text = str(term)
    return printable(" ".join(text.split()))  # an article's control characters never reach the terminal


def _cell(text: str) -> str:
    return text if len(text) <= CELL else text[: CELL - 1] + "…"


def _compact(iri: str, prefixes: dict[str, str]) -> str:
    best = max((ns for ns in prefixes.values() if iri.startswith(ns)), key=len, default=None)
    if best is None:
        return f"<{iri}>"
    prefix = next(p for p, ns in prefixes.items() if ns == best)
    return f"{prefix}:{iri[len(best) :]}"


def _plain(term) -> str:
    if term is None:
        return ""
    if isinstance(term, (ox.NamedNode, ox.Literal)):
        return term.value
    return str(term)
