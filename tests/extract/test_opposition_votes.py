"""Opposition stated by a vote (issue 39): a preposition left without its object ('Labour voted against.', 'with
X and Y voting against') stands for the motion under discussion when someone named votes; a poll's count does
not. Sentences written for these tests, in several legislatures' vocabularies."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.model


@pytest.mark.parametrize(
    "text,agent,target",
    [
        ("The motion to adjourn was put to the House. Labour voted against.", "Labour Party", "motion to adjourn"),
        (
            "The motion of no confidence was defeated, with Labour and the Greens voting against.",
            "Green Party & Labour Party",
            "motion of no confidence",
        ),
        (
            "The Lok Sabha took up the Finance Bill on Monday. Chief Minister Arun Velan spoke against.",
            "Arun Velan",
            "Finance Bill",
        ),
    ],
)
def test_opposition_against_with_no_object(facts, text, agent, target) -> None:
    asserted, _, _ = facts(text)
    assert ("Opposition", agent, target) in asserted, asserted


@pytest.mark.parametrize(
    "text",
    [
        "The referendum on the Marriage Bill was held in May, and 67% came out against.",
        "The Finance Bill passed. Senator Idris Kell did not vote against.",
        "The Finance Bill passed. Senator Idris Kell will vote against.",
    ],
)
def test_opposition_against_with_no_object_traps(facts, text) -> None:
    asserted, _, _ = facts(text)
    assert not {r for r in asserted if r[0] == "Opposition"}, asserted


TABLE = """The City Council has the power to expel a councillor by a two-thirds vote.

Councillors Who Have Been Expelled From the City Council

| Individual | Cause | Date | Resolution No. | Vote |
|---|---|---|---|---|
| Wren Addo | Bribery | July 13, 1991 | N/A | 34-5 |
| Piet Alvaro | Fraud | December 2, 1999 | N/A | No recorded vote |
| Tobias Kanyi | Assault | March 3, 2004 | N/A | 40-0 |
"""


def test_opposition_a_listed_expulsion_with_votes_against(facts) -> None:
    """A row of a table of expulsions whose vote cell has votes against: the vote to expel was opposed; a row
    with no recorded vote, or none against, says no opposition."""
    asserted, _, _ = facts(TABLE)
    opposed = {r[2] for r in asserted if r[0] == "Opposition"}
    assert opposed == {"vote to expel Wren Addo"}, asserted
