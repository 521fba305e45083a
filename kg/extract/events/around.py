"""Construction keys about what must be around the trigger in its own clause (``particles``,
``xcomp``, ``ccomp``, ``dobj``, ``prep``, ``without_prep``, ``no_complement``, ``no_complement_but_object``,
``bare``, ``voice``); where the arguments are is :mod:`kg.extract.events.arguments`."""

from __future__ import annotations

import re

from spacy.tokens import Token

from kg.extract.events import domain
from kg.extract.events.arguments import _pobj, complement
from kg.extract.events.rules import Arguments, Construction, construction
from kg.nlp import syntax
from kg.nlp.syntax import has
from kg.ontology import lexicon


@construction("particles")
class Particles(Construction):
    """'kicked out': one of the words is a particle, preposition or adverb child, or the next word."""

    def fits(self, tok: Token) -> bool:
        if has(tok, {"prt", "prep", "advmod", "dobj"}, self.value, "lower_") is not None:
            return True
        nxt = tok.doc[tok.i + 1] if tok.i + 1 < len(tok.doc) else None
        # ('said no to the bill' with 'no' hung on the preposition)
        return (
            nxt is not None
            and nxt.lower_ in self.value
            and (nxt.head.i in {tok.i, tok.head.i} or (nxt.head.head.i == tok.i and nxt.head.dep_ == "prep"))
        ) or self._small_clause(tok) is not None

    def _small_clause(self, tok: Token) -> Token | None:
        """'ordered MP X out of the chamber': the particle hangs on the object, parsed as a clause of its own."""
        return next(
            (
                c
                for c in tok.children
                if c.dep_ in {"dobj", "ccomp", "oprd"}
                and c.pos_ in {"PROPN", "NOUN", "PRON"}
                and has(c, {"prt", "prep", "advmod"}, self.value, "lower_") is not None
            ),
            None,
        )

    def read(self, args: Arguments) -> bool:
        # "voted down the bill" parsed as a preposition: its object is the verb's
        if args.target is None and not args.passive:
            prt = has(args.tok, {"prep"}, self.value, "lower_")
            args.target = self._small_clause(args.tok) if prt is None else _pobj(prt)
        return True


@construction("xcomp")
class Xcomp(Construction):
    """'asked X to apologise': an infinitival complement with one of the lemmas."""

    def fits(self, tok: Token) -> bool:
        return complement(tok, self.value) is not None


@construction("xcomp_not")
class XcompNot(Construction):
    """'asked X to withdraw the remark', not 'to withdraw the bill' nor 'to withdraw from the race': the complement's
    object is none of these words, and it has no 'from' phrase."""

    def problem(self, rules) -> str | None:
        return (
            None
            if self.rule.get("xcomp") is not None
            else "xcomp_not reads the xcomp complement: the rule needs 'xcomp'"
        )

    def fits(self, tok: Token) -> bool:
        comp = complement(tok, self.rule.words("xcomp"))
        if comp is None:
            return True
        return not (
            any(c.dep_ in {"dobj", "nsubjpass"} and c.lemma_.lower() in self.value for c in comp.children)
            or has(comp, {"prep"}, frozenset({"from"}), "lower_") is not None
        )


@construction("ccomp")
class Ccomp(Construction):
    """'demanded that X apologise': a clausal complement with one of the lemmas."""

    def fits(self, tok: Token) -> bool:
        return has(tok, {"ccomp"}, self.value) is not None


@construction("pobj")
class Pobj(Construction):
    """'sent X for a recess': a preposition of the trigger has one of the words as its object."""

    def fits(self, tok: Token) -> bool:
        return any(
            o.lemma_.lower() in self.value for p in syntax.children(tok, "prep") for o in syntax.children(p, "pobj")
        )


@construction("holder_object")
class HolderObject(Construction):
    """'suspended the memberships of MPs X and Y', 'X's membership was suspended': the holder of the object is the
    target; a membership of a party is none of the sitting's."""

    def read(self, args: Arguments) -> bool:
        noun = args.target
        if noun is None or noun.lemma_.lower() not in self.value:
            return True
        dom = domain.domain(self.rule.domain) if self.rule.domain else None
        other = domain.Words(dom.against_objects) if dom is not None else None
        if any(
            ((m := args.ctx.mention(args.para, c)) is not None and m.kind == "PoliticalParty")
            or (other is not None and other.token(c))
            for c in noun.children
            if c.dep_ in {"compound", "amod"}
        ):
            args.target = None  # "his party membership", "the ANC membership": another body's
            return True
        of = [o for p in syntax.children(noun, "prep") if p.lower_ == "of" for o in syntax.children(p, "pobj")]
        args.target = (of or syntax.children(noun, "poss") or [noun])[0]
        return True


@construction("ccomp_negated")
class CcompNegated(Construction):
    """'ruled that X could not participate in the sitting': the clausal complement is negated."""

    def problem(self, rules) -> str | None:
        return (
            None
            if self.rule.get("ccomp") is not None
            else "ccomp_negated reads the ccomp complement: the rule needs 'ccomp'"
        )

    def fits(self, tok: Token) -> bool:
        comp = has(tok, {"ccomp"}, self.rule.words("ccomp"))
        return comp is not None and syntax.negated(comp)


@construction("ccomp_modal")
class CcompModal(Construction):
    """'said X must apologise': the clausal complement's verb has one of these auxiliaries (a demand, not a report:
    'said X would apologise')."""

    def problem(self, rules) -> str | None:
        return (
            None
            if self.rule.get("ccomp") is not None
            else "ccomp_modal reads the ccomp complement: the rule needs 'ccomp'"
        )

    def fits(self, tok: Token) -> bool:
        comp = has(tok, {"ccomp"}, self.rule.words("ccomp"))
        return comp is not None and any(c.dep_ == "aux" and c.lower_ in self.value for c in comp.children)


@construction("dobj")
class Dobj(Construction):
    """'denied consent': the object (or passive subject, or attribute, or 'said sorry', however parsed) is one of
    the lemmas."""

    def fits(self, tok: Token) -> bool:
        return (
            has(tok, {"dobj", "nsubjpass", "attr", "acomp", "oprd"}, self.value) is not None
            or any(c.dep_ == "ccomp" and c.pos_ == "ADJ" and c.lemma_.lower() in self.value for c in tok.children)
            or any(k.lemma_.lower() in self.value for k in listed_objects(tok))
        )


def listed_objects(tok: Token) -> list[Token]:
    """The later items of a list the object opens ('demanded compensation and an apology', 'expect an inquiry, the
    return of the bodies and an apology'): its conjuncts, and theirs."""
    items = [k for o in syntax.children(tok, "dobj") for k in o.children if k.dep_ in {"conj", "appos"}]
    for k in items:
        items.extend(c for c in k.children if c.dep_ in {"conj", "appos"} and c not in items)
    return items


@construction("prep")
class Prep(Construction):
    """'voted against the bill': a preposition child, one of the words; its object is the target."""

    def problem(self, rules) -> str | None:
        if self.rule.target_from is not None:
            return "prep already says where the target is: drop target_from or prep"
        return None

    def _prep(self, tok: Token) -> Token | None:
        # 'took aim at X': on a rule with 'dobj', the preposition may hang on that object
        found = has(tok, {"prep"}, self.value, "lower_")
        if found is None:
            # 'voted for the bill but against the amendment': the preposition coordinated with another
            found = next(
                (
                    k
                    for p in syntax.children(tok, "prep")
                    for k in p.children
                    if k.dep_ == "conj" and k.lower_ in self.value and not syntax.negated(k)
                ),
                None,
            )
        obj = has(tok, {"dobj"}, self.rule.words("dobj")) if found is None and self.rule.get("dobj") else None
        return found if obj is None else has(obj, {"prep"}, self.value, "lower_")

    def fits(self, tok: Token) -> bool:
        return self._prep(tok) is not None

    def read(self, args: Arguments) -> bool:
        prep = self._prep(args.tok)
        args.target = _pobj(prep)
        if (
            args.target is None
            and self.rule.target_kind == "Motion"
            and prep is not None
            and not list(prep.children)
            and (who := args.ctx.mention(args.para, args.agent)) is not None
            and who.entity is not None
        ):
            # 'Labour voted against.', 'with X and Y voting against': the motion under discussion (said of someone
            # named: '67% came out against' is a poll's count)
            args.under_discussion = True
        return True


@construction("modifier")
class Modifier(Construction):
    """'the negative vote of X': one of the words modifies the noun trigger."""

    def fits(self, tok: Token) -> bool:
        return any(c.dep_ in {"amod", "compound"} and c.lemma_.lower() in self.value for c in tok.children)


@construction("without_prep")
class WithoutPrep(Construction):
    """'moved the bill to a better place', 'moved the vote to Thursday': a destination, not a
    proposal; a motion as the preposition's object ('moved an amendment to the bill') is no destination."""

    def fits(self, tok: Token) -> bool:
        motions = lexicon.load().motion_nouns
        for c in tok.children:
            if c.dep_ == "prep" and c.lower_ in self.value:
                obj = _pobj(c)
                if obj is None or obj.lemma_.lower() not in motions:
                    return False
        return True


@construction("no_complement")
class NoComplement(Construction):
    """'was named': no object, complement or predicate ('was named chair' is not an ejection)."""

    def fits(self, tok: Token) -> bool:
        return not syntax.children(tok, "oprd", "attr", "xcomp", "dobj")


@construction("no_complement_but_object")
class NoComplementButObject(Construction):
    """'named MP X': an object, but no complement, predicate or 'as' phrase ('named X as chair')."""

    def fits(self, tok: Token) -> bool:
        return not (
            syntax.children(tok, "oprd", "attr", "xcomp", "ccomp")
            or has(tok, {"prep"}, frozenset({"as"}), "lower_") is not None
        )


@construction("predicate_of")
class PredicateOf(Construction):
    """'I am sorry': an adjective trigger that is the predicate of one of the verbs."""

    def fits(self, tok: Token) -> bool:
        # ('I am not sorry': the verb's negation is the adjective's)
        return tok.dep_ == "acomp" and tok.head.lemma_.lower() in self.value and not syntax.negated(tok.head)

    def read(self, args: Arguments) -> bool:
        # the adjective's subject is the verb's ('I am sorry': I)
        args.agent = args.agent or syntax.direct_subject(args.tok.head)
        return True


@construction("bare")
class Bare(Construction):
    """'He refused.': no object and no clause of its own."""

    def fits(self, tok: Token) -> bool:
        return not syntax.children(tok, "xcomp", "dobj", "ccomp")


@construction("voice")
class Voice(Construction):
    """passive: only a passive trigger counts ('was named'); any: either voice."""

    def voiced(self, passive: bool) -> bool:
        return passive or self.value != "passive"


#: 'by 64 votes to 31', 'in a 7-2 vote', 'by a vote of 224-198-2', 'with a vote of 32–17': (for, against)
_TALLY = re.compile(
    r"^(?:(?:by|with|in|on)\b[^.;:()]{0,40}?)?\b(\d{1,4})\s*(?:votes?\s+)?(to|[-–—])\s*(\d{1,4})\b(?:[-–—]\d{1,4})?"
    r"(?!\s*(?:per ?cent|%))"
)
#: 'with 311 votes in favour and 82 against', '60 in favor, 40 against'
_AGAINST = re.compile(r"^(?:by|with|in)\b[^.;:()]{0,60}?\b(\d{1,4})\s+(?:votes?\s+)?(?:were\s+)?against\b")


def tally_against(tok: Token) -> int | None:
    """The votes against in a tally right after the trigger ('passed the bill by 64 votes to 31': 31), or None."""
    sent = tok.sent
    rest = tok.doc[tok.i + 1 : sent.end]
    # the trigger's own object first: 'passed the bill, known as X, by a vote of 32-17'
    starts = [0] + [o.right_edge.i + 1 - rest.start for o in syntax.children(tok, "dobj")]
    for start in starts + [
        t.i - rest.start
        for t in rest
        if t.lower_ in {"by", "with", "in", "on"}
        and t.head.i in {tok.i, *(c.i for c in tok.children if c.dep_ in {"agent", "dobj", "prep"})}
    ]:
        text = rest[start:].text
        m = _TALLY.match(text)
        # (not a span of years: 'in the 2019 to 2020 session')
        # (a dash tally says 'vote' after it, or is the trigger's own: 'voted 224-198 to pass')
        if (
            m is not None
            and (m.group(2) == "to" or "vote" in tok.lower_ + text[: m.end() + 6])
            and not (len(m.group(1)) == 4 and int(m.group(1)) > 1700)
        ):
            return int(m.group(3))
        m = _AGAINST.match(text)
        if m is not None:
            return int(m.group(1))
    return None


@construction("tally")
class Tally(Construction):
    """'The bill passed by 64 votes to 31', 'The council approved the budget in a 7-2 vote': a motion passed with votes
    against it was opposed, by members the tally does not name."""

    def fits(self, tok: Token) -> bool:
        against = tally_against(tok)
        return against is not None and against > 0

    def read(self, args: Arguments) -> bool:
        tok, motions = args.tok, lexicon.load().motion_nouns
        cands = [args.target, tok.head if tok.dep_ in {"acl", "relcl"} else None, syntax.subject_of(tok)]

        def motion(c: Token) -> bool:
            m = args.ctx.owner.get((args.para, args.ctx.motion_around(args.para, c).i))
            return c.lemma_.lower() in motions or (m is not None and m.kind == "Motion")

        args.target = next((c for c in cands if c is not None and c.pos_ in {"NOUN", "PROPN"} and motion(c)), None)
        args.agent = None
        # (a decision by vote names its motion after itself: kg.extract.events.decisions)
        return args.target is not None or bool(self.rule.decision_motion)
