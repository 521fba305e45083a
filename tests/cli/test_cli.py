"""The command line, driven through click's CliRunner: outputs, determinism, bad input, help."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import click
import pyoxigraph
import pytest
import rdflib
from click.testing import CliRunner

from kg.cli import main
from tests.conftest import documentation

ROOT = Path(__file__).resolve().parents[2]
ARTICLE = """---
title: Member ordered out after heckling
published: 2024-03-14
outlet: The Test Gazette
---

Speaker Ana Lopes ejected Progress Party MP Tom Reyes on Tuesday after he called Housing Minister Rui Costa a liar.

Reyes refused to withdraw the remark.
"""


def _build(args):
    result = CliRunner().invoke(main, ["build", *map(str, args)])
    assert "Traceback" not in result.output
    return result


@pytest.fixture(scope="module")
def seed_build(tmp_path_factory):
    out = tmp_path_factory.mktemp("seed-out")
    result = _build([ROOT / "input", "--out", out])
    assert result.exit_code == 0, result.output
    return out, result


@pytest.mark.model
def test_cli_build_writes_turtle_and_trig(seed_build):
    out, result = seed_build
    assert (out / "graph.ttl").stat().st_size > 0 and (out / "graph.trig").stat().st_size > 0
    assert "Facts per class" in result.output and "—ejected→" in result.output


@pytest.mark.model
def test_cli_build_output_reparses_in_rdflib_and_oxigraph(seed_build):
    out, _ = seed_build
    g = rdflib.Graph().parse(out / "graph.ttl", format="turtle")
    ds = rdflib.Dataset().parse(out / "graph.trig", format="trig")
    ox_ttl = list(pyoxigraph.parse(path=str(out / "graph.ttl"), format=pyoxigraph.RdfFormat.TURTLE))
    ox_trig = list(pyoxigraph.parse(path=str(out / "graph.trig"), format=pyoxigraph.RdfFormat.TRIG))
    assert len(g) == len(ox_ttl) > 100
    named = {c.identifier for c in ds.graphs() if len(c)}
    assert len([n for n in named if "/graph/" in str(n)]) == 3  # one named graph per document
    assert len(ox_trig) >= len(ox_ttl)


@pytest.mark.model
def test_cli_build_is_deterministic(seed_build, tmp_path):
    out, _ = seed_build
    again = _build([ROOT / "input", "--out", tmp_path])
    assert again.exit_code == 0
    for name in ("graph.ttl", "graph.trig"):
        assert (out / name).read_bytes() == (tmp_path / name).read_bytes(), name


@pytest.mark.model
def test_cli_build_base_option(tmp_path):
    (tmp_path / "in").mkdir()
    (tmp_path / "in" / "a.md").write_text(ARTICLE, encoding="utf-8")
    result = _build([tmp_path / "in", "--out", tmp_path / "out", "--base", "https://example.org/x/"])
    assert result.exit_code == 0, result.output
    text = (tmp_path / "out" / "graph.ttl").read_text(encoding="utf-8")
    assert "https://example.org/x/person/" in text


@pytest.mark.model
@pytest.mark.parametrize("name,content,message", [
    ("empty.txt", b"", "empty file"),
    ("blank.md", b"  \n\n ", "empty file"),
    ("binary.txt", b"\x00\x01\x02abc", "binary"),
    ("undecodable.txt", b"Caf\x81\x8d au lait", "not UTF-8"),
    ("notes.pdf", b"%PDF-1.4", "unknown extension"),
])
def test_cli_build_bad_file_is_skipped_with_a_message(tmp_path, name, content, message):
    (tmp_path / "in").mkdir()
    (tmp_path / "in" / "good.md").write_text(ARTICLE, encoding="utf-8")
    bad = tmp_path / "in" / name
    bad.write_bytes(content)
    result = _build([tmp_path / "in", bad, "--out", tmp_path / "out"])
    assert result.exit_code == 0, result.output
    assert re.search(rf"skipped .*{re.escape(name)}.*{message}", result.output), result.output
    assert (tmp_path / "out" / "graph.ttl").exists()


@pytest.mark.parametrize("setup", ["empty-folder", "only-bad", "missing"])
def test_cli_build_nothing_readable_fails_cleanly(tmp_path, setup):
    target = tmp_path / "in"
    if setup != "missing":
        target.mkdir()
    if setup == "only-bad":
        (target / "x.txt").write_bytes(b"")
    result = _build([target, "--out", tmp_path / "out"])
    assert result.exit_code != 0
    assert "Error:" in result.output and "no article could be read" in result.output
    assert not (tmp_path / "out" / "graph.ttl").exists()


@pytest.mark.model
def test_cli_build_failed_write_keeps_previous_output(tmp_path, monkeypatch):
    (tmp_path / "in").mkdir()
    (tmp_path / "in" / "a.md").write_text(ARTICLE, encoding="utf-8")
    out = tmp_path / "out"
    assert _build([tmp_path / "in", "--out", out]).exit_code == 0
    before = (out / "graph.ttl").read_bytes()

    import kg.rdf.write

    def boom(self, *a, **k):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(kg.rdf.write.os, "fsync", lambda fd: (_ for _ in ()).throw(OSError(28, "No space left on device")))
    result = _build([tmp_path / "in", "--out", out])
    assert result.exit_code != 0 and "cannot write" in result.output
    assert (out / "graph.ttl").read_bytes() == before
    assert not list(out.glob(".*.tmp"))


@pytest.mark.model
def test_cli_build_legacy_encoding_is_built_with_a_warning(tmp_path):
    (tmp_path / "in").mkdir()
    (tmp_path / "in" / "legacy.md").write_bytes(ARTICLE.encode("utf-8").replace(b"Progress", b"Pr\xe9gress"))
    result = _build([tmp_path / "in", "--out", tmp_path / "out"])
    assert result.exit_code == 0, result.output
    assert "warning" in result.output and "Windows-1252" in result.output and "skipped" not in result.output
    assert "1 documents" in result.output


def _commands(group=main, prefix=()):
    """Every command and subcommand of ``kg``, as its words after ``kg`` ("build", or "GROUP SUB")."""
    found = []
    for name in sorted(group.commands):
        words = (*prefix, name)
        found.append(" ".join(words))
        if isinstance(group.commands[name], click.Group):
            found += _commands(group.commands[name], words)
    return found


@pytest.mark.parametrize("command", _commands())
def test_cli_every_command_has_help_with_example(command):
    result = CliRunner().invoke(main, [*command.split(), "--help"])
    assert result.exit_code == 0
    assert "Example" in result.output and f"kg {command}" in result.output


@pytest.mark.parametrize("command", _commands())
def test_cli_every_command_is_in_readme(command):
    assert f"kg {command}" in documentation()


#: the module of kg.cli that holds each command: one per command, or per pair of kindred commands
COMMAND_MODULES = {"build": "build", "load": "load", "query": "query", "serve": "serve", "reason": "semantic",
                   "validate": "semantic", "viz": "viz", "stats": "viz"}


@pytest.mark.parametrize("command", _commands())
def test_cli_each_command_lives_in_its_module(command):
    assert command in COMMAND_MODULES, f"kg {command}: say in COMMAND_MODULES which kg/cli module holds it"
    assert main.commands[command].callback.__module__ == f"kg.cli.{COMMAND_MODULES[command]}"


def test_cli_runs_as_python_m_kg():
    import subprocess
    import sys

    done = subprocess.run([sys.executable, "-m", "kg", "--help"], capture_output=True, text=True, cwd=ROOT,
                          timeout=120)
    assert done.returncode == 0, done.stderr
    assert all(f"  {name} " in done.stdout for name in main.commands)


@pytest.mark.model
def test_cli_library_entry_point_builds_a_dataset():
    """The README's `from kg import build` returns an rdflib Dataset, one named graph per text."""
    from kg import build

    ds = build(texts=["Speaker Ana Lopes ejected MP Tom Reyes on Monday."])
    assert isinstance(ds, rdflib.Dataset)
    assert len([g for g in ds.graphs() if "/graph/" in str(g.identifier)]) == 1


def test_cli_missing_model_is_one_clear_line(tmp_path):
    (tmp_path / "a.md").write_text(ARTICLE, encoding="utf-8")
    result = _build([tmp_path / "a.md", "--out", tmp_path / "out", "--model", "no_such_model_xx"])
    assert result.exit_code != 0 and "no_such_model_xx" in result.output and "not installed" in result.output
