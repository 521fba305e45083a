"""kg build (issue 17): one article from stdin (``-``), the graph to stdout (``--out -``), a bad ``--base``."""

from __future__ import annotations

import pyoxigraph as ox
import pytest
from click.testing import CliRunner

from kg.cli import main
from kg.engine.options import OptionsError, check_base

ARTICLE = """---
title: Member ordered out after heckling
published: 2024-03-14
---

Speaker Ana Lopes ejected Progress Party MP Tom Reyes on Tuesday after he called Housing Minister Rui Costa a liar.
"""
EJECTION = "https://w3id.org/kg-news/ont#Ejection"
RDF_TYPE = "http://www.w3.org/1999/02/22-rdf-syntax-ns#type"


def _build(*args, input: str | bytes | None = None):
    result = CliRunner().invoke(main, ["build", *map(str, args)], input=input)
    assert "Traceback" not in result.output, result.output
    return result


def _ejections(quads) -> int:
    return sum(1 for q in quads if q.predicate.value == RDF_TYPE and q.object.value == EJECTION)


@pytest.mark.model
@pytest.mark.parametrize("fmt, rdf", [("nt", ox.RdfFormat.N_TRIPLES), ("nq", ox.RdfFormat.N_QUADS),
                                      ("ttl", ox.RdfFormat.TURTLE), (None, ox.RdfFormat.N_QUADS)])
def test_cli_build_stdin_to_stdout(tmp_path, monkeypatch, fmt, rdf):
    """`cat article.md | kg build - --out - --format F`: the graph on stdout, the summary on stderr."""
    monkeypatch.chdir(tmp_path)
    result = _build("-", "--out", "-", *(["--format", fmt] if fmt else []), input=ARTICLE)
    assert result.exit_code == 0, result.stderr
    quads = list(ox.parse(result.stdout_bytes, format=rdf))
    assert _ejections(quads) == 1
    if rdf is ox.RdfFormat.N_QUADS:  # one named graph, the stdin article's
        assert {q.graph_name.value for q in quads} == {"https://w3id.org/kg-news/id/graph/stdin"}
    assert "1 documents" in result.stderr and "-> stdout" in result.stderr and "Ana Lopes" in result.stderr
    assert not list(tmp_path.iterdir())  # nothing written but stdout (no output/ folder)


@pytest.mark.model
def test_cli_build_stdin_beside_files_into_a_folder(tmp_path):
    (tmp_path / "other.md").write_text(ARTICLE.replace("Tom Reyes", "Ivo Marsh"), encoding="utf-8")
    out = tmp_path / "out"
    result = _build("-", tmp_path / "other.md", "--out", out, "--format", "nq", input=ARTICLE.encode("utf-8"))
    assert result.exit_code == 0, result.output
    names = {q.graph_name.value.rsplit("/", 1)[1] for q in ox.parse(path=str(out / "graph.nq"),
                                                                       format=ox.RdfFormat.N_QUADS)}
    assert names == {"stdin", "other"}


@pytest.mark.parametrize("stdin, message", [
    ("", "skipped - (stdin): empty file"),
    (b"\x00\x01\x02abc", "skipped - (stdin): "),
])
def test_cli_build_unreadable_stdin_is_named_as_stdin(stdin, message):
    result = _build("-", "--out", "-", input=stdin)
    assert result.exit_code == 1 and message in result.stderr and "no article could be read" in result.stderr
    assert result.stdout == ""


@pytest.mark.parametrize("args, message", [
    (["--out", "-", "--format", "ttl,trig"], "--out - writes one format to stdout"),
    (["--out", "-", "--format", "all"], "--out - writes one format to stdout"),
    (["--out", "-", "--load"], "to load the graph too"),
    (["--out", "-", "--store", "/tmp/store"], "to load the graph too"),
    (["-", "--out", "/tmp/out"], "- (one article from stdin) can be given once"),
])
def test_cli_build_stdio_usage_errors(args, message):
    result = _build("-", *args, input=ARTICLE)
    assert result.exit_code == 2 and message in result.output, result.output


@pytest.mark.parametrize("base, why", [
    ("foo", "No scheme found"),
    ("http://x y/", "Invalid IRI code point ' '"),
    ("https://example.org/<a>/", "Invalid IRI code point '<'"),
])
def test_cli_build_bad_base_is_a_clear_error(tmp_path, base, why):
    """Before: 'internal error (ValueError: Invalid prefix ...)', or rdflib's complaint while writing."""
    (tmp_path / "a.md").write_text(ARTICLE, encoding="utf-8")
    result = _build(tmp_path / "a.md", "--out", tmp_path / "out", "--base", base)
    assert result.exit_code == 1 and "internal error" not in result.output
    assert f"--base {base!r} is not an absolute IRI" in result.output and why in result.output
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize("base, good", [("https://example.org/id/", True), ("urn:example:", True),
                                        ("example.org/id/", False), ("", False)])
def test_cli_build_check_base(base, good):
    if good:
        assert check_base(base) == base
    else:
        with pytest.raises(OptionsError, match="not an absolute IRI"):
            check_base(base)


@pytest.mark.model
@pytest.mark.parametrize("flags, documents, warned", [([], 1, True), (["--follow-symlinks"], 2, False)],
                         ids=["warned", "followed"])
def test_cli_build_symlink_out_of_the_folder_issue17(tmp_path, flags, documents, warned):
    """Issue 17.8: `kg build in/` does not read what a link in in/ points to outside it, and says so;
    --follow-symlinks reads it."""
    (tmp_path / "in").mkdir()
    (tmp_path / "in" / "own.md").write_text(ARTICLE, encoding="utf-8")
    (tmp_path / "private.md").write_text(ARTICLE.replace("Tom Reyes", "Ivo Marsh"), encoding="utf-8")
    (tmp_path / "in" / "leak.md").symlink_to(tmp_path / "private.md")
    result = _build(tmp_path / "in", "--out", tmp_path / "out", "--quiet", *flags)
    assert result.exit_code == 0, result.output
    assert f"{documents} documents" in result.output
    assert ("warning" in result.output and "leak.md" in result.output and "--follow-symlinks" in result.output) \
        is warned
