"""Facts stated inside a direct quote are the speaker's own acts (issue 15, item 7): a trigger
whose subject is 'I' or 'we' counts, with the quote's speaker as agent; anything else said
inside a quote (what 'he' or 'they' did) stays the speaker's words only. Sentences written for
these tests."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.model

FACTS = [
    ('"I withdraw the remark and I apologise to the member," Minister Piet Alvaro said.', ("Apology", "Piet Alvaro", "-")),
    ('"I will not apologise," MP Farah Quint told reporters.', ("ApologyRefusal", "Farah Quint", "-")),
    ('Senator Idris Kell said: "I want Senator Maren Holt to apologise."', ("ApologyDemand", "Idris Kell", "Maren Holt")),
    ('"We oppose this bill and we will keep opposing it," said Labour MP Owen Pryce.', ("Opposition", "Owen Pryce", "bill")),
    ('"I tabled the motion last week," Councillor Wren Addo said.', ("MotionProposal", "Wren Addo", "motion")),
]

TRAPS = [
    ('"He called me a liar in the chamber," Senator Idris Kell said.', "Accusation"),
    ('"They want us to apologise," MP Farah Quint said.', "ApologyDemand"),
    ('A banner outside the assembly read "I will never apologise to anyone."', "ApologyRefusal"),
    ('"I would never oppose a bill like this," Senator Maren Holt said.', "Opposition"),
]


@pytest.mark.parametrize("text,fact", FACTS)
def test_quoted_acts_are_the_speakers(facts, text, fact) -> None:
    asserted, _, _ = facts(text)
    assert fact in asserted, asserted


@pytest.mark.parametrize("text,cls", TRAPS)
def test_quoted_acts_traps(facts, text, cls) -> None:
    asserted, _, _ = facts(text)
    assert not {r for r in asserted if r[0] == cls}, asserted
