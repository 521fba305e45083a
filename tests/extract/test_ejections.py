"""Ejections in the ways reporters write them, in several legislatures' vocabularies, and the
off-topic, hypothetical and failed senses of the same words, which must give no ejection.

All names and sentences are invented. These tests run the real model (marked ``model``).
"""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.model


def _ejections(asserted) -> set[tuple[str, str]]:
    return {(a, t) for c, a, t in asserted if c == "Ejection"}


# (text, agent or "-" for any, target names "A & B" or "-" for none)
FORMS = [
    # phrasal
    ("Speaker Tobias Kanyi kicked EFF MP Wren Addo out of the National Assembly.", "Tobias Kanyi", "Wren Addo"),
    ("MLA Farah Quint was tossed out of the Vidhan Sabha by Speaker Piet Alvaro.", "Piet Alvaro", "Farah Quint"),
    ("Councillor Wren Addo was booted out of the council meeting by Mayor Tobias Kanyi.", "Tobias Kanyi", "Wren Addo"),
    ("Senator Farah Quint was escorted out of the chamber by the Sergeant at Arms.", "-", "Farah Quint"),
    ("Opposition MP Wren Addo was shown the door by the Speaker.", "Speaker", "Wren Addo"),
    ("MP Farah Quint was ordered out of the chamber by the Speaker.", "Speaker", "Farah Quint"),
    ("Marshals carried MLA Piet Alvaro out of the Vidhan Sabha.", "-", "Piet Alvaro"),
    ("Police removed EFF MP Wren Addo from the National Assembly chamber.", "-", "Wren Addo"),
    ("Senator Farah Quint got kicked out of the Senate chamber on Tuesday.", "-", "Farah Quint"),
    # Westminster
    ("MP Farah Quint was suspended from Parliament for five days.", "-", "Farah Quint"),
    ("The Deputy Speaker expelled opposition MP Piet Alvaro from the sitting for unparliamentary language.",
     "Deputy Speaker", "Piet Alvaro"),
    ("The Speaker suspended MP Farah Quint from the service of the House for five days.", "Speaker", "Farah Quint"),
    ("MP Piet Alvaro was named and suspended by the Speaker.", "Speaker", "Piet Alvaro"),
    ("MP Farah Quint was banned from the chamber for a week by a vote of the House.", "House", "Farah Quint"),
    ("Senator Piet Alvaro was removed from the floor by order of the Senate President.", "Senate President",
     "Piet Alvaro"),
    ("The Speaker asked the Serjeant-at-Arms to remove MP Piet Alvaro.", "Speaker", "Piet Alvaro"),
    ("MP Farah Quint was not allowed to take part in the rest of the sitting.", "-", "Farah Quint"),
    ("The House adopted a motion to suspend MP Wren Addo for ten sitting days.", "House", "Wren Addo"),
    # US, India, Africa, councils
    ("Representative Tobias Kanyi was removed from the floor of the House by the Speaker.", "Speaker", "Tobias Kanyi"),
    ("Speaker Tobias Kanyi told MLA Farah Quint to leave the House.", "Tobias Kanyi", "Farah Quint"),
    ("Speaker Tobias Kanyi directed the marshals to evict MLA Farah Quint from the Vidhan Sabha.", "Tobias Kanyi",
     "Farah Quint"),
    ("The council chair ordered Councillor Wren Addo to leave the chamber.", "-", "Wren Addo"),
    # headlines: a passive without its auxiliary
    ("Labour MP Farah Quint ejected from Commons after row with minister.", "-", "Farah Quint"),
    ("EFF MP Piet Alvaro kicked out of National Assembly after heated exchange.", "-", "Piet Alvaro"),
    # lists and coordinations
    ("Three EFF members were ejected from the National Assembly: Farah Quint, Piet Alvaro and Wren Addo.", "-",
     "Farah Quint & Piet Alvaro & Wren Addo"),
    ("Farah Quint and Piet Alvaro were thrown out of the chamber by the Speaker.", "Speaker", "Farah Quint & Piet Alvaro"),
    ("The suspended members include Farah Quint, Piet Alvaro and Wren Addo, the Speaker said.", "-",
     "Farah Quint & Piet Alvaro & Wren Addo"),
    # members unnamed
    ("Lawmakers heckled the mayor in the council chamber. A number of councillors were removed.", "-", "-"),
    ("Senators shouted at the chair. Several of the senators were ejected.", "-", "-"),
    # nominal triggers
    ("The Speaker's ejection of MP Farah Quint angered the opposition in the chamber.", "-", "Farah Quint"),
    ("MP Wren Addo spoke to reporters after her ejection from the Lok Sabha.", "-", "Wren Addo"),
    ("The suspension of Councillor Tobias Kanyi by Speaker Farah Quint lasted a week.", "Farah Quint", "Tobias Kanyi"),
    # on whose orders: the one who ordered it ejected, when no one named did it
    ("MP Wren Addo was frog-marched out of the National Assembly on the Speaker's orders.", "Speaker", "Wren Addo"),
    ("MP Wren Addo was removed from the chamber on the orders of Speaker Tobias Kanyi.", "Tobias Kanyi", "Wren Addo"),
    ("Marshals evicted MLA Farah Quint on the instructions of Chairman Piet Alvaro.", "Piet Alvaro", "Farah Quint"),
    ("Councillor Wren Addo was escorted out of the meeting at the request of Mayor Tobias Kanyi.",
     "Tobias Kanyi", "Wren Addo"),
]


@pytest.mark.parametrize("text,agent,target", FORMS)
def test_ejections_form_is_found(facts, text, agent, target) -> None:
    asserted, _, _ = facts(text)
    found = _ejections(asserted)
    assert any((agent == "-" or a == agent) and t == target for a, t in found), f"want ({agent}, {target}); got {found}"


# other senses of the words, and targets that are not someone in a sitting
OFF_TOPIC = [
    "The umpire ejected Farah Quint in the third inning.",
    "The referee sent off Piet Alvaro and the coach was thrown out of the stadium.",
    "Two passengers were ejected from the bus when it overturned on the highway.",
    "The driver Wren Addo was thrown out of the car in the crash.",
    "Athens expelled the ambassador Piet Alvaro over the agreement.",
    "The government expelled the envoy Tobias Kanyi.",
    "President Farah Quint was removed from office by the Senate.",
    "A military coup removed Prime Minister Tobias Kanyi in 2006.",
    "The Queen suspended parliament for five weeks.",
    "The Speaker suspended the sitting for an hour.",
    "The bill was suspended after the protests.",
    "The officers Piet Alvaro and Wren Addo, suspended from duty, are back at work.",
    "The authority suspended the airline's permit to land in the capital.",
    "The league suspended its season.",
    "Warm water makes the coral expel the algae from its body.",
    "The judge threw out the case against Councillor Wren Addo.",
    "The case against MP Farah Quint was thrown out of court.",
    "The Assembly passed a resolution to expel foreign troops from the country.",
    "The Labour Party expelled Councillor Wren Addo from the party.",
    "Speaker Tobias Kanyi removed the banner from the gallery.",
    "The disciplinary committee suspended the cyclist Farah Quint for two years for doping.",
    "The chief constable suspended Piet Alvaro after the raid.",
    "The White House removed the reporter Wren Addo from the briefing room.",
    "Prime Minister Tobias Kanyi removed Minister Farah Quint from the cabinet.",
    "The party expelled MP Piet Alvaro from its caucus in the Assembly.",
    "MP Farah Quint was removed as chair of the public accounts committee.",
    "Councillor Tobias Kanyi was ousted as council leader after a vote of the council.",
    "MP Piet Alvaro was expelled from the Unity Party after the vote in the Assembly.",
    "The EFF suspended MP Wren Addo from the EFF for a month, the Speaker said.",
    "The umpire tossed Farah Quint out of the game in the ninth inning.",
    "Ottawa Senators forward Piet Alvaro was ejected in the second period of the hockey final.",
    # removal from a post, not from a seat: the target is named by the title of a post, or holds one
    "The House voted to remove its speaker, Karl Moen, through a motion to vacate.",
    "Congress ousted President Juan Perez on Friday.",
    "The Assembly removed Speaker Ken Ato in a no-confidence vote.",
    "The removal of Omar Benn, president of the republic, was initiated by Congress.",
    "President Ivo Sarr dismissed the incumbent Lena Dahl and appointed a successor.",
    "He is the first judge who was removed and disqualified from holding public office.",
    "Speaker Karl Moen lost a vote in the House on Tuesday. Moen's removal was the first in a century.",
    # a party's discipline, a committee seat
    "The party expelled 12 councillors from its ranks after the council vote.",
    "Labour suspended MP Jonas Rek pending an investigation into his remarks in the Commons.",
    "The ANC expelled MP Jonas Rek after the vote in the National Assembly.",
    "MP Jonas Rek was removed from the public accounts committee.",
]


@pytest.mark.parametrize("text", OFF_TOPIC)
def test_ejections_other_sense_is_nothing(facts, text) -> None:
    asserted, _, _ = facts(text)
    assert not _ejections(asserted)


# hypotheticals, failures, attempts and threats: claims, never asserted ejections
UNASSERTED = [
    "If Farah Quint were removed, the House would lose its majority.",
    "The vote to remove Councillor Piet Alvaro from the chamber failed by one vote.",
    "The motion to suspend MP Wren Addo was defeated in the House.",
    "A two-thirds majority of the Senate is needed for removal.",
    "MP Piet Alvaro could be ejected from the chamber.",
    "Speaker Tobias Kanyi threatened to eject MP Farah Quint.",
    "Backbenchers tried to have MP Farah Quint removed from the chamber.",
    "MP Farah Quint was allowed to take part in the rest of the sitting.",
    "MP Wren Addo will not be allowed to remain in the chamber if she repeats the remark.",
    "Opposition MPs called for the suspension of MP Farah Quint.",
    "MP Farah Quint asked the Speaker to remove MP Piet Alvaro.",
    # what may be done, or what happens each time: a power, an ability, a rule
    "If a member breaches the code, the House has the power to suspend them for the rest of the session.",
    "The Speaker has the authority to eject members who disrupt the sitting.",
    "The Speaker can order that an MP is removed from the house until the end of the day.",
    "Members of the House can be suspended by the Speaker for disorderly conduct.",
    "The Constitution empowers the House to expel a member.",
    "When an MP is named, a vote is held in the house.",
    "If the vote succeeds, the MP named is suspended for five days.",
    "Whenever a councillor is ejected, the meeting is adjourned.",
    # a near miss did not happen
    "MP Wren Addo was nearly ejected from the chamber.",
    "Councillor Piet Alvaro was almost thrown out of the meeting by Mayor Tobias Kanyi.",
]


@pytest.mark.parametrize("text", UNASSERTED)
def test_ejections_unasserted_is_no_ejection(facts, text) -> None:
    asserted, _, _ = facts(text)
    assert not _ejections(asserted)


# the implicit agent: the one presiding officer of the article, else none; never the ejected
IMPLICIT = [
    ("Speaker Tobias Kanyi opened the sitting. MP Farah Quint was ordered to leave the chamber.", "Tobias Kanyi"),
    ("Deputy Speaker Wren Addo presided over the Lok Sabha. MP Farah Quint was ordered to leave the House.", "Wren Addo"),
    ("Speaker Piet Alvaro called the Assembly to order. EFF MP Wren Addo was thrown out of the chamber.", "Piet Alvaro"),
    ("Speaker Piet Alvaro opened the sitting. MP Wren Addo was suspended after she refused to withdraw.", "Piet Alvaro"),
    ("MP Farah Quint was ordered to leave the chamber.", "-"),
    ("Speaker Tobias Kanyi and Deputy Speaker Piet Alvaro chaired the sitting. MP Farah Quint was ordered to leave the "
     "chamber.", "-"),
    ("Speaker Tobias Kanyi was ejected from the chamber by the members.", "-"),
    # the chair of the sitting reported, wherever the story names it; not for a removal of another year
    ("Speaker Tobias Kanyi opened the sitting.\n\nThe debate on the budget went on for hours.\n\nMinisters answered "
     "questions on housing.\n\nMP Farah Quint was ordered to leave the chamber.", "Tobias Kanyi"),
    ("Speaker Tobias Kanyi opened the sitting. In May 2009, MP Farah Quint was suspended.", "-"),
]


@pytest.mark.parametrize("text,agent", IMPLICIT)
def test_ejections_implicit_agent_is_the_sole_presiding_officer(facts, text, agent) -> None:
    asserted, _, analysis = facts(text)
    found = _ejections(asserted)
    assert {a for a, _ in found} == {agent}, found
    for e in analysis.events:
        if e.cls == "Ejection" and e.asserted and e.rule.endswith(".presiding_agent"):
            assert e.confidence < 0.7
            assert not {id(a.entity) for a in e.agents} & {id(t.entity) for t in e.targets}


# the presiding officer's own words, in a quote: the act is the speaker's
FORMULAS = [
    ('"I name the Honourable Member for Westvale, Mr Piet Alvaro," Speaker Tobias Kanyi said.', "Tobias Kanyi",
     "Piet Alvaro"),
    ('"I am naming Farah Quint," Speaker Tobias Kanyi said.', "Tobias Kanyi", "Farah Quint"),
    ('Speaker Wren Addo told MP Farah Quint: "I must ask you to leave the chamber for the rest of the day."',
     "Wren Addo", "Farah Quint"),
    ('"Serjeant-at-Arms, remove the member for Westvale," said Speaker Tobias Kanyi.', "Tobias Kanyi", "-"),
    ('"The member will withdraw from the chamber," said the Speaker.', "Speaker", "-"),
]


@pytest.mark.parametrize("text,agent,target", FORMULAS)
def test_ejections_presiding_formula_in_a_quote(facts, text, agent, target) -> None:
    asserted, _, _ = facts(text)
    found = _ejections(asserted)
    assert any(a == agent and (target == "-" or t == target) for a, t in found), found


FORMULA_TRAPS = [
    '"I will not leave the chamber," MP Farah Quint said.',
    '"If he does it again I will ask the member to leave the chamber," the Speaker said.',
    '"The Speaker should have named Piet Alvaro," MP Farah Quint said.',
    '"Members who refuse will be asked to leave the chamber," the Speaker said.',
    '"I name this ship the Northern Star," said Farah Quint at the harbour.',
    '"I must ask the member to sit down," Speaker Tobias Kanyi said.',
]


@pytest.mark.parametrize("text", FORMULA_TRAPS)
def test_ejections_formula_said_by_another_or_as_a_condition_is_nothing(facts, text) -> None:
    asserted, _, _ = facts(text)
    assert not _ejections(asserted)


@pytest.mark.parametrize("text,agent,target", [
    # 'ordered X removed', 'had X evicted': the one who ordered it ejects X
    ("The chairperson ordered Councillor Wren Addo removed from the council meeting.", "-", "Wren Addo"),
    ("Speaker Tobias Kanyi had MLA Farah Quint evicted from the Vidhan Sabha.", "Tobias Kanyi", "Farah Quint"),
    ("Senate President Piet Alvaro ordered Senator Wren Addo removed from the chamber.", "Piet Alvaro", "Wren Addo"),
])
def test_ejections_ordered_removed(facts, text, agent, target) -> None:
    asserted, _, _ = facts(text)
    assert ("Ejection", agent, target) in asserted, asserted


@pytest.mark.parametrize("text", [
    "Speaker Tobias Kanyi threatened to have MLA Farah Quint evicted from the Vidhan Sabha.",
    "Speaker Tobias Kanyi did not order MP Farah Quint removed from the chamber.",
    "Speaker Tobias Kanyi could order MP Farah Quint removed from the chamber.",
    "The umpire ordered the player removed from the field.",
])
def test_ejections_ordered_removed_traps(facts, text) -> None:
    asserted, _, _ = facts(text)
    assert not {r for r in asserted if r[0] == "Ejection"}, asserted


@pytest.mark.parametrize("text,target", [
    # a passive conjoined to the clause of its subject: the subject is ejected
    ("MP Owen Pryce refused to withdraw his comments and was ordered out of the chamber.", "Owen Pryce"),
    ("MLA Kavya Rao shouted at the Chief Minister and was suspended from the Vidhan Sabha for a week.", "Kavya Rao"),
])
def test_ejections_conjoined_passive_takes_the_shared_subject(facts, text, target) -> None:
    asserted, _, _ = facts(text)
    assert any(r[0] == "Ejection" and r[2] == target for r in asserted), asserted


@pytest.mark.parametrize("text,agent,target", [
    # the one who excludes 'him' is not 'him': the subject's title and the name in apposition to it are bound
    ("Opposition deputy Jan Wolny held up a banner in the Sejm. After warnings, Marshal of the Sejm, Adam Rybak, "
     "excluded him from the debate.", "Adam Rybak", "Jan Wolny"),
    ("MP Owen Trask heckled the minister. The Speaker of the National Assembly, Thandi Mokoena, then threw him out.",
     "Thandi Mokoena", "Owen Trask"),
])
def test_ejections_object_pronoun_is_not_the_subject(facts, text, agent, target) -> None:
    asserted, _, _ = facts(text)
    assert ("Ejection", agent, target) in asserted, asserted


# a group named, then listed: 'Among those expelled are A and B' are the ones the earlier event removed, by its agent
GROUPS = [
    ("The National Assembly expelled six members on Tuesday. Among those expelled are Farah Quint (Westvale), Piet "
     "Alvaro (Eastmoor) and Wren Addo (Hillcrest).", "National Assembly", "Farah Quint & Piet Alvaro & Wren Addo"),
    ("The Speaker suspended nine opposition MPs from the Lok Sabha. Those suspended include Kavya Menon and Arun Velan.",
     "Speaker", "Arun Velan & Kavya Menon"),
    ("The Legislative Council suspended three members for a week. Among the members suspended were Otto Lind and "
     "Ida Brenner.", "Legislative Council", "Ida Brenner & Otto Lind"),
    # a legislature expels from itself: the party in the 'from' phrase is the members'
    ("Parliament on Monday expelled 12 lawmakers from the breakaway Unity Party after the party wrote to the Speaker.",
     "Parliament", "-"),
    ("The Speaker named and suspended Conservative MPs Ann Bell and Tom Cole in the Commons.", "Speaker",
     "Ann Bell & Tom Cole"),
]


@pytest.mark.parametrize("text,agent,target", GROUPS)
def test_ejections_group_listed_takes_the_group_event_agent(facts, text, agent, target) -> None:
    asserted, _, _ = facts(text)
    assert ("Ejection", agent, target) in asserted, asserted


@pytest.mark.parametrize("text,target", [
    # the agent is the earlier event's only when the verb is the same and that event named no one
    ("The Speaker ejected MP Owen Trask from the Assembly on Monday. Those suspended include Farah Quint and Piet "
     "Alvaro.", "Farah Quint & Piet Alvaro"),
    ("The Speaker suspended MP Owen Trask from the Assembly on Monday. Those suspended include Farah Quint and Piet "
     "Alvaro.", "Farah Quint & Piet Alvaro"),
])
def test_ejections_group_listed_without_a_group_event_has_no_agent(facts, text, target) -> None:
    asserted, _, _ = facts(text)
    assert ("Ejection", "-", target) in asserted, asserted


_TABLE = """The Senate of Westland may expel a senator by a two-thirds vote.

Senators Expelled From the Senate of Westland

The Senate has used the power rarely.

| Senator | Reason | Date |
|---|---|---|
| Ada Obi | Bribery | March 3, 1921 |
| Femi Ade | Treason | June 9, 1944 |"""
_LINES = """Members of the Legislative Assembly can be suspended by the Speaker.

List of MLAs suspended from the Assembly

Date Member Party Reason
4 May 1999 Tom Hale Labour Shouting at the minister.
12 June 2003 Ann Bell Labour Refusing to withdraw a remark about Ravi Das.
1987 Jim Cole Liberal Calling the minister Ravi Das a liar."""


@pytest.mark.parametrize("text,expected", [
    # a table under a heading of members expelled from a house: the house expelled each, on the row's date
    (_TABLE, {("Senate", "Ada Obi", "1921-03-03"), ("Senate", "Femi Ade", "1944-06-09")}),
    # a list of lines: the person each line begins with, not one named later in it; a year alone is no date
    (_LINES, {("-", "Tom Hale", "1999-05-04"), ("-", "Ann Bell", "2003-06-12"), ("-", "Jim Cole", "None")}),
])
def test_ejections_list_under_a_heading_is_one_ejection_a_row(facts, text, expected) -> None:
    _, _, analysis = facts(text)
    rows = {(" & ".join(a.entity.name for a in e.agents) or "-", " & ".join(t.entity.name for t in e.targets), str(e.date))
            for e in analysis.events if e.cls == "Ejection" and e.asserted and e.rule.endswith(".list")}
    assert rows == expected


@pytest.mark.parametrize("text", [
    # players of a league, members who could be suspended, bills: no one ejected from a sitting
    _LINES.replace("List of MLAs suspended from the Assembly", "List of players suspended from the league"),
    _LINES.replace("List of MLAs suspended from the Assembly", "List of MLAs who could be suspended from the Assembly"),
    _LINES.replace("List of MLAs suspended from the Assembly", "List of bills suspended by the Assembly"),
    # a heading that is a sentence, and no table under it
    _LINES.replace("List of MLAs suspended from the Assembly", "Three MLAs were suspended from the Assembly."),
])
def test_ejections_list_under_another_heading_is_nothing(facts, text) -> None:
    _, _, analysis = facts(text)
    assert not [e for e in analysis.events if e.rule.endswith(".list")]


# walked out, ordered out, a motion a body adopts, a ruling that one may not take part, the chair's words after
# any verb of saying
MORE_FORMS = [
    ("Security officers walked MP Thabo Zulu out of the chamber on the orders of the Speaker.", "Speaker", "Thabo Zulu"),
    ("Marshals hustled MLA Arun Velan out of the Vidhan Sabha after he tore up the bill.", "-", "Arun Velan"),
    ("Speaker Hana Kowal ordered MP Jonas Rek out of the chamber.", "Hana Kowal", "Jonas Rek"),
    ("Senate President Ada Obi ordered Senator Femi Ade out of the chamber.", "Ada Obi", "Femi Ade"),
    ("The Lok Sabha adopted a motion moved by Minister Arvind Rathore to suspend MP Kavya Menon for the rest of the "
     "session.", "Lok Sabha", "Kavya Menon"),
    ("The Dáil passed a motion suspending TD Sean Brady from the chamber for ten days.", "Dáil", "Sean Brady"),
    ("The National Assembly adopted a resolution expelling MP Lwazi Ntuli after a disciplinary hearing.",
     "National Assembly", "Lwazi Ntuli"),
    ("The Senate upheld the motion to expel Senator Joel Marsh from the chamber by 41 votes to 12.", "Senate", "Joel Marsh"),
    ("Speaker Hana Kowal ruled that MP Jonas Rek could not participate in the rest of the sitting.", "Hana Kowal",
     "Jonas Rek"),
    ("The Chairman of the Rajya Sabha ruled that MP Kavya Menon could not remain in the House for the rest of the week.",
     "Chair of the Rajya Sabha", "Kavya Menon"),
    ("Deputy Speaker Ama Boateng sent MP Kofi Mensah for a recess after he refused to withdraw the remark in "
     "Parliament.", "Ama Boateng", "Kofi Mensah"),
    ("The Chairman of the Rajya Sabha suspended the memberships of Tom Hale and Arun Velan for the rest of the week.",
     "Chair of the Rajya Sabha", "Arun Velan & Tom Hale"),
    # the expulsions a house has made, listed with their years
    ("The House of Representatives has expelled five members: John Ardent in 1861, Paul Vance in 1861, Mark Lowell in "
     "1980, Eric Sand in 2002 and Tom Guy in 2023.", "House of Representatives",
     "Eric Sand & John Ardent & Mark Lowell & Paul Vance & Tom Guy"),
    ('"The member will leave the House," Speaker Hana Kowal responded.', "Hana Kowal", "-"),
    ('"Order! The honourable member for Eastmoor will leave the chamber," the Deputy Speaker replied.', "Deputy Speaker",
     "-"),
]


@pytest.mark.parametrize("text,agent,target", MORE_FORMS)
def test_ejections_more_forms_are_found(facts, text, agent, target) -> None:
    asserted, _, _ = facts(text)
    assert any((agent == "-" or a == agent) and t == target for a, t in _ejections(asserted)), asserted


@pytest.mark.parametrize("text", [
    "Opposition MPs walked out of the National Assembly in protest at the ruling.",
    "The Senate rejected the motion to expel Senator Joel Marsh from the chamber.",
    "The Assembly could adopt a motion to suspend MP Lwazi Ntuli next week.",
    "The council passed a motion to suspend the parking charges in the town centre.",
    "The ANC suspended the party membership of MP Sipho Dlamini after the vote in the National Assembly.",
    "The Speaker sent the House for a recess of thirty minutes.",
    "Speaker Hana Kowal ruled that MP Jonas Rek could participate in the rest of the sitting.",
    '"The member will leave the House," MP Jonas Rek replied to the Speaker.',
])
def test_ejections_more_forms_traps(facts, text) -> None:
    asserted, _, _ = facts(text)
    assert not _ejections(asserted)


@pytest.mark.parametrize("text,agent,target", [
    # an ejection the speaker of a quote reports, not one of the speaker's own acts
    ('Majority Leader Steve Scally said, "Rep. Al Grant continued shouting, impeding the President from addressing '
     'Congress, and eventually had to be escorted out of the House Chamber by the Sergeant at Arms."', "-", "Al Grant"),
    ('"The Speaker threw MP Jonas Rek out of the chamber for telling the truth," opposition leader Ann Bell said.',
     "Speaker", "Jonas Rek"),
    # the vote that expels from a house is the house's
    ("Representative George Santo was expelled from the House by a vote of 311-114.", "House", "George Santo"),
])
def test_ejections_reported_in_a_quote_or_by_a_vote(facts, text, agent, target) -> None:
    asserted, _, _ = facts(text)
    assert any((agent == "-" or a == agent) and t == target for a, t in _ejections(asserted)), asserted


@pytest.mark.parametrize("text", [
    '"If he does it again, he will be thrown out of the chamber," Speaker Hana Kowal said.',
    '"They should throw him out of the House," MP Ann Bell said of Jonas Rek.',
    '"I was not expelled from the Assembly," MP Jonas Rek said.',
    '"You cannot expel me from this House," MP Jonas Rek told the Speaker.',
    '"Members who disrupt the sitting will be removed," Speaker Hana Kowal said.',
    '"The referee sent him off," MP Jonas Rek said of the striker.',
    # what did not happen
    "Labour MP Dina Butler narrowly avoided being thrown out of the chamber.",
    "MP Jonas Rek escaped suspension from the House after apologising.",
])
def test_ejections_quoted_or_avoided_traps(facts, text) -> None:
    asserted, _, _ = facts(text)
    assert not _ejections(asserted)


@pytest.mark.parametrize("text,agent,target", [
    # a passive gerund in a phrase of a clause is said of the clause's subject
    ("After being ejected from the chamber, MP Jonas Rek told reporters the Speaker was biased.", "-", "Jonas Rek"),
    ("MP Jonas Rek left the chamber after being ordered out by the Speaker.", "Speaker", "Jonas Rek"),
    # one of a group
    ("MP Jonas Rek was one of five MPs suspended from the Lok Sabha on Tuesday.", "-", "Jonas Rek"),
    # who had the member removed, whoever carried it out
    ("Speaker Hana Kowal had MP Jonas Rek escorted out of the chamber by the Serjeant-at-Arms.", "Hana Kowal", "Jonas Rek"),
])
def test_ejections_said_of_the_clause_subject_or_the_causer(facts, text, agent, target) -> None:
    asserted, _, _ = facts(text)
    assert any((agent == "-" or a == agent) and t == target for a, t in _ejections(asserted)), asserted


@pytest.mark.parametrize("text", [
    "MP Jonas Rek was suspended without pay from his job at the bank in the capital, the Speaker said.",
    "MP Jonas Rek was removed from the party list before the election to the National Assembly.",
    "MP Jonas Rek was suspended from Twitter after his remarks in the chamber.",
    "MP Jonas Rek was asked to leave the party by its leader.",
    "MP Jonas Rek had the party whip removed after the vote in the Commons.",
    "Police removed protesters from the public gallery of the National Assembly.",
    "MP Jonas Rek was suspended from the Assembly's public accounts committee.",
])
def test_ejections_from_another_thing_than_the_sitting_is_nothing(facts, text) -> None:
    asserted, _, _ = facts(text)
    assert not _ejections(asserted)


@pytest.mark.parametrize("text", [
    # named in a report, after someone, to a committee: not the chair's naming of a member
    "MP Jonas Rek was named in the auditor's report on the accounts of the National Assembly.",
    "MP Jonas Rek was named after his grandfather, a former Speaker.",
    "MP Jonas Rek was named in the Pandora Papers, the chamber heard.",
    "MP Jonas Rek was named to the public accounts committee of the National Assembly.",
    "The Speaker named the new committee members in the chamber.",
    "MP Jonas Rek was expelled from university in 1990, years before he entered Parliament.",
])
def test_ejections_other_namings_are_nothing(facts, text) -> None:
    asserted, _, _ = facts(text)
    assert not _ejections(asserted)


@pytest.mark.parametrize("text,agent,target", [
    # a body that adopts a motion to remove is the ejector, its mover a proposer (issue 39.5)
    ("The Lok Sabha adopted a motion moved by Minister Arun Velan to suspend MP Owen Pryce.", "Lok Sabha", "Owen Pryce"),
    ("The National Assembly upheld a motion to suspend MP Chola Banda for 30 days.", "National Assembly", "Chola Banda"),
    # a plural seat title before the names
    ("The House of Commons passed a resolution suspending MPs Owen Pryce and Farah Quint.", "House of Commons",
     "Farah Quint & Owen Pryce"),
    ("The Senate expelled senators Tobias Kanyi and Nkem Obi.", "Senate", "Nkem Obi & Tobias Kanyi"),
])
def test_ejections_by_the_body_that_adopts(facts, text, agent, target) -> None:
    asserted, _, _ = facts(text)
    assert ("Ejection", agent, target) in asserted, asserted


@pytest.mark.parametrize("text", [
    # what did not happen, what may happen, what is proposed (issue 39.6)
    "Instead of expelling Senator Tobias Kanyi, the Senate censured him.",
    "Rather than suspending MP Owen Pryce from the chamber, the Speaker issued a warning.",
    "Had he refused to withdraw, MP Owen Pryce would have been expelled from the chamber.",
    "The rule allows the Speaker to suspend MP Owen Pryce from the sitting.",
    "Standing Order 42 can be invoked to bar MP Owen Pryce from the chamber.",
    "Senator Nkem Obi proposed the suspension of Senator Tobias Kanyi from the Senate.",
    "The privileges committee recommended that MP Owen Pryce be suspended from the House for ten sitting days.",
    "The Lok Sabha rejected a motion moved by Minister Arun Velan to suspend MP Owen Pryce.",
])
def test_ejections_counterfactual_allowed_or_proposed_are_none(facts, text) -> None:
    asserted, _, _ = facts(text)
    assert not _ejections(asserted), asserted
