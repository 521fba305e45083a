"""'a fellow member of the P' names the party of the name before it too (issue 35.2): 'a motion filed by Y,
a fellow member of the P', 'X criticised Y, a fellow Labour MP'; and a past role in an apposition is no
membership ('X, the then chair and spokesperson for the Greens'). Not 'X met Y, a Labour MP' (no 'fellow'),
nor a name of another sentence. Sentences of our own."""

from __future__ import annotations

import pytest

from tests.extract.roles import roles_of

pytestmark = pytest.mark.model


@pytest.mark.parametrize(("text", "expected"), [
    ("The House voted to remove its speaker, Kevin Marsh of California, through a motion filed by Representative "
     "Matt Gaines of Florida, a fellow member of the Republican Party.", ("Kevin Marsh", "memberOf", "Republican Party")),
    ("Ann Hale criticised Rob Dunn, a fellow Labour MP, in the Commons.", ("Ann Hale", "memberOf", "Labour Party")),
    ("Sipho Dube was suspended on a motion by Lindi Zulu, a fellow ANC councillor.",
     ("Sipho Dube", "memberOf", "African National Congress")),
])
def test_fellow_member(facts, text, expected):
    roles = roles_of(facts, text)
    assert expected in roles, sorted(roles)


@pytest.mark.parametrize(("text", "bad"), [
    ("Ann Hale met Rob Dunn, a Labour MP, in the Commons.", ("Ann Hale", "memberOf", "Labour Party")),
    ("Ann Hale spoke. Rob Dunn, a fellow Labour MP, agreed.", ("Ann Hale", "memberOf", "Labour Party")),
    ("The post was about Eva Glen, the then chair and spokesperson for The Greens.", ("Eva Glen", "memberOf", "The Greens")),
    ("Eva Glen, the former spokesperson for the Green Party, spoke.", ("Eva Glen", "memberOf", "Green Party")),
])
def test_fellow_member_not(facts, text, bad):
    roles = roles_of(facts, text)
    assert bad not in roles, sorted(roles)
