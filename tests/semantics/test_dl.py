"""A real OWL 2 DL reasoner (HermiT, shipped in owlready2's package) agrees with owlrl: the ontology
and the seed graph are consistent, and a graph with a clash is not.

Skips, saying why, without Java or owlready2 (``pip install '.[test]'`` brings owlready2).

HermiT supports only the OWL 2 datatype map, which lacks xsd:date (the ontology's dates:
kg:date, kg:published, kg:postedOn); it runs with --ignoreUnsupportedDatatypes, so date
literals are opaque values to it. All other axioms, including the disjointness unions that
OWL RL cannot use, are taken into account.
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest
from rdflib import RDF, Graph, Namespace

from kg.semantics.reason import load_ontology

KG = Namespace("https://w3id.org/kg-news/ont#")
EX = Namespace("https://example.org/id/")


@pytest.fixture(scope="module")
def hermit() -> list[str]:
    java = shutil.which("java")
    if java is None:
        pytest.skip("no java on PATH: HermiT (the DL reasoner in owlready2) needs a Java runtime")
    owlready2 = pytest.importorskip("owlready2", reason="owlready2 (HermiT) is not installed: pip install '.[test]'")
    folder = Path(owlready2.__file__).parent / "hermit"
    if not (folder / "HermiT.jar").is_file():
        pytest.skip(f"owlready2 has no HermiT.jar in {folder}")
    return [java, "-Xmx2000M", "-cp", f"{folder}:{folder / 'HermiT.jar'}", "org.semanticweb.HermiT.cli.CommandLine"]


def hermit_consistent(hermit: list[str], graph: Graph, tmp_path: Path) -> bool:
    """HermiT's consistency check (-k) of ``graph``; raises if HermiT fails for another reason."""
    path = tmp_path / "ontology-and-data.nt"
    graph.serialize(path, format="nt", encoding="utf-8")
    proc = subprocess.run(hermit + ["-k", "--ignoreUnsupportedDatatypes", path.as_uri()],
                          capture_output=True, text=True, timeout=300)
    if proc.returncode == 0 and "satisfiable" in proc.stdout:
        return True
    if "InconsistentOntologyException" in proc.stderr or "Inconsistent ontology" in proc.stderr + proc.stdout:
        return False
    raise AssertionError(f"HermiT failed ({proc.returncode}):\n{proc.stdout[-2000:]}\n{proc.stderr[-2000:]}")


def with_ontology(*graphs) -> Graph:
    g = load_ontology()
    for extra in graphs:
        for t in extra:
            g.add(t)
    return g


def test_dl_ontology_alone_is_consistent(hermit, tmp_path) -> None:
    assert hermit_consistent(hermit, with_ontology(), tmp_path)


@pytest.mark.model
def test_dl_hermit_agrees_the_seed_graph_is_consistent(hermit, seed, tmp_path) -> None:
    from kg.semantics.reason import run
    from kg.rdf.write import merged

    assert run(seed.result.dataset).clashes == []  # owlrl's view (the fast path equals owlrl)
    assert hermit_consistent(hermit, with_ontology(merged(seed.result.dataset)), tmp_path)


@pytest.mark.parametrize("clash", [
    [(EX.x, RDF.type, KG.Person), (EX.x, RDF.type, KG.Organization)],
    # the chain kg:accuserIn o kg:accused makes the motion a kg:Agent, and motions are not agents
    [(EX.m, RDF.type, KG.Motion), (EX.e, KG.accuser, EX.p), (EX.e, KG.accused, EX.m)],
    # only a DL reasoner sees this one: kg:called's domain is the union of kg:Agent and kg:Office
    [(EX.m, RDF.type, KG.Motion), (EX.m, KG.called, EX.p)],
], ids=["person-organization", "chain", "union-domain"])
def test_dl_hermit_finds_a_clash(hermit, tmp_path, clash) -> None:
    g = Graph()
    for t in clash:
        g.add(t)
    assert not hermit_consistent(hermit, with_ontology(g), tmp_path)
