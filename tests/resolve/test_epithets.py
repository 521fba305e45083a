"""Epithets corefer with the one person of the document who fits (issue 14, item 5): a party
noun ('the Democrat', 'the Conservative'), an age ('the 45-year-old' after 'X, 45,'), a party
role with no party ('the party leader'); none or several who fit give no one.

All names are invented; these run the real model (marked ``model``)."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.model


def _descriptions(facts, text):
    _, _, a = facts(text)
    return {m.name.lower(): (m.entity.name if m.entity is not None else None)
            for m in a.mentions if m.kind == "Description"}


@pytest.mark.parametrize(("text", "epithet", "who"), [
    # party nouns, in US, Westminster and Australian vocabularies
    ("Democrat Farah Quint spoke first.\n\nThe Democrat accused the Speaker of bias.", "the democrat", "Farah Quint"),
    ("Republican Senator Piet Alvaro and Wren Addo met on Monday.\n\nThe Republican said the talks had failed.",
     "the republican", "Piet Alvaro"),
    ("Conservative MP Tobias Kanyi was suspended.\n\nThe Conservative said he would appeal.", "the conservative",
     "Tobias Kanyi"),
    ("Tory MP Wren Addo crossed the floor with Piet Alvaro.\n\nThe Tory said she had no regrets.",
     "the tory", "Wren Addo"),
    # ages
    ("Tobias Kanyi, 45, was elected on Monday.\n\nThe 45-year-old said he was honoured.", "the 45-year-old",
     "Tobias Kanyi"),
    ("Tobias Kanyi, 45, and Wren Addo, 61, were elected.\n\nThe 61-year-old said she was honoured.",
     "the 61-year-old", "Wren Addo"),
    # a party role with no party
    ("Labour leader Tobias Kanyi and Piet Alvaro met.\n\nThe party leader said the vote was lost.", "the party leader",
     "Tobias Kanyi"),
    ("EFF leader Tobias Kanyi and MP Wren Addo walked out.\n\nThe party's leader later apologised.",
     "the party's leader", "Tobias Kanyi"),
    # seats: Westminster, a state assembly, the Dail
    ("Tobias Kanyi, the Labour MP for Bath, and Wren Addo, the MP for Ryde, clashed.\n\n"
     "The member for Bath accused the minister of lying.", "the member", "Tobias Kanyi"),
    ("Tobias Kanyi (Con, Bath) and Wren Addo (Lab, Ryde) clashed.\n\nThe honourable member for Ryde withdrew the remark.",
     "the honourable member", "Wren Addo"),
    ("Farah Quint, the MLA for Ryde, and Piet Alvaro, the MLA for Parramatta, spoke.\n\nThe MLA for Ryde walked out.",
     "the mla", "Farah Quint"),
    ("Piet Alvaro, TD for Kerry, and Wren Addo, TD for Cork, voted.\n\nThe TD for Kerry was suspended.",
     "the td", "Piet Alvaro"),
])
def test_epithet_corefers(facts, text, epithet, who):
    assert _descriptions(facts, text).get(epithet) == who


@pytest.mark.parametrize(("text", "epithet"), [
    # several fit: no one
    ("Democrat Farah Quint and Democrat Wren Addo spoke first.\n\nThe Democrat accused the Speaker of bias.",
     "the democrat"),
    ("Labour leader Tobias Kanyi and Green leader Piet Alvaro met.\n\nThe party leader said the vote was lost.",
     "the party leader"),
    # none fits: no one
    ("Republican Senator Piet Alvaro met Wren Addo.\n\nThe Democrat said the talks had failed.", "the democrat"),
    ("Tobias Kanyi, 45, was elected on Monday.\n\nThe 52-year-old said he was honoured.", "the 52-year-old"),
    ("Tobias Kanyi, the MP for Bath, spoke.\n\nThe member for Ryde objected.", "the member"),
])
def test_epithet_without_one_referent(facts, text, epithet):
    assert _descriptions(facts, text).get(epithet, "absent") in {None, "absent"}
    assert epithet in _descriptions(facts, text)


@pytest.mark.parametrize("text", [
    "The Republican Party won the seat.",
    "The Democratic senator Farah Quint spoke.",
    "The 45-year-old law was repealed.",
])
def test_no_epithet(facts, text):
    assert not any(d.startswith(("the republican", "the democratic", "the 45")) and d in {
        "the republican", "the democratic", "the 45-year-old"} for d in _descriptions(facts, text))


def test_their_candidate_in_the_lede_is_nobody_s_party_role(facts):
    """'... withdrew X as their candidate': a possessive description that is not the subject of
    the lede names no later person, and 'candidate' is a membership, not a leadership."""
    _, _, a = facts("On Saturday, the Lantern Party withdrew from using Princess Mara Voss as their candidate for "
                    "prime minister in response to a statement from Piet Alvaro.")
    roles = {(e.name, r, o.name) for e in a.entities if e.kind == "Person" for r, o in e.roles}
    assert not any(r == "leaderOf" for _, r, _ in roles)
    assert ("Piet Alvaro", "memberOf", "Lantern Party") not in roles
