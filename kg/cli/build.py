"""The ``kg build`` command: articles -> graph files in a folder, and with ``--load`` into a store.

The build is :func:`kg.engine.build` (the local or the Dask engine); the load that
follows is :func:`kg.store.load.load_build`, as ``kg load`` does it.
"""

from __future__ import annotations

import os
import shutil
import sys
import tempfile
from contextlib import ExitStack
from pathlib import Path

import click

from kg.cli.common import user_errors
from kg.cli.load import ANSWERS_HELP, load_and_report
from kg.errors import KgError
from kg.model import printable
from kg.rdf.formats import DEFAULT_FORMATS, FORMATS, check_formats
from kg.rdf.mapping import DEFAULT_BASE
from kg.store.load import LOAD_FORMATS

#: what ``--out -`` writes to stdout unless --format says: N-Quads, one named graph per article
STDOUT_FORMAT = "nq"
#: the name of the file that holds the article read from stdin (``kg build -``); its id is ``stdin``
STDIN_FILE = "stdin.txt"


@click.command()
@click.argument("inputs", nargs=-1, type=click.Path(path_type=Path))
@click.option(
    "--out",
    "out",
    type=click.Path(path_type=Path),
    default=Path("output"),
    show_default=True,
    help="Folder for graph.ttl (one graph) and graph.trig (one named graph per document); "
    "- writes one --format (default nq) to stdout instead.",
)
@click.option("--base", default=DEFAULT_BASE, show_default=True, help="Namespace for instance IRIs.")
@click.option("--model", default=None, help="spaCy model to use (default: the installed English small model).")
@click.option("--quiet", "-q", is_flag=True, help="Print only problems and the final line.")
@click.option(
    "--load", "load_", is_flag=True, help="Then load OUT/graph.trig into the embedded store (OUT/store unless --store)."
)
@click.option(
    "--store",
    "store_dir",
    type=click.Path(path_type=Path),
    default=None,
    help="Store folder to load into (implies --load; default OUT/store).",
)
@click.option(
    "--endpoint",
    default=None,
    metavar="URL",
    help="Load into this Graph Store Protocol endpoint instead (implies --load).",
)
@click.option("--no-answers", "no_answers", is_flag=True, help=ANSWERS_HELP)
@click.option(
    "--format",
    "formats",
    default=None,
    metavar="LIST",
    help=f"Files to write: {', '.join(FORMATS)} (comma-separated) or all "
    f"[default: {','.join(DEFAULT_FORMATS)}; with --out -: {STDOUT_FORMAT}].",
)
@click.option(
    "--reason", "reason_", is_flag=True, help="Add the OWL 2 RL entailments in their own named graph <base>entailments."
)
@click.option(
    "--validate/--no-validate",
    "validate_",
    default=True,
    show_default=True,
    help="Check the graph against ontology/shapes.ttl (SHACL); fail on a violation.",
)
@click.option(
    "--jobs",
    "-j",
    type=click.IntRange(min=1),
    default=1,
    show_default=True,
    help="Processes that parse and analyse the articles (each loads the spaCy model).",
)
@click.option(
    "--rebuild", is_flag=True, help="Ignore the cache in OUT/.kg-cache: parse, map and write every article again."
)
@click.option(
    "--engine",
    type=click.Choice(["local", "dask"]),
    default="local",
    show_default=True,
    help="dask: run the per-article work on a Dask cluster (needs pip install 'kg-news[dask]').",
)
@click.option(
    "--scheduler",
    default=None,
    metavar="ADDRESS",
    help="With --engine dask: the scheduler of an existing cluster (tcp://HOST:8786); "
    "default: a local cluster on this machine.",
)
@click.option(
    "--workers",
    type=click.IntRange(min=1),
    default=None,
    help="With --engine dask and no --scheduler: worker processes of the local cluster (default: one per core).",
)
@click.option(
    "--strict",
    is_flag=True,
    help="Fail (exit 1, nothing merged) when any article is skipped: unreadable, or its analysis or "
    "mapping failed (default: build the others and name each skipped file and why).",
)
@click.option(
    "--follow-symlinks",
    is_flag=True,
    help="Read the files and folders that symbolic links in an input folder point to outside it "
    "(default: leave them out, with a warning).",
)
@click.option(
    "--lang",
    type=click.Choice(["en"]),
    default=None,
    help="The language of every article, instead of detecting each one's: en builds articles taken "
    "for another language as English (default: an article not in English is skipped, with its reason).",
)
@click.option(
    "--urls",
    "urls_file",
    type=click.Path(path_type=Path, dir_okay=False),
    default=None,
    metavar="FILE",
    help="A text file of article or feed URLs to fetch and build too, one a line (# starts a comment).",
)
@click.option(
    "--allow-private", is_flag=True, help="Fetch URLs on loopback and private addresses too (refused by default)."
)
def build(
    inputs: tuple[Path, ...],
    out: Path,
    base: str,
    model: str | None,
    quiet: bool,
    load_: bool,
    store_dir: Path | None,
    endpoint: str | None,
    formats: str | None,
    reason_: bool,
    validate_: bool,
    jobs: int,
    rebuild: bool,
    engine: str,
    scheduler: str | None,
    workers: int | None,
    follow_symlinks: bool,
    no_answers: bool,
    lang: str | None,
    strict: bool,
    urls_file: Path | None,
    allow_private: bool,
) -> None:
    """Build the graph of the articles in INPUTS (.txt, .md, .jsonl, .html, .warc(.gz) files or folders; - reads one
    article from stdin, with its id "stdin").

    Writes each article's graph to OUT/graphs/ID.nq as it is made, then OUT/graph.ttl
    and OUT/graph.trig (or the --format files), after checking the graph against the
    SHACL shapes, and prints a summary: counts per event class and one line per
    extracted fact. An article that cannot be read, analysed or mapped is skipped,
    named with the reason, and the others are built (--strict: it is an error). With --load (or --store/--endpoint) it then loads the graphs as
    `kg load` does: each article's named graph replaces the one loaded before.

    Incremental: OUT/.kg-cache/ keeps each article's analysis under a hash of its
    content, so a re-run parses only new and changed articles, re-writes only the
    graphs that changed, removes the graphs of articles that are gone (from OUT and,
    with --load, from the store) and gives the same files as a fresh build.
    --jobs N parses in N processes, with the same output as one.

    --engine dask runs the per-article work on Dask (a local cluster, or the one at
    --scheduler; its workers must see INPUTS and OUT at the same paths) and also
    writes OUT/partitions/*.nq and OUT/manifest.json, which `kg load OUT/`
    bulk-loads. Same graph as the local engine, same cache.

    --out - builds in a temporary folder (no cache) and writes the graph to stdout
    in one format (--format nt, nq or ttl; default nq), the summary to stderr.

    \b
    Example:
      kg build input/ --out output/
      kg build input/ --out output/ --load
      kg build archive/ --out /tmp/kg --jobs 2 --quiet
      kg build archive/ --out /shared/kg --engine dask --scheduler tcp://HOST:8786
      kg build article.md other/ --out /tmp/kg --base https://example.org/id/
      kg build input/ --format all --reason
      cat article.md | kg build - --out - --format ttl > article.ttl
      kg build crawl.warc.gz https://news.example/2024/heckling --out /tmp/kg
      kg build news.rss --urls urls.txt --out /tmp/kg
    """
    if not inputs and urls_file is None:
        raise click.UsageError("give INPUTS (files, folders, URLs) or --urls FILE")
    if store_dir is not None and endpoint is not None:
        raise click.UsageError("give --store or --endpoint, not both")

    to_stdout = str(out) == "-"
    try:
        formats_t = check_formats((formats or (STDOUT_FORMAT if to_stdout else ",".join(DEFAULT_FORMATS))).split(","))
    except KgError as err:
        raise click.UsageError(str(err)) from None
    loading = load_ or store_dir is not None or endpoint is not None
    if to_stdout and len(formats_t) != 1:
        raise click.UsageError("--out - writes one format to stdout: give --format nt, nq or ttl (or another one)")
    if to_stdout and (loading or scheduler is not None):
        raise click.UsageError(
            "--out - builds in a temporary folder: to load the graph too, or to build on a "
            "cluster (--scheduler), give --out DIR"
        )
    if sum(1 for i in inputs if str(i) == "-") > 1:
        raise click.UsageError("- (one article from stdin) can be given once")
    if loading and not set(LOAD_FORMATS) & set(formats_t):
        raise click.UsageError(f"--load needs the {' or '.join(LOAD_FORMATS)} format among --format")
    if engine != "dask" and (scheduler is not None or workers is not None):
        raise click.UsageError("--scheduler and --workers go with --engine dask")
    if engine == "dask":
        if jobs != 1:
            raise click.UsageError("--jobs is for the local engine; with --engine dask give --workers N")
        if reason_:
            raise click.UsageError("--reason is not available with --engine dask yet; run `kg reason` on the output")
        if scheduler is not None and workers is not None:
            raise click.UsageError("--workers sizes the local cluster; an existing one (--scheduler) has its own")

    bars: list = []  # the bars made, closed when the build ends, however it ends

    def bar(total: int, desc: str):
        from tqdm import tqdm

        # shown only once a phase has run for a second; documents/s and the time left
        made = tqdm(
            total=total,
            desc=f"{desc:8}",
            unit="doc",
            delay=1.0,
            disable=quiet or total == 0,
            file=sys.stderr,
            dynamic_ncols=True,
            mininterval=0.5 if sys.stderr.isatty() else 10,
        )
        bars.append(made)
        return made

    with ExitStack() as stack:
        # a bar an error cut short ends its line first: the error's message starts a line of its own
        stack.callback(lambda: [b.close() for b in bars])
        work = Path(stack.enter_context(tempfile.TemporaryDirectory(prefix="kg-build-"))) if to_stdout else out
        shown: dict[str, str] = {}  # how messages name an input: the article from stdin as "-"
        if any(str(i) == "-" for i in inputs):
            inputs = _with_stdin(inputs, Path(stack.enter_context(tempfile.TemporaryDirectory(prefix="kg-stdin-"))))
            shown = {str(i): "- (stdin)" for i in inputs if i.name == STDIN_FILE}
        result = _build(
            inputs,
            work,
            bar,
            shown,
            base=base,
            model=model,
            formats=formats_t,
            validate=validate_,
            reason=reason_,
            rebuild=rebuild,
            engine=engine,
            jobs=jobs,
            scheduler=scheduler,
            workers=workers,
            facts=not quiet,
            follow_symlinks=follow_symlinks,
            lang=lang,
            strict=strict,
            urls_file=urls_file,
            allow_private=allow_private,
        )
        _report(result, quiet, shown, err=to_stdout)
        if to_stdout:  # only once the build succeeded: never half a graph
            _to_stdout(work / FORMATS[formats_t[0]].filename)
    if loading:  # each article's named graph replaces the one loaded before
        load_and_report(out, built=result, store_dir=store_dir, endpoint=endpoint, answers=not no_answers)


def _with_stdin(inputs: tuple[Path, ...], folder: Path) -> tuple[Path, ...]:
    """``inputs`` with ``-`` replaced by a file in ``folder`` holding the article read from stdin (as bytes:
    its encoding is found as a file's is)."""
    path = folder / STDIN_FILE
    path.write_bytes(click.get_binary_stream("stdin").read())  # type: ignore[operator]  # click 8.5 serves it by a module __getattr__ (typed object)
    return tuple(path if str(i) == "-" else i for i in inputs)


def _to_stdout(path: Path) -> None:
    """Copy the file ``path`` to stdout; a reader that stops early (``| head``) ends the command quietly."""
    stdout = click.get_binary_stream("stdout")  # type: ignore[operator]  # click 8.5 serves it by a module __getattr__ (typed object)
    try:
        with user_errors(writing="stdout"), open(path, "rb") as graph:
            shutil.copyfileobj(graph, stdout)
            stdout.flush()
    except click.ClickException as err:
        if "Broken pipe" not in err.message:
            raise
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())  # Python's own advice for SIGPIPE
        raise SystemExit(1) from None


def _problem(p, shown: dict[str, str]) -> str:
    return printable(f"{'warning' if p.warning else 'skipped'} {shown.get(str(p.path), p.path)}: {p.message}")


def _build(inputs: tuple[Path, ...], out: Path, bar, shown: dict[str, str], **options):
    """The library build with these :class:`~kg.engine.options.BuildOptions`, its errors as one line (the
    findings or the skipped files first, on stderr)."""
    from kg.engine import local as stream

    with user_errors(writing=out):
        try:
            from kg.engine import build as run_build
            from kg.engine.options import BuildOptions

            return run_build(inputs, out, BuildOptions(**options), progress=bar)
        except stream.BuildValidationError as err:  # the findings first, then the one line
            for line in err.report.text(warnings=False).splitlines():
                click.echo(line, err=True)
            raise
        except KgError as err:  # what was skipped, then the one line
            for p in getattr(err, "problems", ()):
                click.echo(_problem(p, shown), err=True)
            raise


def _report(result, quiet: bool, shown: dict[str, str], err: bool) -> None:
    """What the build did: the problems, the facts (unless ``quiet``), the summary line; on stderr if ``err``."""
    for p in result.problems:
        click.echo(_problem(p, shown), err=True)
    if os.environ.get("KG_TIMINGS"):  # where the time went, for bench/run.py
        click.echo("phases: " + ", ".join(f"{k} {v:.2f}s" for k, v in result.phases.items()), err=True)
    if not quiet:
        click.echo("Facts per class:", err=err)
        for cls, n in sorted(result.classes.items()):
            click.echo(f"  {cls:16} {n}", err=err)
        click.echo("Facts:", err=err)
        for f in result.facts:
            click.echo("  " + f.line(), err=err)
    removed = f", {result.removed} removed" if result.removed else ""
    written = "stdout" if err else ", ".join(str(p) for p in result.paths)
    click.echo(
        f"{result.documents} documents ({result.parsed} parsed, {result.cached} cached{removed}), "
        f"{sum(result.classes.values())} facts, {result.claims} unasserted mentions, {result.triples} triples "
        f"in the articles' graphs (a merged file holds each once) "
        f"-> {written} in {result.seconds:.1f}s",
        err=err,
    )


def register(main: click.Group) -> None:
    """Add ``build`` to the ``kg`` command group."""
    main.add_command(build)
