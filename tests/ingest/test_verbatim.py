"""Document.source / Document.verbatim (issue 16, item 6): the body as written, the same length as the
normalised text the parser reads, so offsets hold in both. All text is invented."""

from __future__ import annotations

import pytest

from kg.ingest.documents import from_text


@pytest.mark.parametrize(("raw", "verbatim", "text"), [
    ("Ana\u00a0Lopes spoke.\n", "Ana\u00a0Lopes spoke.\n", "Ana Lopes spoke.\n"),
    ("---\ntitle: T\n---\nTom\u2009Reyes\u202fleft.\n", "Tom\u2009Reyes\u202fleft.\n", "Tom Reyes left.\n"),
    ("\ufeffA line\r\nand\u00a0another\r\n", "A line\nand\u00a0another\n", "A line\nand another\n"),
    ("Plain words only.\n", "Plain words only.\n", "Plain words only.\n"),
])
def test_verbatim_keeps_odd_spaces_and_offsets(raw, verbatim, text) -> None:
    doc = from_text(raw)
    assert doc.text == text and doc.verbatim == verbatim and len(doc.verbatim) == len(doc.text)
    assert (doc.source is None) == (verbatim == text)  # nothing kept twice when nothing differs
