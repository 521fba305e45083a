"""RDF/XML with a DTD: entities defined by entities (exponential expansion, "billion laughs") and
entities read from elsewhere are refused by every command that reads graph files, in one line and
at once; plain entities, as OWL tools write them, are read."""

from __future__ import annotations

import resource
import subprocess
import sys
from pathlib import Path

import pytest

from kg.rdf import xmlguard

KG = str(Path(sys.executable).parent / "kg")
RDF = 'xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns:ex="http://example.org/"'


def _laughs(levels: int = 10) -> str:
    """About 700 bytes that expand to 10**levels characters."""
    decls = ['<!ENTITY l0 "lol">'] + [f'<!ENTITY l{i} "{("&l%d;" % (i - 1)) * 10}">' for i in range(1, levels)]
    return (f'<?xml version="1.0"?>\n<!DOCTYPE rdf:RDF [\n{chr(10).join(decls)}\n]>\n<rdf:RDF {RDF}>\n'
            f'<rdf:Description rdf:about="http://example.org/s"><ex:p>&l{levels - 1};</ex:p></rdf:Description>\n'
            '</rdf:RDF>\n')


PLAIN = (f'<?xml version="1.0"?>\n<!DOCTYPE rdf:RDF [\n  <!ENTITY ex "http://example.org/" >\n]>\n<rdf:RDF {RDF}>\n'
         '<rdf:Description rdf:about="&ex;s"><ex:p>plain</ex:p></rdf:Description>\n</rdf:RDF>\n')


@pytest.mark.parametrize("prolog, refused", [
    (_laughs(), "by other entities"),
    ('<!DOCTYPE r [<!ENTITY x SYSTEM "file:///etc/passwd">]><r/>', "from elsewhere"),
    ("<!DOCTYPE r [<!ENTITY x PUBLIC '-//A//B' 'http://example.org/x'>]><r/>", "from elsewhere"),
    ('<!DOCTYPE r [<!ENTITY % p "<!ENTITY x \'y\'>"> %p;]><r/>', "parameter entity"),
    ('<!DOCTYPE r SYSTEM "http://example.org/r.dtd"><r/>', "from elsewhere"),
    ("<!DOCTYPE r [" + "<!-- long -->" * 100_000, "does not end"),
    (PLAIN, None),
    ('<!DOCTYPE rdf:RDF><rdf:RDF/>', None),
    ('<?xml version="1.0"?><rdf:RDF/>', None),
    ('<r>&lt;!DOCTYPE in text is no DTD [<!ENTITY a "&b;">]</r>', None),
])
def test_robust_xml_problem_table(prolog, refused):
    found = xmlguard.problem(prolog.encode("utf-8"))
    assert (found is None) if refused is None else (refused in found)


def _kg(*args: str) -> subprocess.CompletedProcess:
    def limit() -> None:  # a command that expands the entities fails here instead of taking the machine
        resource.setrlimit(resource.RLIMIT_AS, (3 << 30, 3 << 30))
    return subprocess.run([KG, *args], capture_output=True, text=True, timeout=120, preexec_fn=limit)


@pytest.mark.parametrize("command", [
    ["stats", "{file}"],
    ["load", "{file}", "--store", "{store}", "--graph", "http://example.org/g"],
    ["query", "SELECT * WHERE { ?s ?p ?o }", "--data", "{file}"],
    ["validate", "{file}"],
    ["reason", "{file}", "--out", "{out}.trig"],
    ["viz", "{file}", "--out", "{out}.html"],
])
def test_robust_xml_every_command_refuses_exponential_entities(tmp_path, command):
    bomb = tmp_path / "laughs.rdf"
    bomb.write_text(_laughs(), encoding="utf-8")
    args = [a.replace("{file}", str(bomb)).replace("{store}", str(tmp_path / "store")).replace("{out}", str(tmp_path / "out"))
            for a in command]
    done = _kg(*args)
    assert done.returncode not in (0, -9), done.stderr[-2000:]
    assert "Traceback" not in done.stderr and "MemoryError" not in done.stderr
    assert "laughs.rdf" in done.stderr and "exponentially" in done.stderr, done.stderr[-2000:]
    assert not (tmp_path / "store").exists(), "a refused load leaves no store behind"


def test_robust_xml_plain_entities_are_read(tmp_path):
    plain = tmp_path / "plain.rdf"
    plain.write_text(PLAIN, encoding="utf-8")
    done = _kg("query", "SELECT ?o WHERE { <http://example.org/s> ?p ?o }", "--data", str(plain), "--format", "csv")
    assert done.returncode == 0, done.stderr
    assert "plain" in done.stdout
