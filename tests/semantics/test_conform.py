"""kg.semantics.conform, the compiled conformance check kg build runs before pySHACL: it flags a graph exactly
when pySHACL finds a violation, on every failing fixture of tests/test_validate.py (full shapes,
no ontology: a plain SHACL run), the valid fixture, the seed and development graphs.

All names are invented.
"""

from __future__ import annotations

import pytest
from rdflib import Graph

from kg.semantics import conform
from kg.semantics import validate as v
from tests.semantics.test_validate import CASES, VALID, broken


def test_conform_compiles_the_project_shapes():
    rules = conform.compiled()
    assert len(rules.shapes) >= 25


def test_conform_valid_fixture_passes():
    assert not conform.may_violate(Graph().parse(VALID, format="turtle"))


@pytest.mark.parametrize(("name", "case", "removed", "added", "words", "severity"), CASES,
                         ids=[f"{c[0]}-{c[1]}" for c in CASES])
def test_conform_flags_exactly_what_pyshacl_calls_a_violation(name, case, removed, added, words, severity):
    g = broken(removed, added)
    report = v.validate(g)
    assert conform.may_violate(g) == bool(report.violations), report.text()


@pytest.mark.model
def test_conform_seed_and_devset_graphs_pass(seed):
    assert not v.validate(seed.result.dataset).violations
    assert not conform.may_violate(seed.result.dataset)


def test_conform_refuses_shapes_it_cannot_evaluate(monkeypatch):
    shapes = Graph().parse(data="""
        @prefix sh: <http://www.w3.org/ns/shacl#> . @prefix ex: <https://example.org/> .
        ex:S a sh:NodeShape ; sh:targetClass ex:C ; sh:property [ sh:path ex:p ; sh:uniqueLang true ] .""",
                           format="turtle")
    monkeypatch.setattr(conform, "load_shapes", lambda: shapes)
    with pytest.raises(conform.UnsupportedShapesError, match="uniqueLang"):
        conform.compiled()  # compiled once per shapes graph: these shapes are compiled afresh
