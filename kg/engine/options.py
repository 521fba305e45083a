"""How to build: one frozen options object that every engine takes (``kg build``'s options).

>>> from kg.engine.options import BuildOptions
>>> BuildOptions(jobs=2, formats=("ttl", "nq")).formats
('ttl', 'nq')
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

import pyoxigraph as ox

from kg.errors import KgError
from kg.rdf.formats import DEFAULT_FORMATS, check_formats
from kg.rdf.mapping import DEFAULT_BASE

__all__ = ["ENGINES", "BuildOptions", "OptionsError", "Progress", "ProgressBar", "check_base", "no_progress"]

#: the engines that schedule a build: in this process and ``jobs`` processes, or on Dask
ENGINES = ("local", "dask")


class OptionsError(KgError):
    """Build options that do not go together, an unknown engine, or a base that is no IRI."""


def check_base(base: str) -> str:
    """``base`` if it is an absolute IRI (RFC 3987, as Oxigraph parses it) that IRIs can be minted under.

    Raises:
        OptionsError: it is not, saying why and what to give.
    """
    try:
        ox.NamedNode(base)
    except ValueError as err:
        raise OptionsError(f"--base {base!r} is not an absolute IRI ({err}); give one such as {DEFAULT_BASE}") from None
    return base


@dataclass(frozen=True)
class BuildOptions:
    """What a build does, besides its inputs and output folder.

    Attributes:
        base: the namespace instance IRIs are minted under.
        model: a spaCy model name (default: the installed English small model).
        formats: merged files to write (names of :data:`kg.rdf.formats.FORMATS`; checked, repeats dropped).
        validate: check changed document graphs against the SHACL shapes (in chunks).
        reason: add the OWL 2 RL entailments graph (local engine).
        rebuild: parse every document again, ignoring the cache.
        batch_size: paragraphs per ``nlp.pipe`` batch.
        engine: ``"local"`` or ``"dask"`` (:func:`kg.engine.build` picks it).
        jobs: processes that parse and analyse (local engine).
        scheduler: a Dask scheduler's address; None: a local cluster of ``workers`` processes.
        workers: processes of that local cluster (default: one per core).
        facts: bring every asserted fact back for the summary (Dask engine; else only their counts).
        follow_symlinks: read what symbolic links in an input folder point to outside it (else they
            are left out with a warning).
        lang: the language of every article, instead of detecting each one's (``"en"`` builds
            articles taken for another language as English); None: detected, and an article not in
            English is skipped with its reason.
        strict: make any article skipped (unreadable, or whose analysis or mapping failed) an error
            (:class:`kg.engine.inputs.StrictError`) before the merged files are written; without it,
            the others are built and the skips are in the result's ``problems``.
        urls_file: a text file of article or feed URLs to fetch too, one a line.
        allow_private: fetch from loopback and private addresses too (else refused, as by ``kg serve``).

    Raises:
        FormatError: an unknown format.
        OptionsError: an unknown engine, or a base that is no absolute IRI.
    """

    base: str = DEFAULT_BASE
    model: str | None = None
    formats: tuple[str, ...] = DEFAULT_FORMATS
    validate: bool = True
    reason: bool = False
    rebuild: bool = False
    batch_size: int = 64
    engine: str = "local"
    jobs: int = 1
    scheduler: str | None = None
    workers: int | None = None
    facts: bool = True
    follow_symlinks: bool = False
    lang: str | None = None
    strict: bool = False
    urls_file: Path | None = None
    allow_private: bool = False

    def __post_init__(self) -> None:
        # normalised once here, so that every engine reads the same values
        object.__setattr__(self, "base", check_base(self.base or DEFAULT_BASE))
        object.__setattr__(self, "formats", check_formats(self.formats))
        object.__setattr__(self, "jobs", max(1, self.jobs))
        if self.engine not in ENGINES:
            raise OptionsError(f"unknown engine {self.engine!r}; use one of {', '.join(ENGINES)}")


class ProgressBar(Protocol):
    """What a build calls on a progress bar."""

    def update(self, n: float = 1) -> None: ...

    def close(self) -> None: ...


#: ``progress(total, description)`` makes a progress bar for one phase of a build
Progress = Callable[[int, str], ProgressBar]


class _NoBar:
    def update(self, n: float = 1) -> None:
        pass

    def close(self) -> None:
        pass


def no_progress(total: int, desc: str) -> ProgressBar:
    """A progress bar that shows nothing (the default)."""
    return _NoBar()
