"""The schema of ontology/lexicon/*.json (kg.ontology.schema, kg.ontology.lexicon.read): every
shipped file fits it, and a misspelt key, a wrong type or an unknown choice is one line naming
the file, the rule (or office, party, class) and the key (issue 13)."""

from __future__ import annotations

import copy
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from pydantic import BaseModel

from kg.ontology import lexicon, schema
from kg.ontology.lexicon import LexiconError
from kg.ontology.paths import ontology_dir

LEXICON = ontology_dir() / "lexicon"


@pytest.mark.parametrize("name", sorted(schema.FILES))
def test_schema_shipped_file_fits(name: str) -> None:
    assert isinstance(lexicon.read(name), schema.FILES[name])


def test_schema_every_lexicon_file_has_a_schema() -> None:
    assert {p.name for p in LEXICON.glob("*.json")} == set(schema.FILES)


def _models() -> list[type]:
    """Every model of the schema module (files, rules, entries)."""
    return [m for m in vars(schema).values() if isinstance(m, type) and issubclass(m, BaseModel)
            and m.__module__ == schema.__name__ and m.model_fields]


@pytest.mark.parametrize("model", _models(), ids=lambda m: m.__name__)
def test_schema_every_key_is_documented(model) -> None:
    """The field descriptions are the reference of the rule language: no key without one
    (the list of offices, parties and rules are described by their item's docstring)."""
    undocumented = [f.alias or n for n, f in model.model_fields.items()
                    if not f.description and n not in {"offices", "parties", "rules"}]
    assert not undocumented and model.__doc__


def _rule(data: dict, rule: str) -> dict:
    return next(r for r in data["rules"] if r["rule"] == rule)


def _rename(key: str, new: str, rule: str = "ejection.phrasal_out"):
    def edit(data):
        r = _rule(data, rule)
        r[new] = r.pop(key)
    return edit


def _set(rule: str, **values):
    def edit(data):
        _rule(data, rule).update({k.rstrip("_"): v for k, v in values.items()})
    return edit


EVENTS_ERRORS = [
    # the mistake of issue 13: 'particle' for 'particles' loaded and made "sent MP B to the committee" an ejection
    (_rename("particles", "particle"),
     "rule 'ejection.phrasal_out': unknown key 'particle' (did you mean 'particles'?)"),
    (_rename("lemmas", "lemma"), "rule 'ejection.phrasal_out': unknown key 'lemma' (did you mean 'lemmas'?)"),
    (_set("ejection.verb", target_from="dobject"),
     "rule 'ejection.verb': key 'target_from': 'dobject' is not one of 'xcomp_subject', 'ccomp_subject', "
     "'prep_to', 'prep_from', 'nearest_motion', 'self', 'noun_of', 'noun_from', 'subject', 'holder', 'xcomp_object', 'noun_against', 'noun_to' or 'noun_on'"),
    (_set("ejection.verb", voice="active"), "rule 'ejection.verb': key 'voice': 'active' is not one of 'any' or 'passive'"),
    (_set("ejection.verb", target_kind="Member"), "rule 'ejection.verb': key 'target_kind': 'Member' is not one of "
                                                  "'Person', 'Agent', 'Motion' or 'Any'"),
    (_set("ejection.verb", pos="ADV"), "rule 'ejection.verb': key 'pos': 'ADV' is not one of 'VERB', 'NOUN', 'ADJ' or 'AUX'"),
    (_set("ejection.verb", class_="Ejektion"),
     "rule 'ejection.verb': key 'class': 'Ejektion' is not an event class of kg.ttl (a subclass of kg:Event)"),
    (_set("ejection.verb", class_="Person"),
     "rule 'ejection.verb': key 'class': 'Person' is not an event class of kg.ttl (a subclass of kg:Event)"),
    (_set("apology.verb", negated_future_class="Refusal"),
     "rule 'apology.verb': key 'negated_future_class': 'Refusal' is not an event class of kg.ttl (a subclass of kg:Event)"),
    (_set("ejection.verb", confidence="high"), "rule 'ejection.verb': key 'confidence': expected a number"),
    (_set("ejection.verb", confidence=1.5), "rule 'ejection.verb': key 'confidence': input should be less than or equal to 1"),
    (_set("ejection.phrasal_out", particles="out"), "rule 'ejection.phrasal_out': key 'particles': expected a list"),
    (_set("ejection.phrasal_out", particles=[]), "rule 'ejection.phrasal_out': key 'particles': must not be empty"),
    (_set("ejection.named", no_complement="yes"), "rule 'ejection.named': key 'no_complement': expected true or false"),
    (_set("ejection.verb", examples=[{"text": "X.", "agnet": "A", "target": None}]),
     "rule 'ejection.verb': examples[0]: unknown key 'agnet' (did you mean 'agent'?)"),
    (_set("ejection.verb", traps=[3]), "rule 'ejection.verb': key 'traps[0]': expected a string"),
    (lambda d: d["rules"].append(copy.deepcopy(d["rules"][0])), "rule id 'accusation.call_x_y' is used twice"),
    (lambda d: d.update(motion_noun=d.pop("motion_nouns")), "unknown key 'motion_noun' (did you mean 'motion_nouns'?)"),
    (lambda d: d["classes"].update(Apolgy={}),
     "class 'Apolgy': 'Apolgy' is not an event class of kg.ttl (a subclass of kg:Event)"),
    (lambda d: d["classes"]["Apology"].update(target_kind=["Person"]),
     "class 'Apology': unknown key 'target_kind' (did you mean 'target_kinds'?)"),
]


def _broken(tmp_path: Path, name: str, edit) -> Path:
    data = json.loads((LEXICON / name).read_text(encoding="utf-8"))
    edit(data)
    (tmp_path / name).write_text(json.dumps(data), encoding="utf-8")
    return tmp_path


@pytest.mark.parametrize("edit,message", EVENTS_ERRORS, ids=[m[:60] for _, m in EVENTS_ERRORS])
def test_schema_events_error_names_file_rule_and_key(tmp_path: Path, edit, message: str) -> None:
    with pytest.raises(LexiconError) as err:
        lexicon.read("events.json", _broken(tmp_path, "events.json", edit))
    assert str(err.value) == f"{tmp_path / 'events.json'}: {message}"
    assert "\n" not in str(err.value)


OTHER_ERRORS = [
    ("titles.json", lambda d: d["offices"][1].update(presidng=True),
     "office 'speaker': unknown key 'presidng' (did you mean 'presiding'?)"),
    ("titles.json", lambda d: d["party_roles"].update(boss="bossOf"), "key 'party_roles.boss': 'bossOf' is not a property of kg.ttl"),
    ("titles.json", lambda d: d["honorifics"].update(mx="neutral"),
     "key 'honorifics.mx': 'neutral' is not one of 'male', 'female', 'plural' or 'neuter'"),
    ("organizations.json", lambda d: d["parties"][0].update(alias=[]),
     "party 'New Democratic Party': unknown key 'alias' (did you mean 'aliases'?)"),
    ("modality.json", lambda d: d.update(Attemptd=d.pop("Attempted")),
     "unknown key 'Attemptd' (did you mean 'Attempted'?)"),
    ("grammar.json", lambda d: d.update(title_words="chief"), "key 'title_words': expected a list"),
    ("time.json", lambda d: d["directions"].update(soon=["future", 1]),
     "key 'directions.soon[0]': 'future' is not one of 'narrative' or 'relative'"),
]


@pytest.mark.parametrize("name,edit,message", OTHER_ERRORS, ids=[m[:60] for _, _, m in OTHER_ERRORS])
def test_schema_other_file_error_names_file_entry_and_key(tmp_path: Path, name: str, edit, message: str) -> None:
    with pytest.raises(LexiconError) as err:
        lexicon.read(name, _broken(tmp_path, name, edit))
    assert str(err.value) == f"{tmp_path / name}: {message}"


@pytest.mark.parametrize("text,message", [
    ('{"rules": [], "rules": []}', "key 'rules' appears twice in one object"),
    ('{"rules": [}', None),
    ("[]", "expected an object"),
])
def test_schema_not_an_object_or_not_json(tmp_path: Path, text: str, message: str | None) -> None:
    (tmp_path / "events.json").write_text(text, encoding="utf-8")
    with pytest.raises(LexiconError) as err:
        lexicon.read("events.json", tmp_path)
    if message is None:
        assert str(err.value).startswith(f"{tmp_path / 'events.json'}:1:") and "not valid JSON" in str(err.value)
    else:
        assert str(err.value) == f"{tmp_path / 'events.json'}: {message}"


def test_schema_missing_file_says_where_it_looked(tmp_path: Path) -> None:
    with pytest.raises(LexiconError, match="lexicon file missing; is KG_ONTOLOGY pointing"):
        lexicon.read("events.json", tmp_path)


def test_schema_kg_ontology_points_kg_at_another_folder(tmp_path: Path, monkeypatch) -> None:
    onto = tmp_path / "ontology"
    shutil.copytree(ontology_dir(), onto)
    _broken(onto / "lexicon", "events.json", _rename("particles", "particle"))
    monkeypatch.setenv("KG_ONTOLOGY", str(onto))
    assert lexicon.lexicon_path("events.json") == onto / "lexicon" / "events.json"
    with pytest.raises(LexiconError, match="unknown key 'particle'"):
        lexicon.read("events.json")


@pytest.mark.model
def test_schema_misspelt_key_fails_kg_build_in_one_line(tmp_path: Path) -> None:
    """Issue 13: `particle` for `particles` in one rule fails `kg build` with one line naming file, rule and key."""
    onto = tmp_path / "ontology"
    shutil.copytree(ontology_dir(), onto)
    _broken(onto / "lexicon", "events.json", _rename("particles", "particle"))
    (tmp_path / "a.txt").write_text("Speaker Ana Lopes sent MP Tom Reyes to the committee.\n", encoding="utf-8")
    done = subprocess.run([sys.executable, "-c", "from kg.cli import main; main()", "build", "a.txt", "--out", "out", "--quiet"],
                          env={**os.environ, "KG_ONTOLOGY": str(onto)}, capture_output=True, text=True, timeout=300,
                          cwd=tmp_path)
    assert done.returncode != 0
    assert done.stderr.strip().splitlines() == [
        "Error: ontology/lexicon/events.json: rule 'ejection.phrasal_out': unknown key 'particle' "
        "(did you mean 'particles'?)"]
    assert "Traceback" not in done.stdout + done.stderr
