"""A party's chair is its leader (issue 35.3; the annotation convention: 'the then chair of the Greens' is a
past leadership): 'X, the chairwoman of the Ohio Democratic Party', 'Likud chairman X', 'X, chairman of the
ZANU–PF'; a deputy chair is a member; a body's chair holds an office, not a party. Sentences of our own."""

from __future__ import annotations

import pytest

from tests.extract.roles import roles_of

pytestmark = pytest.mark.model


@pytest.mark.parametrize(("text", "expected"), [
    ("In a statement, Maria Lopez, the current chairwoman of the Ohio Democratic Party, said he worked hard.",
     ("Maria Lopez", "leaderOf", "Ohio Democratic Party")),
    ("Likud chairman Moshe Levy spoke in the Knesset.", ("Moshe Levy", "leaderOf", "Likud")),
    ("Ann Hale, the deputy chairman of the Labour Party, spoke.", ("Ann Hale", "memberOf", "Labour Party")),
])
def test_party_chair(facts, text, expected):
    roles = roles_of(facts, text)
    assert expected in roles, sorted(roles)


@pytest.mark.parametrize(("text", "bad"), [
    ("Ann Hale, the deputy chairman of the Labour Party, spoke.", ("Ann Hale", "leaderOf", "Labour Party")),
    ("Democratic committee chairman Jerry Nadd said it.", ("Jerry Nadd", "leaderOf", "Democratic Party")),
    ("Maria Lopez, the former chairwoman of the Ohio Democratic Party, spoke.",
     ("Maria Lopez", "leaderOf", "Ohio Democratic Party")),
])
def test_party_chair_not(facts, text, bad):
    roles = roles_of(facts, text)
    assert bad not in roles, sorted(roles)
