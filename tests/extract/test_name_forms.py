"""Names of people and bodies (issue 35.7): a concept the model took for a person is no one
('Brexit divided the party'), an organisation's name is no person's ('Press Club Poland': 'Club'
heads it), a house's committee keeps its whole name after the house ('the House of Lords
Privileges and Conduct Committee', where the model cut it at 'and'). Sentences of our own."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.model


@pytest.mark.parametrize("text,kind,name", [
    # a concept the model took for a person is no one
    ("Brexit divided the Conservative Party, Tom Reyes said.", "Person", "Brexit"),
    # an organisation's name is no person's ('Club' heads it)
    ("At the initiative of Press Club Poland, a letter was sent to the Speaker.", "Person", "Club Poland"),
])
def test_office_forms_not_a_person(facts, text, kind, name):
    _, _, a = facts(text)
    assert not any(e.kind == kind and e.name == name for e in a.entities)


@pytest.mark.parametrize("text,name", [
    # a house's committee keeps its whole name after the house
    ("The House of Lords Privileges and Conduct Committee published three reports.", "Privileges and Conduct Committee"),
    ("The National Assembly Public Accounts Committee met on Monday.", "Public Accounts Committee"),
])
def test_office_forms_committee_names(facts, text, name):
    _, _, a = facts(text)
    assert name in {e.name for e in a.entities if e.kind == "Organization"}
