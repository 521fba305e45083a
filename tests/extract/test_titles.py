"""Titles before a name (issue 14, item 1): the title gives ``holdsOffice``, the name node carries
the bare name, abbreviated titles match as the tokenizer splits running text, and a past or future
holder ("former", "then-", "the late", "-elect") holds no office now.

All names are invented; these run the real model (marked ``model``)."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.model


def _roles(facts, text):
    _, _, a = facts(text)
    people = {e.name: {(rel, o.name) for rel, o in e.roles} for e in a.entities if e.kind == "Person"}
    return people


@pytest.mark.parametrize("text,name,office", [
    # abbreviated titles: the tokenizer keeps "Rep." and "Sen." whole in running text
    ("Rep. Dana Whitcombe of Ohio spoke on Tuesday.", "Dana Whitcombe", "Representative"),
    ("Sen. Harold Pike voted against the bill.", "Harold Pike", "Senator"),
    # offices of several legislatures and executives
    ("Taoiseach Ciaran Doyle said on Monday.", "Ciaran Doyle", "Taoiseach"),
    ("Queen Matilda II opened parliament.", "Matilda II", "Queen"),
    ("Chief Minister Ravi Menon announced a new scheme in Chennai.", "Ravi Menon", "Chief Minister"),
    ("Newly elected Assemblywoman Rosa Tellez said.", "Rosa Tellez", "Assembly Member"),
    ("Senate Majority Leader Tom Brack blocked the vote.", "Tom Brack", "Majority Leader"),
])
def test_titles_title_before_name(facts, text, name, office):
    people = _roles(facts, text)
    assert ("holdsOffice", office) in people.get(name, set()), people


@pytest.mark.parametrize("text,name", [
    ("Former prime minister Arthur Lenning criticised the plan.", "Arthur Lenning"),
    ("Former US President Gerald Marsh attended the funeral.", "Gerald Marsh"),
    ("then-prime-minister Lars Odegaard was removed in 2006.", "Lars Odegaard"),
    ("President-elect Sandra Kiel met the cabinet.", "Sandra Kiel"),
    ("The late Senator Robert Quill was remembered.", "Robert Quill"),
    ("Former Speaker Ruth Obi defended the ruling.", "Ruth Obi"),
    ("Ravi Shah, the former chief minister of Gujarat, said.", "Ravi Shah"),
])
def test_titles_past_or_future_holder_holds_no_office(facts, text, name):
    people = _roles(facts, text)
    assert name in people, people
    assert not {r for r in people[name] if r[0] in {"holdsOffice", "leaderOf"}}, people


@pytest.mark.parametrize("text", [
    "She was crowned a beauty queen in 2010.",
    "The judge adjourned the hearing.",
])
def test_titles_title_only_before_a_name(facts, text):
    people = _roles(facts, text)
    assert not any(("holdsOffice", o) in r for r in people.values() for o in ("Queen", "Judge")), people


@pytest.mark.parametrize("text,names,office", [
    # a plural title before a list of names: each holds the office (US Senate, House, councils, Westminster)
    ("The bill was co-sponsored by Senators Alan Brisk of Ohio, Mary Dunne of Utah, and Carl Oster of Iowa.",
     ("Alan Brisk", "Mary Dunne", "Carl Oster"), "Senator"),
    ("Two Democratic Representatives, Ron Pell and Jim Garra, voted against the articles.",
     ("Ron Pell", "Jim Garra"), "Representative"),
    ("Councillors Priya Nair and Tom Beck opposed the rezoning.", ("Priya Nair", "Tom Beck"), "Councillor"),
    ("Labour MPs Sian Hughes and Dev Patel signed the letter.", ("Sian Hughes", "Dev Patel"), "Member of Parliament"),
])
def test_titles_plural_title_before_names(facts, text, names, office):
    people = _roles(facts, text)
    for name in names:
        assert ("holdsOffice", office) in people.get(name, set()), people


@pytest.mark.parametrize("text", [
    "Republican senators said they would block the bill.",
    "Former senators Ann Lowe and Bill Marr wrote to the committee.",
])
def test_titles_plural_title_no_current_holder(facts, text):
    people = _roles(facts, text)
    assert not any(r[0] == "holdsOffice" for roles in people.values() for r in roles), people
