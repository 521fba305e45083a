"""A title first, then the name in apposition (issue 35, items 2 and 3): the title's body, seat or place may
stand between them ('The Speaker of the National Assembly, X', 'The Labour MP for Northfield, X', 'The
Democratic senator from Ohio, X'), and an honorific may open the name ('The deputy speaker, Ms X'). The seat
of 'for' is the title's, never a party or a person. Each with traps.

All names are invented; these run the real model (marked ``model``)."""

from __future__ import annotations

import pytest

from tests.extract.roles import roles_of

pytestmark = pytest.mark.model


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # the body of the title between title and name
        ("The Speaker of the National Assembly, Mr Tobias Kanyi, adjourned the sitting.",
         ("Tobias Kanyi", "holdsOffice", "Speaker")),
        ("The Speaker of the Assembly, Peter Obiora, suspended the sitting.", ("Peter Obiora", "holdsOffice", "Speaker")),
        ("The chief whip of the Conservative Party, Mr Wren Addo, sent a letter.",
         ("Wren Addo", "holdsOffice", "Chief Whip")),
        # the seat: Westminster, Kenya
        ("The Labour MP for Northfield, Daniel Okafor, spoke first.", ("Daniel Okafor", "holdsOffice", "Member of Parliament")),
        ("The Labour MP for Northfield, Daniel Okafor, spoke first.", ("Daniel Okafor", "memberOf", "Labour Party")),
        ("The MP for Eastleigh, Tom Rudd, asked a question.", ("Tom Rudd", "holdsOffice", "Member of Parliament")),
        ("The ODM MP for Kisumu East, Amos Kiprop, walked out.", ("Amos Kiprop", "holdsOffice", "Member of Parliament")),
        ("The ODM MP for Kisumu East, Amos Kiprop, walked out.", ("Amos Kiprop", "memberOf", "Orange Democratic Movement")),
        # the place a member comes from: US, India
        ("The Democratic senator from Ohio, Sherrod Banks, voted no.", ("Sherrod Banks", "holdsOffice", "Senator")),
        ("The Democratic senator from Ohio, Sherrod Banks, voted no.", ("Sherrod Banks", "memberOf", "Democratic Party")),
        ("The BJP MLA from Gorakhpur, Ravi Kumar, walked out.",
         ("Ravi Kumar", "holdsOffice", "Member of the Legislative Assembly")),
        # an honorific opens the name
        ("The deputy speaker, Ms Amina Yusuf, took the chair.", ("Amina Yusuf", "holdsOffice", "Deputy Speaker")),
        ("The Leader of the House, Mrs Farah Quint, moved the motion.", ("Farah Quint", "holdsOffice", "Leader of the House")),
    ],
)
def test_title_apposition_gives_the_role(facts, text, expected) -> None:
    assert expected in roles_of(facts, text)


@pytest.mark.parametrize(
    ("text", "name", "unwanted"),
    [
        # a past title stays past
        ("The former Speaker of the National Assembly, Mr Tobias Kanyi, criticised the ruling.", "Tobias Kanyi",
         ("holdsOffice", "Speaker")),
        # a list after the qualifier: the title is nobody's in it
        ("The Speaker of the Assembly, the clerk and Peter Obiora met on Monday.", "Peter Obiora",
         ("holdsOffice", "Speaker")),
        # the seat is never a party
        ("The Labour MP for Northfield, Daniel Okafor, spoke first.", "Daniel Okafor", ("memberOf", "Northfield")),
        ("The MP for Eastleigh, Tom Rudd, asked a question.", "Tom Rudd", ("memberOf", "Eastleigh")),
    ],
)
def test_title_apposition_trap(facts, text, name, unwanted) -> None:
    roles = roles_of(facts, text)
    assert (name, *unwanted) not in roles, roles


def test_title_apposition_seat_is_no_person_and_no_party(facts) -> None:
    _, _, a = facts("The Labour MP for Kisumu East, Amos Kiprop, walked out of the chamber.")
    names = {(e.kind, e.name) for e in a.entities}
    assert not any("Kisumu" in n for k, n in names if k in {"Person", "PoliticalParty"}), names


@pytest.mark.parametrize(
    ("text", "name", "seat"),
    [
        # a seat before a seat title: a constituency's compass word, or one word that begins no party's name
        ("Kisumu West MP Ruth Achieng stayed in the chamber.", "Ruth Achieng", "Kisumu West"),
        ("Hackney North MP Dina Abbot asked a question.", "Dina Abbot", "Hackney North"),
        ("Ottawa Centre MPP Joel Harden walked out.", "Joel Harden", "Ottawa Centre"),
        ("Northfield MP Grace Adeyemi stayed.", "Grace Adeyemi", "Northfield"),
    ],
)
def test_seat_before_title_is_no_party(facts, text, name, seat) -> None:
    _, _, a = facts(text)
    roles = roles_of(facts, text)
    assert not any(n == name and rel == "memberOf" for n, rel, _ in roles), roles
    assert not any(e.kind == "PoliticalParty" and seat in e.name for e in a.entities)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # a party before the seat title still names it: one word that begins a party's name, a run, initials
        ("Wiper MP Agnes Kavindu spoke in Nairobi.", ("Agnes Kavindu", "memberOf", "Wiper")),
        ("Fidesz MP Peter Kiss spoke in Budapest.", ("Peter Kiss", "memberOf", "Fidesz")),
        ("Civic Renewal MP Tom Ade voted against the bill.", ("Tom Ade", "memberOf", "Civic Renewal")),
        ("ODM MP Amos Kiprop walked out.", ("Amos Kiprop", "memberOf", "Orange Democratic Movement")),
    ],
)
def test_party_before_seat_title_is_still_a_party(facts, text, expected) -> None:
    roles = roles_of(facts, text)
    person, rel, party = expected
    assert any(n == person and r == rel and party in o for n, r, o in roles), roles
