"""Groups of members as an event's target (issue 35, item 6): a plural with its names in apposition ('suspended
three MPs, A, B and C'), however the parser hung the names after the first, and a name the model did not type as a
person coordinated with one it did ('suspended A B and C D'): each named is a target. Westminster, South African,
US Senate and council wording; traps: a capitalised run beside a name is no person unless coordinated with it.

All names are invented; these run the real model (marked ``model``)."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.model


@pytest.mark.parametrize(
    ("text", "targets"),
    [
        ("The Speaker suspended three MPs, Tom Ade, Ama Owusu and Kofi Mensah, for a week.",
         {"Tom Ade", "Ama Owusu", "Kofi Mensah"}),
        ("Speaker Thandi Mokoena named four EFF MPs, Julius Mabena, Floyd Shivambu, Mbuyiseni Ndlozi and Marshall "
         "Dlamini, and ordered them out.", {"Julius Mabena", "Floyd Shivambu", "Mbuyiseni Ndlozi", "Marshall Dlamini"}),
        ("The Senate expelled two senators, Jesse Bright and Waldo Johnson, in 1862.", {"Jesse Bright", "Waldo Johnson"}),
        ("Mayor Lisa Brandt ejected two councillors, Tom Ade and Ama Owusu, from the meeting.", {"Tom Ade", "Ama Owusu"}),
        ("The Speaker suspended Tom Ade and Ama Owusu for a week.", {"Tom Ade", "Ama Owusu"}),
    ],
)
def test_group_target_each_named_is_a_target(facts, text, targets) -> None:
    asserted, _, _ = facts(text)
    ejected = {name for cls, _, names in asserted if cls == "Ejection" for name in names.split(" & ")}
    assert targets <= ejected, asserted


@pytest.mark.parametrize(
    ("text", "not_a_person"),
    [
        ("Tom Ade and Highway Patrol officers arrived at the chamber.", "Highway Patrol"),
        ("The Speaker suspended two councillors, Tom Ade and Ama Owusu, and the deputy mayor.", "deputy mayor"),
    ],
)
def test_group_target_trap(facts, text, not_a_person) -> None:
    _, _, a = facts(text)
    assert not any(e.kind == "Person" and not_a_person in e.name for e in a.entities)
