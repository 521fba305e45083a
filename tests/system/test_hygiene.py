"""Project rules that code review would otherwise have to remember."""

from __future__ import annotations

import re

import pytest

from tests.conftest import ROOT, shared_or_skip


def _person_names() -> list[str]:
    rows = []
    for path in (shared_or_skip("eval", "gold", "entities.tsv"),):
        for line in path.read_text(encoding="utf-8").splitlines():
            if line and not line.startswith("#") and line.split("\t")[1:2] == ["Person"]:
                name, _, aliases = (line.split("\t") + ["", ""])[:3]
                rows.append(name)
                rows.extend(a for a in aliases.split("|") if len(a) > 3 and not a.startswith("@"))
    return rows


def test_hygiene_no_seed_person_name_in_code():
    """Rules must be general: no seed person's name anywhere in kg/ or ontology/."""
    names = _person_names()
    assert names
    offenders = []
    for path in list((ROOT / "kg").rglob("*.py")) + list((ROOT / "ontology").rglob("*.*")):
        text = path.read_text(encoding="utf-8")
        for name in names:
            if re.search(rf"\b{re.escape(name)}\b", text):
                offenders.append(f"{path.relative_to(ROOT)}: {name}")
    assert not offenders, offenders


def test_hygiene_no_module_over_1000_lines():
    long = [p.name for p in (ROOT / "kg").rglob("*.py") if len(p.read_text(encoding="utf-8").splitlines()) > 1000]
    assert not long


def test_hygiene_input_holds_the_seed_articles_unchanged():
    seeds = shared_or_skip("seeds")
    for path in sorted(seeds.iterdir()):
        assert (ROOT / "input" / path.name).read_bytes() == path.read_bytes(), path.name


@pytest.mark.parametrize("name", ["events.json", "titles.json", "organizations.json", "modality.json", "time.json"])
def test_hygiene_lexicon_files_are_valid_json(name):
    import json

    json.loads((ROOT / "ontology" / "lexicon" / name).read_text(encoding="utf-8"))


def test_hygiene_event_rules_name_ontology_classes():
    """Pattern ids are ontology terms: every rule's class exists in kg.ttl."""
    from kg.ontology import lexicon
    from kg.ontology.vocab import terms

    missing = {r.cls for r in lexicon.load().rules} - terms()
    assert not missing
