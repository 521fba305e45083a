"""Packs: many small entries appended to one file, readable once the pack's index is written.

The analysis cache (:class:`kg.engine.cache.AnalysisCache`) keeps what one build analysed in one
pack, not in one file an entry: creating a file costs the file system far more than appending
to one (on the machine of ``bench/``, 0.2 to 0.9 ms of CPU against 0.01 ms, and more when many
files were just deleted), and an archive of a million articles would otherwise hold a million
small files. A folder of packs holds, per pack::

    <name>.pack     the entries, one after the other
    <name>.json     its index: {"format": 1, "pack": "<name>.pack", "entries": {key: [offset, length]}}

The index is written (atomically) when the pack is complete, so nothing of a pack is read before
it is whole; a pack without its index (a build stopped) is removed by the next :func:`prune`. A
damaged index, or one that names another file, is a pack not read.
"""

from __future__ import annotations

import json
import os
import time
from collections.abc import Callable
from pathlib import Path
from typing import BinaryIO

__all__ = ["FORMAT", "PackWriter", "index_names", "prune", "read_entry", "read_index"]

#: the layout of a pack's index
FORMAT = 1

#: where an entry is: (pack file name, offset, length)
Where = tuple[str, int, int]


class PackWriter:
    """Entries appended to one new pack in ``folder``; its index, written when closed, makes them readable.

    A context manager: ``put(key, data)`` for each entry, then ``close()`` (also on leaving the
    ``with`` block without an error; with one, :meth:`abandon`). ``on_close`` is called once the
    index is written (a reader's index is out of date from then on).
    """

    def __init__(self, folder: Path, on_close: Callable[[], None] | None = None):
        self.folder, self.on_close = Path(folder), on_close
        self.name = f"{time.time_ns():x}-{os.getpid()}"
        self.entries: dict[str, list[int]] = {}
        self.offset = 0
        self._fh: BinaryIO | None = None

    def put(self, key: str, data: bytes) -> None:
        if self._fh is None:
            self.folder.mkdir(parents=True, exist_ok=True)
            self._fh = open(self.folder / f"{self.name}.pack", "xb")  # noqa: SIM115 - open across puts, closed by close()
        self._fh.write(data)
        self.entries[key] = [self.offset, len(data)]
        self.offset += len(data)

    def close(self) -> None:
        """Write the pack's index (when anything was put): its entries can be read from now on."""
        from kg.rdf.write import atomic_write_bytes

        if self._fh is None:
            return
        self._fh.close()
        self._fh = None
        index = {"format": FORMAT, "pack": f"{self.name}.pack", "entries": self.entries}
        atomic_write_bytes(
            self.folder / f"{self.name}.json", json.dumps(index, sort_keys=True).encode("ascii"), sync=False
        )
        if self.on_close is not None:
            self.on_close()

    def abandon(self) -> None:
        """Drop the pack: nothing of it is kept."""
        if self._fh is not None:
            self._fh.close()
            self._fh = None
            (self.folder / f"{self.name}.pack").unlink(missing_ok=True)

    def __enter__(self) -> PackWriter:
        return self

    def __exit__(self, kind, *_) -> None:
        if kind is None:
            self.close()
        else:
            self.abandon()


def index_names(folder: Path) -> frozenset[str]:
    """The names of the pack indexes in ``folder`` (none when there is no such folder)."""
    try:
        return frozenset(n for n in os.listdir(folder) if n.endswith(".json"))
    except OSError:
        return frozenset()


def _pack_of(index_name: str) -> str:
    """``<name>.json`` -> ``<name>.pack``: the pack an index describes."""
    return index_name[: -len(".json")] + ".pack"


def read_index(folder: Path, names: frozenset[str]) -> dict[str, Where]:
    """Every entry of the indexes ``names`` in ``folder``: key -> where it is (a later pack wins)."""
    index: dict[str, Where] = {}
    for name in sorted(names, key=lambda n: (len(n), n)):  # packs are named by the time they were begun
        try:
            found = json.loads((folder / name).read_bytes())
            pack = _pack_of(name)
            if not isinstance(found, dict) or found.get("format") != FORMAT or found.get("pack") != pack:
                continue
            entries = {}
            for key, (offset, length) in found["entries"].items():
                if not (type(offset) is int and type(length) is int and offset >= 0 and length > 0):
                    raise ValueError(f"{name}: not an entry's place")
                entries[key] = (pack, offset, length)
        except (OSError, ValueError, KeyError, TypeError, AttributeError):
            continue
        index.update(entries)
    return index


def read_entry(folder: Path, where: Where) -> bytes | None:
    """The bytes of the entry ``where`` (from :func:`read_index`), or None when the pack is gone or short."""
    pack, offset, length = where
    try:
        with open(folder / pack, "rb") as fh:
            fh.seek(offset)
            data = fh.read(length)
    except OSError:
        return None
    return data if len(data) == length else None


def prune(
    folder: Path, index: dict[str, Where], names: frozenset[str], keep: set[str], writer: Callable[[], PackWriter]
) -> int:
    """Remove the entries of the packs in ``folder`` whose key is not in ``keep``; returns how many.

    ``index`` and ``names`` are :func:`read_index` of :func:`index_names` as they are now. A pack
    goes when none of its entries is kept, and is copied into a new one (``writer()``), the kept
    entries only, when fewer than half are; else it stays as it is, the entries not kept with it.
    A pack without its index goes too.
    """
    if not folder.is_dir():
        return 0
    entries: dict[str, list[str]] = {}
    for key, (pack, _, _) in index.items():
        entries.setdefault(pack, []).append(key)
    removed, copy, gone = 0, [], []
    for name in sorted(names):
        pack = _pack_of(name)
        keys = entries.get(pack, [])
        kept = [k for k in keys if k in keep]
        if keys and len(kept) * 2 >= len(keys):
            continue
        copy.extend(kept)
        removed += len(keys) - len(kept)
        gone.append(name)
    if copy:
        with writer() as w:
            for key in copy:
                data = read_entry(folder, index[key])
                if data is not None:
                    w.put(key, data)
    for name in gone:
        (folder / name).unlink(missing_ok=True)
        (folder / _pack_of(name)).unlink(missing_ok=True)
    indexed = {n[: -len(".json")] for n in index_names(folder)}
    for f in folder.iterdir():  # packs without their index (a build stopped), and anything else
        if f.is_symlink() or (f.is_file() and f.stem not in indexed):
            f.unlink(missing_ok=True)
    return removed
