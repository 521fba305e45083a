"""Apologies, demands for them and refusals, as nouns as well as verbs (issue 15, item 3): 'an
apology from X', 'X's apology to Y', 'expects an apology from X'. An apology is an apology whoever
makes it. Sentences written for these tests."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.model

FACTS = [
    # a noun: its maker apologises ('from X', 'X's'), 'to Y' is the one apologised to
    ("The hearing heard an apology from Councillor Wren Addo.", ("Apology", "Wren Addo", "-")),
    ("The chamber heard MP Farah Quint's apology to Speaker Piet Alvaro.", ("Apology", "Farah Quint", "Piet Alvaro")),
    ("Speaker Piet Alvaro accepted MP Farah Quint's apology.", ("Apology", "Farah Quint", "-")),
    ("Senators accepted an apology from Senator Tobias Kanyi on Tuesday.", ("Apology", "Tobias Kanyi", "-")),
    ("The statement included a full apology from Chief Minister Arun Velan.", ("Apology", "Arun Velan", "-")),
    # "the prime minister": the one person the article gives that office
    ("Prime Minister Piet Alvaro met the press. The prime minister apologised to the public for the delay.",
     ("Apology", "Piet Alvaro", "-")),
    # saying sorry, also to the one phoned
    ("MP Farah Quint said sorry to Speaker Piet Alvaro for her outburst.", ("Apology", "Farah Quint", "Piet Alvaro")),
    ("Councillor Wren Addo phoned Mayor Tobias Kanyi to say sorry.", ("Apology", "Wren Addo", "Tobias Kanyi")),
    # expecting an apology from someone demands it
    ("Senator Nkem Obi said she expected an apology from Governor Maren Holt.", ("ApologyDemand", "Nkem Obi", "Maren Holt")),
    ("MP Owen Pryce is seeking an apology from Minister Moira Dunne.", ("ApologyDemand", "Owen Pryce", "Moira Dunne")),
    # 'said sorry', however the parser reads 'sorry'
    ("Minister Moira Dunne said sorry.", ("Apology", "Moira Dunne", "-")),
    # saying someone must or should apologise demands it (Westminster, US, Indian, African, council vocabulary)
    ("Prime Minister Ana Vidal said Senator Bo Park must apologise.", ("ApologyDemand", "Ana Vidal", "Bo Park")),
    ("MLA Kavya Rao told reporters that Chief Minister Arun Velan should withdraw his remarks.",
     ("ApologyDemand", "Kavya Rao", "Arun Velan")),
    ("Councillor Wren Addo said Mayor Tobias Kanyi should apologise to residents.",
     ("ApologyDemand", "Wren Addo", "Tobias Kanyi")),
    ("Opposition MP Chola Banda said the Zambian government must apologise for the arrests.",
     ("ApologyDemand", "Chola Banda", "Government of Zambia")),
]

#: a prediction, a report, a denial or one's own duty is no demand
NOT_DEMANDS = [
    "Prime Minister Ana Vidal said Senator Bo Park would apologise.",
    "Prime Minister Ana Vidal did not say Senator Bo Park must apologise.",
    "Prime Minister Ana Vidal said Senator Bo Park had apologised.",
    "Prime Minister Ana Vidal said she must apologise.",
]

TRAPS = [
    # demanded, awaited or absent apologies are not made
    "The Speaker demanded an apology from MP Farah Quint.",
    "There was no apology from Senator Tobias Kanyi.",
    "MP Wren Addo called for an apology from the minister.",
    "Councillor Piet Alvaro is still waiting for an apology from Mayor Tobias Kanyi.",
    "Senator Nkem Obi said an apology from Governor Maren Holt would not be enough.",
    "MP Farah Quint refused to say sorry.",
    "Councillor Wren Addo said sorry was not enough.",
    # nothing to apologise for
    "Minister Moira Dunne said she had nothing to apologise for.",
    "MP Owen Pryce insisted there was nothing to apologise for.",
    # 'ought to', parsed with the modal as the verb
    "MP Owen Pryce said the Speaker ought to apologise to the House.",
    "Minister Moira Dunne ought to apologise, Senator Nkem Obi said.",
]


@pytest.mark.parametrize("text,want", FACTS)
def test_apologies_are_found(facts, text, want) -> None:
    asserted, _, _ = facts(text)
    assert want in asserted, asserted


@pytest.mark.parametrize("text", TRAPS)
def test_apologies_traps(facts, text) -> None:
    asserted, _, _ = facts(text)
    assert not {r for r in asserted if r[0] == "Apology"}, asserted


@pytest.mark.parametrize("text", NOT_DEMANDS)
def test_apologies_saying_without_demanding(facts, text) -> None:
    asserted, _, _ = facts(text)
    assert not {r for r in asserted if r[0] == "ApologyDemand"}, asserted
