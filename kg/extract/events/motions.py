"""A motion a house acts on was proposed (``unnamed_proposer``): 'the Assembly debated the no-confidence
motion', 'the Lords debated an amendment', 'a draft resolution being considered for adoption', 'the Speaker
dismissed the motion', 'a proposed amendment' say that someone moved it, whom the clause does not name. The house
that debates or throws it out is not its mover: the event has no agent.
"""

from __future__ import annotations

from spacy.tokens import Token

from kg.extract.events import domain
from kg.extract.events.decisions import vote_motion
from kg.extract.events.rules import Arguments, Construction, Match, construction
from kg.nlp import syntax
from kg.ontology import lexicon


def _motion(args: Arguments, tok: Token | None) -> Token | None:
    """The motion mention at ``tok`` (through its 'of' phrase: 'articles of impeachment'), or the one it is made
    of ('an impeachment request'), or None."""
    if tok is None or tok.pos_ not in {"NOUN", "PROPN"}:
        return None
    ctx = args.ctx
    for cand in (
        tok,
        *(c for c in tok.children if c.dep_ == "compound"),
        *(o for p in syntax.children(tok, "prep") if p.lower_ == "of" for o in syntax.children(p, "pobj")),
    ):
        at = ctx.motion_around(args.para, cand)
        m = ctx.owner.get((args.para, at.i))
        if m is not None and m.kind == "Motion":
            return at
    return None


@construction("unnamed_proposer")
class UnnamedProposer(Construction):
    """The trigger acts on a motion: its object, passive subject, the noun it modifies ('a proposed amendment', 'a
    resolution being considered') or the object of one of the prepositions ('discussed on the motion'); the motion is
    the target and no one the agent."""

    def problem(self, rules) -> str | None:
        if self.rule.cls != "MotionProposal" or self.rule.target_kind != "Motion":
            return (
                "unnamed_proposer says a motion was proposed: the rule needs class MotionProposal, target_kind Motion"
            )
        return None

    def read(self, args: Arguments) -> bool:
        tok = args.tok
        cands = [
            args.target,
            syntax.object_of(tok),
            tok.head if tok.dep_ in {"acl", "relcl", "amod"} else None,
            *(o for p in syntax.children(tok, "prep") if p.lower_ in self.value for o in syntax.children(p, "pobj")),
        ]
        if not syntax.children(tok, "dobj") and not args.passive:
            cands.append(syntax.direct_subject(tok))  # 'the bill passed', 'the motion failed'
        args.target = next((m for c in cands if (m := _motion(args, c)) is not None), None)
        args.agent = None
        return args.target is not None


def sanction_of(tok: Token, words: frozenset[str]) -> Token | None:
    """The sanction (one of ``words``) a trigger proposes with no motion noun: its that-clause ('moved that X be
    suspended'), infinitive ('voted to censure X', 'called for the House to expel X'), object or 'for' object
    ('proposed the suspension of X', 'called for the expulsion of X'), or that noun's infinitive ('launched a bid to
    expel X'); None if none, or if the object is a motion of its own ('moved a motion to suspend X')."""
    motions = lexicon.load().motion_nouns
    for c in tok.children:
        if c.i < tok.i:
            continue
        # (an adverbial clause only as a for-to or to-infinitive: not 'after X was suspended')
        if (
            (
                c.dep_ in {"ccomp", "xcomp", "advcl"} or (c.dep_ == "acl" and tok.pos_ == "NOUN")
            )  # ('X's bid to expel Y')
            and c.lemma_.lower() in words
            and (c.dep_ != "advcl" or any(k.dep_ in {"aux", "mark"} and k.lower_ in {"to", "for"} for k in c.children))
        ):
            return c
        nouns = [c] if c.dep_ == "dobj" else []
        if c.dep_ == "prep" and c.lower_ == "for":
            nouns = syntax.children(c, "pobj")
        for n in nouns:
            if n.lemma_.lower() in motions:
                return None
            if n.lemma_.lower() in words:
                return n
            act = next(
                (
                    k
                    for k in n.children
                    if k.dep_ in {"acl", "relcl"}
                    and k.lemma_.lower() in words
                    and any(a.dep_ == "aux" and a.lower_ == "to" for a in k.children)
                ),
                None,
            )
            if act is not None:
                return act
    return None


def sanctioned(sanction: Token) -> Token | None:
    """Whom the sanction is for: a verb's object or passive subject, a noun's 'of' object or possessor."""
    if sanction.pos_ in {"NOUN", "PROPN"}:
        of = [
            o
            for p in syntax.children(sanction, "prep")
            if p.lower_ in {"of", "against"}  # ('the suspension of X', 'sanctions against X')
            for o in syntax.children(p, "pobj")
        ]
        return syntax.first(of or syntax.children(sanction, "poss"))
    return syntax.first(syntax.children(sanction, "dobj", "nsubjpass")) or syntax.split_for_subject(sanction)


def _words(tok: Token) -> str:
    """The words of a noun phrase, its determiner and trailing clauses left out ('the member for Westvale')."""
    return " ".join(t.text for t in tok.subtree if t.dep_ not in {"det", "punct", "relcl", "acl"} and t.i <= tok.i)


def _asks_a_body(m: Match, sanction: Token) -> bool:
    """Is the one asked to impose an infinitive's sanction, if the clause names one, a body that decides motions
    ('called for the House to censure X', 'urged the council to expel X'; not 'called the police to remove X')?"""
    asked = syntax.direct_subject(sanction) if sanction.pos_ == "VERB" else None
    if sanction.pos_ == "VERB" and (
        syntax.split_for_subject(sanction) is not None or (asked is not None and asked.dep_ == "nsubjpass")
    ):
        return True  # 'called for X to be suspended', 'moved that X be suspended': X is who is sanctioned, not asked
    if sanction.dep_ in {"xcomp", "advcl"} and asked is None:
        # (the object, or one called on or in: 'called on the Senate to', 'called in security to')
        called = [
            o
            for p in syntax.children(m.tok, "prep")
            if p.lower_ in {"on", "upon", "in"} and m.tok.i < p.i < sanction.i  # (not 'On December 2, X voted to')
            for o in p.children
        ]
        asked = syntax.first(syntax.children(m.tok, "dobj", "nsubjpass")) or syntax.first(
            [o for o in called if o.dep_ == "pobj"]
        )
    if asked is None:
        return True
    mention = m.ctx.mention(m.para, asked)
    if mention is not None and mention.entity is not None and mention.entity.kind == "Legislature":
        return True
    return asked.lemma_.lower() in m.ctx.lex.grammar["deciding_bodies"]


def _someone(m: Match, who: Token, mention) -> bool:
    """Is whom the sanction is for someone: a person (named, described, a pronoun) or members ('four MPs')?"""
    if mention is not None and mention.kind in {"Person", "Pronoun", "Description"}:
        return mention.entity is None or mention.entity.kind == "Person"
    dom = domain.domain("sitting")
    return mention is None and dom is not None and domain.members_named(who, dom)


@construction("sanction_motion")
class SanctionMotion(Construction):
    """'X moved that Y be suspended', 'X called for the expulsion of Y', 'X launched a bid to censure Y': a sanction
    proposed with no motion noun is the motion, named after it ('motion to suspend Y'); not a negated sanction."""

    def problem(self, rules) -> str | None:
        if self.rule.cls != "MotionProposal" or self.rule.target_kind != "Motion":
            return "sanction_motion names a proposed motion: the rule needs class MotionProposal, target_kind Motion"
        return None

    def fits(self, tok: Token) -> bool:
        sanction = sanction_of(tok, self.value)
        return sanction is not None and not syntax.negated(sanction) and sanctioned(sanction) is not None

    def refine(self, m: Match) -> bool:
        sanction = sanction_of(m.tok, self.value)
        who = sanctioned(sanction) if sanction is not None else None
        if sanction is None or who is None or not _asks_a_body(m, sanction):
            return False
        mention = m.ctx.mention(m.para, who)
        if not _someone(m, who, mention):
            return False  # ('proposed the suspension of the talks': a sanction is for someone)
        # (whom it is for, as the text names them: 'the member', 'four MPs')
        name = mention.entity.name if mention is not None and mention.entity is not None else _words(who)
        lemma = sanction.lemma_.lower()
        prep = who.head.lower_ if who.dep_ == "pobj" else "of"  # ('sanctions against X')
        label = (
            f"{sanction.lower_} {prep} {name}" if sanction.pos_ in {"NOUN", "PROPN"} else f"motion to {lemma} {name}"
        )
        m.targets = [vote_motion(m.ctx.document.id, m.para, sanction.i, label)]
        return True


@construction("unnamed_agent")
class UnnamedAgent(Construction):
    """'The Senate voted to censure X': the house that decides is not the motion's mover, whom the clause does not
    name; the event has no agent."""

    def refine(self, m: Match) -> bool:
        m.agents = []
        return True
