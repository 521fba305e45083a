"""The Party Facts gazetteer (``parties.json``) as the mention rules read it: its names of two words or more by
their first word, and its abbreviations ('VMRO-DPMNE', 'MDC-T', 'UMNO') by their first run of letters, with the
countries whose parties they name (a short abbreviation names parties of many countries: the paragraph's, or the
article's, country decides)."""

from __future__ import annotations

import re
from functools import cache

from spacy.lang.en.stop_words import STOP_WORDS as _STOP

from kg.extract.people.finder import Finder, country_of as paragraph_country, gazetteer_aliases
from kg.model import fold
from kg.ontology import lexicon


@cache
def party_facts_index() -> dict[str, tuple[str, ...]]:
    """The gazetteer's party names of two words or more, as written, by their first word (longest
    first); not the names ``organizations.json`` already has, nor legislatures' names. A name two
    countries' parties share ("Law and Justice") is one label: which party it is (its Wikidata
    entity) the mapping decides from the article's country."""
    lex = lexicon.load()
    forms: set[str] = set()
    for g in lex.gazetteer:
        for name in (g.name, g.native):
            forms.update(f.strip() for f in (name or "").split(" / ") if f.strip() and "[" not in f)
    known = set(gazetteer_aliases()) | {fold(w) for w in lex.legislature_words}
    out: dict[str, list[str]] = {}
    for form in forms:
        first = re.match(r"\w+", form)
        if len(form.split()) < 2 or fold(form) in known or first is None or not form[:1].isupper():
            continue
        out.setdefault(first.group(), []).append(form)
    return {k: tuple(sorted(v, key=len, reverse=True)) for k, v in out.items()}


@cache
def party_facts_lengths() -> dict[str, tuple[tuple[int, frozenset[str]], ...]]:
    """:func:`party_facts_index` as (length, the names of that length) for each first word, longest
    first: a paragraph's word looks each length up once instead of comparing every name."""
    out = {}
    for first, forms in party_facts_index().items():
        by_length: dict[int, set[str]] = {}
        for form in forms:
            by_length.setdefault(len(form), set()).add(form)
        out[first] = tuple((n, frozenset(by_length[n])) for n in sorted(by_length, reverse=True))
    return out


def party_facts_shorts_in(f: Finder) -> list[tuple[int, int, str]]:
    """Party Facts abbreviations as written ('VMRO-DPMNE', 'ZANU–PF', 'MDC-T', 'PSOE'), a dash read as a
    hyphen: of a party of the country the paragraph names, or else of one party still existing, four
    characters or more (a short abbreviation names parties of many countries: 'NPR', 'PP')."""
    toks, texts, index, text = f.tokens, f.texts, _shorts_by_first_run(), f.text.translate(_DASHES)
    found: list[tuple[int, int, str]] = []
    country: str | None = None
    ends: dict[int, int] | None = None
    for i, word in enumerate(texts):
        forms = index.get(word.translate(_DASHES).split("-")[0])
        if not forms:
            continue
        start = toks[i].idx
        for form, countries, alone in forms:
            if text[start : start + len(form)] != form:
                continue
            if ends is None:
                ends = {t.idx + len(texts[k]): k for k, t in enumerate(toks)}
                country = paragraph_country(f)
            if start + len(form) in ends and (country in countries if country else alone):
                found.append((i, ends[start + len(form)] + 1, ""))
                break
    return found


_DASHES = str.maketrans({"–": "-", "—": "-", "‑": "-"})


@cache
def _shorts_by_first_run() -> dict[str, tuple[tuple[str, frozenset[str], bool], ...]]:
    """A Party Facts abbreviation's first run of letters -> (the abbreviation, its countries, whether it
    names one party still existing and has four characters or more), longest first; not an
    abbreviation of two characters, a word ('THE'), a country's, an office's or a legislature's word
    ('USA', 'MP'), nor one ``organizations.json`` or the titles already name."""
    lex = lexicon.load()
    taken = {fold(w) for c in lex.countries.values() for w in c}
    taken |= {fold(w) for w in (*lex.office_words(), *lex.legislature_words, *lex.name_stop_words)}
    taken |= set(gazetteer_aliases()) | {fold(a) for a in lex.party_abbreviations}
    countries: dict[str, set[str]] = {}
    existing: dict[str, set[str]] = {}
    for g in lex.gazetteer:
        for short in (s.strip() for s in (g.short or "").split("/")):
            if len(short) < 3 or sum(c.isupper() for c in short) < 2 or not re.fullmatch(r"[A-Za-z0-9-]+", short):
                continue
            if fold(short) in taken or fold(short) in _STOP:
                continue
            countries.setdefault(short, set()).add(g.country)
            if g.to is None:
                existing.setdefault(short, set()).add(g.name)
    out: dict[str, list[tuple[str, frozenset[str], bool]]] = {}
    for short, cs in countries.items():
        alone = len(short) >= 4 and len(existing.get(short, ())) == 1
        out.setdefault(short.split("-")[0], []).append((short, frozenset(cs), alone))
    return {k: tuple(sorted(v, key=lambda x: -len(x[0]))) for k, v in out.items()}


@cache
def party_facts_shorts() -> dict[str, dict[str, str]]:
    """A Party Facts abbreviation ('Con', 'UMNO') -> country -> the English name of its party
    there (a party still existing first); read only in a party-and-seat bracket, where an
    abbreviation cannot be a word."""
    out: dict[str, dict[str, str]] = {}
    for g in sorted(lexicon.load().gazetteer, key=lambda g: g.to is None, reverse=True):
        if g.short and len(g.short) > 1:
            out.setdefault(g.short, {}).setdefault(g.country, g.name)
    return out
