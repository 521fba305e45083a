"""First pipeline stage: article files and folders -> :class:`Document` records.

Each file is read by the reader of its extension (:data:`READERS`, one table): ``.txt`` and
``.md`` by the text reader (YAML front matter, :mod:`kg.ingest.text`), ``.html``/``.htm`` and
``.jsonl`` by the archive readers (:mod:`kg.ingest.sources`). :func:`read_corpus` reads files
and folders through it. The records (:class:`Document`, :class:`Embed`, :class:`Problem`) and
:func:`from_text` are defined in :mod:`kg.ingest.text` and importable from here.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Callable, Iterable

from kg.errors import InputError
from kg.ingest.sources import read_html, read_jsonl
from kg.ingest.text import Document, Embed, Problem, from_text, read_document

__all__ = ["READERS", "SUFFIXES", "Document", "Embed", "Problem", "folder_files", "from_text", "read_corpus",
           "read_document", "read_file"]

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
READERS: dict[str, Reader] = {".txt": _text, ".md": _text, ".jsonl": _jsonl, ".html": _html, ".htm": _html}
SUFFIXES = tuple(READERS)


def folder_files(folder: Path) -> list[Path]:
    """The article files (extensions in :data:`SUFFIXES`) under ``folder``, recursively, sorted;
    hidden files and folders are left out."""
    found: list[Path] = []
    for root, dirs, files in os.walk(folder):
        dirs[:] = sorted(d for d in dirs if not d.startswith("."))
        found += [Path(root, f) for f in files if not f.startswith(".") and Path(f).suffix.lower() in SUFFIXES]
    return sorted(found)


def read_file(path: Path) -> tuple[list[Document], list[Problem]]:
    """The documents in one article file, read by the reader of its extension, and the problems met.

    Raises:
        InputError: the file is unusable as a whole (unknown extension, unreadable, empty, binary).
    """
    reader = READERS.get(path.suffix.lower())
    if reader is None:
        raise InputError(path, f"unknown extension {path.suffix or '(none)'}; kg reads {', '.join(SUFFIXES)}")
    return reader(path)


def read_corpus(inputs: Iterable[Path]) -> tuple[list[Document], list[Problem]]:
    """Read files and folders; return documents sorted by id and the problems met."""
    documents: dict[str, Document] = {}
    problems: list[Problem] = []
    seen: set[Path] = set()
    for given in map(Path, inputs):
        if given.is_dir():
            files = folder_files(given)
            if not files:
                problems.append(Problem(given, "no articles (.txt, .md, .jsonl, .html) in this folder"))
        elif not given.exists():
            problems.append(Problem(given, "no such file or folder; check the path"))
            continue
        elif given.suffix.lower() not in READERS:
            problems.append(Problem(given, f"unknown extension {given.suffix or '(none)'}; kg reads {', '.join(SUFFIXES)}"))
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
                if doc.id in documents:
                    other = documents[doc.id].path
                    problems.append(Problem(doc.path or path, f"duplicate document id {doc.id!r} (also {other}); "
                                                              "rename one file or give a unique id"))
                    continue
                documents[doc.id] = doc
    return [documents[k] for k in sorted(documents)], problems
