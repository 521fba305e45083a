"""States as actors (``countries.json`` "states"): the name and labels of a state's government, the
states' names and demonyms as written, and which state a text is about.

Functions of a :class:`kg.ontology.lexicon.Lexicon`; the tables are made once per lexicon.
"""

from __future__ import annotations

import re

__all__ = ["STATE_KEY", "government", "state_demonyms", "state_names", "state_of", "state_words"]

#: the key of a mention of a state's government: this, then the state's code
STATE_KEY = "state:"


def _once(lex, name: str, make):
    found = lex.__dict__.get(name)
    if found is None:
        found = lex.__dict__[name] = make()
    return found


def government(lex, code: str) -> tuple[str, tuple[str, ...]]:
    """The name of the government of the state ``code`` ('Government of Iran') and its other labels: the
    state's names ('Iran': the state as an actor is its government) and '<name or demonym> government'."""
    state = lex.states[code]
    others = (state.name, *state.aliases, *(f"{n} government" for n in (state.name, *state.demonyms)))
    return f"Government of {'the ' if state.the else ''}{state.name}", tuple(dict.fromkeys(others))


def state_names(lex) -> dict[str, str]:
    """A state's name or other name, as written ('Iran', 'U.S.') -> its code."""
    return _once(lex, "_states:names", lambda: {n: c for c, st in lex.states.items() for n in (st.name, *st.aliases)})


def state_demonyms(lex) -> dict[str, str]:
    """A state's demonym, as written ('Iranian') -> its code; one shared by two states names neither."""

    def make() -> dict[str, str]:
        seen: dict[str, set[str]] = {}
        for c, st in lex.states.items():
            for d in st.demonyms:
                seen.setdefault(d, set()).add(c)
        return {d: next(iter(cs)) for d, cs in seen.items() if len(cs) == 1}

    return _once(lex, "_states:demonyms", make)


def state_words(lex) -> tuple[str, ...]:
    """The states' names, other names and demonyms, as written, longest first (made once a lexicon)."""
    return _once(
        lex,
        "_states:words",
        lambda: tuple(sorted({*state_names(lex), *state_demonyms(lex)}, key=lambda w: (-len(w), w))),
    )


def state_of(lex, text: str) -> str | None:
    """The state a text is about, of those ``states`` lists: the lexicon's :meth:`country_of` when it is one,
    else the state whose names and demonyms the text uses most often (None if none)."""
    country = lex.country_of(text)
    if country in lex.states:
        return country
    counts: dict[str, int] = {}
    for word, code in (*state_names(lex).items(), *state_demonyms(lex).items()):
        if word in text:
            n = len(re.findall(r"(?<!\w)" + re.escape(word) + r"(?!\w)", text))
            if n:
                counts[code] = counts.get(code, 0) + n
    return max(counts, key=lambda c: counts[c]) if counts else None
