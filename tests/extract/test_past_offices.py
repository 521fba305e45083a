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
    ("Wren Addo, a cabinet minister, resigned on Friday.", "Wren Addo", "Minister"),
    ("Wren Addo, a minister in the coalition government, resigned.", "Wren Addo", "Minister"),
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
