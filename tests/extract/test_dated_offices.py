"""Offices of another time, read against the article's date (issue 35, kg.extract.people.dated): a
titled name in a clause dated two or more years before the article, a service over a finished span
of years, a tenure of another time, a deputy who became the principal. Traps keep the office: a
year close to the article's, the taking of an office, a span still open, a seat, a prospect.

All names are invented, in several legislatures' vocabularies; these run the real model."""

from __future__ import annotations

from datetime import date

import pytest

pytestmark = pytest.mark.model

_DATE = date(2024, 5, 2)


def _offices(facts, text, published=_DATE):
    _, _, a = facts(text, published=published)
    return {e.name: {o.name for rel, o in e.roles if rel == "holdsOffice"} for e in a.entities if e.kind == "Person"}


@pytest.mark.parametrize("text,name,office", [
    # a clause dated well before the article
    ("The impeachment trial of President Dale Harmon in 1998 divided the Senate.", "Dale Harmon", "President"),
    ("The party wants to proceed as in the trial of Governor Ana Ruiz in 2009.", "Ana Ruiz", "Governor"),
    ("A housing plan backed by the council in September 2019 was rejected by Mayor Lena Ortiz over costs.",
     "Lena Ortiz", "Mayor"),
    ("A similar scheme backed by the charity in 2021 was reportedly rejected by Prime Minister Colm Fennor.",
     "Colm Fennor", "Prime Minister"),
    ("Chief Minister Ravi Menon said in 2016 that the dam would be built.", "Ravi Menon", "Chief Minister"),
    # a service over a finished span of years
    ("Ruth Okafor worked for three years for Representative Glen Marsh as an aide.", "Glen Marsh", "Representative"),
    ("Kofi Mensah worked for two years for Speaker Ama Boateng before entering politics.", "Ama Boateng", "Speaker"),
    # a tenure of another time
    ("The claim is that, during his time as President Ivo Brand's vice president, Tomas Yule called for reform.",
     "Ivo Brand", "President"),
    ("The claim is that, during his time as President Ivo Brand's vice president, Tomas Yule called for reform.",
     "Tomas Yule", "Vice President"),
    ("During her tenure as Governor Ana Ruiz's deputy, Lisa Chen ran the budget office.", "Ana Ruiz", "Governor"),
    # a deputy who became the principal
    ("The Senate removed him, resulting in Vice President Nadia Serrat, who had broken with him, becoming President.",
     "Nadia Serrat", "Vice President"),
    ("Deputy Mayor Lena Ortiz became Mayor after the election.", "Lena Ortiz", "Deputy Mayor"),
])
def test_dated_office_is_not_current(facts, text, name, office):
    assert office not in _offices(facts, text).get(name, set())


@pytest.mark.parametrize("text,name,office", [
    # a year close to the article's
    ("Prime Minister Colm Fennor said in 2023 that the bill would pass.", "Colm Fennor", "Prime Minister"),
    ("A housing plan backed by the council in 2023 was rejected by Mayor Lena Ortiz over costs.", "Lena Ortiz",
     "Mayor"),
    # the taking of an office, a span still open
    ("Governor Dana Ferris, who was elected in 2016, vetoed the bill.", "Dana Ferris", "Governor"),
    ("President Dale Harmon was elected in 2012 and re-elected in 2017.", "Dale Harmon", "President"),
    ("Speaker Ama Boateng took office in 2017.", "Ama Boateng", "Speaker"),
    ("Governor Dana Ferris has led the state since 2016.", "Dana Ferris", "Governor"),
    ("Ruth Okafor has worked for three years for Representative Glen Marsh.", "Glen Marsh", "Representative"),
    # a year of another thing than the name's clause
    ("President Dale Harmon rejected a plan first proposed in 2015.", "Dale Harmon", "President"),
    ("Chief Minister Ravi Menon on Monday recalled the floods of 2005.", "Ravi Menon", "Chief Minister"),
    ("During the visit of President Ivo Brand, Tomas Yule called for reform.", "Ivo Brand", "President"),
    # a seat is held for terms of years
    ("Senator Glen Marsh voted against the treaty in 2019.", "Glen Marsh", "Senator"),
    ("MLA Ravi Menon walked out of the assembly in 2020.", "Ravi Menon", "Member of the Legislative Assembly"),
    # a prospect, not a promotion
    ("Hopes of Vice President Nadia Serrat becoming President faded.", "Nadia Serrat", "Vice President"),
    ("Vice President Nadia Serrat could become President.", "Nadia Serrat", "Vice President"),
    ("Deputy Speaker Kwame Boateng did not become Speaker.", "Kwame Boateng", "Deputy Speaker"),
])
def test_dated_office_stays(facts, text, name, office):
    assert office in _offices(facts, text).get(name, set())


def test_dated_office_close_to_an_undated_article_stays(facts):
    # with no date on the article, only a past clause whose subject is the name dates it
    assert "President" in _offices(facts, "The impeachment trial of President Dale Harmon in 1998 divided the Senate.",
                                   published=None).get("Dale Harmon", set())


def test_dated_office_promoted_holds_the_principal(facts):
    text = "The Senate removed him, resulting in Vice President Nadia Serrat, who had broken with him, becoming President."
    assert "President" in _offices(facts, text).get("Nadia Serrat", set())


def test_dated_office_other_mention_keeps_it(facts):
    # one mention of another time, one of now: the office stands
    text = ("The impeachment trial of President Dale Harmon in 1998 divided the Senate.\n\n"
            "On Monday President Dale Harmon signed the bill.")
    assert "President" in _offices(facts, text).get("Dale Harmon", set())


@pytest.mark.parametrize("text,name,office,kept", [
    # a relative clause the parser hung on the noun before the name: it is of the name before its comma
    ("Ana Ruiz was the sister of President Tom Ruiz, who had himself been assassinated in 1963.", "Tom Ruiz",
     "President", False),
    ("Kofi Mensah was the deputy of Speaker Ama Boateng, who died in 2001.", "Ama Boateng", "Speaker", False),
    ("Ana Ruiz was the sister of Senator Tom Ruiz, who spoke on Monday.", "Tom Ruiz", "Senator", True),
])
def test_dated_office_relative_clause_of_the_name(facts, text, name, office, kept):
    assert (office in _offices(facts, text).get(name, set())) is kept


def test_dated_office_seat_a_decade_before(facts):
    # a seat is held for terms of years: a decade before the article puts it in another time
    text = "When Representative Glen Marsh of the seventh district announced his resignation in 1995, Tom Hale ran."
    assert "Representative" not in _offices(facts, text).get("Glen Marsh", set())
