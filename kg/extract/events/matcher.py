"""Extract stage, part 2: events from parsed paragraphs and resolved mentions.

Each rule in ``ontology/lexicon/events.json`` names a trigger lemma and the construction
around it. This module is the matcher: it finds the triggers and runs, for each rule a trigger
can fire, the hooks of the rule's construction handlers (:mod:`kg.extract.events.rules`) phase by
phase: the construction around the trigger, whether the text asserts it
(:mod:`kg.extract.events.modality`), its arguments off the parse (:mod:`kg.extract.events.arguments`,
:mod:`kg.extract.events.charges`), what they must be and the discourse around them
(:mod:`kg.extract.events.discourse`). Then it adds the quotes' statements, dates every event
(:mod:`kg.extract.context.dates`) and folds repeats.
"""

from __future__ import annotations

import dataclasses

from spacy.tokens import Token

from kg.extract.context import quotes
from kg.extract.context.dates import date_events
from kg.extract.context.state import Context
from kg.extract.events import arguments, discourse, groups, lists, rules
from kg.extract.events.modality import modality
from kg.extract.events.rules import CompiledRule, Match
from kg.ingest.documents import Document
from kg.model import Event, Mention
from kg.nlp import syntax
from kg.nlp.parse import Paragraph


def extract(document: Document, paragraphs: list[Paragraph], mentions: list[Mention]) -> list[Event]:
    """All events, asserted or not, in one document, dated; ordered by position."""
    ctx = Context(document, paragraphs, mentions)
    statements = quotes.statements(document, paragraphs, ctx.mention)
    ctx.speakers = [(e.quote_span, e.agents[0]) for e in statements if e.quote_span and e.agents]
    events: list[Event] = []
    by_lemma = rules.compiled()
    for pi, para in enumerate(paragraphs):
        embed = document.in_embed(para.start, para.start + len(para.text))
        tokens = para.tokens
        for i, lemma in enumerate(para.lemmas):
            candidates = by_lemma.get(lemma)
            if not candidates:
                continue
            tok = tokens[i]
            pos = tok.pos_
            for rule in candidates:
                if pos != rule.rule.pos:
                    continue
                ev = _match(ctx, rule, pi, tok, events)
                if ev is None:
                    continue
                if embed is not None:
                    ev.modality = "EmbeddedPost"
                events.append(ev)
    events.extend(_as_did(ctx, events))
    events.extend(statements)
    events.sort(key=lambda e: (e.para, e.trigger_index))
    date_events(ctx, events)
    # the rows of a list or table under a heading, each dated by its row
    events.extend(lists.listed_events(ctx, events))
    events.sort(key=lambda e: (e.para, e.trigger_index))
    return _dedupe(events)


def _match(ctx: Context, rule: CompiledRule, pi: int, tok: Token, earlier: list[Event]) -> Event | None:
    """The event one rule finds at one trigger, or None."""
    speaker = None
    if ctx.in_quote(pi, tok):
        # inside a direct quote only the speaker's own acts count: "I withdraw the remark"
        speaker = ctx.speaker_at(pi, tok)
        if speaker is None:
            return None
    if not rule.fits(tok):
        return None
    mood, cls = modality(ctx, rule, tok, pi)
    if not mood:
        return None
    args = arguments.read(ctx, rule, pi, tok)
    if args is None:
        return None
    charge: tuple[Token | None, str | None] | None = (None, None)
    for reader in rule.hooks["charge"]:
        charge = reader(tok)
    if charge is None:
        return None
    target_tok = charge[0] if charge[0] is not None else args.target
    agents, targets = arguments.arg_mentions(ctx, pi, args.agent), arguments.arg_mentions(ctx, pi, target_tok)
    agents, targets = groups.plural(ctx, pi, args.agent, agents), groups.plural(ctx, pi, target_tok, targets)
    agents = groups.author(ctx, pi, args.agent, agents)
    if speaker is not None:
        deictic = ctx.lex.grammar["deictic_pronouns"]
        first = args.agent is not None and args.agent.lower_ in ctx.lex.grammar["first_person"]
        if ctx.lex.behaviour(rule.rule.cls).quoted_reports and not first and not rule.rule.quoted_charge:
            # "'... and he had to be escorted out of the chamber,' X said": an act of others the speaker reports
            # keeps its own arguments ('you', 'me' name no one here)
            agents = [] if args.agent is not None and args.agent.lower_ in deictic else agents
            targets = [] if target_tok is not None and target_tok.lower_ in deictic else targets
        else:
            # the speaker's own act ('I withdraw'), or a charge the speaker makes (quoted_charge)
            if not rule.rule.quoted_charge and not first:
                return None
            agents = [speaker]
    m = Match(
        ctx,
        rule,
        cls,
        pi,
        tok,
        earlier,
        agents=agents,
        targets=targets,
        target_tok=target_tok,
        under_discussion=args.under_discussion,
    )
    if not all(refine(m) for refine in rule.hooks["refine"]):
        return None
    discourse.answer(m)
    m.agents = [a for a in m.agents if a.entity is not None and a.entity.kind != "Motion"]
    # no one is their own target ('X blamed the prime minister' resolved to X himself is a misreading)
    m.targets = [t for t in m.targets if t.entity is None or all(t.entity is not a.entity for a in m.agents)]
    if not all(require(m) for require in rule.hooks["require"]):
        return None
    discourse.keep_target_kinds(m)
    sent = ctx.paragraphs[pi].sent(tok.i)
    return Event(
        cls=m.cls,
        rule=rule.id,
        trigger=tok.text,
        para=pi,
        trigger_index=tok.i,
        sentence=(ctx.char(pi, sent.start_char), ctx.char(pi, sent.end_char)),
        agents=m.agents,
        targets=m.targets,
        charge=charge[1],
        modality=mood,
        confidence=rule.rule.confidence,
    )


def _as_did(ctx: Context, events: list[Event]) -> list[Event]:
    """'Labour opposed the bill, as did the Greens', 'X voted against it, and so did Y': the same act by the
    subject of the elliptical 'did' (issue 39.2)."""
    out = []
    for e in events:
        if not e.asserted or not e.agents or e.quote_span is not None:
            continue
        tok = ctx.paragraphs[e.para].tokens[e.trigger_index]
        for c in tok.children:
            if (
                c.dep_ not in {"advcl", "conj"}
                or c.lemma_.lower() != "do"
                or syntax.negated(c)
                or not any(k.lower_ in {"as", "so"} and k.dep_ in {"mark", "advmod"} for k in c.children)
            ):
                continue
            subj = syntax.direct_subject(c)
            who = ctx.mention(e.para, subj) if subj is not None else None
            if who is not None and who.entity is not None and who.entity.kind != "Motion":
                out.append(dataclasses.replace(e, agents=[who], confidence=min(e.confidence, 0.7)))
    return out


def _dedupe(events: list[Event]) -> list[Event]:
    """One event per (class, agent, target, modality) in a document; an agentless mention
    folds into a later one that names the agent (the gold convention: one row per event)."""
    out: list[Event] = []
    for e in events:
        key = _key(e)
        same = next((o for o in out if _key(o) == key), None)
        if same is not None:
            same.date = same.date or e.date
            continue
        if e.asserted and not e.agents:
            later = next(
                (
                    o
                    for o in events
                    if o is not e
                    and o.cls == e.cls
                    and o.asserted
                    and o.agents
                    and {id(t.entity) for t in o.targets} == {id(t.entity) for t in e.targets}
                    and e.targets
                ),
                None,
            )
            if later is not None:
                # (a house's act on the motion, 'the bill was debated on Tuesday', does not date its proposal)
                if not _unnamed_proposer(e):
                    later.date = later.date or e.date
                continue
        out.append(e)
    return out


def _unnamed_proposer(e: Event) -> bool:
    """Is the event a rule's reading of a house's act on a motion (``unnamed_proposer``)?"""
    return any(r.id == e.rule and r.has("unnamed_proposer") for rs in rules.compiled().values() for r in rs)


def _key(e: Event) -> tuple:
    """What makes two events one: a quote's span for a statement, else class, modality and arguments."""
    if e.quote_span is not None:
        return (e.cls, e.quote_span)
    return (e.cls, e.modality, frozenset(id(a.entity) for a in e.agents), frozenset(id(t.entity) for t in e.targets))
