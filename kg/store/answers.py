"""Stored questions answered at load time: the whole answer of each stored query that takes no
parameter, written beside the embedded store when a load ends, and read back by ``kg query``
for as long as the store is unchanged.

Why: on a store of a million triples a stored question's first page comes in milliseconds, but
its whole answer comes at 15,000-30,000 rows a second: a row of five or six terms costs as
many index look-ups and string reads in the store's RocksDB files (``bench/RESULTS.md`` gives
the store's floor, one IRI a row). Exporting every ejection of an archive, or serving the
question again and again behind a page, need not pay that each time: an archive changes when it
is loaded, and is read many times in between.

What is written, in ``STORE/.kg-answers/``: one file per question, ``NAME.tsv``, the SPARQL 1.1
TSV results of the query as ``kg query`` runs it (the default graph the union of the named
graphs), written by Oxigraph; and ``index.json``, written last, with each file's row count, the
SHA-256 of the query text that made it, and the **stamp** of the store the answers are of.

Exact, not a cache that may be stale: the stamp is the store's identity (the ``IDENTITY`` file
RocksDB writes once, when the store is made), every data file and write-ahead log of the store
by name and size, and the Oxigraph version. Any write to the store, by ``kg load``, by a SPARQL
update through ``kg serve --writable`` or by another program, makes a new file or grows a log,
and opening the store for writing may set files aside; so an answer is used only when the
store is exactly the one it was computed on (and the query's text the one that made it), else
the query runs on the store. Reading the stamp lists the store's folder: well under a
millisecond.

    >>> from kg.store.answers import refresh, StoredAnswers  # doctest: +SKIP
    >>> refresh(Path("output/store")).rows                      # after a load
    {'accusations': 5, 'apologies': 3, ...}
    >>> StoredAnswers(Path("output/store")).results(stored_query_text, {})  # a Results, or None
"""

from __future__ import annotations

import hashlib
import json
import shutil
import time
from dataclasses import dataclass, field
from itertools import islice
from pathlib import Path
from typing import cast

import pyoxigraph as ox

from kg.query.results import Results
from kg.query.sparql import QueryText, run_store, stored_queries
from kg.query.syntax import bind_values, store_query

__all__ = ["ANSWERS_DIR", "Refreshed", "StoredAnswers", "forget_answers", "refresh", "runner", "store_stamp"]

#: the folder, inside the store's, of the answers written at load time
ANSWERS_DIR = ".kg-answers"
_INDEX = "index.json"
#: the index's own format; an index of another is not read
_FORMAT = 1


def store_stamp(path: Path) -> str | None:
    """What identifies the content of the store in ``path``: its identity, every data file (``.sst``)
    and write-ahead log (``.log``) that holds anything by name and size, and the Oxigraph version; None
    when ``path`` holds no store. Any write to the store changes it (see the module). Opening it for
    writing and closing it with nothing written may change it too (RocksDB sets aside logs it had kept,
    or ends a compaction): the answers are then made again at the next load, never read wrong."""
    path = Path(path)
    try:
        identity = (path / "IDENTITY").read_text(encoding="utf-8").strip()
        files = sorted(
            (e.name, size)
            for e in path.iterdir()
            if e.name.endswith((".sst", ".log"))
            and e.is_file()
            and ((size := e.stat().st_size) or e.name.endswith(".sst"))
        )
    except OSError:
        return None
    blob = json.dumps([ox.__version__, identity, files]).encode("utf-8")
    return hashlib.sha256(blob).hexdigest()


def _sha(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def _answerable() -> list:
    """The stored queries answered at load time: those that take no parameter."""
    return [q for q in stored_queries() if not q.params]


@dataclass
class Refreshed:
    """What :func:`refresh` did: the rows of each question answered, or why none was."""

    folder: Path
    rows: dict[str, int] = field(default_factory=dict)
    seconds: float = 0.0
    skipped: str | None = None  # why no answer was written (the store is locked, changed meanwhile, ...)
    kept: bool = False  # the answers written before are of the store as it is: kept

    def summary(self) -> str:
        if self.skipped is not None:
            return f"stored questions not answered ahead: {self.skipped}; kg query asks the store"
        if self.kept:
            return f"{len(self.rows)} stored questions' answers kept ({self.folder}): the store is as they were made on"
        return (
            f"{len(self.rows)} stored questions answered ahead in {self.seconds:.1f}s "
            f"({sum(self.rows.values())} rows) -> {self.folder}; kg query reads them while the store is unchanged"
        )


def refresh(store_dir: Path) -> Refreshed:
    """Answer every stored question that takes no parameter on the store in ``store_dir``, and write the
    answers (see the module) for :class:`StoredAnswers` to read. Call it when the store is closed for
    writing (after a load): the answers are stamped with the store as it then is.

    The old answers go first, so no answer outlives the store it was of, whatever happens next; when
    the store cannot be read (another process is writing it) or changes while it is answered, no
    answer is written (``skipped`` says why) and ``kg query`` asks the store. Never raises for that.
    """
    from kg.store.embedded import StoreError, open_store

    store_dir = Path(store_dir)
    folder = store_dir / ANSWERS_DIR
    done = Refreshed(folder)
    started = time.monotonic()
    current = StoredAnswers(store_dir)
    if current.entries and all(current.answers(QueryText(q.text, q.name, q)) for q in _answerable()):
        done.rows = {name: int(e["rows"]) for name, e in current.entries.items()}
        done.kept = True  # the store is the one answered last time (a load that changed nothing)
        return done
    shutil.rmtree(folder, ignore_errors=True)
    _settle(store_dir)
    stamp = store_stamp(store_dir)
    if stamp is None:
        done.skipped = f"{store_dir} holds no store"
        return done
    try:
        store = open_store(store_dir, create=False, write=False)
    except StoreError as err:
        done.skipped = str(err)
        return done
    entries: dict[str, dict] = {}
    tmp = store_dir / f"{ANSWERS_DIR}.tmp"
    shutil.rmtree(tmp, ignore_errors=True)
    try:
        tmp.mkdir()
        for q in _answerable():
            text = bind_values(q.text, {})
            target = tmp / f"{q.name}.tsv"
            results = store_query(store, text)
            if not isinstance(results, ox.QuerySolutions):
                continue  # an ASK, CONSTRUCT or DESCRIBE is answered by the store
            results.serialize(output=str(target), format=ox.QueryResultsFormat.TSV)
            with open(target, "rb") as fh:
                rows = sum(chunk.count(b"\n") for chunk in iter(lambda: fh.read(1 << 20), b"")) - 1
            entries[q.name] = {"file": target.name, "rows": rows, "query_sha256": _sha(text)}
        del store
        if store_stamp(store_dir) != stamp:
            done.skipped = f"{store_dir} changed while its stored questions were answered"
            return done
        index = {"format": _FORMAT, "stamp": stamp, "queries": entries}
        (tmp / _INDEX).write_text(json.dumps(index, indent=1, sort_keys=True), encoding="utf-8")
        tmp.rename(folder)
    except (OSError, RuntimeError, SyntaxError, ValueError) as err:
        done.skipped = f"{err}"
        return done
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    done.rows = {name: e["rows"] for name, e in entries.items()}
    done.seconds = time.monotonic() - started
    return done


def forget_answers(store_dir: Path) -> None:
    """Remove the answers written for the store in ``store_dir`` (they are never read once the store
    changes; this frees their room)."""
    shutil.rmtree(Path(store_dir) / ANSWERS_DIR, ignore_errors=True)


def _settle(store_dir: Path) -> None:
    """Open the store for writing and close it, writing nothing, if no one else has it open: RocksDB then
    sets aside the logs a load left behind, which it would do the next time the store is opened for
    writing; so the next load that changes nothing finds the store as its answers were made on."""
    from kg.store.embedded import StoreError, open_store

    try:
        store = open_store(store_dir, create=False, write=True)
    except StoreError:
        return  # another process has it: the stamp is taken as the store is
    del store


class StoredAnswers:
    """The answers :func:`refresh` wrote for the store in ``store_dir``, as far as they are of the store
    as it is now (read when made: make one per use of the store)."""

    def __init__(self, store_dir: Path):
        self.folder = Path(store_dir) / ANSWERS_DIR
        self.entries: dict[str, dict] = {}
        try:
            index = json.loads((self.folder / _INDEX).read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return
        if (
            isinstance(index, dict)
            and index.get("format") == _FORMAT
            and isinstance(index.get("queries"), dict)
            and index.get("stamp") == store_stamp(Path(store_dir))
        ):
            self.entries = index["queries"]

    def answers(self, q: QueryText, params: dict[str, str] | None = None) -> dict | None:
        """The index entry of ``q``'s answer (its file and rows), if it is a stored question answered on
        the store as it is, by the same text; else None."""
        if q.stored is None or params or q.stored.params:
            return None
        entry = self.entries.get(q.stored.name)
        if not isinstance(entry, dict) or entry.get("query_sha256") != _sha(bind_values(q.text, {})):
            return None
        return entry

    def results(
        self, q: QueryText, params: dict[str, str] | None = None, *, offset: int = 0, limit: int | None = None
    ) -> Results | None:
        """The page of ``limit`` rows (all when None) after the first ``offset`` of ``q``'s answer, as
        :func:`kg.query.sparql.run_store` gives it, with the whole answer's row count; None when ``q`` is
        not a stored question answered on the store as it is (then ask the store)."""
        entry = self.answers(q, params)
        if entry is None:
            return None
        try:
            solutions = ox.parse_query_results(path=str(self.folder / entry["file"]), format=ox.QueryResultsFormat.TSV)
            solutions = cast(ox.QuerySolutions, solutions)  # a TSV file holds solutions
            names = [v.value for v in solutions.variables]
            page = islice(solutions, offset, None if limit is None else offset + limit)
            rows = [{n: t for n, t in zip(names, sol) if t is not None} for sol in page]
        except (OSError, SyntaxError, KeyError, TypeError):
            return None  # removed or rewritten meanwhile: the store answers
        total = int(entry["rows"])
        if not offset and limit is None:
            return Results(names, rows)
        return Results(names, rows, total=total, offset=offset, more=total > offset + len(rows))


def runner(store_dir: Path, store: ox.Store, **options):
    """``run(q, params, offset=, limit=)`` as ``kg query`` runs queries on the embedded store in ``store_dir``
    (open as ``store``): a stored question answered ahead on the store as it is, from its answer, any
    other query by :func:`kg.query.sparql.run_store` with ``options`` (``timeout``, ``allow_fetch``)."""
    ahead = StoredAnswers(store_dir)

    def run(q: QueryText, params: dict[str, str] | None = None, **page) -> Results:
        found = ahead.results(q, params, **page)
        return found if found is not None else run_store(store, q, params, **options, **page)

    return run
