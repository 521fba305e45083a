"""Web archives (``.warc``, ``.warc.gz``; ISO 28500), as crawlers and CC-NEWS keep news: each HTML
response record is an article, read through the same main-text extraction as a saved ``.html`` page
(:func:`kg.ingest.sources.page_text`), with warcio.

An article's id is its URL without the scheme (``news.example/2024/heckling``, shortened and hashed
when long: :func:`kg.ingest.sources.safe_id`), so that the same page in two crawls is one document;
its url is the record's target URI, and its date the page's own, else the day the record was made.
"""

from __future__ import annotations

from pathlib import Path

from kg.errors import InputError
from kg.ingest.sources import page_text, safe_id
from kg.ingest.text import Document, Problem, from_text

#: the media types of a response read as a web page
HTML_TYPES = ("text/html", "application/xhtml+xml")
#: the largest response body read (bytes); a bigger one is left out with a problem
MAX_BODY = 20 * 1024 * 1024


def read_warc(path: Path) -> tuple[list[Document], list[Problem]]:
    """The articles of a web archive: one a response record whose payload is an HTML page.

    Records of other kinds (requests, metadata, revisits), other media types and pages without
    article text are passed over (the last with a problem naming the URL); a damaged archive keeps
    the articles read before the damage, and says where it stopped.

    Raises:
        InputError: the file cannot be read or is no web archive at all.
    """
    from warcio.archiveiterator import ArchiveIterator
    from warcio.exceptions import ArchiveLoadFailed

    documents: list[Document] = []
    problems: list[Problem] = []
    try:
        with path.open("rb") as fh:
            try:
                for record in ArchiveIterator(fh):
                    found = _article(record, path, problems)
                    if found is not None:
                        documents.append(found)
            except (ArchiveLoadFailed, ValueError, EOFError, OSError) as exc:
                if not documents and not problems:
                    raise InputError(path, f"not a web archive (WARC) file: {exc}") from None
                problems.append(
                    Problem(
                        path, f"the archive is damaged after {len(documents)} articles ({exc}); the rest is left out"
                    )
                )
    except OSError as exc:
        raise InputError(path, f"cannot read it ({exc.strerror or exc})") from None
    if not documents and not problems:
        problems.append(Problem(path, "no HTML pages in this web archive"))
    return documents, problems


def _article(record, path: Path, problems: list[Problem]) -> Document | None:
    """The article of one WARC record, or None when it holds none."""
    if record.rec_type != "response" or record.http_headers is None:
        return None
    media = (record.http_headers.get_header("Content-Type") or "").split(";")[0].strip().lower()
    status = record.http_headers.get_statuscode() or ""
    if media not in HTML_TYPES or not status.startswith("2"):
        return None
    url = record.rec_headers.get_header("WARC-Target-URI") or ""
    doc_id, note = safe_id(url.split("://", 1)[-1].rstrip("/") or path.stem)
    where = Path(f"{path}:{doc_id}")  # the record, by its URL (a path would fold the scheme's //)
    body = record.content_stream().read(MAX_BODY + 1)
    if len(body) > MAX_BODY:
        problems.append(Problem(where, f"page larger than {MAX_BODY // (1024 * 1024)} MB; left out"))
        return None
    charset = record.http_headers.get_header("Content-Type") or ""
    encoding = charset.split("charset=", 1)[1].split(";")[0].strip() if "charset=" in charset else "utf-8"
    try:
        html = body.decode(encoding, errors="replace")
    except LookupError:  # an unknown charset name
        html = body.decode("utf-8", errors="replace")
    try:
        text, meta = page_text(html, where)
    except InputError as exc:
        problems.append(Problem(where, exc.message))
        return None
    meta["url"] = url or meta.get("url")
    made = record.rec_headers.get_header("WARC-Date") or ""
    if "published" not in meta and len(made) >= 10:
        meta["published"] = made[:10]
    if note is not None:
        problems.append(Problem(where, note, warning=True))
    try:
        return from_text(text, id=doc_id, path=where, **{k: v for k, v in meta.items() if v})
    except InputError as exc:
        problems.append(Problem(where, exc.message))
        return None
