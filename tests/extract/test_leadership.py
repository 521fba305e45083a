"""Party leadership stated around a name (issue 35.3): 'the P, led by X', 'the P is led by X', 'P (ABBR) Leader
X'; and what is no leadership now: 'former P leader X', 'the P was led by X until 1992', 'would-be P leader X'
(a member), a coalition or a government led by X. Sentences of our own, in several legislatures' vocabularies."""

from __future__ import annotations

import pytest

from tests.extract.roles import roles_of

pytestmark = pytest.mark.model


@pytest.mark.parametrize(("text", "expected"), [
    # a participle of a lead verb on the party, its agent the name (Europe, India, Africa, Westminster)
    ("The Five Star Movement (M5S) led by Luigi Rossi became the largest party.",
     ("Luigi Rossi", "leaderOf", "Five Star Movement")),
    ("The opposition Janata Dal, headed by Deve Rao, walked out of the Lok Sabha.", ("Deve Rao", "leaderOf", "Janata Dal")),
    ("The ANC, led by Sipho Dube and Lindi Zulu, walked out of the National Assembly.",
     ("Lindi Zulu", "leaderOf", "African National Congress")),
    ("The Liberal Democrats, led by Ed Dale, won ten seats in the Commons.", ("Ed Dale", "leaderOf", "Liberal Democrats")),
    # a present passive
    ("The Labour Party is led by Neil Kinn.", ("Neil Kinn", "leaderOf", "Labour Party")),
    # a party's noun said of a named party, and a coalition named by where it stands (issue 35.3)
    ("The Popular Front, a coalition led by Jorge Vidal, won the vote.", ("Jorge Vidal", "leaderOf", "Popular Front")),
    ("The ANC, a party led by Sipho Dube, walked out.", ("Sipho Dube", "leaderOf", "African National Congress")),
    ("The Assembly expelled 12 lawmakers after the main Civic Party formation led by Tobias Moyo wrote to the Speaker.",
     ("Tobias Moyo", "leaderOf", "Civic Party")),
    ("The centre-left coalition, led by Paolo Verdi, came third.", ("Paolo Verdi", "leaderOf", "Centre-left coalition")),
    ("The Senate rejected the bill. The right-wing alliance led by Ana Ruiz walked out.",
     ("Ana Ruiz", "leaderOf", "Right-wing alliance")),
    # the party's abbreviation in a bracket before the role word
    ("Conservative Party (CP) Leader John Smith said it.", ("John Smith", "leaderOf", "Conservative Party")),
    # a would-be or incoming leader is a member
    ("Would-be Conservative leader Tom Bell spoke in the Commons.", ("Tom Bell", "memberOf", "Conservative Party")),
    ("Incoming ANC leader Sipho Dube spoke.", ("Sipho Dube", "memberOf", "African National Congress")),
])
def test_leadership(facts, text, expected):
    roles = roles_of(facts, text)
    assert expected in roles, sorted(roles)


@pytest.mark.parametrize("text", [
    # the past: a past tense, a span of years, an adverb of the past, a past title
    "The Labour Party was led by Neil Kinn until 1992.",
    "The Green Party, led until 2010 by Neil Kinn, won a seat.",
    "The Labour Party, formerly led by Neil Kinn, won.",
    "Former Labour leader Tom Bell spoke.",
    "The ex-BJP leader Anil Rao spoke in the Lok Sabha.",
    "The then Labour leader Tom Bell spoke.",
    # the future
    "Would-be Conservative leader Tom Bell spoke in the Commons.",
    "Incoming ANC leader Sipho Dube spoke.",
    # no party led
    "A coalition led by Neil Kinn won the council.",
    "The Labour government, a coalition led by Neil Kinn, fell.",
    "He turned left coalition partners led by Neil Kinn away.",
    "The government led by Neil Kinn fell.",
])
def test_leadership_not(facts, text):
    roles = roles_of(facts, text)
    assert not {r for r in roles if r[1] == "leaderOf"}, sorted(roles)
