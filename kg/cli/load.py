"""The ``kg load`` command: graph files, or a build's output folder, into the embedded store or an endpoint.

A thin layer over :func:`kg.store.load.load_build`, which ``kg build --load`` calls too: one line per
file loaded, then what the store holds; exit status 1 if a file could not be loaded.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

import click

from kg.cli.common import user_errors
from kg.rdf.read import GraphFileError, LoadReport
from kg.store.embedded import DEFAULT_STORE
from kg.store.remote import DEFAULT_TIMEOUT

#: --no-answers, of kg load and kg build
ANSWERS_HELP = (
    "Into the embedded store: do not answer its stored questions ahead for kg query (a quicker load "
    "into a large store; kg query then asks the store)."
)


@click.command()
@click.argument("inputs", nargs=-1, type=click.Path(path_type=Path))
@click.option(
    "--store",
    "store_dir",
    type=click.Path(path_type=Path),
    default=DEFAULT_STORE,
    show_default=True,
    help="The embedded store folder (an Oxigraph database; made when missing).",
)
@click.option(
    "--endpoint",
    default=None,
    metavar="URL",
    help="Load into a SPARQL server's Graph Store Protocol endpoint instead of the embedded store.",
)
@click.option(
    "--graph", default=None, metavar="IRI", help="Named graph for triples outside any named graph (e.g. a .ttl file)."
)
@click.option(
    "--timeout", type=float, default=DEFAULT_TIMEOUT, show_default=True, help="Seconds to wait for the endpoint."
)
@click.option("--no-answers", "no_answers", is_flag=True, help=ANSWERS_HELP)
def load(
    inputs: tuple[Path, ...], store_dir: Path, endpoint: str | None, graph: str | None, timeout: float, no_answers: bool
) -> None:
    """Load graph files (FILES, or the .trig/.nq files of a DIR; default output/) into a store.

    Each named graph (one per article) replaces the graph of that name: loading the
    same output twice changes nothing, and a re-built article replaces exactly its
    own graph. A file is checked in full first; one that does not parse is reported
    with its line and nothing is loaded from it.

    From the output folder of `kg build --engine dask`, the N-Quads partitions its
    manifest.json lists are loaded instead, with Oxigraph's bulk loader (fast, but
    not one transaction); with --endpoint, graph by graph.

    Into the embedded store, the stored questions that take no parameter (kg query
    --list) are then answered once, and kg query gives their answers from that
    (.kg-answers/ in the store folder) for as long as the store is unchanged: a
    whole answer at several hundred thousand rows a second instead of tens of
    thousands. Any change to the store, by any program, sets them aside.

    With --endpoint, each graph is sent with a Graph Store Protocol PUT. Credentials
    come from KG_ENDPOINT_USER and KG_ENDPOINT_PASSWORD; KG_ENDPOINT_AUTH=basic|digest
    picks the scheme (default: whichever the server asks for; Virtuoso asks for digest).

    \b
    Example:
      kg load                                  # output/*.trig into output/store/
      kg load output/graph.trig --store /tmp/store
      kg load output/ --endpoint http://127.0.0.1:7878/store
      kg load out/                             # after kg build ... --out out/ --engine dask
      KG_ENDPOINT_USER=dba KG_ENDPOINT_PASSWORD=dba \\
        kg load output/ --endpoint http://127.0.0.1:8890/sparql-graph-crud-auth
    """
    load_and_report(
        list(inputs) or [Path("output")],
        store_dir=store_dir,
        endpoint=endpoint,
        graph=graph,
        timeout=timeout,
        answers=not no_answers,
    )


def load_and_report(out: Path | Iterable[Path], **how) -> None:
    """Run :func:`kg.store.load.load_build` on ``out`` with the options ``how``, printing a line per file as it
    loads and what the embedded store then holds; a file that could not be loaded makes the exit status 1."""
    from kg.store.load import load_build

    def show(item: LoadReport | GraphFileError) -> None:
        if isinstance(item, GraphFileError):
            click.echo(f"Error: {item}", err=True)
        else:
            click.echo(f"loaded {item.summary()}")

    with user_errors():
        loaded = load_build(out, progress=show, **how)
    if loaded.sizes is not None:
        triples, graphs = sum(loaded.sizes.values()), len(loaded.sizes)
        click.echo(f"{loaded.target} now holds {triples} triples in {graphs} named graphs")
    if loaded.answers is not None:
        click.echo(loaded.answers.summary())
    if loaded.failed:
        raise click.ClickException(f"{len(loaded.failed)} of {loaded.files} files could not be loaded (see above)")


def register(main: click.Group) -> None:
    """Add ``load`` to the ``kg`` command group."""
    main.add_command(load)
