"""Lists and tables under a heading (``heading_list``): 'List of MPs suspended from parliament' or 'Members
Who Have Been Expelled From the House of Representatives', then one row a person ('2 July 1931 A Labour ...',
'| A | Disloyalty | July 13, 1861 | ...'). The heading's trigger speaks of the people its rows name: one event a
row, the row's person its target, the row's date its date, the heading's agent (or the house a member is
expelled from, for a class whose ``body_acts`` says so) its agent.
"""

from __future__ import annotations

import re

from spacy.tokens import Token

from kg.extract.context import timex
from kg.extract.context.state import Context
from kg.extract.events import domain
from kg.extract.events.decisions import vote_motion
from kg.extract.events.modality import modality
from kg.extract.events.rules import CompiledRule, Construction, Match, compiled, construction
from kg.model import Event, Mention
from kg.nlp import syntax

#: a heading is a short paragraph with no full stop at its end
_HEADING_WORDS = 16


@construction("heading_list")
class HeadingList(Construction):
    """A trigger in a heading said of members speaks of the people the list or table below it names, one event a
    row (:func:`listed_events`; the rule's other keys are for the trigger in running text): the heading itself
    gives no event of its own."""

    def require(self, m: Match) -> bool:
        return not (
            _heading(m.ctx, m.para) and _members(m.ctx, m.para, m.tok, m.rule) is not None and _rows(m.ctx, m.para)
        )


def _heading(ctx: Context, para: int) -> bool:
    """Is the paragraph a heading: one short line, no full stop at its end?"""
    p = ctx.paragraphs[para]
    text = p.text.strip()
    return bool(text) and "\n" not in text and len(p.tokens) <= _HEADING_WORDS and text[-1] not in ".!?:;,\"'"


def _rows(ctx: Context, para: int) -> list[tuple[int, int, int]]:
    """The rows below a heading: (paragraph, start, end offsets) of each line of the tables or lists (a paragraph
    of several lines, or of table rows) up to the next heading."""
    rows = []
    for pi in range(para + 1, len(ctx.paragraphs)):
        if _heading(ctx, pi):
            break
        text = ctx.paragraphs[pi].text
        if "\n" not in text.strip() and not text.lstrip().startswith("|"):
            continue  # running text between the heading and its table
        start, lines = 0, text.split("\n")
        for k, line in enumerate(lines):
            # not a table's rule, nor the header row above it
            header = k + 1 < len(lines) and re.fullmatch(r"[|\s:-]+", lines[k + 1]) is not None
            if line.strip() and not re.fullmatch(r"[|\s:-]+", line) and not header:
                rows.append((pi, start, start + len(line)))
            start += len(line) + 1
    return rows


def _person(ctx: Context, para: int, start: int, end: int) -> Mention | None:
    """The person a row is about: in a table, the first cell that is a name; in a line, a name before the row's
    first lower-case word ('27 May 1976 A Conservative ... Seizing the mace', not 'referring to B')."""
    doc = ctx.paragraphs[para].doc
    people = [
        m
        for m in ctx.mentions
        if m.para == para
        and m.kind == "Person"
        and m.entity is not None
        and m.entity.kind == "Person"
        and start <= doc[m.start].idx < end
    ]
    text = ctx.paragraphs[para].text[start:end]
    if text.lstrip().startswith("|"):
        cells = [c.strip() for c in text.split("|")]
        return next((m for m in people if doc[m.start : m.end].text in cells), None)
    first_lower = next((t.idx for t in doc if start <= t.idx < end and t.is_alpha and t.is_lower), end)
    return next((m for m in people if doc[m.start].idx < first_lower), None)


def _date(ctx: Context, para: int, start: int, end: int):
    """The row's exact date, if it gives one ('2 July 1931'; a year alone gives none)."""
    for _, _, expr in timex.find(ctx.paragraphs[para].text[start:end]):
        t = timex.resolve(expr, ctx.document.date)
        if t is not None and t.value is not None:
            return t.value
    return None


def _agent(ctx: Context, para: int, tok: Token) -> list[Mention]:
    """The heading's agent: its by-phrase, else the house a member is 'expelled from' (``body_acts``)."""
    by = ctx.mention(para, syntax.by_agent(tok))
    if by is not None:
        return [by]
    if tok.lemma_.lower() not in ctx.lex.behaviour("Ejection").body_acts:
        return []
    houses = [
        ctx.mention(para, o)
        for p in syntax.children(tok, "prep")
        if p.lower_ == "from"
        for o in syntax.children(p, "pobj")
    ]
    return [h for h in houses if h is not None and h.entity is not None and h.entity.kind == "Legislature"]


def _members(ctx: Context, para: int, tok: Token, rule: CompiledRule) -> Token | None:
    """The members the heading's trigger is said of ('MPs suspended', 'Members Who Have Been Expelled')."""
    dom = domain.domain(rule.rule.domain) if rule.rule.domain else None
    # ("Members Who Have Been Expelled ...": a title-case heading the parser reads as a clause)
    nouns = ([tok.head] if tok.dep_ in {"acl", "relcl", "amod"} else []) + [
        c for c in tok.children if c.dep_ in {"npadvmod", "nsubj", "nsubjpass"}
    ]
    # "List of MPs suspended ...", however the participle was hung
    nouns += [
        o for n in nouns for p in syntax.children(n, "prep") if p.lower_ == "of" for o in syntax.children(p, "pobj")
    ]
    return next((n for n in nouns if dom is not None and domain.members_named(n, dom)), None)


def listed_events(ctx: Context, earlier: list[Event]) -> list[Event]:
    """One event a row of each list or table whose heading has a ``heading_list`` trigger said of members."""
    out: list[Event] = []
    rules = list({r.id: r for rs in compiled().values() for r in rs if r.has("heading_list")}.values())
    tallies = list({r.id: r for rs in compiled().values() for r in rs if r.has("decision_motion")}.values())
    for pi in range(len(ctx.paragraphs)):
        if not _heading(ctx, pi):
            continue
        para = ctx.paragraphs[pi]
        for tok in para.tokens:
            for rule in (r for r in rules if tok.lemma_.lower() in r.rule.lemmas and tok.pos_ == r.rule.pos):
                members = _members(ctx, pi, tok, rule)
                if members is None or modality(ctx, rule, tok, pi)[0] != "Asserted":
                    continue
                dom = domain.domain(rule.rule.domain) if rule.rule.domain else None
                m = Match(ctx, rule, rule.rule.cls, pi, tok, earlier, agents=[], targets=[], target_tok=members)
                if dom is not None and not domain.in_domain(m, dom):
                    continue
                agents = _agent(ctx, pi, tok)
                for row_para, s, e in _rows(ctx, pi):
                    person = _person(ctx, row_para, s, e)
                    if person is None:
                        continue
                    sentence = (ctx.char(row_para, s), ctx.char(row_para, e))
                    ev = _row_event(rule, tok, person, sentence, list(agents), [person])
                    ev.date = _date(ctx, row_para, s, e)
                    out.append(ev)
                    out.extend(_tally(ctx, tok, person, ev, tallies))
    return out


#: a table cell that is a vote's tally, for and against ('94-45', '420-1, 9 present')
_CELL_TALLY = re.compile(r"^(\d{1,4})\s*[-–—]\s*(\d{1,4})\b")


def _tally(ctx: Context, tok: Token, person: Mention, ev: Event, rules: list[CompiledRule]) -> list[Event]:
    """A row whose vote cell has votes against: the decision by vote (a ``decision_motion`` rule of the heading's
    verb) was opposed, its motion the row's resolution, else the decision itself ('vote to expel X')."""
    para, (start, end) = ev.para, ev.sentence
    text = ctx.document.text[start:end]
    against = [int(m.group(2)) for c in text.split("|") if (m := _CELL_TALLY.match(c.strip())) is not None]
    rule = next((r for r in rules if tok.lemma_.lower() in r.rule.lemmas), None)
    if rule is None or not against or against[0] == 0 or person.entity is None:
        return []
    doc = ctx.paragraphs[para].doc
    motion = next(
        (
            m
            for m in ctx.mentions
            if m.para == para
            and m.kind == "Motion"
            and m.entity is not None
            and start <= ctx.char(para, doc[m.start].idx) < end
        ),
        None,
    ) or vote_motion(ctx.document.id, para, person.head, f"vote to {tok.lemma_.lower()} {person.entity.name}")
    out = _row_event(rule, tok, person, ev.sentence, [], [motion])
    out.date = ev.date
    return [out]


def _row_event(
    rule: CompiledRule, tok: Token, person: Mention, sentence: tuple[int, int], agents: list, targets: list
) -> Event:
    """The event a row of a list states, by the heading's rule (``tok``: its verb) about the row's ``person``."""
    return Event(
        cls=rule.rule.cls,
        rule=f"{rule.id}.list",
        trigger=tok.text,
        para=person.para,
        trigger_index=person.head,
        sentence=sentence,
        agents=agents,
        targets=targets,
        confidence=rule.rule.confidence * 0.9,
    )
