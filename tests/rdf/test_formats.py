"""The format table: one row per RDF format, the same names rdflib and Oxigraph use."""

from __future__ import annotations

import pytest
from rdflib.plugin import Serializer, get

from kg.rdf import formats


def test_formats_table_names_files_and_graphs() -> None:
    assert [(f.name, f.filename, f.dataset) for f in formats.FORMATS.values()] == [
        ("ttl", "graph.ttl", False), ("trig", "graph.trig", True), ("nt", "graph.nt", False),
        ("nq", "graph.nq", True), ("jsonld", "graph.jsonld", True), ("xml", "graph.rdf", False)]
    assert formats.DEFAULT_FORMATS == ("ttl", "trig")


@pytest.mark.parametrize("fmt", list(formats.FORMATS.values()), ids=list(formats.FORMATS))
def test_formats_row_agrees_with_rdflib_and_oxigraph(fmt: formats.Format) -> None:
    assert get(fmt.rdflib, Serializer)  # a name rdflib knows
    assert fmt.oxigraph is not None and fmt.oxigraph.media_type == fmt.media_type
    assert fmt.filename.endswith(fmt.suffixes[0])
    assert fmt.oxigraph.supports_datasets == fmt.dataset


@pytest.mark.parametrize(("path", "expected"), [
    ("out/graph.TTL", "ttl"), ("a.trig", "trig"), ("x.owl", "xml"), ("x.xml", "xml"), ("g.rdf", "xml"),
    ("doc.jsonld", "jsonld"), ("notes.csv", None), ("README", None),
])
def test_formats_for_path(path: str, expected: str | None) -> None:
    found = formats.for_path(path)
    assert (found.name if found else None) == expected


@pytest.mark.parametrize(("given", "expected"), [
    ("ttl", "ttl"), ("Turtle", "ttl"), (".nq", "nq"), ("nquads", "nq"), ("ntriples", "nt"), ("json-ld", "jsonld"),
    ("rdf", "xml"), (" TriG ", "trig"),
])
def test_formats_get_by_name_or_alias(given: str, expected: str) -> None:
    assert formats.get(given).name == expected


def test_formats_get_unknown_names_the_choices() -> None:
    with pytest.raises(formats.FormatError, match=r"unknown format 'n3'; choose from ttl, trig, nt, nq, jsonld, xml"):
        formats.get("n3")


@pytest.mark.parametrize(("given", "expected"), [
    (["ttl"], ("ttl",)),
    (["TriG", ".nq", "turtle"], ("trig", "nq", "ttl")),
    (["all"], tuple(formats.FORMATS)),
    (["json-ld", "rdf", "ttl", "ttl"], ("jsonld", "xml", "ttl")),
])
def test_formats_check_formats(given, expected) -> None:
    assert formats.check_formats(given) == expected
