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


# issue 39.4: demands by any verb of asking, refusals of the calls, apologies however delivered; the asked-for
# apology is never made (Westminster, US, Indian, African, Australian, council vocabulary)
ACTS = [
    ("Senator Nkem Obi advised Governor Maren Holt to apologise.", ("ApologyDemand", "Nkem Obi", "Maren Holt")),
    ("The Speaker expected MLA Kavya Rao to withdraw the remark.", ("ApologyDemand", "Speaker", "Kavya Rao")),
    ("Councillor Wren Addo challenged Mayor Tobias Kanyi to apologise to residents.",
     ("ApologyDemand", "Wren Addo", "Tobias Kanyi")),
    ("Councillor Wren Addo has called for Mayor Tobias Kanyi to apologise.", ("ApologyDemand", "Wren Addo", "Tobias Kanyi")),
    ("When asked to apologise, Senator Tobias Kanyi refused.", ("ApologyDemand", "-", "Tobias Kanyi")),
    ("When asked to apologise, Senator Tobias Kanyi refused.", ("ApologyRefusal", "Tobias Kanyi", "-")),
    ("Asked by the Speaker to withdraw, MP Farah Quint refused.", ("ApologyDemand", "Speaker", "Farah Quint")),
    ("Minister Moira Dunne said she does not intend to apologise.", ("ApologyRefusal", "Moira Dunne", "-")),
    ("Governor Maren Holt rejected calls to apologise.", ("ApologyRefusal", "Maren Holt", "-")),
    ("Minister Moira Dunne dismissed demands for an apology.", ("ApologyRefusal", "Moira Dunne", "-")),
    ("Chief Minister Arun Velan brushed aside opposition demands to withdraw the remark.",
     ("ApologyRefusal", "Arun Velan", "-")),
    ("The Premier refused calls to apologise to the Legislative Assembly.", ("ApologyRefusal", "Premier", "-")),
    ("MP Owen Pryce tendered an unreserved apology to the House.", ("Apology", "Owen Pryce", "-")),
    ("Senator Tobias Kanyi rendered an apology to Senator Nkem Obi.", ("Apology", "Tobias Kanyi", "Nkem Obi")),
    # a quoted imperative, said to or shouted at someone; a quote that is its own sentence ('"Withdraw!" MPs shouted')
    ('"Withdraw!" opposition MPs shouted at Chief Minister Arun Velan.', ("ApologyDemand", "-", "Arun Velan")),
    ('"You must withdraw that remark," Speaker Piet Alvaro told MLA Kavya Rao.', ("ApologyDemand", "Piet Alvaro", "Kavya Rao")),
    # a sanction unless one withdraws demands the withdrawal
    ("Speaker Piet Alvaro said MP Farah Quint would be named unless she withdrew.",
     ("ApologyDemand", "Piet Alvaro", "Farah Quint")),
    ("Speaker Piet Alvaro warned that Senator Bo Park would be suspended unless he apologised.",
     ("ApologyDemand", "Piet Alvaro", "Bo Park")),
    # asking the chair to make someone withdraw demands it of them
    ("MLA Kavya Rao pressed the Speaker to require Chief Minister Arun Velan to withdraw his remarks.",
     ("ApologyDemand", "Kavya Rao", "Arun Velan")),
    ("Councillor Wren Addo asked the mayor to direct Councillor Bo Park to retract the comment.",
     ("ApologyDemand", "Wren Addo", "Bo Park")),
    # calls and demands as nouns: who calls (possessor, 'from'), of whom ('for X to', 'from X', who faces them)
    ("There were calls for Minister Moira Dunne to apologise.", ("ApologyDemand", "-", "Moira Dunne")),
    ("Governor Maren Holt faced calls to apologise from Senator Nkem Obi.", ("ApologyDemand", "Nkem Obi", "Maren Holt")),
    ("MLA Kavya Rao repeated her demand for an apology from Chief Minister Arun Velan.",
     ("ApologyDemand", "Kavya Rao", "Arun Velan")),
    ("Councillor Wren Addo ignored calls to withdraw the comment.", ("ApologyRefusal", "Wren Addo", "-")),
    ("MP Farah Quint was forced to apologise to the House.", ("Apology", "Farah Quint", "-")),
    ("The Speaker forced Senator Tobias Kanyi to apologise.", ("Apology", "Tobias Kanyi", "-")),
]

#: asked for, refused or intended: the apology is not made
NOT_MADE = [
    "Senator Nkem Obi renewed her call for Governor Maren Holt to apologise.",
    "Councillor Wren Addo ignored calls to withdraw the comment.",
    "Councillor Wren Addo asked the mayor to direct Councillor Bo Park to retract the comment.",
    "Speaker Piet Alvaro warned that Senator Bo Park would be suspended unless he apologised.",
    "Senator Nkem Obi advised Governor Maren Holt to apologise.",
    "Senator Nkem Obi encouraged Governor Maren Holt to apologise.",
    "Councillor Wren Addo called for Mayor Tobias Kanyi to apologise.",
    "There were calls for Minister Moira Dunne to apologise.",
    "MP Owen Pryce said he had no intention of apologising.",
    "Chief Minister Arun Velan brushed aside opposition demands to withdraw the remark.",
    "The Premier refused calls to apologise to the Legislative Assembly.",
    "Minister Moira Dunne said she does not intend to apologise.",
]

#: no refusal of an apology
NOT_REFUSALS = [
    '"Why should I apologise?" MP Owen Pryce asked Minister Moira Dunne.',
    "Governor Maren Holt rejected calls to resign.",
    "Minister Moira Dunne did not reject calls for an apology.",
    "Minister Moira Dunne dismissed demands for a recount.",
    "Minister Moira Dunne said she intends to apologise.",
]


@pytest.mark.parametrize("text,want", ACTS)
def test_apology_acts_are_found(facts, text, want) -> None:
    asserted, _, _ = facts(text)
    assert want in asserted, asserted


@pytest.mark.parametrize("text", NOT_MADE)
def test_apology_acts_asked_for_are_not_made(facts, text) -> None:
    asserted, _, _ = facts(text)
    assert not {r for r in asserted if r[0] == "Apology"}, asserted


@pytest.mark.parametrize("text", NOT_REFUSALS)
def test_apology_acts_no_refusal(facts, text) -> None:
    asserted, _, _ = facts(text)
    assert not {r for r in asserted if r[0] == "ApologyRefusal"}, asserted


@pytest.mark.parametrize("text", [
    # withdrawing a bill, an amendment or from a race is no apology act
    "The Speaker asked MP Owen Pryce to withdraw the bill.",
    "Party leaders urged Senator Nkem Obi to withdraw from the race.",
    "Senator Nkem Obi refused to withdraw her amendment.",
    "MP Owen Pryce refused to withdraw from the leadership contest.",
])
def test_apology_acts_withdrawing_other_things_is_none(facts, text) -> None:
    asserted, _, _ = facts(text)
    assert not {r for r in asserted if r[0] in {"ApologyDemand", "ApologyRefusal", "Apology"}}, asserted


@pytest.mark.parametrize("text,want", [
    # 'I am sorry' said in a quote is the speaker's apology; 'she was sorry' reports one (issue 39)
    ('Archbishop Piet Alvaro said, "I am sorry for every wound inflicted by our priests."', ("Apology", "Piet Alvaro", "-")),
    ('"We are truly sorry," Councillor Wren Addo told the city council.', ("Apology", "Wren Addo", "-")),
    ("MLA Kavya Rao said she was sorry for her remarks in the Vidhan Sabha.", ("Apology", "Kavya Rao", "-")),
    # a remark withdrawn in part only refuses the apology asked for (Westminster 'withdrew only the word ...')
    ("MP Tom Ashby only withdrew one word of the remark.", ("ApologyRefusal", "Tom Ashby", "-")),
    ("Senator Nkem Obi partly retracted the comment about the Speaker.", ("ApologyRefusal", "Nkem Obi", "-")),
    # 'only' on the time, not on the act: withdrawn in full
    ("MP Tom Ashby withdrew the remark only after the Speaker named him.", ("Apology", "Tom Ashby", "-")),
])
def test_apology_sorry_and_partial_withdrawal(facts, text, want) -> None:
    asserted, _, _ = facts(text)
    assert want in asserted, asserted


@pytest.mark.parametrize("text", [
    # condolence, pity, a non-apology, a denial
    'Minister Hugo Lind said, "I am sorry to hear of his death."',
    "Mayor Tobias Kanyi said he felt sorry for the families of the victims.",
    'MP Farah Quint said, "I am not sorry for what I said."',
    'MP Farah Quint said, "I am sorry that you feel that way."',
    "MP Tom Ashby only withdrew one word of the remark.",
])
def test_apology_sorry_traps(facts, text) -> None:
    asserted, _, _ = facts(text)
    assert not {r for r in asserted if r[0] == "Apology"}, asserted
