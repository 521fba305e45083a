"""Party roles around a name's title (issue 35.2/35.3): a role of two words after a party ('the MDC-T secretary
general, X', 'Labour general secretary X', 'Labour deputy leader X': members); a past title's marker after the
party's word ('Democratic challenger former Vice President X': the office is past, not the party); a name's
possessive on a party's name ('X's BJP won'): its leader. Traps: 'Former ANC secretary general X', 'Former
Republican Governor X', 'X's Conservative government', 'X's Democratic allies'. Sentences of our own."""

from __future__ import annotations

import pytest

from tests.extract.roles import roles_of

pytestmark = pytest.mark.model


@pytest.mark.parametrize(("text", "expected"), [
    ("The speaker said he was notified by the MDC-T secretary general, Douglas Banda, in Harare.",
     ("Douglas Banda", "memberOf", "MDC-T")),
    ("Labour general secretary Jane Doe wrote to the Commons.", ("Jane Doe", "memberOf", "Labour Party")),
    ("Labour deputy leader Angela Rayne spoke in the Commons.", ("Angela Rayne", "memberOf", "Labour Party")),
    ("Investigations into Democratic challenger former Vice President Jo Bide were sought.",
     ("Jo Bide", "memberOf", "Democratic Party")),
    ("Republican former Governor Tom Bell spoke in the state Senate.", ("Tom Bell", "memberOf", "Republican Party")),
    ("Narendra Mohan spoke. Mohan's BJP won a majority in the Lok Sabha.",
     ("Narendra Mohan", "leaderOf", "Bharatiya Janata Party")),
    ("Sipho Dube spoke. Dube's ANC won the vote in the National Assembly.",
     ("Sipho Dube", "leaderOf", "African National Congress")),
])
def test_party_role_words(facts, text, expected):
    roles = roles_of(facts, text)
    assert expected in roles, sorted(roles)


@pytest.mark.parametrize(("text", "bad"), [
    ("Former ANC secretary general Sipho Dube spoke.", ("Sipho Dube", "memberOf", "African National Congress")),
    ("Former Republican Governor Tom Bell spoke.", ("Tom Bell", "memberOf", "Republican Party")),
    ("Boris Jonson spoke. Jonson's Conservative government fell.", ("Boris Jonson", "leaderOf", "Conservative Party")),
    ("Jo Bide spoke. Bide's Democratic allies objected.", ("Jo Bide", "leaderOf", "Democratic Party")),
    ("Labour deputy leader Angela Rayne spoke in the Commons.", ("Angela Rayne", "leaderOf", "Labour Party")),
])
def test_party_role_words_not(facts, text, bad):
    roles = roles_of(facts, text)
    assert bad not in roles, sorted(roles)
