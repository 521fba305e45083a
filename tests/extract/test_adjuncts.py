"""Adjunct clauses keep their own subject: in 'A kicked B out for calling C a liar' the one who
called C a liar is B; in 'B, who had called C a liar, was ejected' it is B too.

All names and sentences are invented. These tests run the real model (marked ``model``).
"""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.model

# (text, the accuser, the accused)
ADJUNCTS = [
    ("Speaker Tobias Kanyi kicked MP Farah Quint out for calling Minister Piet Alvaro a liar.", "Farah Quint",
     "Piet Alvaro"),
    ("The Speaker threw EFF MP Wren Addo out of the National Assembly for calling President Piet Alvaro a thief.",
     "Wren Addo", "Piet Alvaro"),
    ("Mayor Tobias Kanyi ejected Councillor Farah Quint for branding Councillor Wren Addo a bully.", "Farah Quint",
     "Wren Addo"),
    ("Chairman Piet Alvaro suspended MP Wren Addo for accusing Minister Farah Quint of lying to the Rajya Sabha.",
     "Wren Addo", "Farah Quint"),
    ("MP Farah Quint, who had called Minister Piet Alvaro a liar, was ejected by the Speaker.", "Farah Quint",
     "Piet Alvaro"),
    ("Speaker Tobias Kanyi ejected Representative Farah Quint, who had called Representative Wren Addo a hypocrite.",
     "Farah Quint", "Wren Addo"),
    # no object: the subject is the one who spoke
    ("Senator Farah Quint was ejected for calling Senator Piet Alvaro a liar.", "Farah Quint", "Piet Alvaro"),
    ("MP Farah Quint apologised for calling Minister Piet Alvaro a liar.", "Farah Quint", "Piet Alvaro"),
]


@pytest.mark.parametrize("text,agent,target", ADJUNCTS)
def test_adjuncts_keep_their_own_subject(facts, text, agent, target) -> None:
    asserted, _, _ = facts(text)
    accusations = {(a, t) for c, a, t in asserted if c == "Accusation"}
    assert (agent, target) in accusations, accusations
    assert not any(a != agent and t == target for a, t in accusations), accusations
