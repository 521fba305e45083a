"""kg.ontology.paths: where the ontology folder is, and what a command says when it is not there (issue 17).

An installed wheel reads its own copy (tests/system/test_packaging.py installs one); here, the
checkout's folder, ``$KG_ONTOLOGY``, and an ontology folder that lacks its files.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys

import pytest

from kg.ontology import paths
from tests.conftest import ROOT

NT = "<https://example.org/a> <https://example.org/p> <https://example.org/b> .\n"


def test_paths_checkout_reads_its_own_ontology_folder(monkeypatch):
    monkeypatch.delenv("KG_ONTOLOGY", raising=False)
    assert paths.ontology_dir() == ROOT / "ontology"


def test_paths_kg_ontology_overrides(monkeypatch, tmp_path):
    monkeypatch.setenv("KG_ONTOLOGY", str(tmp_path))
    assert paths.ontology_dir() == tmp_path


@pytest.mark.parametrize("args, message", [
    (["query", "--list"], "queries: the stored queries' folder is missing"),
    (["query", "ejections"], "queries: the stored queries' folder is missing"),
    (["validate", "{graph}"], "shapes.ttl: no such file; is KG_ONTOLOGY an ontology folder?"),
    (["reason", "{graph}", "--out", "{tmp}/entailments.trig"], "kg.ttl: no such file; is KG_ONTOLOGY"),
    # (--quiet: on a loaded machine the analysis bar may show before the error; its end is tested in tests/cli)
    (["build", "{tmp}/a.txt", "--out", "{tmp}/out", "--quiet"], ": no such file; is KG_ONTOLOGY|lexicon file missing"),
])
def test_paths_missing_ontology_is_one_line_not_an_internal_error(tmp_path, args, message):
    """Before: `kg query --list` printed nothing and exited 0; `kg validate` reported an internal error.

    In a process of its own: the ontology's files are parsed once per process.
    """
    empty = tmp_path / "ontology"
    empty.mkdir()
    (tmp_path / "graph.nt").write_text(NT, encoding="utf-8")
    (tmp_path / "a.txt").write_text("Speaker Ana Lopes ejected MP Tom Reyes on Monday.\n", encoding="utf-8")
    args = [a.format(graph=tmp_path / "graph.nt", tmp=tmp_path) for a in args]
    env = {**os.environ, "KG_ONTOLOGY": str(empty), "PYTHONPATH": str(ROOT)}
    done = subprocess.run([sys.executable, "-m", "kg", *args], capture_output=True, text=True, env=env,
                          cwd=tmp_path, timeout=300)
    assert done.returncode == 1, done.stdout + done.stderr
    assert re.search(message, done.stderr) and "internal error" not in done.stderr, done.stderr
    assert len(done.stderr.strip().splitlines()) == 1 and not done.stdout, done.stdout + done.stderr
