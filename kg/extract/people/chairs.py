"""Chairs of named bodies: 'X, the chairman of the Senate Foreign Relations Committee', 'Chair of
the Public Accounts Committee X', 'House Judiciary Committee Chairman X'. The office is the body's
chair ('Chair of the House Judiciary Committee'), whatever the word for it (``titles.json``
``committee_chairs``); a title before a name makes the name its holder, and one after a name in
apposition is left to :func:`kg.extract.people.roles.appositions`."""

from __future__ import annotations

from kg.extract.people.finder import Finder
from kg.extract.people.names import name_after
from kg.extract.people.offices import not_current
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


def listed_chairs(f: Finder) -> None:
    """Chairs of committees given with a list of names (issue 35.5): 'A, B and C, who serve as chairmen of the
    House's committees on Energy, Justice, and Science and Technology, respectively' (each name the chair of its
    committee, in order), 'the chairs of the Senate committees, A (Finance) and B (Justice)' (the committee in a
    bracket after each name). The office is the chair of '[House] [portfolio] Committee'."""
    cc = f.lex.committee_chairs
    if cc is None:
        return
    lowers, lemmas = f.lowers, f.lemmas
    for c in range(len(f.doc) - 4):
        if lemmas[c] not in cc.words or f.tokens[c].tag_ not in {"NNS", "NNPS"} or lowers[c + 1] != "of":
            continue
        k = c + 2 + (lowers[c + 2] == "the")
        house = next((s for s, e in _houses(f) if s == k), None)
        if house is not None:
            k = next(e for s, e in _houses(f) if s == k)
            k += f.tokens[k].tag_ == "POS" if k < len(f.doc) else 0
        body = f.span_text(house, k).removesuffix("'s").removesuffix("’s").strip() if house is not None else ""
        end = f.parsed.sent(c).end
        r = next((j for j in range(k, end) if lowers[j] == "respectively"), None)
        if r is not None:
            _respective(f, c, k, r, body)
        elif k + 1 < end and lemmas[k] in cc.list_nouns and f.texts[k + 1] == ",":
            _bracketed(f, k + 2, end, body)


def _office(f: Finder, s: int, e: int, body: str, portfolio: str) -> Mention:
    name = f"Chair of the {body + ' ' if body else ''}{portfolio} Committee"
    return f.add(Mention(f.para, s, e, "Office", name, e - 1, key=fold(name), desc={"alias": name.lower()}))


def _respective(f: Finder, c: int, k: int, r: int, body: str) -> None:
    """'A, B and C, who serve as chairmen of the committees on X, Y, and Z, respectively'."""
    lowers = f.lowers
    nouns = f.lex.committee_chairs.list_nouns if f.lex.committee_chairs is not None else frozenset()
    if k + 1 < r and f.lemmas[k] in nouns and lowers[k + 1] in {"on", "for"}:
        s, e = k + 2, r
    else:
        # "the Finance, Justice and Energy committees, respectively"
        e = next((j for j in range(k, r) if f.lemmas[j] in nouns), r)
        s = k
    while e > s and f.tokens[e - 1].is_punct:
        e -= 1
    items: list[tuple[int, int]] = []
    a = s
    for j in range(s, e + 1):
        if j == e or f.texts[j] == ",":
            b = a + (a < j and lowers[a] == "and")
            if b < j:
                items.append((b, j))
            a = j + 1
    sent = f.parsed.sent(c).start
    people = sorted(
        (m for m in f.mentions if m.kind == "Person" and sent <= m.start and m.end <= c), key=lambda m: m.start
    )
    # the list of names last before the title: only commas, 'and' and honorifics between them
    group = people[-1:]
    for m in reversed(people[:-1]):
        gap = [lowers[j] for j in range(m.end, group[0].start)]
        if not gap or any(w not in {",", "and"} and w.rstrip(".") not in f.lex.honorifics for w in gap):
            break
        group.insert(0, m)
    # "the Finance and Defence committees": two with no comma between
    if len(items) == 1 and len(group) == 2:
        a, b = items[0]
        ands = [j for j in range(a, b) if lowers[j] == "and"]
        items = [(a, ands[0]), (ands[0] + 1, b)] if len(ands) == 1 else items
    if len(items) != len(group) or len(items) < 2:
        return
    for m, (a, b) in zip(group, items):
        m.roles.append(("holdsOffice", _office(f, a, b, body, f.span_text(a, b))))


def _bracketed(f: Finder, k: int, end: int, body: str) -> None:
    """'the chairs of the committees, A (Finance) and B (Justice)': the committee in a bracket after each name."""
    while k < end:
        m = next((x for x in f.mentions if x.kind == "Person" and x.start == k), None)
        if m is None or m.end + 2 >= end or f.texts[m.end] != "(":
            return
        close = next((j for j in range(m.end + 1, min(m.end + 6, end)) if f.texts[j] == ")"), None)
        # (not a party's or a place's bracket: 'A (Labour)', 'A (Ohio)')
        if close is None or not all(
            (f.capitalised(j) or f.lowers[j] == "and") and j not in f.owner and f.tokens[j].ent_type_ != "GPE"
            for j in range(m.end + 1, close)
        ):
            return
        m.roles.append(("holdsOffice", _office(f, m.end + 1, close, body, f.span_text(m.end + 1, close))))
        k = close + 1
        while k < end and f.lowers[k] in {",", "and"}:
            k += 1
