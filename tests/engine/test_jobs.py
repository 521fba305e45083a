"""Parallel and streaming builds give the same graph as one fresh build in one process.

- ``kg build --jobs 2`` writes the same bytes as ``--jobs 1`` (merged files and graph files);
- the streaming build (kg.engine.local) gives the triples of ``kg.engine.pipeline.build_corpus`` (the
  reference: everything in memory, written by rdflib), byte for byte in N-Triples and N-Quads;
- the indexed corpus step (kg.resolve.corpus) gives the answers of the plain merge (tests/reference.py) and
  ``corefer.event_keys``; a paragraph parses the same whatever shares its ``nlp.pipe`` batch.

Invented names only (the seeds and the development set are read from files).
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pyoxigraph as ox
import pytest
from click.testing import CliRunner

from kg.resolve import corefer
from kg.resolve import corpus
from kg.cli import main
from kg.engine.workers import PRELOAD
from kg.model import Entity, Event, Mention, fold
from tests import reference
from tests.conftest import ROOT
from tests.engine.test_cache import ARTICLES, _files, _write


def _build(*args) -> str:
    result = CliRunner().invoke(main, ["build", *map(str, args), "--quiet"])
    assert result.exit_code == 0, result.output
    return result.output


def _corpus_inputs() -> list[Path]:
    devset = ROOT.parent / "shared" / "devset" / "articles"
    return [ROOT / "input"] + ([devset] if devset.is_dir() else [])


@pytest.mark.model
def test_jobs_two_processes_write_the_same_bytes_as_one(tmp_path, monkeypatch):
    from kg.engine import local as stream

    monkeypatch.setattr(stream, "SMALL_MAP", 0)  # the workers map the graphs too, not just parse
    src = _write(tmp_path / "in", ARTICLES)
    for f in (ROOT / "input").iterdir():
        (src / f.name).write_bytes(f.read_bytes())
    _build(src, "--out", tmp_path / "one", "--jobs", "1", "--format", "ttl,trig,nt,nq")
    _build(src, "--out", tmp_path / "two", "--jobs", "2", "--format", "ttl,trig,nt,nq")
    one, two = _files(tmp_path / "one"), _files(tmp_path / "two")
    assert len(one) == 4 + 6 and one == two


@pytest.mark.model
def test_jobs_streaming_build_equals_the_in_memory_build(tmp_path):
    from kg.engine.pipeline import build_corpus
    from kg.rdf.write import write_outputs

    inputs = _corpus_inputs()
    _build(*inputs, "--out", tmp_path / "stream", "--format", "ttl,trig,nt,nq")
    write_outputs(build_corpus(inputs).dataset, tmp_path / "ref", ["ttl", "trig", "nt", "nq"])
    for name in ("graph.nt", "graph.nq"):  # rdflib's lines, sorted: the same bytes
        assert (tmp_path / "stream" / name).read_bytes() == (tmp_path / "ref" / name).read_bytes(), name
    for name, fmt in (("graph.ttl", ox.RdfFormat.TURTLE), ("graph.trig", ox.RdfFormat.TRIG)):
        got = set(ox.parse(path=str(tmp_path / "stream" / name), format=fmt))
        want = set(ox.parse(path=str(tmp_path / "ref" / name), format=fmt))
        assert got == want and len(got) > 500, name


@pytest.mark.model
def test_jobs_turtle_is_readable_and_rdflib_reads_it(tmp_path):
    import rdflib

    _build(ROOT / "input", "--out", tmp_path)
    text = (tmp_path / "graph.ttl").read_text(encoding="utf-8")
    for prefix in ("kg:", "person:", "doc:", "event:", "rdfs:", "skos:"):
        assert f"@prefix {prefix} <" in text, prefix
    assert " a kg:Agent , kg:Person ;" in text and "\n\tkg:" in text  # grouped by subject, one predicate a line
    assert len(rdflib.Graph().parse(tmp_path / "graph.ttl")) == len(set(ox.parse(
        path=str(tmp_path / "graph.ttl"), format=ox.RdfFormat.TURTLE)))
    assert len(rdflib.Dataset().parse(tmp_path / "graph.trig", format="trig")) > 0


@pytest.mark.model
def test_jobs_a_paragraph_parses_the_same_in_any_batch(nlp):
    from kg.ingest.documents import read_corpus
    from kg.nlp.parse import parse, parse_many

    documents, _ = read_corpus(_corpus_inputs())

    def sig(pairs):
        return [(d.id, p.start, [(t.text, t.tag_, t.dep_, t.head.i, t.lemma_, t.ent_type_, t.is_sent_start)
                                 for t in p.doc]) for d, ps in pairs for p in ps]

    one_by_one = sig(parse(documents, nlp))
    assert sig(parse_many(documents, nlp, batch_size=64)) == one_by_one
    backwards = {(d, s): t for d, s, t in sig(parse_many(list(reversed(documents)), nlp, batch_size=5))}
    assert {(d, s): t for d, s, t in one_by_one} == backwards


# -- the corpus step, indexed ------------------------------------------------------------------

def _same_merge(per_document: list[list[Entity]]) -> None:
    want = reference.merge_corpus(per_document)
    got = corpus.merge_corpus(per_document)
    assert set(want) == set(got)

    def describe(e: Entity):
        return (e.kind, e.key, e.name, tuple(sorted(e.names)), tuple(e.aliases),
                tuple(sorted((r, o.kind, o.key) for r, o in e.roles)))

    for local in want:
        assert describe(want[local]) == describe(got[local])
    # the same grouping: two local entities share a corpus entity in both or in neither
    groups_want = sorted(sorted(k for k in want if want[k] is c) for c in {id(v): v for v in want.values()}.values())
    groups_got = sorted(sorted(k for k in got if got[k] is c) for c in {id(v): v for v in got.values()}.values())
    assert groups_want == groups_got


@pytest.mark.model
def test_jobs_merge_corpus_equals_resolve_on_the_articles(nlp):
    from kg.ingest.documents import read_corpus
    from kg.nlp.parse import parse
    from kg.engine.pipeline import analyse

    documents, _ = read_corpus(_corpus_inputs())
    per_document = [analyse(d, ps, nlp).entities for d, ps in parse(documents, nlp)]
    _same_merge(per_document)


GIVEN = ["Ana", "Tom", "Rui", "Mara", "Ivo", "José", "Jose", "Li"]
FAMILY = ["Lopes", "Reyes", "Costa", "Venn", "Salt", "Pérez", "Perez", "María-Pérez"]


def random_corpus(rng: random.Random, given=GIVEN, family=FAMILY, documents: int = 12) -> list[list[Entity]]:
    """Up to ``documents`` documents of invented people, parties and offices, some sharing names."""
    per_document = []
    for _ in range(rng.randint(1, documents)):
        ents = []
        for _ in range(rng.randint(0, 6)):
            shape = rng.random()
            if shape < 0.3:
                name = rng.choice(family)
            elif shape < 0.8:
                name = f"{rng.choice(given)} {rng.choice(family)}"
            else:
                name = f"{rng.choice(given)} {rng.choice(given)} {rng.choice(family)}"
            kind = rng.choice(["Person", "Person", "Person", "PoliticalParty", "Office"])
            e = Entity(kind=kind, name=name, key=fold(name) if kind != "Office" else rng.choice(["speaker", "mp"]))
            e.names.add(name.upper() if rng.random() < 0.2 else name)
            ents.append(e)
        for e in ents:
            if ents and rng.random() < 0.4:
                e.roles.add((rng.choice(["memberOf", "leaderOf"]), rng.choice(ents)))
        per_document.append(ents)
    return per_document


@pytest.mark.parametrize("seed", range(12))
def test_jobs_merge_corpus_equals_resolve_on_random_corpora(seed):
    _same_merge(random_corpus(random.Random(seed)))


@pytest.mark.parametrize("seed", range(8))
def test_jobs_event_keys_equal_corefer(seed):
    rng = random.Random(seed)
    people = [Entity(kind="Person", name=n, key=fold(n)) for n in ("Ana Lopes", "Tom Reyes", "Rui Costa", "Ivo Salt")]

    def mention(e):
        return Mention(0, 0, 1, "Person", e.name, 0, entity=e)

    documents = []
    for d in range(rng.randint(1, 10)):
        events = []
        for i in range(rng.randint(0, 6)):
            ev = Event(cls=rng.choice(["Accusation", "Ejection", "Statement"]), rule="r", trigger="t", para=0,
                       trigger_index=i, sentence=(0, 1),
                       agents=[mention(rng.choice(people))] if rng.random() < 0.7 else [],
                       targets=[mention(p) for p in rng.sample(people, rng.randint(0, 2))],
                       modality=rng.choice(["Asserted", "Asserted", "Negated"]),
                       date=rng.choice([None, "2024-03-14", "2024-03-15"]))
            events.append(ev)
        documents.append((f"d{d}", events))
    key = lambda eid: next(p.key for p in people if id(p) == eid)  # noqa: E731
    assert corpus.event_keys(documents, key) == corefer.event_keys(documents, key)


def test_jobs_merge_corpus_is_linear():
    """10,000 documents of distinct people merge in well under the quadratic scan's minutes."""
    import time

    rng = random.Random(1)
    per_document = [[Entity(kind="Person", name=f"Given{rng.randrange(10**6)} Family{rng.randrange(10**6)}")
                     for _ in range(4)] + [Entity(kind="Person", name=f"Family{rng.randrange(10**6)}")]
                    for _ in range(10_000)]
    started = time.monotonic()
    corpus.merge_corpus(per_document)
    assert time.monotonic() - started < 10


@pytest.mark.model
def test_jobs_many_articles_equal_the_in_memory_build(tmp_path):
    """150 articles (several chunks of graphs, many people) give the in-memory build's bytes."""
    from kg.engine.pipeline import build_corpus
    from kg.rdf.write import write_outputs

    rng = random.Random(6)
    given = ["Ana", "Tom", "Rui", "Mara", "Ivo", "Lena", "Otto", "Nell", "Piet", "Vera"]
    family = ["Lopes", "Reyes", "Costa", "Venn", "Salt", "Brand", "Mohr", "Quist", "Tamm", "Udal", "Wren", "Yde"]
    articles = {}
    for i in range(150):
        text = ARTICLES[["a.md", "b.md", "c.md"][i % 3]]
        for old in ("Ana Lopes", "Tom Reyes", "Rui Costa", "Mara Venn", "Ivo Salt"):
            new_given, new_family = rng.choice(given), rng.choice(family)
            text = text.replace(old, f"{new_given} {new_family}").replace(old.split()[1], new_family)
        articles[f"n{i:03d}.md"] = text
    src = _write(tmp_path / "in", articles)
    _build(src, "--out", tmp_path / "stream", "--format", "nq")
    write_outputs(build_corpus([src]).dataset, tmp_path / "ref", ["nq"])
    assert (tmp_path / "stream" / "graph.nq").read_bytes() == (tmp_path / "ref" / "graph.nq").read_bytes()


@pytest.mark.model
def test_jobs_mapper_sees_only_the_shared_keys_of_the_article_it_maps(tmp_path, monkeypatch):
    """Regression (issue 6, found by the 10,000-article benchmark): the mapper's event keys are
    keyed by id(); an earlier article's keys left in place gave a later article's claim, whose
    object took a freed id, the IRI of an asserted event (an event both asserted and a claim)."""
    from kg.rdf import mapping
    from kg.engine import local as stream

    original = mapping.Mapper.add
    stale = []

    def add(self, facts):
        mine = {id(ev) for ev in facts.events}
        stale.extend(k for k in self.event_keys if k not in mine)
        return original(self, facts)

    monkeypatch.setattr(mapping.Mapper, "add", add)
    from kg.engine.options import BuildOptions

    stream.build(_corpus_inputs(), tmp_path, BuildOptions(validate=False))
    assert not stale


def test_feeder_chunks_by_documents_and_characters(monkeypatch):
    """A chunk goes to a worker at CHUNK_DOCS documents, or sooner when it holds CHUNK_CHARS characters;
    what is left when reading ends goes in one chunk per worker; every document is sent once, in order."""
    from concurrent.futures import Future

    from kg.engine import workers
    from kg.ingest.documents import from_text

    monkeypatch.setattr(workers, "CHUNK_DOCS", 16)
    monkeypatch.setattr(workers, "CHUNK_CHARS", 12_000)

    sent: list[list[str]] = []

    class Pool:
        def submit(self, fn, documents, batch_size):
            sent.append([d.id for d in documents])
            done = Future()
            done.set_result([b""] * len(documents))
            return done

    analyser = workers.Analyser(jobs=2)
    monkeypatch.setattr(analyser, "_pool", lambda: Pool())
    got = []
    feeder = analyser.feeder(lambda key, data: got.append(key))
    short, long = "Short text. " * 10, "A long article. " * 500  # 120 and 8,000 characters
    texts = [short] * 20 + [long] * 5 + [short]
    for i, text in enumerate(texts):
        feeder.add(from_text(text, f"d{i:02d}"), f"k{i:02d}")
    feeder.finish()
    # 16 short; 4 short and 2 long; 2 long; then the rest, 1 long and 1 short, one a worker
    assert [len(c) for c in sent] == [16, 6, 2, 1, 1]
    assert [d for c in sent for d in c] == [f"d{i:02d}" for i in range(len(texts))]
    assert got == [f"k{i:02d}" for i in range(len(texts))]


def _model_loaded() -> int:
    """In a worker: how many spaCy models it holds."""
    from kg.nlp.parse import _load_model

    return _load_model.cache_info().currsize


@pytest.mark.model
def test_jobs_the_workers_that_parsed_stop_before_the_records_are_loaded_and_mapped(tmp_path, monkeypatch):
    """Memory (issue 18): the parsing workers each hold a spaCy model; they stop once parsing is done, and
    the workers that map are new ones that never load a model, so a large build's peak is the parsing's."""
    from kg.engine import local as stream
    from kg.engine import workers

    monkeypatch.setattr(stream, "SMALL_MAP", 0)  # the workers map the graphs too
    events: list[str] = []
    close, run = workers.Analyser.close, workers.Analyser.run

    def closing(self):
        events.append(f"close {self.pool is not None}")
        close(self)

    def running(self, fn, tasks, *, here=False):
        if not here:
            # the workers about to map (started ahead, while the records load): no model is loaded in them
            self._pool()
            events.append(f"models {sum(f.result() for f in [self.pool.submit(_model_loaded) for _ in range(4)])}")
        events.append(f"run {fn.__name__}")
        return run(self, fn, tasks, here=here)

    monkeypatch.setattr(workers.Analyser, "close", closing)
    monkeypatch.setattr(workers.Analyser, "run", running)
    from kg.engine.options import BuildOptions

    stream.build([ROOT / "input"], tmp_path, BuildOptions(jobs=2))
    assert events[:3] == ["close True", "models 0", "run map_documents"], events


def _warmed() -> bool:
    """In a worker: are the mapping, the shapes' check and Oxigraph loaded, and the shapes compiled?"""
    import sys

    if not all(m in sys.modules for m in ("kg.rdf.mapping", "kg.semantics.conform", "pyoxigraph")):
        return False
    from kg.semantics.shapeplans import compile_shapes

    return compile_shapes.cache_info().currsize > 0


def test_jobs_workers_started_ahead_of_the_mapping_are_ready_for_it():
    """Issue 18: while the records load and the corpus step runs (in this process alone), the mapping's
    workers start, ready for their first chunk (kg.engine.graphs.warm_up)."""
    from kg.engine import workers

    with workers.Analyser(jobs=2) as analyser:
        analyser.warm()
        assert all(f.result() for f in [analyser.pool.submit(_warmed) for _ in range(6)])


@pytest.mark.parametrize("name", [n for n in PRELOAD if n != "__main__"])
def test_jobs_what_the_forkserver_preloads_can_be_imported(name):
    """multiprocessing passes over a preloaded name that cannot be imported, without a word: each can be."""
    import importlib

    assert importlib.import_module(name)


_INHERITED = """
from kg.engine import workers
from tests.engine.test_jobs import _warmed
assert workers._context().get_start_method() == "forkserver"
with workers.Analyser(jobs=2) as analyser:
    print(all(f.result() for f in [analyser._pool().submit(_warmed) for _ in range(6)]))
"""


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the forkserver start method is Linux's here")
def test_jobs_every_worker_inherits_what_the_forkserver_loaded_once():
    """The forkserver imports what the workers run and loads what mapping needs (kg.engine.preload) before
    it forks any: a worker started for parsing, which never warms up, has it all from its first task. (In
    a process of its own: a forkserver is started once a process, and other tests start theirs.)"""
    import subprocess

    done = subprocess.run([sys.executable, "-c", _INHERITED], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "True"


def _load_model_then_frozen() -> tuple[int, int]:
    """In a worker: how many objects the collector no longer walks, before and after the model loads
    as a parsing worker's does."""
    import gc

    from kg.engine import workers

    before = gc.get_freeze_count()
    workers._worker_model()
    return before, gc.get_freeze_count()


@pytest.mark.model
def test_jobs_a_parsing_worker_hides_its_model_from_the_collector():
    """The model's objects (and the modules') live as long as the worker: once it is loaded they are
    frozen (gc.freeze), so the collections during parsing and analysis do not walk them again."""
    from kg.engine import workers

    with workers.Analyser(jobs=2) as analyser:
        before, after = analyser._pool().submit(_load_model_then_frozen).result()
        assert after - before > 10_000  # the model's own objects, besides what the forkserver froze
