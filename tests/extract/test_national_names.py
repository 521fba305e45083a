"""A state's name or demonym before a word parties end with (kg.extract.people.nations): 'the United States
Congress' is a legislature, 'the United States Democratic Party' is the gazetteer's party of the name after the
state's; 'the Republican and Democratic parties' names two gazetteer parties. Sentences written for these tests."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.model


def _kinds(facts, text: str) -> dict[str, set[str]]:
    _, _, a = facts(text)
    kinds: dict[str, set[str]] = {}
    for e in a.entities:
        kinds.setdefault(e.kind, set()).add(e.name)
    return kinds


LEGISLATURES = [
    "Ana Ruiz was voted into the post by the incoming 118th United States Congress.",
    "The resolution was adopted by both houses of the United States Congress in May.",
    "The Peruvian Congress voted to remove President Ana Ruiz on Monday.",
    "The Philippine Congress impeached Chief Justice Ramon Cruz.",
    "The Brazilian National Congress approved the budget.",
]


NO_PARTY = [
    # a state's name of several words before a role word
    "The book tells of the 1968 assassination of United States senator and candidate Robert Kane.",
    "The report named New South Wales MP Ada Quint as its author.",
]


@pytest.mark.parametrize("text", NO_PARTY)
def test_a_state_s_name_before_a_role_word_is_no_party(facts, text):
    assert not _kinds(facts, text).get("PoliticalParty")


@pytest.mark.parametrize("text", LEGISLATURES)
def test_a_state_s_congress_is_its_legislature_not_a_party(facts, text):
    kinds = _kinds(facts, text)
    assert "Congress" in kinds.get("Legislature", set())
    assert not kinds.get("PoliticalParty")
    assert not any("Congress" in name or "National" in name for name in kinds.get("Organization", set()))


PARTIES = [
    # parties whose names end in 'Congress' stay parties, a demonym in their name or not
    ("The Indian National Congress walked out of the Lok Sabha.", "Indian National Congress"),
    ("The African National Congress tabled a motion in the National Assembly.", "African National Congress"),
    ("MPs of the Nepali Congress opposed the bill.", "Nepali Congress"),
    ("The All Progressives Congress won the Senate seat.", "All Progressives Congress"),
    # the state's name before a party's: that party
    ("On Tuesday, the United States Democratic Party held primary elections in fourteen states.", "Democratic Party"),
    # 'X and Y parties': each the party of that name
    ("Members of the Republican and Democratic parties voted for the resolution.", "Democratic Party"),
    # a party the gazetteer does not know keeps the name the text gives it
    ("The Rural Voice party won two seats on the council.", "Rural Voice"),
]


@pytest.mark.parametrize("text, party", PARTIES)
def test_parties_named_with_a_state_or_a_congress(facts, text, party):
    assert party in _kinds(facts, text).get("PoliticalParty", set())
