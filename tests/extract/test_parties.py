"""The Party Facts gazetteer (``parties.json``), its Wikidata links scoped by country
(``countries.json``), and the party names and abbreviations the mention rules read from it
(issue 14, items 2 and 4)."""

from __future__ import annotations

import pytest

from kg.extract.people.organisations import party_facts_index, party_facts_shorts
from kg.ontology import lexicon


@pytest.fixture(scope="module")
def lex():
    return lexicon.load()


@pytest.mark.parametrize(("text", "country"), [
    ("The Sejm met in Warsaw as Poland voted.", "POL"),
    ("Members of the Lok Sabha walked out in New Delhi.", "IND"),
    ("The premier of Queensland and the NSW government met in Canberra.", "AUS"),
    ("MPs at Westminster and MSPs at Holyrood voted.", "GBR"),
    ("The Ontario legislature sat in Toronto; Ottawa said nothing.", "CAN"),
    ("Sen. Ana Reyes (D-Ore.) and Rep. Jo Dale (R-Tex.) agreed.", "USA"),
    ("The council met on Tuesday.", None),
])
def test_parties_country_of(lex, text, country):
    assert lex.country_of(text) == country



def _every_pattern(lex, text):
    """country_of as it was: every country's pattern run on the text."""
    counts = {c: len(rx.findall(text)) for c, rx in lex._country_words.items()}
    best = max(counts, key=lambda c: counts[c], default=None)
    return best if best is not None and counts[best] > 0 else None


@pytest.mark.parametrize("text", [
    "New South Wales and Wales",               # a word inside another country's word
    "Wales, Wales and New South Wales",
    "Georgia and Georgian wine",               # a run that only starts a word is no match
    "The U.S. and the U.K. met; the US and UK.",
    "Kenya Nigeria",                           # a tie: the first country in countries.json's order
    "Nigeria Kenya",
    "Abuja's assembly and Nairobi's",
    "",
])
def test_country_of_reads_only_candidate_countries(lex, text):
    """Running only the patterns of countries whose words' first runs the text has changes nothing."""
    assert lex.country_of(text) == _every_pattern(lex, text)


def test_country_of_on_a_made_up_list():
    import dataclasses

    lex = dataclasses.replace(lexicon.load(), countries={"AAA": ("Wales",), "BBB": ("New South Wales", "'Oz"),
                                                         "CCC": ("U.S.", "Georgia")})
    for text, country in [("New South Wales", "AAA"), ("New South Wales in 'Oz", "BBB"),
                          ("in 'Oz", "BBB"), ("U.S. Georgia", "CCC"), ("Georgian", None), ("US", None)]:
        assert lex.country_of(text) == _every_pattern(lex, text) == country, text

@pytest.mark.parametrize(("name", "country", "aliases", "qid"), [
    ("Labour Party", "GBR", (), "Q9630"),          # organizations.json's party, in its country
    ("Labour Party", "NZL", (), "Q1048192"),       # the same name in New Zealand: New Zealand's party
    ("Conservative Party", "GBR", ("Conservatives",), "Q9626"),  # by an alias, in Britain
    ("Conservative Party", "CAN", (), "Q488523"),  # pinned by its Party Facts id
    ("Law and Justice", "POL", (), "Q156874"),     # a gazetteer name two countries' parties share
    ("Liberal Party", "AUS", (), "Q241149"),       # in Australia, not Canada's Liberal Party
    ("Civic Platform", "POL", (), "Q156868"),
    ("Civic Platform", None, (), None),            # no country named: no link but organizations.json's
    ("Labour Party", None, (), "Q9630"),
    ("Rural Voice Party", "GBR", (), None),        # not in the gazetteer
])
def test_parties_wikidata_scoped_by_country(lex, name, country, aliases, qid):
    assert lex.wikidata(name, country, aliases) == qid


@pytest.mark.parametrize(("first", "form", "listed"), [
    ("Law", "Law and Justice", True),
    ("Civic", "Civic Platform", True),
    ("Prawo", "Prawo i Sprawiedliwość", True),   # the native name too
    ("Labour", "Labour Party", False),            # organizations.json has it
    ("National", "National Assembly", False),     # a legislature's name
])
def test_parties_gazetteer_names(first, form, listed):
    assert (form in party_facts_index().get(first, ())) is listed


@pytest.mark.parametrize(("short", "country", "name"), [
    ("UMNO", "MYS", "United Malays National Organisation"),
    ("Con", "GBR", "Conservatives"),
    ("PiS", "POL", "Law and Justice"),
])
def test_parties_abbreviations_by_country(short, country, name):
    assert party_facts_shorts()[short][country] == name


def test_parties_gazetteer_is_whole(lex):
    """Every Party Facts core party is there, with its country and, for most, a Wikidata id."""
    assert len(lex.gazetteer) == 5557  # one left out (scripts/build_party_lexicon.py, OMIT)
    assert len({g.country for g in lex.gazetteer}) == 215
    assert sum(1 for g in lex.gazetteer if g.wikidata) == 4012
