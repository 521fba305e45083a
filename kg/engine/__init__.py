"""The build engine: one per-document analysis (:mod:`kg.engine.record`), one corpus step
(:mod:`kg.engine.corpus`), one mapping (:mod:`kg.engine.graphs`); the local engine (streaming,
``--jobs``, cache: :mod:`kg.engine.local`), the in-memory library build (:mod:`kg.engine.pipeline`)
and the Dask engine (:mod:`kg.engine.dask_engine`) only schedule that work.

    >>> from kg.engine import build
    >>> from kg.engine.options import BuildOptions
    >>> result = build(["input/"], "output/", BuildOptions(jobs=2))  # doctest: +SKIP
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Iterable

if TYPE_CHECKING:
    from kg.engine.local import StreamResult
    from kg.engine.options import BuildOptions, Progress

__all__ = ["build"]


def build(inputs: Iterable[Path | str], out: Path | str, options: BuildOptions | None = None, *,
          progress: Progress | None = None) -> StreamResult:
    """Build the graph of ``inputs`` into the folder ``out`` with the engine ``options.engine``.

    Args:
        inputs: files or folders of articles.
        out: the output folder.
        options: what to build (default: :class:`kg.engine.options.BuildOptions` ()).
        progress: ``progress(total, description)`` makes a progress bar (default: none).
    Returns:
        the engine's result (:class:`kg.engine.local.StreamResult`, or its Dask subclass).
    """
    from kg.engine.options import BuildOptions, no_progress

    options = options or BuildOptions()
    progress = progress or no_progress
    if options.engine == "dask":
        from kg.engine import dask_engine

        return dask_engine.build(inputs, out, options, progress=progress)
    from kg.engine import local

    return local.build(inputs, out, options, progress=progress)
