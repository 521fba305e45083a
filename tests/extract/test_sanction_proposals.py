"""Issue 39.3-39.4: a sanction proposed with no motion noun ('moved that X be suspended', 'called for the House to
censure X', 'proposed the suspension of X', 'a bid to expel X', 'voted to censure X'), and apology acts said in a
quote or with a list ('"Withdraw that remark," the Speaker told X', 'demanded compensation and an apology from X',
'cannot apologise'). Sentences written for these tests, in several legislatures' vocabularies."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.model

FACTS = [
    # Westminster, Indian, US, council, African: the sanction is the motion
    ("Leader of the House Kwame Asante moved that MP Tom Reyes be suspended from the service of the House.",
     {("MotionProposal", "Kwame Asante", "motion to suspend Tom Reyes")}),
    ("MLA Ravi Kumar pleaded that MLA Anil Shah should be suspended for the rest of the session.",
     {("MotionProposal", "Ravi Kumar", "motion to suspend Anil Shah")}),
    ("Senator Idris Kell called for the Senate to censure Senator Maren Holt.",
     {("MotionProposal", "Idris Kell", "motion to censure Maren Holt")}),
    ("Councillor Wren Addo called for the expulsion of Councillor Rob Adler from the council.",
     {("MotionProposal", "Wren Addo", "expulsion of Rob Adler")}),
    ("Chief Whip Ama Owusu proposed the suspension of MP Tom Reyes from the National Assembly.",
     {("MotionProposal", "Ama Owusu", "suspension of Tom Reyes")}),
    ("Opposition leader Ama Boateng launched a bid to suspend MP Tom Reyes from the National Assembly.",
     {("MotionProposal", "Ama Boateng", "motion to suspend Tom Reyes")}),
    ("The Privileges Committee recommended that Senator Dale Fenn be suspended for ten sitting days.",
     {("MotionProposal", "Privileges Committee", "motion to suspend Dale Fenn")}),
    # a house that votes to sanction decided a motion someone unnamed moved
    ("The Senate voted to censure Senator Joe Marks on Thursday.", {("MotionProposal", "-", "motion to censure Joe Marks")}),
    ("The Lok Sabha voted to suspend MP Anil Shah for the rest of the session.",
     {("MotionProposal", "-", "motion to suspend Anil Shah")}),
    ("The Standards Committee recommended sanctions against MP Tom Reyes for breaching the code of conduct.",
     {("MotionProposal", "Standards Committee", "sanctions against Tom Reyes")}),
    ("Baroness Quinn listed amendments to the Housing Bill on Monday.",
     {("MotionProposal", "Baroness Quinn", "amendments to Housing Bill")}),
    # apology acts
    ("\"Withdraw that remark,\" Speaker Ana Lopes told MP Tom Reyes.", {("ApologyDemand", "Ana Lopes", "Tom Reyes")}),
    ("Speaker Om Prakash told MLA Ravi Kumar: \"Withdraw it and apologise to the House.\"",
     {("ApologyDemand", "Om Prakash", "Ravi Kumar")}),
    ("The government of Kenya demanded compensation and a formal apology from Ghana.",
     {("ApologyDemand", "Government of Kenya", "Government of Ghana")}),
    ("MP Tom Reyes said he cannot apologise for telling the truth.", {("ApologyRefusal", "Tom Reyes", "-")}),
    # 'called for X to be suspended' however parsed: X is the one sanctioned
    ("MP Farah Quint called for MP Tom Reyes to be suspended.", {("MotionProposal", "Farah Quint", "motion to suspend Tom Reyes")}),
    ("Senator Idris Kell called on the Senate to expel Senator Maren Holt.",
     {("MotionProposal", "Idris Kell", "motion to expel Maren Holt")}),
    # ejections: a causative names who had it done; one who calls in security or the police to remove a member
    ("Speaker Ana Lopes had Senator Dale Fenn walked out of the chamber.", {("Ejection", "Ana Lopes", "Dale Fenn")}),
    ("Chairman Kwame Asante got MLA Ravi Kumar thrown out of the Assembly by the marshals.",
     {("Ejection", "Kwame Asante", "Ravi Kumar")}),
    ("Mayor Lena Ortiz had Councilmember Rob Adler removed from the meeting by police.",
     {("Ejection", "Lena Ortiz", "Rob Adler")}),
    ("Mayor Lena Ortiz called the police to remove Councillor Rob Adler from the council meeting.",
     {("Ejection", "Lena Ortiz", "Rob Adler")}),
    ("Mayor Tobias Kanyi called in security to remove Councillor Wren Addo from the council chamber.",
     {("Ejection", "Tobias Kanyi", "Wren Addo")}),
    # asking for an apology from someone
    ("Councillor Wren Addo insisted on an apology from Mayor Tobias Kanyi.", {("ApologyDemand", "Wren Addo", "Tobias Kanyi")}),
    ("MP Farah Quint asked for an apology from Minister Piet Alvaro.", {("ApologyDemand", "Farah Quint", "Piet Alvaro")}),
    # an agentless removal takes the one chair the article names, before or after it
    ("MLA Ravi Kumar was suspended from the Vidhan Sabha for the rest of the session.\n\n"
     "Speaker Om Prakash said the member had repeatedly disrupted proceedings.", {("Ejection", "Om Prakash", "Ravi Kumar")}),
    # the chair's formula after any speech verb, with a clause of time after it
    ("\"The honourable member must leave the chamber,\" Speaker Ana Lopes replied as MP Tom Reyes continued.",
     {("Ejection", "Ana Lopes", "Tom Reyes")}),
    ("A bid by Councillor Wren Addo to expel Councillor Rob Adler was defeated by the council.",
     {("MotionProposal", "Wren Addo", "motion to expel Rob Adler")}),
    ("A motion by MP Farah Quint to suspend MP Tom Reyes was carried.",
     {("MotionProposal", "Farah Quint", "motion to suspend MP Tom Reyes")}),
]

TRAPS = [
    "The defendant's lawyers moved to dismiss the charges against Tom Reyes.",
    "The company proposed a merger with its rival Acme Holdings.",
    "The committee recommended that MP Tom Reyes not be suspended.",
    "MP Tom Reyes threatened to propose the suspension of Minister Piet Alvaro in the House.",
    "The Senate voted not to censure Senator Joe Marks.",
    "The union voted to expel its treasurer, Joe Marks.",
    "The referee called for the player to be sent off in the match.",
    "\"Withdraw the bill!\" protesters shouted at Minister Piet Alvaro.",
    "\"Do not apologise,\" Senator Idris Kell told Senator Maren Holt.",
    "MP Tom Reyes could not apologise in person because he was abroad.",
    "\"The honourable member will withdraw that word,\" Speaker Ana Lopes said to MP Tom Reyes.",
    "Mayor Lena Ortiz called the police to remove protesters from the council chamber.",
    "The cabin crew called in police to remove passenger Tom Reyes from the flight.",
    "Speaker Ana Lopes tried to have MP Tom Reyes kicked out of the chamber.",
    "MP Tom Reyes was removed as chair of the finance committee.",
    "MP Farah Quint did not ask for an apology from Minister Piet Alvaro.",
    "Standing Order 42 can be invoked to bar a member from the chamber for five days.",
    "Rule 374 may be used to suspend MLA Ravi Kumar from the Lok Sabha.",
    "Opposition leader Ama Boateng's bid to become Speaker failed.",
    "The Foreign Affairs Committee of Parliament recommended sanctions against Kenya.",
    "The Government proposed the suspension of the talks with the unions in Parliament.",
]


@pytest.mark.parametrize("text,want", FACTS)
def test_sanction_proposals_facts_are_found(facts, text, want) -> None:
    asserted, _, _ = facts(text)
    assert want <= asserted, asserted


@pytest.mark.parametrize("text", TRAPS)
def test_sanction_proposals_traps(facts, text) -> None:
    asserted, _, _ = facts(text)
    assert not {r for r in asserted if r[0] in {"MotionProposal", "ApologyDemand", "ApologyRefusal", "Ejection"}}, asserted
