"""Motions and bills (issue 15, item 5): who proposed and who opposed them, in the ways
reporters say it, across legislatures. Sentences written for these tests."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.model

FACTS = [
    # proposals: verbs, passives with by-lists, participle modifiers, relative clauses
    ("MLA Kavya Rao moved a motion of no confidence against Chief Minister Arun Velan.",
     {("MotionProposal", "Kavya Rao", "motion of no confidence against Chief Minister Arun Velan")}),
    ("Councillor Wren Addo tabled a motion to freeze council tax.",
     {("MotionProposal", "Wren Addo", "motion to freeze council tax")}),
    ("The bill was drafted by MP Farah Quint.", {("MotionProposal", "Farah Quint", "bill")}),
    ("The amendment was co-sponsored by Senators Idris Kell of Ohio and Maren Holt of Utah.",
     {("MotionProposal", "Idris Kell & Maren Holt", "amendment")}),
    ("Congress has not passed Senator Idris Kell's proposed budget.",
     {("MotionProposal", "Idris Kell", "proposed budget")}),
    ("Senator Nkem Obi, who sponsored the bill, defended it in the chamber.", {("MotionProposal", "Nkem Obi", "bill")}),
    # oppositions: lists in apposition, a party as the agent, bodies, passives
    ("Two Labour MPs, Farah Quint and Owen Pryce, opposed the motion.",
     {("Opposition", "Farah Quint & Owen Pryce", "motion")}),
    ("The bill passed 231 to 194, with Republicans opposing it.", {("Opposition", "Republican Party", "bill")}),
    ("The Rajya Sabha rejected the bill on Monday.", {("Opposition", "Rajya Sabha", "bill")}),
    # a tally with votes against: members unnamed opposed it (issue 39.2)
    ("The motion passed 120 to 80.", {("Opposition", "-", "motion")}),
    ("The Rajya Sabha passed the bill by 128 votes to 95.", {("Opposition", "-", "bill")}),
    ("The Assembly adopted the Water Bill in a 61-20 vote.", {("Opposition", "-", "Water Bill")}),
    ("The budget was approved by the city council with 9 votes in favour and 4 against.", {("Opposition", "-", "budget")}),
    # negated support, refusal, 'said no to', bare 'objected' (issue 39.2)
    ("Councillor Ama Owusu refused to support the motion to close the library.",
     {("Opposition", "Ama Owusu", "motion to close library")}),
    ("The Liberal Party declined to back the amendment in the Senate.", {("Opposition", "Liberal Party", "amendment in Senate")}),
    ("Assemblywoman Dana Whitfield did not support the bill.", {("Opposition", "Dana Whitfield", "bill")}),
    ("MLA Kavya Rao said no to the bill in the Vidhan Sabha.", {("Opposition", "Kavya Rao", "bill in Vidhan Sabha")}),
    ("Senator Bo Park sought unanimous consent to pass the resolution. Senator Maren Holt objected.",
     {("Opposition", "Maren Holt", "resolution")}),
    ("Opposition MP Sipho Mthembu could be heard objecting to the motion.", {("Opposition", "Sipho Mthembu", "motion")}),
    # the defeat, rejection or veto of a motion (issue 39.2)
    ("The defeat of the budget was a blow to the Premier of the province.", {("Opposition", "-", "budget")}),
    ("Governor Carl Brandt's veto of the bill angered the Assembly.", {("Opposition", "Carl Brandt", "bill")}),
    ("The Greens' opposition to the Water Bill hardened in the Legislative Assembly.",
     {("Opposition", "The Greens", "Water Bill")}),
    ("Councillor Ama Owusu voiced her objection to the budget.", {("Opposition", "Ama Owusu", "budget")}),
    # ellipsis: 'as did Y', 'and so did Y' (issue 39.2)
    ("The Labour Party opposed the bill, as did the Green Party.",
     {("Opposition", "Labour Party", "bill"), ("Opposition", "Green Party", "bill")}),
    ("Senator Idris Kell voted against the resolution, and so did Senator Maren Holt.",
     {("Opposition", "Idris Kell", "resolution"), ("Opposition", "Maren Holt", "resolution")}),
    # protesting a bill; a bare 'voted no' on the motion under discussion (issue 39.2)
    ("Opposition parties protested against the bill in the Rajya Sabha.", {("Opposition", "-", "bill in Rajya Sabha")}),
    ("Councillors debated the motion to close the library. Councillor Wren Addo voted no.",
     {("Opposition", "Wren Addo", "motion to close library")}),
    # refusing to support a motion does not deny that it was proposed (issue 39.6)
    ("Councillor Ama Owusu refused to support Councillor Tobias Kanyi's motion to close the library.",
     {("Opposition", "Ama Owusu", "motion to close library"), ("MotionProposal", "Tobias Kanyi", "motion to close library")}),
    # a political argument about investors or companies is still a vote on a bill
    ("The Green Party rejected the bill at second reading, saying it would hand the network to investors.",
     {("Opposition", "Green Party", "bill")}),
    ("At the committee hearing, Senator Idris Kell opposed the bill.", {("Opposition", "Idris Kell", "bill")}),
    ("The National Assembly voted against the amendment.", {("Opposition", "National Assembly", "amendment")}),
    ("The motion was defeated by the Senate.", {("Opposition", "Senate", "motion")}),
    # a present participle's noun is its subject; a bare verb opposes the motion under discussion
    ("The bill passed 231 to 194, with 194 Republicans opposing it.", {("Opposition", "Republican Party", "bill")}),
    ("Two Democratic Representatives, Collin Mars and Jeff Dorn, opposed both articles of impeachment.",
     {("Opposition", "Collin Mars & Jeff Dorn", "impeachment")}),
    # a party's members as a bloc are the party; a handful of them are not
    ("Labour MPs opposed the motion.", {("Opposition", "Labour Party", "motion")}),
    ("The motion was opposed by 212 Republican lawmakers.", {("Opposition", "Republican Party", "motion")}),
    ("Three Labour MPs opposed the motion.", {("Opposition", "-", "motion")}),
    ("Senator Idris Kell voted against the second reading of the Water Bill.", {("Opposition", "Idris Kell", "Water Bill")}),
    ("MP Owen Pryce tabled the Water Bill on Monday. The Conservative Party opposed.",
     {("MotionProposal", "Owen Pryce", "Water Bill"), ("Opposition", "Conservative Party", "Water Bill")}),
    # 'moved' with a motion as the preposition's object still proposes
    ("Councillor Wren Addo moved an amendment to the budget on Tuesday.",
     {("MotionProposal", "Wren Addo", "amendment to budget")}),
    ("MP Farah Quint moved the second reading of the Water Bill.", {("MotionProposal", "Farah Quint", "Water Bill")}),
]

TRAPS = [
    "Shareholders voted against the merger.",
    "The judge denied the defence's motion to dismiss the case.",
    "The plaintiffs filed a motion in federal court claiming the order is unconstitutional.",
    "The judge rejected the defence lawyer's motion to dismiss the charges.",
    "Shareholders voted against the merger proposal on Tuesday.",
    "The researchers proposed a new hypothesis about the motion of feathered wings.",
    "The proposed merger of the two banks was approved by shareholders.",
    "Senator Idris Kell proposed a toast to the retiring clerk.",
    "Senator Idris Kell did not oppose the bill.",
    # no votes against, a threat, a conditional, another sense (issue 39.2)
    "The motion was carried by 64 votes to 0.",
    "The Senate passed the bill on a voice vote.",
    "Shareholders approved the merger by 300 votes to 20.",
    "Councillor Ama Owusu threatened to refuse to support the budget.",
    "Senator Idris Kell would not support the bill unless it was amended.",
    "The bank declined to back the takeover bid.",
    "The judge heard the motion to dismiss. The prosecutor objected.",
    "The club said no to the offer for its goalkeeper.",
    "The defeat of the ruling party at the election surprised analysts.",
    "The club's rejection of the offer for its goalkeeper surprised fans.",
    "Councillor Ama Owusu said she had no objection to the budget.",
    "Opposition MPs walked out of the chamber.",
    "Students protested the war outside the state house.",
    "Senator Idris Kell voted no.",
    "MP Farah Quint threatened to vote against the budget.",
    "Senator Idris Kell opposed.",
    # 'moved X to a place or a time' moves it
    "MP Piet Alvaro said the committee had moved the bill to a better place.",
    "Speaker Farah Quint moved the vote on the bill to Thursday.",
    "Senator Wren Addo moved the budget debate into the evening.",
    # a paragraph about a lawsuit: its motions are filings in court
    "This is the second lawsuit against the decree. On Friday, a group of landowners filed a motion claiming "
    "the decree is unconstitutional.",
    "The plaintiffs, two farmers from Ohio, filed a motion arguing that the rule violates their rights.",
    # a restaurant's bill, a court motion, a sponsor of something else, a former sponsor
    "The waiter brought the bill to our table after dinner.",
    "Lawyers for Carl Brandt brought a motion to dismiss the case.",
    "Acme Bank, the sponsor of the marathon, said it would pay.",
    "Senator Mara Quill, a former sponsor of the bill, spoke first.",
    "MP Peter Mwangi threatened to bring a motion of no confidence against the government.",
]


@pytest.mark.parametrize("text,want", FACTS)
def test_motions_facts_are_found(facts, text, want) -> None:
    asserted, _, _ = facts(text)
    assert want <= asserted, asserted


@pytest.mark.parametrize("text", TRAPS)
def test_motions_traps(facts, text) -> None:
    asserted, _, _ = facts(text)
    assert not {r for r in asserted if r[0] in {"MotionProposal", "Opposition"}}, asserted


@pytest.mark.parametrize("text,want", [
    # an opponent of a bill opposes it; 'opponent MP X' opposes the one under discussion
    ("Senator Idris Kell, an opponent of the Water Bill, spoke first.", ("Opposition", "Idris Kell", "Water Bill")),
    ("MP Owen Pryce tabled the Water Bill. Early opponent MP Farah Quint said it went too far.",
     ("Opposition", "Farah Quint", "Water Bill")),
    # a name with its state, then the next: each proposes ('Senators X of Ohio, Y of Utah')
    ("Senator Ana Lopes proposed an amendment. It was co-sponsored by Senators Nora Quist of Ohio, Dale Fenn of Utah, "
     "and Hal Brandt of Iowa.", ("MotionProposal", "Dale Fenn & Nora Quist", "amendment")),
    # voted down, struck down, thrown out; a participle naming the mover of a defeated motion
    ("The Water Bill was voted down by the National Assembly.", ("Opposition", "National Assembly", "Water Bill")),
    ("Labour MPs voted down the Water Bill on Tuesday.", ("Opposition", "Labour Party", "Water Bill")),
    ("The motion, tabled by MP Farah Quint, was defeated by 200 votes to 150.", ("MotionProposal", "Farah Quint", "motion")),
    ("The bill introduced by Senator Idris Kell was rejected.", ("MotionProposal", "Idris Kell", "bill")),
    ("MP Owen Pryce tabled the Water Bill. Early opponent MP Farah Quint said, \"We have changed it for the better\".",
     ("Opposition", "Farah Quint", "Water Bill")),
    # a chamber in lower case after 'the'
    ("The senate rejected the budget on Tuesday.", ("Opposition", "Senate", "budget")),
    # the relative clause of a titled name takes the name, not the title
    ("Republican state representative Terri Vance who sponsored the bill said it would pass.",
     ("MotionProposal", "Terri Vance", "bill")),
    # a sponsor or mover in apposition, by 'of' or by the motion's possessive (US, Westminster, council)
    ("Representative Dan Oyelaran, the sponsor of the bill, said it would save lives.",
     ("MotionProposal", "Dan Oyelaran", "bill")),
    ("Councillor Ama Owusu, the mover of the motion, said the council had failed residents.",
     ("MotionProposal", "Ama Owusu", "motion")),
    ("The Senate debated a bill to cap rents. The bill's sponsor, Senator Mara Quill, defended it.",
     ("MotionProposal", "Mara Quill", "bill")),
    # a participle on the motion's 'of' phrase proposes the motion, which failed or was survived
    ("Senator Idris Kell survived a motion of no confidence tabled by Senator Maren Holt.",
     ("MotionProposal", "Maren Holt", "motion of no confidence")),
    ("The motion of no confidence tabled by MP Farah Quint failed.", ("MotionProposal", "Farah Quint", "motion of no confidence")),
    # 'brought a motion' without 'forward' (Westminster, Indian and African assemblies)
    ("Opposition leader Peter Mwangi brought a motion of no confidence against the government.",
     ("MotionProposal", "Peter Mwangi", "motion of no confidence against government")),
    ("MLA Kavya Rao brought a private member's bill to cap rents in the Vidhan Sabha.", ("MotionProposal", "Kavya Rao", "bill")),
    # 'came out against', 'lobbied against', 'fought against'
    ("Minister Lin Wei came out against the bill on Monday.", ("Opposition", "Lin Wei", "bill")),
    ("Councillor Tobias Kanyi lobbied against the motion to close the library.",
     ("Opposition", "Tobias Kanyi", "motion to close library")),
    # 'voted no/nay on', 'cast the only vote against', 'objected to' (US, Westminster, Indian vocabulary)
    ("Senator Idris Kell voted no on the amendment.", ("Opposition", "Idris Kell", "amendment")),
    ("Twelve senators, including Senator Gil Moreau, voted nay on the resolution.", ("Opposition", "Gil Moreau", "resolution")),
    ("MP Farah Quint cast the only vote against the bill.", ("Opposition", "Farah Quint", "bill")),
    ("Councillor Wren Addo objected to the motion to close the library.",
     ("Opposition", "Wren Addo", "motion to close library")),
    # members named among a plural subject with 'including'
    ("Twelve MPs voted against the motion, including Farah Quint.", ("Opposition", "Farah Quint", "motion")),
    ("Several senators, including Maren Holt and Idris Kell, opposed the bill.",
     ("Opposition", "Idris Kell & Maren Holt", "bill")),
    ("Twelve Labour MPs, including Farah Quint, voted against the motion.", ("Opposition", "Farah Quint", "motion")),
])
def test_motions_nouns_and_chambers(facts, text, want) -> None:
    asserted, _, _ = facts(text)
    assert want in asserted, asserted


@pytest.mark.parametrize("text", [
    "Senator Idris Kell defeated his opponent in the election.",
    "MP Farah Quint, a former opponent of the bill, now supports it.",
    "He studied at the senate house library before the vote on the bill.",
    "Voters threw out the government at the election.",
    "MP Farah Quint threatened to vote down the budget.",
    "Senator Idris Kell came out against his rival in the primary.",
    "Senator Idris Kell voted yes on the amendment.",
    "Senator Idris Kell objected to the remarks made by Senator Maren Holt.",
    "Voters cast ballots against the mayor in the election.",
    "Minister Lin Wei fought against cancer for years before the bill passed.",
])
def test_motions_opponent_traps(facts, text) -> None:
    asserted, _, _ = facts(text)
    assert not {r for r in asserted if r[0] == "Opposition" and r[1] != "-"}, asserted


@pytest.mark.parametrize("text,want", [
    # a participle with its doer was done, whatever is said of its noun (issue 39.6)
    ("MP Farah Quint refused to support the motion tabled by MP Owen Pryce.", ("MotionProposal", "Owen Pryce", "motion")),
    ("Senator Idris Kell did not vote for the bill introduced by Senator Maren Holt.",
     ("MotionProposal", "Maren Holt", "bill")),
    ("The Lok Sabha adopted a motion moved by Minister Arun Velan to suspend MP Owen Pryce.",
     ("MotionProposal", "Arun Velan", "motion")),
    # 'offered a resolution/amendment' (US Congress, city councils)
    ("Representative Dan Oyelaran offered a resolution to censure Representative Idris Kell.",
     ("MotionProposal", "Dan Oyelaran", "resolution to censure Representative Idris Kell")),
    ("The opposition tabled a no-confidence motion against Prime Minister Ana Vidal.",
     ("MotionProposal", "-", "no - confidence motion against Prime Minister Ana Vidal")),
])
def test_motions_proposed_whatever_befell_them(facts, text, want) -> None:
    asserted, _, _ = facts(text)
    assert want in asserted, asserted


@pytest.mark.parametrize("text", [
    "The hotel offered the bill to the guests at checkout.",
    "Lawyers for the mayor offered a motion to dismiss the lawsuit.",
    "Representative Dan Oyelaran threatened to offer a resolution to censure Representative Idris Kell.",
])
def test_motions_offered_traps(facts, text) -> None:
    asserted, _, _ = facts(text)
    assert not {r for r in asserted if r[0] == "MotionProposal"}, asserted


@pytest.mark.parametrize("text,want", [
    # a motion a house debates, considers or throws out, or a proposed one, was moved by someone the clause does not
    # name; the house is not its mover (issue 39: Westminster, Indian, African, US, council and UN vocabularies)
    ("The Rajya Sabha debated the motion of thanks on the President's address.",
     ("MotionProposal", "-", "motion of thanks on address")),
    ("The Lords discussed an amendment on pension rights for widows.",
     ("MotionProposal", "-", "amendment on pension rights for widows")),
    ("The Deputy Speaker of the National Assembly dismissed a no-confidence motion against Prime Minister Ana Vidal.",
     ("MotionProposal", "-", "no - confidence motion against Prime Minister Ana Vidal")),
    ("A draft resolution being considered for adoption by the General Assembly calls for a ceasefire.",
     ("MotionProposal", "-", "draft resolution")),
    ("The city council considered the motion to rename the park.", ("MotionProposal", "-", "motion to rename park")),
    ("The Senate passed a proposed amendment to the state constitution.",
     ("MotionProposal", "-", "proposed amendment to state constitution")),
    ("The Kenyan Senate debated the articles of impeachment against Governor Carl Brandt.",
     ("MotionProposal", "-", "impeachment against Governor Carl Brandt")),
])
def test_motions_acted_on_were_proposed(facts, text, want) -> None:
    asserted, _, _ = facts(text)
    assert want in asserted, asserted


@pytest.mark.parametrize("text", [
    # a court's motion, a company's budget, a physical motion, a threat to debate one; a party rejecting a bill
    # is its opposition, not news of a proposal
    "The judge dismissed the defence's motion to dismiss the case.",
    "The board of directors approved the budget for next year.",
    "The scientists debated the motion of the planets.",
    "MPs threatened to debate a motion of no confidence in the minister.",
    "The Green Party rejected the bill at second reading.",
])
def test_motions_acted_on_traps(facts, text) -> None:
    asserted, _, _ = facts(text)
    assert not {r for r in asserted if r[0] == "MotionProposal"}, asserted
