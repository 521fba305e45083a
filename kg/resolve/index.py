"""Indexes for resolving one document's mentions in time that does not grow with the number of its names:
the persons by the words of their names and their surnames' spellings, and where each entity was mentioned."""

from __future__ import annotations

import bisect
from collections.abc import Iterable

from kg.extract.people.spelling import Misspellings
from kg.model import Entity, Mention, fold

__all__ = ["PersonIndex", "Sightings", "initials_of", "introduced_as"]


class PersonIndex:
    """The document's persons by the words of their names and by their surnames' spellings, in the
    order they were made: finding the person a mention names takes time that does not grow with the
    number of persons (trying each person made a document of many names quadratic)."""

    def __init__(self, persons: Iterable[Entity] = ()) -> None:
        self._position: dict[int, int] = {}
        self._by_word: dict[str, list[Entity]] = {}
        self._by_surname: dict[str, list[Entity]] = {}
        self._surnames = Misspellings()
        for e in persons:
            self.add(e)

    def add(self, e: Entity) -> Entity:
        if id(e) not in self._position:
            self._position[id(e)] = len(self._position)
            for word in dict.fromkeys(fold(e.name).split()):
                self._by_word.setdefault(word, []).append(e)
            if e.name.split():
                surname = e.name.split()[-1]
                self._by_surname.setdefault(surname, []).append(e)
                self._surnames.add(surname)
        return e

    def with_words(self, words: list[str]) -> list[Entity]:
        """The persons whose folded name has every one of ``words``, in the order they were made."""
        lists = [self._by_word.get(w, []) for w in dict.fromkeys(words)]
        if not lists or not all(lists):
            return []
        smallest = min(lists, key=len)
        others = [{id(e) for e in found} for found in lists if found is not smallest]
        return [e for e in smallest if all(id(e) in o for o in others)]

    def with_surname(self, token: str) -> list[Entity]:
        """The persons whose surname ``token`` may misspell (:func:`typo_match`), in the order they were made."""
        found = {id(e): e for s in self._surnames.of(token) for e in self._by_surname[s]}
        return sorted(found.values(), key=lambda e: self._position[id(e)])


class Sightings:
    """Where each entity was mentioned (mention orders, sorted), for "the most recently mentioned"."""

    def __init__(self, mentions: Iterable[Mention] = ()) -> None:
        self._orders: dict[int, list] = {}
        for m in mentions:
            self.add(m)

    def add(self, m: Mention) -> None:
        if m.entity is not None:
            bisect.insort(self._orders.setdefault(id(m.entity), []), m.order)

    def last_before(self, e: Entity, order) -> tuple:
        """The order of ``e``'s last mention before ``order``; (-1, -1) when there is none."""
        orders = self._orders.get(id(e), [])
        i = bisect.bisect_left(orders, order)
        return orders[i - 1] if i else (-1, -1)


def introduced_as(doc, m: Mention, nouns: frozenset[str]) -> bool:
    """Is the name of ``m`` right after one of ``nouns`` ('his son X', 'the senator's widow, X', 'her
    brother, Senator X'; the words between may be a comma and the title the mention starts with), or is one in
    apposition after it ('X, his wife,', 'X, the senator's widow,')?"""
    first = m.start
    words = m.name.split()
    while first < m.end and words and doc[first].text != words[0]:
        first += 1  # the title the mention starts with
    i = min(first, m.start) - 1
    if i >= 0 and doc[i].text == ",":
        i -= 1
    # one word ('son', 'widow') or two ('first lady': the president's wife)
    if i >= 0 and (doc[i].lower_ in nouns or (i > 0 and f"{doc[i - 1].lower_} {doc[i].lower_}" in nouns)):
        return True
    # after the name: 'X, his wife, ...', 'X, the senator's widow,'
    k = m.end + (m.end < len(doc) and doc[m.end].text == ",")
    while k < len(doc) and k < m.end + 5 and (doc[k].tag_ in {"PRP$", "POS", "DT"} or doc[k].pos_ == "PROPN"):
        k += 1  # 'his', 'the senator 's'
    return k > m.end + 1 and k < len(doc) and doc[k].lower_ in nouns and doc[k - 1].tag_ in {"PRP$", "POS"}


def names_organisation(kind: str, name: str, names: set[str], heads: set[str]) -> bool:
    """Does an organisation's mention of that kind, its folded ``name``, name the entity of these folded ``names``?
    "Green Dawn" = "Green Dawn Party"; "Quebecois" = "Bloc Quebecois", "Renewal" = "MDC Renewal"; not "MDC" = "MDC
    Renewal" (a word more that is no party's word, ``heads``: a faction's)."""
    toks = name.split()
    return name in names or any(
        (n.split()[: len(toks)] == toks or (set(toks) <= set(n.split()) and kind == "PoliticalParty"))
        and (kind != "PoliticalParty" or set(n.split()) - set(toks) <= heads or n.split()[-len(toks) :] == toks)
        for n in names
    )


def initials_of(short: str, name: str) -> bool:
    """Is ``short`` the acronym of ``name`` ('PG&E' of 'Pacific Gas and Electric Company', 'NTC' of
    'National Telecommunications Commission'; a last word like 'Company' may be left out)?"""
    letters = "".join(c for c in short if c.isalpha())
    if len(letters) < 2 or not letters.isupper() or " " in short.strip():
        return False
    initials = "".join(w[0] for w in name.split() if w[:1].isupper())
    return letters in {initials, initials[:-1]} and len(name.split()) > 1
