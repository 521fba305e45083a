"""The build engine: one per-document analysis (:mod:`kg.engine.record`), one corpus step
(:mod:`kg.engine.corpus`), one mapping (:mod:`kg.engine.graphs`); the local engine (streaming,
``--jobs``, cache: :mod:`kg.engine.local`), the in-memory library build (:mod:`kg.engine.pipeline`)
and the Dask engine (:mod:`kg.engine.dask_engine`) only schedule that work.

    >>> from kg.engine import build
    >>> from kg.engine.options import BuildOptions
    >>> result = build(["input/"], "output/", BuildOptions(jobs=2))  # doctest: +SKIP
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from kg.engine.local import StreamResult
    from kg.engine.options import BuildOptions, Progress

__all__ = ["build"]


def build(
    inputs: Iterable[Path | str],
    out: Path | str,
    options: BuildOptions | None = None,
    *,
    progress: Progress | None = None,
) -> StreamResult:
    """Build the graph of ``inputs`` into the folder ``out`` with the engine ``options.engine``.

    Args:
        inputs: files or folders of articles, ``http(s)://`` URLs of articles or feeds, feed files
            (``.rss``, ``.atom``); pages are fetched into ``out/.kg-cache/fetch/`` once
            (:mod:`kg.ingest.fetch`), and a URL that cannot be fetched is skipped with its reason.
        out: the output folder.
        options: what to build (default: :class:`kg.engine.options.BuildOptions` ()).
        progress: ``progress(total, description)`` makes a progress bar (default: none).
    Returns:
        the engine's result (:class:`kg.engine.local.StreamResult`, or its Dask subclass).
    """
    from kg.engine.options import BuildOptions, no_progress

    options = options or BuildOptions()
    progress = progress or no_progress
    inputs, fetched = _fetched(list(inputs), Path(out), options)
    if options.engine == "dask":
        from kg.engine import dask_engine

        result: StreamResult = dask_engine.build(inputs, out, options, progress=progress)
    else:
        from kg.engine import local

        result = local.build(inputs, out, options, progress=progress)
    result.problems[:0] = fetched
    return result


def _fetched(inputs: list, out: Path, options: BuildOptions) -> tuple[list, list]:
    """The inputs with their URLs and feeds fetched (:func:`kg.ingest.fetch.expand`), and the problems met."""
    from kg.ingest.fetch import FEED_SUFFIXES, FetchOptions, expand, is_url

    if options.urls_file is None and not any(is_url(i) or Path(i).suffix.lower() in FEED_SUFFIXES for i in inputs):
        return inputs, []
    from kg.engine.cache import CACHE_DIR
    from kg.engine.inputs import check_strict, no_input

    paths, problems, _ = expand(
        inputs, out / CACHE_DIR / "fetch", FetchOptions(allow_private=options.allow_private), options.urls_file
    )
    if not paths:
        raise no_input(problems)
    if options.strict:
        check_strict(problems)
    return paths, problems
