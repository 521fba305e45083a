"""kg query (issue 17): graph files without a store (--data), result formats written by Oxigraph,
CONSTRUCT as Turtle or N-Triples, and long inline queries that are no file names."""

from __future__ import annotations

import pyoxigraph as ox
import pytest
from click.testing import CliRunner

from kg.cli import main

PARTIES = "SELECT DISTINCT ?name WHERE { ?p a kg:PoliticalParty ; rdfs:label ?name } ORDER BY ?name"
CONSTRUCT = "CONSTRUCT { ?p rdfs:label ?l } WHERE { ?p a kg:PoliticalParty ; rdfs:label ?l }"
#: results formats Oxigraph reads back (it writes CSV but does not read it)
READ_BACK = {"json": ox.QueryResultsFormat.JSON, "xml": ox.QueryResultsFormat.XML, "tsv": ox.QueryResultsFormat.TSV}


def _cli(*args, **kw):
    result = CliRunner().invoke(main, [str(a) for a in args], **kw)
    assert "Traceback" not in result.output, result.output
    return result


def _csv_names(output: str) -> list[str]:
    lines = output.splitlines()
    assert lines[0] == "name", output
    return lines[1:]


# --- --data: graph files, no store -------------------------------------------------------------

@pytest.mark.parametrize("files", [["graph.trig"], ["graph.ttl"], ["graph.trig", "graph.ttl"]])
def test_query_data_files_answer_as_the_store_does(seed, seed_store, files):
    from_store = _cli("query", PARTIES, "--store", seed_store, "--format", "csv")
    args = [a for f in files for a in ("--data", seed.out / f)]
    from_files = _cli("query", PARTIES, *args, "--format", "csv")
    assert from_files.exit_code == 0, from_files.output
    assert _csv_names(from_files.output) == _csv_names(from_store.output) and _csv_names(from_store.output)


def test_query_data_default_graph_and_named_graphs_are_both_queried(tmp_path):
    (tmp_path / "a.ttl").write_text('<https://example.org/a> <https://example.org/p> "in a default graph" .\n')
    (tmp_path / "b.trig").write_text('<https://example.org/g> { <https://example.org/b> <https://example.org/p> '
                                     '"in a named graph" . }\n')
    result = _cli("query", "SELECT ?o WHERE { ?s <https://example.org/p> ?o } ORDER BY ?o",
                  "--data", tmp_path / "a.ttl", "--data", tmp_path / "b.trig", "--format", "csv")
    assert result.exit_code == 0, result.output
    assert result.output.splitlines() == ["o", "in a default graph", "in a named graph"]


@pytest.mark.parametrize("name, content, message", [
    ("missing.ttl", None, "missing.ttl: cannot read it"),
    ("bad.ttl", "<https://example.org/a> <https://example.org/p> .\n", "bad.ttl: line 1"),
    ("notes.txt", "hello\n", "unknown extension '.txt'"),
])
def test_query_data_bad_file_is_one_line(tmp_path, name, content, message):
    if content is not None:
        (tmp_path / name).write_text(content)
    result = _cli("query", PARTIES, "--data", tmp_path / name)
    assert result.exit_code == 1 and message in result.output, result.output
    assert len(result.output.strip().splitlines()) == 1


@pytest.mark.parametrize("other", [["--store", "output/store"], ["--endpoint", "http://127.0.0.1:9/query"]])
def test_query_data_with_a_store_or_an_endpoint_is_a_usage_error(seed, other):
    result = _cli("query", PARTIES, "--data", seed.trig, *other)
    assert result.exit_code == 2 and "give one of --store, --endpoint and --data" in result.output


# --- formats ------------------------------------------------------------------------------------

@pytest.mark.parametrize("fmt", ["csv", "tsv", "json", "xml"])
def test_query_select_formats_are_oxigraphs_sparql_results(seed, fmt):
    result = _cli("query", PARTIES, "--data", seed.trig, "--format", fmt)
    assert result.exit_code == 0, result.output
    expected = ox.Store()
    expected.bulk_load(path=str(seed.trig), format=ox.RdfFormat.TRIG)
    solutions = expected.query(PARTIES, use_default_graph_as_union=True, prefixes={
        "kg": "https://w3id.org/kg-news/ont#", "rdfs": "http://www.w3.org/2000/01/rdf-schema#"})
    assert result.stdout_bytes.rstrip(b"\n") == solutions.serialize(
        format=getattr(ox.QueryResultsFormat, fmt.upper())).rstrip(b"\n")
    if fmt in READ_BACK:
        names = [s["name"].value for s in ox.parse_query_results(result.output, format=READ_BACK[fmt])]
        assert "New Democratic Party" in names


@pytest.mark.parametrize("fmt, answer", [("table", "yes"), ("csv", "true"), ("tsv", "true"),
                                         ("json", '{"head":{},"boolean":true}'), ("xml", "<boolean>true</boolean>")])
def test_query_ask_in_every_results_format(seed, fmt, answer):
    result = _cli("query", "ASK { ?e a kg:Ejection }", "--data", seed.trig, "--format", fmt)
    assert result.exit_code == 0 and answer in result.output, result.output


@pytest.mark.parametrize("fmt, rdf", [("ttl", ox.RdfFormat.TURTLE), ("table", ox.RdfFormat.TURTLE),
                                      ("nt", ox.RdfFormat.N_TRIPLES), ("jsonld", ox.RdfFormat.JSON_LD),
                                      ("xml", ox.RdfFormat.RDF_XML)])
def test_query_construct_as_turtle_or_ntriples(seed, fmt, rdf):
    result = _cli("query", CONSTRUCT, "--data", seed.trig, "--format", fmt)
    assert result.exit_code == 0, result.output
    triples = set(ox.parse(result.output, format=rdf))
    assert len(triples) >= 2 and all(t.predicate.value.endswith("rdf-schema#label") for t in triples)
    if fmt == "nt":
        assert all(line.endswith(" .") and line.startswith("<") for line in result.output.splitlines())
    if fmt == "ttl":  # the prefixes it uses, and only those
        assert "@prefix rdfs:" in result.output and "@prefix person:" not in result.output


def test_query_describe_gives_ntriples(seed):
    result = _cli("query", "DESCRIBE ?p WHERE { ?p a kg:PoliticalParty } LIMIT 1", "--data", seed.trig,
                  "--format", "nt")
    assert result.exit_code == 0 and list(ox.parse(result.output, format=ox.RdfFormat.N_TRIPLES))


@pytest.mark.parametrize("fmt", ["ttl", "nt", "jsonld"])
def test_query_rdf_format_of_a_select_is_one_line(seed, fmt):
    result = _cli("query", PARTIES, "--data", seed.trig, "--format", fmt)
    assert result.exit_code == 1 and f"--format {fmt} is for CONSTRUCT and DESCRIBE" in result.output


# --- inline queries -----------------------------------------------------------------------------

@pytest.mark.parametrize("filters", [30, 400])
def test_query_long_inline_query_is_no_file_name(seed, filters):
    """Regression (issue 17): a one-line query longer than a file name may be crashed with ENAMETOOLONG."""
    text = PARTIES.replace("} ORDER", " ".join(f'FILTER(?name != "x{n}")' for n in range(filters)) + " } ORDER")
    assert "\n" not in text and len(text) > 255
    result = _cli("query", text, "--data", seed.trig, "--format", "csv")
    assert result.exit_code == 0, result.output
    assert "New Democratic Party" in _csv_names(result.output)
