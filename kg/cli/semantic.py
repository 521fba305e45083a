"""The ``kg reason`` and ``kg validate`` commands (OWL 2 RL entailments, SHACL validation).

``kg.cli`` adds them to the ``kg`` group with :func:`register`. Each is a thin layer over
:mod:`kg.semantics.reason` and :mod:`kg.semantics.validate`; errors print one line, never a traceback.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import cast

import click

from kg.cli.common import user_errors
from kg.rdf.formats import FORMATS, Format
from kg.store.embedded import DEFAULT_STORE

DEFAULT_GRAPH = Path("output/graph.trig")
#: what ``kg reason --out FILE`` writes, by the suffix of FILE: the suffix of each format's build file
#: (the formats that keep named graphs first)
OUT_FORMATS: dict[str, Format] = {
    Path(f.filename).suffix: f for f in sorted(FORMATS.values(), key=lambda f: not f.dataset)
}


def _suffixes(dataset: bool | None = None, last: str = ", ") -> str:
    """'.trig, .nq, .jsonld' (the --out suffixes, of dataset formats only, or of the others), the last
    joined by ``last``."""
    names = [s for s, f in OUT_FORMATS.items() if dataset is None or f.dataset == dataset]
    return ", ".join(names[:-1]) + last + names[-1]


@click.command()
@click.argument("graphs", nargs=-1, type=click.Path(path_type=Path))
@click.option(
    "--out",
    type=click.Path(path_type=Path),
    default=None,
    help=f"File for the entailments ({_suffixes(True)} keep their named graph; {_suffixes(False)} "
    "do not). Default: entailments.trig beside the first GRAPH.",
)
@click.option(
    "--engine",
    type=click.Choice(["fast", "owlrl"]),
    default="fast",
    show_default=True,
    help="fast: the ontology's rules compiled (same result, ~100x faster); owlrl: the reference.",
)
@click.option(
    "--graph",
    "graph_iri",
    default=None,
    metavar="IRI",
    help="Name of the entailments graph (default <base>entailments, base from the input's graphs).",
)
def reason(graphs: tuple[Path, ...], out: Path | None, engine: str, graph_iri: str | None) -> None:
    """Derive what the ontology entails from GRAPHS (default output/graph.trig), OWL 2 RL.

    Each article's named graph is reasoned with ontology/kg.ttl, and only the new
    triples are kept (types such as schema:NewsArticle and prov:Person, the aligned
    properties, the shortcut edges the property chains derive, CAMEO event types),
    in their own named graph, so you can load them beside the facts or leave them
    out. Exits with status 1, listing the clashes, if the graph contradicts the
    ontology (say, one node typed both kg:Person and kg:Organization).

    \b
    Example:
      kg reason
      kg reason output/graph.trig --out output/entailments.trig
      kg reason output/graph.nq --engine owlrl --out /tmp/owlrl.nq
      kg load output/            # loads graph.trig and entailments.trig
    """
    from rdflib import Dataset, URIRef

    from kg.rdf.write import atomic_write_bytes, read_dataset, serialize
    from kg.semantics import reason as r

    graphs = graphs or (DEFAULT_GRAPH,)
    out = out or graphs[0].parent / "entailments.trig"
    fmt = OUT_FORMATS.get(out.suffix.lower())
    if fmt is None:
        raise click.UsageError(f"--out {out}: give a {_suffixes(last=' or ')} file")
    with user_errors(writing=out):
        started = time.monotonic()
        data = read_dataset(graphs)
        iri = URIRef(graph_iri) if graph_iri else r.entailments_graph_iri(r.base_of(data))
        result = r.run(data, engine=engine, skip=[iri])
        if result.clashes:
            for clash in result.clashes:
                click.echo(f"clash: {clash.message}", err=True)
            raise r.InconsistentGraphError(result.clashes)
        target = Dataset()
        for prefix, ns in data.namespaces():
            target.bind(prefix, ns, override=True, replace=True)
        g = target.graph(iri) if fmt.dataset else target.default_graph
        for t in sorted(result.entailments):
            g.add(t)
        atomic_write_bytes(out, serialize(target, fmt.name))
        n = len(r.document_graphs(data, [iri]))
        click.echo(
            f"{n} graph{'s' * (n != 1)} reasoned ({engine}): {len(result.entailments)} entailed triples "
            f"-> {out}" + (f" (graph <{iri}>)" if fmt.dataset else "") + f" in {time.monotonic() - started:.1f}s"
        )


@click.command()
@click.argument("graphs", nargs=-1, type=click.Path(path_type=Path))
@click.option(
    "--store",
    type=click.Path(path_type=Path),
    default=None,
    is_flag=False,
    flag_value=str(DEFAULT_STORE),
    help=f"Validate the embedded store instead (default folder {DEFAULT_STORE} when given bare).",
)
@click.option(
    "--shapes",
    type=click.Path(path_type=Path, exists=True, dir_okay=False),
    default=None,
    help="A SHACL shapes file (default ontology/shapes.ttl).",
)
@click.option(
    "--warnings/--no-warnings",
    default=True,
    show_default=True,
    help="Also list warnings (things the text may simply not say, such as an unnamed ejector).",
)
def validate(graphs: tuple[Path, ...], store: Path | None, shapes: Path | None, warnings: bool) -> None:
    """Check GRAPHS (default output/graph.trig) or a store against the SHACL shapes.

    The shapes (ontology/shapes.ttl) describe every entity and event class, the
    provenance of every fact (article, sentence and offsets, rule, confidence in
    [0, 1]) and the dates. Each problem is one line: the node (and its name), the
    property, what is wrong. Exits with status 1 if there is any violation;
    warnings alone do not fail.

    \b
    Example:
      kg validate
      kg validate output/graph.ttl --no-warnings
      kg validate --store output/store
      kg validate my-graph.trig --shapes my-shapes.ttl
    """
    from kg.rdf.write import read_dataset
    from kg.semantics import validate as v

    if store is not None and graphs:
        raise click.UsageError("give GRAPH files or --store, not both")
    with user_errors():
        if store is not None:
            data, source = _store_dataset(store), str(store)
        else:
            graphs = graphs or (DEFAULT_GRAPH,)
            data, source = read_dataset(graphs), ", ".join(map(str, graphs))
        shapes_graph = v.load_shapes(shapes) if shapes is not None else None
        report = v.validate(data, shapes=shapes_graph)
    for finding in report.violations + (report.warnings if warnings else []):
        click.echo(finding.line())
    click.echo(f"{source} {report.summary()}")
    if report.violations:
        raise SystemExit(1)


def _store_dataset(path: Path):
    """Every quad of the embedded store at ``path``, as an rdflib dataset (read-only)."""
    import pyoxigraph as ox
    from rdflib import Dataset

    from kg.store.embedded import open_store

    db = open_store(path, create=False, write=False)
    try:
        data = db.dump(format=ox.RdfFormat.N_QUADS)
    finally:
        del db  # close the store
    ds = Dataset()
    ds.parse(data=cast(bytes, data).decode("utf-8"), format="nquads")  # bytes: no output given
    return ds


def register(main: click.Group) -> None:
    """Add ``reason`` and ``validate`` to the ``kg`` command group."""
    main.add_command(reason)
    main.add_command(validate)
