"""The agent of a passive of succession takes the party role after 'as' (issue 35.3): 'X was replaced as the
leader of the BJP by Y', 'X was succeeded as Labour leader by Y'; not a future one ('X will be replaced as
leader by Y'), not the one replaced, nor a role that is no party's ('replaced as chief whip by Y'). The words
are data (grammar.json succession_verbs). Sentences of our own."""

from __future__ import annotations

import pytest

from tests.extract.roles import roles_of

pytestmark = pytest.mark.model


@pytest.mark.parametrize(("text", "expected"), [
    ("Ravi Rao was replaced as the leader of the BJP by Anil Kumar in the Lok Sabha.",
     ("Anil Kumar", "leaderOf", "Bharatiya Janata Party")),
    ("Tom Bell was succeeded as leader of the Labour Party by Ann Hale.", ("Ann Hale", "leaderOf", "Labour Party")),
    ("Tom Bell was succeeded as Labour leader by Ann Hale.", ("Ann Hale", "leaderOf", "Labour Party")),
])
def test_succession(facts, text, expected):
    roles = roles_of(facts, text)
    assert expected in roles, sorted(roles)


@pytest.mark.parametrize("text", [
    "Tom Bell will be replaced as leader of the Labour Party by Ann Hale.",
    "Tom Bell was replaced as chief whip by Ann Hale.",
    "Tom Bell was replaced by Ann Hale.",
])
def test_succession_not(facts, text):
    roles = roles_of(facts, text)
    assert not {r for r in roles if r[1] == "leaderOf"}, sorted(roles)


def test_succession_replaced_leads_no_more(facts):
    roles = roles_of(facts, "Ravi Rao was replaced as the leader of the BJP by Anil Kumar in the Lok Sabha.")
    assert ("Ravi Rao", "leaderOf", "Bharatiya Janata Party") not in roles
