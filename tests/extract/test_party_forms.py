"""More forms of membership (issue 35.4): a party-list group before a hyphenated role ('Gabriela party-list
representative X', 'Akbayan Party-list Rep. X'), a list after 'namely' or 'including' that names the members of a
party's plural ('two ANC MPs, namely X and Y', 'Several BJP legislators, including X and Y', 'Two DMK MLAs, X and
Y'), 'X of the ruling ANC', 'Congress leader X' in India, a party's head by another word ('BJP chief X', 'X, the chief of the BJP'). Not a plural of no party's ('several villagers, including X'), a chief whip or chief minister; 'Congress' outside India. Sentences of our own (Philippines, South
Africa, India, Westminster)."""

from __future__ import annotations

import pytest

from tests.extract.roles import roles_of

pytestmark = pytest.mark.model


@pytest.mark.parametrize(("text", "expected"), [
    ("Gabriela party-list representative Ana Cruz filed the resolution.", ("Ana Cruz", "memberOf", "Gabriela")),
    ("Akbayan Party-list Rep. Carlos Reyes filed the resolution.", ("Carlos Reyes", "memberOf", "Akbayan Party")),
    ("Two ANC MPs, namely Sipho Dube and Lindi Zulu, voted against the budget.",
     ("Lindi Zulu", "memberOf", "African National Congress")),
    ("Several BJP legislators, including Ravi Rao and Anil Mehta, walked out.",
     ("Anil Mehta", "memberOf", "Bharatiya Janata Party")),
    ("Three Labour councillors, viz Tom Varley and Anna Pell, resigned.", ("Anna Pell", "memberOf", "Labour Party")),
    ("Tom Reed, leader of the council's Labour group, objected.", ("Tom Reed", "memberOf", "Labour Party")),
    # 'of' a party with its modifiers
    ("Tom Reed of the ruling ANC objected.", ("Tom Reed", "memberOf", "African National Congress")),
    ("Tom Reed of the opposition Labour Party objected.", ("Tom Reed", "memberOf", "Labour Party")),
    # a party's head by another word (issue 35.3)
    ("BJP chief Amit Rao spoke in the Lok Sabha.", ("Amit Rao", "leaderOf", "Bharatiya Janata Party")),
    ("Likud boss Ben Amit spoke in the Knesset.", ("Ben Amit", "leaderOf", "Likud")),
    ("Amit Rao, the chief of the BJP, spoke.", ("Amit Rao", "leaderOf", "Bharatiya Janata Party")),
    # a party's name only in its own country ('Congress' in India)
    ("Congress leader Rahul Mehta walked out of the Lok Sabha.", ("Rahul Mehta", "leaderOf", "Indian National Congress")),
    ("The BJP and the Congress clashed in the Lok Sabha.\n\nCongress spokesperson Ravi Rao said the Speaker was biased.",
     ("Ravi Rao", "memberOf", "Indian National Congress")),
    # 'the party's leader, X': the party last named
    ("The Green Party won two seats. The party's leader, Ana Ruiz, said it was a good night.",
     ("Ana Ruiz", "leaderOf", "Green Party")),
])
def test_party_forms(facts, text, expected):
    roles = roles_of(facts, text)
    assert expected in roles, sorted(roles)


@pytest.mark.parametrize(("text", "bad"), [
    ("Several villagers, including Ravi Rao and Anil Mehta, met the BJP leader.",
     ("Anil Mehta", "memberOf", "Bharatiya Janata Party")),
    ("Three former Labour councillors, namely Tom Varley and Anna Pell, resigned.",
     ("Anna Pell", "memberOf", "Labour Party")),
    ("Amit Rao, chief whip of the BJP, spoke.", ("Amit Rao", "leaderOf", "Bharatiya Janata Party")),
    ("BJP chief minister Amit Rao spoke.", ("Amit Rao", "leaderOf", "Bharatiya Janata Party")),
    ("Tom Reed of the committee on Labour objected.", ("Tom Reed", "memberOf", "Labour Party")),
    # the leader of a group of the party's members leads no party
    ("Tom Reed, leader of the council's Labour group, objected.", ("Tom Reed", "leaderOf", "Labour Party")),
    ("Acme Energy apologised. The Green Party objected. Its chief, Tom Reed, said sorry.",
     ("Tom Reed", "leaderOf", "Green Party")),
    ("Ana Ruiz, head of the ANC delegation, walked out.", ("Ana Ruiz", "leaderOf", "African National Congress")),
])
def test_party_forms_not(facts, text, bad):
    roles = roles_of(facts, text)
    assert bad not in roles, sorted(roles)


@pytest.mark.parametrize("text", [
    "Congress passed the bill in Washington, said Senator Tom Reed.",
    "Congress member Tom Reed of Ohio objected in Washington.",
])
def test_congress_elsewhere_no_party(facts, text):
    _, _, a = facts(text)
    assert "Indian National Congress" not in {e.name for e in a.entities}
