"""An independent RDF parser reads what kg writes (issue 16): Raptor's ``rapper`` (Debian raptor2-utils,
which ``make test`` installs when it can) parses graph.ttl, graph.nt and graph.rdf of the seed build with
no error and no warning, and finds the triples rdflib finds. Skips, saying why, without rapper."""

from __future__ import annotations

import shutil
import subprocess

import pytest
from rdflib import Graph
from rdflib.compare import isomorphic

pytestmark = pytest.mark.model

#: file, rapper's input syntax, rdflib's format
FORMATS = [("graph.ttl", "turtle", "turtle"), ("graph.nt", "ntriples", "nt"), ("graph.rdf", "rdfxml", "xml")]


@pytest.fixture(scope="module")
def rapper() -> str:
    path = shutil.which("rapper")
    if path is None:
        pytest.skip("rapper is not installed: `make test` installs Debian's raptor2-utils when it can "
                    "(as root or with password-less sudo, with apt-get); here it could not")
    return path


@pytest.fixture(scope="module")
def built(seed, tmp_path_factory):
    from kg.rdf.write import write_outputs

    out = tmp_path_factory.mktemp("rapper")
    write_outputs(seed.result.dataset, out, formats=("ttl", "nt", "xml"))
    return out


@pytest.mark.parametrize(("name", "syntax", "rdflib_format"), FORMATS, ids=[f[1] for f in FORMATS])
def test_rapper_parses_every_format_with_no_error_or_warning(rapper, built, name, syntax, rdflib_format) -> None:
    path = built / name
    proc = subprocess.run([rapper, "-i", syntax, "-o", "ntriples", str(path)], capture_output=True, text=True,
                          timeout=300)
    assert proc.returncode == 0, proc.stderr[-2000:]
    problems = [line for line in proc.stderr.splitlines() if "Error" in line or "Warning" in line]
    assert problems == [], "\n".join(problems[:20])
    theirs = Graph().parse(data=proc.stdout, format="nt")
    ours = Graph().parse(path, format=rdflib_format)
    assert len(theirs) == len(ours) > 500
    assert isomorphic(theirs, ours)
