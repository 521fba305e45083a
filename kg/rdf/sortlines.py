"""External merge sort of N-Quads lines: the merged graph and the sorted N-Quads of
:func:`kg.rdf.write.write_merged`, in memory that stays flat however many documents there are.

Each document's graph file is read whole (as triples or as quads), its lines gathered into sorted
runs of a bounded size on disk, and the runs merged (in groups of at most :data:`FAN_IN` first,
so few files are open at once) into unique, sorted lines.
"""

from __future__ import annotations

import contextlib
import heapq
import os
import shutil
from concurrent.futures import wait
from pathlib import Path

__all__ = ["FAN_IN", "file_lines", "write_sorted"]


def triple_line(quad_line: str) -> str:
    """``<s> <p> <o> <g> .`` -> ``<s> <p> <o> .`` (an IRI has no space, so the graph is the last term)."""
    return quad_line.rsplit(" ", 2)[0] + " .\n"


def _lines(text: str) -> list[str]:
    """The non-blank lines of ``text`` (which ends with "\\n"), each with its "\\n": cut at "\\n" only, never
    at the other characters ``str.splitlines`` ends a line at (a literal may hold U+2028 or a form feed,
    which N-Quads need not escape)."""
    return [line + "\n" for line in text.split("\n")[:-1] if line.strip()]


def file_lines(path: Path, triples: bool) -> list[str]:
    """The non-blank lines of an N-Quads file, as triples (:func:`triple_line`) or as they are.

    A document's graph file holds one named graph: when every line ends with the same `` <g> .``,
    the graph goes in one replace over the text (a line break ends only a line: N-Quads escapes
    those inside literals), not line by line."""
    with open(path, encoding="utf-8", newline="\n") as fh:
        text = fh.read()
    if not text.endswith("\n"):
        text += "\n"
    if triples:
        first = text[: text.find("\n") + 1]
        suffix = first[first.rstrip(" .\n").rfind(" ") :] if first.strip() else ""
        if suffix.startswith(" <") and text.count(suffix) == text.count("\n"):
            return _lines(text.replace(suffix, " .\n"))
        return [triple_line(line) for line in _lines(text)]
    return _lines(text)


def sorted_runs(files: list[Path], tmp: Path, triples: bool, run_lines: int, name: str = "run") -> list[Path]:
    """The lines of ``files`` (as triples or as quads) in sorted runs of at most ``run_lines`` lines
    (a run can pass that by the lines of one file), each line once in a run; the runs' files are
    ``tmp/<name>-...`` (two callers at once give two names)."""
    runs: list[Path] = []
    buffer: set[str] = set()

    def flush():
        run = tmp / f"{name}-{'t' if triples else 'q'}-{len(runs):05d}.txt"
        with open(run, "w", encoding="utf-8", newline="\n") as fh:
            fh.writelines(sorted(buffer))
        runs.append(run)
        buffer.clear()

    for f in files:
        buffer.update(file_lines(f, triples))
        if len(buffer) >= run_lines:
            flush()
    if buffer or not runs:
        flush()
    return runs


def merge_runs(runs: list[Path]):
    """The unique lines of sorted runs, in order."""
    with contextlib.ExitStack() as stack:
        handles = [stack.enter_context(open(r, encoding="utf-8", newline="\n")) for r in runs]
        last = None
        for line in heapq.merge(*handles):
            if line != last:
                yield line
                last = line


#: sorted runs merged at once; more are merged in groups first (open files, and a merge's buffers)
FAN_IN = 64


def fewer_runs(runs: list[Path], fan_in: int = FAN_IN) -> list[Path]:
    """At most ``fan_in`` sorted runs holding the unique lines of ``runs``: groups of them merged into one."""
    level = 0
    while len(runs) > fan_in:
        merged = []
        for i in range(0, len(runs), fan_in):
            group = runs[i : i + fan_in]
            if len(group) == 1:
                merged.append(group[0])
                continue
            target = group[0].with_name(f"merge-{level}-{i // fan_in:05d}-{group[0].name}")
            with open(target, "w", encoding="utf-8", newline="\n") as fh:
                fh.writelines(merge_runs(group))
            for r in group:
                r.unlink()
            merged.append(target)
        runs, level = merged, level + 1
    return runs


def write_sorted(
    files: list[Path],
    path: Path,
    tmp: Path,
    triples: bool,
    run_lines: int,
    fan_in: int = FAN_IN,
    mode: int | None = None,
    pool=None,
) -> None:
    """The unique lines of ``files`` (as triples or quads), sorted, into ``path`` (given ``mode`` when a run is moved there).

    With ``pool`` (an executor with worker processes), a worker makes the sorted runs of the first
    half of the files while this process makes those of the second half."""
    if pool is not None and len(files) > 1:
        half = len(files) // 2
        theirs = pool.submit(sorted_runs, files[:half], tmp, triples, run_lines, "run-a")
        try:
            mine = sorted_runs(files[half:], tmp, triples, run_lines, "run-b")
        finally:  # not before the worker is done with the folder (the caller removes it after a failure)
            wait([theirs])
        runs = theirs.result() + mine
    else:
        runs = sorted_runs(files, tmp, triples, run_lines)
    runs = fewer_runs(runs, fan_in)
    if len(runs) == 1:  # one run is sorted and unique already
        shutil.move(runs[0], path)
        if mode is not None:
            os.chmod(path, mode)
        return
    with open(path, "w", encoding="utf-8", newline="\n") as fh:
        fh.writelines(merge_runs(runs))
    for r in runs:
        r.unlink()
