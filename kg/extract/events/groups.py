"""Arguments that stand for others named before them (issue 39). A plural pronoun: 'X and Y were suspended
after a newspaper accused them of ...', 'X and his allies ... They were accused of ...': 'they'/'them' stands
for the people named together last before it, when no party named after them is nearer (the pronoun resolver
gives a plural pronoun one party or body, never a group of people); so does a definite plural of members
('the Members', 'the two councillors'). A report as agent: 'the Committee published two reports ... The
reports find ...': the report's author."""

from __future__ import annotations

from spacy.tokens import Token

from kg.extract.context.state import Context
from kg.model import Mention
from kg.nlp import syntax


def plural(ctx: Context, para: int, tok: Token | None, found: list[Mention]) -> list[Mention]:
    """The people a plural pronoun argument, or the members a definite plural ('the Members') stands for,
    else ``found`` (what the argument reads as)."""
    if tok is None:
        return found
    if ctx.lex.grammar["pronoun_gender"].get(tok.lower_) != "plural":
        return (
            _members(ctx, para, tok) or found
            if not any(m.kind not in {"Office", "Description"} for m in found)
            else found
        )
    group = _last_group(ctx, para, tok)
    if not group or _plural_subject_between(ctx, group[-1], para, tok):
        return found
    resolved = [m.entity for m in found if m.entity is not None]
    # a party or body named after the group is the nearer antecedent ('X and Y met the Greens; they ...')
    # ('the Speaker accused them': not a house named in a phrase in between: 'suspended from the Sabha')
    later = [
        m
        for m in ctx.mentions
        if m.order > group[-1].order
        and m.order < (para, tok.i)
        and m.entity is not None
        and any(m.entity is e for e in resolved)
        and ctx.paragraphs[m.para].doc[m.head].dep_ in {"nsubj", "nsubjpass", "dobj"}
    ]
    return found if later else group


def _last_group(ctx: Context, para: int, tok: Token, back: int = 1) -> list[Mention]:
    """The people of the last coordination before ``tok`` (this paragraph or the one before) that names
    a person and another ('X and Y', 'X and his partners'), without the subject of the pronoun's own
    clause ('X and Y said the Speaker had accused them': the Speaker is not among them)."""
    bound = {s.i for s in (syntax.subject_of(tok.head),) if s is not None} if tok.dep_ in {"dobj", "pobj"} else set()
    people = [
        m
        for m in ctx.mentions
        if m.kind == "Person" and m.entity is not None and para - back <= m.para and m.order < (para, tok.i)
    ]
    for m in reversed(people):
        doc = ctx.paragraphs[m.para].doc
        head = doc[m.head]
        # the first conjunct heads the coordination
        while head.dep_ == "conj" and head.head.i != head.i:
            head = head.head
        conjuncts = syntax.coordinated(head)
        if len(conjuncts) < 2 or (m.para == para and any(c.i in bound for c in conjuncts)):
            continue
        group = [
            x
            for c in conjuncts
            if (x := ctx.owner.get((m.para, c.i))) is not None and x.kind == "Person" and x.entity is not None
        ]
        if group:
            return group
    return []


def _plural_subject_between(ctx: Context, last: Mention, para: int, tok: Token) -> bool:
    """Is a plural noun the subject of a clause between the group and the pronoun ('X and Y ... Organisers
    said they ...': the organisers)?"""
    for p in range(last.para, para + 1):
        doc = ctx.paragraphs[p].doc
        start, end = (last.end if p == last.para else 0), (tok.i if p == para else len(doc))
        # (not the subject of an object pronoun's own verb: 'Residents accused them')
        if any(
            t.tag_ in {"NNS", "NNPS"}
            and t.dep_ in {"nsubj", "nsubjpass"}
            and ctx.owner.get((p, t.i)) is None
            and not (tok.dep_ == "dobj" and p == para and t.head.i == tok.head.i)
            # (a thing, not people: 'the reports find the members ...')
            and t.lemma_.lower() not in ctx.lex.grammar["report_nouns"] | ctx.lex.grammar["statement_nouns"]
            for t in doc[start:end]
        ):
            return True
    return False


def _members(ctx: Context, para: int, tok: Token) -> list[Mention]:
    """'the Members', 'the two councillors', 'both MPs': the people of the last group named before them."""
    titles = {w.lower() for o in ctx.lex.offices for w in o.words if " " not in w}
    if tok.tag_ not in {"NNS", "NNPS"} or tok.lemma_.lower() not in ctx.lex.grammar["seat_nouns"] | titles:
        return []
    if not any(c.dep_ in {"det", "predet"} and c.lower_ in {"the", "these", "those", "both"} for c in tok.children):
        return []
    # (a definite description reaches further back than a pronoun)
    group = _last_group(ctx, para, tok, back=2)
    return group if len(group) > 1 and not _plural_subject_between(ctx, group[-1], para, tok) else []


def author(ctx: Context, para: int, tok: Token | None, found: list[Mention]) -> list[Mention]:
    """The author of a report that is an event's agent ('The reports find X to have breached the rules': whoever
    published them before), else ``found``."""
    grammar = ctx.lex.grammar
    if tok is not None and tok.tag_ in {"WDT", "WP"} and tok.head.dep_ == "relcl":
        # "a CIA report that concluded X": the report the relative stands for
        tok, found = tok.head.head, [m for m in found if m.entity is not None and m.entity.kind != "Motion"]
    if tok is None or found or tok.lemma_.lower() not in grammar["report_nouns"]:
        return found
    own = [
        x
        for c in tok.children
        if c.dep_ in {"poss", "compound"} and (x := ctx.mention(para, c)) is not None and x.entity is not None
    ]
    if own:
        return own
    for p in range(para, max(para - 3, -1), -1):
        doc = ctx.paragraphs[p].doc
        for t in reversed(doc[: tok.i] if p == para else doc):
            if (
                t.lemma_.lower() == tok.lemma_.lower()
                and t.dep_ in {"dobj", "nsubjpass"}
                and t.head.lemma_.lower() in grammar["publishing_verbs"]
            ):
                who = syntax.by_agent(t.head) if t.dep_ == "nsubjpass" else syntax.subject_of(t.head)
                # (the whole name of the subject, not a name inside a longer one: 'the House of Lords Privileges
                # and Conduct Committee')
                m = ctx.owner.get((p, who.i)) if who is not None else None
                whole = m is not None and who is not None and all(t.i < m.end for t in who.subtree if t.pos_ == "PROPN")
                return [m] if m is not None and m.entity is not None and whole else found
    return found
