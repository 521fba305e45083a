"""Chairs of named bodies: 'X, the chairman of the Senate Foreign Relations Committee', 'Chair of
the Public Accounts Committee X', 'House Judiciary Committee Chairman X'. The office is the body's
chair ('Chair of the House Judiciary Committee'), whatever the word for it (``titles.json``
``committee_chairs``); a title before a name makes the name its holder, and one after a name in
apposition is left to :func:`kg.extract.people.roles.appositions`."""

from __future__ import annotations

from kg.extract.people.finder import Finder
from kg.extract.people.offices import name_after, not_current
from kg.model import Mention, fold


def _houses(f: Finder) -> list[tuple[int, int]]:
    """Spans of the legislatures' names in the paragraph ('Rajya Sabha', 'Senate'), capitalised."""
    return [(s, e) for _, s, e in f.m["legislature"](f.doc) if f.doc[s].text[:1].isupper()]


def _heads(f: Finder) -> frozenset[str]:
    """The words that end a body's name ('Committee', 'Commission'); none without the word list."""
    chairs = f.lex.committee_chairs
    return frozenset(chairs.heads) if chairs is not None else frozenset()


def _body_before(f: Finder, e: int) -> int:
    """Start of a body's name ending at ``e`` (capitalised words, the last a body head word, or a
    legislature's name: 'Rajya Sabha Chairman X'), or ``e``."""
    doc, heads = f.doc, _heads(f)
    # (not a bare 'House' or 'Senate': 'Senate Chairman' is ambiguous)
    house = next((s for s, he in _houses(f) if he == e and (e - s > 1 or doc[s].text not in {"House", "Senate"})), None)
    if house is not None:
        return house
    if e == 0 or doc[e - 1].text not in heads:
        return e
    s = e - 1
    while (
        s > 0
        and e - s < 7
        and doc[s - 1].text[:1].isupper()
        and (doc[s - 1].is_alpha or doc[s - 1].text == "-")
        and doc[s - 1].pos_ in {"PROPN", "NOUN", "ADJ"}
        and doc[s - 1].lower_ not in f.lex.not_current
    ):
        s -= 1
    return s if s < e - 1 else e


def _body_after(f: Finder, s: int) -> int:
    """End of a body's name starting at ``s`` (capitalised words up to a body head word), or ``s``."""
    doc, heads = f.doc, _heads(f)
    for e in range(s + 1, min(len(doc), s + 9) + 1):
        t = doc[e - 1]
        # "the House Oversight and Reform Committee": 'and' between capitalised words of the name
        if t.lower_ in {"and", "&"} and e - 1 > s and e < len(doc) and doc[e].text[:1].isupper():
            continue
        if not (t.text[:1].isupper() and t.pos_ in {"PROPN", "NOUN", "ADJ"}):
            break
        if t.text in heads and e - s > 1:
            return e
    # a house ('the Rajya Sabha'), when no committee of it is named
    return next(
        (he for hs, he in _houses(f) if hs == s and (he - hs > 1 or doc[hs].text not in {"House", "Senate"})), s
    )


def committee_chairs(f: Finder) -> None:
    """Office mentions for the chairs of named bodies, and the people the title names."""
    cc, doc = f.lex.committee_chairs, f.doc
    _texts, lowers = f.texts, f.lowers
    if cc is None:
        return
    for i, _tok in enumerate(f.tokens):
        if lowers[i] not in cc.words or i in f.owner:
            continue
        # "chairman of the X Committee"
        if i + 2 < len(doc) and lowers[i + 1] == "of":
            b = i + 2 + (lowers[i + 2] == "the")
            be = _body_after(f, b)
            if be == b or not f.free(i, be):
                continue
            s, e, body = i, be, f.span_text(b, be)
        else:
            # "House Judiciary Committee Chairman X": before a name only
            bs = _body_before(f, i)
            if bs == i or not f.free(bs, i + 1) or name_after(f, i + 1) == i + 1:
                continue
            s, e, body = bs, i + 1, f.span_text(bs, i)
        name = f"Chair of the {body}"
        n = name_after(f, e)
        # "the incoming chair of the X Committee, Y", "former Judiciary Committee chairman Y": no office now
        if not_current(f, s, e):
            continue
        office = f.add(
            Mention(f.para, s, e, "Office", name, i, key=fold(name), desc={"alias": f"{lowers[i]} of the {body}"})
        )
        if n > e:
            f.add(Mention(f.para, s, n, "Person", f.span_text(e, n), n - 1, roles=[("holdsOffice", office)]))
