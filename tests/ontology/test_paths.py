"""kg.ontology.paths: where the ontology folder is, and what a command says when it is not there (issue 17).

An installed wheel reads its own copy (tests/system/test_packaging.py installs one); here, the
checkout's folder, ``$KG_ONTOLOGY``, and an ontology folder that lacks its files.
"""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from kg.cli import main
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
    (["build", "{tmp}/a.txt", "--out", "{tmp}/out"], "lexicon file missing"),
])
def test_paths_missing_ontology_is_one_line_not_an_internal_error(monkeypatch, tmp_path, args, message):
    """Before: `kg query --list` printed nothing and exited 0; `kg validate` reported an internal error."""
    empty = tmp_path / "ontology"
    empty.mkdir()
    monkeypatch.setenv("KG_ONTOLOGY", str(empty))
    (tmp_path / "graph.nt").write_text(NT, encoding="utf-8")
    (tmp_path / "a.txt").write_text("Speaker Ana Lopes ejected MP Tom Reyes on Monday.\n", encoding="utf-8")
    args = [a.format(graph=tmp_path / "graph.nt", tmp=tmp_path) for a in args]
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 1, result.output
    assert message in result.output and "internal error" not in result.output, result.output
    assert len(result.output.strip().splitlines()) == 1, result.output
