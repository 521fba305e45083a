"""Shapes and data stand alone (issue 16, item 4): a plain SHACL run of ontology/shapes.ttl on a
graph file alone (no ontology merged, no inference, no kg code) finds what ``kg validate`` finds.

Two engines besides kg's: pySHACL called directly (SHACL Core and SHACL-SPARQL), and
rdf-validate-shacl, a JavaScript SHACL Core engine (``make shacl-js`` installs it from the npm
registry into .venv/node; without node or that folder those tests skip and say why). Each runs on
the seed articles' graph.ttl and on every failing fixture of tests/semantics/test_validate.py.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest
from rdflib import RDF, BNode, Graph, Namespace

from kg.semantics import validate as v
from tests.semantics.test_validate import CASES, VALID, broken

ROOT = Path(__file__).resolve().parents[2]
SH = Namespace("http://www.w3.org/ns/shacl#")
SHAPES = ROOT / "ontology" / "shapes.ttl"
NODE_MODULES = ROOT / ".venv" / "node" / "node_modules"


def plain_pyshacl(data: Graph, shapes: Graph) -> set[tuple[str, str, str, str]]:
    """(severity, focus, path, message) of each result of pySHACL run on ``data`` alone."""
    import pyshacl

    conforms, results, _ = pyshacl.validate(data, shacl_graph=shapes, inference="none", meta_shacl=False,
                                            advanced=True, allow_warnings=False)
    found = {(str(results.value(r, SH.resultSeverity)).rsplit("#")[-1], _node(results.value(r, SH.focusNode)),
              str(results.value(r, SH.resultPath) or ""), str(results.value(r, SH.resultMessage)))
             for r in results.subjects(RDF.type, SH.ValidationResult)}
    assert conforms == (not found)  # SHACL's sh:conforms: any result, a warning too
    return found


def _node(term) -> str:
    return "_:" if isinstance(term, BNode) else str(term)


def kg_findings(data: Graph, shapes: Graph | None = None) -> set[tuple[str, str, str, str]]:
    """The same four fields from ``kg validate``'s report (its compact names expanded again)."""
    report = v.validate(data, shapes=shapes)
    expand = data.namespace_manager.expand_curie
    full = {f: "_:" if f.focus == "a blank node" else str(expand(f.focus)) if not f.focus.startswith("<")
            else f.focus.strip("<>") for f in report.findings}
    return {(f.severity, full[f], "", f.message) for f in report.findings}


def without_paths(found: set) -> set:
    return {(sev, focus, "", message) for sev, focus, _, message in found}


@pytest.fixture(scope="module")
def shapes() -> Graph:
    return Graph().parse(SHAPES, format="turtle")


@pytest.fixture(scope="module")
def core_shapes(shapes) -> Graph:
    """The shapes without their SHACL-SPARQL constraints: what a SHACL Core engine runs."""
    out = Graph()
    for t in shapes:
        if t[1] != SH.sparql:
            out.add(t)
    return out


@pytest.mark.model
def test_plain_shacl_pyshacl_on_graph_ttl_alone_finds_what_kg_validate_finds(seed, shapes) -> None:
    data = Graph().parse(seed.out / "graph.ttl", format="turtle")
    plain = plain_pyshacl(data, shapes)
    assert without_paths(plain) == kg_findings(data)
    assert all(sev != "Violation" for sev, *_ in plain), plain  # the seed graph has no defect


@pytest.mark.parametrize(("name", "case", "removed", "added", "words", "severity"), CASES,
                         ids=[f"{c[0]}-{c[1]}" for c in CASES])
def test_plain_shacl_pyshacl_agrees_on_every_failing_fixture(shapes, name, case, removed, added, words,
                                                              severity) -> None:
    data = broken(removed, added)
    plain = plain_pyshacl(data, shapes)
    assert without_paths(plain) == kg_findings(data)
    assert any(words in m and sev == severity for sev, _, _, m in plain), plain


def test_plain_shacl_valid_fixture_conforms_in_shacl_sense(shapes) -> None:
    assert plain_pyshacl(Graph().parse(VALID, format="turtle"), shapes) == set()


# -- a second engine: rdf-validate-shacl (JavaScript, SHACL Core) ------------------------------

@pytest.fixture(scope="module")
def shacl_js(tmp_path_factory):
    node = shutil.which("node")
    if node is None:
        pytest.skip("no node on PATH: rdf-validate-shacl (the second SHACL engine) needs Node.js")
    if not (NODE_MODULES / "rdf-validate-shacl").is_dir():
        pytest.skip(f"rdf-validate-shacl is not installed in {NODE_MODULES}: run `make shacl-js`")
    work = tmp_path_factory.mktemp("shacl-js")
    shutil.copy(Path(__file__).with_name("shacl_js.mjs"), work / "shacl_js.mjs")
    (work / "node_modules").symlink_to(NODE_MODULES)  # an ES module finds its packages beside it

    def run(*graphs: Graph) -> list[set[tuple[str, str, str, str]]]:
        files = []
        for i, g in enumerate(graphs):
            files.append(work / f"data-{i}.nt")
            g.serialize(files[-1], format="nt", encoding="utf-8")
        proc = subprocess.run([node, str(work / "shacl_js.mjs"), str(SHAPES), *map(str, files)],
                              capture_output=True, text=True, timeout=600)
        assert proc.returncode == 0, proc.stderr[-2000:]
        out = []
        for report in json.loads(proc.stdout):
            found = {(r["severity"].rsplit("#")[-1], r["focus"] or "_:", "", r["message"]) for r in report["results"]}
            assert report["conforms"] == (not found)
            out.append(found)
        return out

    return run


@pytest.mark.model
def test_plain_shacl_rdf_validate_shacl_on_graph_ttl_alone(seed, core_shapes, shacl_js) -> None:
    data = Graph().parse(seed.out / "graph.ttl", format="turtle")
    (js,) = shacl_js(data)
    assert js == without_paths(plain_pyshacl(data, core_shapes))
    assert js and all(sev != "Violation" for sev, *_ in js), js


def test_plain_shacl_rdf_validate_shacl_agrees_on_every_failing_fixture(core_shapes, shacl_js) -> None:
    graphs = [Graph().parse(VALID, format="turtle")] + [broken(c[2], c[3]) for c in CASES]
    results = shacl_js(*graphs)
    assert results[0] == set()
    disagree = [(c[0], c[1], js, core) for c, g, js in zip(CASES, graphs[1:], results[1:])
                if js != (core := without_paths(plain_pyshacl(g, core_shapes)))]
    assert not disagree, "\n".join(f"{n}-{c}: js {js} != pyshacl {core}" for n, c, js, core in disagree)


def test_plain_shacl_every_kg_subclass_edge_has_a_stated_types_shape(shapes) -> None:
    """Each rdfs:subClassOf+ between kg: classes of kg.ttl is one the data states and a shape checks
    (sh:targetClass the subclass, sh:class the superclass): the graph never needs the ontology."""
    from rdflib import RDFS, URIRef

    from kg.ontology.vocab import NS
    from kg.ontology.vocab import kg_types

    onto = v.load_ontology()
    classes = {c for c in onto.subjects(RDFS.subClassOf, None) if isinstance(c, URIRef) and str(c).startswith(NS)}
    edges = {(c, s) for c in classes for s in kg_types(str(c)[len(NS):])[1:]}
    assert len(edges) >= 12
    checked = {(c, s) for node in shapes.subjects(SH["class"], None) for s in shapes.objects(node, SH["class"])
               for c in shapes.objects(node, SH.targetClass)}
    assert edges - checked == set()
