"""First pipeline stage: article files and folders -> :class:`Document` records.

Each file is read by the reader of its extension (:data:`READERS`, one table): ``.txt`` and
``.md`` by the text reader (YAML front matter, :mod:`kg.ingest.text`), ``.html``/``.htm`` and
``.jsonl`` by the archive readers (:mod:`kg.ingest.sources`). :func:`read_corpus` reads files
and folders through it. The records (:class:`Document`, :class:`Embed`, :class:`Problem`) and
:func:`from_text` are defined in :mod:`kg.ingest.text` and importable from here.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable
from pathlib import Path

from kg.errors import InputError
from kg.ingest.language import foreign
from kg.ingest.sources import read_html, read_jsonl
from kg.ingest.text import Document, Embed, Problem, from_text, read_document
from kg.ingest.warc import read_warc

__all__ = [
    "READERS",
    "SUFFIXES",
    "Document",
    "Embed",
    "Problem",
    "folder_files",
    "from_text",
    "no_articles",
    "not_english",
    "read_corpus",
    "read_document",
    "read_file",
    "suffix_of",
]

#: a reader: one file -> its documents and the problems met (a bad line of a .jsonl file, ...)
Reader = Callable[[Path], tuple[list[Document], list[Problem]]]


def _check_text_file(path: Path) -> None:
    """Raise :class:`InputError` if ``path`` cannot be read, is empty or is binary (its first 8 KiB)."""
    try:
        with path.open("rb") as fh:
            head = fh.read(8192)
    except OSError as exc:
        raise InputError(path, f"cannot read it ({exc.strerror or exc})") from None
    if not head.strip():
        raise InputError(path, "empty file")
    if b"\0" in head:
        raise InputError(path, "binary file, not text")


def _text(path: Path) -> tuple[list[Document], list[Problem]]:
    return [read_document(path)], []


def _html(path: Path) -> tuple[list[Document], list[Problem]]:
    _check_text_file(path)
    return [read_html(path)], []


def _jsonl(path: Path) -> tuple[list[Document], list[Problem]]:
    _check_text_file(path)
    return read_jsonl(path)


#: the reader of each file extension kg reads; adding a format is one row
READERS: dict[str, Reader] = {
    ".txt": _text,
    ".md": _text,
    ".jsonl": _jsonl,
    ".html": _html,
    ".htm": _html,
    ".warc": read_warc,
    ".warc.gz": read_warc,
}
SUFFIXES = tuple(READERS)


def suffix_of(path: Path) -> str:
    """A file's extension as :data:`READERS` knows it, lower-case: ``.warc.gz`` for a compressed web
    archive, else the last one (``.md``)."""
    name = path.name.lower()
    return next((s for s in SUFFIXES if s.count(".") > 1 and name.endswith(s)), path.suffix.lower())


def no_articles(folder: Path) -> Problem:
    """The problem of an input folder in which no article file was found."""
    return Problem(folder, f"no articles ({', '.join(SUFFIXES)}) in this folder")


def folder_files(folder: Path, *, follow_symlinks: bool = False, problems: list[Problem] | None = None) -> list[Path]:
    """The article files (extensions in :data:`SUFFIXES`) under ``folder``, recursively, sorted;
    hidden files and folders are left out.

    A symbolic link (to a file or a folder) whose target is inside ``folder`` is read as its target;
    one whose target is outside it is left out with a warning appended to ``problems``, unless
    ``follow_symlinks`` (a link in an archive must not make a build read, and publish, files the
    user did not give). A folder reached twice (a link loop) is walked once; a link that loops or
    points nowhere is listed, and :func:`read_corpus` says so.
    """
    root = folder.resolve()
    found: list[Path] = []
    walked = {root}
    pending = [folder]
    while pending:
        here = pending.pop()
        try:
            with os.scandir(here) as listing:
                entries = sorted(listing, key=lambda e: e.name)
        except OSError as exc:
            if problems is not None and here != folder:
                problems.append(Problem(Path(here), f"cannot read this folder ({exc.strerror or exc}); skipped"))
            continue
        folders = []
        for entry in entries:
            if entry.name.startswith("."):
                continue
            path = Path(entry.path)
            is_article = suffix_of(path) in SUFFIXES
            try:
                is_dir = entry.is_dir()  # follows a link
                target = path.resolve(strict=True) if entry.is_symlink() else None
            except (OSError, RuntimeError):  # a link that loops or points nowhere
                if is_article:
                    found.append(path)
                continue
            if target is not None and not follow_symlinks and not target.is_relative_to(root):
                if (is_dir or is_article) and problems is not None:
                    problems.append(
                        Problem(
                            path,
                            f"a symbolic link to {target}, outside {folder}; not read (--follow-symlinks reads it)",
                            warning=True,
                        )
                    )
                continue
            if is_dir:
                real = target or path.resolve()
                if real not in walked:
                    walked.add(real)
                    folders.append(path)
            elif is_article:
                found.append(path)
        pending.extend(reversed(folders))
    return sorted(found)


def read_file(path: Path) -> tuple[list[Document], list[Problem]]:
    """The documents in one article file, read by the reader of its extension, and the problems met.

    Raises:
        InputError: the file is unusable as a whole (unknown extension, unreadable, empty, binary).
    """
    reader = READERS.get(suffix_of(path))
    if reader is None:
        raise InputError(path, f"unknown extension {path.suffix or '(none)'}; kg reads {', '.join(SUFFIXES)}")
    return reader(path)


def not_english(doc: Document, path: Path, code: str, confidence: float) -> Problem:
    """The problem of an article in another language than English (skipped: kg maps English only)."""
    what = f"article {doc.id!r} " if suffix_of(path) in (".jsonl", ".warc", ".warc.gz") else ""  # a file of many
    return Problem(
        doc.path or path,
        f"{what}is in language {code!r} ({confidence:.0%} sure), not English: "
        "kg maps English articles only (--lang en builds it as English anyway)",
    )


def read_corpus(
    inputs: Iterable[Path], *, follow_symlinks: bool = False, lang: str | None = None
) -> tuple[list[Document], list[Problem]]:
    """Read files and folders; return documents sorted by id and the problems met.

    A file or folder given is read even if it is a symbolic link; in a folder, a link to a file or
    folder outside it is read only with ``follow_symlinks`` (:func:`folder_files`). An article
    found to be in a language other than English is skipped with its reason
    (:mod:`kg.ingest.language`), unless ``lang`` says what language every article is in
    (``"en"``: build them all as English).
    """
    documents: dict[str, Document] = {}
    problems: list[Problem] = []
    seen: set[Path] = set()
    for given in map(Path, inputs):
        if given.is_dir():
            files = folder_files(given, follow_symlinks=follow_symlinks, problems=problems)
            if not files:
                problems.append(no_articles(given))
        elif not given.exists():
            problems.append(Problem(given, "no such file or folder; check the path"))
            continue
        elif suffix_of(given) not in READERS:
            problems.append(
                Problem(given, f"unknown extension {given.suffix or '(none)'}; kg reads {', '.join(SUFFIXES)}")
            )
            continue
        else:
            files = [given]
        for path in files:
            try:
                resolved = path.resolve(strict=True)
            except (OSError, RuntimeError):
                problems.append(Problem(path, "a symbolic link that loops or points nowhere; skipped"))
                continue
            if resolved in seen:
                continue
            seen.add(resolved)
            try:
                found, more = read_file(path)
            except InputError as exc:
                problems.append(Problem(path, exc.message))
                continue
            problems.extend(more)
            for doc in found:
                problems.extend(Problem(doc.path or path, note, warning=True) for note in doc.notes)
                other = foreign(doc.text) if lang is None else None
                if other is not None:
                    problems.append(not_english(doc, path, *other))
                    continue
                if doc.id in documents:
                    first = documents[doc.id].path
                    problems.append(
                        Problem(
                            doc.path or path,
                            f"duplicate document id {doc.id!r} (also {first}); rename one file or give a unique id",
                        )
                    )
                    continue
                documents[doc.id] = doc
    return [documents[k] for k in sorted(documents)], problems
