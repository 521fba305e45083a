"""Acts done by saying them (``quote_formula``): a presiding officer ejects a member with the
words of the standing orders, '"I name the Honourable Member for Westvale," the Speaker said',
'"The member will withdraw from the chamber," said the Chair'. The trigger is the speech verb
outside the quote (quoted words never trigger a rule of their own); the quote must hold one of
the rule's formulas, and not as a condition ('If he does it again I will ask him to leave'); the
target is the person the quote names, else the one told, else the member it addresses, unnamed. Who may say it is
the rule's business (``agent_presiding``).
"""

from __future__ import annotations

import re
from functools import cache

from spacy.tokens import Token

from kg.extract.context.state import Context
from kg.extract.events.rules import Arguments, Construction, construction
from kg.ontology import lexicon


@cache
def _pattern(words: frozenset[str]) -> re.Pattern:
    return re.compile(
        r"(?<!\w)(?:" + "|".join(re.escape(w) for w in sorted(words, key=len, reverse=True)) + r")(?!\w)", re.IGNORECASE
    )


def quote_of(ctx: Context, para: int, tok: Token) -> tuple[int, int] | None:
    """The direct quote (paragraph character offsets) a speech verb attributes: the nearest one
    in its sentence, just before or after the verb."""
    sent = ctx.paragraphs[para].sent(tok.i)
    start = sent.start_char
    if sent.start > 0:
        # '"Apologise!" X shouted': a quote that is the whole sentence before, split off at its '!' or '?'
        prev = ctx.paragraphs[para].sent(sent.start - 1)
        if any(s <= prev.start_char + 1 and e >= prev.end_char - 1 for s, e in ctx.quoted[para]):
            start = prev.start_char
    spans = [(s, e) for s, e in ctx.quoted[para] if s < sent.end_char and e > start]
    before = [q for q in spans if q[1] <= tok.idx]
    after = [q for q in spans if q[0] >= tok.idx + len(tok.text)]
    if before and tok.idx - before[-1][1] < 40:
        return before[-1]
    return after[0] if after and after[0][0] - tok.idx < 80 else None


@construction("quote_formula")
class QuoteFormula(Construction):
    """The trigger is a speech verb whose quote holds one of these formulas ('I name', 'leave the
    chamber'), said outright; the target is whom the quote names."""

    def problem(self, rules) -> str | None:
        if not self.rule.agent_presiding and self.rule.cls == "Ejection":
            return "a formula ejects only when a presiding officer says it: the rule needs 'agent_presiding'"
        return None

    def read(self, args: Arguments) -> bool:
        ctx, para, tok = args.ctx, args.para, args.tok
        span = quote_of(ctx, para, tok)
        if span is None:
            return False
        text = ctx.paragraphs[para].text[span[0] : span[1]]
        if not _pattern(self.value).search(text) or _pattern(ctx.lex.modality["conditional_marks"]).search(text):
            return False
        inside = [t for t in ctx.paragraphs[para].doc if span[0] <= t.idx < span[1]]
        if self.rule.cls == "Ejection" and any(_withdraws_remark(ctx, t) for t in inside):
            return False  # 'The member will withdraw that word': a remark withdrawn, not the member
        return _addressee(args, span, inside)


def _withdraws_remark(ctx: Context, tok: Token) -> bool:
    """Is the token a verb whose object is a remark ('withdraw that word')?"""
    return tok.pos_ == "VERB" and any(
        c.dep_ == "dobj" and c.lemma_.lower() in ctx.lex.grammar["remark_nouns"] for c in tok.children
    )


def _addressee(args: Arguments, span: tuple[int, int], inside: list[Token]) -> bool:
    """The target of a quoted act: the person the quote names, else the one told, else the member it addresses."""
    ctx, para, tok = args.ctx, args.para, args.tok
    named = next(
        (
            t
            for t in inside
            if t.lower_ not in ctx.lex.grammar["deictic_pronouns"]
            and (m := ctx.mention(para, t)) is not None
            and m.kind in {"Person", "Description"}
            and m.entity is not None
            and m.entity.kind == "Person"
        ),
        None,
    )
    addressed = next((t for t in inside if t.tag_ == "NN" and t.lemma_.lower() == "member"), None)
    # else the member it addresses, or the one told ('told X: "I must ask you to leave"')
    told = args.target if args.target is not None and not (span[0] <= args.target.idx < span[1]) else None
    if told is None:  # 'shouted at X', 'called out to X'
        told = next(
            (
                o
                for p in tok.children
                if p.dep_ == "prep" and p.lower_ in {"at", "to"}
                for o in p.children
                if o.dep_ == "pobj" and not (span[0] <= o.idx < span[1])
            ),
            None,
        )
    args.target = named or told or _only_other(args, span) or addressed
    return args.target is not None


def _only_other(args: Arguments, span: tuple[int, int]) -> Token | None:
    """The one person the quote's sentence names outside the quote other than its speaker ('"The member will leave
    the chamber," the Speaker replied as X went on shouting'), or None if none or several."""
    ctx, para, tok = args.ctx, args.para, args.tok
    speaker = ctx.mention(para, args.agent) if args.agent is not None else None
    others = {
        id(m.entity): t
        for t in ctx.paragraphs[para].sent(tok.i)
        if not (span[0] <= t.idx < span[1])
        and (m := ctx.mention(para, t)) is not None
        and m.kind == "Person"
        and m.entity is not None
        and (speaker is None or m.entity is not speaker.entity)
    }
    return next(iter(others.values())) if len(others) == 1 else None


def imperative(tok: Token, words: frozenset[str], inside: list[Token]) -> bool:
    """Does the quoted token tell the one addressed to do one of these acts: a base-form verb with no subject that
    opens its clause ('Withdraw that remark', 'Now apologise to the House'), not negated, not 'withdraw from the
    chamber'?"""
    if (
        tok.lemma_.lower() not in words
        or tok.tag_ != "VB"
        or tok.dep_ not in {"ROOT", "conj", "ccomp", "advcl", "parataxis", "xcomp"}
    ):
        return False
    kids = list(tok.children)
    if any(c.dep_ in {"nsubj", "aux", "neg", "mark"} for c in kids) or any(
        c.dep_ == "prep" and c.lower_ == "from" for c in kids
    ):
        return False
    # ('Withdraw the bill!' is a protest: an object must be a remark, or stand for one)
    remarks = lexicon.load().grammar["remark_nouns"]
    if any(c.dep_ == "dobj" and c.pos_ != "PRON" and c.lemma_.lower() not in remarks for c in kids):
        return False
    # (the first word of the quote, after an interjection or an adverb: 'Now apologise')
    first = next((t for t in inside if not t.is_punct and t.pos_ not in {"INTJ", "ADV"}), tok)
    return first.i == tok.i or (tok.dep_ == "conj" and imperative(tok.head, words | {tok.head.lemma_.lower()}, inside))


@construction("quote_imperative")
class QuoteImperative(Construction):
    """The trigger is a speech verb whose direct quote tells someone to do one of these acts ('"Withdraw that
    remark," the Speaker told X', '"Apologise now!"'); a remark withdrawn, not a member from the chamber. The
    target is whom the quote names, else the one told, else the member it addresses."""

    def read(self, args: Arguments) -> bool:
        ctx, para = args.ctx, args.para
        span = quote_of(ctx, para, args.tok)
        if span is None:
            return False
        inside = [t for t in ctx.paragraphs[para].doc if span[0] <= t.idx < span[1]]
        if not any(imperative(t, self.value, inside) for t in inside):
            return False
        return _addressee(args, span, inside)
