"""Titles and roles before and around names (issue 14, item 3): a title inside a legislature's
name ('the Speaker of the House of Representatives'), a place after 'of'/'to' between a title
and a name ('President of Ukraine X', 'Ambassador to Germany X'), a party adjective before a
title with no name after it ('A Republican Assemblywoman, X'), coordinated titles before a name
('Conservative Party leader and Prime Minister X'), a party's possessive ('the Labour Party's
leader, X'), a party role as a predicate ('X became leader of the Y'), 'fellow' ('X and fellow
Labour MP Y') and 'both' ('X and Y, both Democrats'). Each with traps.

All names are invented; these run the real model (marked ``model``)."""

from __future__ import annotations

import pytest

from tests.extract.roles import roles_of

pytestmark = pytest.mark.model


@pytest.mark.parametrize(("text", "expected"), [
    # a title inside a legislature's name
    ("Farah Quint, the Speaker of the House of Representatives, said the vote would go ahead.",
     ("Farah Quint", "holdsOffice", "Speaker")),
    ("Tobias Kanyi, the Speaker of the National Assembly, ordered the members out.",
     ("Tobias Kanyi", "holdsOffice", "Speaker")),
    # the place of the office between title and name
    ("President of Ukraine Piet Alvaro said the jet was shot down.", ("Piet Alvaro", "holdsOffice", "President")),
    ("US Ambassador to Germany Piet Alvaro alleged that the airline carried weapons.",
     ("Piet Alvaro", "holdsOffice", "Ambassador")),
    ("Ambassador to India Wren Addo met the Lok Sabha Speaker.", ("Wren Addo", "holdsOffice", "Ambassador")),
    # a party adjective before a title, the name after it in apposition or in a list
    ("A Republican Assemblywoman, Farah Quint, said the bill would fail.",
     ("Farah Quint", "memberOf", "Republican Party")),
    ("Two Democratic Representatives, Wren Addo and Piet Alvaro, voted against.",
     ("Piet Alvaro", "memberOf", "Democratic Party")),
    ("Two Democratic Representatives, Wren Addo and Piet Alvaro, voted against.",
     ("Wren Addo", "holdsOffice", "Representative")),
    # coordinated titles before a name
    ("Conservative Party leader and Prime Minister Piet Alvaro called the election.",
     ("Piet Alvaro", "leaderOf", "Conservative Party")),
    ("Deputy Prime Minister for Finance and Minister of Economy Wren Addo spoke.",
     ("Wren Addo", "holdsOffice", "Deputy Prime Minister")),
    ("Labour leader and Leader of the Opposition Farah Quint asked a question.",
     ("Farah Quint", "leaderOf", "Labour Party")),
    ("The EFF leader and MP Tobias Kanyi was removed from the chamber.",
     ("Tobias Kanyi", "leaderOf", "Economic Freedom Fighters")),
    # a party's possessive before the role word
    ("The Labour Party's leader, Farah Quint, said the vote was a disgrace.", ("Farah Quint", "leaderOf", "Labour Party")),
    ("The ANC's leader, Tobias Kanyi, addressed the National Assembly.",
     ("Tobias Kanyi", "leaderOf", "African National Congress")),
    # a party role as the predicate of a name: present, or taken up
    ("Piet Alvaro became leader of the Conservative Party in July.", ("Piet Alvaro", "leaderOf", "Conservative Party")),
    ("Wren Addo was elected leader of the Liberal Democrats on Friday.", ("Wren Addo", "leaderOf", "Liberal Democrats")),
    ("Farah Quint is the leader of the Green Party.", ("Farah Quint", "leaderOf", "Green Party")),
    # a title phrase 'A of (the) B' with a nationality or place before B
    ("A member of the Tunisian Parliament, Wren Addo said the decree was unjust.",
     ("Wren Addo", "holdsOffice", "Member of Parliament")),
    ("Farah Quint, a member of the New Zealand Parliament, spoke against the bill.",
     ("Farah Quint", "holdsOffice", "Member of Parliament")),
    ("Farah Quint, a member of the Kenyan National Assembly, walked out.",
     ("Farah Quint", "holdsOffice", "Member of the National Assembly")),
    ("Tobias Kanyi, a member of the Scottish Parliament, asked a question.",
     ("Tobias Kanyi", "holdsOffice", "Member of the Scottish Parliament")),
    # a party's abbreviation outside brackets, from the gazetteer
    ("PiS leader Piet Alvaro spoke in the Sejm.", ("Piet Alvaro", "leaderOf", "Law and Justice")),
    ("The PTI leader Farah Quint addressed the National Assembly in Islamabad.",
     ("Farah Quint", "leaderOf", "Pakistan Movement for Justice")),
    ("Wren Addo, an SNP MSP, asked the First Minister a question.", ("Wren Addo", "memberOf", "Scottish National Party")),
    # an office as the predicate of a name, present or taken up
    ("Farah Quint yesterday resumed the office of Speaker of the House, being voted into the position.",
     ("Farah Quint", "holdsOffice", "Speaker")),
    ("Tobias Kanyi was elected Speaker of the National Assembly on Tuesday.", ("Tobias Kanyi", "holdsOffice", "Speaker")),
    ("Wren Addo became Prime Minister in July.", ("Wren Addo", "holdsOffice", "Prime Minister")),
    ("Wren Addo took office as Mayor on Monday.", ("Wren Addo", "holdsOffice", "Mayor")),
    ("Farah Quint is the Chief Minister of the state.", ("Farah Quint", "holdsOffice", "Chief Minister")),
    ("The Lok Sabha elected Tobias Kanyi as Deputy Speaker.", ("Tobias Kanyi", "holdsOffice", "Deputy Speaker")),
    ("Members voted to elect Piet Alvaro as the new Conservative leader.",
     ("Piet Alvaro", "leaderOf", "Conservative Party")),
    # the model ran the name into the place after 'of': a given name splits them
    ("Today, Chief Executive of Hong Kong Regina Vale delivered her annual policy speech.",
     ("Regina Vale", "holdsOffice", "Chief Executive")),
    # councils, Nigeria's Senate, India, Malaysia
    ("Cllr Tobias Kanyi, the Green Party councillor for Eastfield ward, walked out.",
     ("Tobias Kanyi", "holdsOffice", "Councillor")),
    ("Cllr Tobias Kanyi, the Green Party councillor for Eastfield ward, walked out.",
     ("Tobias Kanyi", "memberOf", "Green Party")),
    ("Council leader Farah Quint said the budget was balanced.", ("Farah Quint", "holdsOffice", "Leader of the Council")),
    ("Deputy Senate President Wren Addo presided over the session in Abuja.",
     ("Wren Addo", "holdsOffice", "Deputy Speaker")),
    ("The Speaker of the Lok Sabha, Om Vadera, suspended the member.", ("Om Vadera", "holdsOffice", "Speaker")),
    ("The Speaker of the National Assembly, Tobias Kanyi, ordered the EFF members out.",
     ("Tobias Kanyi", "holdsOffice", "Speaker")),
    ("Datuk Seri Wren Addo, the Member of Parliament for Pekan, spoke.",
     ("Wren Addo", "holdsOffice", "Member of Parliament")),
    # a party noun after the article in apposition
    ("Senator Wren Addo, a Democrat from Ohio, objected.", ("Wren Addo", "memberOf", "Democratic Party")),
    ("Wren Addo, a Republican from Texas, objected.", ("Wren Addo", "memberOf", "Republican Party")),
    ("Wren Addo, a Maine Democrat, voted against the second article.", ("Wren Addo", "memberOf", "Democratic Party")),
    ("Piet Alvaro, a Texas Republican, voted for it.", ("Piet Alvaro", "memberOf", "Republican Party")),
    # names given as examples of a party's members
    ("Some Democrats, such as former Representative Piet Alvaro, opposed it.",
     ("Piet Alvaro", "memberOf", "Democratic Party")),
    ("Labour MPs including Piet Alvaro and Wren Addo rebelled.", ("Wren Addo", "memberOf", "Labour Party")),
    ("Conservatives such as Tobias Kanyi voted against the motion.", ("Tobias Kanyi", "memberOf", "Conservative Party")),
    ("ANC members including Tobias Kanyi marched to the Union Buildings.",
     ("Tobias Kanyi", "memberOf", "African National Congress")),
    # 'fellow' and 'both'
    ("Senator Farah Quint and fellow Republican Representative Piet Alvaro proposed it.",
     ("Farah Quint", "memberOf", "Republican Party")),
    ("Tobias Kanyi and fellow Labour MP Wren Addo voted against the bill.", ("Tobias Kanyi", "memberOf", "Labour Party")),
    ("Farah Quint and Piet Alvaro, both Democrats, voted against.", ("Farah Quint", "memberOf", "Democratic Party")),
    # 'counterpart': the office of the nearest office holder before it, for each name after it
    ("Greek Foreign Minister Nikos Dendro met his Cypriot counterpart, Nikos Christou, in Athens.",
     ("Nikos Christou", "holdsOffice", "Foreign Minister")),
    ("Prime Minister Ana Vidal called her Spanish counterpart Pedro Sala on Monday.",
     ("Pedro Sala", "holdsOffice", "Prime Minister")),
    ("Egyptian foreign minister Sameh Shoura and his Greek, Cypriot and French counterparts, Nikos Dendro, "
     "Nikos Christou and Jean Le Roux, respectively, gathered in Cairo.", ("Jean Le Roux", "holdsOffice", "Foreign Minister")),
])
def test_role_constructions(facts, text, expected):
    assert expected in roles_of(facts, text)


@pytest.mark.parametrize(("text", "wrong"), [
    ("Farah Quint was the leader of the Green Party until 2015.", ("Farah Quint", "leaderOf", "Green Party")),
    ("Farah Quint is not the leader of the Green Party.", ("Farah Quint", "leaderOf", "Green Party")),
    ("A former Republican Assemblywoman, Farah Quint, said the bill would fail.",
     ("Farah Quint", "memberOf", "Republican Party")),
    ("Senator Farah Quint and Republican Representative Piet Alvaro proposed it.",
     ("Farah Quint", "memberOf", "Republican Party")),
    ("Senator Farah Quint and fellow Republican Representative Piet Alvaro proposed it.",
     ("Farah Quint", "holdsOffice", "Representative")),
    ("The Labour Party's former leader, Farah Quint, spoke.", ("Farah Quint", "leaderOf", "Labour Party")),
    # a past, future, negated or merely proposed office as a predicate
    ("Deputy Senate President Wren Addo presided over the session in Abuja.", ("Wren Addo", "holdsOffice", "Speaker")),
    ("Former Republicans such as Wren Addo left the party.", ("Wren Addo", "memberOf", "Republican Party")),
    ("Farah Quint was the Chief Minister of the state.", ("Farah Quint", "holdsOffice", "Chief Minister")),
    ("Tobias Kanyi will become Speaker next week.", ("Tobias Kanyi", "holdsOffice", "Speaker")),
    ("Tobias Kanyi is expected to become Speaker.", ("Tobias Kanyi", "holdsOffice", "Speaker")),
    ("Piet Alvaro was nominated as Speaker.", ("Piet Alvaro", "holdsOffice", "Speaker")),
    ("Piet Alvaro was not elected Speaker.", ("Piet Alvaro", "holdsOffice", "Speaker")),
    ("Wren Addo elected Tobias Kanyi as Speaker.", ("Wren Addo", "holdsOffice", "Speaker")),
    # a counterpart of no office holder holds none (a coach's counterpart is a coach, not an office)
    ("Coach Tim Rhodes praised his counterpart Bill Evans after the match.", ("Bill Evans", "holdsOffice", "Coach")),
    ("Former Prime Minister Ana Vidal met her counterpart Pedro Sala.", ("Pedro Sala", "holdsOffice", "Prime Minister")),
])
def test_role_constructions_not(facts, text, wrong):
    assert wrong not in roles_of(facts, text)


@pytest.mark.parametrize("text", [
    "Wren Addo, a member of the Tunisian football team, scored twice.",
    "Piet Alvaro, a member of the local rowing club, said the river had flooded.",
])
def test_member_of_a_non_legislature_holds_no_office(facts, text):
    assert not any(rel == "holdsOffice" for _, rel, _ in roles_of(facts, text))


@pytest.mark.parametrize("text", [
    "EFF MP Tobias Kanyi was removed by the Serjeant-at-Arms.",
    "The Sergeant-at-Arms escorted Wren Addo out of the chamber.",
])
def test_serjeant_at_arms_is_not_a_person(facts, text):
    assert not any(name.startswith(("Serjeant", "Sergeant")) for name, _, _ in roles_of(facts, text) | {
        (e.name, "", "") for e in facts(text)[2].entities if e.kind == "Person"})
