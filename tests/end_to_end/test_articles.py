"""Whole invented articles in several countries' styles: the facts they must and must not yield.

The articles and expectations live in tests/data/articles/ (all invented). Model-backed.
"""

from __future__ import annotations

from pathlib import Path

import pytest

pytestmark = pytest.mark.model

DATA = Path(__file__).parents[1] / "data" / "articles"
ROLES = {"leaderOf", "memberOf", "holdsOffice"}


def _rows():
    for line in (DATA / "expected.tsv").read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            doc, rel, subj, obj, pol = line.split("\t")
            yield pytest.param(doc, rel, subj, obj, pol, id=f"{doc}-{rel}-{subj}-{obj}-{pol}")


@pytest.fixture(scope="module")
def analysed(nlp):
    from kg.engine.pipeline import analyse
    from kg.ingest.documents import read_document
    from kg.nlp.parse import parse

    out = {}
    for path in sorted(DATA.glob("*.md")):
        if path.name == "README.md":
            continue
        (doc, paragraphs), = list(parse([read_document(path)], nlp))
        out[path.stem] = analyse(doc, paragraphs, nlp)
    return out


def _matches(name: str, entity) -> bool:
    if name == "-":
        return True
    if entity is None:
        return False
    if name == "motion":
        return entity.kind == "Motion"
    return name == entity.name


@pytest.mark.parametrize("doc,rel,subj,obj,pol", _rows())
def test_articles_expected_facts(analysed, doc, rel, subj, obj, pol):
    a = analysed[doc]
    if rel in ROLES:
        found = any(e.kind == "Person" and e.name == subj and any(r == rel and o.name == obj for r, o in e.roles)
                    for e in a.entities)
    else:
        found = any(
            ev.cls == rel and ev.asserted
            and (subj == "-" or any(_matches(subj, x.entity) for x in ev.agents))
            and (obj == "-" or any(_matches(obj, x.entity) for x in ev.targets))
            for ev in a.events)
    facts = sorted((ev.cls, [x.entity.name for x in ev.agents if x.entity], [x.entity.name for x in ev.targets if x.entity])
                   for ev in a.events if ev.asserted)
    assert found == (pol == "+"), facts
