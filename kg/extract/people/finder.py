"""The state of finding the mentions of one paragraph, and helpers the mention rules share.

:class:`Finder` holds the paragraph's parse, the lexicon, the phrase matchers and the mentions
found so far with the tokens they own; the rules of :mod:`kg.extract.people.organisations`,
:mod:`kg.extract.people.people` and :mod:`kg.extract.people.roles` take it and add to it.
"""

from __future__ import annotations

from functools import cache, cached_property, wraps

from spacy.language import Language
from spacy.matcher import PhraseMatcher
from spacy.tokens import Doc, Token

from kg.model import Mention, fold
from kg.nlp.parse import Paragraph
from kg.ontology import lexicon


@cache
def matchers(nlp: Language) -> dict[str, PhraseMatcher]:
    """Phrase matchers over lower-cased text for parties, legislatures and office titles."""
    lex = lexicon.load()
    out: dict[str, PhraseMatcher] = {}
    party = PhraseMatcher(nlp.vocab, attr="LOWER")
    for p in lex.parties:
        forms = {p.name, *p.aliases}
        forms |= {fold(f).title() for f in forms if fold(f) != f.lower()}
        party.add(p.name, [nlp.make_doc(f) for f in forms])
    out["party"] = party
    leg = PhraseMatcher(nlp.vocab, attr="LOWER")
    for w in lex.legislature_words:
        leg.add(w, [nlp.make_doc(w)])
    out["legislature"] = leg
    office = PhraseMatcher(nlp.vocab, attr="LOWER")
    for o in lex.offices:
        # the tokenizer splits "rep." but keeps "Rep." whole: match each word as it is tokenized in
        # running text, lower-case and capitalised
        spelt = {tuple(t.lower_ for t in nlp.make_doc(v)): v for w in (*o.words, *o.plural) for v in (w, w.title())}
        office.add(o.key, [nlp.make_doc(v) for v in spelt.values()])
    out["office"] = office
    return out


@cache
def gazetteer_aliases() -> dict[str, str]:
    """Folded surface form -> canonical gazetteer party name."""
    out: dict[str, str] = {}
    for p in lexicon.load().parties:
        for form in (p.name, *p.aliases):
            out.setdefault(fold(form), p.name)
    return out


def modifier(tok: Token) -> bool:
    """A word that belongs to a role description before its title: 'the', 'a', 'federal',
    'its'; not a relative or interrogative word ('which the minister introduced')."""
    return (
        tok.pos_ in {"DET", "ADJ", "PRON"}
        and tok.tag_ not in {"WDT", "WP", "WP$"}
        and tok.lower_ not in {"this", "that"}
    )


def capitalised(tok: Token) -> bool:
    """Does the token's text begin with a capital?"""
    return tok.text[:1].isupper()


def longest(spans: list[tuple[int, int, str]]) -> list[tuple[int, int, str]]:
    """Non-overlapping spans, longest first."""
    taken: set[int] = set()
    out = []
    for s, e, label in sorted(spans, key=lambda x: (x[0] - x[1], x[0])):
        if taken.isdisjoint(range(s, e)):
            taken.update(range(s, e))
            out.append((s, e, label))
    return sorted(out)


def span_text(doc: Doc, tokens: list[Token], text: str, s: int, e: int) -> str:
    """``doc[s:e].text`` cut from ``text`` (``doc.text``) at its ``tokens``' offsets: a Span's text
    makes a Token object for each of its words (outside ``0 <= s < e <= len``, the Span's own)."""
    if not 0 <= s < e <= len(tokens):
        return doc[s:e].text
    last = tokens[e - 1]
    return text[tokens[s].idx : last.idx + len(last.text)]


class Finder:
    """Find mentions in one paragraph (``para`` is its index in the document)."""

    def __init__(self, doc: Doc, para: int, nlp: Language, parsed: Paragraph | None = None, country: str | None = None):
        self.doc, self.para, self.lex, self.nlp = doc, para, lexicon.load(), nlp
        #: the country the article is about (``countries.json``), when the paragraph names none
        self.article_country = country
        #: the paragraph of ``doc`` (given, or made here), whose lists every rule reads
        self.parsed = Paragraph(0, doc) if parsed is None else parsed
        #: one Token object per token, made once: ``doc[i]`` and iterating a Doc make new ones each time
        self.tokens = self.parsed.tokens
        self.m = matchers(nlp)
        self.mentions: list[Mention] = []
        self.owner: dict[int, Mention] = {}

    @cached_property
    def texts(self) -> list[str]:
        """Each token's ``text`` (:attr:`kg.nlp.parse.Paragraph.texts`)."""
        return self.parsed.texts

    @cached_property
    def lowers(self) -> list[str]:
        """Each token's ``lower_`` (:attr:`kg.nlp.parse.Paragraph.lowers`)."""
        return self.parsed.lowers

    @cached_property
    def lemmas(self) -> list[str]:
        """Each token's ``lemma_``, lower-cased (:attr:`kg.nlp.parse.Paragraph.lemmas`)."""
        return self.parsed.lemmas

    @cached_property
    def capitals(self) -> list[bool]:
        """Whether each token's text begins with a capital (:attr:`kg.nlp.parse.Paragraph.capitals`)."""
        return self.parsed.capitals

    @cached_property
    def text(self) -> str:
        """The paragraph's text, made once (spaCy joins every token's text again on each ``doc.text``)."""
        return self.parsed.text

    def add(self, m: Mention) -> Mention:
        self.mentions.append(m)
        for i in range(m.start, m.end):
            self.owner.setdefault(i, m)
        return m

    def free(self, s: int, e: int) -> bool:
        return all(i not in self.owner for i in range(s, e))

    def capitalised(self, i: int) -> bool:
        """Does token ``i``'s text begin with a capital? (:func:`capitalised`, from :attr:`capitals`)"""
        return self.capitals[i]

    def span_text(self, s: int, e: int) -> str:
        """``doc[s:e].text`` (:func:`span_text`)."""
        return span_text(self.doc, self.tokens, self.text, s, e)

    def span_head(self, s: int, e: int) -> int:
        return self.doc[s:e].root.i


def per_lexicon(fn):
    """``fn(lex)`` made once per lexicon: a rule's table of the word lists, made once, not once per
    paragraph, like a ``cached_property`` of :class:`kg.ontology.lexicon.Lexicon` defined by the rule
    module that needs it; kept in the lexicon, so a new lexicon (another ``$KG_ONTOLOGY``) gets its own."""
    name = f"_derived:{fn.__module__}.{fn.__qualname__}"

    @wraps(fn)
    def get(lex):
        found = lex.__dict__.get(name)
        if found is None:
            found = lex.__dict__[name] = fn(lex)
        return found

    return get


@cache
def country_words() -> frozenset[str]:
    """The folded names of countries (``countries.json``)."""
    return frozenset(fold(w) for ws in lexicon.load().countries.values() for w in ws)


@per_lexicon
def leader_words(lex) -> frozenset[str]:
    """The party role words that make a leader ('leader', 'head', 'chairman': ``titles.json`` party_roles)."""
    return frozenset(w for w, r in lex.party_roles.items() if r == "leaderOf")


def country_of(f: Finder) -> str | None:
    """The country the paragraph names most, else the article's (a party's abbreviation is of that country's)."""
    return f.lex.country_of(f.text) or f.article_country


def text_country(lex, text: str) -> str | None:
    """The country a text is about, not counting the words that name a party only in its own country ('Congress'
    counts for no legislature where it may be India's party: ``organizations.json`` ``local_aliases``)."""
    for alias in {a for p in lex.parties for a in p.local_aliases}:
        text = text.replace(alias, "")
    return lex.country_of(text)
