"""What the event rules know about one document while they run: its paragraphs, its mentions
(and which mention owns each token), where its direct quotes are."""

from __future__ import annotations

from functools import cache

from spacy.tokens import Token

from kg.extract.context import quotes
from kg.ingest.documents import Document
from kg.model import Mention
from kg.nlp.parse import Paragraph
from kg.ontology import lexicon, schema

#: which mention owns a token that several cover: a person or description outranks the title inside it
_RANK = {
    "Person": 8,
    "Description": 7,
    "Pronoun": 6,
    "Relative": 5,
    "Motion": 4,
    "PoliticalParty": 3,
    "Organization": 2,
    "Legislature": 1,
    "Office": 0,
}


@cache
def _events_file(lex_id: int) -> schema.EventsFile:
    events = lexicon.read("events.json")
    assert isinstance(events, schema.EventsFile)
    return events


def events_file() -> schema.EventsFile:
    """``events.json`` as its schema reads it, for the keys the :class:`~kg.ontology.lexicon.Lexicon`
    does not carry ('domains', 'agent_nouns'); read once per lexicon."""
    return _events_file(id(lexicon.load()))


class Context:
    """Everything the rules need about one document."""

    def __init__(self, document: Document, paragraphs: list[Paragraph], mentions: list[Mention]):
        self.document, self.paragraphs = document, paragraphs
        self.mentions = sorted(mentions, key=lambda m: m.order)
        self.lex = lexicon.load()
        self.owner: dict[tuple[int, int], Mention] = {}
        for m in self.mentions:
            for i in range(m.start, m.end):
                prev = self.owner.get((m.para, i))
                # a person or description outranks the title inside it ("the only MP", "Speaker X")
                if (
                    prev is None
                    or _RANK[m.kind] > _RANK[prev.kind]
                    or (_RANK[m.kind] == _RANK[prev.kind] and m.end - m.start < prev.end - prev.start)
                ):
                    self.owner[(m.para, i)] = m
        #: what a rule worked out once for the whole document (the domain gate's verdict)
        self.cache: dict = {}
        #: (quote span in the document's text, its speaker), for the quotes with one
        self.speakers: list[tuple[tuple[int, int], Mention]] = []
        self.quoted: list[list[tuple[int, int]]] = [
            [(q.start(), q.end()) for q in quotes.QUOTE.finditer(p.text)] for p in paragraphs
        ]

    def mention(self, para: int, tok: Token | None) -> Mention | None:
        """The mention a token belongs to, looking through appositions ('a Bloc MP – X –')."""
        if tok is None:
            return None
        own = self.owner.get((para, tok.i))
        if own is not None and own.kind == "Person":
            return own  # a name is itself, whatever stands beside it ('X of Florida, Y of Utah')
        for c in tok.children:
            if c.dep_ == "appos":
                m = self.owner.get((para, c.i))
                if m is not None and m.kind == "Person":
                    return m
        return self.owner.get((para, tok.i))

    def motion_around(self, para: int, tok: Token) -> Token:
        """The motion noun whose 'of' phrase holds ``tok`` ('the motion of no confidence tabled by X': the
        participle hangs on 'confidence'), or ``tok`` itself."""
        cur = tok
        while (
            self.owner.get((para, cur.i)) is None
            and cur.dep_ == "pobj"
            and cur.head.dep_ == "prep"
            and cur.head.lower_ == "of"
        ):
            cur = cur.head.head
        m = self.owner.get((para, cur.i))
        if m is None or m.kind != "Motion":
            # 'a motion against Speaker X, tabled by Y': the participle hangs on the last name of the motion's phrase
            up = tok
            while (
                up.dep_ == "pobj"
                and up.head.dep_ == "prep"
                and up.head.lower_ in self.lex.grammar["motion_label_prepositions"]
            ):
                up = up.head.head
                m = self.owner.get((para, up.i))
                if m is not None and m.kind == "Motion":
                    return up
        return cur if m is not None and m.kind == "Motion" else tok

    def speaker_at(self, para: int, tok: Token) -> Mention | None:
        """The speaker of the direct quote the token is in (``speakers``: quote spans in the
        document's text and their speakers, set by the matcher), or None."""
        at = self.char(para, tok.idx)
        return next((who for (s, e), who in self.speakers if s <= at < e), None)

    def in_quote(self, para: int, tok: Token) -> bool:
        """Is the token inside a direct quote of its paragraph?"""
        return any(s <= tok.idx < e for s, e in self.quoted[para])

    def char(self, para: int, offset: int) -> int:
        """A paragraph offset as an offset in the document's text."""
        return self.paragraphs[para].start + offset
