"""A motion a house acts on was proposed (``unnamed_proposer``): 'the Assembly debated the no-confidence
motion', 'the Lords debated an amendment', 'a draft resolution being considered for adoption', 'the Speaker
dismissed the motion', 'a proposed amendment' say that someone moved it, whom the clause does not name. The house
that debates or throws it out is not its mover: the event has no agent.
"""

from __future__ import annotations

from spacy.tokens import Token

from kg.extract.events.rules import Arguments, Construction, construction
from kg.nlp import syntax


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
