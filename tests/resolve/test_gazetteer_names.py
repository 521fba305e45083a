"""A party the Party Facts gazetteer knows, named by its short or native name (kg.resolve.document: party):
one entity in a text about its country, whichever of its names the text uses, labelled with the longest of them
and known by all (its English name among them).
Sentences written for these tests."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.model


def _parties(facts, text: str) -> dict[str, set[str]]:
    """Each party's label -> all its names (those the text used and its aliases)."""
    _, _, a = facts(text)
    return {e.name: set(e.names) | set(e.aliases) for e in a.entities if e.kind == "PoliticalParty"}


ONE_PARTY = [
    # a native name and its abbreviation in brackets, then the English name, in a text about Italy
    ("Deputies of Movimento 5 Stelle (M5S) on the regional council in Milan, Italy, asked for a vote. "
     "The Five Star Movement later agreed.", "Five Star Movement"),
    # the Polish name and the English one
    ("Platforma Obywatelska walked out of the Sejm in Warsaw, Poland. Civic Platform MPs said the vote was void.",
     "Civic Platform"),
    # a Sri Lankan party by its abbreviation
    ("The UNP said the Speaker of Sri Lanka's Parliament had acted lawfully in Colombo.", "United National Party"),
]


@pytest.mark.parametrize("text, party", ONE_PARTY)
def test_a_gazetteer_party_is_one_entity_known_by_its_english_name(facts, text, party):
    parties = _parties(facts, text)
    assert len(parties) == 1
    assert party in next(iter(parties.values()))


def test_a_short_name_of_another_country_s_party_is_not_that_party(facts):
    """'UNP' names the Sri Lankan party in a text about Sri Lanka only: in a text about Kenya it is what the text says."""
    parties = _parties(facts, "The UNP said the Speaker of Kenya's National Assembly had acted lawfully in Nairobi.")
    assert not any("United National Party" in names for names in parties.values())
