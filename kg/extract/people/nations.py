"""A state's name or demonym before a party head word ('United States Congress', 'the Peruvian Congress',
'the United States Democratic Party'): a legislature, or the state's party of the name that follows."""

from __future__ import annotations

import re

from kg.model import fold
from kg.ontology.states import state_words

__all__ = ["named_party", "names_a_legislature", "national_party", "typed_no_party"]

_ORDINAL = re.compile(r"\d+(st|nd|rd|th)$")


def _after_state(lex, text: str) -> str | None:
    """What follows the state's name or demonym that ``text`` starts with (None when it starts with none)."""
    for word in state_words(lex):
        if text.startswith(word + " "):
            return text[len(word) + 1 :]
    return None


def names_a_legislature(lex, text: str) -> bool:
    """Is ``text`` a state's legislature by a word parties end with too ('United States Congress', 'the 116th
    United States Congress', 'Philippine National Congress'), not a party of that name?"""
    words = text.split()
    if len(words) < 2 or words[-1] not in lex.legislature_words:
        return False
    while words and _ORDINAL.match(words[0]):
        words = words[1:]  # 'the 116th Congress'
    rest = _after_state(lex, " ".join(words))
    return rest is not None and rest.split()[:-1] in ([], ["National"])


def national_party(lex, text: str, aliases: dict[str, str]) -> str | None:
    """'United States Democratic Party': the state's name before a party's name (the gazetteer's, or a
    ``organizations.json`` one): that party's name ('Democratic Party'); None when ``text`` is no such thing."""
    rest = _after_state(lex, text)
    return rest if rest and fold(rest) in aliases else None


def named_party(lex, text: str, following: str, aliases: dict[str, str]) -> tuple[str, str | None]:
    """The name and gazetteer key of a party found as ``text`` (followed by the word ``following``), not a
    known name itself: '' for a state's legislature ('United States Congress'), the party's name after a
    state's ('United States Democratic Party'), or 'X Party' for 'X' before a lower-case 'party' or 'parties'
    ('the Republican and Democratic parties'); else ``text`` as it is."""
    if names_a_legislature(lex, text):
        return "", None
    text = national_party(lex, text, aliases) or text
    if fold(text) not in aliases and following in {"party", "parties"} and fold(text + " Party") in aliases:
        text += " Party"
    return text, aliases.get(fold(text))


def typed_no_party(doc, s: int, e: int) -> bool:
    """Is ``doc[s:e]``, before a role word, what the model typed as something no party is: one word typed a
    place, a people, a date or a person ('Kenyan MPs', 'Ohio senator'), or a place of several ('United States
    senator', 'New South Wales MP')?"""
    if doc[s].ent_type_ not in {"GPE", "NORP", "DATE", "PERSON"}:
        return False
    return e - s == 1 or {doc[k].ent_type_ for k in range(s, e)} == {"GPE"}
