"""Accusations beyond 'called X a Y' (issue 15, item 4): blaming, criticising, condemning,
lashing out at, alleging, and an act of someone's standing for them ('X's conduct').
Sentences written for these tests, in several legislatures' vocabularies."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.model

ACCUSED = [
    # blame X for Y
    ("Opposition leader Farah Quint blamed Prime Minister Piet Alvaro for the housing crisis.", "Farah Quint", "Piet Alvaro"),
    ("The Congress party blamed Chief Minister Arun Velan for the water shortage.", "Indian National Congress", "Arun Velan"),
    ("Councillor Wren Addo blamed Mayor Tobias Kanyi's administration for the potholes.", "Wren Addo", "Tobias Kanyi"),
    # criticise, condemn, denounce, slam, rebuke
    ("Senator Idris Kell criticized Senator Maren Holt over the farm bill.", "Idris Kell", "Maren Holt"),
    ("EFF leader Sipho Mthembu condemned President Lindiwe Zuma in the National Assembly.", "Sipho Mthembu", "Lindiwe Zuma"),
    ("MLA Kavya Rao slammed Chief Minister Arun Velan's decision to close the schools.", "Kavya Rao", "Arun Velan"),
    ("Backbencher Owen Pryce was lambasted by Shadow Chancellor Moira Dunne.", "Moira Dunne", "Owen Pryce"),
    ("Rep. Dana Whitfield denounced the conduct of Gov. Carl Brandt.", "Dana Whitfield", "Carl Brandt"),
    # lash out at / hit out at
    ("Councillor Wren Addo lashed out at Mayor Tobias Kanyi on Twitter.", "Wren Addo", "Tobias Kanyi"),
    ("Labour MP Farah Quint hit out at Chancellor Piet Alvaro in the Commons.", "Farah Quint", "Piet Alvaro"),
    # allege that X ...
    ("MP Farah Quint alleged that Minister Piet Alvaro had misled the House.", "Farah Quint", "Piet Alvaro"),
    ("Senator Nkem Obi alleged Senate President Bola Adeyemi had diverted the funds.", "Nkem Obi", "Bola Adeyemi"),
    # an act of someone's, with the other charge readers
    ("MP Farah Quint called Minister Piet Alvaro's conduct a disgrace.", "Farah Quint", "Piet Alvaro"),
    ("Senator Idris Kell accused Governor Maren Holt's office of hiding the report.", "Idris Kell", "Maren Holt"),
    ("Senator Idris Kell described Governor Maren Holt as a liar.", "Idris Kell", "Maren Holt"),
    ("MP Farah Quint branded Minister Piet Alvaro's remarks as racist.", "Farah Quint", "Piet Alvaro"),
    ("Councillor Wren Addo called Mayor Tobias Kanyi incompetent.", "Wren Addo", "Tobias Kanyi"),
    # political rhetoric about crimes is still political
    ("MP Farah Quint accused Minister Piet Alvaro of an assault on democracy.", "Farah Quint", "Piet Alvaro"),
    ("Opposition leader Nkem Obi accused President Bola Adeyemi of electoral fraud.", "Nkem Obi", "Bola Adeyemi"),
    # police at a protest in the same paragraph do not make it a prosecution
    ("Twenty protesters were arrested on Saturday. Mayor Tobias Kanyi lashed out at Governor Maren Holt, accusing her "
     "of abandoning the city.", "Tobias Kanyi", "Maren Holt"),
    # a participle adjunct takes the clause's subject as its agent
    ("Councillor Wren Addo lashed out at Mayor Tobias Kanyi, accusing him of ignoring residents.", "Wren Addo", "Tobias Kanyi"),
    # facing accusations, drawing criticism: the subject is accused, 'from' names the accuser
    ("Senator Farah Quint faced accusations of misusing public funds.", "-", "Farah Quint"),
    ("Chief Minister Arun Velan faced allegations that he had misled the Vidhan Sabha.", "-", "Arun Velan"),
    ("Mayor Tobias Kanyi drew sharp criticism from Councillor Wren Addo over the budget.", "Wren Addo", "Tobias Kanyi"),
    ("President Bola Adeyemi, whom the assembly elected in May, survived a vote in June, when he faced "
     "accusations of embezzling state funds.", "-", "Bola Adeyemi"),
    # 'the president', 'the prime minister': the one person the article gives that office
    ("President Bola Adeyemi spoke on Monday. Later the president accused Senator Nkem Obi of lying.",
     "Bola Adeyemi", "Nkem Obi"),
    ("Prime Minister Piet Alvaro opened the debate. MP Farah Quint accused the prime minister of misleading the House.",
     "Farah Quint", "Piet Alvaro"),
    ("Governor Maren Holt vetoed the plan. Senator Idris Kell blamed the governor for the shortfall.",
     "Idris Kell", "Maren Holt"),
    # a charge inside a direct quote is the speaker's, against the subject of its clause
    ("\"President Bola Adeyemi treats the constitution with contempt,\" said Senator Nkem Obi.", "Nkem Obi", "Bola Adeyemi"),
    ("\"Chief Minister Arun Velan misled the Vidhan Sabha,\" MLA Kavya Rao told reporters.", "Kavya Rao", "Arun Velan"),
    ("Councillor Wren Addo said: \"Mayor Tobias Kanyi's decision was reckless and dishonest.\"", "Wren Addo", "Tobias Kanyi"),
    ("\"The Unity Party has betrayed the workers of this country,\" Labour MP Farah Quint said.", "Farah Quint", "Unity Party"),
    ("MLA Kavya Rao termed Chief Minister Arun Velan a dictator.", "Kavya Rao", "Arun Velan"),
    # a party's leadership is the party
    ("MP Farah Quint criticised the Labour leadership.", "Farah Quint", "Labour Party"),
    # 'took aim at', 'took a swipe at', the preposition on the verb or on its object
    ("Senator Bo Park took aim at President Ray Holt over the tariffs.", "Bo Park", "Ray Holt"),
    ("MLA Kavya Rao took a swipe at Chief Minister Arun Velan in the assembly.", "Kavya Rao", "Arun Velan"),
    ("Opposition leader Ama Boateng took a swipe at the Ghanaian government over fuel prices.",
     "Ama Boateng", "Government of Ghana"),
    # reported speech with a predicate of wrongdoing or unfitness (issue 39.1)
    ("Shadow minister Moira Dunne said Chancellor Piet Alvaro had misled the House.", "Moira Dunne", "Piet Alvaro"),
    ("Rep. Dana Whitfield said Gov. Carl Brandt lied to the legislature about the budget.", "Dana Whitfield", "Carl Brandt"),
    ("EFF leader Sipho Mthembu said President Lindiwe Zuma was not fit for office.", "Sipho Mthembu", "Lindiwe Zuma"),
    ("MLA Kavya Rao told the Vidhan Sabha that Chief Minister Arun Velan had violated the constitution.",
     "Kavya Rao", "Arun Velan"),
    ("Councillor Wren Addo said Mayor Tobias Kanyi was applying double standards.", "Wren Addo", "Tobias Kanyi"),
    ("Senator Bo Park said Premier Dale Fenn had used unparliamentary language.", "Bo Park", "Dale Fenn"),
    ("Opposition leader Ama Boateng claimed that President Kofi Mensah had squandered public funds.",
     "Ama Boateng", "Kofi Mensah"),
    # a charge noun with 'against' (issue 39.1)
    ("MP Farah Quint repeated her allegation of bribery against Minister Piet Alvaro.", "Farah Quint", "Piet Alvaro"),
    ("MLA Kavya Rao withdrew the slur against Chief Minister Arun Velan.", "Kavya Rao", "Arun Velan"),
    ("Allegations of nepotism against Mayor Tobias Kanyi dominated the council meeting.", "-", "Tobias Kanyi"),
    # a body that impeaches accuses (issue 39.1)
    ("The National Assembly impeached President Lindiwe Zuma in March.", "National Assembly", "Lindiwe Zuma"),
    ("The House voted to impeach Gov. Carl Brandt.", "House", "Carl Brandt"),
    ("The House passed articles of impeachment against Gov. Carl Brandt.", "House", "Carl Brandt"),
    # a statement's author; a standards finding; an unlawful act of someone's (issue 39.1)
    ("EFF leader Sipho Mthembu issued a statement condemning President Lindiwe Zuma.", "Sipho Mthembu", "Lindiwe Zuma"),
    ("Rep. Dana Whitfield issued a statement blaming Gov. Carl Brandt for the shutdown.",
     "Dana Whitfield", "Carl Brandt"),
    ("Integrity Commissioner Ruth Okafor found that Councillor Wren Addo had breached the code of conduct.",
     "Ruth Okafor", "Wren Addo"),
    ("MLA Kavya Rao said Chief Minister Arun Velan's decision was unconstitutional.", "Kavya Rao", "Arun Velan"),
    # impugning someone's integrity; someone's criticism of someone (issue 39.1)
    ("Backbencher Owen Pryce questioned the integrity of Chancellor Moira Dunne.", "Owen Pryce", "Moira Dunne"),
    ("Senator Nkem Obi impugned Senate President Bola Adeyemi's impartiality.", "Nkem Obi", "Bola Adeyemi"),
    ("Rep. Dana Whitfield's criticism of Gov. Carl Brandt drew applause.", "Dana Whitfield", "Carl Brandt"),
]

NOT_ACCUSED = [
    "Farah Quint blamed the weather for the delays.",
    "The striker Tom Vale took aim at the goal and missed.",
    "Senator Idris Kell condemned the attack on the embassy.",
    "MLA Kavya Rao criticised the decision to close the schools.",
    "Councillor Wren Addo did not criticise Mayor Tobias Kanyi.",
    "Senator Idris Kell refused to condemn Governor Maren Holt.",
    "Farah Quint lashed out at the ruling.",
    "MP Farah Quint alleged that the figures were wrong.",
    "Senator Idris Kell praised Governor Maren Holt's handling of the storm.",
    "Speaker Moira Dunne reprimanded backbencher Owen Pryce for heckling.",
    "Mayor Tobias Kanyi rebuked Councillor Wren Addo for speaking out of turn.",
    "MP Farah Quint called Minister Piet Alvaro's speech a triumph.",
    "MP Farah Quint described Minister Piet Alvaro as a friend.",
    # criminal proceedings are another domain: a prosecution, not a political accusation
    "Prosecutors accused businessman Carl Brandt of defrauding his clients.",
    "The jury heard that Carl Brandt blamed his accountant Owen Pryce for the missing funds.",
    "Detectives accused Owen Pryce of assault after his arrest.",
    # ... and a prosecution's paragraph names its court once
    "A federal jury convicted banker Carl Brandt on Monday. The government accused Brandt of pressuring his clients.",
    "Prosecutors told the jury that Owen Pryce had blamed his partner Carl Brandt for the losses.",
    "Senator Idris Kell threatened to criticise Governor Maren Holt.",
    "Senator Farah Quint faced questions from reporters about the budget.",
    "Mayor Tobias Kanyi could face accusations of bias if he votes.",
    "MP Wren Addo did not face any criticism for the speech.",
    "Banker Carl Brandt faced charges of fraud at his trial.",
    # quoted, but negated, about the speaker's side, about no one, or about a thing
    "\"Governor Maren Holt is not corrupt,\" Senator Idris Kell said.",
    "\"We were reckless with the figures,\" admitted MP Farah Quint.",
    "\"This is shameful,\" said Councillor Wren Addo.",
    "\"The storm was reckless in its fury,\" Mayor Tobias Kanyi said.",
    "\"Minister Piet Alvaro is no liar,\" MP Farah Quint told reporters.",
    # a wrongdoing said but denied, hedged, conditional, the speaker's own, or of a thing (issue 39.1)
    "Shadow minister Moira Dunne said Chancellor Piet Alvaro had not misled the House.",
    "Rep. Dana Whitfield said Gov. Carl Brandt might have misled the legislature.",
    "Councillor Wren Addo said Mayor Tobias Kanyi was fit for office.",
    "MP Farah Quint said she had misled the House and apologised.",
    "EFF leader Sipho Mthembu said the report had misled the public.",
    "Senator Bo Park said that if Premier Dale Fenn had lied, he should resign.",
    "There were no allegations against Mayor Tobias Kanyi.",
    "MLA Kavya Rao denied the allegation against her.",
    "Senator Bo Park voted against impeaching President Lindiwe Zuma.",
    "Rep. Dana Whitfield threatened to impeach Gov. Carl Brandt.",
    "The attempt to impeach President Lindiwe Zuma failed.",
    "EFF leader Sipho Mthembu issued a statement condemning the violence.",
    "The jury found that Carl Brandt had defrauded his clients.",
    "Integrity Commissioner Ruth Okafor found that Councillor Wren Addo had not breached the code of conduct.",
    "MLA Kavya Rao said the order was unconstitutional.",
    "The auditor questioned the integrity of the figures.",
    "Criticism of Gov. Carl Brandt grew after the vote.",
]


@pytest.mark.parametrize("text", [
    # two presidents: 'the president' is neither
    "President Bola Adeyemi met President Lindiwe Zuma. The president accused the opposition of lying.",
    # a club's president is not the country's
    "Club president Owen Pryce resigned. Senator Idris Kell said the president of the club had misled members.",
])
def test_accusations_a_definite_office_with_no_single_holder_is_no_one(facts, text) -> None:
    asserted, _, analysis = facts(text)
    assert not {r for r in asserted if r[0] == "Accusation" and r[1] != "-"}, asserted


@pytest.mark.parametrize("text,agent,target", ACCUSED)
def test_accusations_are_found(facts, text, agent, target) -> None:
    asserted, _, _ = facts(text)
    assert ("Accusation", agent, target) in asserted, asserted


@pytest.mark.parametrize("text", NOT_ACCUSED)
def test_accusations_traps(facts, text) -> None:
    asserted, _, _ = facts(text)
    assert not {row for row in asserted if row[0] == "Accusation"}, asserted


@pytest.mark.parametrize("text,platform", [
    ("Councillor Wren Addo lashed out at Mayor Tobias Kanyi on Twitter, accusing him of ignoring residents.", "Twitter"),
    ("MP Farah Quint attacked Minister Piet Alvaro on Facebook, accusing him of lying.", "Facebook"),
])
def test_accusations_a_platform_is_no_one(facts, text, platform) -> None:
    """'on Twitter' names no person: 'him' after it is the person accused."""
    asserted, _, _ = facts(text)
    assert not {r for r in asserted if platform in r[1] or platform in r[2]}, asserted
    assert any(r[0] == "Accusation" and r[2] != "-" for r in asserted), asserted
