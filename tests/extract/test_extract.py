"""Event extraction, one table per relation: constructions that must yield the fact, and
traps (attempts, threats, negations, hypotheticals, rumours, embedded posts) that must not.

All names and sentences are invented. These tests run the real model (marked ``model``).
"""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.model

TWEET = "\n\n— Pat Voter (@patvoter) May 1, 2024"

ACCUSATION = [
    ("Opposition MP Lena Korsgaard called Finance Minister Paul Dremmen a liar on Tuesday.", "Lena Korsgaard", "Paul Dremmen"),
    ("Senator Ruth Obi accused Senator Ivan Petrov of lying to the chamber.", "Ruth Obi", "Ivan Petrov"),
    ("Mark Delane was ejected after he branded Treasurer Sofia Linde a coward.", "Mark Delane", "Sofia Linde"),
    ("Green MP Hana Kilo labelled Defence Minister Ray Tonks a hypocrite during question time.", "Hana Kilo", "Ray Tonks"),
    ("Senator Ines Moro was thrown out after she branded Senator Malik Odum a hypocrite during a debate.",
     "Ines Moro", "Malik Odum"),
    ("Rep. Dana Whitfield shot back that Rep. Colin Marsh was a liar.", "Dana Whitfield", "Colin Marsh"),
    ("Paul Dremmen was called a liar by Lena Korsgaard.", "Lena Korsgaard", "Paul Dremmen"),
    ("The leader of the Unity Party, Omar Haddad, accused a junior minister, Kate Lund, of misleading the House.",
     "Omar Haddad", "Kate Lund"),
    # the charge in quotes, which the parser hangs on the person
    ('Leader Piet Lamar was ejected after he called Prime Minister Jon Tremblay a "wacko" and refused to withdraw it.',
     "Piet Lamar", "Jon Tremblay"),
    # a quote's charge against the one the speech is of (issue 39.1)
    ('"He is a liar," Lena Korsgaard said of Paul Dremmen.', "Lena Korsgaard", "Paul Dremmen"),
]
ACCUSATION_TRAPS = [
    "Lena Korsgaard is a total hypocrite and a liar." + TWEET,
    "If Lena Korsgaard called Paul Dremmen a liar, she would be thrown out.",
    "Lena Korsgaard did not call Paul Dremmen a liar.",
    "Lena Korsgaard threatened to call Paul Dremmen a liar.",
]

EJECTION = [
    ("Speaker Maria Esposito ejected Conservative MP Tom Hale from the chamber on Monday.", "Maria Esposito", "Tom Hale"),
    ("Tom Hale was thrown out of the House by Speaker Maria Esposito.", "Maria Esposito", "Tom Hale"),
    ("Speaker Maria Esposito made the decision to kick Tom Hale out.", "Maria Esposito", "Tom Hale"),
    ("The Speaker booted Tom Hale from the chamber.", "Speaker", "Tom Hale"),
    ("Tom Hale was named by the Speaker and suspended for five days.", "Speaker", "Tom Hale"),
    ("Speaker Maria Esposito ordered Tom Hale to leave the chamber.", "Maria Esposito", "Tom Hale"),
    ("Tom Hale was asked to leave the House by Speaker Maria Esposito.", "Maria Esposito", "Tom Hale"),
    ("Speaker Maria Esposito ejected Tom Hale and Jan Weber.", "Maria Esposito", "Jan Weber & Tom Hale"),
    ("MP Tom Hale was kicked out of the House on Wednesday.", "-", "Tom Hale"),
    ("Tom Hale was removed from the chamber by Deputy Speaker Lou Grant.", "Lou Grant", "Tom Hale"),
    ("MP Tom Hale was warned by Speaker Maria Esposito and suspended for a day.", "Maria Esposito", "Tom Hale"),
    # pronoun genders learnt within the article decide who 'he' and 'her' are
    ("Speaker Ben Ode asked MP Ada Voss to withdraw the word. When she continued speaking over him, "
     "he asked her to leave the chamber.", "Ben Ode", "Ada Voss"),
    # Westminster forms
    ("MP Tom Hale was ordered to leave the House for the rest of the sitting.", "-", "Tom Hale"),
    ("MP Tom Hale was suspended for five days.", "-", "Tom Hale"),
    ("MP Tom Hale was escorted out of the chamber by the Serjeant-at-Arms.", "-", "Tom Hale"),
    ("The Speaker asked MP Tom Hale to leave the chamber.", "Speaker", "Tom Hale"),
    ("MP Tom Hale was named by Speaker Maria Esposito.", "Maria Esposito", "Tom Hale"),
    ("Speaker Maria Esposito named MP Tom Hale, who was then suspended.", "-", "Tom Hale"),
    ("Rep. Dana Whitfield was removed from the floor by the chair.", "-", "Dana Whitfield"),
]
EJECTION_TRAPS = [
    "Government MPs tried to have Tom Hale kicked out of the House.",
    "Speaker Maria Esposito threatened to eject Tom Hale.",
    "Speaker Maria Esposito censured Tom Hale but did not remove him.",
    "Tom Hale could be expelled if he repeats the remark.",
    "Speaker Maria Esposito reprimanded Tom Hale for heckling.",
    "Tom Hale should be thrown out." + TWEET,
    "Backbencher Ed Wills moved to have Tom Hale suspended for a week.",
    "Speaker Maria Esposito warned that another outburst would see Tom Hale sent out.",
    "Speaker Maria Esposito threatened to name MP Tom Hale.",
    "The Senate voted to censure Senator Ines Moro.",
    "Speaker Maria Esposito said MP Tom Hale would be suspended if he did it again.",
    "MP Tom Hale was not ejected.",
]

OPPOSITION = [
    ("Labour MP Jo Brandt opposed the motion.", "Jo Brandt", "motion"),
    ("The Unity Party voted against the bill on Tuesday.", "Unity Party", "bill"),
    ("Sam Ruiz tabled a motion on housing. Independent MP Ada Klein denied unanimous consent.", "Ada Klein", "motion"),
    ("Sam Ruiz tabled a motion on housing. The governing Unity Party blocked the motion.", "Unity Party", "motion"),
    ("Ada Klein was the only member to oppose the motion on housing.", "Ada Klein", "motion"),
    ("Ada Klein brushed off and dismissed the motion on housing.", "Ada Klein", "motion"),
    ("The Unity Party rejected the Clean Water Bill at second reading.", "Unity Party", "Clean Water Bill"),
    ("Sam Ruiz moved a motion on housing. MP Ada Klein voted against it.", "Ada Klein", "motion"),
    ("MP Ada Klein voted against the amendment.", "Ada Klein", "amendment"),
    # the relative clause hangs on the motion's last noun, not on the motion
    ("Sam Ruiz moved a motion to adjourn the debate, which the Unity Party opposed.", "Unity Party", "motion"),
    ("Sam Ruiz tabled a motion on housing, which Ada Klein opposed.", "Ada Klein", "motion"),
]
OPPOSITION_TRAPS = [
    "Ada Klein did not oppose the motion on housing.",
    "Ada Klein may oppose the bill.",
    "Ada Klein rejected the claim that she had lied.",
    "The Unity Party threatened to block the motion.",
    "Sam Ruiz tabled a motion on housing. Ada Klein left the chamber without speaking.",
]

PROPOSAL = [
    ("Labour MP Jo Brandt moved a motion calling for an inquiry.", "Jo Brandt", "motion"),
    ("Jo Brandt tabled a motion of no confidence in the government.", "Jo Brandt", "motion"),
    ("The Clean Water Bill, which Minister Ana Ruiz introduced last week, passed.", "Ana Ruiz", "Clean Water Bill"),
    ("Jo Brandt was seeking unanimous consent to pass a motion on housing.", "Jo Brandt", "motion"),
    ("Everyone discussed Jo Brandt's motion on housing.", "Jo Brandt", "motion"),
    ("The Fisheries Bill, which Ana Ruiz brought forward in May, was debated.", "Ana Ruiz", "Fisheries Bill"),
    ("MP Jo Brandt introduced the Clean Air Bill on Monday.", "Jo Brandt", "Clean Air Bill"),
    ("A motion to censure the minister was moved by MP Jo Brandt.", "Jo Brandt", "motion"),
    ("The Water Bill, which the minister introduced last week, passed. Housing Minister Ana Ruiz smiled.",
     "-", "Water Bill"),
    ("Housing Minister Ana Ruiz spoke. The Water Bill, which the minister introduced last week, passed.",
     "Ana Ruiz", "Water Bill"),
    ("The motion Jo Brandt was trying to get unanimously approved called for an inquiry.", "Jo Brandt", "motion"),
]
PROPOSAL_TRAPS = [
    "Jo Brandt threatened to move a motion suspending the minister.",
    "Jo Brandt said she had not decided whether to move the motion.",
    "Several backbenchers tried to have a motion tabled.",
    "No such motion had been put to the Assembly by Wednesday.",
    "Jo Brandt put the question to the House.",
]

DEMAND = [
    ("Speaker Maria Esposito asked Tom Hale to apologize.", "Maria Esposito", "Tom Hale"),
    ("Tom Hale shouted. Deputy Speaker Ruth Obi asked him to withdraw the remark.", "Ruth Obi", "Tom Hale"),
    ("Opposition Leader Ivan Petrov demanded that Tom Hale apologise.", "Ivan Petrov", "Tom Hale"),
    ("Ivan Petrov called on Tom Hale to apologise.", "Ivan Petrov", "Tom Hale"),
    ("Ivan Petrov said he wants Tom Hale to apologize.", "Ivan Petrov", "Tom Hale"),
    ("MP Tom Hale was asked to withdraw the comment.", "-", "Tom Hale"),
    ("The Speaker asked MP Tom Hale to withdraw the remark.", "Speaker", "Tom Hale"),
    ("Speaker Maria Esposito told MP Tom Hale to retract the word.", "Maria Esposito", "Tom Hale"),
    ("Liberal MP Ivan Petrov demanded an apology from Conservative MP Tom Hale on Wednesday.", "Ivan Petrov", "Tom Hale"),
]
DEMAND_TRAPS = [
    "Ivan Petrov did not demand an apology.",
    "One account suggested that Ivan Petrov had demanded that Tom Hale apologise.",
    "Stop forcing him to apologize." + TWEET,
]

REFUSAL = [
    ("Tom Hale refused to apologize.", "Tom Hale", "-"),
    ("MP Tom Hale says he will not apologize.", "Tom Hale", "-"),
    ("MP Tom Hale would not retract the comment.", "Tom Hale", "-"),
    ("MP Tom Hale declined to withdraw the remark.", "Tom Hale", "-"),
    ("Speaker Maria Esposito asked Tom Hale to apologise. He refused.", "Tom Hale", "-"),
    ("The Speaker asked Tom Hale to apologise, and after he refused to do so, he was ejected.", "Tom Hale", "-"),
    ("MP Tom Hale refused to withdraw the remark.", "Tom Hale", "-"),
    ("MP Tom Hale would not retract it.", "Tom Hale", "-"),
    # coordinated with a passive ('was ejected ... and refused'), yet active: it has a clause of its own
    ('Leader Piet Lamar was ejected after he called Prime Minister Jon Tremblay a "wacko" and refused to withdraw it.',
     "Piet Lamar", "-"),
    ("MP Tom Hale refused to take back the comment.", "Tom Hale", "-"),
    ("MP Tom Hale won't apologise.", "Tom Hale", "-"),
    ("MP Tom Hale has not apologised to Sofia Linde, and his office said he would not be doing so.", "Tom Hale",
     "Sofia Linde"),
    ("MP Ada Voss heckled. The next day Ada Voss wrote to Speaker Ben Ode to apologise for talking over him. "
     "She has not apologised to Tim Roe, and her office said she would not be doing so.", "Ada Voss", "Tim Roe"),
]
REFUSAL_TRAPS = [
    "Tom Hale refused to recognize the report.",
    "Tom Hale declined to comment further.",
    "Tom Hale did not apologise for the heckling.",
    "MP Tom Hale asked whether he should do so.",
]

APOLOGY = [
    ("Tom Hale apologized to Finance Minister Sofia Linde.", "Tom Hale", "Sofia Linde"),
    ("MP Tom Hale withdrew the comment and apologised.", "Tom Hale", "-"),
    ("MP Tom Hale offered a brief apology.", "Tom Hale", "-"),
    ("MP Tom Hale wrote to Speaker Maria Esposito to apologise.", "Tom Hale", "Maria Esposito"),
    ("The next morning MP Tom Hale wrote to Speaker Maria Esposito to apologise for talking over her.", "Tom Hale",
     "Maria Esposito"),
    ("Yesterday Tom Hale apologised to Sofia Linde in a letter.", "Tom Hale", "Sofia Linde"),
    ("MP Tom Hale withdrew the remark and apologized to the House.", "Tom Hale", "-"),
    ("MP Tom Hale apologises for the remark.", "Tom Hale", "-"),
    # a bare surname the tagger takes for a common noun at the start of a sentence
    ("Speaker Nomsa Dube ejected MP Julius Maseko. Maseko later apologised to the Speaker.", "Julius Maseko",
     "Nomsa Dube"),
    # a given name the model leaves out of the person ('Ms Priya [Menon]')
    ("Ms Priya Menon was allowed to return after she apologised to the House.", "Priya Menon", "-"),
]
APOLOGY_TRAPS = [
    "MP Tom Hale will not apologize.",
    "Rumours circulated that Tom Hale had privately apologised.",
    "MP Tom Hale did not apologise.",
    "Speaker Maria Esposito asked Tom Hale to apologize.",
]


def _has(rows, cls, agent, target):
    for c, a, t in rows:
        if c != cls:
            continue
        if agent != "-" and a != agent and agent not in a:
            continue
        if target in {"motion", "bill"} and t != "-" and target in t.lower():
            return True
        if target == "-" or t == target:
            if agent == "-" or a == agent:
                return True
    return False


def _rows(table, cls):
    return [pytest.param(text, cls, a, t, id=text[:50]) for text, a, t in table]


def _traps(table, cls):
    return [pytest.param(text, cls, id=text[:50]) for text in table]


@pytest.mark.parametrize("text,cls,agent,target",
                         _rows(ACCUSATION, "Accusation") + _rows(EJECTION, "Ejection") + _rows(OPPOSITION, "Opposition")
                         + _rows(PROPOSAL, "MotionProposal") + _rows(DEMAND, "ApologyDemand")
                         + _rows(REFUSAL, "ApologyRefusal") + _rows(APOLOGY, "Apology"))
def test_extract_finds_fact(facts, text, cls, agent, target):
    asserted, claims, _ = facts(text)
    assert _has(asserted, cls, agent, target), f"want {cls}({agent}, {target}); got {sorted(asserted)}"


@pytest.mark.parametrize("text,cls",
                         _traps(ACCUSATION_TRAPS, "Accusation") + _traps(EJECTION_TRAPS, "Ejection")
                         + _traps(OPPOSITION_TRAPS, "Opposition") + _traps(PROPOSAL_TRAPS, "MotionProposal")
                         + _traps(DEMAND_TRAPS, "ApologyDemand") + _traps(REFUSAL_TRAPS, "ApologyRefusal")
                         + _traps(APOLOGY_TRAPS, "Apology"))
def test_extract_trap_is_not_a_fact(facts, text, cls):
    asserted, claims, _ = facts(text)
    assert not [r for r in asserted if r[0] == cls], f"{cls} must not be asserted here; got {sorted(asserted)}"


def test_extract_negated_future_apology_is_a_refusal(facts):
    asserted, claims, _ = facts("MP Tom Hale says he will not apologize.")
    assert ("ApologyRefusal", "Tom Hale", "-") in asserted
    assert not [r for r in asserted if r[0] == "Apology"]


def test_extract_attempt_is_kept_as_claim(facts):
    asserted, claims, _ = facts("Government MPs tried to have MP Tom Hale kicked out of the House.")
    assert any(c == "Ejection" and t == "Tom Hale" for c, _, t in claims)


def test_extract_embedded_post_is_kept_as_claim(facts):
    _, claims, _ = facts("Speaker Maria Esposito ejected Tom Hale." + TWEET)
    assert any(c == "Ejection" for c, _, _ in claims)


@pytest.mark.parametrize("text,published,expected", [
    ("Speaker Maria Esposito ejected MP Tom Hale on Wednesday.", "2020-06-18", "2020-06-17"),
    ("Speaker Maria Esposito ejected MP Tom Hale yesterday.", "2024-05-09", "2024-05-08"),
    ("Speaker Maria Esposito ejected MP Tom Hale earlier today.", "2023-11-22", "2023-11-22"),
    ("The sitting began on Tuesday. Speaker Maria Esposito ejected MP Tom Hale.", "2024-03-14", "2024-03-12"),
    ("Speaker Maria Esposito ejected MP Tom Hale on June 17, 2020.", None, "2020-06-17"),
    # a vague expression in another clause neither dates the event nor resets the story's date
    ("The sitting began on Tuesday. Speaker Maria Esposito ejected MP Tom Hale, who had bought shares in 2019.",
     "2024-03-14", "2024-03-12"),
    ("The sitting began on Tuesday. The bill, which Tom Hale introduced last week, was debated. "
     "Speaker Maria Esposito ejected MP Tom Hale.", "2024-03-14", "2024-03-12"),
    # a simultaneous 'when' clause dates its main clause
    ("Speaker Maria Esposito ejected MP Tom Hale when the bell rang on Monday evening.", "2024-03-14", "2024-03-11"),
])
def test_extract_dates_events(facts, text, published, expected):
    from datetime import date

    meta = {"published": date.fromisoformat(published)} if published else {}
    _, _, a = facts(text, **meta)
    dates = {e.date.isoformat() for e in a.events if e.cls == "Ejection" and e.date}
    assert dates == {expected}


def test_extract_date_from_latest_embedded_post(facts):
    text = ("Speaker Maria Esposito ejected MP Tom Hale on Wednesday.\n\nWhat a day in the House.\n\n"
            "— Pat Voter (@patvoter) June 18, 2020")
    _, _, a = facts(text)
    assert {e.date.isoformat() for e in a.events if e.cls == "Ejection" and e.asserted} == {"2020-06-17"}


def test_extract_vague_expression_on_the_event_leaves_it_undated(facts):
    from datetime import date

    _, _, a = facts("The sitting began on Tuesday. The Water Bill, which Ana Ruiz introduced last week, was debated.",
                    published=date(2024, 3, 14))
    assert [e.date for e in a.events if e.cls == "MotionProposal"] == [None]


@pytest.mark.parametrize("when", ["Earlier in the week", "The week before", "Later in the month"])
def test_extract_vague_week_or_month_leaves_the_event_undated(facts, when):
    from datetime import date

    _, _, a = facts(f"Speaker Maria Esposito ejected MP Tom Hale on Tuesday. {when}, MP Jan Weber was removed "
                    "from the chamber by the Speaker.", published=date(2024, 3, 14))
    dated = {t.entity.name: e.date for e in a.events if e.cls == "Ejection" for t in e.targets if t.entity}
    assert dated["Tom Hale"] == date(2024, 3, 12) and dated["Jan Weber"] is None


def test_extract_no_date_without_anchor(facts):
    _, _, a = facts("Speaker Maria Esposito ejected MP Tom Hale on Wednesday.")
    assert all(e.date is None for e in a.events)


def test_extract_coordinated_intransitive_is_not_made_passive(facts):
    asserted, _, _ = facts("MP Tom Hale was reprimanded by the Speaker and apologised.")
    assert ("Apology", "Tom Hale", "-") in asserted


# -- who refuses: the discourse rule behind 'He refused.' -------------------------------------

def _refusal_case():
    from kg.model import Entity, Event, Mention

    ana, tom, eva = (Entity(kind="Person", name=n, key=n.lower()) for n in ("Ana Lopes", "Tom Reyes", "Eva Berg"))

    def m(kind, name, entity):
        return Mention(0, 0, 1, kind, name, 0, entity=entity)

    demand = Event("ApologyDemand", "apology_demand.verb", "asked", 0, 1, (0, 10),
                   agents=[m("Person", "Ana Lopes", ana)], targets=[m("Person", "Tom Reyes", tom), m("Person", "Eva Berg", eva)])
    return demand, m, ana, tom, eva


def test_extract_refuser_is_the_one_asked():
    from kg.extract.events.discourse import refuser

    demand, m, ana, tom, eva = _refusal_case()
    asked = demand.targets[0]
    # a rule that speaks only after a demand: nobody named, or only a pronoun -> the first asked
    assert refuser([], demand, True) == [asked]
    assert refuser([m("Pronoun", "he", tom)], demand, True) == [asked]
    # any refusal: a pronoun that points at someone not asked is the one asked
    assert refuser([m("Pronoun", "she", ana)], demand, False) == [asked]
    assert refuser([m("Pronoun", "he", None)], demand, False) == [asked]


def test_extract_refuser_keeps_a_named_agent_and_needs_a_demand():
    from kg.extract.events.discourse import refuser

    demand, m, ana, tom, eva = _refusal_case()
    named = [m("Person", "Eva Berg", eva)]
    assert refuser(named, demand, True) is named and refuser(named, demand, False) is named
    he = [m("Pronoun", "he", tom)]
    assert refuser(he, demand, False) is he  # he is the one asked: kept as written
    assert refuser(he, None, False) is he and refuser([], None, False) == []
    demand.targets = []
    assert refuser(he, demand, True) is he  # a demand of no one says nothing
