"""kg.rdf.write: every format parses back (rdflib and Oxigraph) to an isomorphic graph or dataset, the
bytes are the same on every run, Turtle uses the project's prefixes, JSON-LD the shipped context.

The graph is the hand-built mapping fixture of tests/test_mapping.py plus a second document and
its entailments (kg.semantics.reason), so named graphs, datatypes, language tags and non-ASCII text all
round-trip. All names are invented.
"""

from __future__ import annotations

import dataclasses
import json

import pyoxigraph
import pytest
from rdflib import Dataset, Graph, Literal, URIRef
from rdflib.compare import isomorphic

from kg.rdf import formats, write
from kg.rdf.mapping import Mapper
from kg.rdf.read import format_of
from kg.semantics.reason import add_entailments
from tests.rdf.test_mapping import BASE, small_facts


@pytest.fixture(scope="module")
def dataset() -> Dataset:
    mapper = Mapper(base=BASE)
    facts = small_facts()
    mapper.add(facts)
    other = small_facts()
    other.document = dataclasses.replace(other.document, id="mapping-other")
    mapper.add(other)
    ds = mapper.dataset
    ds.graph(mapper.graph_iri(other.document)).add(
        (URIRef(BASE + "person/tom-halvorsen"), URIRef("http://www.w3.org/2004/02/skos/core#altLabel"),
         Literal("Tómas Halvorsen — «T. H.»")))
    add_entailments(ds, base=BASE)
    return ds


def named(ds: Dataset) -> dict:
    return {g.identifier: g for g in ds.graphs() if len(g)}


@pytest.fixture(scope="module")
def written(dataset, tmp_path_factory):
    out = tmp_path_factory.mktemp("formats")
    return out, write.write_outputs(dataset, out, formats.FORMATS)


def test_write_all_formats_with_their_file_names(written) -> None:
    out, paths = written
    assert [p.name for p in paths] == ["graph.ttl", "graph.trig", "graph.nt", "graph.nq", "graph.jsonld", "graph.rdf"]


@pytest.mark.parametrize("fmt", list(formats.FORMATS))
def test_write_format_round_trips_isomorphic(dataset, written, fmt) -> None:
    out, _ = written
    back = write.read_output(out / formats.get(fmt).filename)
    if formats.get(fmt).dataset:
        want, got = named(dataset), named(back)
        assert set(got) == set(want) and len(want) == 3  # two documents and the entailments
        for iri, g in want.items():
            assert isomorphic(g, got[iri]), (fmt, iri)
    else:
        assert isomorphic(write.merged(dataset), back.default_graph), fmt


@pytest.mark.parametrize("fmt", list(formats.FORMATS))
def test_write_format_parses_in_oxigraph_too(dataset, written, fmt) -> None:
    out, _ = written
    path = out / formats.get(fmt).filename
    quads = list(pyoxigraph.parse(path=str(path), format=format_of(path)))
    expected = sum(len(g) for g in named(dataset).values()) if formats.get(fmt).dataset \
        else len(write.merged(dataset))
    assert len(set(quads)) == expected


@pytest.mark.parametrize("fmt", list(formats.FORMATS))
def test_write_format_is_deterministic(dataset, fmt) -> None:
    assert write.serialize(dataset, fmt) == write.serialize(dataset, fmt)


def test_write_turtle_uses_the_project_prefixes(written) -> None:
    out, _ = written
    text = (out / "graph.ttl").read_text(encoding="utf-8")
    for prefix in ("kg:", "person:", "doc:", "event:", "prov:", "schema:", "owl:", "sem:", "nif:"):
        assert f"@prefix {prefix} <" in text, prefix
    assert "ns1:" not in text and "schema1:" not in text


def test_write_jsonld_is_compacted_with_the_shipped_context(written) -> None:
    out, _ = written
    doc = json.loads((out / "graph.jsonld").read_text(encoding="utf-8"))
    shipped = {k: v for k, v in write.jsonld_context().items() if not str(v).startswith("https://w3id.org/kg-news/id/")}
    assert {k: doc["@context"][k] for k in shipped} == shipped
    assert doc["@context"]["person"] == BASE + "person/"  # instance prefixes follow the build's --base
    assert "brick" not in doc["@context"]  # rdflib's own bindings are not published
    text = json.dumps(doc)
    assert '"kg:Ejection"' in text and '"agent"' in text and '"person:maria-vantongeren"' in text


def test_write_context_file_is_valid_json_ld_context() -> None:
    context = write.jsonld_context()
    assert context["kg"] == "https://w3id.org/kg-news/ont#"
    assert context["date"] == {"@id": "kg:date", "@type": "xsd:date"}


def test_write_unknown_format_is_one_line_error(tmp_path, dataset) -> None:
    with pytest.raises(formats.FormatError, match="unknown format 'n3'; choose from ttl, trig"):
        write.write_outputs(dataset, tmp_path, ["ttl", "n3"])
    assert not list(tmp_path.iterdir())  # nothing written


def test_write_read_dataset_errors_name_the_file(tmp_path) -> None:
    bad = tmp_path / "bad.ttl"
    bad.write_text("<a> <b> .", encoding="utf-8")
    with pytest.raises(write.GraphReadError, match="bad.ttl: cannot parse it as turtle"):
        write.read_dataset([bad])
    with pytest.raises(write.GraphReadError, match="no such file"):
        write.read_dataset([tmp_path / "missing.trig"])
    with pytest.raises(write.GraphReadError, match="unknown extension"):
        write.read_dataset([tmp_path / "x.csv"])


def test_write_default_is_turtle_and_trig(tmp_path, dataset) -> None:
    paths = write.write_outputs(dataset, tmp_path)
    assert [p.name for p in paths] == ["graph.ttl", "graph.trig"]
    assert isinstance(Graph().parse(paths[0]), Graph)


# -- atomic_write_bytes -------------------------------------------------------------------------------

def test_atomic_write_makes_a_file_as_readable_as_any_new_one_and_leaves_no_temporary(tmp_path):
    import os

    from kg.rdf.write import atomic_write_bytes

    mask = os.umask(0o022)
    try:
        path = tmp_path / "sub" / "g.nq"
        atomic_write_bytes(path, b"first\n", sync=False)
        assert path.read_bytes() == b"first\n" and path.stat().st_mode & 0o777 == 0o644
        atomic_write_bytes(path, b"second\n")
        assert path.read_bytes() == b"second\n"
        assert [p.name for p in path.parent.iterdir()] == ["g.nq"]  # the temporary file was renamed
    finally:
        os.umask(mask)


def test_atomic_write_never_writes_through_a_planted_link(tmp_path, monkeypatch):
    """The temporary file is made with O_EXCL: a link planted under its name is passed over, not followed."""
    import secrets

    from kg.rdf.write import atomic_write_bytes

    victim = tmp_path / "victim"
    victim.write_bytes(b"untouched")
    names = iter(["aaaaaaaaaaaa", "bbbbbbbbbbbb"])
    monkeypatch.setattr(secrets, "token_hex", lambda n: next(names))
    (tmp_path / ".g.nq.aaaaaaaaaaaa.tmp").symlink_to(victim)
    atomic_write_bytes(tmp_path / "g.nq", b"graph", sync=False)
    assert victim.read_bytes() == b"untouched" and (tmp_path / "g.nq").read_bytes() == b"graph"
