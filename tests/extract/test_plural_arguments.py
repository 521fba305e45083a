"""A plural pronoun as an event's argument (issue 39): 'they'/'them' stands for the people named together
last before it ('X and Y ... accused them of ...'), not for a party the resolver would give it, unless a party
or body is named after them, nor for people a plural noun in between stands for. Sentences written for these
tests, in several legislatures' vocabularies."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.model


@pytest.mark.parametrize(
    "text,cls,agent,target",
    [
        (
            "Councillors Wren Addo and Piet Alvaro were suspended after a newspaper accused them of taking bribes.",
            "Accusation",
            "-",
            "Piet Alvaro & Wren Addo",
        ),
        (
            "MLAs Kavya Rao and Arun Velan were suspended from the Vidhan Sabha after the Speaker accused them of "
            "disrupting the House.",
            "Accusation",
            "-",
            "Arun Velan & Kavya Rao",
        ),
        (
            "Mayor Tobias Kanyi and Councillor Wren Addo opened the session. Residents accused them of ignoring the "
            "flooding.",
            "Accusation",
            "-",
            "Tobias Kanyi & Wren Addo",
        ),
        (
            "Protests were held against Unity Party leader Piet Alvaro and his coalition partners. They were further "
            "accused of blocking the formation of a new government.",
            "Accusation",
            "-",
            "Piet Alvaro",
        ),
        (
            "Senators Idris Kell and Maren Holt led the debate. They voted against the Farm Bill.",
            "Opposition",
            "Idris Kell & Maren Holt",
            "Farm Bill",
        ),
    ],
)
def test_plural_pronoun_stands_for_the_people_named_together(facts, text, cls, agent, target) -> None:
    asserted, _, _ = facts(text)
    rows = {r for r in asserted if r[0] == cls}
    want = (cls, agent, target)
    # an agent the sentence leaves unnamed ('a newspaper', 'the Speaker') may be read or not
    assert want in rows or (agent == "-" and any(r[2] == target for r in rows)), rows


@pytest.mark.parametrize(
    "text,target",
    [
        # a party named after the people is the nearer antecedent
        (
            "Labour MPs Farah Quint and Owen Pryce met the Green Party. They accused Minister Piet Alvaro of lying.",
            None,
        ),
        # people a plural noun in between stands for ('protesters', 'organisers')
        (
            "Opposition MPs Sipho Mthembu and Ama Boateng walked out. Protesters outside said they had betrayed the "
            "workers.",
            None,
        ),
        # the accuser is not among those accused
        (
            "Senators Idris Kell and Maren Holt spoke after Senator Dana Whitfield accused them of lying.",
            "Dana Whitfield",
        ),
    ],
)
def test_plural_pronoun_traps(facts, text, target) -> None:
    asserted, _, _ = facts(text)
    accused = {r[2] for r in asserted if r[0] == "Accusation"}
    assert not any("Sipho Mthembu" in t or "Farah Quint" in t for t in accused), asserted
    assert target is None or not any(target in t for t in accused), asserted


@pytest.mark.parametrize(
    "text,agent,target",
    [
        # a definite plural of members stands for the people named together before it
        (
            "The Standards Committee has today published two reports on the conduct of Councillor Wren Addo and "
            "Councillor Piet Alvaro. The reports find the members to have breached the code of conduct.",
            "Standards Committee",
            "Piet Alvaro & Wren Addo",
        ),
        (
            "The Ethics Committee has published its report on Senators Idris Kell and Maren Holt. The report found "
            "that both senators had misled the Senate.",
            "Ethics Committee",
            "Idris Kell & Maren Holt",
        ),
        # a report with its author in it
        (
            "The Privileges Committee's report found that MPs Farah Quint and Owen Pryce had misled the House.",
            "Privileges Committee",
            "Farah Quint & Owen Pryce",
        ),
    ],
)
def test_report_author_and_the_members(facts, text, agent, target) -> None:
    asserted, _, _ = facts(text)
    assert ("Accusation", agent, target) in asserted, asserted


@pytest.mark.parametrize(
    "text",
    [
        # negated finding
        "The Ethics Committee has published its report on Senators Idris Kell and Maren Holt. The report found that "
        "the senators had not misled the Senate.",
        # a report no one named published
        "Senators Idris Kell and Maren Holt spoke. The report found that the senators had misled the Senate.",
    ],
)
def test_report_author_traps(facts, text) -> None:
    asserted, _, _ = facts(text)
    assert not {r for r in asserted if r[0] == "Accusation" and r[1] != "-"}, asserted
