"""Mentions of organisations and motions: gazetteer and unknown parties, legislatures, bills
and motions (the words of ``organizations.json`` and ``events.json``)."""

from __future__ import annotations

from spacy.tokens import Token

from kg.extract.finder import Finder, capitalised, gazetteer_aliases, longest
from kg.model import Mention, fold
from kg.ontology import lexicon


def parties(f: Finder) -> None:
    """Gazetteer parties, and capitalised runs ending in a party head word ("Labour Front",
    "Tidewater Democrats", "Workers' Compact"); the longer span wins, so "Labour Front" is
    not the gazetteer's "Labour" followed by a stray "Front"."""
    lex, doc = f.lex, f.doc
    spans = [(s, e, f.doc.vocab.strings[mid]) for mid, s, e in f.m["party"](doc)
             if capitalised(doc[s]) or doc[s].is_upper]
    for i, tok in enumerate(f.tokens):
        nxt = doc[i + 1].text if i + 1 < len(doc) else ""
        if tok.text in lex.party_head_words and capitalised(tok) and nxt not in lex.party_head_words:
            s = _run_back(f, i)
            if s < i or tok.pos_ == "PROPN":
                spans.append((s, i + 1, ""))
        elif tok.lower_ in {"party", "parties"} and not capitalised(tok) and i > 0 and capitalised(doc[i - 1]):
            # "the Rural Voice party": the name before a lower-case 'party'
            s = _run_back(f, i)
            if s < i:
                spans.append((s, i, ""))
    aliases = gazetteer_aliases()
    for s, e, name in longest(spans):
        text = doc[s:e].text
        key = name or aliases.get(fold(text))
        f.add(Mention(f.para, s, e, "PoliticalParty", text, f.span_head(s, e), key=key or None))


def _run_back(f: Finder, i: int) -> int:
    """Start of the capitalised run that ends at token i (a party or group name)."""
    doc, lex = f.doc, f.lex
    s = i
    while s > 0:
        t = doc[s - 1]
        # "Workers' Compact", "People's Alliance": a possessive inside the name
        if t.text in {"'", "’", "'s", "’s"} and s >= 2 and capitalised(doc[s - 2]) and (
                doc[s - 2].pos_ in {"NOUN", "PROPN"}):
            s -= 1
            continue
        if not (capitalised(t) and t.pos_ in {"PROPN", "ADJ", "NOUN"} and (s - 1) not in f.owner
                and t.text not in lex.name_stop_words and lex.party_adjectives.get(t.text, "") is not None
                and not t.is_stop):
            break
        s -= 1
    return s


def unknown_party_before_role(f: Finder, s: int) -> Mention | None:
    """A capitalised run just before a role word ("Rural Voice MP ..."): an unknown party."""
    doc, lex = f.doc, f.lex
    e = s
    s = _run_back(f, s)
    if s == e:
        return None
    text = doc[s:e].text
    if text in lex.party_adjectives:
        name = lex.party_adjectives[text]
        if name is None:
            return None
    if doc[s].ent_type_ in {"GPE", "NORP", "DATE", "PERSON"} and e - s == 1 and text not in lex.party_adjectives:
        return None
    return f.add(Mention(f.para, s, e, "PoliticalParty", text, e - 1))


def legislatures(f: Finder) -> None:
    doc = f.doc
    found = [(s, e, doc.vocab.strings[mid]) for mid, s, e in f.m["legislature"](doc)]
    # "House Leader", "Speaker of the House": the title wins over the legislature inside it
    titles = [(s, e) for _, s, e in f.m["office"](doc)]
    for s, e, name in longest(found):
        if any(ts <= s and e <= te and te - ts > e - s for ts, te in titles):
            continue
        if capitalised(doc[s]) and f.free(s, e):
            st = s - 1 if s > 0 and doc[s - 1].lower_ == "the" else s
            f.add(Mention(f.para, st, e, "Legislature", doc[s:e].text, f.span_head(s, e), key=fold(doc[s:e].text)))


def motions(f: Finder, named_only: bool = False) -> None:
    doc, lex = f.doc, f.lex
    for i, tok in enumerate(f.tokens):
        if i in f.owner or (named_only and tok.text not in lex.motion_name_heads):
            continue
        # a named bill: capitalised run ending in Bill/Act ("Water Services Bill")
        if tok.text in lex.motion_name_heads and i > 0 and capitalised(doc[i - 1]) and doc[i - 1].pos_ == "PROPN":
            s = i
            while s > 0 and capitalised(doc[s - 1]) and doc[s - 1].pos_ in {"PROPN", "ADJ"} and (s - 1) not in f.owner:
                s -= 1
            f.add(Mention(f.para, s, i + 1, "Motion", doc[s:i + 1].text, i, key=fold(doc[s:i + 1].text),
                          desc={"named": True, "noun": tok.lower_}))
        elif tok.lemma_.lower() in lex.motion_nouns and tok.pos_ == "NOUN":
            f.add(Mention(f.para, i, i + 1, "Motion", motion_label(tok), i, desc={"named": False, "noun": tok.lemma_.lower()}))


def motion_label(tok: Token) -> str:
    """A readable label for a motion from its noun phrase: 'motion to recognize ...'."""
    grammar = lexicon.load().grammar
    keep = [c for c in tok.children if c.dep_ in {"amod", "compound", "nmod", "acl", "nummod"}
            or (c.dep_ == "prep" and c.lower_ in grammar["motion_label_prepositions"])]
    words = sorted({t for c in keep for t in c.subtree} | {tok}, key=lambda t: t.i)
    words = [t for t in words if t.dep_ not in {"poss", "case", "relcl"} and (t.dep_ != "det" or t.lower_ == "no")]
    cut = next((k for k, t in enumerate(words) if t.i > tok.i and (t.lower_ in grammar["label_stop_words"] or t.is_punct)), len(words))
    text = " ".join(t.text for t in words[:min(cut, 16)])
    return text.replace(" 's", "'s").strip(" ,.")
