"""Offices held in the past give no current ``holdsOffice`` (issue 14, item 3): a past-tense
relative clause of tenure on a name ('who served as Vice President', 'President X, who led the
country during the war'), an office over a span of years ('X, Speaker from 2011 to 2015'), a
titled name in a clause dated to a year ('Attorney General X was held in contempt in 2012'), and
'minister' in its clerical sense. Their traps keep a current office where the clause is an act of
its holder, another post, the present perfect or the taking of office.

All names are invented; these run the real model (marked ``model``)."""

from __future__ import annotations

import pytest

from tests.extract.roles import offices_of

pytestmark = pytest.mark.model


def _leads(facts, text):
    _, _, a = facts(text)
    return {e.name: {o.name for rel, o in e.roles if rel == "leaderOf"} for e in a.entities if e.kind == "Person"}


@pytest.mark.parametrize("text,name,office", [
    # a past relative clause of tenure, with the office, a tenure noun or a span of years
    ("Only President Farah Quint, who led the country during the long war, served more than two terms.",
     "Farah Quint", "President"),
    ("Piet Alvaro, who served as Vice President from 2009 to 2017, said he would run.", "Piet Alvaro", "Vice President"),
    ("Republican Tobias Kanyi, who held the post of Speaker this past term, received 192 votes.", "Tobias Kanyi",
     "Speaker"),
    ("Tobias Kanyi, who was Speaker until last year, voted against.", "Tobias Kanyi", "Speaker"),
    ("Councillor Wren Addo, who chaired the council from 2012 to 2016, resigned.", "Wren Addo", "Councillor"),
    ("Chief Minister Farah Quint, who ruled the state for a decade until 2019, lost her seat.", "Farah Quint",
     "Chief Minister"),
    ("Senator Farah Quint, who served two terms in the Senate, retired.", "Farah Quint", "Senator"),
    ("Senator Piet Alvaro, who served as Governor from 2001 to 2005, opposed the bill.", "Piet Alvaro", "Governor"),
    # an office over a span of years, in apposition
    ("Wren Addo, Speaker from 2011 to 2015, spoke at the dinner.", "Wren Addo", "Speaker"),
    ("Piet Alvaro, the Speaker of the Lok Sabha between 2004 and 2009, died on Sunday.", "Piet Alvaro", "Speaker"),
    # a titled name in a past clause dated to a year
    ("Attorney General Wren Addo was held in contempt in 2012 for refusing to hand over documents.", "Wren Addo",
     "Attorney General"),
    ("Premier Tobias Kanyi opened the new bridge in 2009.", "Tobias Kanyi", "Premier"),
    # the clergy
    ("Democrat Lina Sorvel, a minister and former Army colonel, spoke first.", "Lina Sorvel", "Minister"),
    ("Tom Adair, an ordained minister, led the prayer before the sitting.", "Tom Adair", "Minister"),
    ("Wren Addo, the church minister, said the march would be peaceful.", "Wren Addo", "Minister"),
])
def test_past_office_is_not_current(facts, text, name, office):
    assert office not in offices_of(facts, text).get(name, set())


@pytest.mark.parametrize("text,name,office", [
    # an act of a holder, not a tenure
    ("Senator Piet Alvaro, who held a press conference on Monday, said the bill was dead.", "Piet Alvaro", "Senator"),
    ("Speaker Farah Quint, who led the debate, called for order.", "Farah Quint", "Speaker"),
    ("Prime Minister Tobias Kanyi, who led the government to a landslide, said on Monday the vote would go ahead.",
     "Tobias Kanyi", "Prime Minister"),
    ("MP Piet Alvaro, who served in the army, spoke in the Commons.", "Piet Alvaro", "Member of Parliament"),
    # another post in the past clause: the title stands
    ("Mayor Tobias Kanyi, who was a councillor until 2018, opened the bridge.", "Tobias Kanyi", "Mayor"),
    ("Senator Piet Alvaro, who served as Governor from 2001 to 2005, opposed the bill.", "Piet Alvaro", "Senator"),
    # the present perfect and the present: still in office
    ("Piet Alvaro, who has served as Speaker since 2019, opposed the bill.", "Piet Alvaro", "Speaker"),
    ("Tobias Kanyi, who is the Speaker of the Lok Sabha, adjourned the House.", "Tobias Kanyi", "Speaker"),
    # taking office in a year dates the start of a current office
    ("President Wren Addo was elected in 2015 and re-elected last year.", "Wren Addo", "President"),
    # a minister of government
    ("Wren Addo, a cabinet minister, spoke on Friday.", "Wren Addo", "Minister"),
    ("Wren Addo, a minister in the coalition government, spoke.", "Wren Addo", "Minister"),
    ("The minister, Wren Addo, said the budget was sound.", "Wren Addo", "Minister"),
    ("Wren Addo, the foreign minister, met her counterparts.", "Wren Addo", "Foreign Minister"),
])
def test_current_office_stands(facts, text, name, office):
    assert office in offices_of(facts, text).get(name, set())


@pytest.mark.parametrize("text,name,party,led", [
    ("Farah Quint, who leads the Labour Party, spoke.", "Farah Quint", "Labour Party", True),
    ("Farah Quint, who led the Labour Party from 2010 to 2015, spoke.", "Farah Quint", "Labour Party", False),
    ("Tobias Kanyi, the Labour leader from 2010 to 2015, spoke.", "Tobias Kanyi", "Labour Party", False),
])
def test_past_leadership(facts, text, name, party, led):
    assert (party in _leads(facts, text).get(name, set())) is led


# issue 35: an office the article ends (removed from office, ousted, resigned) or marks as past or
# future on the title itself ('proposed Secretary', 'formerly the mayor', 'the president ousted in')
@pytest.mark.parametrize("text,name,office", [
    # removal from office: 'from office/power', 'as [office]', the institution's own office
    ("The National Assembly voted to remove its speaker, Kevin Marcy of Kerala, through a motion to vacate.",
     "Kevin Marcy", "Speaker"),
    ("The Lok Sabha voted to remove its Speaker, Om Bharti, on Monday.", "Om Bharti", "Speaker"),
    ("The council voted to remove Mayor Ana Silva from office after the audit.", "Ana Silva", "Mayor"),
    ("Deputy Speaker Amina Bello was ousted from office by the Senate on Thursday.", "Amina Bello", "Deputy Speaker"),
    ("On Monday the Senate removed President Dora Rufino from office by a vote of 61 to 20.", "Dora Rufino", "President"),
    ("Prime Minister Imran Kadir lost the vote, removing Kadir from office.", "Imran Kadir", "Prime Minister"),
    ("President Olu Ade dismissed Finance Minister Kemi Ojo on Monday.", "Kemi Ojo", "Finance Minister"),
    # resignation: bare, 'as [office]', 'from office', the noun after 'following'
    ("Premier Jo Clark resigned as Premier of Queensland on Friday.", "Jo Clark", "Premier"),
    ("Councillor Tom Reed resigned from office on Tuesday, citing ill health.", "Tom Reed", "Councillor"),
    ("Governor Ricky Rossa resigned on August 2 after a texting scandal.", "Ricky Rossa", "Governor"),
    ("Pierre Dumas was sworn in following the resignation of Governor Ricky Rossa.", "Ricky Rossa", "Governor"),
    # the title marked past or future
    ("Tomas Varga, the Hungarian president ousted in March after mass protests, was questioned on Monday.",
     "Tomas Varga", "President"),
    ("Rex Tillman, proposed Secretary of State for the new administration, said the troops would stay.",
     "Rex Tillman", "State Secretary"),
    ("The President's proposed Secretary of Defense, Jim Mattock, backed the alliance.", "Jim Mattock",
     "Defense Secretary"),
    ("Two candidates, Senator Ella Warne of Ohio and Mark Bloch, formerly the mayor of Denver, ended their campaigns.",
     "Mark Bloch", "Mayor"),
])
def test_ended_office_is_not_current(facts, text, name, office):
    assert office not in offices_of(facts, text).get(name, set())


@pytest.mark.parametrize("text,name,office", [
    # an ejection from the chamber leaves the seat
    ("The Speaker, Dan Moore, ejected Labour MP Gwen Arlott from the chamber on Tuesday.", "Gwen Arlott",
     "Member of Parliament"),
    ("Senator Ann Cole was removed from the chamber by the Sergeant-at-Arms.", "Ann Cole", "Senator"),
    ("The Speaker removed MLA Harjit Gill from the House for the rest of the day.", "Harjit Gill",
     "Member of the Legislative Assembly"),
    ("Members of Parliament voted to suspend MP Tendai Moyo for two weeks.", "Tendai Moyo", "Member of Parliament"),
    # an attempt, a call, a refusal or a negation ends nothing
    ("Opposition MPs tried to remove Speaker Dan Moore from office.", "Dan Moore", "Speaker"),
    ("Labour MPs called for Prime Minister Tom Bale to resign.", "Tom Bale", "Prime Minister"),
    ("Prime Minister Tom Bale said he would not resign.", "Tom Bale", "Prime Minister"),
    ("Mayor Ana Silva refused to resign over the scandal.", "Ana Silva", "Mayor"),
    ("The opposition wants to oust President Maria Sol from power.", "Maria Sol", "President"),
    ("Governor Ben Tull has refused to quit, saying he did nothing wrong.", "Ben Tull", "Governor"),
    # leaving another post
    ("Minister of Finance Raj Patel resigned from the committee on Monday.", "Raj Patel", "Finance Minister"),
    ("Senator Ella Warne of Ohio said the deal was fair.", "Ella Warne", "Senator"),
])
def test_office_not_ended_stands(facts, text, name, office):
    assert office in offices_of(facts, text).get(name, set())


@pytest.mark.parametrize("text,name,office", [
    # (a resignation stated in the text ends the office the apposition gives)
    ("Wren Addo, a cabinet minister, resigned on Friday.", "Wren Addo", "Minister"),
])
def test_resigned_minister_is_not_current(facts, text, name, office):
    assert office not in offices_of(facts, text).get(name, set())


# issue 35: offices of another time, read over the whole article (kg/extract/people/bygone.py): a
# death that is history, a service stated as past, a title of 'the time', a title marked past on
# one mention, a deputy who takes the principal office
@pytest.mark.parametrize("text,name,office", [
    # a death dated to a year, or told in a relative clause of background
    ("The crash, which killed several officials including Governor Ama Boateng, is still disputed.", "Ama Boateng",
     "Governor"),
    ("Senator Ron Pike was assassinated in 1968. His killer remains in prison.", "Ron Pike", "Senator"),
    ("Students marked the 1984 assassination of Prime Minister Indra Sethi.", "Indra Sethi", "Prime Minister"),
    ("Mayor Tilly Fenn, who died in 2011, opened the old bridge.", "Tilly Fenn", "Mayor"),
    # a service stated as past: an adverb, a span, a 'when' of the past, 'until' a later office
    ("Ambassador Tom Vale spoke on Monday. Vale previously served as ambassador to the United Nations.", "Tom Vale",
     "Ambassador"),
    ("Councillor Jo Marsh spoke. Marsh served as Mayor of Leeds until May 2019.", "Jo Marsh", "Mayor"),
    ("Deputy Speaker Lina Obi chaired the sitting. Obi was Deputy Speaker from 2010 to 2015.", "Lina Obi",
     "Deputy Speaker"),
    ("Finance Minister Ruth Obi spoke. In 2019, when she was finance minister, Obi cut taxes.", "Ruth Obi",
     "Finance Minister"),
    ("Secretary of Justice Ana Soto spoke. She was appointed secretary of justice in 2017 and served in that position "
     "until she became governor.", "Ana Soto", "Justice Secretary"),
    # a title of 'the time', before or after the name
    ("The Opposition Leader at the time, Tom Bale, moved the motion. Opposition leader Tom Bale spoke.", "Tom Bale",
     "Leader of the Opposition"),
    ("Mayor Kip Rono opened the market. Kip Rono, the mayor at the time, said the market would stay.", "Kip Rono",
     "Mayor"),
    ("Speaker Om Varma spoke. The Speaker at that time, Om Varma, adjourned the House.", "Om Varma", "Speaker"),
    # a title marked past on one mention is past on the others
    ("Then Prime Minister Julia Hart delivered the speech in 2012. Prime Minister Julia Hart said sexism was rife.",
     "Julia Hart", "Prime Minister"),
    # a description the article resolved resigns
    ("The motion failed when the deputy speaker Qadir Shah dismissed it. Shortly before midnight, the speaker and the "
     "deputy speaker both resigned.", "Qadir Shah", "Deputy Speaker"),
    # a holder who takes another office leaves the title
    ("Deputy Speaker Amina Bello was elected Speaker on Tuesday.", "Amina Bello", "Deputy Speaker"),
    ("Following the ruling, Secretary of Justice Ana Soto was sworn in as Puerto Rico's governor.", "Ana Soto",
     "Justice Secretary"),
])
def test_office_of_another_time_is_not_current(facts, text, name, office):
    assert office not in offices_of(facts, text).get(name, set())


@pytest.mark.parametrize("text,name,office", [
    # a death that is the news, another's death, an attempt
    ("Prime Minister Aleki Tupou died on Thursday, the government said.", "Aleki Tupou", "Prime Minister"),
    ("Mayor Tilly Fenn said the man who was killed in the crash in 2010 was her cousin.", "Tilly Fenn", "Mayor"),
    ("Senator Ron Pike survived a 2019 assassination attempt.", "Ron Pike", "Senator"),
    ("Governor Ama Boateng condemned the 2020 killing of two protesters.", "Ama Boateng", "Governor"),
    # the present office beside a past one, the present perfect, a 'when' without an office
    ("Councillor Jo Marsh spoke. Marsh served as Mayor of Leeds until May 2019.", "Jo Marsh", "Councillor"),
    ("Speaker Om Varma, who has served as Speaker since 2019, adjourned the House.", "Om Varma", "Speaker"),
    ("Finance Minister Ruth Obi said she was in Delhi when the vote was held.", "Ruth Obi", "Finance Minister"),
    # 'the time' that is not the title's
    ("The Speaker, Om Varma, said at the time that the rules were clear.", "Om Varma", "Speaker"),
    # a seat kept on taking an office; the office taken
    ("MP Tom Reed became Prime Minister on Friday.", "Tom Reed", "Member of Parliament"),
    ("MP Tom Reed became Prime Minister on Friday.", "Tom Reed", "Prime Minister"),
    ("Deputy Speaker Amina Bello was elected Speaker on Tuesday.", "Amina Bello", "Speaker"),
])
def test_office_of_this_time_stands(facts, text, name, office):
    assert office in offices_of(facts, text).get(name, set())
