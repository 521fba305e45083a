"""Parties named by their Party Facts abbreviation in running text (issue 35.4): 'VMRO-DPMNE leader X',
'the ZANU–PF', 'PSOE MPs': an abbreviation of a party of the country the paragraph names, or of one party
still existing when it names none; a dash written for the hyphen. Not an abbreviation of another country's
party, one that many countries' parties share, nor a word of a country or an office. Sentences of our own."""

from __future__ import annotations

import pytest

from tests.extract.roles import roles_of

pytestmark = pytest.mark.model


def _parties(facts, text):
    _, _, a = facts(text)
    return {e.name for e in a.entities if e.kind == "PoliticalParty"}


@pytest.mark.parametrize(("text", "expected"), [
    # Balkans, Africa, Spain, Italy: the abbreviation before a role word, or in an apposition
    ("Protesters in Skopje marched against VMRO-DPMNE leader Goran Petrov.", ("Goran Petrov", "leaderOf", "VMRO-DPMNE")),
    ("Tendai Moyo, a ZANU–PF lawmaker, walked out of the Harare session.", ("Tendai Moyo", "memberOf", "ZANU–PF")),
    ("Blessing Ncube, a member of the MDC-T, was expelled from the National Assembly.",
     ("Blessing Ncube", "memberOf", "MDC-T")),
    ("PSOE leader Pedro Alvar spoke in the Congress of Deputies in Madrid.", ("Pedro Alvar", "leaderOf", "Spanish Socialist Workers Party")),
    ("Maria Petrovska, deputy head of the SDSM, was hurt in Skopje.", ("Maria Petrovska", "memberOf", "Social Democratic Union of Macedonia")),
    # a paragraph that names no country: the article's country decides (issue 35.4)
    ("Zimbabwe's parliament met on Tuesday.\n\nThe Speaker expelled 12 lawmakers after the main MDC formation led by "
     "Tobias Moyo wrote to him.", ("Tobias Moyo", "leaderOf", "Movement for Democratic Change")),
])
def test_abbreviation_names_party(facts, text, expected):
    roles = roles_of(facts, text)
    assert expected in roles, sorted(roles)


@pytest.mark.parametrize(("text", "short"), [
    # another country's party: 'NPR' is a Polish party's, 'SDF' a Cameroonian's
    ("NPR reported that the senator from Ohio resigned in Washington, D.C.", "NPR"),
    ("The SDF fighters in Syria said the Turkish army had crossed the border.", "SDF"),
    # an abbreviation of two letters, or of a country ('USA'), or a title ('MP')
    ("The PP said in the United States that it would not run.", "PP"),
    ("The USA team won the match.", "USA"),
])
def test_abbreviation_not_a_party(facts, text, short):
    assert short not in _parties(facts, text)
