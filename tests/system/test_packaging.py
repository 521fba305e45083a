"""The distribution: what the wheel holds, and that an installed wheel works away from the checkout (issue 17).

The wheel is built with pip from a copy of the files a build needs (so nothing is written into
the checkout), installed without its dependencies into a fresh venv made here, which borrows the
test environment's installed dependencies through a ``.pth`` line (that directory's own ``.pth``
files, such as an editable install's, are not run), and then runs ``kg`` from a folder outside the
checkout, with neither ``PYTHONPATH`` nor ``KG_ONTOLOGY`` set.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import sysconfig
import tomllib
import zipfile
from pathlib import Path

import pytest

import kg
from tests.conftest import ROOT

PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
#: the package that is the top-level ontology/ folder inside the wheel
DATA = "kg.ontology.data"


def _subpackages() -> set[str]:
    """Every folder of kg/ and of ontology/ (as kg.ontology.data), as a dotted name."""
    def folders(top: Path) -> list[tuple[str, ...]]:
        return [d.relative_to(top).parts for d in [top, *top.rglob("*")] if d.is_dir() and d.name != "__pycache__"]

    return ({".".join(("kg", *parts)) for parts in folders(ROOT / "kg")}
            | {".".join((DATA, *parts)) for parts in folders(ROOT / "ontology")})


def _ontology_files() -> list[str]:
    return sorted(str(p.relative_to(ROOT / "ontology")) for p in (ROOT / "ontology").rglob("*") if p.is_file())


def test_packaging_distribution_is_not_named_kg():
    """'kg' on PyPI is another project; the command and the import stay kg."""
    project = PYPROJECT["project"]
    assert project["name"] == "kg-news"
    assert project["scripts"] == {"kg": "kg.cli:main"}
    for doc in ("README.md", "Makefile"):
        text = (ROOT / doc).read_text(encoding="utf-8")
        assert "kg-news" in text and "'kg[" not in text, doc


def test_packaging_lists_every_subpackage():
    """pyproject.toml lists the packages by hand (the ontology folder is mapped into kg): none may be missing."""
    setuptools = PYPROJECT["tool"]["setuptools"]
    assert set(setuptools["packages"]) == _subpackages()
    assert setuptools["package-dir"] == {DATA: "ontology"}


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    """The wheel, built by pip from a copy of pyproject.toml, README.md, LICENSE, kg/ and ontology/."""
    src = tmp_path_factory.mktemp("src")
    for name in ("pyproject.toml", "README.md", "LICENSE"):
        shutil.copy2(ROOT / name, src / name)
    for name in ("kg", "ontology"):
        shutil.copytree(ROOT / name, src / name, ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    dist = tmp_path_factory.mktemp("dist")
    done = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(dist), str(src)],
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stdout + done.stderr
    wheels = list(dist.glob("kg_news-*.whl"))
    assert len(wheels) == 1, list(dist.iterdir())
    return wheels[0]


def test_packaging_wheel_holds_the_code_and_the_ontology(wheel):
    names = set(zipfile.ZipFile(wheel).namelist())
    code = {str(p.relative_to(ROOT)) for p in (ROOT / "kg").rglob("*.py")}
    assert code <= names, sorted(code - names)
    data = {f"kg/ontology/data/{f}" for f in _ontology_files()}
    assert data and data <= names, sorted(data - names)
    assert "kg/ontology/data/lexicon/titles.json" in names and "kg/ontology/data/queries/ejections.rq" in names
    assert not [n for n in names if n.startswith("ontology/")]  # no top-level package named ontology


@pytest.fixture(scope="module")
def venv(wheel, tmp_path_factory) -> Path:
    """A fresh venv with the wheel installed, the test environment's dependencies borrowed."""
    env = tmp_path_factory.mktemp("venv") / "v"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(env)], check=True, timeout=300)
    python = env / "bin" / "python"
    site = subprocess.run([python, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                          capture_output=True, text=True, check=True).stdout.strip()
    deps = {sysconfig.get_paths()["purelib"], sysconfig.get_paths()["platlib"]}
    Path(site, "borrowed-deps.pth").write_text("\n".join(sorted(deps)) + "\n", encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "pip", "--python", str(python), "install", "-q", "--no-deps",
                           "--no-index", str(wheel)], capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stdout + done.stderr
    return env


def _kg(venv: Path, cwd: Path, *args, program: str = "kg") -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "KG_ONTOLOGY", "PYTHONSAFEPATH")}
    return subprocess.run([str(venv / "bin" / program), *map(str, args)], capture_output=True, text=True,
                          cwd=cwd, env=env, timeout=600)


def test_packaging_installed_wheel_reads_its_own_ontology(venv, tmp_path):
    done = _kg(venv, tmp_path, "-c", "import kg, kg.ontology.paths as p; print(kg.__file__); print(p.ontology_dir())",
               program="python")
    assert done.returncode == 0, done.stderr
    package, ontology = done.stdout.split()
    assert package.startswith(str(venv)) and ontology == str(Path(package).parent / "ontology" / "data")
    listed = _kg(venv, tmp_path, "query", "--list")
    assert listed.returncode == 0 and "ejections" in listed.stdout, listed.stdout + listed.stderr
    version = _kg(venv, tmp_path, "-m", "kg", "--version", program="python")
    assert version.returncode == 0 and version.stdout.strip() == f"kg, version {kg.__version__}", version.stderr


@pytest.mark.model
def test_packaging_installed_wheel_builds_and_queries(venv, tmp_path):
    """The issue's report: `kg build input/` failed on a missing lexicon file in site-packages."""
    out = tmp_path / "out"
    built = _kg(venv, tmp_path, "build", ROOT / "input", "--out", out, "--load", "--quiet")
    assert built.returncode == 0, built.stdout + built.stderr
    assert (out / "graph.trig").stat().st_size > 0
    answered = _kg(venv, tmp_path, "query", "ejections", "--store", out / "store", "--format", "csv")
    assert answered.returncode == 0, answered.stderr
    assert len(answered.stdout.splitlines()) > 1  # the header and the seed articles' ejections
    validated = _kg(venv, tmp_path, "validate", out / "graph.trig")
    assert validated.returncode == 0, validated.stdout + validated.stderr
