"""An unnamed group of a party's members is the party as an event's agent (issue 35.6): 'Several Labour MPs accused
the Speaker of bias', 'Several EFF MPs voted against the budget', also when the tagger takes 'MPs' for a singular, and 'Dozens of Labour MPs';
a handful counted ('three BJP MPs', 'two of the Labour MPs') stays unnamed members, as the annotation reads it. Sentences of our own."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.model


@pytest.mark.parametrize(("text", "expected"), [
    ("Several Labour MPs accused the Speaker of bias.", ("Accusation", "Labour Party", "Speaker")),
    ("Several EFF MPs voted against the budget.", ("Opposition", "Economic Freedom Fighters", "budget")),
    ("Dozens of Labour MPs accused the Speaker of bias.", ("Accusation", "Labour Party", "Speaker")),
])
def test_party_bloc_agent(facts, text, expected):
    asserted, _, _ = facts(text)
    assert expected in asserted, sorted(asserted)


@pytest.mark.parametrize(("text", "bad"), [
    ("Three BJP MPs accused the minister of lying.", ("Accusation", "Bharatiya Janata Party", "Minister")),
    ("Two of the Labour MPs accused the Speaker of bias.", ("Accusation", "Labour Party", "Speaker")),
])
def test_party_bloc_agent_not(facts, text, bad):
    asserted, _, _ = facts(text)
    assert bad not in asserted, sorted(asserted)
