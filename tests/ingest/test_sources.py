"""Archive formats: .jsonl (one article per line) and saved .html pages (small files written here)."""

from __future__ import annotations

import json
from datetime import date

import pytest

from kg.ingest.documents import read_corpus

HTML = """<!doctype html><html><head><title>Member ejected | The Test Gazette</title>
<meta property="og:site_name" content="The Test Gazette">
<meta property="article:published_time" content="2024-03-14T09:00:00Z">
<link rel="canonical" href="https://news.example/member-ejected"></head>
<body><nav><a href="/">Home</a> <a href="/politics">Politics</a> <a href="/sport">Sport</a></nav>
<article><h1>Member ejected after heckling</h1>
<p>Speaker Ana Lopes ejected Progress Party MP Tom Reyes from the chamber on Tuesday after he called
Housing Minister Rui Costa a liar during a heated debate on the housing budget.</p>
<p>Reyes refused to withdraw the remark when the Speaker asked him to do so, and he left the chamber
shortly afterwards while members on both sides of the House watched in silence.</p>
<p>The minister said later that the insult was regrettable but that she would not pursue the matter further.</p>
</article><footer>Subscribe to our newsletter. Cookie settings. Contact us.</footer></body></html>"""


def _jsonl(tmp_path, rows):
    path = tmp_path / "archive.jsonl"
    path.write_text("\n".join(r if isinstance(r, str) else json.dumps(r) for r in rows) + "\n", encoding="utf-8")
    return path


def test_sources_jsonl_reads_each_line(tmp_path):
    path = _jsonl(tmp_path, [
        {"id": "a1", "text": "Speaker Ana Lopes ejected MP Tom Reyes.", "title": "T1", "published": "2024-03-14"},
        {"text": "MP Tom Reyes apologised.", "url": "https://news.example/2", "published": "2024-03-15T10:00:00Z"},
    ])
    docs, problems = read_corpus([path])
    assert problems == []
    assert [d.id for d in docs] == ["a1", "archive-2"]
    assert docs[0].title == "T1" and docs[0].published == date(2024, 3, 14)
    assert docs[1].url == "https://news.example/2" and docs[1].published == date(2024, 3, 15)


@pytest.mark.parametrize("bad,message", [
    ("{not json", "not a JSON object"),
    ('{"title": "no text"}', 'needs a non-empty "text"'),
    ('["a", "list"]', 'needs a non-empty "text"'),
    ('{"text": "x", "published": "yesterday"}', "published"),
])
def test_sources_jsonl_bad_line_is_a_problem_and_the_rest_is_read(tmp_path, bad, message):
    path = _jsonl(tmp_path, [{"text": "MP Tom Reyes apologised."}, bad])
    docs, problems = read_corpus([path])
    assert len(docs) == 1
    assert len(problems) == 1 and ":2" in str(problems[0].path) and message in problems[0].message


def test_sources_jsonl_duplicate_ids_are_reported(tmp_path):
    path = _jsonl(tmp_path, [{"id": "x", "text": "One."}, {"id": "x", "text": "Two."}])
    docs, problems = read_corpus([path])
    assert len(docs) == 1 and "duplicate document id" in problems[0].message


def test_sources_html_main_text_and_metadata(tmp_path):
    path = tmp_path / "page.html"
    path.write_text(HTML, encoding="utf-8")
    docs, problems = read_corpus([path])
    assert problems == []
    doc, = docs
    assert "Speaker Ana Lopes ejected" in doc.text and "Reyes refused to withdraw" in doc.text
    assert "Cookie settings" not in doc.text and "Sport" not in doc.text
    assert "\n\n" in doc.text  # paragraphs stay apart
    assert doc.published == date(2024, 3, 14)
    assert doc.url == "https://news.example/member-ejected"


def test_sources_html_without_text_is_a_problem(tmp_path):
    path = tmp_path / "empty.html"
    path.write_text("<html><head><title>Nothing here</title></head><body></body></html>", encoding="utf-8")
    docs, problems = read_corpus([path])
    assert docs == [] and "no article text" in problems[0].message


@pytest.mark.model
def test_sources_html_builds_facts(tmp_path):
    from kg.engine.pipeline import build_corpus

    path = tmp_path / "page.html"
    path.write_text(HTML, encoding="utf-8")
    result = build_corpus([path])
    assert ("Ejection", ("Ana Lopes",), ("Tom Reyes",), "2024-03-12") in {
        (f.cls, tuple(f.agents), tuple(f.targets), f.date) for f in result.facts}


@pytest.mark.parametrize("given, kept", [
    ("x" * 300, False), ("é" * 100, False), ("..", False), (".", False), ("...", False),
    ("a-normal_id.2024", True), ("a" * 120, True), ("with space", True),
], ids=["300-chars", "100-accented", "dot-dot", "dot", "dots", "normal", "at-the-limit", "space"])
def test_sources_jsonl_unusable_ids_are_shortened_or_hashed(tmp_path, given, kept):
    """Issue 17: a 300-character id aborted the build (its graph file name is too long) and an id of
    '..' became an IRI rdflib cannot read back; such an id is changed, with a warning, never fatal."""
    from urllib.parse import quote

    from rdflib import Graph

    from kg.engine.graphs import graph_file

    path = tmp_path / "feed.jsonl"
    lines = [{"id": given, "text": "Speaker Ana Lopes ejected Tom Reyes."}, {"id": "next", "text": "Another text."}]
    path.write_text("\n".join(json.dumps(r) for r in lines) + "\n", encoding="utf-8")
    docs, problems = read_corpus([path])
    assert "next" in [d.id for d in docs] and len(docs) == 2  # the rest is read
    doc = next(d for d in docs if d.id != "next")
    assert (doc.id == given) == kept
    assert [p.warning for p in problems] == ([] if kept else [True])
    assert len(graph_file(doc.id).encode()) <= 160 and doc.id.strip(".")
    iri = f"https://w3id.org/kg-news/id/doc/{quote(doc.id, safe='-_.')}"
    parsed = Graph().parse(data=f"<{iri}> <https://example.org/p> \"1\" .", format="nt")
    assert str(next(iter(parsed))[0]) == iri
    again, _ = read_corpus([path])
    assert [d.id for d in again] == [d.id for d in docs]  # the same id each time
