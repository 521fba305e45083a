"""A charge said in a direct quote (``quoted_charge``): '"President X treats the rule of law with
utter contempt," said Y', '"The Acme board misled its customers," Y said'. The trigger is the
charge word inside the quote (a noun, an adjective or a verb of the rule); the speaker accuses the
subject of the clause the word is in, when that subject names someone other than the speaker
(not 'I', 'we', 'you', 'this'), and the clause is not negated ('X is not corrupt').
"""

from __future__ import annotations

from spacy.tokens import Token

from kg.extract.events.charges import actor
from kg.extract.events.rules import Arguments, Construction, construction
from kg.nlp import syntax


def _clause_verb(tok: Token) -> Token | None:
    """The verb of the clause a charge word is in: itself, or the verb its phrase hangs on
    ('is corrupt', 'a corrupt government' as an attribute, 'with contempt')."""
    cur = tok
    for _ in range(6):
        if cur.pos_ in {"VERB", "AUX"}:
            return cur
        if cur.head.i == cur.i or cur.dep_ in {"nsubj", "nsubjpass", "poss", "compound"}:
            return None  # ('a corrupt minister resigned': said of the subject's own noun, not charged)
        cur = cur.head
    return None


@construction("quoted_charge")
class QuotedCharge(Construction):
    """The trigger is a charge word inside a direct quote with a known speaker; the target is the
    subject of its clause (the speaker is the agent, set by the matcher)."""

    def problem(self, rules) -> str | None:
        if not self.rule.requires_target:
            return "a quoted charge is against someone: the rule needs 'requires_target'"
        return None

    def licensed(self, tok: Token) -> bool:
        # the speech verb outside the quote ('"...," Y told reporters') reports the speaker's own charge
        return True

    def read(self, args: Arguments) -> bool:
        ctx, para, tok = args.ctx, args.para, args.tok
        if not ctx.in_quote(para, tok) or ctx.speaker_at(para, tok) is None:
            return False
        verb = _clause_verb(tok)
        if verb is None or syntax.negated(verb) or (verb is not tok and syntax.negated(tok)):
            return False
        # "X is no liar"
        if any(c.dep_ == "det" and c.lower_ in ctx.lex.modality["negations"] for c in tok.children):
            return False
        subject = syntax.subject_of(verb)
        if (
            subject is None
            or subject.lower_ in ctx.lex.grammar["deictic_pronouns"]
            or subject.lower_ in ctx.lex.grammar["empty_subjects"]
        ):
            return False
        # "X's policy is reckless": the one whose act it is
        args.agent, args.target = None, actor(subject) or subject
        return True
