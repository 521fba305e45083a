"""Descriptions that stand for a person named before them (issue 35, item 5): 'the latter' (the person named last)
and 'the former' (the one named before that), and a presiding description of more than one word ('the presiding
officer'), in several legislatures' wording; with traps: 'the former Speaker' is a title, and 'the latter' with one
person named before it stands for no one.

All names are invented; these run the real model (marked ``model``)."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.model


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Senator Jane Cole clashed with Senator Mark Hall on Monday. The former accused the latter of lying.",
         ("Accusation", "Jane Cole", "Mark Hall")),
        ("EFF leader Julius Mabena was ejected by Speaker Thandi Mokoena. The latter refused to apologise.",
         ("ApologyRefusal", "Thandi Mokoena", "-")),
        ("Councillor Ama Owusu questioned Mayor Kofi Mensah about the budget. The latter accused her of grandstanding.",
         ("Accusation", "Kofi Mensah", "Ama Owusu")),
        ("MLA Ravi Kumar and MLA Sunita Rao argued in the Assembly. The former later apologised.",
         ("Apology", "Ravi Kumar", "-")),
        # a presiding description of two words
        ("The Speaker, Ruth Kamau, warned Labour MP Daniel Okafor. The presiding officer later suspended him.",
         ("Ejection", "Ruth Kamau", "Daniel Okafor")),
    ],
)
def test_sequence_description_stands_for_the_person(facts, text, expected) -> None:
    asserted, _, _ = facts(text)
    assert expected in asserted, asserted


@pytest.mark.parametrize(
    "text",
    [
        # one person named before: 'the latter' chooses between no two
        "Speaker Thandi Mokoena adjourned the House. The latter refused to apologise.",
        # a title, not a description of a person named before
        "Speaker Thandi Mokoena met MP Piet Alvaro. The former Speaker refused to apologise.",
    ],
)
def test_sequence_description_trap(facts, text) -> None:
    asserted, _, _ = facts(text)
    refusals = {row for row in asserted if row[0] == "ApologyRefusal"}
    assert not any(agent in {"Thandi Mokoena", "Piet Alvaro"} for _, agent, _ in refusals), refusals
