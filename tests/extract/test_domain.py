"""The domain gate: how a domain's words are matched, and that the context is the article's.

All names and sentences are invented; the tests marked ``model`` run the real model.
"""

from __future__ import annotations

import pytest
import spacy

from kg.extract.events import domain


@pytest.fixture(scope="module")
def blank():
    return spacy.blank("en")


@pytest.mark.parametrize("words,text,hit", [
    ({"chamber"}, "She left the chamber.", True),
    ({"chamber"}, "She left the CHAMBER.", True),
    ({"Speaker"}, "The Speaker rose.", True),
    ({"Speaker"}, "The speaker at the rally rose.", False),  # a capital is matched as written
    ({"Lok Sabha"}, "Uproar in the lok sabha today.", True),  # a phrase, in any case
    ({"serjeant-at-arms"}, "The Serjeant-at-Arms came in.", True),
    ({"House of Commons"}, "The White House said no.", False),
    ({"council"}, "The councillors met.", False),  # a word is a lemma or a word, not a prefix
])
def test_domain_words_match_lemmas_capitals_and_phrases(blank, words, text, hit) -> None:
    assert domain.Words(frozenset(words)).span(blank(text)[:]) is hit


def test_domain_sitting_is_shipped_and_needs_someone() -> None:
    sitting = domain.domain("sitting")
    assert sitting is not None and sitting.someone and "umpire" in sitting.against
    assert domain.domain("no such domain") is None


@pytest.mark.model
@pytest.mark.parametrize("text,found", [
    # the sitting is named in another paragraph of the article
    ("The National Assembly met on Tuesday.\n\nLater, Farah Quint was ejected.", True),
    ("Councillors argued for an hour.\n\nPiet Alvaro was suspended for the rest of the meeting.", True),
    # no sitting anywhere: a game, a company
    ("The Hawks beat the Owls on Tuesday.\n\nLater, Farah Quint was ejected.", False),
    ("The firm cut its forecast.\n\nPiet Alvaro was suspended for the rest of the week.", False),
    # a sitting in the article, another domain in the sentence
    ("Senator Wren Addo watched the game.\n\nThe umpire ejected Farah Quint in the third inning.", False),
])
def test_domain_sitting_is_looked_for_in_the_whole_article(facts, text, found) -> None:
    asserted, _, _ = facts(text)
    assert any(c == "Ejection" for c, _, _ in asserted) is found, asserted


@pytest.mark.model
@pytest.mark.parametrize("text,found", [
    # a word of another domain in a relative clause of background, outside the trigger, does not count
    ("The Senate voted to censure Senator Joseph Marsh, who had led the fight to root out suspected spies.", True),
    ("MP Farah Quint, who was arrested at a protest in 2010, accused Minister Piet Alvaro of lying.", True),
    # ... but it does in the trigger's own clause, or with the trigger inside the relative clause
    ("Prosecutors, who had charged Carl Brandt with fraud, accused him of lying.", False),
    ("The defendant Carl Brandt, whom the prosecutor accused of lying, sat quietly.", False),
])
def test_domain_public_life_background_relative_clause(facts, text, found) -> None:
    asserted, _, _ = facts(text)
    assert any(c == "Accusation" for c, _, _ in asserted) is found, asserted
