"""The README's OWL 2 profile claim, checked by an independent checker (issue 16, item 3): the OWL API's
OWL2DLProfile (Java; Debian's libowlapi-java, which ``make test`` installs when it can) reads
ontology/kg.ttl and finds exactly what kg.ttl's header and the README say is outside OWL 2 DL: the
xsd:date ranges of the five date properties (xsd:date is not in the OWL 2 datatype map), and
nothing else; every triple of the file becomes an axiom or an annotation.

``owlapi/OwlProfileCheck.java`` is compiled by the test into a temporary folder. Skips, saying why,
without java/javac or the OWL API's jars.
"""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

from kg.ontology.terms import ontology_path
from tests.conftest import documentation

HERE = Path(__file__).parent
SOURCE = HERE / "owlapi" / "OwlProfileCheck.java"
JAVA_LIB = Path("/usr/share/java")
#: the OWL API and the jars it loads kg.ttl with (Debian's names, without versions)
JARS = ["owlapi-distribution", "guava", "caffeine", "commons-rdf-api", "commons-io", "commons-codec", "hppcrt",
        "jsr305", "atinject-jsr330-api", "slf4j-api", "slf4j-nop", "xz"]
#: what kg.ttl and the README say is outside OWL 2 DL: these properties' xsd:date ranges
DATE_PROPERTIES = {"date", "published", "postedOn", "reportedDate", "inferredDate"}
KG = "https://w3id.org/kg-news/ont#"
INSTALL = ("`make test` installs Debian's libowlapi-java (and a JDK is needed) when it can, as root or with "
           "password-less sudo, with apt-get; here it could not")


@pytest.fixture(scope="module")
def checker(tmp_path_factory) -> list[str]:
    """The command that runs the compiled checker (the file to check goes last)."""
    java, javac = shutil.which("java"), shutil.which("javac")
    if java is None or javac is None:
        pytest.skip(f"java or javac is not installed: {INSTALL}")
    missing = [j for j in JARS if not (JAVA_LIB / f"{j}.jar").exists()]
    rdf4j = sorted(p for p in JAVA_LIB.glob("rdf4j-*.jar") if not re.search(r"-\d", p.stem.removeprefix("rdf4j-")))
    if missing or not rdf4j:
        pytest.skip(f"the OWL API's jars are not all in {JAVA_LIB} (missing: {', '.join(missing) or 'rdf4j-*'}): "
                    f"{INSTALL}")
    classes = tmp_path_factory.mktemp("owlapi")
    classpath = ":".join([*(str(JAVA_LIB / f"{j}.jar") for j in JARS), *map(str, rdf4j)])
    proc = subprocess.run([javac, "-d", str(classes), "-cp", classpath, str(SOURCE)], capture_output=True,
                          text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr[-3000:]
    return [java, "-cp", f"{classpath}:{classes}", "OwlProfileCheck"]


def _check(checker: list[str], path: Path) -> dict[str, list]:
    """The checker's findings on ``path``: kind -> its lines' fields."""
    proc = subprocess.run([*checker, str(path)], capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr[-3000:]
    out: dict[str, list] = {}
    for line in proc.stdout.splitlines():
        kind, *fields = line.split("\t")
        out.setdefault(kind, []).append(fields)
    return out


def test_owl_profile_kg_ttl_is_dl_but_for_the_stated_dates(checker) -> None:
    found = _check(checker, ontology_path())
    assert int(found["axioms"][0][0]) > 500 and int(found["triples"][0][0]) > 1000
    assert found.get("unparsed", []) == []  # every triple read as OWL: nothing dropped on the way
    violations = found.get("violation", [])
    assert found["in-profile"] == [["false"]] and violations
    outside = set()
    for kind, text in violations:
        m = re.fullmatch(r"Use of undeclared datatype: xsd:date \[DataPropertyRange\(<" + re.escape(KG)
                         + r"(\w+)> xsd:date\) in .*\]", text)
        assert kind == "UseOfUndeclaredDatatype" and m, f"an OWL 2 DL violation kg.ttl does not state: {text}"
        outside.add(m.group(1))
    assert outside == DATE_PROPERTIES


def test_owl_profile_the_claim_names_what_the_checker_finds() -> None:
    """kg.ttl's header and the README state the same exception the checker finds, and name the checker."""
    header = " ".join(ontology_path().read_text(encoding="utf-8").split("@prefix")[0].replace("#", " ").split())
    m = re.search(r"its dates are xsd:date \(([^)]*)\)", header)
    assert m, header[:800]
    assert {p.removeprefix("kg:") for p in re.split(r",\s*", m.group(1))} == DATE_PROPERTIES
    assert "OWL2DLProfile" in header
    readme = " ".join(documentation().split())
    assert "OWL 2 DL except that its dates are `xsd:date`" in readme and "OWL2DLProfile" in readme


def test_owl_profile_no_reserved_iri_is_declared_a_datatype() -> None:
    """Declaring xsd:date an rdfs:Datatype silences the OWL API's checker, yet OWL 2 DL lets the reserved
    vocabulary (rdf:, rdfs:, xsd:, owl:) name no datatype outside its datatype map: kg.ttl must not."""
    from rdflib import RDF, RDFS

    from kg.ontology.terms import ontology_graph

    reserved = ("http://www.w3.org/1999/02/22-rdf-syntax-ns#", "http://www.w3.org/2000/01/rdf-schema#",
                "http://www.w3.org/2001/XMLSchema#", "http://www.w3.org/2002/07/owl#")
    declared = [str(d) for d in ontology_graph().subjects(RDF.type, RDFS.Datatype) if str(d).startswith(reserved)]
    assert declared == []


#: small ontologies outside OWL 2 DL, and the OWL API's name for what is wrong: the checker can fail
NOT_DL = [
    ("class-as-range-of-an-object-property", """
        ex:p a owl:ObjectProperty ; rdfs:range owl:Class .""", "UseOfReservedVocabularyForClassIRI"),
    ("non-simple-property-counted", """
        ex:A a owl:Class . ex:p a owl:ObjectProperty , owl:TransitiveProperty .
        ex:A rdfs:subClassOf [ a owl:Restriction ; owl:onProperty ex:p ; owl:maxCardinality 1 ] .""",
     "UseOfNonSimplePropertyInCardinalityRestriction"),
    ("undeclared-datatype", """
        ex:p a owl:DatatypeProperty ; rdfs:range xsd:gYear .""", "UseOfUndeclaredDatatype"),
]


@pytest.mark.parametrize(("case", "axioms", "violation"), NOT_DL, ids=[c[0] for c in NOT_DL])
def test_owl_profile_checker_finds_what_is_not_dl(checker, tmp_path, case, axioms, violation) -> None:
    path = tmp_path / f"{case}.ttl"
    path.write_text("@prefix ex: <https://example.org/o#> . @prefix owl: <http://www.w3.org/2002/07/owl#> .\n"
                    "@prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .\n"
                    "@prefix xsd: <http://www.w3.org/2001/XMLSchema#> .\n"
                    f"<https://example.org/o> a owl:Ontology .\n{axioms}\n", encoding="utf-8")
    found = _check(checker, path)
    assert found["in-profile"] == [["false"]]
    assert violation in {kind for kind, _ in found.get("violation", [])}, found


def test_owl_profile_checker_passes_a_dl_ontology(checker, tmp_path) -> None:
    path = tmp_path / "dl.ttl"
    path.write_text("@prefix ex: <https://example.org/o#> . @prefix owl: <http://www.w3.org/2002/07/owl#> .\n"
                    "@prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .\n"
                    "@prefix xsd: <http://www.w3.org/2001/XMLSchema#> .\n"
                    "<https://example.org/o> a owl:Ontology .\n"
                    "ex:A a owl:Class . ex:B a owl:Class ; rdfs:subClassOf ex:A .\n"
                    "ex:p a owl:DatatypeProperty ; rdfs:domain ex:A ; rdfs:range xsd:dateTime .\n",
                    encoding="utf-8")
    found = _check(checker, path)
    assert found["in-profile"] == [["true"]] and found.get("violation", []) == []
