"""Junk is no entity (issue 16, item 9): a link left after a post's text is not a person, and the
graph's NotJunkShape would refuse one. All names and links are invented."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.model


# the pinned model tags this link a PERSON after any sentence (the devset met it after a post's text);
# most other links it leaves alone, so the rows keep this one
@pytest.mark.parametrize("text", [
    "Tom Reyes walked out after Ana Lopes said he had misled the chamber. pic.twitter.com/Hq2VbW9sTa\n",
    "Nobody expected the vote to pass tonight. pic.twitter.com/Hq2VbW9sTa\n",
    "The member for Eastvale was named and left. Quite a day in the chamber. pic.twitter.com/Hq2VbW9sTa\n",
])
def test_junk_a_link_is_no_person(facts, text) -> None:
    _, _, analysis = facts(text, published="2024-03-14")
    names = {m.name for m in analysis.mentions if m.kind == "Person"} | {e.name for e in analysis.entities}
    assert not any("/" in n or ".com" in n for n in names), names
