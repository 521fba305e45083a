"""The ``charge_from`` construction key: where an accusation's charge is ('called X a liar',
'accused X of lying', 'said that X was a liar')."""

from __future__ import annotations

from spacy.tokens import Token

from kg.extract.arguments import has, quoted
from kg.extract.rules import Construction, construction
from kg.nlp import syntax
from kg.ontology import lexicon

#: (target override or None, charge text or None); a reader gives None when the construction is absent
Charge = tuple[Token | None, str | None]


def _phrase(tok: Token) -> str:
    """A noun with its modifiers, without determiners: 'racist policies'."""
    words = [t for t in tok.subtree if t.i <= tok.i and t.dep_ not in {"det", "poss", "case", "punct"}]
    return " ".join(t.text for t in words) or tok.text


def _by_surface(tok: Token) -> Charge | None:
    """'branded [Senator] X Y a hypocrite' read off the words when the parse lost the object:
    capitalised words, then 'a'/'an', then a noun, right after the verb."""
    doc = tok.doc
    i = tok.i + 1
    j = i
    while j < len(doc) and j - i < 5 and doc[j].text[:1].isupper() and doc[j].pos_ in {"PROPN", "NOUN", "VERB"}:
        j += 1
    # the charge may stand in quotes: 'called X a "wacko"'
    q = j + 1
    while q < len(doc) and doc[q].is_quote:
        q += 1
    if j > i and q < len(doc) and doc[j].lower_ in {"a", "an"} and doc[q].pos_ in {"NOUN", "ADJ"}:
        k = q
        while k + 1 < len(doc) and doc[k + 1].pos_ == "NOUN" and doc[k].pos_ == "ADJ":
            k += 1
        return (doc[j - 1], doc[k].text)
    return None


def _oprd(tok: Token) -> Charge | None:
    # "called X a liar": the object predicate
    for c in tok.children:
        if c.dep_ in {"oprd", "attr", "xcomp", "acomp", "ccomp"} and c.i > tok.i and c.pos_ in {"NOUN", "ADJ"}:
            return (None, c.text)
    objs = syntax.children(tok, "dobj")
    if len(objs) >= 1 and any(c.dep_ == "dobj" and c.pos_ in {"NOUN", "ADJ"} and c.i > objs[0].i for c in tok.children):
        return (None, [c for c in tok.children if c.dep_ == "dobj"][-1].text)
    # "called X racist" / "labelled X a hypocrite": the charge parsed as a dependent of X
    for o in objs + syntax.children(tok, "nsubjpass"):
        for c in o.children:
            if c.dep_ in {"amod", "appos", "acl", "dobj", "npadvmod", "attr", "oprd"} and c.i > o.i and (
                    c.lower_ in lexicon.load().charge_nouns or (c.pos_ == "NOUN" and syntax.children(c, "det"))):
                return (None, c.text)
    for c in tok.children:
        if c.dep_ == "npadvmod" and c.i > tok.i and c.pos_ == "NOUN" and syntax.children(c, "det"):
            return (None, c.text)
    return _by_surface(tok)


def _of(tok: Token) -> Charge | None:
    # "accused X of lying"
    prep = has(tok, {"prep"}, frozenset({"of"}), "lower_")
    for o in syntax.children(tok, "dobj"):
        # "accused X of lying" with 'of' hung on X
        prep = prep or has(o, {"prep"}, frozenset({"of"}), "lower_")
    if prep is None:
        return None
    for c in prep.children:
        if c.dep_ == "pcomp":
            attr = syntax.children(c, "attr", "acomp")
            return (None, _phrase(attr[0]) if attr else c.text)
        if c.dep_ == "pobj":
            return (None, _phrase(c))
    return None


def _ccomp_attr(tok: Token) -> Charge | None:
    # "said that X was a liar": X is the target, outside a quote
    lex = lexicon.load()
    for c in tok.children:
        if c.dep_ == "ccomp" and c.lemma_ == "be":
            attr = syntax.children(c, "attr")
            subj = syntax.direct_subject(c)
            if attr and subj is not None and attr[0].lemma_.lower() in lex.charge_nouns and not quoted(c):
                return (subj, attr[0].text)
    return None


@construction("charge_from")
class ChargeFrom(Construction):
    """Where an accusation's charge is; no charge there, no accusation."""

    choices = {"oprd": _oprd, "of": _of, "ccomp_attr": _ccomp_attr}

    def charge(self, tok: Token) -> Charge | None:
        return self.choices[self.value](tok)
