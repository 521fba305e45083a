"""Organisations other than parties and legislatures (issue 15: an apology is an apology whoever
makes it): named companies, agencies, campaigns and charities as agents and targets, their
acronyms, and 'the company' taking up the one last named. Sentences written for these tests."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.model

FACTS = [
    # a company apologises, by name or as 'the company'
    ("Northwind Power Company apologised to customers for the blackout.", ("Apology", "Northwind Power Company", "-")),
    ("Acme Energy Corporation (AEC) cut power to a million homes. The company apologized for the outage.",
     ("Apology", "Acme Energy Corporation", "-")),
    ("Kestrel Airways cancelled 200 flights on Monday. The airline later apologised to passengers.",
     ("Apology", "Kestrel Airways", "-")),
    # an agency, a campaign, a charity as the accused or the accuser
    ("Senator Idris Kell accused the Federal Broadcasting Commission (FBC) of abusing its powers.",
     ("Accusation", "Idris Kell", "Federal Broadcasting Commission")),
    ("The Okafor campaign criticized Governor Maren Holt's refusal to debate.", ("Accusation", "Okafor campaign", "Maren Holt")),
    ("MP Farah Quint condemned Harbour Watch International for spreading false figures.",
     ("Accusation", "Farah Quint", "Harbour Watch International")),
]

#: an organisation named before 'it' is not what a charge calls it
NOT_ACCUSED = [
    "Harbour Watch International welcomed the plan. Calling it a disgrace, Bishop Owen Pryce said he would pray.",
    "Acme Energy Corporation (AEC) published the report. Senator Idris Kell called it a whitewash.",
]

#: (text, what must not be an organisation)
NOT_ORGANISATIONS = [
    # a single capitalised word is too often a surname
    ("Reyes said the figures were wrong.", "Reyes"),
    # a platform is no one
    ("Mayor Tobias Kanyi lashed out at Councillor Wren Addo on Twitter.", "Twitter"),
]


@pytest.mark.parametrize("text,want", FACTS)
def test_organisations_as_agents_and_targets(facts, text, want) -> None:
    asserted, _, _ = facts(text)
    assert want in asserted, asserted


@pytest.mark.parametrize("text", NOT_ACCUSED)
def test_organisations_it_as_an_object_is_no_organisation(facts, text) -> None:
    asserted, _, _ = facts(text)
    assert not {r for r in asserted if r[0] == "Accusation"}, asserted


def test_organisations_it_as_a_subject_is_the_organisation(facts) -> None:
    asserted, _, _ = facts("Kestrel Airways cancelled 200 flights. It apologised to passengers on Monday.")
    assert ("Apology", "Kestrel Airways", "-") in asserted, asserted


@pytest.mark.parametrize("text,name", NOT_ORGANISATIONS)
def test_organisations_not_every_capitalised_word(facts, text, name) -> None:
    _, _, analysis = facts(text)
    assert not [e for e in analysis.entities if e.kind == "Organization" and name in e.name], analysis.entities


def test_organisations_an_acronym_in_brackets_is_the_same_organisation(facts) -> None:
    _, _, analysis = facts("Senator Idris Kell criticised the Federal Broadcasting Commission (FBC) on Monday. "
                           "The FBC rejected the criticism.")
    orgs = [e for e in analysis.entities if e.kind == "Organization"]
    assert [e.name for e in orgs] == ["Federal Broadcasting Commission"], orgs
