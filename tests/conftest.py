"""Shared fixtures: the spaCy model (loaded once) and a helper that turns text into facts."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SHARED = ROOT.parent / "shared"

# Reproducible builds: every graph's prov:generatedAtTime is this time (kg.rdf.buildinfo), so two
# builds of one input write the same bytes; tests/rdf/test_buildinfo.py checks the time without it.
os.environ.setdefault("SOURCE_DATE_EPOCH", "1592352000")


@pytest.fixture(scope="session")
def nlp():
    from kg.nlp.parse import load_model

    return load_model()


@pytest.fixture(scope="session")
def facts(nlp):
    """facts(text) -> (asserted, claims): sets of (class, agent names, target names)."""
    from kg.engine.pipeline import analyse
    from kg.ingest.documents import from_text
    from kg.nlp.parse import parse

    def run(text: str, **meta):
        document = from_text(text, **meta)
        (doc, paragraphs), = list(parse([document], nlp))
        a = analyse(doc, paragraphs, nlp)
        asserted, claims = set(), set()
        for ev in a.events:
            row = (ev.cls, " & ".join(sorted(x.entity.name for x in ev.agents if x.entity)) or "-",
                   " & ".join(sorted(x.entity.name for x in ev.targets if x.entity)) or "-")
            (asserted if ev.asserted else claims).add(row)
        return asserted, claims, a

    return run


def documentation() -> str:
    """The README and the guides in docs/ (what a user reads), as one text."""
    pages = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
    return "\n".join(page.read_text(encoding="utf-8") for page in pages)


def shared_or_skip(*parts: str) -> Path:
    """A path under ../shared, or skip the test with a visible reason."""
    path = SHARED.joinpath(*parts)
    if not path.exists():
        pytest.skip(f"{path} is not here (the shared eval data sits beside the repo only for developers and CI)")
    return path
