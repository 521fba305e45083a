"""Epithets that stand for a person already named: a party noun ('the Democrat', 'the
Conservative'), an age ('the 45-year-old', after 'X, 45,'), a party role with no party ('the
party leader', 'the party's leader') and a seat ('the member for Bath', after 'X, the MP for
Bath,' or 'X (Con, Bath)'). Each is a Description whose ``desc`` says what it requires
of its referent; :mod:`kg.resolve.document` links it to the one person of the document who fits,
or to no one when none or several do."""

from __future__ import annotations

from functools import cache

from kg.extract.people.finder import Finder, capitalised, gazetteer_aliases
from kg.model import Mention, fold
from kg.ontology import lexicon


def _age(text: str) -> int | None:
    return int(text) if text.isdigit() and 16 <= int(text) <= 110 else None


def epithets(f: Finder) -> None:
    """Descriptions for epithets, and the ages stated after names ('X, 45,')."""
    doc, lex = f.doc, f.lex
    texts, lowers = f.texts, f.lowers
    toks = f.tokens
    for i, tok in enumerate(f.tokens):
        if i == 0 or lowers[i - 1] != "the" or (i - 1) in f.owner:
            continue
        if i in f.owner:
            # "the Conservative said": a one-word party name that is a party noun heading its phrase
            o = f.owner[i]
            if not (
                o.kind == "PoliticalParty"
                and (o.start, o.end) == (i, i + 1)
                and lex.party_adjectives.get(texts[i])
                and tok.dep_ in {"nsubj", "nsubjpass", "dobj", "pobj", "appos"}
            ):
                continue
            f.mentions.remove(o)
            del f.owner[i]
        nxt = toks[i + 1] if i + 1 < len(doc) else None
        # "the Democrat said": a party noun heading its phrase, not 'the Democratic Party' or 'the Republican senator'
        party = lex.party_adjectives.get(texts[i])
        if (
            party
            and tok.tag_ in {"NNP", "NN"}
            and tok.dep_ not in {"compound", "amod"}
            and texts[i][:1].isupper()
            and (nxt is None or nxt.pos_ not in {"NOUN", "PROPN"})
        ):
            f.add(Mention(f.para, i - 1, i + 1, "Description", f.span_text(i - 1, i + 1), i, desc={"party": party}))
        # "the 45-year-old": a number, 'year', 'old' joined by hyphens
        elif (
            _age(texts[i])
            and i + 4 < len(doc)
            and [t.lower_ for t in toks[i + 1 : i + 5]] == ["-", "year", "-", "old"]
            and not (i + 5 < len(doc) and toks[i + 5].pos_ in {"NOUN", "PROPN"})
        ):
            f.add(
                Mention(
                    f.para, i - 1, i + 5, "Description", f.span_text(i - 1, i + 5), i + 4, desc={"age": _age(texts[i])}
                )
            )
        # "the party leader", "the party's leader"
        elif lowers[i] == "party" and nxt is not None:
            k = i + 1 + (nxt.tag_ == "POS")
            if (
                k < len(doc)
                and lowers[k] in lex.party_roles
                and k not in f.owner
                and not (k + 1 < len(doc) and lowers[k + 1] == "of")
            ):
                f.add(
                    Mention(
                        f.para,
                        i - 1,
                        k + 1,
                        "Description",
                        f.span_text(i - 1, k + 1),
                        k,
                        desc={"party_role": lex.party_roles[lowers[k]]},
                    )
                )


def seat_at(f: Finder, k: int) -> str | None:
    """The seat in 'for <Seat>' at ``k`` ('for Bath', 'for Bath and Wells'), folded, or None."""
    doc = f.doc
    if k + 1 >= len(doc) or doc[k].lower_ != "for" or not capitalised(doc[k + 1]):
        return None
    p = f.owner.get(k + 1)
    if p is not None and p.kind in {"PoliticalParty", "Legislature"}:
        return None
    j = k + 1
    while (
        j < len(doc)
        and j - k <= 5
        and (capitalised(doc[j]) or (doc[j].text in {"-", "and"} and j + 1 < len(doc) and capitalised(doc[j + 1])))
    ):
        j += 1
    return fold(f.span_text(k + 1, j)) or None


def qualified_title_end(f: Finder, d: Mention) -> int:
    """Where a title's qualifier ends when a name follows it in apposition: 'The Speaker [of the Assembly], X',
    'The Labour MP [for Bath], X' (the seat goes on ``d``), 'The Democratic senator [from Ohio], X': a capitalised
    run, with no person in it, up to a comma or a dash. ``d.end`` when there is none."""
    doc, k = f.doc, d.end
    if k + 2 >= len(doc) or doc[k].lower_ not in f.lex.grammar["title_qualifier_prepositions"]:
        return k
    j = start = k + 1 + (doc[k + 1].lower_ == "the")
    while j < len(doc) and j - start < 6:
        joins = doc[j].lower_ in f.lex.grammar["title_qualifier_joiners"] and j + 1 < len(doc) and f.capitalised(j + 1)
        # ('the Lombardy region': a place noun after the name of the place)
        place = j > start and f.lowers[j] in f.lex.grammar["place_nouns"]
        if not (f.capitalised(j) or joins or place) or (j in f.owner and f.owner[j].kind == "Person"):
            break
        j += 1
        if place:
            break
    if j == start or j >= len(doc) or doc[j].text not in {",", "–", "—"}:
        return k
    seat = seat_at(f, k) if doc[k].lower_ == "for" else None
    if seat:
        d.desc["seat"] = seat
    return j


def seat_before_title(f: Finder, s: int, e: int) -> bool:
    """Is the capitalised run ``s:e`` before a seat title the seat, not a party ('Kisumu West MP X', 'Northfield
    MP X')? A run ending in a word of a constituency's name ('West', 'Central'), or one word, not initials, that
    begins no party name of the gazetteer ('Jubilee MP X' names the Jubilee Party)."""
    doc, grammar = f.doc, f.lex.grammar
    if e >= len(doc) or (
        doc[e].lower_ not in grammar["seat_nouns"] and doc[e].lower_ not in grammar["plural_seat_titles"]
    ):
        return False
    if doc[e - 1].lower_ in grammar["seat_name_ends"]:
        return True
    text = doc[s].text
    return e - s == 1 and sum(c.isupper() for c in text) < 2 and fold(text) not in _party_first_words()


@cache
def _party_first_words() -> frozenset[str]:
    """The first word of every party's name, short name and native name, in the lexicon and in Party Facts, folded."""
    lex = lexicon.load()
    forms = [*gazetteer_aliases(), *(n for g in lex.gazetteer for n in (g.name, g.short, g.native) if n)]
    return frozenset(fold(form).replace("–", " ").replace("-", " ").split()[0] for form in forms if form.split())


def member_for(f: Finder) -> None:
    """'the member for Bath', 'the honourable member for Bath', 'the MP for Bath': a description
    of whoever sits for the seat (a description already there takes the seat)."""
    _texts, lowers = f.texts, f.lowers
    for i, _tok in enumerate(f.tokens):
        if lowers[i] not in f.lex.grammar["seat_nouns"]:
            continue
        seat = seat_at(f, i + 1)
        if seat is None:
            continue
        st = i
        while st > 0 and lowers[st - 1] in f.lex.grammar["courtesy_words"]:
            st -= 1
        if st == 0 or lowers[st - 1] != "the":
            continue
        d = f.owner.get(i)
        if d is not None and d.kind == "Description":
            d.desc["seat"] = seat
        elif d is None or (d.kind == "Office" and d.start == i):
            f.add(Mention(f.para, st - 1, i + 1, "Description", f.span_text(st - 1, i + 1), i, desc={"seat": seat}))


def seats(f: Finder) -> None:
    """The seat a person sits for, on the name's mention: 'X, the Labour MP for Bath,', 'X, member
    for Bath', 'X (Con, Bath)'."""
    doc = f.doc
    for m in (m for m in f.mentions if m.kind == "Person"):
        e = m.end
        if e + 4 < len(doc) and doc[e].text == "(" and doc[e + 2].text in {",", "-", "–"} and capitalised(doc[e + 3]):
            close = next((k for k in range(e + 3, min(e + 9, len(doc))) if doc[k].text == ")"), None)
            if close is not None:
                m.desc["seat"] = fold(f.span_text(e + 3, close))
        elif e + 1 < len(doc) and doc[e].text == ",":
            k = next(
                (k for k in range(e + 1, min(e + 6, len(doc))) if doc[k].lower_ in f.lex.grammar["seat_nouns"]), None
            )
            seat = seat_at(f, k + 1) if k is not None else None
            if seat:
                m.desc["seat"] = seat


def ages(f: Finder) -> None:
    """'X, 45, said': the age in commas after a person's name, on the name's mention."""
    doc = f.doc
    for m in f.mentions:
        e = m.end
        if (
            m.kind == "Person"
            and e + 2 < len(doc)
            and doc[e].text == ","
            and _age(doc[e + 1].text)
            and doc[e + 2].text in {",", ".", ";"}
        ):
            m.desc["age"] = _age(doc[e + 1].text)


def presiding_words(f: Finder, i: int) -> int:
    """How many words from ``i`` are a presiding description ('chair', 'presiding officer'), or 0."""
    lowers = f.lowers
    for words in _longest_first(f.lex.presiding_descriptions):
        if lowers[i : i + len(words)] == words and all(i + k not in f.owner for k in range(len(words))):
            return len(words)
    return 0


@cache
def _longest_first(phrases: frozenset[str]) -> tuple[list[str], ...]:
    """The phrases as word lists, the longest first (made once per word list, not once per token)."""
    return tuple(sorted((w.split() for w in phrases), key=len, reverse=True))


def standalone(f: Finder, i: int) -> bool:
    """Is token ``i`` the head of its noun phrase ('the latter said'), not a modifier ('the former Speaker')?"""
    nxt = f.doc[i + 1] if i + 1 < len(f.doc) else None
    return nxt is None or nxt.pos_ not in {"NOUN", "PROPN", "ADJ", "NUM"}
