"""The ``kg`` command: a thin layer over the library, one module per command. Errors print one line, never
a traceback (:mod:`kg.cli.common`).

Each module parses its command's options, makes one library call and prints what it did:
:mod:`~kg.cli.build` (build), :mod:`~kg.cli.load` (load), :mod:`~kg.cli.query` (query),
:mod:`~kg.cli.serve` (serve), :mod:`~kg.cli.semantic` (reason, validate), :mod:`~kg.cli.viz` (viz, stats).
"""

from __future__ import annotations

import sys

import click

from kg.cli import build, load, query, semantic, serve, viz


def _version(ctx: click.Context, _param: click.Parameter, value: bool) -> None:
    """``kg --version``: the installed distribution's version (pyproject.toml reads it from kg.version)."""
    if not value or ctx.resilient_parsing:
        return
    from importlib.metadata import PackageNotFoundError, version

    try:
        click.echo(f"kg, version {version(DISTRIBUTION)}")
    except PackageNotFoundError:
        click.echo(f"kg, version unknown ({DISTRIBUTION} is not installed; this kg runs from a checkout)")
    ctx.exit()


#: the distribution's name ("kg" on PyPI is another project)
DISTRIBUTION = "kg-news"


#: the exit status of a command stopped by Ctrl-C (SIGINT): 128 + 2, as shells report it
INTERRUPTED = 130


class _Group(click.Group):
    """kg's group: a command stopped by Ctrl-C says so and exits 130 (click's own: "Aborted!", 1)."""

    def invoke(self, ctx: click.Context):
        try:
            return super().invoke(ctx)
        except KeyboardInterrupt:
            click.echo("\nInterrupted.", err=True)
            ctx.exit(INTERRUPTED)

    def main(self, *args, **kwargs):
        try:
            return super().main(*args, **kwargs)
        except KeyboardInterrupt:  # between the command's end and the exit, outside invoke
            click.echo("\nInterrupted.", err=True)
            sys.exit(INTERRUPTED)


@click.group(cls=_Group, context_settings={"help_option_names": ["-h", "--help"]})
@click.option(
    "--version", is_flag=True, expose_value=False, is_eager=True, callback=_version, help="Show the version and exit."
)
def main() -> None:
    """kg: build an ontology-mapped RDF knowledge graph from news articles, store and query it.

    \b
    Example:
      kg build input/ --out output/ --load
      kg query ejections
    """


for _commands in (build, load, query, serve, semantic, viz):
    _commands.register(main)
