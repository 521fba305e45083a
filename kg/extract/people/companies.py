"""Mentions of organisations other than parties and legislatures: companies, broadcasters,
campaigns, charities, agencies ('Acme Energy apologised', 'the Biden campaign criticised ...'),
and the definite descriptions that take them up again ('the company', 'the network').

A named organisation is a span the tagger calls an organisation, written as a name (capitalised
words, or an acronym), that no person, party, legislature or office already holds; a single
capitalised word is too often a surname to count. ``grammar.json`` lists the heads and nouns.
"""

from __future__ import annotations

from kg.extract.people.finder import Finder, per_lexicon
from kg.extract.people.organisations import party_initials
from kg.model import Mention, fold


def _acronym(text: str) -> bool:
    letters = [c for c in text if c.isalpha()]
    return len(letters) >= 2 and all(c.isupper() for c in letters)


def organisations(f: Finder, marked: bool = False) -> None:
    """Named organisations in the paragraph. ``marked``: only names that say they are one (a head
    word, 'Acme Energy Corporation'; an acronym; 'Bank of England'), found before the people so
    that no person is made of them; else any, after people, parties and titles are found."""
    doc, lex = f.doc, f.lex
    texts, lowers = f.texts, f.lowers
    toks = f.tokens
    heads = lex.grammar["organisation_heads"]
    for ent in doc.ents:
        if ent.label_ != "ORG":
            continue
        s, e = ent.start, ent.end
        if lowers[s] == "the":
            s += 1
        while e > s and (toks[e - 1].tag_ == "POS" or toks[e - 1].is_punct):
            e -= 1
        # 'the House of Lords Privileges and Conduct Committee': the body's name after its house
        h = f.owner.get(s)
        if h is not None and h.kind == "Legislature" and h.start >= ent.start and h.end < e - 1:
            s = h.end
        # ('[Privileges and] Conduct Committee': the words the model left before a body's name, over 'and')
        if texts[e - 1] in heads or texts[e - 1] in lex.org_head_words:
            while s > 1 and lowers[s - 1] in {"and", "&"} and f.capitalised(s - 2) and (s - 2) not in f.owner:
                s -= 2
        # the part before a name or title another finder took ('Amnesty International Director X')
        k = s
        while k < e and k not in f.owner:
            k += 1
        e = k
        # (and a possessive before it: 'Moyo's [Movement for Democratic Change]' is no organisation 'Moyo's')
        while e > s and toks[e - 1].tag_ == "POS":
            e -= 1
        if e <= s:
            continue
        # (the words of doc[s:e] from the paragraph's lists, its text cut once)
        words, text = range(s, e), f.span_text(s, e)
        if any(texts[w] in lex.name_stop_words or texts[w] in lex.grammar["organisation_stop_words"] for w in words):
            continue
        if not all(
            f.capitalised(w) or lowers[w] in lex.grammar["organisation_joiners"] or not toks[w].is_alpha for w in words
        ):
            continue
        if e - s == 1 and not _acronym(text) and text not in heads:
            continue
        if marked and not (
            texts[e - 1] in heads
            or texts[e - 1] in lex.org_head_words
            or _acronym(text)
            or any(lowers[w] in lex.grammar["organisation_markers"] for w in words)
        ):
            continue
        # a title ('the Governor General of Canada', 'Undersecretary [of State for Defence]') or a party's
        # initials ('the PTI leader') is no company
        if (
            any(lowers[w] in lex.office_words() for w in words)
            or (_acronym(text) and party_initials(f, text))
            or (s > 1 and lowers[s - 1] in {"of", "for"} and lowers[s - 2] in lex.office_words())
        ):
            continue
        st = s - 1 if s > 0 and lowers[s - 1] == "the" else s
        f.add(Mention(f.para, st, e, "Organization", text, f.span_head(s, e), key=fold(text)))


@per_lexicon
def _lower_heads(lex) -> frozenset[str]:
    """The lower-case words of ``organisation_heads`` ('campaign', 'group'); made once per lexicon."""
    return frozenset(h for h in lex.grammar["organisation_heads"] if h.islower())


def campaigns(f: Finder) -> None:
    """'the Biden campaign', 'the Acme group': a name before a lower-case head noun (before the
    people are found, so that the name stays inside the organisation)."""
    _doc, lex = f.doc, f.lex
    texts, lowers = f.texts, f.lowers
    toks = f.tokens
    heads = _lower_heads(lex)
    for i, _tok in enumerate(f.tokens):
        if texts[i] not in heads or i < 2 or i in f.owner:
            continue
        s = i
        while s > 0 and f.capitalised(s - 1) and toks[s - 1].pos_ == "PROPN" and (s - 1) not in f.owner:
            s -= 1
        if s < i and s > 0 and lowers[s - 1] == "the":
            f.add(
                Mention(f.para, s - 1, i + 1, "Organization", f.span_text(s, i + 1), i, key=fold(f.span_text(s, i + 1)))
            )


def descriptions(f: Finder) -> None:
    """'the company', 'the network': the organisation the article last named (resolve stage)."""
    doc, nouns = f.doc, f.lex.grammar["organisation_nouns"]
    _texts, lowers = f.texts, f.lowers
    toks = f.tokens
    for i, tok in enumerate(f.tokens):
        if i in f.owner or lowers[i] not in nouns or tok.tag_ != "NN" or i == 0 or lowers[i - 1] != "the":
            continue
        # not 'the company's chairman X' taken for a name, nor 'the network ABS' (a name follows)
        if i + 1 < len(doc) and f.capitalised(i + 1) and toks[i + 1].pos_ == "PROPN":
            continue
        f.add(Mention(f.para, i - 1, i + 1, "Description", f.span_text(i - 1, i + 1), i, desc={"organisation": True}))
