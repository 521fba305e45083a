"""Offices in their forms (issue 35.1/35.2): a lower-case title before a name or in apposition to it
('advised president X', 'X, the governor,', 'X, the current mayor,'), a title of a house before a name
('Speaker of the National Assembly X'), a title-first apposition with a place ('the president of the
Lombardy region, X,'), a title before an honorific ('Undersecretary for Education Mr. X'), presiding
officers under other names (Chairperson, Cathaoirleach), compound offices kept whole ('Assistant
Minister for Health', 'State Minister for Finance', 'Deputy Opposition Leader', 'Special
Representative for Iran', 'Chief Justice'), and a name the model missed that is the subject of an
office ('X is the BJP MLA for Y', 'X was elected Speaker'). Traps: another word's title ('the
governor's aide', 'general secretary X', 'board chairman X'), a past one ('the former governor'), a
party's chair ('Labour chairman X'), a compound's head alone ('Leader of the Opposition' for its
deputy). Names are invented, in several legislatures' vocabularies; these run the real model."""

from __future__ import annotations

import pytest

from tests.extract.roles import offices_of, roles_of

pytestmark = pytest.mark.model


@pytest.mark.parametrize("text,name,office", [
    ("Khan said he had advised president Arif Rahim to dissolve the assembly.", "Arif Rahim", "President"),
    ("The complaint went to the mayor Luca Pastore on Monday.", "Luca Pastore", "Mayor"),
    ("Dana Ferris, the governor, vetoed the bill.", "Dana Ferris", "Governor"),
    ("Kofi Mensah, the current mayor, opened the market.", "Kofi Mensah", "Mayor"),
    ("The bill was vetoed by Dana Ferris, the governor.", "Dana Ferris", "Governor"),
    ("Speaker of the National Assembly Amara Osei adjourned the House.", "Amara Osei", "Speaker"),
    ("Deputy Speaker of the Lok Sabha Ravi Menon adjourned the House.", "Ravi Menon", "Deputy Speaker"),
    ("He asked that Speaker of the Parliament Kamal Perera convene parliament.", "Kamal Perera", "Speaker"),
    ("Also the president of the Lombardy region, Roberto Mancini, has reacted.", "Roberto Mancini", "President"),
    ("The governor of Kano state, Abba Yusuf, signed the bill.", "Abba Yusuf", "Governor"),
    ("Undersecretary for Education Mr. Tocci says many schools will close.", "Tocci", "Education Undersecretary"),
    ("The Cathaoirleach, Cllr Niamh Dolan, adjourned the meeting.", "Niamh Dolan", "Cathaoirleach"),
    ("Chairperson Lindiwe Mokoena ruled the motion out of order.", "Lindiwe Mokoena", "Chair"),
    ("US Special Representative for Iran Brett Holm said the move was political.", "Brett Holm",
     "Iran Special Representative"),
    ("Assistant Minister for Health Jared Pike defended the plan.", "Jared Pike", "Health Assistant Minister"),
    ("State Minister for Finance Okello Wamala presented the budget.", "Okello Wamala",
     "Finance Minister of State"),
    ("Deputy Opposition Leader Sunita Rao walked out.", "Sunita Rao", "Deputy Leader of the Opposition"),
    ("Chief Justice Ramon Pena swore in the new ministers.", "Ramon Pena", "Chief Justice"),
    ("Rakesh Verma is the BJP MLA for Lakhpur.", "Rakesh Verma", "Member of the Legislative Assembly"),
    ("Amara Osei was elected Speaker in January.", "Amara Osei", "Speaker"),
    ("Ann Hale, the ANC MPL for Soweto, spoke.", "Ann Hale", "Member of the Provincial Legislature"),
    ("Tomasz Nowak, Polish Undersecretary of State for Defence, noted large exercises.", "Tomasz Nowak",
     "Undersecretary of State for Defence"),
    ("Bolton often had disagreements with Mike Pomp who is the secretary of state.", "Mike Pomp", "State Secretary"),
    ("Ana Ruiz, who is the minister for health, spoke.", "Ana Ruiz", "Health Minister"),
    ("Senator Dan O’Brien said the bill was wrong.", "Dan O’Brien", "Senator"),
    # an office taken or kept, lower-case after 'as'
    ("Parliament voted on Monday to keep Nuru Hassan as their prime minister.", "Nuru Hassan", "Prime Minister"),
    ("The council retained Ama Boateng as mayor.", "Ama Boateng", "Mayor"),
    ("The council elected Ama Boateng as its mayor.", "Ama Boateng", "Mayor"),
])
def test_office_forms(facts, text, name, office):
    assert office in offices_of(facts, text).get(name, set())


@pytest.mark.parametrize("text,name,office", [
    ("Lorna Pike, the governor's aide, spoke.", "Lorna Pike", "Governor"),
    ("Lorna Pike, the former governor, spoke.", "Lorna Pike", "Governor"),
    ("Labour general secretary Jane Doe wrote to the Commons.", "Jane Doe", "Secretary"),
    ("Board chairman Tom Reyes opened the meeting.", "Tom Reyes", "Chair"),
    ("Labour chairman Tom Reyes spoke.", "Tom Reyes", "Chair"),
    ("Deputy Opposition Leader Sunita Rao walked out.", "Sunita Rao", "Leader of the Opposition"),
    ("State Minister for Finance Okello Wamala presented the budget.", "Okello Wamala", "Finance Minister"),
    ("Assistant Minister for Health Jared Pike defended the plan.", "Jared Pike", "Health Deputy Minister"),
    ("Ali Khan, who was the secretary of state, spoke.", "Ali Khan", "State Secretary"),
    # 'former' reaches over a title coordinated before the name's
    ("Former minister and MP Tom Reyes spoke.", "Tom Reyes", "Member of Parliament"),
    ("The party failed to keep Tom Reyes as leader of the house.", "Tom Reyes", "Leader of the House"),
    ("Ama Boateng, who served as mayor until 2015, spoke.", "Ama Boateng", "Mayor"),
])
def test_office_forms_not(facts, text, name, office):
    assert office not in offices_of(facts, text).get(name, set())


def test_office_forms_portfolio_as_written(facts):
    # the title as written is a label of the office: 'Special Representative for Iran'
    _, _, a = facts("US Special Representative for Iran Brett Holm said the move was political.")
    office = next(e for e in a.entities if e.kind == "Office")
    assert "Special Representative for Iran" in office.aliases


def test_office_forms_copular_party(facts):
    assert ("Rakesh Verma", "memberOf", "Bharatiya Janata Party") in roles_of(facts, "Rakesh Verma is the BJP MLA for Lakhpur.")


def test_office_forms_peer_keeps_style(facts):
    assert "Lord Fowler" in offices_of(facts, "Speaker Lord Fowler opened the session.")


@pytest.mark.parametrize("text,description,person", [
    # a description with a place or an adjective before the title is the one holder the article names
    ("Governor Dana Ferris vetoed the bill. The state governor said it was too costly.", "The state governor",
     "Dana Ferris"),
    ("President Ivo Brand met the press. The country's president said the talks went well.",
     "The country's president", "Ivo Brand"),
])
def test_office_forms_description_links(facts, text, description, person):
    _, _, a = facts(text)
    m = next(m for m in a.mentions if m.kind == "Description" and m.name == description)
    assert m.entity is not None and m.entity.name == person


def test_office_forms_description_two_holders_links_none(facts):
    _, _, a = facts("Governor Dana Ferris met Governor Tom Hale. The state governor said it was too costly.")
    m = next(m for m in a.mentions if m.kind == "Description" and m.name == "The state governor")
    assert m.entity is None
