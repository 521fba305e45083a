"""Readers for archive formats: ``.jsonl`` (one article per line) and ``.html`` pages.

Both produce :class:`kg.ingest.text.Document` records through the same parsing as text files,
so embedded posts and dates work the same way. HTML main text is extracted with
trafilatura (boilerplate, menus and comments removed), not with regular expressions.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any
from urllib.parse import quote

from kg.ingest.text import Document, Problem, from_text
from kg.errors import InputError

#: fields of a JSON Lines record that kg reads; ``text`` is required
JSONL_FIELDS = ("id", "text", "title", "url", "published", "outlet")
#: the longest document id kept as it is, percent-encoded as in IRIs and graph file names (bytes)
MAX_ID = 120


def safe_id(given: str) -> tuple[str, str | None]:
    """A record's id as kg can use it in IRIs and file names, and a note when it had to change.

    An id of dots only ('.', '..') would be a dot segment of an IRI (``doc/..`` is the parent):
    it is replaced by a hash of itself. One longer than :data:`MAX_ID` once percent-encoded
    would make a graph file name too long: it keeps its start and gets a hash of the whole.
    """
    digest = hashlib.sha256(given.encode("utf-8", "surrogatepass")).hexdigest()[:16]
    if given.strip(".") == "":
        return f"id-{digest}", f"id {given!r} cannot name a document; used id-{digest}"
    if len(quote(given, safe="-_.")) <= MAX_ID:
        return given, None
    head = given
    while len(quote(head, safe="-_.")) > MAX_ID - 17:
        head = head[: max(1, len(head) * 3 // 4)] if len(head) > 8 else head[:-1]
    return f"{head}-{digest}", f"id of {len(given)} characters shortened to {head[:20]!r}...-{digest}"


def read_jsonl(path: Path) -> tuple[list[Document], list[Problem]]:
    """One article per line: ``{"text": ..., "title": ..., "url": ..., "published": ..., "id": ...}``.

    A bad line is a :class:`Problem` naming the file and line; the other lines are read.
    Ids default to ``<file stem>-<line number>``.
    """
    documents: list[Document] = []
    problems: list[Problem] = []
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
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
        doc_id, note = safe_id(str(record.get("id") or f"{path.stem}-{n}"))
        if note is not None:
            problems.append(Problem(where, note, warning=True))
        try:
            documents.append(_document(record["text"], doc_id, where, meta))
        except InputError as exc:
            problems.append(Problem(where, exc.message))
    if not documents and not problems:
        problems.append(Problem(path, "no articles in this file"))
    return documents, problems


def read_html(path: Path) -> Document:
    """The main text and metadata (title, date, url, site name) of a saved web page."""
    import trafilatura  # imported here: only HTML input needs it

    try:
        html = path.read_bytes().decode("utf-8", errors="replace")
    except OSError as exc:
        raise InputError(path, f"cannot read it ({exc.strerror or exc})") from None
    found = trafilatura.extract(html, output_format="json", with_metadata=True, include_comments=False,
                                include_tables=False, deduplicate=True)
    if not found:
        raise InputError(path, "no article text found in this page")
    record = json.loads(found)
    # trafilatura puts one paragraph per line; kg separates paragraphs by blank lines
    text = "\n\n".join(p.strip() for p in record.get("text", "").split("\n") if p.strip())
    meta: dict[str, Any] = {}
    for key, field in (("title", "title"), ("url", "source"), ("outlet", "sitename")):
        if record.get(field):
            meta[key] = record[field]
    if record.get("date"):
        meta["published"] = str(record["date"])[:10]
    return _document(text, path.stem, path, meta)


def _document(text: str, doc_id: str, where: Path, meta: dict[str, Any]) -> Document:
    try:
        return from_text(text, id=doc_id, path=where, **meta)
    except InputError as exc:
        raise InputError(where, exc.message) from None
