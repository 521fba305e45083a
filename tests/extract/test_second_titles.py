"""A second-in-command's title is its own office (issue 35.1: compound offices stay whole): 'Deputy
President X', 'Assistant Speaker X', 'Opposition Deputy Chief Whip X' hold the deputy's office, never
the principal's; the lexicon's own deputies stay as they are ('Deputy Speaker', 'Vice President',
'Deputy Finance Minister'). And a seat is a place, never part of a name or a person ('the MP for
Bath Tom Reyes', 'X, the member for Brandon East,'). Sentences of our own, in Kenyan, Australian,
Westminster and council wording."""

from __future__ import annotations

import pytest

from tests.extract.roles import offices_of

pytestmark = pytest.mark.model


@pytest.mark.parametrize("text,name,office,not_office", [
    ("Deputy President William Rutoh spoke in Nakuru.", "William Rutoh", "Deputy President", "President"),
    ("Assistant Speaker Tom Reyes took the chair.", "Tom Reyes", "Assistant Speaker", "Speaker"),
    ("Opposition Deputy Chief Whip Tom Reyes spoke.", "Tom Reyes", "Deputy Chief Whip", "Chief Whip"),
    ("Deputy Speaker Ama Boateng ejected him.", "Ama Boateng", "Deputy Speaker", "Speaker"),
    ("Vice President Ama Boateng spoke.", "Ama Boateng", "Vice President", "President"),
    ("Deputy Finance Minister Ama Boateng spoke.", "Ama Boateng", "Deputy Finance Minister", "Finance Minister"),
])
def test_second_title_is_its_own_office(facts, text, name, office, not_office):
    held = offices_of(facts, text).get(name, set())
    assert office in held and not_office not in held, held


def test_second_title_promoted(facts):
    # a deputy who became the principal holds the principal's office only
    held = offices_of(facts, "Deputy President Ama Boateng became President in March.").get("Ama Boateng", set())
    assert held == {"President"}, held


@pytest.mark.parametrize("text,people", [
    ("The MP for Bath Tom Reyes spoke.", {"Tom Reyes"}),
    ("Labour MP for Bath Tom Reyes spoke.", {"Tom Reyes"}),
    ("Ann Hale, the member for Brandon East, spoke.", {"Ann Hale"}),
    ("Ann Hale, the MP for Kingston North, spoke.", {"Ann Hale"}),
])
def test_seat_is_no_person(facts, text, people):
    _, _, a = facts(text)
    assert {e.name for e in a.entities if e.kind == "Person"} == people
