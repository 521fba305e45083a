"""Grammatical gender of a first name, for pronoun resolution ("Carol Lee ... she").

The data are the US Census Bureau's 1990 first-name frequency lists (public domain), as
shipped by the PyPI package ``names``. A name in both lists counts only when one use is
at least three times as common; a name in neither list is unknown, and the resolver then
learns the person's gender from the article's own pronouns.
"""

from __future__ import annotations

from functools import cache

from kg.extract.people.given_names import frequencies


@cache
def _table() -> dict[str, str]:
    male, female = frequencies()
    table = {}
    for name in set(male) | set(female):
        m, f = male.get(name, 0.0), female.get(name, 0.0)
        if m >= 3 * f:
            table[name] = "male"
        elif f >= 3 * m:
            table[name] = "female"
    return table


def of_first_name(name: str) -> str | None:
    """'male', 'female' or None for the first word of a full name."""
    first = name.split()[0].lower() if name.split() else ""
    return _table().get(first)
