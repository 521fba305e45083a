"""Misspelt names: a capitalised word one or two edits from a known name ('Hallburg' for
'Hallberg'), used by the mention rules and the within-document resolution alike."""

from __future__ import annotations

from functools import lru_cache

from kg.model import fold


def edit_distance(a: str, b: str, limit: int = 3) -> int:
    """Levenshtein distance, cut off at ``limit``."""
    if abs(len(a) - len(b)) >= limit:
        return limit
    prev = list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        cur = [i]
        for j, cb in enumerate(b, 1):
            cur.append(min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (ca != cb)))
        prev = cur
    return min(prev[-1], limit)


@lru_cache(maxsize=1 << 16)
def typo_match(token: str, name: str) -> bool:
    """Is ``token`` a plausible misspelling of ``name`` (same first letter, 1-2 edits)?

    Memoised: a document's capitalised words are tried against each of its surnames, again
    and again."""
    a, b = fold(token), fold(name)
    if not a or not b:
        return False
    if a == b or len(a) < 5 or a[0] != b[0]:
        return a == b
    return edit_distance(a, b) <= (1 if len(b) < 8 else 2)


#: the most edits :func:`typo_match` allows, and so the deletions a :class:`Misspellings` index keeps
MAX_EDITS = 2
#: names (folded) longer than this are found only as they are written: no surname is that long, and
#: the deletions of a long token grow with the square of its length
MAX_INDEXED = 40


def _deletions(word: str, n: int) -> set[str]:
    """Every string made from ``word`` by deleting at most ``n`` characters (``word`` itself too)."""
    found, frontier = {word}, {word}
    for _ in range(n):
        frontier = {w[:i] + w[i + 1 :] for w in frontier for i in range(len(w))}
        found |= frontier
    return found


class Misspellings:
    """Names indexed by their deletion neighbourhoods (the SymSpell method): the names a token may
    misspell (:func:`typo_match`) are found from the token's own deletions, in time that does not grow
    with the number of names, where trying every name made a document of many names quadratic.

    Two words within ``k`` edits (Levenshtein) share a string made by deleting at most ``k`` characters
    from each, so every name :func:`typo_match` accepts is among the candidates; each is then checked.

    >>> index = Misspellings(["Hallberg", "Okoro"])
    >>> index.of("Hallburg"), index.of("Okoro"), index.of("Smith")
    (['Hallberg'], ['Okoro'], [])
    """

    def __init__(self, names=()) -> None:
        self._by_deletion: dict[str, set[str]] = {}
        for name in names:
            self.add(name)

    def add(self, name: str) -> None:
        folded = fold(name)
        if not folded:
            return
        for d in _deletions(folded, MAX_EDITS if len(folded) <= MAX_INDEXED else 0):
            self._by_deletion.setdefault(d, set()).add(name)

    def of(self, token: str) -> list[str]:
        """The names ``token`` may be a misspelling of (or is), sorted."""
        folded = fold(token)
        if not folded:
            return []
        found: set[str] = set()
        for d in _deletions(folded, MAX_EDITS if len(folded) <= MAX_INDEXED else 0):
            found |= self._by_deletion.get(d, set())
        return sorted(n for n in found if typo_match(token, n))
