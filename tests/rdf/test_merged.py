"""kg.rdf.write.write_merged: the same bytes however the work is split (one sorted run or many, TriG
written here or by a worker process), and N-Triples / N-Quads as write_outputs writes them."""

from __future__ import annotations

import multiprocessing
from concurrent.futures import ProcessPoolExecutor

import pytest
from rdflib import Dataset

from kg.rdf.sortlines import file_lines
from kg.rdf.write import write_merged, write_outputs

BASE = "https://example.org/id/"
G = "https://example.org/id/graph/"
P = "<https://w3id.org/kg-news/ont#"
FILES = {
    # one graph a file, as a build writes them; a literal that holds the graph's own ending
    "a.nq": f'<{BASE}doc/a> {P}text> "ends with <{G}a> ." <{G}a> .\n'
            f'<{BASE}person/x> <http://www.w3.org/2000/01/rdf-schema#label> "X" <{G}a> .\n',
    # the same triple as a.nq's label in another graph: once in Turtle, twice in TriG
    "b.nq": f'<{BASE}person/x> <http://www.w3.org/2000/01/rdf-schema#label> "X" <{G}b> .\n'
            f'<{BASE}doc/b> {P}text> "line\\nbreak, doc:a\\\\#b" <{G}b> .\n',
    # two graphs in one file (the entailments, an old build): line by line
    "c.nq": f'<{BASE}doc/c> {P}text> "c" <{G}c> .\n<{BASE}doc/c> {P}text> "c2" <{G}c2> .\n',
    # no final line break
    "d.nq": f'<{BASE}doc/d> {P}text> "d"@en <{G}d> .',
}
FORMATS = ["ttl", "trig", "nt", "nq"]


@pytest.fixture()
def files(tmp_path):
    paths = []
    for name, text in FILES.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
        paths.append(tmp_path / name)
    return paths


def _write(files, out, **kw) -> dict[str, bytes]:
    paths = write_merged(files, out, FORMATS, BASE, tmp=out / "tmp", **kw)
    return {p.name: p.read_bytes() for p in paths}


def testfile_lines_as_triples(files) -> None:
    a, _, c, d = files
    assert file_lines(a, True) == [f'<{BASE}doc/a> {P}text> "ends with <{G}a> ." .\n',
                                    f'<{BASE}person/x> <http://www.w3.org/2000/01/rdf-schema#label> "X" .\n']
    assert file_lines(c, True) == [f'<{BASE}doc/c> {P}text> "c" .\n', f'<{BASE}doc/c> {P}text> "c2" .\n']
    assert file_lines(d, False) == [FILES["d.nq"] + "\n"]


def test_same_bytes_however_split(tmp_path, files) -> None:
    one = _write(files, tmp_path / "one")
    assert _write(files, tmp_path / "runs", run_lines=1) == one
    with ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("forkserver")) as pool:
        assert _write(files, tmp_path / "pool", pool=pool) == one
    text = one["graph.ttl"].decode()
    assert text.count('"X"') == 1 and one["graph.trig"].decode().count('"X"') == 2


@pytest.mark.parametrize("fan_in", [2, 3])
def test_many_runs_are_merged_in_groups_with_the_same_lines(tmp_path, files, fan_in) -> None:
    """Past FAN_IN sorted runs (few open files however large the archive), groups are merged first:
    the same sorted, unique lines, and no run file left."""
    from kg.rdf.sortlines import fewer_runs, merge_runs, sorted_runs, write_sorted

    runs = sorted_runs(files, tmp_path, True, 1)
    lines = list(merge_runs(runs))
    fewer = fewer_runs(runs, fan_in)
    assert len(runs) > fan_in >= len(fewer) and list(merge_runs(fewer)) == lines
    assert sorted(tmp_path.glob("*.txt")) == sorted(fewer)  # the runs merged are gone
    for triples in (True, False):
        target, work = tmp_path / f"{fan_in}-{triples}.txt", tmp_path / f"work-{fan_in}-{triples}"
        work.mkdir()
        write_sorted(files, target, work, triples, 1, fan_in=fan_in)
        lines = sorted({line for f in files for line in file_lines(f, triples)})
        assert target.read_text(encoding="utf-8").splitlines(keepends=True) == lines
        assert not list(work.iterdir())


def test_write_sorted_with_a_worker_sorting_half_gives_the_same_lines(tmp_path, files) -> None:
    """With a pool, a worker makes the sorted runs of half the files while this process makes the
    others': the same unique, sorted lines, and no run file left."""
    from kg.rdf.sortlines import write_sorted

    with ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("forkserver")) as pool:
        for triples in (True, False):
            alone, shared = tmp_path / f"alone-{triples}.txt", tmp_path / f"shared-{triples}.txt"
            work = tmp_path / f"work-{triples}"
            work.mkdir()
            write_sorted(files, alone, work, triples, 1)
            write_sorted(files, shared, work, triples, 1, pool=pool)
            lines = sorted({line for f in files for line in file_lines(f, triples)})
            assert shared.read_text(encoding="utf-8").splitlines(keepends=True) == lines
            assert shared.read_bytes() == alone.read_bytes() and not list(work.iterdir())


def test_lines_as_write_outputs_writes_them(tmp_path, files) -> None:
    merged = _write(files, tmp_path / "merged")
    dataset = Dataset()
    for f in files:
        dataset.parse(f, format="nquads")
    for path in write_outputs(dataset, tmp_path / "whole", ["nt", "nq"]):
        assert merged[path.name] == path.read_bytes(), path.name


def test_a_failing_worker_leaves_no_output(tmp_path, files) -> None:
    """TriG written by a worker that fails: no merged file is written, the error reaches the caller."""
    missing = tmp_path / "gone.nq"
    out = tmp_path / "out"
    with ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("forkserver")) as pool:
        with pytest.raises(OSError):
            write_merged([*files, missing], out, ["ttl", "trig"], BASE, tmp=out / "tmp", pool=pool)
    assert not list(out.glob("graph.*")) and not list(out.glob(".graph.*"))
