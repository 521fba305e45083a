"""What a capitalised run before a role word names (issue 35.4): a place before a party's word is where the
member sits ('an Ottawa New Democrat MP', 'a Leeds Labour councillor'), not part of the party's name; a
department named after its country ('Environment Canada spokesperson') and a body's possessive ('the National
Assembly's deputy speaker') are no party. Sentences of our own."""

from __future__ import annotations

import pytest

from tests.extract.roles import roles_of

pytestmark = pytest.mark.model


@pytest.mark.parametrize(("text", "expected"), [
    ("Tom Ferris, an Ottawa New Democrat MP, said the documents were lost.", ("Tom Ferris", "memberOf", "New Democrat")),
    ("Sue Dunn, a Leeds Labour councillor, voted against the budget.", ("Sue Dunn", "memberOf", "Labour Party")),
    ("Quebec Liberal leader Jean Roy spoke in the House of Commons.", ("Jean Roy", "leaderOf", "Liberal Party")),
    # a party's own name that begins with a place stays whole
    ("Tom Bell, a Kerala Congress MP, spoke in the Lok Sabha.", ("Tom Bell", "memberOf", "Kerala Congress")),
])
def test_place_before_party(facts, text, expected):
    roles = roles_of(facts, text)
    assert expected in roles, sorted(roles)


@pytest.mark.parametrize("text", [
    "Environment Canada spokesperson Julie Marsh said the rules apply to letters of complaint.",
    "Statistics Canada official Jean Roy said the figures were revised.",
    "The National Assembly's deputy speaker Ali Karim dismissed the motion.",
    "The Lok Sabha's spokesperson Ravi Rao said the House would sit.",
])
def test_not_a_party(facts, text):
    roles = roles_of(facts, text)
    assert not {r for r in roles if r[1] in {"memberOf", "leaderOf"}}, sorted(roles)
