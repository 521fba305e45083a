"""A party stated in apposition to a name (issue 35.2): 'a Republican, X,', 'one Labour member, Councillor X,',
'X (from the Civic Platform party)', 'X, the most senior Democrat on the committee,'; not a past one ('a former
Republican, X', 'X, the former Democrat'), nor a bracket with a place ('X (of Ohio)'). Sentences of our own."""

from __future__ import annotations

import pytest

from tests.extract.roles import roles_of

pytestmark = pytest.mark.model


@pytest.mark.parametrize(("text", "expected"), [
    # a party's noun after an indefinite determiner, before the name (US Congress, Westminster, councils)
    ("Since then, a Republican, Tom Ferris, has voiced support for the inquiry.",
     ("Tom Ferris", "memberOf", "Republican Party")),
    ("A Democrat, Senator Jane Doe of Ohio, objected to the motion.", ("Jane Doe", "memberOf", "Democratic Party")),
    ("One Labour member, Councillor Jo Pike, voted against the budget.", ("Jo Pike", "memberOf", "Labour Party")),
    # a bracket with a preposition before the party (Europe, India)
    ("Opposition deputy Ewa Nowak (from Civic Platform party) came to the rostrum in the Sejm.",
     ("Ewa Nowak", "memberOf", "Civic Platform")),
    ("Ravi Rao (from the BJP) spoke in the Lok Sabha.", ("Ravi Rao", "memberOf", "Bharatiya Janata Party")),
    # 'the' and adjectives before the party's noun
    ("Representative Jane Doe, the most senior Democrat on the committee, took the chair.",
     ("Jane Doe", "memberOf", "Democratic Party")),
    ("Senator Jane Doe, the top Republican on the panel, spoke.", ("Jane Doe", "memberOf", "Republican Party")),
])
def test_party_apposition(facts, text, expected):
    roles = roles_of(facts, text)
    assert expected in roles, sorted(roles)


@pytest.mark.parametrize("text", [
    "Since then, a former Republican, Tom Ferris, has voiced support for the inquiry.",
    "Jane Doe, the former Democrat, spoke against the bill.",
    "Jane Doe (of Ohio) spoke against the bill.",
    "Tom Ferris (from Leeds) spoke in the Commons.",
])
def test_party_apposition_not(facts, text):
    roles = roles_of(facts, text)
    assert not {r for r in roles if r[1] in {"memberOf", "leaderOf"}}, sorted(roles)
