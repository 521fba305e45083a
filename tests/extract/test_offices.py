"""Offices across legislatures (issue 14, item 3): each office distinct (an MLA is not a Member
of Parliament), portfolios before or after the title ("foreign minister", "Minister of Foreign
Affairs", "Commerce Secretary"), and an office in apposition ("X, the Governor General").

All names are invented; these run the real model (marked ``model``)."""

from __future__ import annotations

import pytest

from tests.extract.roles import offices_of

pytestmark = pytest.mark.model


@pytest.mark.parametrize("text,name,office", [
    # Westminster provinces and devolved houses: each member office is its own
    ("Sikh MLA Harjit Gill spoke in the Ontario legislature.", "Harjit Gill", "Member of the Legislative Assembly"),
    ("Labour MP (Member of Parliament) Gwen Arlott spoke.", "Gwen Arlott", "Member of Parliament"),
    ("Julia Ferris, the Governor General of Canada, dissolved Parliament.", "Julia Ferris", "Governor General"),
    # US Congress and states
    ("The Vice President, Marla Quist, said on Friday that talks would resume.", "Marla Quist", "Vice President"),
    ("Republican state representative Janet Cole proposed the bill.", "Janet Cole", "State Representative"),
    # city councils
    ("Councillor Brian Tull voted against the zoning change.", "Brian Tull", "Councillor"),
    ("Mayor Lena Ortiz told the city council on Monday.", "Lena Ortiz", "Mayor"),
    # portfolios: before the title, lower-case or capitalised, one word or two; after it with of/for
    ("Egyptian foreign minister Karim Fathy met his counterparts.", "Karim Fathy", "Foreign Minister"),
    ("Finance Minister Priya Rao tabled the budget in the Lok Sabha.", "Priya Rao", "Finance Minister"),
    ("The Home Affairs Minister, Anand Kulkarni, said the bill would pass.", "Anand Kulkarni", "Home Affairs Minister"),
    ("Minister for Housing Dana Roe announced the plan.", "Dana Roe", "Housing Minister"),
    ("Commerce Secretary Walter Price testified.", "Walter Price", "Commerce Secretary"),
    ("US Secretary of State Paul Hendry said.", "Paul Hendry", "State Secretary"),
    # the place of the office between title and name, or a place licensing a lower-case title
    ("First Minister of Scotland Moira Baird spoke at the rally.", "Moira Baird", "First Minister"),
    ("President of France Louis Marchand arrived on Monday.", "Louis Marchand", "President"),
    ("The newly elected Ukrainian president Taras Bondar declined to comment.", "Taras Bondar", "President"),
    ("Lina Cruz, Puerto Rico's governor, spoke.", "Lina Cruz", "Governor"),
    ("The mayor of London, Adam Reeve, tweeted his support.", "Adam Reeve", "Mayor"),
    ("Sunita Rao, the chief executive of Hong Kong, withdrew the bill.", "Sunita Rao", "Chief Executive"),
    # an abbreviation or its expansion in brackets between title and name
    ("Member of Parliament (MP) Carys Bevan of the Labour Party added that the plan was dangerous.", "Carys Bevan",
     "Member of Parliament"),
    # a shadow minister, not the office shadowed
    ("Shadow Home Secretary Wren Addo called for an inquiry.", "Wren Addo", "Shadow Home Secretary"),
    ("Shadow Chancellor Piet Alvaro attacked the budget.", "Piet Alvaro", "Shadow Chancellor of the Exchequer"),
    # 'at' a place is no company
    ("Farah Quint, the Speaker at Westminster, said the sitting was over.", "Farah Quint", "Speaker"),
    ("Vice President Wren Addo cast the deciding vote in the Senate.", "Wren Addo", "Vice President"),
])
def test_offices_by_legislature(facts, text, name, office):
    offices = offices_of(facts, text)
    assert office in offices.get(name, set()), offices


@pytest.mark.parametrize("text,name,wrong", [
    ("Sikh MLA Harjit Gill spoke in the Ontario legislature.", "Harjit Gill", "Member of Parliament"),
    ("The Vice President, Marla Quist, said on Friday.", "Marla Quist", "President"),
    ("US Secretary of State Paul Hendry said.", "Paul Hendry", "US Secretary"),
    ("The company's chief executive Mark Lyle said profits fell.", "Mark Lyle", "Chief Executive"),
    # a company's post: a word before it, or 'at' a company after it
    ("Senior vice president Tobias Kanyi added that safety came first.", "Tobias Kanyi", "Vice President"),
    ("Executive Vice President Piet Alvaro resigned from the utility.", "Piet Alvaro", "Vice President"),
    ("Wren Addo, a vice president at Brightline Power, said the outage was needed.", "Wren Addo", "Vice President"),
    ("Shadow Home Secretary Wren Addo called for an inquiry.", "Wren Addo", "Home Secretary"),
    ("Shadow Chancellor Piet Alvaro attacked the budget.", "Piet Alvaro", "Chancellor of the Exchequer"),
])
def test_offices_not_the_wrong_office(facts, text, name, wrong):
    assert wrong not in offices_of(facts, text).get(name, set())


def test_of_forms_made_once_per_lexicon():
    """The 'A of B' title forms are read once per lexicon, and again for another one."""
    from kg.extract.people.offices import _of_forms, _read_of_forms
    from kg.ontology import lexicon

    lex = lexicon.load()
    assert _of_forms(lex) is _of_forms(lex)
    assert _of_forms(lex) == _read_of_forms(lex)


# issue 35.1: a peer's style before a name, in an article that names the House of Lords
@pytest.mark.parametrize("text,name", [
    ("In the House of Lords, Baroness Stowell said the Bill was a force for good.", "Baroness Stowell"),
    ("The House of Lords conduct committee published reports on Lord Bhatia, Lord Paul and Baroness Uddin.",
     "Baroness Uddin"),
    ("The House of Lords conduct committee published reports on Lord Bhatia, Lord Paul and Baroness Uddin.", "Paul"),
    ("Lord Singh told peers in the House of Lords that the bill went too far.", "Singh"),
    ("The bill passed the House of Lords on Tuesday. Lord Alli, who is openly gay, welcomed it.", "Alli"),
])
def test_peer_style_is_a_seat_in_the_lords(facts, text, name):
    assert "Member of the House of Lords" in offices_of(facts, text).get(name, set())


@pytest.mark.parametrize("text,name", [
    # no house of peers named: a style in history or elsewhere
    ("Lord Nelson won the battle at Trafalgar in 1805.", "Nelson"),
    # a peer who has left the house
    ("The House of Lords heard that Lord Lea has retired from the House.", "Lea"),
])
def test_peer_style_without_a_seat(facts, text, name):
    assert "Member of the House of Lords" not in offices_of(facts, text).get(name, set())


def test_lord_mayor_is_no_peer(facts):
    offices = offices_of(facts, "The Lord Mayor, Alan Reeve, opened the session of the House of Lords committee.")
    assert "Member of the House of Lords" not in offices.get("Alan Reeve", set())


# issue 35.1: members of more houses, each its own office
@pytest.mark.parametrize("text,name,office", [
    ("MK Moshe Feld of Likud started the debate about the Temple Mount.", "Moshe Feld", "Member of the Knesset"),
    ("Liberal MHA Jim Dinn asked the premier about the budget in St. John's.", "Jim Dinn",
     "Member of the House of Assembly"),
    ("Labor MLC Sarah Bell spoke in the Legislative Council of New South Wales.", "Sarah Bell",
     "Member of the Legislative Council"),
    ("Independent MHK Chris Thom spoke in Tynwald.", "Chris Thom", "Member of the House of Keys"),
])
def test_offices_of_more_houses(facts, text, name, office):
    assert office in offices_of(facts, text).get(name, set())


# issue 35.1: a committee's name with 'and' in it is kept whole
@pytest.mark.parametrize("text,name,office", [
    ("Cummins, the Democratic chairman of the House Oversight and Reform Committee, was 68.", "Cummins",
     "Chair of the House Oversight and Reform Committee"),
    ("Ravi Rao, chairman of the Public Accounts and Estimates Committee, tabled the report in the Lok Sabha.",
     "Ravi Rao", "Chair of the Public Accounts and Estimates Committee"),
])
def test_committee_chair_with_and(facts, text, name, office):
    assert office in offices_of(facts, text).get(name, set())


# issue 35: presiding officers of senates and the Sejm, the posts of public bodies, a second of a
# portfolio, a commissioner; and an office after 'to' is the other's ('an undersecretary to the
# prime minister' is no Prime Minister)
@pytest.mark.parametrize("text,name,office", [
    ("Senate President Ada Obi adjourned the sitting in Abuja.", "Ada Obi", "Senate President"),
    ("Carla Ruiz, president of the Chilean Senate, called the vote.", "Carla Ruiz", "Senate President"),
    ("The President of the Senate, Tomas Lind, read the motion.", "Tomas Lind", "Senate President"),
    ("After warnings, Marshal of the Sejm, Adam Rybak, closed the sitting.", "Adam Rybak", "Marshal of the Sejm"),
    ("Kofi Mensah, secretary general of the United Nations, urged calm.", "Kofi Mensah", "Secretary-General"),
    ("UN Deputy Secretary-General Ama Serwaa opened the summit.", "Ama Serwaa", "Deputy Secretary-General"),
    ("U.N. Ambassador Dale Hooper said the remarks were unfortunate.", "Dale Hooper", "Ambassador"),
    ("Russian Deputy Foreign Minister Oleg Pavlov said it was a threat.", "Oleg Pavlov", "Deputy Foreign Minister"),
    ("Vice Finance Minister Chen Wei met the bankers.", "Chen Wei", "Vice Finance Minister"),
    ("Marco Bassi, undersecretary to the prime minister, defended the tax.", "Marco Bassi", "Undersecretary"),
    ("The county's Police and Crime Commissioner, Tom Hale, urged her to return.", "Tom Hale",
     "Police and Crime Commissioner"),
])
def test_offices_of_bodies_and_seconds(facts, text, name, office):
    assert office in offices_of(facts, text).get(name, set())


@pytest.mark.parametrize("text,name,wrong", [
    ("Marco Bassi, undersecretary to the prime minister, defended the tax.", "Marco Bassi", "Prime Minister"),
    ("Lena Fox, an adviser to the Governor, said the bill was dead.", "Lena Fox", "Governor"),
    ("Russian Deputy Foreign Minister Oleg Pavlov said it was a threat.", "Oleg Pavlov", "Foreign Minister"),
    ("Senate President Ada Obi adjourned the sitting in Abuja.", "Ada Obi", "Speaker"),
])
def test_offices_of_bodies_not_the_wrong_office(facts, text, name, wrong):
    assert wrong not in offices_of(facts, text).get(name, set())


@pytest.mark.parametrize("text,peer,place", [
    ("The Commissioner found that Lord Pryce of Tenby had breached the code.", "Lord Pryce", "Tenby"),
    ("Baroness Quinn of Eastfield, a Labour peer, spoke in the House of Lords.", "Baroness Quinn", "Eastfield"),
    ("The committee said Lord Hale of Kings Brampton would be suspended from the House of Lords.", "Lord Hale",
     "Kings Brampton"),
])
def test_peer_designation_is_no_person(facts, text, peer, place):
    people = offices_of(facts, text)
    assert peer in people and not any(place in name for name in people if name != peer)


def test_a_person_after_of_stands(facts):
    assert "Ana Silva" in offices_of(facts, "The resignation of Ana Silva surprised the House of Lords.")
