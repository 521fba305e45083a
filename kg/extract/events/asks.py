"""Construction keys of asking (``noun_asks``, ``object_asks``): what a noun or an object of asking asks for
('calls to apologise', 'a demand for an apology', 'asked X to withdraw'), and who asks whom."""

from __future__ import annotations

from spacy.tokens import Token

from kg.extract.events.arguments import _pobj
from kg.extract.events.rules import Arguments, Construction, construction
from kg.nlp import syntax
from kg.nlp.syntax import has
from kg.ontology import lexicon


def asked_act(noun: Token, words: frozenset[str]) -> Token | None:
    """What a noun of asking asks for, among ``words``: 'calls to apologise', 'a demand for an apology', 'calls for X
    to apologise' (the infinitive hung on the noun, its 'for' object or the noun's verb, after the noun)."""
    for c in noun.children:
        if c.dep_ in {"acl", "relcl", "xcomp", "advcl", "ccomp"} and c.lemma_.lower() in words:
            return c
        if c.dep_ == "prep" and c.lower_ in {"for", "to"}:
            for o in c.children:
                if o.dep_ in {"pobj", "pcomp"} and o.lemma_.lower() in words:
                    return o
                if o.dep_ == "pobj":  # 'calls for X to apologise'
                    act = next(
                        (k for k in o.children if k.dep_ in {"acl", "relcl", "advcl"} and k.lemma_.lower() in words),
                        None,
                    )
                    if act is not None:
                        return act
    if noun.dep_ in {"dobj", "attr", "nsubj"}:
        return next(
            (
                c
                for c in noun.head.children
                if c.dep_ == "advcl"
                and c.i > noun.i
                and c.lemma_.lower() in words
                and any(a.dep_ == "aux" and a.lower_ == "to" for a in c.children)
            ),
            None,
        )
    return None


@construction("noun_asks")
class NounAsks(Construction):
    """'There were calls for X to apologise', 'X faced calls to apologise', 'her demand for an apology from X': a noun
    of asking, for one of these acts. Its possessor or 'from' object asks; the one named after 'for' (or 'from' the
    apology) is asked, else the one who faces, rejects or ignores the calls."""

    def fits(self, tok: Token) -> bool:
        return asked_act(tok, self.value) is not None and not any(
            c.dep_ == "det" and c.lower_ in lexicon.load().modality["negations"] for c in tok.children
        )

    def read(self, args: Arguments) -> bool:
        tok, act = args.tok, asked_act(args.tok, self.value)
        ctx, para = args.ctx, args.para
        if act is None:  # (matches() asked for one)
            return False

        def person(t: Token | None) -> Token | None:
            m = ctx.mention(para, t) if t is not None else None
            return (
                t
                if m is not None and m.kind in {"Person", "Pronoun", "Description", "Organization", "Government"}
                else None
            )

        frm = [_pobj(p) for t in (tok, act) for p in syntax.children(t, "prep") if p.lower_ == "from"]
        fors = [_pobj(p) for p in syntax.children(tok, "prep") if p.lower_ == "for"]
        asker = next((c for c in syntax.children(tok, "poss")), None) or next(
            (f for f in frm if f is not None and (f.head.head.i == tok.i)), None
        )
        asked = next((person(f) for f in fors if person(f) is not None), None) or syntax.direct_subject(act)
        if asked is None and act.lemma_.lower() in lexicon.load().grammar["withdrawal_nouns"]:
            asked = next((f for f in frm if f is not None and f.head.head.i == act.i), None)
        if asked is None and tok.dep_ == "dobj":
            asked = syntax.subject_of(tok.head)  # 'X faced / rejected calls to apologise'
            if asker is None:
                asker = next((f for f in frm if f is not None), None)
        args.agent, args.target = asker, asked
        return asked is not None


@construction("object_asks")
class ObjectAsks(Construction):
    """'rejected calls to apologise', 'dismissed demands for an apology', 'ignored calls for her to withdraw': the
    direct object (one of the rule's 'dobj' nouns) asks for one of these: a clause or a 'for' object of the noun."""

    def problem(self, rules) -> str | None:
        return None if self.rule.get("dobj") is not None else "object_asks reads the dobj noun: the rule needs 'dobj'"

    def fits(self, tok: Token) -> bool:
        noun = has(tok, {"dobj", "nsubjpass"}, self.rule.words("dobj"))
        if noun is None:
            return False
        if asked_act(noun, self.value) is not None:
            return True
        # ('calls from residents for an apology': the 'for' phrase may hang on the verb)
        return any(
            p.lower_ == "for"
            and any(o.dep_ in {"pobj", "pcomp"} and o.lemma_.lower() in self.value for o in p.children)
            for p in syntax.children(tok, "prep")
        )
