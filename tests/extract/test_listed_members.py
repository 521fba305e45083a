"""Members a later sentence lists for a group an earlier one acted on (issue 35.6, kg.extract.groups):
'The P suspended four of its MPs. Among those suspended are A (Seat), B and C', 'The Speaker suspended three EFF
MPs ... The suspended members include A and B', 'Four Labour MPs were suspended. They are A, B ...', 'Four Labour
MPs were suspended: A, B ...'; and the rows of a table or list ('1984 A Labour ...', '| A |
Labour |', 'A – Seat – Labour': kg.extract.people.lists.row_parties). Not a party expelling its own members
('The P expelled two councillors from the party'), nor a group with no party. Sentences of our own (Westminster,
South Africa, US Senate, Zimbabwe-style assembly, council)."""

from __future__ import annotations

import pytest

from tests.extract.roles import roles_of

pytestmark = pytest.mark.model


@pytest.mark.parametrize(("text", "expected"), [
    # 'its MPs': the subject's
    ("The Labour Party suspended four of its MPs on Tuesday. Among those suspended are Tom Varley (Bexford North), "
     "Anna Pell and Rick Doyle.", [("Tom Varley", "memberOf", "Labour Party"), ("Rick Doyle", "memberOf", "Labour Party")]),
    # a party acting on members: its own
    ("The ANC suspended three MPs. The suspended MPs are Sipho Ndlovu, Thandi Mokoena and Piet Mahlangu.",
     [("Piet Mahlangu", "memberOf", "African National Congress")]),
    # a party's word on the group, in another paragraph
    ("Speaker Ana Cole suspended three EFF MPs on Thursday.\n\nThe suspended members include Sipho Ndlovu and "
     "Thandi Mokoena.", [("Thandi Mokoena", "memberOf", "Economic Freedom Fighters")]),
    ("The Senate suspended three Democratic senators. The suspended senators were Tom Varley, Anna Pell and Rick Doyle.",
     [("Anna Pell", "memberOf", "Democratic Party")]),
    # 'lawmakers from the P', two paragraphs before the list
    ("The Assembly expelled 12 lawmakers from the breakaway Civic Renewal Party.\n\nThe Speaker said the ruling was "
     "final.\n\nAmong those expelled are Tendai Moyo (Harare North), Lucy Banda (Kuwadzana) and Peter Ncube (Luveve).",
     [("Tendai Moyo", "memberOf", "Civic Renewal Party"), ("Peter Ncube", "memberOf", "Civic Renewal Party")]),
    # 'They are', 'The four are' after the group; a colon after it
    ("Four Labour MPs were suspended on Tuesday. They are Tom Varley, Anna Pell, Rick Doyle and Sue Marsh.",
     [("Sue Marsh", "memberOf", "Labour Party")]),
    ("The Speaker suspended four Labour MPs. The four are Tom Varley, Anna Pell, Rick Doyle and Sue Marsh.",
     [("Rick Doyle", "memberOf", "Labour Party")]),
    ("Four Labour MPs were suspended: Tom Varley, Anna Pell, Rick Doyle and Sue Marsh.",
     [("Anna Pell", "memberOf", "Labour Party")]),
    ("The Speaker suspended four Labour MPs: Tom Varley, Anna Pell, Rick Doyle and Sue Marsh.",
     [("Sue Marsh", "memberOf", "Labour Party")]),
    # a faction named by a word after its party's name, the list far below
    ("Zimbabwe's Assembly expelled 12 lawmakers from the breakaway Movement for Democratic Change Renewal team after "
     "the main MDC formation led by Tobias Moyo wrote to the Speaker.\n\nThe Renewal lawmakers lost their seats.\n\n"
     "Among those expelled are Tendai Gumbo (Harare North), Lucy Banda (Kuwadzana) and Peter Ncube (Luveve).",
     [("Lucy Banda", "memberOf", "Movement for Democratic Change Renewal"),
      ("Tobias Moyo", "leaderOf", "Movement for Democratic Change")]),
    # rows of a table or list
    ("List of councillors suspended from the council\n\nDate Councillor Political party Duration Reason\n"
     "3 June 2011 Tom Varley Labour Ten days Refusing to withdraw a remark.\n2014 Anna Pell Conservative ... Seizing "
     "the mace.", [("Tom Varley", "memberOf", "Labour Party"), ("Anna Pell", "memberOf", "Conservative Party")]),
    # (a name the tagger runs into the party's first word)
    ("List of MPs suspended from parliament\n\nDate Member of Parliament Political party Duration Reason\n"
     "2 July 1931 John Varley Independent Labour Party Remainder of the session Disregarding the chair.",
     [("John Varley", "memberOf", "Independent Labour Party")]),
    ("| Member | Party | Date |\n| Tom Varley | Labour | 3 June 2011 |\n| Anna Pell | Liberal Democrats | 2014 |",
     [("Anna Pell", "memberOf", "Liberal Democrats")]),
    ("Suspended MPs: Tom Varley – Bexford North – Labour; Anna Pell – Ryde – Conservative.",
     [("Tom Varley", "memberOf", "Labour Party"), ("Anna Pell", "memberOf", "Conservative Party")]),
])
def test_listed_members(facts, text, expected):
    roles = roles_of(facts, text)
    for row in expected:
        assert row in roles, sorted(roles)


@pytest.mark.parametrize(("text", "bad"), [
    # the party expels them: members no more
    ("The Civic Renewal Party expelled two councillors from the party. The expelled councillors are Tom Varley and "
     "Anna Pell.", ("Tom Varley", "memberOf", "Civic Renewal Party")),
    # no party on the group
    ("The council suspended four councillors. Among those suspended are Tom Varley, Anna Pell and Rick Doyle.",
     ("Tom Varley", "memberOf", "Labour Party")),
    ("The Speaker met four villagers. They are Tom Varley, Anna Pell and Rick Doyle.",
     ("Anna Pell", "memberOf", "Labour Party")),
    ("The Labour MPs left. The Speaker said: Tom Varley, Anna Pell and Rick Doyle must leave.",
     ("Anna Pell", "memberOf", "Labour Party")),
    ("The Speaker suspended four former Labour MPs. The suspended MPs are Tom Varley, Anna Pell and Rick Doyle.",
     ("Anna Pell", "memberOf", "Labour Party")),
    # the party of the faction is another
    ("Zimbabwe's Assembly expelled 12 lawmakers from the breakaway Movement for Democratic Change Renewal team after "
     "the main MDC formation led by Tobias Moyo wrote to the Speaker.",
     ("Tobias Moyo", "leaderOf", "Movement for Democratic Change Renewal")),
    # a seat between dashes is no person of the party
    ("Suspended MPs: Tom Varley – Bexford North – Labour.", ("Bexford North", "memberOf", "Labour Party")),
])
def test_listed_members_not(facts, text, bad):
    roles = roles_of(facts, text)
    assert bad not in roles, sorted(roles)
