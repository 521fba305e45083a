"""The ``charge_from`` construction key: where an accusation's charge is ('called X a liar',
'accused X of lying', 'said that X was a liar')."""

from __future__ import annotations

from typing import ClassVar

from spacy.tokens import Token

from kg.extract.events.arguments import quoted
from kg.extract.events.rules import Construction, construction
from kg.nlp import syntax
from kg.nlp.syntax import has
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


def actor(noun: Token | None, skip: Token | None = None) -> Token | None:
    """Who did the act a noun names: 'X's conduct', 'the conduct of X', 'the Alvaro government'
    (lexicon ``act_nouns``); None when the noun is no act or names no one. ``skip``: a preposition
    of the noun that is not its actor's ('accused the government of lying': the charge's 'of')."""
    if noun is None or noun.lemma_.lower() not in lexicon.load().grammar["act_nouns"]:
        return None
    poss = syntax.children(noun, "poss")
    if poss:
        return poss[0]
    for prep in syntax.children(noun, "prep"):
        if prep.lower_ in {"of", "by"} and (skip is None or prep.i != skip.i):
            obj = syntax.children(prep, "pobj")
            if obj:
                return obj[0]
    if noun.lemma_.lower() in lexicon.load().grammar["bloc_nouns"]:
        return noun  # 'the Democratic leadership': the party, read as a bloc (arguments.arg_mentions)
    return next(
        (
            c
            for c in noun.children
            if c.dep_ in {"compound", "amod"} and c.pos_ in {"PROPN", "ADJ"} and c.text[:1].isupper()
        ),
        None,
    )


def _object_act(tok: Token, skip: Token | None = None) -> Token | None:
    """The actor of the trigger's object (or passive subject) when it is an act (``skip``: as for :func:`actor`)."""
    for o in syntax.children(tok, "dobj", "nsubjpass"):
        if o.tag_ in {"WDT", "WP"} and tok.dep_ == "relcl":
            # "X's handling of the floods, which he called a disgrace": the relative's noun, or the act it is 'of'
            o = tok.head
            while actor(o) is None and o.dep_ == "pobj" and o.head.lower_ in {"of", "in"} and o.head.head.i != o.i:
                o = o.head.head
        return actor(o, skip)
    return None


def _oprd(tok: Token) -> Charge | None:
    # "called X a liar": the object predicate
    found = _predicate(tok)
    if found is None:
        return None
    # "called X's conduct a disgrace": X, when the charge is one
    by = _object_act(tok)
    if by is not None and found[0] is None and (found[1] or "").lower() in lexicon.load().charge_nouns:
        return (by, found[1])
    return found


def _predicate(tok: Token) -> Charge | None:
    # "described X as a liar" / "branded X as dishonest": an 'as' phrase whose word is a charge
    charges = lexicon.load().charge_nouns
    for head in [tok, *syntax.children(tok, "dobj", "nsubjpass")]:
        for prep in syntax.children(head, "prep"):
            if prep.lower_ == "as":
                word = syntax.first(syntax.children(prep, "pobj", "amod", "acomp"))
                if word is not None and word.lower_ in charges:
                    return (None, word.text)
    for c in tok.children:
        if c.dep_ in {"oprd", "attr", "xcomp", "acomp", "ccomp"} and c.i > tok.i and c.pos_ in {"NOUN", "ADJ"}:
            # "called Mayor X incompetent" parsed with X a compound of the charge: X is the object
            names = [n for n in c.children if n.dep_ == "compound" and n.pos_ == "PROPN"]
            if names and not syntax.children(tok, "dobj"):
                return (names[-1], c.text)
            return (None, c.text)
    objs = syntax.children(tok, "dobj")
    if len(objs) >= 1 and any(c.dep_ == "dobj" and c.pos_ in {"NOUN", "ADJ"} and c.i > objs[0].i for c in tok.children):
        return (None, [c for c in tok.children if c.dep_ == "dobj"][-1].text)
    # "called X racist" / "labelled X a hypocrite": the charge parsed as a dependent of X, after the verb
    # (not a passive subject's apposition: "Italy, the end point, was called to join")
    for o in objs + syntax.children(tok, "nsubjpass"):
        for c in o.children:
            if (
                c.dep_ in {"amod", "appos", "acl", "dobj", "npadvmod", "attr", "oprd"}
                and c.i > max(o.i, tok.i)
                and (c.lower_ in lexicon.load().charge_nouns or (c.pos_ == "NOUN" and syntax.children(c, "det")))
            ):
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
    by = _object_act(tok, prep)
    for c in prep.children:
        if c.dep_ == "pcomp":
            attr = syntax.children(c, "attr", "acomp")
            return (by, _phrase(attr[0]) if attr else c.text)
        if c.dep_ == "pobj":
            return (by, _phrase(c))
    return None


def _for(tok: Token) -> Charge | None:
    # "blamed X for the crisis": the 'for' phrase, on the verb or on X
    prep = has(tok, {"prep"}, frozenset({"for"}), "lower_")
    for o in syntax.children(tok, "dobj"):
        prep = prep or has(o, {"prep"}, frozenset({"for"}), "lower_")
    if prep is None:
        return None
    obj = syntax.children(prep, "pobj", "pcomp")
    return (_object_act(tok), _phrase(obj[0]) if obj else None)


def _clause(tok: Token) -> Charge | None:
    # "alleged that X had misled the House": X, the subject of the clause, is the target; "her allegation that X had
    # lied": the noun's clause
    grammar = lexicon.load().grammar
    for c in tok.children:
        that = (
            c.dep_ == "acl" and tok.pos_ == "NOUN" and any(k.dep_ == "mark" and k.lower_ == "that" for k in c.children)
        )
        if (c.dep_ == "ccomp" or that) and c.i > tok.i:
            subj = syntax.direct_subject(c)
            if (
                subj is not None
                and not quoted(subj)
                and subj.lower_ not in grammar["first_person"] | grammar["empty_subjects"]
            ):
                return (actor(subj) or subj, _phrase(c) if c.pos_ == "NOUN" else c.lemma_)
    return None


def _wrongdoing(verb: Token) -> str | None:
    """The wrongdoing a clause states of its subject, or None: a verb of wrongdoing ('had misled the House'), an
    object or complement that is a charge ('had used unparliamentary language', 'was applying double standards',
    'is corrupt'), or 'not fit' ('is not fit for office'); never under a modal, a negation or a condition."""
    lex = lexicon.load()
    grammar, mod = lex.grammar, lex.modality
    kids = list(verb.children)
    if syntax.aux_lemmas(verb, kids) & (mod["Hypothetical"] | mod["future_modals"]) or any(
        c.dep_ == "mark" and c.lower_ in mod["conditional_marks"] for c in kids
    ):
        return None
    negated = syntax.negated(verb, kids)
    lemma = verb.lemma_.lower()
    if lemma in grammar.get("charge_verbs", ()) and not negated:
        return lemma
    if lemma in grammar.get("duty_failure_verbs", ()) and not negated and _fails_duty(verb, grammar):
        return lemma
    rules = grammar.get("rule_nouns", frozenset())
    if lemma in grammar.get("rule_breaking_verbs", ()) and not negated:
        # "had broken the ministerial code", "broke the rules of decorum": not 'broke the record'
        broken = syntax.first([o for o in syntax.children(verb, "dobj") if o.lemma_.lower() in rules])
        if broken is not None:
            return f"{lemma} {_phrase(broken)}"
    phrases = grammar.get("charge_phrases", frozenset())
    for prep in kids if not negated else ():
        # "won the election through fraud", "won due to voter fraud": a means that is a wrongdoing
        obj = syntax.first(syntax.children(prep, "pobj")) if prep.dep_ == "prep" else None
        word = obj.lemma_.lower() if obj is not None else ""
        if prep.lower_ in grammar.get("means_prepositions", ()) and (word in lex.charge_nouns or word in phrases):
            return word
    for c in kids:
        if c.dep_ in {"acomp", "attr"} and c.lemma_.lower() == "fit" and negated:
            return "unfit"
        if c.dep_ not in {"dobj", "attr", "acomp"} or negated:
            continue
        if c.dep_ == "dobj" and lemma in grammar.get("combating_verbs", ()):
            continue  # "had fought corruption", "condemned racism": against the wrong, not doing it
        words = " ".join(t.lemma_.lower() for t in c.subtree if t.i <= c.i and t.dep_ not in {"det", "poss", "punct"})
        if c.lemma_.lower() in lex.charge_nouns or any(words.endswith(p) for p in phrases):
            return _phrase(c)
    return None


def _fails_duty(verb: Token, grammar: dict) -> bool:
    """'failed in her role', 'failed the voters' (grammar.json duty_nouns): a failure of duty, not 'failed to win'."""
    duties = grammar.get("duty_nouns", frozenset())
    objs = syntax.children(verb, "dobj") + [
        o for p in syntax.children(verb, "prep") if p.lower_ == "in" for o in syntax.children(p, "pobj")
    ]
    return any(o.lemma_.lower() in duties for o in objs)


def _clause_charge(tok: Token) -> Charge | None:
    # "said X had misled the House", "said X was not fit for office": X, the clause's subject, is the target
    grammar = lexicon.load().grammar
    for c in tok.children:
        if c.dep_ == "ccomp" and c.i > tok.i and not quoted(c):
            subj = syntax.direct_subject(c)
            if subj is None or quoted(subj) or subj.lower_ in grammar["first_person"] | grammar["empty_subjects"]:
                continue
            charge = _wrongdoing(c)
            if charge is not None:
                return (actor(subj) or subj, charge)
    return None


def _question(tok: Token) -> Charge | None:
    # "asked why X had misled the House", "asked why X had not resigned", "demanded to know why X failed to publish the
    # accounts": a question of why someone did wrong or failed to act (grammar.json question_words) charges them
    lex = lexicon.load()
    grammar, mod = lex.grammar, lex.modality
    heads = [tok, *(c for c in syntax.children(tok, "xcomp") if c.lemma_.lower() == "know")]
    for c in (k for h in heads for k in h.children):
        if c.dep_ != "ccomp" or c.i < tok.i or quoted(c) or syntax.is_passive(c):
            continue
        if not any(k.dep_ == "advmod" and k.lower_ in grammar.get("question_words", ()) for k in c.children):
            continue
        subj = syntax.direct_subject(c)
        if subj is None or quoted(subj) or subj.lower_ in grammar["first_person"] | grammar["empty_subjects"]:
            continue
        charge = _wrongdoing(c)
        unasserted = syntax.aux_lemmas(c) & (mod["Hypothetical"] | mod["future_modals"])
        failed = c.lemma_.lower() in grammar.get("duty_failure_verbs", ()) and syntax.children(c, "xcomp")
        if charge is None and not unasserted and (syntax.negated(c) or failed):
            charge = c.lemma_.lower() if failed else f"not {c.lemma_.lower()}"
        if charge is not None:
            return (actor(subj) or subj, charge)
    return None


def _object(tok: Token) -> Charge:
    # "condemned X": the object is the target; "condemned X's remarks": X
    return (_object_act(tok), None)


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

    choices: ClassVar[dict] = {
        "oprd": _oprd,
        "of": _of,
        "for": _for,
        "ccomp_attr": _ccomp_attr,
        "clause": _clause,
        "clause_charge": _clause_charge,
        "question": _question,
        "object": _object,
    }

    def charge(self, tok: Token) -> Charge | None:
        return self.choices[self.value](tok)
