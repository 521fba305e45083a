"""The ``kg viz`` and ``kg stats`` commands (an interactive page of the graph; what the graph holds).

``kg.cli`` adds them to the ``kg`` group with :func:`register`. Each is a thin layer over
:mod:`kg.report.viz` and :mod:`kg.report.stats`; errors print one line, never a traceback.
"""

from __future__ import annotations

from pathlib import Path

import click

from kg.cli.common import user_errors
from kg.report.source import DEFAULT_STORE

DEFAULT_PAGE = Path("output/graph.html")


def _source(graphs: tuple[Path, ...], store: Path | None):
    from kg.report.source import open_source

    if store is not None and graphs:
        raise click.UsageError("give GRAPH files or --store, not both")
    return open_source(graphs, store)


_graphs = click.argument("graphs", nargs=-1, type=click.Path(path_type=Path))
_store = click.option(
    "--store",
    type=click.Path(path_type=Path),
    default=None,
    is_flag=False,
    flag_value=str(DEFAULT_STORE),
    help=f"Read the embedded store instead (default folder {DEFAULT_STORE} when given bare).",
)


@click.command()
@_graphs
@_store
@click.option(
    "--out",
    type=click.Path(path_type=Path, dir_okay=False),
    default=DEFAULT_PAGE,
    show_default=True,
    help="The HTML file to write.",
)
@click.option("--title", default=None, help="The page's title (default: the graph's name).")
@click.option(
    "--max-nodes",
    type=click.IntRange(10, 100_000),
    default=None,
    metavar="N",
    help="Most nodes drawn at once (default 1000); beyond it the most connected are shown, with a message.",
)
@click.option("--open", "open_", is_flag=True, help="Then open the page in the web browser.")
def viz(
    graphs: tuple[Path, ...], store: Path | None, out: Path, title: str | None, max_nodes: int | None, open_: bool
) -> None:
    """Write an interactive page of GRAPHS (default output/graph.trig) or a store: one HTML file.

    People, parties, offices and motions, and the events between them, as a network
    coloured by class; an edge says what was done ("ejected", "called", ...). Click a
    node or an edge to read its facts, dates and source sentences with the article's
    title and link. Filter by event class, document and date (or drag across the
    timeline of dated events); find a name. Quotes and entities with no facts start
    hidden, each filter says how many it hides. The page works offline: the network
    library (Cytoscape.js, MIT licence) is inside it. Large graphs show the most
    connected nodes first and say so.

    \b
    Example:
      kg viz --out output/graph.html
      kg viz output/graph.trig --out /tmp/seed.html --open
      kg viz --store output/store --out graph.html --title "June 2020"
    """
    from kg.rdf.write import atomic_write_bytes
    from kg.report.viz import MAX_NODES, collect, render

    db = None
    try:
        with user_errors(writing=out):
            db, source = _source(graphs, store)
            page = collect(db, source, title=title, max_nodes=max_nodes or MAX_NODES)
            html = render(page).encode("utf-8")
            atomic_write_bytes(out, html)
    finally:
        db = None  # close the store
    d = page.data
    click.echo(
        f"{len(d['entities'])} entities, {len(d['events'])} events, {len(d['claims'])} unasserted mentions, "
        f"{len(d['documents'])} documents -> {out} ({len(html) / 1e6:.1f} MB)"
    )
    if open_:
        import webbrowser

        if not webbrowser.open(out.resolve().as_uri()):
            click.echo(f"no web browser found; open {out} yourself", err=True)


@click.command()
@_graphs
@_store
@click.option(
    "--top",
    type=click.IntRange(1, 10_000),
    default=10,
    show_default=True,
    help="How many of the entities with the most events to list.",
)
@click.option(
    "--format",
    "fmt",
    type=click.Choice(["table", "json"]),
    default="table",
    show_default=True,
    help="Aligned tables, or JSON for scripts.",
)
def stats(graphs: tuple[Path, ...], store: Path | None, top: int, fmt: str) -> None:
    """Count what GRAPHS (default output/graph.trig) or a store hold.

    Instances per class, triples per property, facts (asserted events), unasserted
    mentions, sentences and triples per document, the entities with the most
    events, and the documents with no facts: an article about an incident that
    yields nothing is a sign that a rule missed it.

    \b
    Example:
      kg stats
      kg stats output/graph.trig --top 20
      kg stats --store output/store --format json
    """
    from kg.report.stats import compute

    db = None
    try:
        with user_errors():
            db, source = _source(graphs, store)
            result = compute(db, source, top=top)
    finally:
        db = None  # close the store
    click.echo(result.to_json() if fmt == "json" else result.text(), nl=False)


def register(main: click.Group) -> None:
    """Add ``viz`` and ``stats`` to the ``kg`` command group."""
    main.add_command(viz)
    main.add_command(stats)
