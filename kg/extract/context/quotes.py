"""Extract stage, part 3: direct quotes as ``Statement`` events attributed to their speaker.

A quote's speaker is the subject of the speech verb next to it, after it ('"...," Okoro
said.', '"...," said the minister.') or before it ('X said: "..."', 'X added that "..."').
A quote with no speech verb of its own continues the previous quote's speaker when it
follows it in the same paragraph, or fills a paragraph of its own right after one.
Short scare quotes ('found it "disappointing"') are not statements; quotes inside embedded
social posts are the post's, not a speaker's in the article.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from spacy.tokens import Token

from kg.ingest.documents import Document
from kg.model import Event, Mention
from kg.nlp import syntax
from kg.nlp.parse import Paragraph
from kg.ontology import lexicon

#: a direct quote: curly, straight or angled double quotes
QUOTE = re.compile(r"[“\"«]([^”\"»]{1,3000})[”\"»]")
#: fewer words than this is a scare quote, not a statement
MIN_WORDS = 4


def _speech_verbs(para: Paragraph, quotes: list[tuple[int, int]]) -> list[Token]:
    words = lexicon.load().speech_verbs
    tokens = para.tokens
    return [
        tokens[i]
        for i, lemma in enumerate(para.lemmas)
        if lemma in words and tokens[i].pos_ in {"VERB", "AUX"} and not any(s <= tokens[i].idx < e for s, e in quotes)
    ]


def _sentence_begins(para: Paragraph, start: int, verb: Token) -> bool:
    """Does a sentence begin at a token from character ``start`` up to the verb? (The tokens
    before the verb, back to ``start``: their offsets grow with them.)"""
    tokens, k = para.tokens, verb.i - 1
    while k >= 0 and tokens[k].idx >= start:
        if tokens[k].is_sent_start:
            return True
        k -= 1
    return False


def _attributing_verb(para: Paragraph, start: int, end: int, verbs: list[Token]) -> Token | None:
    """The speech verb that introduces or closes the quote at characters [start, end)."""
    after = [v for v in verbs if v.idx >= end and v.idx - end < 40 and not _sentence_begins(para, end, v)]
    if after:
        return after[0]
    before = [
        v for v in verbs if v.idx < start and start - v.idx < 80 and v.sent.start_char <= start < v.sent.end_char + 2
    ]
    return before[-1] if before else None


def statements(
    document: Document, paragraphs: list[Paragraph], mention_at: Callable[[int, Token], Mention | None]
) -> list[Event]:
    """Statement events for the direct quotes of a document, in text order."""
    out: list[Event] = []
    previous: Event | None = None
    for pi, para in enumerate(paragraphs):
        doc, text = para.doc, para.text
        if document.in_embed(para.start, para.start + len(text)) is not None:
            previous = None
            continue
        spans = [(m.start(), m.end()) for m in QUOTE.finditer(text)]
        verbs = _speech_verbs(para, spans) if spans else []
        only_quote = (
            len(spans) == 1
            and text.strip().startswith(text[spans[0][0]])
            and len(text[spans[0][1] :].strip(" .,")) == 0
        )
        for s, e in spans:
            quote = text[s + 1 : e - 1].strip()
            if len(quote.split()) < MIN_WORDS:
                continue
            verb = _attributing_verb(para, s, e, verbs)
            speaker = None
            if verb is not None:
                subj = syntax.subject_of(verb)
                speaker = mention_at(pi, subj) if subj is not None else None
                if speaker is None or speaker.entity is None:
                    # "..., said the minister": subject after the verb
                    speaker = next(
                        (
                            mention_at(pi, c)
                            for c in verb.children
                            if c.dep_ in {"nsubj", "dobj"} and mention_at(pi, c) is not None
                        ),
                        speaker,
                    )
            elif previous is not None and (previous.para == pi or (only_quote and previous.para == pi - 1)):
                speaker = previous.agents[0] if previous.agents else None
            if speaker is None or speaker.entity is None or speaker.entity.kind not in {"Person", "Office"}:
                previous = None
                continue
            quoted = None if verb is not None else doc.char_span(s, e, alignment_mode="expand")
            anchor = verb if verb is not None else quoted.root if quoted is not None else None
            if anchor is None:  # (a quote of the paragraph's whitespace alone)
                continue
            sent = anchor.sent
            ev = Event(
                cls="Statement",
                rule="statement.quote" if verb is not None else "statement.continued",
                trigger=verb.text if verb is not None else "",
                para=pi,
                trigger_index=anchor.i,
                sentence=(para.start + sent.start_char, para.start + sent.end_char),
                agents=[speaker],
                confidence=0.85 if verb is not None else 0.6,
            )
            ev.quote = quote
            ev.quote_span = (para.start + s + 1, para.start + e - 1)
            out.append(ev)
            previous = ev
    return out
