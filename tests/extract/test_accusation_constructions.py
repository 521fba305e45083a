"""Issue 39.1 and 39.2, round 4: constructions of reporting that state an accusation or an opposition without the
verbs of accusing or opposing. A quote's pronoun is the one the speech is 'of' ('"He is a liar," X said of Y'); a
charge noun aimed 'on' someone ('X's attacks on Y', 'his attacks were aimed at Y'); blame put on someone; a
failure of duty ('said X had failed in her role'); a member among those who voted ('X was among the MPs who
voted against', 'voted for X but against Y'); a motion that failed or was lost, opposed by members not named; a
boycott of its vote; a complaint against someone; a question why someone did wrong ('asked why X had not resigned'); a wrong as the means ('said X won through
fraud'); the copula's subject for its adjective's act ('X was quick to blame Y'; not 'was reluctant to'); a motion
criticised, facing opposition from someone, someone against it, support for it withheld or withdrawn. Sentences written for these
tests, in several legislatures' vocabularies (Westminster, US, Indian, African, council)."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.model

ACCUSED = [
    # a quote's pronoun: the one the speech is of
    ('"He is a liar and a coward," Senator Idris Kell said of Governor Maren Holt.', "Idris Kell", "Maren Holt"),
    ('MLA Kavya Rao said of Chief Minister Arun Velan: "He has looted the treasury."', "Kavya Rao", "Arun Velan"),
    ('"She is a bully," Councillor Wren Addo said of Mayor Ama Owusu.', "Wren Addo", "Ama Owusu"),
    ('"She ignores the constitution," EFF leader Sipho Mthembu said of President Lindiwe Zuma.',
     "Sipho Mthembu", "Lindiwe Zuma"),
    # or the one other person the paragraph names before the quote, when the pronoun fits
    ('Governor Maren Holt signed the order. "She is a liar," Senator Idris Kell said.', "Idris Kell", "Maren Holt"),
    ('Chief Minister Arun Velan left the House. "He has misled the people of this state," MLA Kavya Rao said.',
     "Kavya Rao", "Arun Velan"),
    # attacks on someone
    ("Opposition leader Ama Boateng's attacks on President Kofi Mensah continued in Parliament.",
     "Ama Boateng", "Kofi Mensah"),
    ("Senator Idris Kell launched a tirade against Governor Maren Holt on the Senate floor.", "Idris Kell", "Maren Holt"),
    ("Many of Councillor Wren Addo's attacks were aimed at Mayor Tobias Kanyi.", "Wren Addo", "Tobias Kanyi"),
    # ... at a group, the people the group's phrase includes ('senators from the south including X')
    ("Senator Ada Cole gave a speech on slavery. Many of her attacks were aimed at senators from the south including "
     "Andrew Bell of Georgia.", "Ada Cole", "Andrew Bell"),
    ("Councillor Wren Addo's attacks were aimed at members of the cabinet including Mayor Tobias Kanyi.",
     "Wren Addo", "Tobias Kanyi"),
    ("The Speaker ruled that MP Owen Pryce's attack on Minister Piet Alvaro was out of order.", "Owen Pryce", "Piet Alvaro"),
    # blame put on someone
    ("Labour MP Farah Quint placed the blame on Chancellor Piet Alvaro for the housing crisis.",
     "Farah Quint", "Piet Alvaro"),
    ("The ANC pinned the blame on Mayor Sipho Dlamini for the water cuts.", "African National Congress", "Sipho Dlamini"),
    # a failure of duty, a neglect, a misappropriation, in reported speech
    ("EFF leader Sipho Mthembu said President Lindiwe Zuma had failed in her role as head of state.",
     "Sipho Mthembu", "Lindiwe Zuma"),
    ("Councillor Wren Addo complained that Mayor Tobias Kanyi had ignored the residents of the ward.",
     "Wren Addo", "Tobias Kanyi"),
    ("Senator Bo Park said Governor Carl Brandt had failed the voters of the state.", "Bo Park", "Carl Brandt"),
    ("MLA Kavya Rao alleged that Chief Minister Arun Velan had misappropriated flood relief funds.",
     "Kavya Rao", "Arun Velan"),
    # a complaint against someone
    ("MP Owen Pryce lodged a complaint against Minister Piet Alvaro with the Speaker.", "Owen Pryce", "Piet Alvaro"),
    # a question why someone did wrong or failed to act
    ("Senator Bo Park asked why Premier Dale Fenn had hidden the report from the legislature.", "Bo Park", "Dale Fenn"),
    ("MP Farah Quint asked why Prime Minister Piet Alvaro had not resigned.", "Farah Quint", "Piet Alvaro"),
    ("EFF leader Sipho Mthembu demanded to know why President Lindiwe Zuma had ignored the Public Protector.",
     "Sipho Mthembu", "Lindiwe Zuma"),
    # a rule broken
    ("Shadow minister Moira Dunne said Chancellor Piet Alvaro had broken the ministerial code.", "Moira Dunne", "Piet Alvaro"),
    ('"Rep. Dana Whitfield broke the rules of decorum in the House," Rep. Carl Ames said.', "Carl Ames", "Dana Whitfield"),
    # a wrong as the means ('won through fraud')
    ("Senator Bo Park claimed Governor Carl Brandt only won the election due to voter fraud.", "Bo Park", "Carl Brandt"),
    ("MP Farah Quint said Minister Piet Alvaro won his seat through bribery.", "Farah Quint", "Piet Alvaro"),
    # a quoted charge a participle says someone did
    ('"The corruption practised by Chief Minister Arun Velan must end," MLA Kavya Rao said.', "Kavya Rao", "Arun Velan"),
    # the subject of a copula whose adjective governs the act ('was quick to blame')
    ("Senator Bo Park was quick to blame Governor Carl Brandt for the shortfall.", "Bo Park", "Carl Brandt"),
    ("The Green Party was forceful in blaming Mayor Tobias Kanyi for the flooding.", "Green Party", "Tobias Kanyi"),
    # the act of someone's a relative clause charges
    ("Senator Bo Park mentioned Governor Carl Brandt's handling of the floods, which he called a disgrace.",
     "Bo Park", "Carl Brandt"),
    # verbs of attacking in words, in several Englishes
    ("BJP MLA Kavya Rao flayed Chief Minister Arun Velan over the flood relief.", "Kavya Rao", "Arun Velan"),
    ("Minister Piet Alvaro hit back at Shadow Chancellor Moira Dunne in the Commons.", "Piet Alvaro", "Moira Dunne"),
]

NOT_ACCUSED = [
    '"He is a good man," Senator Idris Kell said of Governor Maren Holt.',
    '"He is not corrupt," Senator Idris Kell said of Governor Maren Holt.',
    '"He lied to us," MP Farah Quint said. Minister Piet Alvaro was absent.',
    'Governor Maren Holt signed the order after Senator Ada Cole spoke. "She is a liar," Senator Idris Kell said.',
    'Governor Maren Holt signed the order, and she defended it. "He is a liar," Senator Idris Kell said.',
    "The knife attack on MP Owen Pryce shocked the Commons.",
    "A violent attack on Councillor Wren Addo by a protester left him injured.",
    "Senator Idris Kell condemned the attack on the Capitol.",
    "Labour MP Farah Quint did not put the blame on Chancellor Piet Alvaro.",
    "Senator Bo Park placed the blame on the weather.",
    "Senator Bo Park said Governor Carl Brandt had failed to win the primary.",
    "Councillor Wren Addo said Mayor Tobias Kanyi had failed in the election.",
    "MLA Kavya Rao said Chief Minister Arun Velan had not ignored the farmers.",
    "The complaint against the airline was dismissed.",
    "Senator Bo Park asked why Premier Dale Fenn had adjourned the sitting.",
    "MLA Kavya Rao asked why Chief Minister Arun Velan could not attend the session.",
    "Councillor Wren Addo asked whether Mayor Tobias Kanyi had read the report.",
    "MP Farah Quint said Minister Piet Alvaro won his seat by a large margin.",
    "Councillor Wren Addo said Mayor Tobias Kanyi broke the record for the longest speech.",
    '"Rep. Dana Whitfield broke the record for the longest speech," Rep. Carl Ames said.',
    "Councillor Wren Addo said Mayor Tobias Kanyi had fought corruption with vigour.",
    "Senator Bo Park was reluctant to blame Governor Carl Brandt for the shortfall.",
    "MLA Kavya Rao was unwilling to condemn Chief Minister Arun Velan.",
    "Senator Bo Park was grateful to Senator Ada Cole for bringing the motion to condemn Governor Carl Brandt.",
    "MP Farah Quint praised Minister Piet Alvaro's handling of the floods, which she called a triumph.",
]

OPPOSED = [
    # a member among those who voted against, or one of them
    ("Senator Idris Kell was among the senators who voted against the Water Bill.", "Idris Kell", "Water Bill"),
    ("MP Owen Pryce was one of the twelve Labour MPs who voted against the Housing Bill.", "Owen Pryce", "Housing Bill"),
    ("Councillor Ama Owusu was among those who opposed the budget.", "Ama Owusu", "budget"),
    # a motion that failed or was lost: opposed by members the text does not name
    ("The motion to suspend Councillor Wren Addo failed by 20 votes to 25.", "-", "motion to suspend Councillor Wren Addo"),
    ("The Water Bill fell by three votes in the Senate.", "-", "Water Bill"),
    ("The Electoral Bill was lost in the National Assembly.", "-", "Electoral Bill"),
    # a preposition coordinated with another: 'for X but against Y'
    ("Senator Bo Park voted for the Water Bill but against the amendment.", "Bo Park", "amendment"),
    # the proceedings of a motion stand for it
    ("Speaker Nancy Cole had previously opposed impeachment proceedings.", "Nancy Cole", "impeachment"),
    # a boycott of the vote on the motion under discussion
    ("The Senate debated the Water Bill. The Green Party boycotted the vote.", "Green Party", "Water Bill"),
    ("The National Assembly voted on the Electoral Bill. The vote was boycotted by the EFF.",
     "Economic Freedom Fighters", "Electoral Bill"),
    # opponents, and those the clause says are among them, however the parser hung 'including'
    ("A handful of opponents of the Water Bill spoke during the debate including Lord Pryce.", "Lord Pryce", "Water Bill"),
    # criticism of a motion opposes it
    ("Lord Pryce criticised the Water Bill during the debate in the Lords.", "Lord Pryce", "Water Bill"),
    ("Councillor Ama Owusu attacked the budget at the council meeting.", "Ama Owusu", "budget"),
    # a motion that meets opposition from someone
    ("The Water Bill faced opposition from the Green Party in the Senate.", "Green Party", "Water Bill"),
    ("The Land Bill drew objections from the EFF in the National Assembly.", "Economic Freedom Fighters", "Land Bill"),
    # being against a motion
    ("The Democratic Alliance is against the Housing Bill.", "Democratic Alliance", "Housing Bill"),
    # support withheld or withdrawn, for a motion or the one under discussion
    ("The Democratic Alliance withheld its support for the Water Bill.", "Democratic Alliance", "Water Bill"),
    ("The Senate debated the Water Bill. The Green Party withdrew its support.", "Green Party", "Water Bill"),
]

NOT_OPPOSED = [
    "Senator Idris Kell was among the senators who voted for the Water Bill.",
    "The motion failed for want of a seconder.",
    "The Water Bill failed to reach the floor of the Senate.",
    "The motion to suspend Councillor Wren Addo did not fail.",
    "The talks on the budget failed.",
    "The papers of the motion were lost in the post.",
    "Senator Bo Park opposed the peace process.",
    "The opposition boycotted the election.",
    "The Senate debated the Water Bill. The Green Party threatened to boycott the vote.",
    "The ANC was ready to oppose the Electoral Bill.",
    "Senator Idris Kell criticised Governor Maren Holt.",
    "The Water Bill could face opposition from the Green Party.",
    "Senator Idris Kell faced opposition from the Green Party in the primary.",
    "The motion was against the standing orders.",
    "Senator Idris Kell was not against the Water Bill.",
    "The Senate debated the Water Bill. The Green Party withdrew its support for the government.",
]


@pytest.mark.parametrize("text,agent,target", ACCUSED)
def test_accusation_constructions_are_found(facts, text, agent, target) -> None:
    asserted, _, _ = facts(text)
    assert ("Accusation", agent, target) in asserted, asserted


@pytest.mark.parametrize("text", NOT_ACCUSED)
def test_accusation_constructions_traps(facts, text) -> None:
    asserted, _, _ = facts(text)
    assert not {row for row in asserted if row[0] == "Accusation" and row[2] != "-"}, asserted


@pytest.mark.parametrize("text,agent,target", OPPOSED)
def test_accusation_constructions_opposition_is_found(facts, text, agent, target) -> None:
    asserted, _, _ = facts(text)
    assert ("Opposition", agent, target) in asserted, asserted


@pytest.mark.parametrize("text", NOT_OPPOSED)
def test_accusation_constructions_opposition_traps(facts, text) -> None:
    asserted, _, _ = facts(text)
    assert not {row for row in asserted if row[0] == "Opposition"}, asserted


def test_accusation_constructions_a_clause_of_the_plural_names_none_of_it(facts) -> None:
    """'MPs who criticised ministers including X': X is among the ministers, not among the MPs."""
    asserted, _, _ = facts("MPs who criticised ministers including Piet Alvaro voted against the Water Bill.")
    assert not {row for row in asserted if row[0] == "Opposition" and row[1] == "Piet Alvaro"}, asserted
