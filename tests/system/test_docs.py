"""The documentation site (issue 38): ``make docs`` builds docs/ and the API reference generated
from the docstrings with warnings as errors; the README keeps the two commands and links to it."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import ROOT


def test_docs_site_builds_with_warnings_as_errors(tmp_path):
    mkdocs = Path(sys.executable).parent / "mkdocs"
    if not mkdocs.exists() and shutil.which("mkdocs") is None:
        pytest.skip("mkdocs is not installed: `make install` installs the docs extra (pip install -e '.[docs]')")
    done = subprocess.run([str(mkdocs if mkdocs.exists() else "mkdocs"), "build", "--strict", "--site-dir",
                           str(tmp_path / "site")], cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr
    reference = (tmp_path / "site" / "reference" / "index.html").read_text(encoding="utf-8")
    for name in ("Store", "Rows", "build_corpus", "validate", "reason", "KgError"):
        assert name in reference, name


def test_docs_readme_keeps_the_two_commands_and_links_every_guide():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "make run" in readme and "make test" in readme
    linked = set(re.findall(r"\]\(docs/([\w.-]+\.md)", readme))
    pages = {p.name for p in (ROOT / "docs").glob("*.md")} - {"index.md"}
    assert pages <= linked, pages - linked
    assert len(readme) < 8000


def test_docs_readme_shows_every_source_kind_in_one_command():
    """Issue 37: folders and files, a web archive, a feed file and a feed URL, an article URL and a list of URLs."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    command = next(block for block in re.findall(r"```sh\n(.*?)```", readme, re.S) if ".warc" in block)
    command = command.replace("\\\n", " ")
    assert command.count("kg build") == 1
    for source in ("articles/", ".warc.gz", ".rss ", "https://news.example/2024/", "--urls urls.txt"):
        assert source in command, source


def test_docs_every_page_is_in_the_site_navigation():
    config = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    for page in (ROOT / "docs").glob("*.md"):
        assert f": {page.name}" in config, page.name
