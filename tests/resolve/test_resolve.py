"""Tests for the pure parts of the resolve stage: name folding, typo matching and the
cross-document merge (kg.model.fold, kg.resolve.document.edit_distance / typo_match, kg.resolve.corpus.merge_corpus).

No spaCy: entities are built by hand. All names are invented.
"""

from __future__ import annotations

import pytest

from kg.model import Entity, fold
from kg.resolve.corpus import merge_corpus
from kg.extract.people.spelling import Misspellings, edit_distance, typo_match


# -- fold -----------------------------------------------------------------------------

@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Yves-François", "yves francois"),
        ("Yves Francois", "yves francois"),
        ("Canada's NDP", "canada ndp"),
        ("Canada’s NDP", "canada ndp"),  # typographic apostrophe
        ("Jones's motion", "jones motion"),
        ("O'Shea", "o shea"),  # an apostrophe inside a name is not a possessive
        ("  ÉLODIE   Marchand\n", "elodie marchand"),
        ("Strauß", "strauss"),  # casefold, not lower()
        ("Ana Peña-Ibáñez", "ana pena ibanez"),
        ("ﬁnn", "finn"),  # compatibility ligature
        ("@AdaOkoro", "@adaokoro"),  # a handle keeps its @
        ("Ada <Okoro>", "ada okoro"),
        ("", ""),
        ("🙂", ""),
        # letters with a stroke are not combining accents: fold maps them itself
        pytest.param("Łukasz Ødegaard", "lukasz odegaard"),
        # a display name in small capitals has no Unicode decomposition: fold maps it (issue 16, item 9)
        pytest.param("Tᴏʙɪᴀs Kᴀɴʏɪ", "tobias kanyi"),
    ],
)
def test_resolve_fold(text: str, expected: str) -> None:
    assert fold(text) == expected


@pytest.mark.parametrize(
    ("a", "b", "same"),
    [
        ("Yves-François Lachambre", "Yves Francois Lachambre", True),
        ("Yves-François Lachambre", "YVES-FRANCOIS LACHAMBRE", True),
        ("Unity Party's", "Unity Party", True),
        ("Ada Okoro", "Ada  Okoro", True),
        ("Ada Okoro", "Ada Okoroh", False),
        ("Ada Okoro", "Okoro Ada", False),
    ],
)
def test_resolve_fold_pairs(a: str, b: str, same: bool) -> None:
    assert (fold(a) == fold(b)) is same


# -- edit_distance / typo_match ---------------------------------------------------------

@pytest.mark.parametrize(
    ("a", "b", "limit", "expected"),
    [
        ("hallberg", "hallberg", 3, 0),
        ("hallberg", "hallburg", 3, 1),  # substitution
        ("dremen", "dremmen", 3, 1),  # insertion
        ("ab", "ba", 3, 2),  # a swap is two edits
        ("flaw", "lawn", 3, 2),
        ("kitten", "sitting", 3, 3),
        ("kitten", "sitting", 5, 3),
        ("okoro", "halvorsen", 3, 3),  # cut off at the limit
        ("okoro", "halvorsen", 20, 7),  # h-a-l-v-o-r-s-e-n keeps only "or"
        ("abc", "abcdef", 3, 3),  # length difference alone reaches the limit
        ("", "", 3, 0),
        ("", "ab", 3, 2),
    ],
)
def test_resolve_edit_distance(a: str, b: str, limit: int, expected: int) -> None:
    assert edit_distance(a, b, limit) == expected
    assert edit_distance(b, a, limit) == expected


@pytest.mark.parametrize(
    ("token", "name", "expected"),
    [
        ("Hallburg", "Hallberg", True),  # one substitution
        ("Dremen", "Dremmen", True),  # one deletion, short name
        ("Halvorson", "Halvorsen", True),
        ("Hslvorsxn", "Halvorsen", True),  # two edits allowed for a name of 8+ letters
        ("Drennen", "Dremmen", False),  # two edits not allowed under 8 letters
        ("Hollbxrq", "Hallberg", False),  # three edits
        ("Kallberg", "Hallberg", False),  # different first letter
        ("Okora", "Okoro", True),  # five letters is long enough
        ("Okor", "Okoro", False),  # four letters is too short for a fuzzy match
        ("Obo", "Obi", False),  # short names must match exactly
        ("Obi", "OBI", True),  # ... which they may, after folding
        ("Ölander", "Olander", True),  # accents fold away
        ("Hallberg", "Ada Hallberg", False),
        # a name that folds to nothing (an emoji or a dash) is no match, not a crash
        pytest.param("Hallberg", "🙂", False),
    ],
)
def test_resolve_typo_match(token: str, name: str, expected: bool) -> None:
    assert typo_match(token, name) is expected


# -- merge_corpus -----------------------------------------------------------------------

P, PARTY, ORG, OFFICE, MOTION = "Person", "PoliticalParty", "Organization", "Office", "Motion"


def local(kind: str, name: str, key: str | None = None) -> Entity:
    """A document-level entity as DocumentResolver makes it (key = folded name unless given)."""
    return Entity(kind=kind, name=name, key=fold(name) if key is None else key, names={name})


def groups(per_document: list[list[Entity]], mapping: dict[int, Entity]) -> set[frozenset[str]]:
    """The partition merge_corpus induces, as sets of 'doc<i>:<name>' labels."""
    by_target: dict[int, set[str]] = {}
    for d, ents in enumerate(per_document, 1):
        for e in ents:
            by_target.setdefault(id(mapping[id(e)]), set()).add(f"doc{d}:{e.name}")
    return {frozenset(g) for g in by_target.values()}


@pytest.mark.parametrize(
    ("documents", "expected"),
    [
        pytest.param([[(P, "Yves-François Lachambre")], [(P, "Yves Francois Lachambre")]],
                     [{"doc1:Yves-François Lachambre", "doc2:Yves Francois Lachambre"}], id="accent-hyphen-variants"),
        pytest.param([[(P, "Ada Okoro")], [(P, "ADA OKORO")]], [{"doc1:Ada Okoro", "doc2:ADA OKORO"}], id="case"),
        pytest.param([[(P, "Ada Okoro")], [(P, "Okoro")]], [{"doc1:Ada Okoro", "doc2:Okoro"}],
                     id="surname-joins-the-one-full-name"),
        # the full name may come in a later document than the surname
        pytest.param([[(P, "Okoro")], [(P, "Ada Okoro")]], [{"doc1:Okoro", "doc2:Ada Okoro"}],
                     id="surname-first"),
        pytest.param([[(P, "Ada Okoro")], [(P, "Ben Okoro")], [(P, "Okoro")]],
                     [{"doc1:Ada Okoro"}, {"doc2:Ben Okoro"}, {"doc3:Okoro"}], id="ambiguous-surname-stays-apart"),
        pytest.param([[(P, "Ada Okoro"), (P, "Ben Okoro")], [(P, "Okoro")]],
                     [{"doc1:Ada Okoro"}, {"doc1:Ben Okoro"}, {"doc2:Okoro"}], id="ambiguous-in-one-document"),
        pytest.param([[(P, "Ada Okoro")], [(P, "Ada")]], [{"doc1:Ada Okoro"}, {"doc2:Ada"}],
                     id="first-name-does-not-join"),
        pytest.param([[(P, "Ada Ngozi Okoro")], [(P, "Ada Okoro")], [(P, "Okoro")]],
                     [{"doc1:Ada Ngozi Okoro", "doc2:Ada Okoro", "doc3:Okoro"}], id="middle-name-then-surname"),
        pytest.param([[(P, "Ada Ngozi Okoro")], [(P, "Ada Chioma Okoro")], [(P, "Ada Okoro")]],
                     [{"doc1:Ada Ngozi Okoro"}, {"doc2:Ada Chioma Okoro"}, {"doc3:Ada Okoro"}],
                     id="ambiguous-middle-name"),
        pytest.param([[(P, "Victoria Lund")], [(ORG, "Victoria Lund")]],
                     [{"doc1:Victoria Lund"}, {"doc2:Victoria Lund"}], id="kinds-stay-apart"),
        # a party's name tagged once as another organisation is the party, whichever document comes first
        pytest.param([[(ORG, "Rural Front")], [(PARTY, "Rural Front")]],
                     [{"doc1:Rural Front", "doc2:Rural Front"}], id="organisation-named-as-a-party-is-the-party"),
        pytest.param([[(PARTY, "Unity Party")], [(PARTY, "unity party")]],
                     [{"doc1:Unity Party", "doc2:unity party"}], id="party-by-folded-name"),
        pytest.param([[(OFFICE, "Speaker", "speaker")], [(OFFICE, "the Speaker of the House", "speaker")]],
                     [{"doc1:Speaker", "doc2:the Speaker of the House"}], id="office-by-key"),
        pytest.param([[(MOTION, "the motion", "doc1/motion")], [(MOTION, "the motion", "doc2/motion")]],
                     [{"doc1:the motion"}, {"doc2:the motion"}], id="generic-motions-per-document"),
    ],
)
def test_resolve_merge_corpus_groups(documents: list[list[tuple]], expected: list[set[str]]) -> None:
    per_document = [[local(*spec) for spec in doc] for doc in documents]
    mapping = merge_corpus(per_document)
    assert set(mapping) == {id(e) for ents in per_document for e in ents}
    assert groups(per_document, mapping) == {frozenset(g) for g in expected}


def test_resolve_merge_corpus_makes_new_entities() -> None:
    a, b = local(P, "Yves-François Lachambre"), local(P, "Yves Francois Lachambre")
    mapping = merge_corpus([[a], [b]])
    corpus = mapping[id(a)]
    assert corpus is not a and corpus is not b
    assert (corpus.kind, corpus.key) == (P, "yves francois lachambre")
    assert corpus.names == {"Yves-François Lachambre", "Yves Francois Lachambre"}
    # the local entities are left as they were
    assert a.names == {"Yves-François Lachambre"} and b.names == {"Yves Francois Lachambre"}


@pytest.mark.parametrize(
    ("rel", "kind", "name", "key"),
    [
        ("leaderOf", PARTY, "Unity Party", None),
        ("memberOf", PARTY, "Unity Party", None),
        ("holdsOffice", OFFICE, "Speaker", "speaker"),
    ],
)
def test_resolve_merge_corpus_carries_roles(rel: str, kind: str, name: str, key: str | None) -> None:
    # doc1: "Unity Party leader Ada Okoro"; doc2 names the same role object and says only "Okoro"
    ada, obj1 = local(P, "Ada Okoro"), local(kind, name, key)
    ada.roles.add((rel, obj1))
    okoro, obj2 = local(P, "Okoro"), local(kind, name, key)
    other = local(P, "Ben Marsh")
    mapping = merge_corpus([[ada, obj1], [okoro, obj2, other]])
    person, obj = mapping[id(ada)], mapping[id(obj1)]
    assert mapping[id(okoro)] is person
    assert mapping[id(obj2)] is obj and obj is not obj1
    # the role now points at the corpus entity, never at a document's local one
    assert person.roles == {(rel, obj)}
    assert mapping[id(other)].roles == set()
    assert person.names == {"Ada Okoro", "Okoro"}


def test_resolve_merge_corpus_unions_roles_across_documents() -> None:
    ada1, party = local(P, "Ada Okoro"), local(PARTY, "Unity Party")
    ada1.roles.add(("leaderOf", party))
    ada2, speaker = local(P, "Ada Okoro"), local(OFFICE, "Speaker", "speaker")
    ada2.roles.add(("holdsOffice", speaker))
    mapping = merge_corpus([[ada1, party], [ada2, speaker]])
    person = mapping[id(ada1)]
    assert mapping[id(ada2)] is person
    assert person.roles == {("leaderOf", mapping[id(party)]), ("holdsOffice", mapping[id(speaker)])}


@pytest.mark.parametrize("name,expected", [
    ("Carol Lee", "female"), ("Anthony Vale", "male"), ("Mary-Anne Fox", None),  # hyphenated: not in the lists
    ("Zyxq Moon", None), ("", None), ("Leslie Ward", None),  # a name both genders use often enough: unknown
])
def test_resolve_first_name_gender(name, expected):
    from kg.resolve.gender import of_first_name

    assert of_first_name(name) == expected


_SPELLINGS = ["Hallberg", "Hallburg", "Okoro", "Okorie", "Mwangi", "Mwangy", "Nair", "Naïr", "Fairley", "Fairly",
              "Pemberton", "Pembertin", "Oyelaran", "Oyelaram", "Van der Berg", "Dlamini", "Dhlamini", "Ip", "O'Neill"]


@pytest.mark.parametrize("token", _SPELLINGS + ["Hallbergg", "Hllberg", "Okro", "Smith", "", "x" * 60, "Mwagni"])
def test_resolve_misspellings_index_finds_what_trying_every_name_finds(token: str) -> None:
    """The deletion index (linear in names) gives exactly the names typo_match accepts when every name
    is tried (what mention finding and resolution did, quadratic in the names of a document)."""
    index = Misspellings(_SPELLINGS)
    assert index.of(token) == sorted(s for s in _SPELLINGS if typo_match(token, s))
