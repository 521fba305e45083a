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
