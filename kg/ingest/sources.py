"""Readers for archive formats: ``.jsonl`` (one article per line) and ``.html`` pages (web
archives, ``.warc``, are :mod:`kg.ingest.warc`'s).

Both produce :class:`kg.ingest.text.Document` records through the same parsing as text files,
so embedded posts and dates work the same way. HTML main text is extracted with
trafilatura (boilerplate, menus and comments removed), not with regular expressions.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

from kg.errors import InputError
from kg.ingest.text import MAX_ID, Document, Problem, from_text, safe_id

if TYPE_CHECKING:
    from trafilatura.settings import Document as Page

__all__ = ["JSONL_FIELDS", "MAX_ID", "read_html", "read_jsonl", "safe_id"]

#: fields of a JSON Lines record that kg reads; ``text`` is required
JSONL_FIELDS = ("id", "text", "title", "url", "published", "outlet")


def read_jsonl(path: Path) -> tuple[list[Document], list[Problem]]:
    """One article per line: ``{"text": ..., "title": ..., "url": ..., "published": ..., "id": ...}``.

    A bad line is a :class:`Problem` naming the file and line; the other lines are read.
    Ids default to ``<file stem>-<line number>``.
    """
    documents: list[Document] = []
    problems: list[Problem] = []
    try:
        # a record ends at "\\n" alone: JSON holds U+2028 and the like raw inside a string
        lines = path.read_text(encoding="utf-8").split("\n")
    except UnicodeDecodeError as exc:
        raise InputError(path, f"not UTF-8 text (offset {exc.start}); save it as UTF-8") from None
    for n, line in enumerate(lines, 1):
        if not line.strip():
            continue
        where = Path(f"{path}:{n}")
        try:
            record = json.loads(line)
        except json.JSONDecodeError as exc:
            problems.append(Problem(where, f"not a JSON object (column {exc.colno}: {exc.msg})"))
            continue
        if not isinstance(record, dict) or not isinstance(record.get("text"), str) or not record["text"].strip():
            problems.append(Problem(where, 'a record needs a non-empty "text" field'))
            continue
        meta: dict[str, Any] = {k: record[k] for k in ("title", "url", "outlet") if record.get(k) is not None}
        if record.get("published"):
            meta["published"] = str(record["published"])[:10]
        try:  # (the id is made safe, as every document's, by from_text: kg.ingest.text.safe_id)
            documents.append(_document(record["text"], str(record.get("id") or f"{path.stem}-{n}"), where, meta))
        except InputError as exc:
            problems.append(Problem(where, exc.message))
    if not documents and not problems:
        problems.append(Problem(path, "no articles in this file"))
    return documents, problems


def read_html(path: Path) -> Document:
    """The main text and metadata (title, date, url, site name) of a saved web page."""
    try:
        html = path.read_bytes().decode("utf-8", errors="replace")
    except OSError as exc:
        raise InputError(path, f"cannot read it ({exc.strerror or exc})") from None
    text, meta = page_text(html, path)
    return _document(text, path.stem, path, meta)


def page_text(html: str, where: Path) -> tuple[str, dict[str, Any]]:
    """The main text of a web page (paragraphs separated by blank lines) and its metadata (title,
    url, published), extracted with trafilatura.

    Raises:
        InputError: the page has no article text.
    """
    import trafilatura  # imported here: only HTML input needs it
    from trafilatura.xml import xmltotxt

    # the extraction as Python objects, not as JSON: trafilatura normalises its JSON text to NFC after
    # writing it, which turns an escaped line break before a combining accent ('\\n' + U+0301) into '\\ń',
    # an escape JSON does not have. No deduplication: trafilatura keeps a process-wide record of the text
    # it has seen, and would drop a page's text the second time one process reads it
    # a Document (or None) without as_dict=True, whatever its return type says
    found = cast(
        "Page | None",
        trafilatura.bare_extraction(
            html, with_metadata=True, include_comments=False, include_tables=False, deduplicate=False
        ),
    )
    text = xmltotxt(found.body, include_formatting=False) if found is not None and found.body is not None else ""
    if found is None or not text.strip():  # (no text when found is None)
        raise InputError(where, "no article text found in this page")
    # trafilatura puts one paragraph per line; kg separates paragraphs by blank lines
    text = "\n\n".join(p.strip() for p in text.split("\n") if p.strip())
    meta: dict[str, Any] = {}
    for key, value in (("title", found.title), ("url", found.url)):
        if value:
            meta[key] = value
    if found.date:
        meta["published"] = str(found.date)[:10]
    return text, meta


def _document(text: str, doc_id: str, where: Path, meta: dict[str, Any]) -> Document:
    try:
        return from_text(text, id=doc_id, path=where, **meta)
    except InputError as exc:
        raise InputError(where, exc.message) from None
