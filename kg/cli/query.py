"""The ``kg query`` command: a SPARQL query (text, file or stored) on the embedded store or an endpoint.

A thin layer over :mod:`kg.query.sparql` (resolving, binding, running, formatting), with the store
opened by :func:`kg.store.embedded.open_store`, graph files read by :func:`kg.store.embedded.data_store`,
or the endpoint by :class:`kg.store.remote.Endpoint`.
"""

from __future__ import annotations

from pathlib import Path

import click

from kg.cli.common import user_errors
from kg.query.sparql import FORMATS
from kg.store.embedded import DEFAULT_STORE
from kg.store.remote import DEFAULT_TIMEOUT

#: rows a table shows unless told --limit
TABLE_PAGE = 50


@click.command()
@click.argument("query", required=False)
@click.option(
    "--store",
    "store_dir",
    type=click.Path(path_type=Path),
    default=None,
    help=f"The embedded store folder to query (default {DEFAULT_STORE}).",
)
@click.option("--endpoint", default=None, metavar="URL", help="Query a SPARQL endpoint instead.")
@click.option(
    "--data",
    "data",
    multiple=True,
    type=click.Path(path_type=Path),
    metavar="FILE",
    help="Query these graph files instead (.trig, .nq, .ttl, .nt, ...; no store needed). Repeatable.",
)
@click.option(
    "--format",
    "fmt",
    type=click.Choice(FORMATS),
    default="table",
    show_default=True,
    help="table: aligned, labels instead of IRIs; csv, tsv, json, xml: SPARQL 1.1 results formats; "
    "ttl, nt, jsonld: the triples of a CONSTRUCT or DESCRIBE.",
)
@click.option(
    "--param",
    "params",
    multiple=True,
    metavar="NAME=VALUE",
    help="Bind ?NAME to the string VALUE (safely: never pasted into the query). Repeatable.",
)
@click.option(
    "--limit",
    type=click.IntRange(min=0),
    default=None,
    metavar="N",
    help=f"Rows to show of a SELECT (default: {TABLE_PAGE} in a table, all in the other formats; 0: all).",
)
@click.option(
    "--offset",
    type=click.IntRange(min=0),
    default=0,
    show_default=True,
    metavar="N",
    help="Rows of the answer to skip before the ones shown (the next page: --offset 50).",
)
@click.option(
    "--timeout", type=float, default=None, help="Stop the query after this many seconds (an error, exit status 1)."
)
@click.option(
    "--allow-fetch", is_flag=True, help="Let the query fetch URLs from this machine (SERVICE); refused by default."
)
@click.option("--list", "list_", is_flag=True, help="List the stored queries and the questions they answer.")
def query(
    query: str | None,
    store_dir: Path | None,
    endpoint: str | None,
    data: tuple[Path, ...],
    fmt: str,
    params: tuple[str, ...],
    limit: int | None,
    offset: int,
    timeout: float | None,
    allow_fetch: bool,
    list_: bool,
) -> None:
    """Run a SPARQL query: a query string, a .rq file, a stored query's name, or - for stdin.

    Queries run on Oxigraph (the embedded store, or the --data files in memory) or on
    the endpoint; the default graph is the union of the article graphs (and, with
    --data, of the files' default graphs). Stored queries are the competency questions
    in ontology/queries/ (see --list). A malformed query is reported with its line and
    column and exits with status 1. CONSTRUCT and DESCRIBE print Turtle (--format ttl,
    the default) or N-Triples (--format nt). On the store or --data, a query past
    --timeout is stopped, and SERVICE (which makes kg fetch a URL) is refused unless
    --allow-fetch.

    A table shows the first 50 rows and says how many more there are; --offset and
    --limit page through the answer (--limit 0: every row). The other formats give
    every row unless told --limit. On the store, a stored question that takes no
    parameter is answered from what kg load wrote when the store is unchanged since
    (see kg load --help), else by the store.

    \b
    Example:
      kg query --list
      kg query ejections
      kg query ejections --offset 50 --limit 100
      kg query person-timeline --param person="Ana Lopes"
      kg query 'SELECT ?p ?name WHERE { ?p a kg:Person ; rdfs:label ?name }' --format csv
      kg query ejections --data output/graph.trig --format json
      kg query 'CONSTRUCT WHERE { ?s kg:ejected ?o }' --data output/graph.ttl --format nt
      kg query apologies --endpoint http://127.0.0.1:7878/query
    """
    from kg.query import sparql as q

    if sum((store_dir is not None, endpoint is not None, bool(data))) > 1:
        raise click.UsageError("give one of --store, --endpoint and --data")
    db = None
    try:
        with user_errors():
            if list_:
                for sq in q.stored_queries():
                    need = "".join(f" --param {p}=..." for p in sq.params)
                    click.echo(f"{sq.name:20} {sq.question}{need}")
                return
            if not query:
                raise click.UsageError("give a query, a .rq file or a stored query's name (kg query --list)")
            # click 8.5 serves get_text_stream by a module __getattr__ (typed object), hence the ignore below
            text = q.QueryText(click.get_text_stream("stdin").read(), "<stdin>") if query == "-" else q.resolve(query)  # type: ignore[operator]
            values = q.parse_params(params)
            if endpoint is not None:
                from kg.store.remote import Endpoint

                server = Endpoint(endpoint, timeout=timeout or DEFAULT_TIMEOUT)
                run = lambda text, values, **page: server.query(text, values, timeout=timeout, **page)  # noqa: E731
            else:
                from kg.store.answers import runner
                from kg.store.embedded import data_store, open_store

                opened = data_store(data) if data else open_store(store_dir or DEFAULT_STORE, create=False, write=False)
                db = opened
                if data:
                    run = lambda text, values, **page: q.run_store(  # noqa: E731
                        opened, text, values, timeout=timeout, allow_fetch=allow_fetch, **page
                    )
                else:  # a stored question answered when the store was loaded, unchanged since: read back
                    run = runner(store_dir or DEFAULT_STORE, db, timeout=timeout, allow_fetch=allow_fetch)
            if limit is None:
                limit = TABLE_PAGE if fmt == "table" else 0
            page = {"offset": offset, "limit": limit or None}
            # tables show labels, looked up in the same store
            results, labels = q.answer(run, text, values, **page) if fmt == "table" else (run(text, values, **page), {})
            out = q.format_results(results, fmt, labels, q.query_prefixes(text.text))
            if fmt == "table" and text.stored is not None and results.kind == "select":  # the question it answers
                out = f"{text.stored.question}\n{out}"
            if fmt == "table" and results.more and results.total is None and db is not None:
                # the page first, then how many rows follow it: counting can take longer than the page
                click.echo(out[: out.rstrip("\n").rfind("\n") + 1], nl=False)
                results.total = q.count_store(db, text, values, timeout=timeout)
                out = q.count_line(results) + "\n"
            click.echo(out, nl=not out.endswith("\n"))
    finally:
        db = None  # close the store


def register(main: click.Group) -> None:
    """Add ``query`` to the ``kg`` command group."""
    main.add_command(query)
