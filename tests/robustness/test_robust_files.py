"""Hostile files and interrupted work: the rest of the corpus is built, what was skipped is
said, a killed build leaves the previous output and store intact, and two loads into one
store never corrupt it."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pyoxigraph
import pytest
import rdflib

from kg.ingest.documents import read_corpus

ROOT = Path(__file__).resolve().parents[2]
KG = [str(Path(sys.executable).parent / "kg")]
GOOD = "---\ntitle: Good\npublished: 2024-03-14\n---\n\nSpeaker Ana Lopes ejected MP Tom Reyes on Tuesday.\n"


@pytest.mark.parametrize("name,content,fragment", [
    ("frontmatter.md", b"---\n: : [\n---\nText.\n", "YAML"),
    ("notyaml.md", b"---\njust words here\n---\nText.\n", "front matter"),
    ("baddate.md", b"---\npublished: last Tuesday-ish\n---\nText.\n", "published"),
    ("bom-only.txt", "\ufeff".encode(), "empty"),
    ("nul.md", b"text\x00more", "binary"),
])
def test_robust_files_bad_file_is_named_and_the_rest_is_read(tmp_path, name, content, fragment):
    (tmp_path / "good.md").write_text(GOOD, encoding="utf-8")
    (tmp_path / name).write_bytes(content)
    docs, problems = read_corpus([tmp_path])
    assert [d.id for d in docs] == ["good"]
    assert len(problems) == 1 and problems[0].path.name == name and fragment.lower() in problems[0].message.lower()


def test_robust_files_symlink_loop_is_not_followed(tmp_path):
    (tmp_path / "good.md").write_text(GOOD, encoding="utf-8")
    (tmp_path / "loop").symlink_to(tmp_path, target_is_directory=True)
    (tmp_path / "self.md").symlink_to(tmp_path / "self.md")
    docs, problems = read_corpus([tmp_path, tmp_path / "loop"])
    assert [d.id for d in docs] == ["good"]
    assert all("Traceback" not in p.message for p in problems)


def test_robust_files_unreadable_file_is_a_problem(tmp_path, monkeypatch):
    (tmp_path / "good.md").write_text(GOOD, encoding="utf-8")
    secret = tmp_path / "secret.md"
    secret.write_text(GOOD, encoding="utf-8")
    real = Path.read_bytes

    def guarded(self):
        if self.name == "secret.md":
            raise PermissionError(13, "Permission denied")
        return real(self)

    monkeypatch.setattr(Path, "read_bytes", guarded)
    docs, problems = read_corpus([tmp_path])
    assert [d.id for d in docs] == ["good"]
    assert problems[0].path.name == "secret.md" and "Permission denied" in problems[0].message


def _corpus(folder: Path, copies: int) -> None:
    folder.mkdir()
    seeds = sorted((ROOT / "input").glob("*.txt"))
    for n in range(copies):
        for s in seeds:
            (folder / f"{n:03d}-{s.name}").write_bytes(s.read_bytes())


@pytest.mark.model
def test_robust_files_killed_build_keeps_previous_output_and_store(tmp_path):
    small, big, out = tmp_path / "small", tmp_path / "big", tmp_path / "out"
    _corpus(small, 1)
    _corpus(big, 40)
    first = subprocess.run(KG + ["build", str(small), "--out", str(out), "--load", "-q"], capture_output=True, text=True)
    assert first.returncode == 0, first.stderr
    before = {p.name: p.read_bytes() for p in out.glob("graph.*")}
    count = len(pyoxigraph.Store.read_only(str(out / "store")))
    proc = subprocess.Popen(KG + ["build", str(big), "--out", str(out), "--load", "-q"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
    time.sleep(4.0)
    os.killpg(proc.pid, signal.SIGKILL)
    proc.wait()
    # the previous output is whole (a write is a rename) and still parses; the store opens
    for name, data in before.items():
        assert (out / name).read_bytes() == data, name
    rdflib.Dataset().parse(out / "graph.trig", format="trig")
    assert not list(out.glob(".*.tmp"))
    assert len(pyoxigraph.Store.read_only(str(out / "store"))) == count
    again = subprocess.run(KG + ["build", str(small), "--out", str(out), "--load", "-q"], capture_output=True, text=True)
    assert again.returncode == 0, again.stderr
    assert len(pyoxigraph.Store.read_only(str(out / "store"))) >= count


@pytest.mark.model
def test_robust_files_two_loads_into_one_store_never_corrupt_it(tmp_path):
    small, out = tmp_path / "small", tmp_path / "out"
    _corpus(small, 1)
    built = subprocess.run(KG + ["build", str(small), "--out", str(out), "-q"], capture_output=True, text=True)
    assert built.returncode == 0, built.stderr
    store = tmp_path / "store"
    procs = [subprocess.Popen(KG + ["load", str(out / "graph.trig"), "--store", str(store)],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True) for _ in range(2)]
    results = [(p.wait(timeout=120), p.stdout.read() + p.stderr.read()) for p in procs]
    assert any(code == 0 for code, _ in results), results
    for code, text in results:
        assert "Traceback" not in text
        assert code == 0 or "lock" in text.lower(), text
    ox = pyoxigraph.Store.read_only(str(store))
    assert len(ox) == len(list(pyoxigraph.parse(path=str(out / "graph.trig"), format=pyoxigraph.RdfFormat.TRIG)))


@pytest.mark.model
def test_robust_files_50_mb_file_is_built_in_bounded_memory(tmp_path):
    """A 50 MB text file is parsed piece by piece (paragraphs cut at 20,000 characters) with a
    bounded peak memory; long tokens keep the parse short enough for a test."""
    import resource

    folder = tmp_path / "in"
    folder.mkdir()
    line = " ".join(["y" * 990] * 20) + "\n"
    with (folder / "huge.txt").open("w", encoding="utf-8") as fh:
        for _ in range(50_000_000 // len(line) + 1):
            fh.write(line)
        fh.write("\nSpeaker Ana Lopes ejected MP Tom Reyes on Monday.\n")
    assert (folder / "huge.txt").stat().st_size > 50_000_000
    before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    run = subprocess.run(KG + ["build", str(folder), "--out", str(tmp_path / "out"), "-q"],
                         capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stderr
    peak_mb = max(before, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss) / 1024
    assert peak_mb < 1500, f"peak {peak_mb:.0f} MB"
    g = rdflib.Graph().parse(tmp_path / "out" / "graph.ttl")
    assert len(set(g.subjects(rdflib.RDF.type, rdflib.URIRef("https://w3id.org/kg-news/ont#Ejection")))) == 1
