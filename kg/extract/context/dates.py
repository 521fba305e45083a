"""Date the events of a document: a time expression of the trigger's clause (or a clause above
it), else the story's current date (:mod:`kg.extract.context.timex` finds and resolves expressions)."""

from __future__ import annotations

from datetime import date

from spacy.tokens import Token

from kg.extract.context import timex
from kg.extract.context.state import Context
from kg.model import Event
from kg.ontology import lexicon


def _clause_verb(tok: Token) -> Token:
    """The verb of the clause a token sits in (itself, if it is one)."""
    cur = tok
    while cur.pos_ not in {"VERB", "AUX"} and cur.head.i != cur.i:
        cur = cur.head
    return cur


def _dates_event(expr: Token, trigger: Token) -> bool:
    """Does a time expression date this trigger? Only when it modifies the trigger's clause
    or a clause above it ("got heated on Wednesday, ... who called X a racist")."""
    verb = _clause_verb(expr)
    clause = _clause_verb(trigger)
    if verb.i == clause.i or any(a.i == verb.i for a in clause.ancestors):
        return True
    # "voted against the bill when the division bell rang on Tuesday": a simultaneous clause
    return (
        verb.dep_ == "advcl"
        and verb.head.i == clause.i
        and any(
            c.dep_ in {"mark", "advmod"} and c.lower_ in lexicon.load().grammar["simultaneous_markers"]
            for c in verb.children
        )
    )


def date_events(ctx: Context, events: list[Event]) -> None:
    """Set ``date`` on each event of a document (``ctx``: its :class:`~kg.extract.context.state.Context`):
    a time expression of its clause (or a clause above it), else the story's current date (the
    last exact date the article gave outside embedded posts)."""
    doc_date = ctx.document.date
    narrative: date | None = None
    by_sentence: dict[tuple[int, int], list[Event]] = {}
    for ev in events:
        by_sentence.setdefault(ev.sentence, []).append(ev)
    # the sentences with events still to date: the text after the last of them dates nothing
    undated = len(by_sentence)
    for pi, para in enumerate(ctx.paragraphs):
        in_embed = ctx.document.in_embed(para.start, para.start + len(para.text)) is not None
        for sent in para.sents:
            if not undated:
                return
            span = (ctx.char(pi, sent.start_char), ctx.char(pi, sent.end_char))
            found = []
            # (the paragraph's text cut at the sentence's offsets is ``sent.text``, without
            # making a Token object for each of its words)
            for s, e, text in timex.find(para.text[sent.start_char : sent.end_char]):
                start = sent.start_char + s
                if any(q0 <= start < q1 for q0, q1 in ctx.quoted[pi]):
                    continue
                t = timex.resolve(text, doc_date, narrative)
                tok = para.doc.char_span(start, sent.start_char + e, alignment_mode="expand")
                if t is not None and tok is not None:
                    found.append((tok.root, t))
            undated -= span in by_sentence
            for ev in by_sentence.get(span, []):
                trig = para.tokens[ev.trigger_index]
                # a vague expression ("last week") undates only its own clause's events
                mine = [
                    (tok, t)
                    for tok, t in found
                    if _dates_event(tok, trig) and (t.value is not None or _clause_verb(tok).i == _clause_verb(trig).i)
                ]
                if mine:
                    ev.date = min(mine, key=lambda f: abs(f[0].i - trig.i))[1].value
                else:
                    ev.date = narrative
            exact = [t.value for _, t in found if t.value is not None]
            if not in_embed and exact:
                narrative = exact[-1]
