"""Construction keys about where the trigger's agent is (``agent_from``, ``headline_passive``; the target:
:mod:`kg.extract.events.targets`), and :func:`read`, the argument phase of the matcher;
what must be around the trigger is :mod:`kg.extract.events.around`.
"""

from __future__ import annotations

from spacy.tokens import Token

from kg.extract.context import quotes
from kg.extract.context.state import Context, events_file
from kg.extract.events.rules import Arguments, CompiledRule
from kg.model import Mention
from kg.nlp import syntax
from kg.nlp.syntax import has


def quoted(tok: Token) -> bool:
    """Is the token inside a direct quote of its paragraph?"""
    return any(s <= tok.idx < e for s, e in ((q.start(), q.end()) for q in quotes.QUOTE.finditer(tok.doc.text)))


def is_word(tok: Token, words: frozenset[str]) -> bool:
    """Is the token's lemma one of the words; 'withdraw_from': the lemma with that preposition
    ('withdraw from the chamber', not 'withdraw the remark')?"""
    lem = tok.lemma_.lower()
    if lem in words:
        return True
    return any(
        w.startswith(lem + "_") and has(tok, {"prep"}, frozenset({w[len(lem) + 1 :]}), "lower_") is not None
        for w in words
    )


def complement(tok: Token, words: frozenset[str]) -> Token | None:
    """An infinitival complement with one of these lemmas ('asked X to apologise'), or a verb
    coordinated with it ('asked to withdraw and leave the chamber'); not 'told the House she
    would "apologise when ..."' (a finite, quoted clause)."""
    for c in tok.children:
        shared = c.dep_ == "xcomp" and c.i > tok.i and not is_word(c, words)
        if shared:
            # "asked to withdraw and leave": the second verb shares the first's 'to'
            c = next((k for k in c.children if k.dep_ == "conj" and is_word(k, words)), c)
        if c.dep_ in {"xcomp", "ccomp", "advcl", "acl", "conj"} and is_word(c, words) and c.i > tok.i:
            if c.dep_ in {"ccomp", "conj"} and not shared and not any(a.lower_ == "to" for a in c.children):
                continue
            if quoted(c) and not quoted(tok):
                continue
            return c
        if c.dep_ in {"dobj", "prep"}:
            for g in c.children:
                if g.dep_ in {"acl", "relcl", "xcomp", "pobj"} and g.lemma_.lower() in words:
                    return g
    return None


def clause_subject(ctx: Context, para: int, comp: Token) -> Token | None:
    """The subject of a complement clause; the parser sometimes hangs it as a compound
    ('demanded that Tom Hale apologise' with 'Hale' a compound of 'apologise')."""
    subj = syntax.direct_subject(comp) or syntax.split_for_subject(comp)  # ('called for X to apologise', split)
    if subj is not None:
        return subj
    for c in comp.children:
        if c.i < comp.i and c.dep_ in {"compound", "npadvmod", "dobj"}:
            m = ctx.owner.get((para, c.i))
            if m is not None and m.kind in {"Person", "Pronoun", "Description"}:
                return c
    return None


def _behind(agent: Token | None) -> Token | None:
    """'by a vote of the House', 'by order of the Speaker': the House, the Speaker."""
    if agent is None or agent.lemma_.lower() not in events_file().agent_nouns:
        return agent
    return _pobj(has(agent, {"prep"}, frozenset({"of"}), "lower_")) or agent


def adjunct_subject(ctx: Context, para: int, tok: Token) -> Token | None:
    """The subject of a gerund of reason: in 'A kicked B out for calling C a liar' the one who
    called is B, the object of the verb the 'for' phrase qualifies, not its subject A (a passive
    'B was ejected for calling ...' and 'A apologised for calling ...' have no object: None)."""
    if tok.dep_ != "pcomp" or tok.head.lower_ != "for" or tok.head.dep_ != "prep" or tok.head.head.pos_ != "VERB":
        return None
    obj = syntax.first(syntax.children(tok.head.head, "dobj"))
    mention = ctx.mention(para, obj)
    return obj if mention is not None and mention.kind in {"Person", "Pronoun", "Description"} else None


def _bloc(ctx: Context, para: int, tok: Token) -> Mention | None:
    """'Republican members opposing', '194 Republicans', 'the Democratic leadership': a party's members
    as a bloc are the party;
    a handful ('two Democrats', 'three Labour MPs') are some of its members, not the party."""
    for c in tok.children:
        if c.dep_ == "nummod":
            n = ctx.lex.time["numbers"].get(c.lower_) if not c.like_num else None
            try:
                n = n if n is not None else int(c.text.replace(",", ""))
            except ValueError:
                return None
            if n < 10:
                return None
    # "dozens of Labour MPs", "several of the ANC members": the plural after the quantity (not 'two of the MPs')
    if tok.lemma_.lower() in ctx.lex.grammar["quantity_nouns"] and not tok.like_num:
        tok = next((o for c in tok.children if c.dep_ == "prep" and c.lower_ == "of" for o in c.children), tok)
    words = {c.i for c in tok.children if c.dep_ in {"amod", "compound"}}
    return next(
        (
            m
            for m in ctx.mentions
            if m.para == para
            and m.kind == "PoliticalParty"
            and m.entity is not None
            and words & set(range(m.start, m.end))
        ),
        None,
    )


def _bracketed(tok: Token) -> bool:
    """Is the token's phrase in brackets ('X (Glen View)')?"""
    first = tok.left_edge
    return first.text == "(" or (first.i > 0 and tok.doc[first.i - 1].text == "(")


def arg_mentions(ctx: Context, para: int, tok: Token | None) -> list[Mention]:
    """The mentions an argument token stands for: itself and those coordinated with it."""
    if tok is None:
        return []
    out = []
    # "three MPs were ejected: A, B and C": the names in apposition, and those coordinated with them
    named = next((c for c in tok.children if c.dep_ == "appos" and ctx.mention(para, c) is not None), None)
    if named is None and tok.tag_ == "NNS":  # "twelve MPs, including X and Y, voted": the people named among them
        # ("senators from the south including X": however deep in the plural's phrase 'including' hangs)
        named = next(
            (
                o
                for t in _noun_phrase(tok)
                for o in syntax.included(t)
                if (x := ctx.mention(para, o)) is not None and x.kind == "Person"
            ),
            None,
        )
    # ("three MPs, A, B and C": the parser may hang B and C on the plural, beside its apposition A)
    appositive = named is not None and named.dep_ == "appos" and named.head.i == tok.i and tok.tag_ in {"NNS", "NNPS"}
    for t in syntax.coordinated(tok if appositive or named is None or tok.pos_ != "NOUN" else named):
        if _bracketed(t) and t.i != tok.i:
            continue  # "A (Harare East), B (Luveve)": a seat or a party in brackets, however it was hung
        m = ctx.mention(para, t)
        if m is None and t.pos_ == "NOUN" and t.lemma_.lower() in ctx.lex.grammar["motion_parts"]:
            # "both articles of impeachment", "the text of the bill": the part stands for the motion
            of = [
                o for p in t.children if p.dep_ == "prep" and p.lower_ == "of" for o in p.children if o.dep_ == "pobj"
            ]
            # ('opposed impeachment proceedings': the motion the part is named after)
            of = of or [c for c in t.children if c.dep_ == "compound"]
            m = ctx.mention(para, of[0]) if of else None
            m = m if m is not None and m.kind == "Motion" else None
        if (
            (m is None or m.entity is None or m.kind in {"Office", "Description"})
            and (
                t.tag_ in {"NNS", "NNPS"}
                or t.lemma_.lower() in ctx.lex.grammar["bloc_nouns"]
                # (the tagger may take 'MPs' for a singular)
                or (t.lower_.endswith("s") and t.lower_[:-1] in ctx.lex.member_nouns)
            )
        ):
            m = _bloc(ctx, para, t) or m
        if m is not None and m not in out:
            out.append(m)
        # "X of Florida, Y of Utah and Z": a name the parser hung beside the one before it (not one in brackets:
        # "X (Glen View)" names a seat)
        for c in t.children if m is not None and m.kind == "Person" else ():
            # (and those coordinated with it: "A in 1861, B in 1980 and C in 2002")
            for k in syntax.coordinated(c) if c.dep_ == "appos" and not _bracketed(c) else ():
                a = ctx.owner.get((para, k.i))
                if a is not None and a.kind == "Person" and a not in out:
                    out.append(a)
    # "Two Democratic Representatives, X and Y, ...": the plural title stands for the names, not beside them
    if (
        len(out) > 1
        and tok.tag_ in {"NNS", "NNPS"}
        and out[0].kind in {"Office", "Description"}
        and any(x.kind == "Person" for x in out[1:])
    ):
        out = out[1:]
    # "Both were asked to withdraw": the last two people who were subjects of a clause
    if not out and tok.lower_ == "both":
        people = [
            m
            for m in ctx.mentions
            if m.order < (para, tok.i)
            and m.entity is not None
            and m.entity.kind == "Person"
            and m.kind in {"Person", "Pronoun"}
            and ctx.paragraphs[m.para].doc[m.head].dep_ in {"nsubj", "nsubjpass"}
        ]
        seen: list[Mention] = []
        for m in reversed(people):
            if all(m.entity is not s.entity for s in seen):
                seen.append(m)
            if len(seen) == 2:
                break
        out = seen
    return out


def _noun_phrase(tok: Token, depth: int = 3) -> list[Token]:
    """The noun and the objects of its prepositions, down ``depth`` levels ('senators from the south'), not its
    clauses."""
    out = [tok]
    for p in syntax.children(tok, "prep") if depth else ():
        for o in syntax.children(p, "pobj"):
            out.extend(_noun_phrase(o, depth - 1))
    return out


def _pobj(prep: Token | None) -> Token | None:
    return syntax.first(syntax.children(prep, "pobj")) if prep is not None else None


def read(ctx: Context, rule: CompiledRule, para: int, tok: Token) -> Arguments | None:
    """(agent token, target token) of a matched trigger, or None if the construction does not fit."""
    spec = rule.rule
    passive = syntax.is_passive(tok) or (
        # "was warned by X and suspended" (tagged as a past tense): a transitive trigger with
        # no subject or object of its own, coordinated with a passive, is passive too
        tok.dep_ == "conj"
        and tok.tag_ == "VBD"
        and spec.target_from is None
        and not spec.charge_from
        and syntax.direct_subject(tok) is None
        and not syntax.children(tok, "dobj", "xcomp", "ccomp")
        # ("was ejected ... and refused to withdraw": a verb with a clause of its own is active)
        and syntax.is_passive(tok.head)
    )
    if not all(voiced(passive) for voiced in rule.hooks["voiced"]):
        return None
    if passive:
        agent, target = _behind(syntax.by_agent(tok)), syntax.object_of(tok)
        target = ctx.motion_around(para, target) if target is not None and tok.dep_ == "acl" else target
        if target is None and tok.dep_ == "conj":
            # "was warned and suspended"; "refused to withdraw and was ordered out": the shared subject
            target = syntax.object_of(tok.head) or (
                syntax.subject_of(tok.head) if syntax.children(tok, "auxpass") else None
            )
    else:
        agent, target = (
            adjunct_subject(ctx, para, tok) or syntax.subject_of(tok),
            syntax.first(syntax.children(tok, "dobj")),
        )
    if agent is None or ctx.mention(para, agent) is None:  # "removed on the Speaker's orders"
        agent = syntax.orderer(tok, ctx.lex.grammar["order_nouns"]) or agent
    if passive and syntax.causative(tok) and (agent is None or ctx.mention(para, agent) is None):
        agent = syntax.subject_of(tok.head)  # "the Speaker had X walked out (by the ushers)": who had it done
    head = tok.head
    if (
        head.dep_ == "pobj"
        and head.head.dep_ == "prep"
        and head.head.head.lemma_.lower() in ctx.lex.grammar.get("statement_nouns", ())
    ):
        head = head.head.head  # "a message on Twitter blaming Y"
    if (
        not passive
        and tok.dep_ == "acl"
        and tok.tag_ == "VBG"
        and head.lemma_.lower() in ctx.lex.grammar.get("statement_nouns", ())
        and (agent is None or agent.i == tok.head.i)
    ):
        # "X issued a statement condemning Y", "X posted a message blaming Y": the statement's author
        agent = syntax.first(syntax.children(head, "poss")) or (
            syntax.subject_of(head.head)
            if head.dep_ in {"dobj", "pobj"} and head.head.pos_ in {"VERB", "ADP"}
            else None
        )
    args = Arguments(ctx, para, tok, passive, agent, target)
    if not all(reader(args) for reader in rule.hooks["read"]):
        return None
    if (
        args.target is not None
        and (args.target.tag_ in {"NNS", "NNPS"} or args.target.lower_ in ctx.lex.grammar["plural_seat_titles"])
        and ((m := ctx.mention(para, args.target)) is None or m.kind in {"Office", "Description"})
    ):
        # "suspended MPs A and B", however the parser hung the names: the plural title stands for them
        nxt = ctx.owner.get((para, args.target.i + 1))
        if nxt is not None and nxt.kind == "Person":
            args.target = args.target.doc[nxt.head]
    if args.target is None and spec.target_from is None and spec.agent_from is None and not passive:
        # "the motion X was trying to get approved": a relative clause's gap is its head noun
        cur = tok
        while cur.dep_ in {"xcomp", "ccomp", "conj"} and cur.head.i != cur.i:
            cur = cur.head
        if cur.dep_ == "relcl" and not any(c.dep_ == "dobj" for c in cur.children):
            args.target = cur.head
    return args


# -- where the arguments are -----------------------------------------------------------------------
