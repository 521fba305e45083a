"""Turtle and TriG that older tools accept (issue 16, item 5): a name whose local part would need a
backslash escape ('doc:a\\#char\\=0\\,4', 'person:s\\%E1...') is written as a full <IRI>."""

from __future__ import annotations

import pyoxigraph as ox
import pytest
from rdflib import Dataset, Graph
from rdflib.compare import isomorphic

from kg.rdf.full_iris import _full_iris_line, full_iris
from kg.rdf.write import output_prefixes, write_merged

BASE = "https://example.org/id/"
QUADS = """\
<https://example.org/id/doc/a#char=0,4> <https://w3id.org/kg-news/ont#text> "Say \\"no\\", doc:x\\\\#y" <https://example.org/id/graph/a> .
<https://example.org/id/doc/a#char=0,4> <https://w3id.org/kg-news/ont#inDocument> <https://example.org/id/doc/a> <https://example.org/id/graph/a> .
<https://example.org/id/person/s%E1%B4%80> <http://www.w3.org/2000/01/rdf-schema#label> "S" <https://example.org/id/graph/a> .
<https://example.org/id/person/ana-lopes> <http://www.w3.org/2000/01/rdf-schema#label> "Ana Lopes" <https://example.org/id/graph/a> .
"""


def _merged(ds: Dataset) -> Graph:
    g = Graph()
    for s, p, o, _ in ds.quads((None, None, None, None)):
        g.add((s, p, o))
    return g


@pytest.mark.parametrize(
    "text,want",
    [
        ("doc:a\\#char\\=0\\,4 a kg:Sentence .", "<https://example.org/id/doc/a#char=0,4> a kg:Sentence ."),
        ("\tkg:postAuthor person:s\\%E1\\%B4 ;", "\tkg:postAuthor <https://example.org/id/person/s%E1%B4> ;"),
        ("person:ana-lopes a kg:Person .", "person:ana-lopes a kg:Person ."),
        # dots in a row inside the local part (an article named "x..y"): the whole name, not up to the dots
        (
            "doc:\\%1D..\\%7B-90\\#char\\=0 a kg:Sentence .",
            "<https://example.org/id/doc/%1D..%7B-90#char=0> a kg:Sentence .",
        ),
        ("doc:a...b\\#c a kg:Sentence .", "<https://example.org/id/doc/a...b#c> a kg:Sentence ."),
        # a string literal is never touched, whatever it holds
        ('x kg:text "see doc:a\\#b and \\"q\\"" .', 'x kg:text "see doc:a\\#b and \\"q\\"" .'),
    ],
)
def test_full_iris_rewrites_only_escaped_names(text, want) -> None:
    assert full_iris(text, output_prefixes(BASE)) == want


@pytest.mark.parametrize("fmt,rdf", [("ttl", ox.RdfFormat.TURTLE), ("trig", ox.RdfFormat.TRIG)])
def test_full_iris_merged_files_have_no_escaped_names_and_the_same_graph(tmp_path, fmt, rdf) -> None:
    nq = tmp_path / "a.nq"
    nq.write_text(QUADS, encoding="utf-8")
    out = tmp_path / "out"
    (path,) = write_merged([nq], out, [fmt], BASE, tmp=tmp_path / "tmp")
    text = path.read_text(encoding="utf-8")
    assert "<https://example.org/id/doc/a#char=0,4>" in text and "\\#char" not in text and "\\%" not in text
    assert "person:ana-lopes" in text  # names that need no escape keep their prefix
    written = Dataset()
    written.parse(data=text, format="trig" if fmt == "trig" else "turtle")
    expected = Dataset()
    expected.parse(data=QUADS, format="nquads")
    assert isomorphic(_merged(written), _merged(expected))
    assert len(list(ox.parse(path=str(path), format=rdf))) == 4


@pytest.mark.parametrize("chunk", [1, 7, 64, 1 << 20])
def test_full_iris_copy_goes_a_chunk_of_lines_at_a_time_with_the_same_text(tmp_path, chunk) -> None:
    """The merged Turtle is rewritten in chunks (its memory flat whatever the corpus): every chunk size
    gives what rewriting the whole text at once gives, escaped names across a chunk's end included."""
    from kg.rdf.full_iris import write_full_iris

    prefixes = output_prefixes(BASE)
    lines = [
        "doc:a\\#char\\=0\\,4 a kg:Sentence .\n",
        "person:ana-lopes a kg:Person .\n",
        'x kg:text "see doc:a\\#b and \\"q\\"" .\n',
        "\tkg:postAuthor person:s\\%E1\\%B4 ;\n",
        '\tkg:text "caf\u00e9 \u2028 line" .\n',
        'x kg:text "a \\"b\u2028 doc:a\\#b" .\n',
        # backslashes of literals alone: an escaped backslash before a dot, a line break, a code point
        'x kg:text "C:\\\\.net \\n \\u00e9 \\\\" .\n',
        '\tkg:text "one\\ntwo" ; kg:of doc:b\\#char\\=1\\,2 .\n',
        # an escaped subject and a long literal (a sentence's text): the literal as it is
        'doc:a\\#char\\=0\\,9 kg:text "He said \\"no\\".\\n\\nThen \\u00e9 doc:c\\\\x" .\n',
    ] * 5
    source = tmp_path / "raw.ttl"
    source.write_text("".join(lines), encoding="utf-8")
    target = tmp_path / "out.ttl"
    write_full_iris(source, target, prefixes, chunk=chunk)
    assert target.read_text(encoding="utf-8") == "".join(full_iris(line, prefixes) for line in lines)
    assert not source.exists()


@pytest.mark.parametrize(
    "line",
    [
        'doc:a\\#char\\=0\\,4 kg:text "He said \\"no\\" \\\\ then\\nmore" .',  # escapes before the literal only
        'doc:a\\#char\\=0\\,4 kg:text "x" , "see doc:a\\#b" .',  # one that looks like a name inside a later literal
        '\tkg:text "x" ; kg:of doc:b\\#char\\=1\\,2 .',  # the name after the literal
        'doc:a\\#c kg:text "a" , "b" ; kg:of doc:b\\#d .',  # names before and after literals
        "\tkg:postAuthor person:s\\%E1\\%B4 ;",  # no literal at all
        'doc:a\\#c kg:text "unclosed \\" .',
    ],
)
def test_full_iris_line_passing_over_its_literals_gives_what_the_whole_rewrite_gives(line) -> None:
    """A line is rewritten only up to its first literal when nothing from there on may be an escaped name;
    whatever the line, that gives the text rewriting all of it gives."""
    prefixes = output_prefixes(BASE)
    assert _full_iris_line(line, prefixes) == full_iris(line, prefixes)
    assert "\\#" not in _full_iris_line(line, prefixes).split('"')[0]
