"""The corpus a build reads: its files in order, its documents once each, without reading again
a file unchanged since the last build. What every engine reports when nothing can be read, or
when two documents have one id, is written here.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

from kg.engine import cache as kcache
from kg.errors import KgError, NoInputError
from kg.ingest.documents import SUFFIXES, Document, Problem, folder_files, no_articles, read_corpus, suffix_of

__all__ = ["Entry", "StrictError", "check_strict", "duplicate_id", "input_files", "no_input", "read_inputs", "reread"]


def no_input(problems: list[Problem]) -> NoInputError:
    """The error of a build that could read no article (``problems`` say why, input by input)."""
    reasons = "; ".join(f"{p.path}: {p.message}" for p in problems[:3] if not p.warning)
    more = f" (and {len(problems) - 3} more)" if len(problems) > 3 else ""
    return NoInputError(
        "no article could be read" + (f": {reasons}{more}" if reasons else "; give .txt or .md files or folders"),
        problems,
    )


class StrictError(KgError):
    """``--strict``: an article was skipped; ``problems`` are every one met (the CLI lists them first)."""

    def __init__(self, problems: list[Problem]):
        self.problems = list(problems)
        n = sum(1 for p in problems if not p.warning)
        super().__init__(
            f"{n} article{'s' if n != 1 else ''} skipped (listed above) and --strict makes a skip an "
            "error; the merged graph files were not written"
        )


def check_strict(problems: list[Problem]) -> None:
    """Raise :class:`StrictError` when any of ``problems`` is a skip (a warning is not)."""
    if any(not p.warning for p in problems):
        raise StrictError(problems)


def duplicate_id(where: Path | str, doc_id: str, other: Path | str | None) -> Problem:
    """The problem of a document whose id an earlier one of the corpus has (the later one is skipped)."""
    return Problem(Path(where), f"duplicate document id {doc_id!r} (also {other}); rename one file or give a unique id")


@dataclass
class Entry:
    """A document of the corpus: read from its file now, or known from the last build."""

    id: str
    key: str  # its cache key
    path: str


def read_inputs(
    inputs: Iterable[Path | str],
    previous: dict,
    cache: kcache.AnalysisCache,
    version: str,
    fresh: Callable[[Document, str], None] | None = None,
    *,
    follow_symlinks: bool = False,
    lang: str | None = None,
) -> tuple[list[Entry], list[Problem], dict]:
    """The corpus's documents, sorted by id, as :func:`kg.ingest.documents.read_corpus` reads them, but
    without reading again a file that is unchanged since the last build (same size, times and
    inode, same reader code) and whose documents' analyses are all in the cache.

    Args:
        inputs: files and folders.
        previous: the manifest of the last build (:func:`kg.engine.cache.load_manifest`).
        cache: the analysis cache; ``version`` the analysis version (:func:`kg.engine.cache.analysis_version`).
        fresh: called with each document read (the first of an id) and its cache key; the build
            sends it off to be analysed at once when the cache lacks it, so parsing starts while
            the rest is read.
        follow_symlinks: read the files that symbolic links in a folder point to outside it
            (:func:`kg.ingest.documents.folder_files`).
        lang: the language of every article (``"en"``); None: each article's is detected, and one
            not in English is skipped with its reason.
    Returns:
        the entries, the problems met, and the file records for the next build.
    """
    known = previous.get("files", {}) if previous.get("reader") == kcache.reader_version() else {}
    entries: dict[str, Entry] = {}
    problems: list[Problem] = []
    files: dict[str, dict] = {}

    def add(entry: Entry, where: Path) -> bool:
        if entry.id in entries:
            problems.append(duplicate_id(entry.path or where, entry.id, entries[entry.id].path))
            return False
        entries[entry.id] = entry
        return True

    for path, resolved in input_files(inputs, problems, follow_symlinks=follow_symlinks):
        stamp = kcache.file_stamp(path)
        record = known.get(str(resolved))
        if (
            stamp is not None
            and record
            and record.get("stamp") == stamp
            and all(cache.has(kcache.key_of(content, version)) for _, content, _ in record["docs"])
        ):
            kept = [d for d in record["docs"] if add(Entry(d[0], kcache.key_of(d[1], version), d[2]), path)]
            files[str(resolved)] = {"stamp": stamp, "docs": kept}
            continue
        found, more = read_corpus([path], lang=lang)
        problems.extend(more)
        kept = []
        for document in found:
            content = kcache.content_hash(document)
            where = str(document.path or path)
            entry = Entry(document.id, kcache.key_of(content, version), where)
            if add(entry, path):
                kept.append([document.id, content, where])
                if fresh is not None:
                    fresh(document, entry.key)
        if stamp is not None and found:
            files[str(resolved)] = {"stamp": stamp, "docs": kept}
    return [entries[k] for k in sorted(entries)], problems, files


def input_files(
    inputs: Iterable[Path | str], problems: list[Problem], *, follow_symlinks: bool = False
) -> Iterator[tuple[Path, Path]]:
    """(path, resolved path) of each input file, in the order read, each file once; the problems
    of inputs that are no article file or folder, and the warnings of symbolic links left out
    (unless ``follow_symlinks``), are appended to ``problems`` as they are met."""
    seen: set[Path] = set()
    for given in map(Path, inputs):
        if given.is_dir():
            paths = folder_files(given, follow_symlinks=follow_symlinks, problems=problems)
            if not paths:
                problems.append(no_articles(given))
        elif given.exists() and suffix_of(given) in SUFFIXES:
            paths = [given]
        else:
            problems.extend(read_corpus([given])[1])
            continue
        for path in paths:
            try:
                resolved = path.resolve(strict=True)
            except (OSError, RuntimeError):  # a link that loops or points nowhere
                problems.append(Problem(path, "a symbolic link that loops or points nowhere; skipped"))
                continue
            if resolved not in seen:
                seen.add(resolved)
                yield path, resolved


def reread(doc_id: str, files: dict) -> Document:
    """The document ``doc_id`` of a file recorded unchanged (``files``: the file records of
    :func:`read_inputs`) whose cache entry disappeared since: read it again."""
    for path, record in files.items():
        if any(d[0] == doc_id for d in record["docs"]):
            found, _ = read_corpus([Path(path)])
            for document in found:
                if document.id == doc_id:
                    return document
    raise KgError(f"{doc_id}: its cache entry disappeared during the build; run the build again")
