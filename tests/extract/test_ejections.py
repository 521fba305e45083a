"""Ejections in the ways reporters write them, in several legislatures' vocabularies, and the
off-topic, hypothetical and failed senses of the same words, which must give no ejection.

All names and sentences are invented. These tests run the real model (marked ``model``).
"""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.model


def _ejections(asserted) -> set[tuple[str, str]]:
    return {(a, t) for c, a, t in asserted if c == "Ejection"}


# other senses of the words, and targets that are not someone in a sitting
OFF_TOPIC = [
    "The umpire ejected Farah Quint in the third inning.",
    "The referee sent off Piet Alvaro and the coach was thrown out of the stadium.",
    "Two passengers were ejected from the bus when it overturned on the highway.",
    "The driver Wren Addo was thrown out of the car in the crash.",
    "Athens expelled the ambassador Piet Alvaro over the agreement.",
    "The government expelled the envoy Tobias Kanyi.",
    "President Farah Quint was removed from office by the Senate.",
    "A military coup removed Prime Minister Tobias Kanyi in 2006.",
    "The Queen suspended parliament for five weeks.",
    "The Speaker suspended the sitting for an hour.",
    "The bill was suspended after the protests.",
    "The officers Piet Alvaro and Wren Addo, suspended from duty, are back at work.",
    "The authority suspended the airline's permit to land in the capital.",
    "The league suspended its season.",
    "Warm water makes the coral expel the algae from its body.",
    "The judge threw out the case against Councillor Wren Addo.",
    "The case against MP Farah Quint was thrown out of court.",
    "The Assembly passed a resolution to expel foreign troops from the country.",
    "The Labour Party expelled Councillor Wren Addo from the party.",
    "Speaker Tobias Kanyi removed the banner from the gallery.",
]


@pytest.mark.parametrize("text", OFF_TOPIC)
def test_ejections_other_sense_is_nothing(facts, text) -> None:
    asserted, _, _ = facts(text)
    assert not _ejections(asserted)


# hypotheticals, failures, attempts and threats: claims, never asserted ejections
UNASSERTED = [
    "If Farah Quint were removed, the House would lose its majority.",
    "The vote to remove Councillor Piet Alvaro from the chamber failed by one vote.",
    "The motion to suspend MP Wren Addo was defeated in the House.",
    "A two-thirds majority of the Senate is needed for removal.",
    "MP Piet Alvaro could be ejected from the chamber.",
    "Speaker Tobias Kanyi threatened to eject MP Farah Quint.",
    "Backbenchers tried to have MP Farah Quint removed from the chamber.",
    "MP Farah Quint was allowed to take part in the rest of the sitting.",
    "MP Wren Addo will not be allowed to remain in the chamber if she repeats the remark.",
    "Opposition MPs called for the suspension of MP Farah Quint.",
    "MP Farah Quint asked the Speaker to remove MP Piet Alvaro.",
]


@pytest.mark.parametrize("text", UNASSERTED)
def test_ejections_unasserted_is_no_ejection(facts, text) -> None:
    asserted, _, _ = facts(text)
    assert not _ejections(asserted)

