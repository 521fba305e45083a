"""Mentions of organisations and motions: gazetteer and unknown parties, legislatures, bills
and motions (the words of ``organizations.json`` and ``events.json``)."""

from __future__ import annotations

import re

from spacy.tokens import Token

from kg.extract.people.epithets import seat_before_title
from kg.extract.people.finder import (
    Finder,
    capitalised,
    country_of as paragraph_country,
    country_words,
    gazetteer_aliases,
    longest,
    text_country,
)
from kg.extract.people.nations import named_party, typed_no_party
from kg.extract.people.party_facts import (
    party_facts_index,
    party_facts_lengths,
    party_facts_shorts,
    party_facts_shorts_in,
)
from kg.model import Mention, fold
from kg.ontology import lexicon


def parties(f: Finder) -> None:
    """Gazetteer parties, and capitalised runs ending in a party head word ("Labour Front",
    "Tidewater Democrats", "Workers' Compact"); the longer span wins, so "Labour Front" is
    not the gazetteer's "Labour" followed by a stray "Front"."""
    lex, doc, toks = f.lex, f.doc, f.tokens
    texts, lowers = f.texts, f.lowers
    spans = [
        (s, e, f.doc.vocab.strings[mid]) for mid, s, e in f.m["party"](doc) if f.capitalised(s) or toks[s].is_upper
    ]
    heads, n = lex.party_head_words, len(texts)
    for i, word in enumerate(texts):
        nxt = texts[i + 1] if i + 1 < n else ""
        # "the African Union Commission": a head word inside a body's name is no party
        if word in heads and f.capitalised(i) and nxt not in heads and nxt not in lex.org_head_words:
            s = _past_place(f, _run_back(f, i), i + 1)
            if s < i or toks[i].pos_ == "PROPN":
                spans.append((s, i + 1, ""))
        elif lowers[i] in {"party", "parties"} and not f.capitalised(i) and i > 0 and f.capitalised(i - 1):
            # "the Rural Voice party": the name before a lower-case 'party'
            s = _run_back(f, i)
            if s < i:
                spans.append((s, i, ""))
    # Party Facts names of 2+ words as written ("Law and Justice"): the longest there that ends where a token does
    index, para_text = party_facts_lengths(), f.text
    ends: dict[int, int] | None = None  # a token's end offset -> its index, made at the first name found
    for i, word in enumerate(texts):
        lengths = index.get(word)
        if lengths is None:
            continue
        start = toks[i].idx
        for length, forms in lengths:
            if para_text[start : start + length] in forms:
                if ends is None:
                    ends = {t.idx + len(texts[k]): k for k, t in enumerate(toks)}
                if start + length in ends:
                    spans.append((i, ends[start + length] + 1, ""))
                    break
    shorts = party_facts_shorts_in(f)
    spans.extend(shorts)
    oriented = _oriented_coalitions(f)
    # (a local name first: it wins over the same span read as a head word's run, 'Congress')
    spans = _local_names(f) + spans + oriented
    aliases = gazetteer_aliases()
    for s, e, name in _joined(f, longest(spans)):
        text = f.span_text(s, e)
        key = name or aliases.get(fold(text))
        if not key and not _known_party(text):
            text, key = named_party(lex, text, lowers[e] if e < n else "", aliases)
        if not text:  # "the United States Congress", "the Peruvian Congress": the state's legislature
            f.add(Mention(f.para, s, e, "Legislature", texts[e - 1], e - 1, key=fold(texts[e - 1])))
        if not name and (not text or text in lex.bodies):  # "the African Union", "contempt of Congress": a body
            continue
        # (an abbreviation of one word, 'PiS', 'UMNO': named as in a bracket or before a role word)
        if e == s + 1 and (s, e, name) in shorts:
            text = party_initials(f, text) or text
        # "the centre-left coalition": named as a name is written
        if (s, e, name) in oriented:
            text = text[:1].upper() + text[1:]
        f.add(Mention(f.para, s, e, "PoliticalParty", text, f.span_head(s, e), key=key or None))


def _local_names(f: Finder) -> list[tuple[int, int, str]]:
    """A party's name that is its only in a text about its country ('Congress' in India: ``organizations.json``
    ``local_aliases``), as written, where the paragraph (or else the article) is about that country."""
    local = [(p, a) for p in f.lex.parties for a in p.local_aliases]
    if not local or (country := text_country(f.lex, f.text) or f.article_country) is None:
        return []
    out = []
    for p, alias in local:
        words = alias.split()
        if p.country == country:
            out += [(i, i + len(words), p.name) for i in range(len(f.texts)) if f.texts[i : i + len(words)] == words]
    return out


def _oriented_coalitions(f: Finder) -> list[tuple[int, int, str]]:
    """'the centre-left coalition', 'a right-wing alliance': a coalition named by where it stands is a party
    (``grammar.json`` ``political_orientations`` before one of ``party_nouns``)."""
    grammar, lowers, out = f.lex.grammar, f.lowers, []
    for i in range(2, len(lowers)):
        if lowers[i] not in grammar["party_nouns"] or f.capitalised(i):
            continue
        # (the longest: 'centre-left', not 'left'; after a determiner: not 'turned left coalition partners away')
        for j in range(max(i - 3, 1), i):
            if (
                f.span_text(j, i).lower() in grammar["political_orientations"]
                and f.free(j, i + 1)
                and f.tokens[j - 1].tag_ in {"DT", "PRP$", "POS"}
            ):
                out.append((j, i + 1, ""))
                break
    return out


def _joined(f: Finder, spans: list[tuple[int, int, str]]) -> list[tuple[int, int, str]]:
    """A party's name and a word after it that is no party's name known are one name ('the Movement for Democratic
    Change Renewal team': a faction of the first, named by the second word)."""
    out: list[tuple[int, int, str]] = []
    aliases, adjectives = gazetteer_aliases(), f.lex.party_adjectives
    for s, e, name in sorted(spans):
        # (one word no party of its own is known by: not 'the Fine Gael Labour coalition')
        known = name or fold(f.texts[s]) in aliases or f.texts[s] in adjectives
        if out and out[-1][1] == s and e == s + 1 and not known and f.capitalised(s) and not f.tokens[s - 1].is_punct:
            out[-1] = (out[-1][0], e, "")
        else:
            out.append((s, e, name))
    return out


def _run_back(f: Finder, i: int) -> int:
    """Start of the capitalised run that ends at token i (a party or group name)."""
    _doc, lex = f.doc, f.lex
    _texts, _lowers = f.texts, f.lowers
    toks = f.tokens
    s = i
    while s > 0:
        t = toks[s - 1]
        # "Workers' Compact", "People's Alliance": a possessive inside the name
        if (
            t.text in {"'", "’", "'s", "’s"}
            and s >= 2
            and f.capitalised(s - 2)
            and (toks[s - 2].pos_ in {"NOUN", "PROPN"})
            # (not a person's: "Blair's Labour Party", "Kofi Mensah's New Patriotic Party")
            and toks[s - 2].text in lex.grammar["party_name_possessors"]
        ):
            s -= 1
            continue
        if not (
            capitalised(t)
            and t.pos_ in {"PROPN", "ADJ", "NOUN"}
            and (s - 1) not in f.owner
            and t.text not in lex.name_stop_words
            and lex.party_adjectives.get(t.text, "") is not None
            and not t.is_stop
        ):
            break
        s -= 1
    return s


def _past_place(f: Finder, s: int, e: int) -> int:
    """The start of the run doc[s:e] past a place before a run ending in a party's word: 'an Ottawa New
    Democrat MP', 'a Texas Republican' (where the member sits; not 'Kerala Congress', nor a gazetteer name)."""
    while (
        s + 1 < e
        and f.doc[s].ent_type_ == "GPE"
        and f.lex.party_adjectives.get(f.doc[e - 1].text)
        and not _known_party(f.span_text(s, e))
    ):
        s += 1
    return s


def _known_party(text: str) -> bool:
    """Is ``text`` a name of a party of ``organizations.json`` or of the Party Facts gazetteer?"""
    first = re.match(r"\w+", text)
    return fold(text) in gazetteer_aliases() or (
        first is not None and text in party_facts_index().get(first.group(), ())
    )


def unknown_party_before_role(f: Finder, s: int) -> Mention | None:
    """A capitalised run just before a role word ("Rural Voice MP ..."): an unknown party."""
    doc, lex = f.doc, f.lex
    e = s
    s = _run_back(f, s)
    # "the National Assembly's deputy speaker": a possessive ending a body's name is no party
    if s < e and doc[s].tag_ == "POS":
        return None
    s = _past_place(f, s, e)
    if s == e:
        return None
    text = f.span_text(s, e)
    # "Environment Canada spokesperson": a country's name ends a department's name, not a party's
    if e - s > 1 and fold(doc[e - 1].text) in country_words():
        return None
    if text in lex.party_adjectives:
        name = lex.party_adjectives[text]
        if name is None:
            return None
    # "former Republican senator X": a past membership
    if s > 0 and doc[s - 1].lower_ in lex.membership_ends:
        return None
    # "Senate Minority Leader", "State Department spokesperson": a body or a branch, not a party
    if any(lex.party_adjectives.get(doc[k].text, "") is None or doc[k].text in lex.org_head_words for k in range(s, e)):
        return None
    # "Congress spokesperson": a legislature is a body, not a party
    if fold(text) in {fold(w) for w in lex.legislature_words}:
        return None
    if typed_no_party(doc, s, e) and text not in lex.party_adjectives:
        return None
    # "PiS leader X", "DMK MP X": an abbreviation of the gazetteer names its party
    if e - s == 1 and sum(c.isupper() for c in text) >= 2 and text not in lex.party_adjectives:
        name = party_initials(f, text)
        if name:
            return f.add(Mention(f.para, s, e, "PoliticalParty", name, s, key=gazetteer_key(name)))
    # "Democratic Senator X": an adjective of a known party names it
    adjective = lex.party_adjectives.get(text)
    if adjective is None and seat_before_title(f, s, e):
        return None
    key = gazetteer_key(adjective) if adjective else None
    return f.add(Mention(f.para, s, e, "PoliticalParty", key or text, e - 1, key=key))


def party_word(f: Finder, i: int) -> Mention | None:
    """The party that token i names: a party mention there, or a party adjective ('Republican',
    'Labour') made a mention of its gazetteer party; None for anything else."""
    p = f.owner.get(i)
    if p is not None and p.kind == "PoliticalParty":
        return p
    # (a title or a description may hold a party word: "the Democratic Speaker")
    if p is not None and p.kind not in {"Description", "Office"}:
        return None
    name = f.lex.party_adjectives.get(f.doc[i].text)
    if not name:
        return None
    key = gazetteer_aliases().get(fold(name))
    return f.add(Mention(f.para, i, i + 1, "PoliticalParty", key or name, i, key=key))


def party_initials(f: Finder, text: str) -> str | None:
    """'(D-Ore.)', '(Con, Bath)': the party an abbreviation in a party-and-seat bracket names (the
    titles' party initials, the gazetteer's aliases, then a Party Facts abbreviation of the
    country the paragraph names, or of one party only), or None."""
    lex = f.lex
    name = lex.party_abbreviations.get(text) or gazetteer_aliases().get(fold(text))
    if name:
        return name
    by_country = party_facts_shorts().get(text, {})
    country = paragraph_country(f) if len(by_country) > 1 else None
    if country in by_country:
        return by_country[country]
    names = set(by_country.values())
    return names.pop() if len(names) == 1 else None


def gazetteer_key(name: str) -> str | None:
    """The key of a party of ``organizations.json`` that ``name`` names, or None."""
    return gazetteer_aliases().get(fold(name))


def legislatures(f: Finder) -> None:
    doc = f.doc
    found = [(s, e, doc.vocab.strings[mid]) for mid, s, e in f.m["legislature"](doc)]
    # "House Leader", "Speaker of the House": the title wins over the legislature inside it
    titles = [(s, e) for _, s, e in f.m["office"](doc)]
    for s, e, name in longest(found):
        if any(ts <= s and e <= te and te - ts > e - s for ts, te in titles):
            continue
        # ('dismissed by the senate': some papers write a chamber in lower case after 'the')
        lower = s > 0 and doc[s - 1].lower_ == "the" and f.span_text(s, e) in f.lex.grammar["lowercase_legislatures"]
        if (capitalised(doc[s]) or lower) and f.free(s, e):
            st = s - 1 if s > 0 and doc[s - 1].lower_ == "the" else s
            name = f.span_text(s, e).capitalize() if lower else f.span_text(s, e)
            f.add(Mention(f.para, st, e, "Legislature", name, f.span_head(s, e), key=fold(name)))


def motions(f: Finder, named_only: bool = False) -> None:
    _doc, lex = f.doc, f.lex
    texts, lowers, lemmas = f.texts, f.lowers, f.lemmas
    toks, heads, n = f.tokens, lex.motion_name_heads, len(f.tokens)
    for i, word in enumerate(texts):
        if i in f.owner or (named_only and word not in heads):
            continue
        # a named bill: capitalised run ending in Bill/Act ("Water Services Bill")
        # (not a given name: "Governor Bill Lee")
        if (
            word in heads
            and i > 0
            and f.capitalised(i - 1)
            and toks[i - 1].pos_ == "PROPN"
            and not (
                toks[i].ent_type_ == "PERSON"
                and i + 1 < n
                and toks[i + 1].ent_type_ == "PERSON"
                and f.capitalised(i + 1)
            )
        ):
            s = i
            while s > 0 and f.capitalised(s - 1) and toks[s - 1].pos_ in {"PROPN", "ADJ"} and (s - 1) not in f.owner:
                s -= 1
            f.add(
                Mention(
                    f.para,
                    s,
                    i + 1,
                    "Motion",
                    f.span_text(s, i + 1),
                    i,
                    key=fold(f.span_text(s, i + 1)),
                    desc={"named": True, "noun": lowers[i]},
                )
            )
        elif lemmas[i] in lex.motion_nouns and toks[i].pos_ == "NOUN":
            f.add(
                Mention(f.para, i, i + 1, "Motion", motion_label(toks[i]), i, desc={"named": False, "noun": lemmas[i]})
            )


def _under_participle(t: Token, top: Token) -> bool:
    """Is ``t`` in a past participle's phrase below ``top`` ('motion of no confidence tabled by X': 'tabled by X')?"""
    while t.i != top.i and t.head.i != t.i:
        if t.dep_ in {"acl", "advcl"} and t.tag_ == "VBN":  # (or on its infinitive: 'motion to vacate filed by X')
            return True
        t = t.head
    return False


def motion_label(tok: Token) -> str:
    """A readable label for a motion from its noun phrase: 'motion to recognize ...'."""
    grammar = lexicon.load().grammar
    # (not a participle naming its mover: 'the motion, tabled by X,')
    keep = [
        c
        for c in tok.children
        if c.dep_ in {"amod", "compound", "nmod", "nummod"}
        or (c.dep_ == "acl" and c.tag_ != "VBN")
        or (c.dep_ == "prep" and c.lower_ in grammar["motion_label_prepositions"])
    ]
    words = sorted({t for c in keep for t in c.subtree} | {tok}, key=lambda t: t.i)
    words = [
        t
        for t in words
        if t.dep_ not in {"poss", "case", "relcl"}
        and (t.dep_ != "det" or t.lower_ == "no")
        and not _under_participle(t, tok)
    ]
    cut = next(
        (k for k, t in enumerate(words) if t.i > tok.i and (t.lower_ in grammar["label_stop_words"] or t.is_punct)),
        len(words),
    )
    text = " ".join(t.text for t in words[: min(cut, 16)])
    return text.replace(" 's", "'s").strip(" ,.")
