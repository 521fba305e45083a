"""Memberships and party leaderships stated around a name (issue 14, item 2): a party word
before a name or its title, party-and-seat brackets, appositions; and what is not a party
(a body, a branch, a place, a past membership). Sentences of our own, in several
legislatures' vocabularies."""

from __future__ import annotations

import pytest

from tests.extract.roles import roles_of

pytestmark = pytest.mark.model


@pytest.mark.parametrize(("text", "expected"), [
    # a party word before a name, over titles and role words between (US Congress and states)
    ("Republican Kevin Marsh, who held the post, received 192 votes.", ("Kevin Marsh", "memberOf", "Republican Party")),
    ("Fellow Republican Representative Dana Holt proposed it.", ("Dana Holt", "memberOf", "Republican Party")),
    ("Republican state representative Tara Cole sponsored the bill.", ("Tara Cole", "memberOf", "Republican Party")),
    ("Democratic committee chairman Jerry Nadd said it.", ("Jerry Nadd", "memberOf", "Democratic Party")),
    ("The city's Democratic mayor Muriel Boss spoke.", ("Muriel Boss", "memberOf", "Democratic Party")),
    ("Republican Governor Bill Lee signed the bill.", ("Bill Lee", "memberOf", "Republican Party")),
    ("Democratic Senator Ann Holt of Ohio objected.", ("Ann Holt", "memberOf", "Democratic Party")),
    # Westminster, Australia, India, South Africa, councils
    ("Labour MP Tom Ferris spoke.", ("Tom Ferris", "memberOf", "Labour Party")),
    ("SNP MSP Jo Kerr spoke.", ("Jo Kerr", "memberOf", "Scottish National Party")),
    ("Labor backbencher Sue Dunn crossed the floor.", ("Sue Dunn", "memberOf", "Australian Labor Party")),
    ("BJP leader Anil Rao spoke in the Lok Sabha.", ("Anil Rao", "leaderOf", "Bharatiya Janata Party")),
    ("ANC councillor Thabo Mokoena was suspended.", ("Thabo Mokoena", "memberOf", "African National Congress")),
    ("Green councillor Jo Pike voted against the budget.", ("Jo Pike", "memberOf", "Green Party")),
    # an apposition with a party word before its role noun
    ("Adam Sheff, the Democratic chairman of the House Intelligence Committee, spoke.",
     ("Adam Sheff", "memberOf", "Democratic Party")),
    ("Ruth Park, the Liberal Democrat spokesperson for health, said it.", ("Ruth Park", "memberOf", "Liberal Democrats")),
    # party-and-seat brackets
    ("Senator Ron Wyde (D-Ore.) said it.", ("Ron Wyde", "memberOf", "Democratic Party")),
    ("Ali Rahman (UMNO-Pekan) spoke.", ("Ali Rahman", "memberOf", "United Malays National Organisation")),
    ("Ann Kuster (Con, Bath), a British MP, said it.", ("Ann Kuster", "memberOf", "Conservative Party")),
    # a list that a party word describes as a whole
    ("Three Labour MPs, Ann Hale, Rob Dunn and Sue Marsh, resigned.", ("Sue Marsh", "memberOf", "Labour Party")),
    ("Two ANC councillors, Thabo Mokoena and Lindi Dube, were suspended.",
     ("Lindi Dube", "memberOf", "African National Congress")),
    ("The bill was backed by Ann Hale and Rob Dunn, all Conservatives.", ("Ann Hale", "memberOf", "Conservative Party")),
    # a title before a name, the previous name's apposition only in form
    ("The speakers included First Minister Nora Stone, Labour MP (Member of Parliament) Tom Wade, and Sadie Kahn.",
     ("Tom Wade", "memberOf", "Labour Party")),
    # 'X of the Y Party' after a name; 'X heads the Y'
    ("Polish leader Jan Kowal of the conservative Law and Justice Party spoke.", ("Jan Kowal", "leaderOf", "Law and Justice")),
    ("Trudy Dean heads the Liberal Party.", ("Trudy Dean", "leaderOf", "Liberal Party")),
    ("Nancy Pell, the Democratic Speaker of the House, announced it.", ("Nancy Pell", "memberOf", "Democratic Party")),
    # a gazetteer party without a party word in its name
    ("Jarek Kowal, leader of Law and Justice, spoke.", ("Jarek Kowal", "leaderOf", "Law and Justice")),
    ("Civic Platform MP Ewa Nowak said it.", ("Ewa Nowak", "memberOf", "Civic Platform")),
    # issue 35.4: a party's possessive before the name, over titles only
    ("Labour's Shadow Home Secretary Yvette Coombs said her party backed the idea.",
     ("Yvette Coombs", "memberOf", "Labour Party")),
    ("Labour's Tom Ferris said the budget was a disgrace.", ("Tom Ferris", "memberOf", "Labour Party")),
    ("The ANC's Thandi Mokoena told the National Assembly the report was flawed.",
     ("Thandi Mokoena", "memberOf", "African National Congress")),
    ("The BJP's Ravi Shankar Rao said the Lok Sabha would debate the bill.",
     ("Ravi Shankar Rao", "memberOf", "Bharatiya Janata Party")),
    ("Likud's Transport Minister Ayelet Sharon defended the plan in the Knesset.",
     ("Ayelet Sharon", "memberOf", "Likud")),
    ("MK Moshe Feld of Likud started the debate in the Knesset.", ("Moshe Feld", "memberOf", "Likud")),
    # issue 35.4: the state a member sits for between the name and the apposition
    ("The motion was filed by Representative Matt Gaines of Florida, a fellow member of the Republican Party.",
     ("Matt Gaines", "memberOf", "Republican Party")),
    ("Senator Ann Cole of Ohio, a member of the Democratic Party, voted against the bill.",
     ("Ann Cole", "memberOf", "Democratic Party")),
    ("Tom Reed of Kerala, the leader of the Communist Party of India (Marxist), spoke in the Lok Sabha.",
     ("Tom Reed", "leaderOf", "Communist Party of India (Marxist)")),
    # issue 35.1: a deputy of the leader is a member ("Deputy" is never the leader, nor a party)
    ("Radmila Sekra, deputy head of the Social Democratic Union of Macedonia, required stitches.",
     ("Radmila Sekra", "memberOf", "Social Democratic Union of Macedonia")),
    ("Angela Rayne, the deputy leader of the Labour Party, spoke in the Commons.",
     ("Angela Rayne", "memberOf", "Labour Party")),
])
def test_memberships(facts, text, expected):
    roles = roles_of(facts, text)
    assert expected in roles, sorted(roles)


@pytest.mark.parametrize("text", [
    # a body, a branch or a place is not a party
    "Senate Minority Leader Chuck Shaw spoke.",
    "Jean Pong, chairman of the African Union Commission, spoke.",
    "Police spokesman Mark Ciar said it.",
    "Council spokesperson Bart Leys said it.",
    "Zachary (Cates) met the family.",
    "New South Wales (NSW) passed the bill.",
    # a past membership
    "Former Republican senator Jo Dale spoke.",
    "Dana Holt, a former Republican congresswoman, spoke.",
    "Three former Labour MPs, Ann Hale and Rob Dunn, spoke.",
    "Trudy Dean led the Liberal Party for a decade.",
    "The House voted to hold William Barr in contempt of Congress.",
    "Doug Coll of Georgia said so.",
    # a possessive of a party on a word that is no title, or a past title
    "Labour's defeat of Tom Ferris surprised everyone.",
    "The Democrats' former leader Tom Daschle spoke.",
    "Russia's Vladimir Petrov said the talks were over.",
    # an institution's office ('its speaker') leads no party named before
    "The Labour Party walked out when the Assembly praised its speaker, Kevin Marsh, on Monday.",
])
def test_memberships_not(facts, text):
    roles = roles_of(facts, text)
    assert not {r for r in roles if r[1] in {"memberOf", "leaderOf"}}, sorted(roles)


def test_memberships_title_of_next_name_not_previous(facts):
    roles = roles_of(facts, "The speakers included First Minister Nora Stone, Labour MP (Member of Parliament) Tom Wade, "
                          "and Sadie Kahn.")
    assert ("Nora Stone", "memberOf", "Labour Party") not in roles


@pytest.mark.parametrize("text,name,party", [
    ("Radmila Sekra, deputy head of the Social Democratic Union of Macedonia, required stitches.", "Radmila Sekra",
     "Social Democratic Union of Macedonia"),
    ("Angela Rayne, deputy leader of the Labour Party, spoke in the Commons.", "Angela Rayne", "Labour Party"),
    ("Sipho Dlamini, the deputy leader of the African National Congress, addressed the National Assembly.",
     "Sipho Dlamini", "African National Congress"),
])
def test_deputy_leader_leads_nothing(facts, text, name, party):
    assert (name, "leaderOf", party) not in roles_of(facts, text)
