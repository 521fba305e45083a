"""The ``kg query`` command: a SPARQL query (text, file or stored) on the embedded store or an endpoint.

A thin layer over :mod:`kg.query.sparql` (resolving, binding, running, formatting), with the store
opened by :func:`kg.store.embedded.open_store` or the endpoint by :class:`kg.store.remote.Endpoint`.
"""

from __future__ import annotations

from pathlib import Path

import click

from kg.cli.common import user_errors
from kg.query.sparql import FORMATS
from kg.store.embedded import DEFAULT_STORE
from kg.store.remote import DEFAULT_TIMEOUT


@click.command()
@click.argument("query", required=False)
@click.option("--store", "store_dir", type=click.Path(path_type=Path), default=DEFAULT_STORE, show_default=True,
              help="The embedded store folder to query.")
@click.option("--endpoint", default=None, metavar="URL", help="Query a SPARQL endpoint instead.")
@click.option("--format", "fmt", type=click.Choice(FORMATS), default="table", show_default=True,
              help="table: aligned, labels instead of IRIs; csv, tsv, json: SPARQL 1.1 results formats.")
@click.option("--param", "params", multiple=True, metavar="NAME=VALUE",
              help="Bind ?NAME to the string VALUE (safely: never pasted into the query). Repeatable.")
@click.option("--timeout", type=float, default=None, help="Give up after this many seconds.")
@click.option("--list", "list_", is_flag=True, help="List the stored queries and the questions they answer.")
def query(query: str | None, store_dir: Path, endpoint: str | None, fmt: str, params: tuple[str, ...],
          timeout: float | None, list_: bool) -> None:
    """Run a SPARQL query: a query string, a .rq file, a stored query's name, or - for stdin.

    Queries run on Oxigraph (the embedded store) or on the endpoint; the default graph
    is the union of the article graphs. Stored queries are the competency questions in
    ontology/queries/ (see --list). A malformed query is reported with its line and
    column and exits with status 1.

    \b
    Example:
      kg query --list
      kg query ejections
      kg query person-timeline --param person="Ana Lopes"
      kg query 'SELECT ?p ?name WHERE { ?p a kg:Person ; rdfs:label ?name }' --format csv
      kg query apologies --endpoint http://127.0.0.1:7878/query
    """
    from kg.query import sparql as q

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
            text = q.QueryText(click.get_text_stream("stdin").read(), "<stdin>") if query == "-" else q.resolve(query)
            values = q.parse_params(params)
            if endpoint is not None:
                from kg.store.remote import Endpoint

                server = Endpoint(endpoint, timeout=timeout or DEFAULT_TIMEOUT)
                run = lambda text, values: server.query(text, values, timeout=timeout)  # noqa: E731
            else:
                from kg.store.embedded import open_store

                db = open_store(store_dir, create=False, write=False)
                run = lambda text, values: q.run_store(db, text, values, timeout=timeout)  # noqa: E731
            # tables show labels, looked up in the same store
            results, labels = q.answer(run, text, values) if fmt == "table" else (run(text, values), {})
            out = q.format_results(results, fmt, labels, q.query_prefixes(text.text))
            if fmt == "table" and text.stored is not None:  # say which question the table answers
                out = f"{text.stored.question}\n{out}"
            click.echo(out, nl=not out.endswith("\n"))
    finally:
        db = None  # close the store


def register(main: click.Group) -> None:
    """Add ``query`` to the ``kg`` command group."""
    main.add_command(query)
