"""Where a person's name begins and ends after a title: 'President of France X', 'MP (Member of
Parliament) X', 'Speaker of the National Assembly X', 'Undersecretary for Education Mr. X'; a name's
words are capitalised proper nouns, over hyphens and apostrophes ('Yves-Francois', 'O’Brien')."""

from __future__ import annotations

from spacy.tokens import Token

from kg.extract.people.finder import Finder, capitalised, per_lexicon
from kg.extract.people.given_names import is_given_name


def name_after(f: Finder, i: int) -> int:
    """End of a personal name starting at token i (capitalised proper nouns), or i."""
    doc, lex = f.doc, f.lex
    j = i
    while j < len(doc) and j - i < 6 and j not in f.owner:
        tok = doc[j]
        # a hyphen inside a name: "Yves-Francois"
        if tok.text == "-" and j > i and not doc[j - 1].whitespace_ and j + 1 < len(doc) and capitalised(doc[j + 1]):
            j += 1
            continue
        if not (
            capitalised(tok)
            and tok.pos_ in {"PROPN", "NOUN", "ADJ", "VERB"}
            and tok.text not in lex.name_stop_words
            and (tok.is_alpha or "-" in tok.text or tok.text.endswith(".") or _apostrophe_name(tok.text))
        ):
            break
        if tok.ent_type_ in {"DATE", "TIME", "CARDINAL", "ORDINAL"}:
            break
        j += 1
    # a name needs a proper noun in it
    if j > i and not any(doc[k].pos_ == "PROPN" for k in range(i, j)):
        return i
    return j


def _apostrophe_name(text: str) -> bool:
    """'O’Brien', "D'Souza", 'N’Dour': letters on both sides of a straight or curly apostrophe."""
    parts = text.replace("’", "'").split("'")
    return len(parts) == 2 and all(p.isalpha() for p in parts)


def name_start(f: Finder, e: int) -> int:
    """Where the name after a title ending at ``e`` begins: right after it, after the place of the
    office ('President of France X', 'Chief Executive of Hong Kong X'), or after an abbreviation
    or expansion in brackets ('MP (Member of Parliament) X', 'Member of Parliament (MP) X')."""
    doc = f.doc
    k = e
    # "of (the) <place>" ('President of Ukraine X'), "to <place>" ('Ambassador to Germany X'), "for
    # <place>" ('Secretary of Justice for Puerto Rico X'):
    # a place the model typed, wholly, or a country's name the model ran into the name
    if k + 1 < len(doc) and doc[k].lower_ in {"of", "to", "for"}:
        j0 = j = k + 1 + (doc[k + 1].lower_ == "the")
        if j < len(doc) and doc[j].ent_type_ == "GPE" and doc[j].ent_iob_ == "B" and j not in f.owner:
            j += 1
            while j < len(doc) and doc[j].ent_iob_ == "I":
                j += 1
            if j > k + 1 and name_after(f, j) > j:
                return j
            # the model ran the name into the place ('of [Hong Kong Carrie Lam]'): a given name splits them
            given = next(
                (p for p in range(j0 + 1, j - 1) if is_given_name(doc[p].text) and name_after(f, p) >= j), None
            )
            if given is not None:
                return given
        c = _country_name_end(f, j0) if j0 < len(doc) else j0
        if c > j0 and name_after(f, c) > c:
            return c
        # "Speaker of the National Assembly X": past the house the title is of
        h = f.owner.get(j0) or f.owner.get(k + 1)
        if h is not None and h.kind == "Legislature" and h.end < len(doc) and name_after(f, h.end) - h.end >= 2:
            return h.end
    # "Undersecretary for Education Mr. X", "Governor Mrs X": past an honorific (a peer's style is of the name)
    styles = f.lex.peerage.styles if f.lex.peerage is not None else frozenset()
    if (
        k + 1 < len(doc)
        and doc[k].lower_ in f.lex.honorifics
        and doc[k].text not in styles
        and k not in f.owner
        and name_after(f, k + 1) > k + 1
    ):
        return k + 1
    # "(MP)" / "(Member of Parliament)"
    if k < len(doc) and doc[k].text == "(":
        close = next((j for j in range(k + 1, min(k + 6, len(doc))) if doc[j].text == ")"), None)
        if close is not None and close > k + 1 and name_after(f, close + 1) > close + 1:
            return close + 1
    return e


def _country_name_end(f: Finder, j: int) -> int:
    """End of a country's name (``countries.json``, capitalised, one to three words) at ``j``, or ``j``."""
    names = _country_names(f.lex)
    if not f.capitalised(j):
        return j
    for n in (3, 2, 1):
        if j + n <= len(f.tokens) and f.span_text(j, j + n) in names and f.free(j, j + n):
            return j + n
    return j


@per_lexicon
def _country_names(lex) -> frozenset[str]:
    """The capitalised country words of ``countries.json``; made once per lexicon, not once per title."""
    return frozenset(
        w for ws in lex.countries.values() for w in ws if (w[:1].isupper() and " " not in w.strip(".")) or w.istitle()
    )


def after_seat(f: Finder, k: int) -> bool:
    """Is token ``k`` right after 'for' after a seat noun ('the MP for [Bath]', 'the member for
    [Kingston North]')? There the seat begins, not a name."""
    return k > 1 and f.lowers[k - 1] == "for" and f.lowers[k - 2] in f.lex.grammar["seat_nouns"]


def past_seat(f: Finder, s: int, e: int) -> int:
    """Where a name the model found at ``s:e`` begins past a seat it ran into ('the MP for [Bath Tom
    Reyes]'): at its given name; ``e`` (no name) when it is all seat ('the member for Kingston North')."""
    if not after_seat(f, s):
        return s
    return next((p for p in range(s + 1, e - 1) if is_given_name(f.texts[p])), e)


def given_name_before(f: Finder, tok: Token, s: int, e: int) -> bool:
    """Is ``tok``, right before the name ``doc[s:e]``, a given name the model's entity left out ('Ms
    Priya [Menon]'): a capitalised proper noun compounded onto the name, not a title, an honorific, a
    party word or a seat ('the MP for Bath [Tom Reyes]')?"""
    lex = f.lex
    return (
        tok.pos_ == "PROPN"
        and tok.dep_ == "compound"
        and s <= tok.head.i < e
        and tok.is_title
        and tok.is_alpha
        and tok.ent_type_ in {"", "PERSON"}
        and tok.i not in f.owner
        and tok.text not in lex.name_stop_words
        and not (tok.i > 0 and f"{tok.nbor(-1).text} {tok.text}" in lex.name_stop_words)
        and tok.lower_ not in lex.office_words()
        and tok.lower_ not in lex.honorifics
        and tok.lower_.rstrip(".") not in lex.grammar["title_words"]
        and tok.text not in lex.party_head_words
        and tok.lower_ not in lex.party_roles
        and not after_seat(f, tok.i)
    )
