"""``kg build --engine dask`` (kg.engine.dask_engine), issue #9: the graph of a local Dask cluster is the
single-process graph; a re-run parses nothing; ``kg load`` bulk-loads the partitions; without
dask, one line says what to install, and the default engine never imports it.

Invented names only (the seeds and the development set are read from files).
"""

from __future__ import annotations

import functools
import random
import subprocess
import sys
from collections import defaultdict
from pathlib import Path
from types import SimpleNamespace

import pytest
from click.testing import CliRunner

from kg.cli import main
from kg.engine import dask_client, dask_engine, dask_tasks
from kg.engine.pipeline import record_of
from kg.model import Entity
from kg.resolve import corpus
from tests.conftest import ROOT, shared_or_skip
from tests.engine.test_cache import ARTICLES, _write
from tests.engine.test_jobs import FAMILY, random_corpus


@pytest.fixture(scope="module")
def client():
    """One LocalCluster of 2 worker processes (one thread each) for the whole module."""
    distributed = pytest.importorskip("distributed", reason="dask is an optional extra: pip install 'kg-news[dask]'")
    import logging

    cluster = distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None,
                                       silence_logs=logging.ERROR)
    c = distributed.Client(cluster, set_as_default=False)
    yield c
    c.close()
    cluster.close()


@pytest.fixture(scope="module")
def articles() -> list[Path]:
    return [shared_or_skip("seeds"), shared_or_skip("devset", "articles")]


@pytest.fixture(scope="module")
def single(articles, tmp_path_factory) -> Path:
    """The single-process build (the default engine) of the seeds and the development set."""
    out = tmp_path_factory.mktemp("single")
    result = CliRunner().invoke(main, ["build", *map(str, articles), "--out", str(out), "--quiet"])
    assert result.exit_code == 0, result.output
    return out


@pytest.fixture(scope="module")
def on_dask(articles, client, tmp_path_factory):
    out = tmp_path_factory.mktemp("dask")
    return out, dask_engine.build(articles, out, client=client)


def _iris(graph) -> set[str]:
    from rdflib import URIRef

    return {str(t) for triple in graph for t in triple if isinstance(t, URIRef)}


@pytest.mark.model
def test_dask_local_cluster_gives_the_single_process_graph(single, on_dask):
    from rdflib import Dataset, Graph
    from rdflib.compare import graph_diff, isomorphic, to_isomorphic

    out, result = on_dask
    assert result.workers == 2 and result.documents == 11 and result.parsed == 11
    want, got = Graph().parse(single / "graph.ttl"), Graph().parse(out / "graph.ttl")
    if not isomorphic(want, got):
        _, missing, extra = graph_diff(to_isomorphic(want), to_isomorphic(got))
        pytest.fail(f"not isomorphic; missing:\n{missing.serialize(format='nt')[:3000]}\n"
                    f"extra:\n{extra.serialize(format='nt')[:3000]}")
    assert _iris(want) == _iris(got)  # same IRIs: entities, events, documents
    # same named graphs (one per document), same triples in each
    want_ds, got_ds = Dataset().parse(single / "graph.trig"), Dataset().parse(out / "graph.trig")
    graphs = lambda ds: {str(g.identifier): set(g) for g in ds.graphs() if len(g)}  # noqa: E731
    assert graphs(want_ds) == graphs(got_ds)
    # the same event merging: event nodes shared by several articles' graphs
    shared = lambda ds: {s for s, n in _event_graphs(ds).items() if n > 1}  # noqa: E731
    assert shared(want_ds) == shared(got_ds) and shared(want_ds)
    # and the same entity merging: one node per person across the articles
    people = lambda g: {str(s) for s in g.subjects(predicate=None, object=None) if "/person/" in str(s)}  # noqa: E731
    assert people(want) == people(got)


def _event_graphs(ds) -> dict:
    from rdflib import RDF

    count: dict = defaultdict(int)
    for g in ds.graphs():
        for s in {s for s, _, _ in g.triples((None, RDF.type, None)) if "/event/" in str(s)}:
            count[s] += 1
    return count


@pytest.mark.model
def test_dask_writes_partitions_and_a_manifest(single, on_dask):
    import json

    out, result = on_dask
    manifest = json.loads((out / "manifest.json").read_text(encoding="utf-8"))
    assert manifest["engine"] == "dask" and len(manifest["documents"]) == 11
    parts = manifest["partitions"]
    assert sum(p["documents"] for p in parts) == 11
    assert sum(p["triples"] for p in parts) == manifest["triples"] == result.triples
    for doc in manifest["documents"].values():
        assert len(doc["hash"]) == 64 and (out / doc["partition"]).is_file()
    # each document's graph file is the single-process one, byte for byte
    for f in (single / "graphs").iterdir():
        assert (out / "graphs" / f.name).read_bytes() == f.read_bytes(), f.name
    assert not list(out.glob("**/*.tmp"))  # written by temp file and rename


@pytest.mark.model
def test_dask_rerun_parses_nothing(articles, client, on_dask):
    out, first = on_dask
    before = (out / "graph.ttl").read_bytes()
    again = dask_engine.build(articles, out, client=client)
    assert (again.parsed, again.cached) == (0, 11)
    assert (out / "graph.ttl").read_bytes() == before
    assert sorted(f.cls for f in again.facts) == sorted(f.cls for f in first.facts)


@pytest.mark.model
def test_dask_load_bulk_loads_the_partitions(on_dask, tmp_path):
    out, result = on_dask
    loaded = CliRunner().invoke(main, ["load", str(out), "--store", str(tmp_path / "store")])
    assert loaded.exit_code == 0, loaded.output
    assert loaded.output.count("loaded ") == len(result.partitions) and "partitions/part-" in loaded.output
    assert f"holds {result.triples} triples in 11 named graphs" in loaded.output


def test_dask_missing_says_what_to_install(tmp_path, monkeypatch):
    monkeypatch.setitem(sys.modules, "distributed", None)  # import distributed -> ImportError
    src = _write(tmp_path / "in", ARTICLES)
    result = CliRunner().invoke(main, ["build", str(src), "--out", str(tmp_path / "out"), "--engine", "dask"])
    assert result.exit_code == 1
    assert "pip install 'kg-news[dask]'" in result.output and "Traceback" not in result.output


def test_dask_unreachable_scheduler_is_one_line(tmp_path, monkeypatch):
    pytest.importorskip("distributed", reason="dask is an optional extra: pip install 'kg-news[dask]'")
    monkeypatch.setattr(dask_client, "CONNECT_TIMEOUT", 2.0)
    src = _write(tmp_path / "in", ARTICLES)
    result = CliRunner().invoke(main, ["build", str(src), "--out", str(tmp_path / "out"), "--engine", "dask",
                                       "--scheduler", "tcp://127.0.0.1:9"])
    assert result.exit_code == 1, result.output
    assert "cannot reach the Dask scheduler at tcp://127.0.0.1:9" in result.output
    assert "Traceback" not in result.output


@pytest.mark.parametrize("args", [["--scheduler", "tcp://127.0.0.1:9"], ["--workers", "2"],
                                  ["--engine", "dask", "--jobs", "2"], ["--engine", "dask", "--reason"]])
def test_dask_options_that_do_not_go_together(tmp_path, args):
    result = CliRunner().invoke(main, ["build", str(tmp_path), *args])
    assert result.exit_code == 2 and "Error:" in result.output


@pytest.mark.model
def test_dask_the_default_engine_does_not_import_dask(tmp_path):
    src = _write(tmp_path / "in", ARTICLES)
    code = ("import sys\nfrom click.testing import CliRunner\nfrom kg.cli import main\n"
            f"r = CliRunner().invoke(main, ['build', {str(src)!r}, '--out', {str(tmp_path / 'out')!r}, '-q'])\n"
            "assert r.exit_code == 0, r.output\n"
            "print(sorted(m for m in sys.modules if m.split('.')[0] in ('dask', 'distributed')))\n")
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]"


def _random_corpus(rng: random.Random) -> list[list[Entity]]:
    """Documents as tests/engine/test_jobs.py makes them, with surnames that are given names too, so that
    more names repeat a word (the case the name index keeps apart; see kg.engine.dask_engine)."""
    return random_corpus(rng, family=[*FAMILY, "Ana", "Tom"], documents=14)


def _summaries(documents: list[list[Entity]], name: str = "d{:03d}") -> list:
    """The Dask summary of each document of entities (no events), as the analysis tasks make them."""
    summaries = []
    for i, ents in enumerate(documents):
        analysed = SimpleNamespace(document=SimpleNamespace(id=name.format(i)), entities=ents, events=[],
                                   post_authors={}, paragraphs=[])
        summaries.append(dask_tasks.summarise(record_of(analysed), "k", "c", "p", (0, i), True))
    return summaries


def _describe(e: Entity) -> tuple:
    return (e.kind, e.key, e.name, frozenset(e.names), tuple(e.aliases),
            frozenset((r, o.kind, o.key) for r, o in e.roles))


@pytest.mark.parametrize("seed", [*range(16), 1195, 2511])  # 1195, 2511: a name repeating a word matters
def test_dask_name_index_merges_as_merge_corpus(seed):
    """The reduce step (fold by name in any order, then merge_corpus on the index) gives every
    entity the corpus entity the single-process merge gives it."""
    rng = random.Random(seed)
    documents = _random_corpus(rng)
    want = corpus.merge_corpus(documents)
    summaries = _summaries(documents)
    occurrences = [kv for s in summaries for kv in dask_tasks.name_occurrences(s)]
    rng.shuffle(occurrences)  # the workers fold in any order
    folded: dict = {}
    for k, n in occurrences:
        folded[k] = dask_tasks.fold_names(folded.get(k), n)
    table, entities = dask_tasks.corpus_entities(folded.items())
    for s, ents in zip(summaries, documents):
        assert len(s.identities) == len(ents)
        for k, e in zip(s.identities, ents):
            assert _describe(entities[table[k]]) == _describe(want[id(e)]), e.name


def test_dask_fold_names_is_associative_and_commutative():
    rng = random.Random(3)
    docs = _random_corpus(rng)
    by_key: dict = defaultdict(list)
    for summary in _summaries(docs, "d{}"):
        for k, n in dask_tasks.name_occurrences(summary):
            by_key[k].append(n)
    for names in by_key.values():
        once = functools.reduce(dask_tasks.fold_names, names)
        rng.shuffle(names)
        assert functools.reduce(dask_tasks.fold_names, names) == once


@pytest.mark.model
def test_dask_load_into_an_endpoint_puts_each_named_graph(on_dask, tmp_path):
    import json

    from kg.store.serve import Server
    from tests.stores import LOOPBACK, Remote

    out, result = on_dask
    # a server of its own (`kg serve --writable`): the session's Oxigraph server holds the seed graph only
    server = Server(tmp_path / "store", bind=LOOPBACK, writable=True)
    server.start()
    try:
        loaded = CliRunner().invoke(main, ["load", str(out), "--endpoint", server.store_url],
                                    env={"KG_ENDPOINT_TOKEN": server.token})
        assert loaded.exit_code == 0, loaded.output
        assert loaded.output.count("loaded ") == len(result.partitions)
        documents = json.loads((out / "manifest.json").read_text(encoding="utf-8"))["documents"]
        sizes = Remote("kg serve", server.store_url, server.query_url).graph_sizes()
        assert sizes == {d["graph"]: d["triples"] for d in documents.values()}
    finally:
        server.stop()


@pytest.mark.model
def test_dask_small_corpus_with_a_duplicate_id_and_a_change(client, tmp_path):
    """As the local engine: the first of two files with one id wins (and is reported), the same
    files come out; after one article changes, only it is parsed again, a removed one is gone."""
    from kg.engine import local as stream
    from tests.engine.test_cache import _files

    one = _write(tmp_path / "one", ARTICLES)
    two = _write(tmp_path / "two", {"a.md": ARTICLES["a.md"].replace("Tuesday", "Monday")})
    local = stream.build([one, two], tmp_path / "local")
    result = dask_engine.build([one, two], tmp_path / "dask", client=client)
    assert [p.message.split(" (")[0] for p in result.problems] == [p.message.split(" (")[0] for p in local.problems]
    assert any("duplicate document id" in p.message for p in result.problems)
    want = {k: v for k, v in _files(tmp_path / "local").items() if k.startswith(("graph.", "graphs/"))}
    got = {k: v for k, v in _files(tmp_path / "dask").items() if k.startswith(("graph.", "graphs/"))}
    assert got == want and len(want) == 2 + 3
    (one / "b.md").write_text(ARTICLES["b.md"].replace("Wednesday", "Thursday"), encoding="utf-8")
    (one / "c.md").unlink()
    again = dask_engine.build([one, two], tmp_path / "dask", client=client)
    assert (again.documents, again.parsed) == (2, 1)
    assert sorted(p.name for p in (tmp_path / "dask" / "graphs").iterdir()) == ["a.nq", "b.nq"]


class _CountingBar:
    def __init__(self, total: int, desc: str, bars: list):
        self.total, self.desc, self.done, self.closed = total, desc, 0, False
        bars.append(self)

    def update(self, n: int = 1) -> None:
        self.done += n

    def close(self) -> None:
        self.closed = True


def test_dask_progress_counts_every_file_and_partition(articles, client, tmp_path):
    bars: list[_CountingBar] = []
    dask_engine.build(articles, tmp_path / "out", client=client,
                      progress=lambda total, desc: _CountingBar(total, desc, bars))
    by_desc = {b.desc: b for b in bars}
    assert set(by_desc) == {"analyse", "map"}
    files, _ = dask_engine.list_files(articles)
    assert by_desc["analyse"].total == by_desc["analyse"].done == len(files) > 2
    assert by_desc["map"].total == by_desc["map"].done >= 1
    assert all(b.closed for b in bars)
