"""Incremental loading of a build's document graphs into the embedded store (``kg build --load``, ``kg load`` of a
build): the store is made to hold exactly the build's graphs, loading only those whose file changed since it was
last loaded (a record in the store folder says which) and dropping the graphs of articles that are gone."""

from __future__ import annotations

from pathlib import Path

import pyoxigraph as ox

from kg.rdf.read import LoadReport
from kg.store import embedded

__all__ = ["LOADED_STATE", "TRANSACTION_GRAPHS", "forget_graphs", "loaded_state", "sync_graphs"]

#: written by ``kg build --load`` into the store folder: graph IRI -> SHA-256 of the N-Quads file loaded
LOADED_STATE = ".kg-loaded.json"
#: up to this many changed graphs are replaced in one transaction; more go through the bulk loader
TRANSACTION_GRAPHS = 256


def _state_path(path: Path) -> Path:
    return Path(path) / LOADED_STATE


def loaded_state(path: Path) -> dict[str, str]:
    """What ``kg build --load`` last loaded into the store folder ``path``: graph IRI -> file SHA-256."""
    import json

    try:
        data = json.loads(_state_path(path).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def _save_state(path: Path, state: dict[str, str]) -> None:
    import json

    from kg.rdf.write import atomic_write_bytes

    atomic_write_bytes(_state_path(path), json.dumps(state, sort_keys=True).encode("utf-8"))


def forget_graphs(path: Path, graphs) -> None:
    """Drop ``graphs`` from the load record of the store folder ``path`` (they were loaded by other means)."""
    state = loaded_state(path)
    if state and any(g in state for g in graphs):
        for g in graphs:
            state.pop(g, None)
        _save_state(path, state)


def sync_graphs(
    store: ox.Store,
    path: Path,
    graphs: list[tuple[str, Path, str]],
    removed: list[str],
    *,
    source: str = "graphs",
    target: str = "store",
) -> tuple[LoadReport, int]:
    """Make the store hold exactly the build's document graphs: load the changed ones, drop the removed ones.

    Args:
        store: the open store, in the folder ``path``.
        graphs: (graph IRI, N-Quads file, SHA-256 of the file) for every document graph of the build.
        removed: graph IRIs of documents that left the corpus: dropped from the store.

    A graph whose file has the SHA-256 recorded when it was last loaded (``.kg-loaded.json`` in
    the store folder), and that the store still has, is left alone; so a re-run that changed
    one article loads one graph. Up to :data:`TRANSACTION_GRAPHS` changed graphs are replaced
    in one transaction; more (a first load) go through Oxigraph's bulk loader.

    Returns:
        The report (new / replaced / unchanged per graph) and how many graphs were dropped.
    """
    state = loaded_state(path)
    report = LoadReport(source, target)
    changed: list[tuple[str, Path, str]] = []
    for iri, file, sha in graphs:
        name = ox.NamedNode(iri)
        present = store.contains_named_graph(name)
        if present and state.get(iri) == sha:
            report.graphs[iri] = "unchanged"
            continue
        report.graphs[iri] = "replaced" if present else "new"
        changed.append((iri, file, sha))
    dropped = 0
    for iri in removed:
        name = ox.NamedNode(iri)
        if iri and store.contains_named_graph(name):
            store.remove_graph(name)
            dropped += 1
        state.pop(iri, None)
    if changed:
        # the record first says "unknown" for what is about to change, so a failed load is retried
        for iri, _, _ in changed:
            state.pop(iri, None)
        _save_state(path, state)
        if len(changed) <= TRANSACTION_GRAPHS:
            drops, inserts = [], []
            for iri, file, _ in changed:
                name = ox.NamedNode(iri)
                triples = [q.triple for q in ox.parse(path=str(file), format=ox.RdfFormat.N_QUADS)]
                report.triples += len(triples)
                drops.append(f"DROP SILENT GRAPH {name}")
                inserts.append(f"GRAPH {name} {{\n" + "\n".join(f"{t} ." for t in triples) + "\n}")
            store.update(" ;\n".join(drops) + " ;\nINSERT DATA {\n" + "\n".join(inserts) + "\n}")
        else:
            for iri, _, _ in changed:
                store.remove_graph(ox.NamedNode(iri))
            batch: list[bytes] = []
            size = 0
            for _, file, _ in changed:
                data = file.read_bytes()
                report.triples += data.count(b"\n")
                batch.append(data)
                size += len(data)
                if size >= embedded.BULK_BYTES:
                    store.bulk_load(input=b"".join(batch), format=ox.RdfFormat.N_QUADS)
                    batch, size = [], 0
            if batch:
                store.bulk_load(input=b"".join(batch), format=ox.RdfFormat.N_QUADS)
            store.flush()
            embedded.compact(store)
        for iri, _, sha in changed:
            state[iri] = sha
    store.flush()
    _save_state(path, state)
    return report, dropped
