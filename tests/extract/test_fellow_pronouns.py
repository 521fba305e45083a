"""Memberships stated through a possessive (issue 35.4): 'X joined his fellow BJP MPs', 'she and her fellow
Labour councillors', 'X's fellow Democrats' make X a member of the party (the pronoun's referent, resolved
later); a party's possessor is its leader even when the tagger does not know the name ('a spokesman for Kofi
Mensah's New Patriotic Party', 'Moyo's Movement for Democratic Change'), while a possessive inside a party's
name stays in it ('the People's Alliance'), and so is a pronoun's ('X said his Labour Party ...'), who is then
no mere member; and a party-and-seat bracket written '(D- Ohio)', '(D)', '(D., Calif.)', or after a comma ', R-Ohio,'. Not 'their fellow
Labour MPs' (a group), nor 'her former fellow Labour councillors'. Sentences of our own."""

from __future__ import annotations

import pytest

from tests.extract.roles import roles_of

pytestmark = pytest.mark.model


@pytest.mark.parametrize(("text", "expected"), [
    # Indian, South African, council, US wording
    ("Ravi Kumar joined his fellow BJP MPs in the walkout.", ("Ravi Kumar", "memberOf", "Bharatiya Janata Party")),
    ("MP Sipho Dube said he would stand with his fellow EFF members.",
     ("Sipho Dube", "memberOf", "Economic Freedom Fighters")),
    ("Councillor Jane Pike was suspended. She and her fellow Labour councillors had walked out.",
     ("Jane Pike", "memberOf", "Labour Party")),
    ("Tom Reed joined his fellow Democrats in the walkout.", ("Tom Reed", "memberOf", "Democratic Party")),
    ("Tom Reed's fellow Conservative MPs voted against him.", ("Tom Reed", "memberOf", "Conservative Party")),
    # a party's possessor: its leader
    ("Tom Dube, a spokesman for Kofi Mensah's New Patriotic Party, said the vote was rigged.",
     ("Kofi Mensah", "leaderOf", "New Patriotic Party")),
    ("The opposition leader, Tobias Moyo, pulled out. Tom Dube, a spokesman for Moyo's Movement for Democratic "
     "Change, said the vote was rigged.", ("Tobias Moyo", "leaderOf", "Movement for Democratic Change")),
    ("Nana Asante's People's Alliance won the seat.", ("Nana Asante", "leaderOf", "People's Alliance")),
    ("Opposition leader Tom Reed said his Labour Party would vote against.", ("Tom Reed", "leaderOf", "Labour Party")),
    # a party initial with its dash and a space before the state
    ("Rep. Dana Kessler (D- Ohio) voted against the motion.", ("Dana Kessler", "memberOf", "Democratic Party")),
    ("Sen. Ray Burns (R- Texas) objected.", ("Ray Burns", "memberOf", "Republican Party")),
    ("Sen. Ana Ruiz (D) objected.", ("Ana Ruiz", "memberOf", "Democratic Party")),
    ("Sen. Ana Ruiz (D., Calif.) objected.", ("Ana Ruiz", "memberOf", "Democratic Party")),
    ("Rep. Tom Reed, R-Ohio, objected.", ("Tom Reed", "memberOf", "Republican Party")),
])
def test_membership_through_possessive(facts, text, expected):
    roles = roles_of(facts, text)
    assert expected in roles, sorted(roles)


@pytest.mark.parametrize(("text", "bad"), [
    ("Councillor Jane Pike was suspended. Her former fellow Labour councillors cheered.",
     ("Jane Pike", "memberOf", "Labour Party")),
    ("Ravi Kumar met the Speaker. Their fellow BJP MPs walked out.", ("Ravi Kumar", "memberOf", "Bharatiya Janata Party")),
    ("Ravi Kumar joined his fellow villagers at the BJP rally.", ("Ravi Kumar", "memberOf", "Bharatiya Janata Party")),
    ("Tom Dube, a spokesman for Kofi Mensah's New Patriotic Party, said the vote was rigged.",
     ("Tom Dube", "memberOf", "Kofi Mensah's New Patriotic Party")),
    # a leader is no mere member too
    ("Labour MP Tom Reed said his Labour Party would vote against.", ("Tom Reed", "memberOf", "Labour Party")),
    ("Tom Reed said his Labour colleagues would vote against.", ("Tom Reed", "leaderOf", "Labour Party")),
])
def test_no_membership_through_possessive(facts, text, bad):
    roles = roles_of(facts, text)
    assert bad not in roles, sorted(roles)
