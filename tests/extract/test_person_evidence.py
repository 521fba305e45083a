"""Two capitalised words are not a person by default (issue 14, item 1): a run of capitalised
words the model did not type as a person is one only with evidence (a known given name first, a
title or honorific before it, a surname the model typed elsewhere, a verb of speech), and titles
of rank are no part of a name ('Archbishop X', 'Princess X').

All names are invented; these run the real model (marked ``model``)."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.model


def _people(facts, text):
    _, _, a = facts(text)
    return {e.name for e in a.entities if e.kind == "Person"}


@pytest.mark.parametrize(("text", "not_a_person"), [
    ("Researchers in Computational Biology published the study.", "Computational Biology"),
    ("Investigative Journalism reporters found the chats.", "Investigative Journalism"),
    ("Lawmakers asked Planned Parenthood for data.", "Planned Parenthood"),
    ("Donors gave to Human Rights Watch and Amnesty International.", "Amnesty International"),
    # a surname of the document in a programme's name
    ("Radio host Tobias Kanyi died on Friday.\n\nLongtime Kanyi in the Morning writer Rob Vance tweeted his grief.",
     "Longtime Kanyi"),
])
def test_capitalised_run_without_evidence_is_no_person(facts, text, not_a_person):
    assert not_a_person not in _people(facts, text)


@pytest.mark.parametrize(("text", "person"), [
    ("Regina Vale told reporters the vote was a farce.", "Regina Vale"),
    ("Tomasz Wierzba said the church was sorry.", "Tomasz Wierzba"),
    ("Archbishop Wojtek Palanek apologised for the abuse.", "Wojtek Palanek"),
    ("Princess Mara Voss withdrew her candidacy.", "Mara Voss"),
    ("Labour MP Tobias Kanyi spoke.", "Tobias Kanyi"),
    # a surname that is also the first word of an honorific
    ("Opposition leader Tan Wei Ming spoke.", "Tan Wei Ming"),
    # a role description in apposition, or the surname used alone later
    ("The party was less contrite. Its leader, Agathe Bruneau, said the review was flawed.", "Agathe Bruneau"),
    ("Protesters cheered when Ngozi Okonkwo arrived. Hours later, police escorted Okonkwo out.", "Ngozi Okonkwo"),
])
def test_person_with_evidence(facts, text, person):
    assert person in _people(facts, text)


@pytest.mark.parametrize(("text", "title"), [
    ("Archbishop Wojtek Palanek apologised for the abuse.", "Archbishop"),
    ("Princess Mara Voss withdrew. The Princess's candidacy had been challenged.", "Princess"),
    ("Tan Sri Tobias Kanyi, the Dewan Rakyat Speaker, ejected the MP.", "Sri"),
    ("Datuk Seri Wren Addo, the Member of Parliament for Pekan, spoke.", "Datuk"),
])
def test_rank_is_no_part_of_a_name(facts, text, title):
    assert not any(title in name.split() for name in _people(facts, text))
