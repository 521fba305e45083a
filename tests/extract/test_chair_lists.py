"""Chairs of committees given with a list of names (issue 35.5): 'A, B and C, who serve as chairmen of the
House's committees on X, Y, and Z, respectively', 'A and B, the chairmen of the X and Y committees
respectively', 'the chairs of the Senate committees, A (Finance) and B (Justice)'. Not without 'respectively'
(which name chairs which is not said), nor a bracket that gives a party or a place. Names are invented."""

from __future__ import annotations

import pytest

from tests.extract.roles import offices_of

pytestmark = pytest.mark.model


@pytest.mark.parametrize(("text", "expected"), [
    ("The subpoena was issued by Representatives Ann Hale, Rob Dunn, and Sue Marsh, who serve as chairmen of the "
     "House's committees on Energy, Justice, and Science and Technology, respectively.",
     {"Ann Hale": "Chair of the House Energy Committee", "Rob Dunn": "Chair of the House Justice Committee",
      "Sue Marsh": "Chair of the House Science and Technology Committee"}),
    ("Ravi Rao and Anil Mehta, the chairmen of the Finance and Defence committees respectively, walked out of the "
     "Lok Sabha.", {"Ravi Rao": "Chair of the Finance Committee", "Anil Mehta": "Chair of the Defence Committee"}),
    ("The chairs of the Senate committees, Tom Reed (Finance) and Ama Boateng (Justice), resigned.",
     {"Tom Reed": "Chair of the Senate Finance Committee", "Ama Boateng": "Chair of the Senate Justice Committee"}),
])
def test_listed_chairs(facts, text, expected):
    offices = offices_of(facts, text)
    for name, office in expected.items():
        assert office in offices.get(name, set()), offices


@pytest.mark.parametrize("text", [
    "Ravi Rao and Anil Mehta, the chairmen of the Finance and Defence committees, walked out.",
    "The chairs of the committees, Tom Reed (Labour) and Ama Boateng (Conservative), resigned.",
    "The chairs of the committees, Tom Reed (Ohio) and Ama Boateng (Texas), resigned.",
])
def test_listed_chairs_not(facts, text):
    offices = offices_of(facts, text)
    assert not any(o.startswith("Chair") for os in offices.values() for o in os), offices
