"""A document's surname that opens a list of names is a name even when the tagger takes it for a word
(issue 35.1: 'Bertolisi, Rivera Gomez, and Ramon Ortiz are all members of the P', 'Little, Rob Dunn and Tim
Marsh, all Labour MPs'), so the list's role reaches it; not a word that is no surname of the document.
Sentences of our own."""

from __future__ import annotations

import pytest

from tests.extract.roles import roles_of

pytestmark = pytest.mark.model


@pytest.mark.parametrize(("text", "expected"), [
    ("Governor Pedro Bertolisi spoke. Bertolisi, Rivera Gomez, and Ramon Ortiz are all members of the New "
     "Progressive Party.", ("Pedro Bertolisi", "memberOf", "New Progressive Party")),
    ("Councillor Jane Little spoke. Little, Rob Dunn and Tim Marsh are all members of the Labour Party.",
     ("Jane Little", "memberOf", "Labour Party")),
])
def test_list_first_name(facts, text, expected):
    roles = roles_of(facts, text)
    assert expected in roles, sorted(roles)


def test_list_first_word_not_a_name(facts):
    _, _, a = facts("Little, Rob Dunn and Tim Marsh are all members of the Labour Party.")
    assert "Little" not in {e.name for e in a.entities if e.kind == "Person"}
