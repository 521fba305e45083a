"""Names the model types as people that name no one (kg.extract.people.nonpersons): places and buildings,
strings of initials, and occupations fused onto a name. Sentences written for these tests."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.model


def _people(facts, text: str) -> set[str]:
    _, _, a = facts(text)
    return {e.name for e in a.entities if e.kind == "Person"}


NO_PERSON = [
    # a place or a building: its last word, or the word after it
    ("The crash happened on Castlefrank Road in Kanata on Sunday.", "Castlefrank Road"),
    ("The MP was taken to the John Radcliffe Hospital in Oxford.", "John Radcliffe Hospital"),
    ("The senator studied at Wayne State University in Detroit.", "Wayne State"),
    ("The former minister is held at the Richard J. Donovan Correctional Facility.", "Richard J. Donovan"),
    ("Protesters gathered outside the Kwame Nkrumah Stadium in Accra.", "Kwame Nkrumah"),
    # initials alone
    ("The council said BST had fallen by a third since May.", "BST"),
]


@pytest.mark.parametrize("text, name", NO_PERSON)
def test_a_place_a_building_or_initials_is_no_person(facts, text, name):
    assert not any(name in person for person in _people(facts, text))


OCCUPATION = [
    ("Director Ivo Rebic said the match was over.", "Ivo Rebic"),
    ("Prosecutor Krzysztof Nowak said the case against Governor Tomas Vera was closed.", "Krzysztof Nowak"),
    ("Activist Joshua Lam was arrested outside the Legislative Council.", "Joshua Lam"),
    ("Ombudsman Merceditas Ocampo filed charges against the mayor.", "Merceditas Ocampo"),
]


@pytest.mark.parametrize("text, name", OCCUPATION)
def test_an_occupation_before_a_name_is_no_part_of_it(facts, text, name):
    assert name in _people(facts, text)


# the person stays: a surname that is also a place word, a person named after a building in another sentence
PEOPLE = [
    ("MP Nathan Lane said the bill was unfair.", "Nathan Lane"),
    ("Kofi Annan spoke in Geneva. The Kofi Annan Centre was opened later.", "Kofi Annan"),
    ("Councillor Ada Street voted against the motion.", "Ada Street"),
    # a name of one word with an apostrophe or a hyphen
    ("Senator Ada O'Brien spoke first. O'Brien said the vote was rigged.", "Ada O'Brien"),
]


@pytest.mark.parametrize("text, name", PEOPLE)
def test_a_person_named_like_a_place_stays_a_person(facts, text, name):
    assert name in _people(facts, text)


APOSTROPHE_NAMES = [
    ("Senator Ada O'Brien spoke first. O'Brien said the vote was rigged.", "Ada O'Brien"),
    ("MP Sean O\u2019Neill said the Taoiseach had misled the Dáil.", "Sean O\u2019Neill"),
    ("Minister Priya D'Souza resigned from the cabinet.", "Priya D'Souza"),
]


@pytest.mark.parametrize("text, name", APOSTROPHE_NAMES)
def test_a_name_after_a_title_is_not_cut_at_an_apostrophe(facts, text, name):
    """kg.extract.people.offices.name_after: 'O'Brien', 'O’Neill' are one word of the name."""
    assert _people(facts, text) == {name}
