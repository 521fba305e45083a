"""``kg reason`` and ``kg validate`` (kg/cli/semantic.py) through click's CliRunner.

The commands are added to a group of their own here, as ``kg.cli`` adds them to ``kg``.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from rdflib import Dataset

from kg.cli.semantic import register
from tests.clirun import group_fixture, run
from tests.conftest import documentation

ROOT = Path(__file__).resolve().parents[2]
VALID = Path(__file__).parents[1] / "shapes" / "valid.ttl"


kg = group_fixture(register)


@pytest.mark.parametrize("command", ["reason", "validate"])
def test_cli_semantic_help_has_an_example_and_the_readme_knows_it(kg, command) -> None:
    result = run(kg, command, "--help")
    assert result.exit_code == 0
    assert "Example:" in result.output and f"kg {command}" in result.output
    assert f"kg {command}" in documentation()


def test_cli_validate_valid_file(kg) -> None:
    result = run(kg, "validate", VALID)
    assert result.exit_code == 0, result.output
    assert "conforms to ontology/shapes.ttl: 0 violations" in result.output


def test_cli_validate_reports_violations_one_per_line_and_fails(kg, tmp_path) -> None:
    bad = tmp_path / "bad.ttl"
    bad.write_text(VALID.read_text(encoding="utf-8").replace('kg:confidence 0.9 ;', 'kg:confidence 1.5 ;', 1),
                   encoding="utf-8")
    result = run(kg, "validate", bad)
    assert result.exit_code == 1
    lines = [line for line in result.output.splitlines() if line.startswith("Violation:")]
    assert len(lines) == 1 and "report:accusation (kg:Report) kg:confidence:" in lines[0]
    assert "in [0, 1]" in lines[0] and "[value: '1.5']" in lines[0]
    assert "does not conform" in result.output


def test_cli_validate_missing_file_is_one_line(kg, tmp_path) -> None:
    result = run(kg, "validate", tmp_path / "nothing.trig")
    assert result.exit_code == 1 and len(result.output.strip().splitlines()) == 1
    assert "nothing.trig: no such file" in result.output


@pytest.mark.model
def test_cli_reason_then_validate_the_seed_output(kg, seed, tmp_path) -> None:
    out = tmp_path / "entailments.trig"
    result = run(kg, "reason", seed.trig, "--out", out)
    assert result.exit_code == 0, result.output
    assert "3 graphs reasoned (fast)" in result.output and out.is_file()
    ds = Dataset().parse(out, format="trig")
    assert [str(g.identifier) for g in ds.graphs() if len(g)] == ["https://w3id.org/kg-news/id/entailments"]
    result = run(kg, "validate", seed.trig, out)
    assert result.exit_code == 0, result.output
    # one warning (an accusation with no agent named): no violation, but not sh:conforms
    assert "does not conform to ontology/shapes.ttl (sh:conforms false), but has no violation: 0 violations" in (
        result.output)


@pytest.mark.model
def test_cli_validate_the_store(kg, seed_store) -> None:
    result = run(kg, "validate", "--store", seed_store, "--no-warnings")
    assert result.exit_code == 0, result.output
    assert result.output.strip().endswith(")") and "conforms" in result.output


def test_cli_reason_clash_fails_in_one_line(kg, tmp_path) -> None:
    bad = tmp_path / "clash.ttl"
    bad.write_text("@prefix kg: <https://w3id.org/kg-news/ont#> .\n"
                   "<https://example.org/id/x> a kg:Person , kg:Organization .\n", encoding="utf-8")
    result = run(kg, "reason", bad, "--out", tmp_path / "e.trig")
    assert result.exit_code == 1
    assert "is both a kg:Organization and a kg:Person" in result.output
    assert result.output.strip().splitlines()[-1].startswith("Error: the graph is inconsistent with the ontology")
    assert not (tmp_path / "e.trig").exists()


def test_cli_reason_owlrl_engine_and_plain_turtle_out(kg, tmp_path) -> None:
    out = tmp_path / "e.ttl"
    result = run(kg, "reason", VALID, "--engine", "owlrl", "--out", out)
    assert result.exit_code == 0, result.output
    assert "reasoned (owlrl)" in result.output and out.stat().st_size > 0


def test_cli_reason_bad_out_extension(kg, tmp_path) -> None:
    result = run(kg, "reason", VALID, "--out", tmp_path / "e.csv")
    assert result.exit_code == 2 and "--out" in result.output


@pytest.fixture
def context_server():
    """A JSON-LD context served on loopback by the test; ``seen`` lists what was asked of it."""
    import json
    import threading
    from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

    class Context(BaseHTTPRequestHandler):
        def do_GET(self):
            self.server.seen.append(self.path)
            body = json.dumps({"@context": {"label": "http://www.w3.org/2000/01/rdf-schema#label"}}).encode()
            self.send_response(200)
            self.send_header("Content-Type", "application/ld+json")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args):
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Context)
    server.seen = []
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield server
    server.shutdown()
    server.server_close()


@pytest.mark.parametrize("command", ["validate", "reason"])
def test_cli_semantic_jsonld_remote_context_is_not_fetched(kg, tmp_path, context_server, command) -> None:
    """Issue 17: `kg validate`/`kg reason` parsed JSON-LD with rdflib, which fetched a remote @context."""
    import json

    doc = tmp_path / "remote.jsonld"
    doc.write_text(json.dumps({"@context": f"http://127.0.0.1:{context_server.server_port}/context.jsonld",
                               "@id": "https://example.org/a", "label": "an invented thing"}), encoding="utf-8")
    result = run(kg, command, doc, *(["--out", tmp_path / "out.trig"] if command == "reason" else []))
    assert context_server.seen == []
    assert result.exit_code == 1 and "remote contexts" in result.output and "Traceback" not in result.output
    assert len(result.output.strip().splitlines()) == 1


def test_cli_semantic_jsonld_without_remote_context_is_read(kg, tmp_path) -> None:
    from kg.rdf.write import read_dataset

    ds = Dataset()
    ds.parse(VALID, format="turtle")
    doc = tmp_path / "valid.jsonld"
    doc.write_text(ds.serialize(format="json-ld"), encoding="utf-8")
    assert len(read_dataset([doc])) == len(ds)
    result = run(kg, "validate", doc)
    assert result.exit_code == 0, result.output
