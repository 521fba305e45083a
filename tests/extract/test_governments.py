"""States' governments as actors and targets (kg/extract/people/governments.py, ``countries.json`` "states"):
'the Kenyan government', 'the government of Kenya', "Kenya's government", a state's name where a
clause makes it act or be acted on, and 'the government' when the article's state is known; in
every event family, and the places, modifiers, surnames and US states that are no government.
Sentences written for these tests."""

from __future__ import annotations

import pytest

from kg.extract.events.charges import actor

pytestmark = pytest.mark.model

FACTS = [
    # the three ways a government is named, in accusations (Westminster, African, Asian, US vocabulary)
    ("Opposition leader Ama Boateng accused the Zambian government of lying to parliament.",
     {("Accusation", "Ama Boateng", "Government of Zambia")}),
    ("MP Ruth Mensah accused the government of Kenya of corruption.",
     {("Accusation", "Ruth Mensah", "Government of Kenya")}),
    ("Senator Dick Moran criticised Nigeria's government over the fuel subsidy.",
     {("Accusation", "Dick Moran", "Government of Nigeria")}),
    ("Legislator Wong Mei criticised the Hong Kong government.", {("Accusation", "Wong Mei", "Government of Hong Kong")}),
    ("The Zambian government was accused of corruption by opposition MP Chola Banda.",
     {("Accusation", "Chola Banda", "Government of Zambia")}),
    # a state's name alone, as subject, object or after 'from'
    ("Russia accused Ukraine of shelling the plant.", {("Accusation", "Government of Russia", "Government of Ukraine")}),
    ("Secretary of State Jim Pell blamed Iran for the attack.", {("Accusation", "Jim Pell", "Government of Iran")}),
    ("The United States and Britain condemned Iran.",
     {("Accusation", "Government of the United Kingdom & Government of the United States", "Government of Iran")}),
    # demands of apology from a government, and its apologies and refusals
    ("Ukraine demanded an apology from Iran.", {("ApologyDemand", "Government of Ukraine", "Government of Iran")}),
    ("President Volkan Dede demanded that Iran apologise.", {("ApologyDemand", "Volkan Dede", "Government of Iran")}),
    ("MP Grace Njeri asked the Indian government to apologise for the remarks.",
     {("ApologyDemand", "Grace Njeri", "Government of India")}),
    ("The Ghanaian government apologised to the families of the victims.", {("Apology", "Government of Ghana", "-")}),
    ("Iran refused to apologise for the crash.", {("ApologyRefusal", "Government of Iran", "-")}),
    # bills and motions
    ("The Indian government introduced a bill to amend the citizenship law.",
     {("MotionProposal", "Government of India", "bill")}),
    ("The South African government opposed the resolution.", {("Opposition", "Government of South Africa", "resolution")}),
    # 'the government', 'the federal government': the state the article is about
    ("Kenya: Ruth Mensah accused the government of corruption.", {("Accusation", "Ruth Mensah", "Government of Kenya")}),
    ("Opposition leader Ama Boateng accused the federal government of incompetence. Canadian MPs met on Monday.",
     {("Accusation", "Ama Boateng", "Government of Canada")}),
    # ... or the government the article named last
    ("Iran's foreign minister spoke first. Later, MP Ruth Mensah accused the Iranian government of lying. "
     "She also criticised the government for the crash.",
     {("Accusation", "Ruth Mensah", "Government of Iran")}),
    # 'government' as a modifier names no agent: the officials are not named
    ("Government officials accused Senator Bo Park of lying.", {("Accusation", "-", "Bo Park")}),
    # 'called to join' invites: the passive subject's apposition before the verb is no charge
    ("Italy, the proposed end point, and Egypt, which have gas fields of their own, were openly called to join.",
     set()),
]

TRAPS = [
    # no state known: 'the government' is no one the graph can name
    "Senator Idris Kell accused the government of lying.",
    # a state's name as a place, a modifier, inside a name, or another sense
    "Talks were held in Iran on Monday.",
    "Officials from Iran met in Geneva.",
    "Iran Air cancelled its flights.",
    "Thanksgiving turkey prices rose as shoppers blamed inflation.",
    # a government word that is no government: a modifier, a level below the state
    "The anti-government protesters accused the police of brutality.",
    "The local government was criticised by residents.",
    # a US state named like a country, a surname tagged as a place
    "Georgia passed the bill on Tuesday, Governor Amos Kemp said.",
    "The umpire ejected Jordan from the game.",
]


@pytest.mark.parametrize("text,want", FACTS)
def test_governments_facts_are_found(facts, text, want) -> None:
    asserted, _, _ = facts(text)
    assert asserted == want


@pytest.mark.parametrize("text", TRAPS)
def test_governments_traps_give_no_government_and_no_fact(facts, text) -> None:
    asserted, claims, analysis = facts(text)
    assert not asserted
    assert not any(e.name.startswith("Government of") for e in analysis.entities)


def test_governments_a_state_named_in_passing_is_no_entity(facts) -> None:
    # an office of a state keeps its own name; the state where something happens makes no node
    _, _, analysis = facts("Iranian President Hassan Rouhani met officials in Iran.")
    assert not any(e.name.startswith("Government of") for e in analysis.entities)


def test_governments_entity_has_the_labels_readers_use(facts) -> None:
    _, _, analysis = facts("Ukraine demanded an apology from Iran.")
    iran, = (e for e in analysis.entities if e.name == "Government of Iran")
    assert iran.kind == "Organization"
    assert {"Iran", "Iranian government", "Islamic Republic of Iran"} <= set(iran.aliases)


def test_governments_charge_of_is_not_the_actor_of_the_object(nlp) -> None:
    """'accused the government of corruption': the 'of' that holds the charge names no actor of 'government'."""
    doc = nlp("Ruth Mensah accused the Kenyan government of corruption.")
    government = next(t for t in doc if t.lower_ == "government")
    of = next(t for t in doc if t.lower_ == "of")
    assert of.head.i == government.i  # the model's parse: the charge hung on the object
    assert actor(government).lower_ == "corruption"
    assert actor(government, skip=of).text == "Kenyan"  # the state's adjective: the mention's token
