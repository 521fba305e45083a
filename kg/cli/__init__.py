"""The ``kg`` command: a thin layer over the library, one module per command. Errors print one line, never
a traceback (:mod:`kg.cli.common`).

Each module parses its command's options, makes one library call and prints what it did:
:mod:`~kg.cli.build` (build), :mod:`~kg.cli.load` (load), :mod:`~kg.cli.query` (query),
:mod:`~kg.cli.serve` (serve), :mod:`~kg.cli.semantic` (reason, validate), :mod:`~kg.cli.viz` (viz, stats).
"""

from __future__ import annotations

import click

from kg.cli import build, load, query, semantic, serve, viz


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
# the installed distribution's version (pyproject.toml reads it from kg.__version__)
@click.version_option(package_name="kg-news", prog_name="kg")
def main() -> None:
    """kg: build an ontology-mapped RDF knowledge graph from news articles, store and query it.

    \b
    Example:
      kg build input/ --out output/ --load
      kg query ejections
    """


for _commands in (build, load, query, serve, semantic, viz):
    _commands.register(main)
