"""The ``kg`` command: a thin layer over the library. Errors print one line, never a traceback."""

from __future__ import annotations

import collections
import os
import sys
import time
from pathlib import Path

import click

from kg.errors import KgError
from kg.mapping import DEFAULT_BASE


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="kg")
def main() -> None:
    """kg: build an ontology-mapped RDF knowledge graph from news articles.

    \b
    Example:
      kg build input/ --out output/
    """


@main.command()
@click.argument("inputs", nargs=-1, required=True, type=click.Path(path_type=Path))
@click.option("--out", "out", type=click.Path(path_type=Path), default=Path("output"), show_default=True,
              help="Folder for graph.ttl (one graph) and graph.trig (one named graph per document).")
@click.option("--base", default=DEFAULT_BASE, show_default=True, help="Namespace for instance IRIs.")
@click.option("--model", default=None, help="spaCy model to use (default: the installed English small model).")
@click.option("--quiet", "-q", is_flag=True, help="Print only problems and the final line.")
def build(inputs: tuple[Path, ...], out: Path, base: str, model: str | None, quiet: bool) -> None:
    """Build the graph of the articles in INPUTS (.txt/.md files or folders).

    Writes OUT/graph.ttl and OUT/graph.trig atomically and prints a summary:
    counts per event class and one line per extracted fact.

    \b
    Example:
      kg build input/ --out output/
      kg build article.md other/ --out /tmp/kg --base https://example.org/id/
    """
    from kg.build import build_corpus
    from kg.write import write_outputs

    started = time.monotonic()
    try:
        def progress(doc):
            if not quiet:
                click.echo(f"  read {doc.id}", err=True)
        result = build_corpus(inputs, base=base, model=model, progress=progress)
    except KgError as err:
        for p in getattr(err, "problems", ()):
            click.echo(f"skipped {p.path}: {p.message}", err=True)
        raise click.ClickException(str(err)) from None
    except Exception as err:  # a bug: one line for the user, the traceback on request
        _internal_error(err)
    for p in result.problems:
        click.echo(f"skipped {p.path}: {p.message}", err=True)
    try:
        paths = write_outputs(result.dataset, out)
    except OSError as err:
        raise click.ClickException(f"cannot write to {out}: {err.strerror or err}") from None
    if not quiet:
        counts = collections.Counter(f.cls for f in result.facts)
        click.echo("Facts per class:")
        for cls, n in sorted(counts.items()):
            click.echo(f"  {cls:16} {n}")
        click.echo("Facts:")
        for f in result.facts:
            click.echo("  " + f.line())
    triples = sum(1 for _ in result.dataset.quads((None, None, None, None)))
    click.echo(f"{len(result.documents)} documents, {len(result.facts)} facts, {result.claims} unasserted mentions, "
               f"{triples} triples -> {', '.join(str(p) for p in paths)} in {time.monotonic() - started:.1f}s")


def _internal_error(err: Exception) -> None:
    if os.environ.get("KG_DEBUG"):
        raise err
    raise click.ClickException(f"internal error ({type(err).__name__}: {err}); "
                               "please report it; set KG_DEBUG=1 to see the traceback") from None


def run() -> None:  # pragma: no cover - console entry for `python -m kg`
    try:
        main()
    except KeyboardInterrupt:
        sys.exit(130)
