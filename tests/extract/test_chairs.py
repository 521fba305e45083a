"""Chairs of named bodies are offices of those bodies (issue 14, item 3): 'X, the chairman of the
Senate Foreign Relations Committee', 'Chair of the Public Accounts Committee X', 'House Judiciary
Committee Chairman X', in US, Westminster, Indian and African vocabularies; an unnamed committee
('the chair of the committee') or a lower-case body is no such office.

All names are invented; these run the real model (marked ``model``)."""

from __future__ import annotations

import pytest

from tests.extract.roles import offices_of

pytestmark = pytest.mark.model


@pytest.mark.parametrize("text,name,office", [
    ("Wren Addo, the Democratic chairman of the House Intelligence Committee, said the hearing would go on.",
     "Wren Addo", "Chair of the House Intelligence Committee"),
    ("Tobias Kanyi, chairman of the African Union Commission, said the talks had failed.", "Tobias Kanyi",
     "Chair of the African Union Commission"),
    ("House Judiciary Committee Chairman Piet Alvaro opened the hearing.", "Piet Alvaro",
     "Chair of the House Judiciary Committee"),
    ("Chair of the Public Accounts Committee Farah Quint questioned the permanent secretary.", "Farah Quint",
     "Chair of the Public Accounts Committee"),
    ("Farah Quint, the chairwoman of the Senate Foreign Relations Committee, opposed the treaty.", "Farah Quint",
     "Chair of the Senate Foreign Relations Committee"),
    ("Tobias Kanyi, chair of the Rajya Sabha Ethics Committee, ordered an inquiry.", "Tobias Kanyi",
     "Chair of the Rajya Sabha Ethics Committee"),
    # the chair of a house that a chairman presides over
    ("Rajya Sabha Chairman Piet Alvaro adjourned the House.", "Piet Alvaro", "Chair of the Rajya Sabha"),
    ("Piet Alvaro, the Chairman of the Rajya Sabha, adjourned the House.", "Piet Alvaro", "Chair of the Rajya Sabha"),
    ("Portfolio Committee chairperson Lindiwe Sithole told the National Assembly the report was late.",
     "Lindiwe Sithole", "Chair of the Portfolio Committee"),
])
def test_chair_of_a_named_body(facts, text, name, office):
    assert office in offices_of(facts, text).get(name, set())


@pytest.mark.parametrize("text", [
    "The chair of the committee, Piet Alvaro, called the vote.",
    "The committee chairman said the hearing would resume.",
    "Wren Addo pulled up a chair of the old kind and sat down.",
    "The chairman of the House said the sitting was over.",
    # a past or future chair holds no chair now
    "The incoming chair of the House Intelligence Committee Representative Wren Addo said.",
    "Piet Alvaro, the former chairman of the Senate Judiciary Committee, said.",
    "Former Judiciary Committee chairman Piet Alvaro said the hearing was a sham.",
])
def test_no_current_chair(facts, text):
    assert not any(o.startswith("Chair of the") for os in offices_of(facts, text).values() for o in os)


def test_a_future_chair_keeps_the_title_after_it(facts):
    offices = offices_of(facts, "The incoming chair of the House Intelligence Committee Representative Wren Addo said.")
    assert offices.get("Wren Addo") == {"Representative"}
