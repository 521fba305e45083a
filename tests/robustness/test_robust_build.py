"""One bad article never stops a corpus build (issue 36): an article that cannot be read or mapped is
skipped with its file and reason in the summary, the others are built and written, every output
re-parses in strict Oxigraph, and ``--strict`` makes any skip an error.

All names are invented.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pyoxigraph
import pytest
from click.testing import CliRunner

from kg.cli import main

GOOD = "---\ntitle: Good\npublished: 2024-03-14\n---\n\nSpeaker Ana Lopes ejected MP Tom Reyes on Tuesday.\n"
QUOTE = 'Tom Reyes told Ana Lopes "you are a liar{0}and a fraud{1}today{2}" in the chamber on Monday.\n'


def _jsonl(**fields) -> bytes:
    record = {"id": "rec", "title": "A record", "text": "Tom Reyes called Ana Lopes a liar on Monday."}
    for key, value in fields.items():
        record[key] += value
    return (json.dumps(record) + "\n").encode("utf-8")  # ensure_ascii: a lone surrogate is written "\ud800"


def _front(published: str) -> bytes:
    return f"---\npublished: {published}\n---\nTom Reyes called Ana Lopes a liar.\n".encode()


#: (case, file name, content, what happens: "built", or "skipped"/"warning" and a fragment of the reason)
HOSTILE = [
    ("line-separators", "a.md", QUOTE.format("\u2028", "\u2029", "\u0085").encode(), "built", ""),
    ("vertical-tab-form-feed", "a.md", QUOTE.format("\v", "\f", " ").encode(), "built", ""),
    ("file-group-record-separators", "a.md", QUOTE.format("\x1c", "\x1d", "\x1e").encode(), "built", ""),
    ("surrogate-in-jsonl-id", "a.jsonl", _jsonl(id="\ud800"), "warning", "surrogate"),
    ("surrogate-in-jsonl-title", "a.jsonl", _jsonl(title="\udfff"), "warning", "surrogate"),
    ("surrogate-in-jsonl-text", "a.jsonl", _jsonl(text=" \ud83d"), "warning", "surrogate"),
    ("published-february-30", "a.md", _front("2020-02-30"), "skipped", "published"),
    ("published-month-13", "a.md", _front("2020-13-45"), "skipped", "published"),
    ("published-offset-99-hours", "a.md", _front("2020-01-01T10:00:00+99:00"), "skipped", "published"),
    ("published-5000-digits", "a.md", _front("9" * 5000), "skipped", "published"),
    ("title-5000-digits", "a.md", b"---\ntitle: " + b"7" * 5000 + b"\n---\nTom Reyes spoke.\n", "built", ""),
    ("name-with-latin-ao", "a.md", "Speaker Ana Lopes ejected MP Tom R\ua735eyes on Tuesday.\n".encode(), "built", ""),
    ("html-paragraph-starts-with-combining-accent", "a.html",
     "<html><body><article><p>\u0301</p><p>\u0301Tom Reyes called Ana Lopes a liar in the chamber on Monday "
     "during a long debate about the budget.</p></article></body></html>".encode(), "built", ""),
    ("file-name-of-80-accented-letters", "\u00e9" * 80 + ".md", GOOD.encode(), "warning", "shortened"),
    ("file-named-dots", "...txt", GOOD.encode(), "warning", "cannot name a document"),
]


def _strict(path: Path) -> int:
    """The quads of a graph file, parsed by strict Oxigraph (raises on anything not RDF)."""
    kind = {".nq": pyoxigraph.RdfFormat.N_QUADS, ".trig": pyoxigraph.RdfFormat.TRIG,
            ".ttl": pyoxigraph.RdfFormat.TURTLE, ".nt": pyoxigraph.RdfFormat.N_TRIPLES}[path.suffix]
    return len(list(pyoxigraph.parse(path=str(path), format=kind)))


def _build(*args) -> object:
    result = CliRunner().invoke(main, ["build", *map(str, args)])
    assert "Traceback" not in result.output
    return result


@pytest.mark.model
@pytest.mark.parametrize(("case", "name", "content", "outcome", "fragment"), HOSTILE, ids=[h[0] for h in HOSTILE])
def test_robust_build_a_hostile_article_is_built_or_skipped_with_its_reason(tmp_path, case, name, content, outcome,
                                                                              fragment):
    src = tmp_path / "in"
    src.mkdir()
    (src / "good.md").write_text(GOOD, encoding="utf-8")
    (src / name).write_bytes(content)
    out = tmp_path / "out"
    # a file whose name starts with a dot is hidden in a folder: given by name, it is read
    result = _build(src, *([src / name] if name.startswith(".") else []), "--out", out, "--format", "ttl,trig,nq,nt")
    assert result.exit_code == 0, result.output
    lines = [line for line in result.output.splitlines() if line.startswith(("skipped", "warning"))]
    if outcome == "built":
        assert lines == [], result.output
    else:
        assert len(lines) == 1 and lines[0].startswith(outcome) and fragment in lines[0], result.output
    graphs = sorted((out / "graphs").iterdir())
    assert len(graphs) == (1 if outcome == "skipped" else 2), graphs
    for f in [*graphs, *(out / n for n in ("graph.ttl", "graph.trig", "graph.nq", "graph.nt"))]:
        assert len(f.name.encode()) <= 255 and _strict(f) > 0, f
    assert "/doc/..>" not in (out / "graph.nq").read_text(encoding="utf-8")


@pytest.mark.model
def test_robust_build_line_separators_in_a_text_give_nquads_lines_that_parse_to_stdout(tmp_path):
    """The merge sorts N-Quads lines: a literal's U+2028 or form feed must never cut one."""
    text = QUOTE.format("\u2028\u2029\u0085", "\v\f", "\x1c\x1d\x1e")
    (tmp_path / "a.md").write_text(text, encoding="utf-8")
    result = CliRunner().invoke(main, ["build", str(tmp_path / "a.md"), "--out", "-", "--format", "nq"])
    assert result.exit_code == 0, result.output
    nq = result.stdout_bytes
    for c in "\u2028\u2029\u0085\v\f\x1c\x1d\x1e":
        assert c.encode() not in nq  # escaped: a reader that splits lines on them finds whole lines
    quads = list(pyoxigraph.parse(input=nq, format=pyoxigraph.RdfFormat.N_QUADS))
    assert any("liar\u2028\u2029\u0085and" in q.object.value for q in quads if isinstance(q.object, pyoxigraph.Literal))
    assert all(line.endswith(" .") for line in nq.decode().splitlines())


@pytest.mark.model
def test_robust_build_a_symlink_loop_is_skipped_with_its_reason(tmp_path):
    src = tmp_path / "in"
    src.mkdir()
    (src / "good.md").write_text(GOOD, encoding="utf-8")
    os.symlink("two.md", src / "one.md")
    os.symlink("one.md", src / "two.md")
    result = _build(src, "--out", tmp_path / "out")
    assert result.exit_code == 0, result.output
    skipped = sorted(line for line in result.output.splitlines() if line.startswith("skipped"))
    assert len(skipped) == 2 and all("loops" in line for line in skipped), result.output
    assert [p.name for p in (tmp_path / "out" / "graphs").iterdir()] == ["good.nq"]


@pytest.mark.model
def test_robust_build_strict_makes_a_skip_an_error(tmp_path):
    src = tmp_path / "in"
    src.mkdir()
    (src / "good.md").write_text(GOOD, encoding="utf-8")
    (src / "bad.md").write_bytes(_front("2020-02-30"))
    result = _build(src, "--out", tmp_path / "out", "--strict")
    assert result.exit_code != 0
    errors = [line for line in result.output.splitlines() if line.startswith("Error:")]
    assert len(errors) == 1 and "--strict" in errors[0] and "1 article" in errors[0], result.output
    assert "bad.md" in result.output and not (tmp_path / "out" / "graph.ttl").exists()
    assert _build(src, "--out", tmp_path / "out").exit_code == 0  # without it: built, the skip said


def _corpus(src: Path) -> None:
    src.mkdir()
    (src / "good.md").write_text(GOOD, encoding="utf-8")
    (src / "bad.md").write_text("Tom Reyes called Ana Lopes a liar on Monday.\n", encoding="utf-8")


def _raise_for_bad(real):
    """``real`` raising a RuntimeError (a bug of kg's) for the document "bad" only."""

    def guarded(document, *args, **kwargs):
        if document.id == "bad":
            raise RuntimeError("a bug met on this document only")
        return real(document, *args, **kwargs)

    return guarded


@pytest.mark.model
@pytest.mark.parametrize("stage", ["analysis", "mapping"])
def test_robust_build_an_article_whose_analysis_or_mapping_raises_is_skipped_with_the_reason(tmp_path, monkeypatch,
                                                                                              stage):
    """The per-document boundary of the engine: the build goes on, the summary names the file and why."""
    from kg.engine import pipeline
    from kg.rdf import mapping

    if stage == "analysis":
        monkeypatch.setattr(pipeline, "analyse", _raise_for_bad(pipeline.analyse))
    else:
        real = mapping.Mapper.add
        monkeypatch.setattr(mapping.Mapper, "add", lambda self, facts: _raise_for_bad(
            lambda document: real(self, facts))(facts.document))
    _corpus(tmp_path / "in")
    out = tmp_path / "out"
    result = _build(tmp_path / "in", "--out", out, "--format", "ttl,nq")
    assert result.exit_code == 0, result.output
    (skipped,) = [line for line in result.output.splitlines() if line.startswith("skipped")]
    assert "bad.md" in skipped and f"its {stage} failed (RuntimeError: a bug met on this document only)" in skipped
    assert "1 documents" in result.output and "bad.md" not in result.output.split("Facts:")[1].split("\n1 doc")[0]
    assert [p.name for p in (out / "graphs").iterdir()] == ["good.nq"] and _strict(out / "graph.nq") > 0
    # the library build skips it the same way
    built = pipeline.build_corpus([tmp_path / "in"])
    assert [d.id for d in built.documents] == ["good"]
    assert [(p.path.name, stage in p.message) for p in built.problems] == [("bad.md", True)]
    assert {str(g.identifier).rsplit("/", 1)[-1] for g in built.dataset.graphs() if len(g)} == {"good"}
    # and with --strict it is an error
    strict = _build(tmp_path / "in", "--out", tmp_path / "strict", "--strict")
    assert strict.exit_code != 0 and "--strict" in strict.output.splitlines()[-1]


@pytest.mark.model
def test_robust_build_a_parse_that_raises_on_one_article_of_a_batch_skips_that_article_only(tmp_path, monkeypatch):
    """nlp.pipe parses many articles' paragraphs at once: when it raises, each is parsed alone to find which."""
    from kg.engine.pipeline import analyse_documents
    from kg.engine.record import Failed
    from kg.ingest.documents import from_text
    from kg.nlp import parse

    real = parse.parse_many

    def fragile(documents, *args, **kwargs):
        for document, paragraphs in real(documents, *args, **kwargs):
            if document.id == "bad":
                raise ValueError("the parser gave up")
            yield document, paragraphs

    monkeypatch.setattr(parse, "parse_many", fragile)
    documents = [from_text("Ana Lopes spoke.", id=i) for i in ("a", "bad", "c")]
    found = list(analyse_documents(documents, parse.load_model()))
    assert [d.id for d, _ in found] == ["a", "bad", "c"]
    assert [isinstance(r, Failed) for _, r in found] == [False, True, False]
    assert "its parse failed (ValueError: the parser gave up)" in found[1][1].reason


@pytest.mark.model
def test_robust_build_the_dask_analysis_task_skips_an_article_whose_analysis_raises(tmp_path, monkeypatch):
    """The Dask engine's analysis task runs the same per-document boundary (here, in this process)."""
    from kg.engine import cache as kcache
    from kg.engine import pipeline
    from kg.engine.dask_tasks import analyse_files

    monkeypatch.setattr(pipeline, "analyse", _raise_for_bad(pipeline.analyse))
    _corpus(tmp_path / "in")
    files = [(i, str(p)) for i, p in enumerate(sorted((tmp_path / "in").iterdir()))]
    part = analyse_files(files, str(tmp_path / "out"), None, kcache.analysis_version(None), 64, False)
    assert [s.id for s in part.docs] == ["good"]
    assert [(p.path.name, "its analysis failed" in p.message) for p in part.problems] == [("bad.md", True)]


@pytest.mark.model
def test_robust_build_removes_what_a_killed_merge_left(tmp_path):
    """A build killed while it merged left its temporary files and sort runs; the next one removes them,
    and only them."""
    from kg.engine.cache import CACHE_DIR
    from kg.rdf.write import _new_file

    src, out = tmp_path / "in", tmp_path / "out"
    _corpus(src)
    assert _build(src, "--out", out).exit_code == 0
    left = []
    for target in (out / "graph.ttl", out / "graph.trig", out / "graphs" / "good.nq", out / CACHE_DIR / "manifest.json"):
        fd, name = _new_file(target)  # the names the merge and every atomic write give their temporary files
        os.write(fd, b"half a file")
        os.close(fd)
        left.append(Path(name))
    (out / CACHE_DIR / "tmp").mkdir()
    (out / CACHE_DIR / "tmp" / "run-t-00000.txt").write_text("<a> <b> <c> .\n", encoding="utf-8")
    mine = [out / "notes.tmp", out / ".hidden", out / "graphs" / ".keep"]
    for f in mine:
        f.write_text("the user's", encoding="utf-8")
    again = _build(src, "--out", out)
    assert again.exit_code == 0, again.output
    assert not any(f.exists() for f in left) and not (out / CACHE_DIR / "tmp").exists()
    assert all(f.read_text(encoding="utf-8") == "the user's" for f in mine)


@pytest.mark.model
def test_robust_build_a_second_build_into_the_same_folder_is_refused_in_one_line(tmp_path):
    from kg.engine.cache import build_lock

    src, out = tmp_path / "in", tmp_path / "out"
    _corpus(src)
    with build_lock(out):
        result = _build(src, "--out", out)
    assert result.exit_code != 0 and "another kg build is writing" in result.output.splitlines()[-1]
    assert _build(src, "--out", out).exit_code == 0


@pytest.mark.model
def test_robust_build_an_article_whose_graph_does_not_conform_is_skipped_with_the_violation(tmp_path, monkeypatch):
    """A mapping that makes a graph the shapes refuse (a bug met on one article) skips that article, not the build."""
    from rdflib import RDF, RDFS, Literal, URIRef

    from kg.ontology.vocab import KG
    from kg.rdf import mapping

    real = mapping.Mapper.add

    def add(self, facts):
        real(self, facts)
        if facts.document.id == "bad":  # a person named by a web address: NotJunkShape refuses it
            junk = URIRef(self.base + "person/junk")
            graph = self.dataset.graph(self.graph_iri(facts.document))
            graph.add((junk, RDF.type, KG.Person))
            graph.add((junk, RDFS.label, Literal("see https://junk.example/")))

    monkeypatch.setattr(mapping.Mapper, "add", add)
    _corpus(tmp_path / "in")
    out = tmp_path / "out"
    result = _build(tmp_path / "in", "--out", out)
    assert result.exit_code == 0, result.output
    (skipped,) = [line for line in result.output.splitlines() if line.startswith("skipped")]
    assert "bad.md" in skipped and "does not conform" in skipped and "person:junk" in skipped
    assert [p.name for p in (out / "graphs").iterdir()] == ["good.nq"] and _strict(out / "graph.trig") > 0
