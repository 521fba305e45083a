"""Party roles a list of names shares (issue 35.1): 'X, Y, and Z are all members of the P', 'X and Y, both
Democratic senators', 'Reps. X and Y (R-Texas)', 'Labour peers Lord X and Lord Y', 'including X and Y of the P
party', 'Senators X of Florida, Y of Utah, and Z of Georgia, all Republicans'; not a singular apposition of the
last name ('X and Y, a Labour MP'), nor a past membership ('both former Labour MPs'). Sentences of our own."""

from __future__ import annotations

import pytest

from tests.extract.roles import roles_of

pytestmark = pytest.mark.model


@pytest.mark.parametrize(("text", "expected"), [
    # a plural predicate of the list (councils, Westminster)
    ("Ann Hale, Rob Dunn, and Tim Marsh are all members of the Conservative Party.",
     ("Ann Hale", "memberOf", "Conservative Party")),
    ("Ann Hale and Rob Dunn are members of the Labour Party.", ("Rob Dunn", "memberOf", "Labour Party")),
    # a quantifier after the list (US Senate, South Africa, Westminster)
    ("The bill was sponsored by Ann Hale and co-sponsored by Rob Dunn, both Democratic senators from Hawaii.",
     ("Ann Hale", "memberOf", "Democratic Party")),
    ("Ann Hale said Rob Dunn and Tim Marsh, all ANC councillors, were suspended.",
     ("Rob Dunn", "memberOf", "African National Congress")),
    ("Ann Hale and Rob Dunn, both Labour MPs, resigned their seats.", ("Ann Hale", "memberOf", "Labour Party")),
    ("It was co-sponsored by Senators Ann Hale of Florida, Rob Dunn of Utah, and Tim Marsh of Georgia, all Republicans.",
     ("Rob Dunn", "memberOf", "Republican Party")),
    # a bracket or a party after the last name (US House, India)
    ("Reps. Ann Hale and Rob Dunn (R-Texas) objected to the rule.", ("Ann Hale", "memberOf", "Republican Party")),
    ("The rebels, including Ann Hale and Rob Dunn of the Janata Dal party, walked out of the Lok Sabha.",
     ("Ann Hale", "memberOf", "Janata Dal")),
    # a party's plural before the list (the House of Lords)
    ("Labour peers Lord Hale and Lord Dunn were suspended by the House of Lords.", ("Hale", "memberOf", "Labour Party")),
])
def test_list_roles(facts, text, expected):
    roles = roles_of(facts, text)
    assert expected in roles, sorted(roles)


@pytest.mark.parametrize(("text", "name"), [
    ("Ann Hale and Rob Dunn, a Labour MP, spoke in the Commons.", "Ann Hale"),
    ("Ann Hale and Rob Dunn, both former Labour MPs, spoke in the Commons.", "Ann Hale"),
    ("Ann Hale of Ohio and Rob Dunn of the Labour Party spoke.", "Ann Hale"),
    ("Former Labour peers Lord Hale and Lord Dunn spoke in the House of Lords.", "Hale"),
])
def test_list_roles_not(facts, text, name):
    roles = roles_of(facts, text)
    assert not {r for r in roles if r[0] == name and r[1] in {"memberOf", "leaderOf"}}, sorted(roles)
