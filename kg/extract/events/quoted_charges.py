"""A charge said in a direct quote (``quoted_charge``): '"President X treats the rule of law with
utter contempt," said Y', '"The Acme board misled its customers," Y said'. The trigger is the
charge word inside the quote (a noun, an adjective or a verb of the rule); the speaker accuses the
subject of the clause the word is in, when that subject names someone other than the speaker
(not 'I', 'we', 'you', 'this'), and the clause is not negated ('X is not corrupt').
"""

from __future__ import annotations

from spacy.tokens import Token

from kg.extract.events.arguments import quoted
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
        # "the biggest lie being told by the administration": the one a participle of the charge says did it
        by = next(
            (syntax.by_agent(c) for c in tok.children if c.dep_ == "acl" and c.tag_ in {"VBN", "VBG"}),
            None,
        )
        if by is not None and not syntax.negated(tok.head):
            args.agent, args.target = None, by
            return True
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
        if subject.lower_ in ctx.lex.grammar["pronoun_gender"] and ctx.in_quote(para, subject):
            # "'He is a liar,' X said of Y": the one the speech is of; else the one other person its paragraph names
            # (a pronoun outside the quote, 'arguing that she had "shown contempt"', is resolved as any other)
            args.target = said_of(ctx, verb) or sole_other(ctx, para, tok, subject)
        return True


def sole_other(ctx, para: int, tok: Token, pronoun: Token) -> Token | None:
    """'Governor X signed the order. "She is a liar," Y said.': the head of the one person other than the speaker that
    the quote's paragraph names before it, outside quotes, when the pronoun is singular and fits what is known of their gender."""
    gender = ctx.lex.grammar["pronoun_gender"].get(pronoun.lower_)
    speaker = ctx.speaker_at(para, tok)
    if gender not in {"male", "female"} or speaker is None:
        return None
    people = {
        id(m.entity): m
        for m in ctx.mentions
        if m.para == para
        and m.entity is not None
        and m.entity.kind == "Person"
        and m.entity is not speaker.entity
        and m.kind == "Person"
        and m.end <= pronoun.i  # (named before the quote: 'the one other person its paragraph names')
        and not ctx.in_quote(para, ctx.paragraphs[para].tokens[m.head])
    }
    if len(people) != 1:
        return None
    (only,) = people.values()
    known = {m.desc.get("gender") for m in ctx.mentions if m.kind == "Pronoun" and m.entity is only.entity}
    return ctx.paragraphs[para].tokens[only.head] if known <= {gender, None} else None


def said_of(ctx, verb: Token) -> Token | None:
    """Whom the speech verb that reports a quote is of or about ('"...," X said of Y', 'X said of Y: "..."'): the
    verb the quote's clause hangs on, or one outside the quote in its sentence."""
    cur, speech = verb, ctx.lex.speech_verbs
    for _ in range(4):
        if cur.head.i == cur.i:
            break
        cur = cur.head
        if cur.lemma_ in speech and not quoted(cur):
            break
    verbs = [cur] + [t for t in verb.sent if t.lemma_ in speech and not quoted(t) and t.i != cur.i]
    for v in verbs:
        if v.lemma_ in speech and not quoted(v):
            for prep in syntax.children(v, "prep"):
                if prep.lower_ in {"of", "about"}:
                    return syntax.first(syntax.children(prep, "pobj"))
    return None
