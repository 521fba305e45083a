"""The ``kg`` command: a thin layer over the library. Errors print one line, never a traceback."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import click

from kg.cli.common import user_errors
from kg.errors import KgError
from kg.rdf.mapping import DEFAULT_BASE

from kg.query.sparql import FORMATS
from kg.store.remote import DEFAULT_TIMEOUT
from kg.store.serve import DEFAULT_BIND
from kg.store.embedded import DEFAULT_STORE


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="kg")
def main() -> None:
    """kg: build an ontology-mapped RDF knowledge graph from news articles, store and query it.

    \b
    Example:
      kg build input/ --out output/ --load
      kg query ejections
    """


@main.command()
@click.argument("inputs", nargs=-1, required=True, type=click.Path(path_type=Path))
@click.option("--out", "out", type=click.Path(path_type=Path), default=Path("output"), show_default=True,
              help="Folder for graph.ttl (one graph) and graph.trig (one named graph per document).")
@click.option("--base", default=DEFAULT_BASE, show_default=True, help="Namespace for instance IRIs.")
@click.option("--model", default=None, help="spaCy model to use (default: the installed English small model).")
@click.option("--quiet", "-q", is_flag=True, help="Print only problems and the final line.")
@click.option("--load", "load_", is_flag=True,
              help="Then load OUT/graph.trig into the embedded store (OUT/store unless --store).")
@click.option("--store", type=click.Path(path_type=Path), default=None,
              help="Store folder to load into (implies --load; default OUT/store).")
@click.option("--endpoint", default=None, metavar="URL",
              help="Load into this Graph Store Protocol endpoint instead (implies --load).")
@click.option("--format", "formats", default="ttl,trig", show_default=True, metavar="LIST",
              help="Files to write: ttl, trig, nt, nq, jsonld, xml (comma-separated) or all.")
@click.option("--reason", "reason_", is_flag=True,
              help="Add the OWL 2 RL entailments in their own named graph <base>entailments.")
@click.option("--validate/--no-validate", "validate_", default=True, show_default=True,
              help="Check the graph against ontology/shapes.ttl (SHACL); fail on a violation.")
@click.option("--jobs", "-j", type=click.IntRange(min=1), default=1, show_default=True,
              help="Processes that parse and analyse the articles (each loads the spaCy model).")
@click.option("--rebuild", is_flag=True,
              help="Ignore the cache in OUT/.kg-cache: parse, map and write every article again.")
@click.option("--engine", type=click.Choice(["local", "dask"]), default="local", show_default=True,
              help="dask: run the per-article work on a Dask cluster (needs pip install 'kg[dask]').")
@click.option("--scheduler", default=None, metavar="ADDRESS",
              help="With --engine dask: the scheduler of an existing cluster (tcp://HOST:8786); "
                   "default: a local cluster on this machine.")
@click.option("--workers", type=click.IntRange(min=1), default=None,
              help="With --engine dask and no --scheduler: worker processes of the local cluster "
                   "(default: one per core).")
def build(inputs: tuple[Path, ...], out: Path, base: str, model: str | None, quiet: bool, load_: bool,
          store: Path | None, endpoint: str | None, formats: str, reason_: bool, validate_: bool, jobs: int,
          rebuild: bool, engine: str, scheduler: str | None, workers: int | None) -> None:
    """Build the graph of the articles in INPUTS (.txt, .md, .jsonl, .html files or folders).

    Writes each article's graph to OUT/graphs/ID.nq as it is made, then OUT/graph.ttl
    and OUT/graph.trig (or the --format files), after checking the graph against the
    SHACL shapes, and prints a summary: counts per event class and one line per
    extracted fact. With --load (or --store/--endpoint) it then loads the graphs as
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

    \b
    Example:
      kg build input/ --out output/
      kg build input/ --out output/ --load
      kg build archive/ --out /tmp/kg --jobs 2 --quiet
      kg build archive/ --out /shared/kg --engine dask --scheduler tcp://HOST:8786
      kg build article.md other/ --out /tmp/kg --base https://example.org/id/
      kg build input/ --format all --reason
    """
    if store is not None and endpoint is not None:
        raise click.UsageError("give --store or --endpoint, not both")
    from kg.engine import local as stream
    from kg.rdf.write import check_formats

    try:
        formats_t = check_formats(formats.split(","))
    except KgError as err:
        raise click.UsageError(str(err)) from None
    loading = load_ or store is not None or endpoint is not None
    if loading and not {"trig", "nq"} & set(formats_t):
        raise click.UsageError("--load needs the trig or nq format among --format")
    if engine != "dask" and (scheduler is not None or workers is not None):
        raise click.UsageError("--scheduler and --workers go with --engine dask")
    if engine == "dask":
        if jobs != 1:
            raise click.UsageError("--jobs is for the local engine; with --engine dask give --workers N")
        if reason_:
            raise click.UsageError("--reason is not available with --engine dask yet; run `kg reason` on the output")
        if scheduler is not None and workers is not None:
            raise click.UsageError("--workers sizes the local cluster; an existing one (--scheduler) has its own")

    def bar(total: int, desc: str):
        from tqdm import tqdm

        # shown only once a phase has run for a second; documents/s and the time left
        return tqdm(total=total, desc=f"{desc:8}", unit="doc", delay=1.0, disable=quiet or total == 0,
                    file=sys.stderr, dynamic_ncols=True, mininterval=0.5 if sys.stderr.isatty() else 10)

    with user_errors(writing=out):
        try:
            if engine == "dask":
                from kg.engine import dask_engine

                result = dask_engine.build(inputs, out, base=base, model=model, scheduler=scheduler, workers=workers,
                                           formats=formats_t, validate=validate_, rebuild=rebuild, facts=not quiet,
                                           bar=bar)
            else:
                result = stream.build(inputs, out, base=base, model=model, jobs=jobs, formats=formats_t,
                                      validate=validate_, reason=reason_, rebuild=rebuild, bar=bar)
        except stream.BuildValidationError as err:  # the findings first, then the one line
            for line in err.report.text(warnings=False).splitlines():
                click.echo(line, err=True)
            raise
        except KgError as err:  # what was skipped, then the one line
            for p in getattr(err, "problems", ()):
                click.echo(f"{'warning' if p.warning else 'skipped'} {p.path}: {p.message}", err=True)
            raise
    for p in result.problems:
        click.echo(f"{'warning' if p.warning else 'skipped'} {p.path}: {p.message}", err=True)
    if os.environ.get("KG_TIMINGS"):  # where the time went, for bench/run.py
        click.echo("phases: " + ", ".join(f"{k} {v:.2f}s" for k, v in result.phases.items()), err=True)
    if not quiet:
        click.echo("Facts per class:")
        for cls, n in sorted(result.classes.items()):
            click.echo(f"  {cls:16} {n}")
        click.echo("Facts:")
        for f in result.facts:
            click.echo("  " + f.line())
    removed = f", {result.removed} removed" if result.removed else ""
    click.echo(f"{result.documents} documents ({result.parsed} parsed, {result.cached} cached{removed}), "
               f"{sum(result.classes.values())} facts, {result.claims} unasserted mentions, {result.triples} triples "
               f"-> {', '.join(str(p) for p in result.paths)} in {result.seconds:.1f}s")
    if loading and engine == "dask":  # the partitions, bulk-loaded
        _load([out], store or out / "store", endpoint, None, DEFAULT_TIMEOUT)
    elif loading and endpoint is not None:
        graph_file = next(p for p in result.paths if p.suffix in (".trig", ".nq"))
        _load([graph_file], store or out / "store", endpoint, None, DEFAULT_TIMEOUT)
    elif loading:
        _sync(result, store or out / "store", out)


def _sync(result, store_path: Path, out: Path) -> None:
    """Load a build's changed document graphs into the embedded store and drop the removed ones."""
    from kg.store.embedded import graph_sizes, open_store, sync_graphs

    db = None
    try:
        with user_errors():
            db = open_store(store_path)
            graphs = list(result.graphs)
            if result.entailments is not None:
                graphs.append(result.entailments)
            report, dropped = sync_graphs(db, store_path, graphs, result.removed_graphs,
                                          source=str(out / "graphs"), target=str(store_path))
            report.triples = result.triples
            click.echo(f"loaded {report.summary()}" + (f"; dropped {dropped} graphs of articles no longer in the corpus"
                                                      if dropped else ""))
            sizes = graph_sizes(db)
            click.echo(f"{store_path} now holds {sum(sizes.values())} triples in {len(sizes)} named graphs")
    finally:
        db = None  # pyoxigraph closes the store (and frees its lock) with its last reference


def _load(paths: list[Path], store: Path, endpoint: str | None, graph: str | None, timeout: float) -> None:
    """Load graph files into the embedded store or an endpoint; one line per file; exit 1 if any failed."""
    from kg.rdf import read as rdffiles

    db = None
    try:
        with user_errors():
            files = rdffiles.find_files(paths)
            if endpoint is not None:
                from kg.store.remote import Endpoint

                target = Endpoint(endpoint, timeout=timeout)
                load_one = lambda f: target.load_file(f, graph=graph)  # noqa: E731
            else:
                from kg.store.embedded import compact, forget_graphs, graph_sizes, load_file, open_store

                db = open_store(store)

                # the partitions of a Dask build (found by find_files from its manifest) go through
                # Oxigraph's bulk loader, whatever their size
                compacting: list[bool] = []
                bulk = {f for f in files if f.parent.name == rdffiles.PARTITIONS_DIR}

                def load_one(f):
                    report = load_file(db, f, graph=graph, target=str(store), compact_after=False,
                                       **({"bulk_bytes": 0} if f in bulk else {}))
                    compacting.append(report.bulk)
                    # graphs loaded by hand are no longer the ones `kg build --load` recorded
                    forget_graphs(store, [g for g, how in report.graphs.items() if how != "unchanged"])
                    return report
            failed = []
            for f in files:
                try:
                    click.echo(f"loaded {load_one(f).summary()}")
                except rdffiles.GraphFileError as err:
                    click.echo(f"Error: {err}", err=True)
                    failed.append(f)
            if endpoint is None:
                if any(compacting):  # once, after every bulk load
                    compact(db)
                sizes = graph_sizes(db)
                click.echo(f"{store} now holds {sum(sizes.values())} triples in {len(sizes)} named graphs")
    finally:
        db = None  # pyoxigraph closes the store (and frees its lock) with its last reference
    if failed:
        raise click.ClickException(f"{len(failed)} of {len(files)} files could not be loaded (see above)")


@main.command()
@click.argument("inputs", nargs=-1, type=click.Path(path_type=Path))
@click.option("--store", type=click.Path(path_type=Path), default=DEFAULT_STORE, show_default=True,
              help="The embedded store folder (an Oxigraph database; made when missing).")
@click.option("--endpoint", default=None, metavar="URL",
              help="Load into a SPARQL server's Graph Store Protocol endpoint instead of the embedded store.")
@click.option("--graph", default=None, metavar="IRI",
              help="Named graph for triples outside any named graph (e.g. a .ttl file).")
@click.option("--timeout", type=float, default=DEFAULT_TIMEOUT, show_default=True,
              help="Seconds to wait for the endpoint.")
def load(inputs: tuple[Path, ...], store: Path, endpoint: str | None, graph: str | None, timeout: float) -> None:
    """Load graph files (FILES, or the .trig/.nq files of a DIR; default output/) into a store.

    Each named graph (one per article) replaces the graph of that name: loading the
    same output twice changes nothing, and a re-built article replaces exactly its
    own graph. A file is checked in full first; one that does not parse is reported
    with its line and nothing is loaded from it.

    From the output folder of `kg build --engine dask`, the N-Quads partitions its
    manifest.json lists are loaded instead, with Oxigraph's bulk loader (fast, but
    not one transaction); with --endpoint, graph by graph.

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
    _load(list(inputs) or [Path("output")], store, endpoint, graph, timeout)


@main.command()
@click.argument("query", required=False)
@click.option("--store", type=click.Path(path_type=Path), default=DEFAULT_STORE, show_default=True,
              help="The embedded store folder to query.")
@click.option("--endpoint", default=None, metavar="URL", help="Query a SPARQL endpoint instead.")
@click.option("--format", "fmt", type=click.Choice(FORMATS), default="table", show_default=True,
              help="table: aligned, labels instead of IRIs; csv, tsv, json: SPARQL 1.1 results formats.")
@click.option("--param", "params", multiple=True, metavar="NAME=VALUE",
              help="Bind ?NAME to the string VALUE (safely: never pasted into the query). Repeatable.")
@click.option("--timeout", type=float, default=None, help="Give up after this many seconds.")
@click.option("--list", "list_", is_flag=True, help="List the stored queries and the questions they answer.")
def query(query: str | None, store: Path, endpoint: str | None, fmt: str, params: tuple[str, ...],
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

                db = open_store(store, create=False, write=False)
                run = lambda text, values: q.run_store(db, text, values, timeout=timeout)  # noqa: E731
            # tables show labels, looked up in the same store
            results, labels = q.answer(run, text, values) if fmt == "table" else (run(text, values), {})
            out = q.format_results(results, fmt, labels, q.query_prefixes(text.text))
            if fmt == "table" and text.stored is not None:  # say which question the table answers
                out = f"{text.stored.question}\n{out}"
            click.echo(out, nl=not out.endswith("\n"))
    finally:
        db = None  # close the store


@main.command()
@click.option("--store", type=click.Path(path_type=Path), default=DEFAULT_STORE, show_default=True,
              help="The embedded store folder to serve.")
@click.option("--bind", default=DEFAULT_BIND, show_default=True, metavar="HOST:PORT",
              help="Where to listen; 127.0.0.1 keeps the server to this machine.")
@click.option("--writable", is_flag=True,
              help="Accept SPARQL updates and Graph Store writes (default: read-only).")
@click.option("--timeout", type=float, default=None, help="Seconds after which the server gives up on a query.")
def serve(store: Path, bind: str, writable: bool, timeout: float | None) -> None:
    """Serve the embedded store as a SPARQL endpoint with a query page, until Ctrl-C.

    Runs the Oxigraph server program. Read-only unless --writable; while a read-only
    server runs, `kg load` refuses to write to its store (stop the server, or serve
    with --writable and load through its /store endpoint). Queries at URL/query, a
    query page at URL, and, when writable, updates at URL/update and Graph Store
    writes at URL/store.

    \b
    Example:
      kg serve                                 # http://127.0.0.1:7878/
      kg serve --store /tmp/store --bind 127.0.0.1:8000 --writable
    """
    import signal

    from kg.store.serve import Server, is_loopback

    def terminate(signum, frame):
        raise KeyboardInterrupt

    with user_errors():
        server = Server(store, bind=bind, writable=writable, timeout=timeout)
        server.start()
    previous = signal.signal(signal.SIGTERM, terminate)
    try:
        mode = "writable" if writable else "read-only"
        click.echo(f"Serving {store} ({mode}) at {server.url}")
        click.echo(f"  SPARQL queries: {server.query_url}" + (f"\n  updates: {server.update_url}\n  Graph Store: "
                                                             f"{server.store_url}" if writable else ""))
        if not is_loopback(server.host):
            click.echo(f"  warning: listening on {server.host}, reachable from other machines", err=True)
        click.echo("Press Ctrl-C to stop.")
        status = server.wait()
        raise click.ClickException(f"the Oxigraph server stopped by itself (status {status})")
    except KeyboardInterrupt:
        click.echo("Stopped.")
    finally:
        server.stop()
        signal.signal(signal.SIGTERM, previous)


from kg.cli.semantic import register as _register_semantic  # noqa: E402  (commands: reason, validate)

_register_semantic(main)

from kg.cli.viz import register as _register_viz  # noqa: E402  (commands: viz, stats)

_register_viz(main)


def run() -> None:  # pragma: no cover - console entry for `python -m kg`
    try:
        main()
    except KeyboardInterrupt:
        sys.exit(130)
