"""Parse and analyse documents in this process or in N worker processes, results in input order.

Each worker loads the spaCy model once (``forkserver`` start method on Linux, ``spawn``
elsewhere: nothing of the parent's threads or open stores is inherited; the forkserver imports
what the workers run, and loads what mapping needs, once, before it forks any: :data:`PRELOAD`)
and takes chunks of documents; their paragraphs flow through ``nlp.pipe`` in batches. A worker sends back each
document's record already pickled with its document (:func:`kg.engine.record_json.dumps`: a few
kilobytes, no spaCy objects), never the parsed ``Doc``, so the parent does little but write the
cache. At most two chunks per worker are in flight, so memory does not grow with the corpus.
Once its model is loaded, a worker freezes what it holds (:func:`gc.freeze`): the collections that
parsing and analysis set off do not walk the model's objects again.

Then the same pool runs other work (:meth:`Analyser.run`: the mapping); :meth:`Analyser.warm` starts
its processes ahead, each loading what mapping needs as it starts.
"""

from __future__ import annotations

import gc
import multiprocessing
import sys
from collections import deque
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import cast

from kg.engine.cache import AnalysisCache
from kg.engine.record import DocumentRecord, Failed, failed
from kg.engine.record_json import loads
from kg.errors import KgError
from kg.ingest.documents import Document

_MODEL: str | None = None
_FROZEN = False  # has this worker frozen its model's objects (see _worker_model)
#: characters of text a chunk sent to a worker holds at most (unless it is one document): about 44
#: articles of 550 characters (100 paragraphs), or 12 of 2,000 (a worker parses it in about 0.7 s). A
#: chunk's paragraphs are parsed in ``nlp.pipe`` batches, and a chunk of fewer paragraphs than a batch
#: parses in small ones: chunks of 12,000 characters made batches of about 40 paragraphs, which spaCy
#: parses 3-5% slower a paragraph than batches of 64 (measured in one process on bench/corpus.py's
#: articles; 128 a batch would save as much again, but costs each worker 40 MB more at its peak)
CHUNK_CHARS = 24_000
#: documents a chunk sent to a worker holds at most
CHUNK_DOCS = 64


def analyse_chunk(
    documents: Sequence[Document], nlp, batch_size: int, parsed: Callable[[Document, int], None] | None = None
) -> list[bytes | Failed]:
    """The cache entry (:func:`kg.engine.record_json.dumps`: the document and its record) of each document, in
    order, or :class:`~kg.engine.record.Failed` for one that could not be analysed
    (:func:`kg.engine.pipeline.analyse_documents`)."""
    from kg.engine.pipeline import analyse_documents
    from kg.engine.record_json import dumps

    def entry(document: Document, record: DocumentRecord | Failed) -> bytes | Failed:
        if isinstance(record, Failed):
            return record
        try:
            return dumps(document, record)
        except KgError:  # the setup's, not this document's (a broken lexicon or ontology): stop, in one line
            raise
        except Exception as err:  # noqa: BLE001 - a record that cannot be written is a failed analysis
            return failed("analysis", err)

    return [entry(d, r) for d, r in analyse_documents(list(documents), nlp, batch_size, parsed)]


def load_or_analyse(
    cache: AnalysisCache,
    key: str,
    doc_id: str,
    data: bytes | None,
    document: Callable[[], Document],
    model: str | None,
    batch_size: int,
) -> DocumentRecord | Failed:
    """The record of the cache entry ``data`` (read from ``cache`` when None) of the document ``doc_id``;
    a missing or damaged entry is analysed again, here, and cached (or is :class:`~kg.engine.record.Failed`).

    Args:
        document: gives the document to analyse again (reading its file again, when it was not read).
    """
    found = loads(data if data is not None else cache.get(key), doc_id)
    if found is not None:
        return found[1]
    from kg.nlp.parse import load_model

    (fresh,) = analyse_chunk([document()], load_model(model), batch_size)
    if isinstance(fresh, Failed):
        return fresh
    cache.put(key, fresh)
    return cast("tuple[Document, DocumentRecord]", loads(fresh, doc_id))[1]  # just written by dumps: it loads


def _init_worker(model: str | None, warm: bool = False) -> None:
    global _MODEL
    _MODEL = model
    if warm and "kg.engine.preload" not in sys.modules:  # else the forkserver did it before forking this one
        from kg.engine.graphs import warm_up

        warm_up()


def _worker_model():
    """The worker's spaCy model, loaded at its first chunk; then every object alive in the worker (the
    model's hundred thousand or so, the modules') is moved out of the collector's sight
    (:func:`gc.freeze`): they live as long as the worker, and each collection of the oldest
    generation walked them all again (measured: a tenth of the analysis)."""
    from kg.nlp.parse import load_model

    global _FROZEN
    nlp = load_model(_MODEL)
    if not _FROZEN:  # once (what the forkserver froze before forking is frozen already: the count says nothing)
        gc.collect()
        gc.freeze()
        _FROZEN = True
    return nlp


def _work(documents: list[Document], batch_size: int) -> list[bytes | Failed]:
    return analyse_chunk(documents, _worker_model(), batch_size)  # the model loads at the first chunk


def _nothing() -> None:
    """A task that makes the pool start one more worker process."""


#: what the forkserver imports once, before it forks any worker: multiprocessing's default (the main
#: module), then kg.engine.preload, which imports what the workers run and loads what mapping needs;
#: each worker would otherwise do it all again (measured: 0.7 to 1 s of CPU a worker, 4 workers a large
#: build). A name that cannot be imported is passed over by multiprocessing; ``tests/engine/test_jobs.py``
#: imports each.
PRELOAD = ("__main__", "kg.engine.preload")


def _context():
    if not sys.platform.startswith("linux"):
        return multiprocessing.get_context("spawn")
    context = multiprocessing.get_context("forkserver")
    context.set_forkserver_preload(list(PRELOAD))  # read when the forkserver starts (once a process)
    return context


class Analyser:
    """Parse and analyse documents, then run other work (``run``), with ``jobs`` processes (1: here).

    The worker processes start at the first task (each loads the spaCy model at its first document,
    and keeps it); :meth:`close` stops them, and the next task starts new ones, which load the model
    only if they are given documents to parse (the local build closes them between the parsing and the
    mapping, for the memory). Use it as a context manager so that they stop after.

    Args:
        model: the spaCy model name (default: the installed English small model).
        jobs: worker processes; 1 works here.
        batch_size: paragraphs per ``nlp.pipe`` batch.
        chunk: documents per task sent to a worker.
    """

    def __init__(self, model: str | None = None, jobs: int = 1, batch_size: int = 64, chunk: int = 32):
        self.model, self.jobs, self.batch_size, self.chunk = model, max(1, jobs), batch_size, max(1, chunk)
        self.pool: ProcessPoolExecutor | None = None

    def __enter__(self) -> Analyser:
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def close(self) -> None:
        """Stop the workers (with the spaCy model each holds); a later task starts new ones."""
        if self.pool is not None:
            self.pool.shutdown(wait=True, cancel_futures=True)
            self.pool = None

    def executor(self) -> ProcessPoolExecutor | None:
        """The worker processes, when they are running (else None: starting them is not worth one task)."""
        return self.pool

    def _pool(self, warm: bool = False) -> ProcessPoolExecutor:
        if self.pool is None:
            self.pool = ProcessPoolExecutor(
                self.jobs, mp_context=_context(), initializer=_init_worker, initargs=(self.model, warm)
            )
        return self.pool

    def _ordered(self, calls) -> Iterator:
        """Results of ``(function, args)`` calls run by the workers, in order, two per worker in flight."""
        pool = self._pool()
        window: deque = deque()
        for fn, args in calls:
            window.append(pool.submit(fn, *args))
            if len(window) >= 2 * self.jobs:
                yield window.popleft().result()
        while window:
            yield window.popleft().result()

    def warm(self) -> None:
        """Start the worker processes now, each importing and loading what mapping needs as it starts
        (:func:`kg.engine.graphs.warm_up`), while this process goes on with other work."""
        if self.jobs > 1 and self.pool is None:
            pool = self._pool(warm=True)
            for _ in range(self.jobs):  # a pool starts a process for each task submitted while none is idle
                pool.submit(_nothing)

    def feeder(self, put, progress=None) -> Feeder:
        """A :class:`Feeder` that sends documents to be analysed as they are read."""
        return Feeder(self, put, progress)

    def run(self, fn, tasks, *, here: bool = False) -> Iterator:
        """``fn(*task)`` for each task, in order: in the workers, or here when ``here`` (or one job)."""
        if self.jobs == 1 or here:
            for task in tasks:
                yield fn(*task)
            return
        yield from self._ordered((fn, task) for task in tasks)


class Feeder:
    """Analyse documents while the rest of the corpus is still being read.

    ``add(document, key)`` queues a document; every :data:`CHUNK_DOCS` documents, or fewer holding
    :data:`CHUNK_CHARS` characters, go to a worker (at most two chunks per worker in flight: reading
    waits for them; what is left when reading ends goes in one chunk per worker, so that one worker
    does not parse it alone while the other waits); each cache entry comes back to
    ``put(key, entry)`` (the cache), and the reason a document could not be analysed to
    ``failed[key]``. ``finish()`` sends the rest and waits for all.
    With one job, each chunk is analysed here when it is full.
    """

    def __init__(self, analyser: Analyser, put, progress=None):
        self.analyser, self.put, self.progress = analyser, put, progress
        self.failed: dict[str, str] = {}  # key -> why its analysis failed (never cached)
        self.buffer: list[tuple[Document, str]] = []
        self.chars = 0
        self.window: deque = deque()
        self.sent = 0
        self.chunk = CHUNK_DOCS if analyser.jobs > 1 else analyser.chunk

    def add(self, document: Document, key: str) -> None:
        self.buffer.append((document, key))
        self.sent += 1
        self.chars += len(document.text)
        if len(self.buffer) >= self.chunk or (self.analyser.jobs > 1 and self.chars >= CHUNK_CHARS):
            self._send()

    def _send(self) -> None:
        if not self.buffer:
            return
        documents = [d for d, _ in self.buffer]
        keys = [k for _, k in self.buffer]
        self.buffer, self.chars = [], 0
        a = self.analyser
        if a.jobs == 1:
            from kg.nlp.parse import load_model

            ticked: dict[int, float] = {}

            def parsed(document: Document, characters: int) -> None:  # progress within a long article
                if self.progress is not None and document.text:
                    step = min(characters / len(document.text), 1.0 - ticked.get(id(document), 0.0))
                    ticked[id(document)] = ticked.get(id(document), 0.0) + step
                    self.progress.update(step)

            results = analyse_chunk(documents, load_model(a.model), a.batch_size, parsed)
            self._put(keys, results, already=sum(ticked.values()))
            return
        self.window.append((keys, a._pool().submit(_work, documents, a.batch_size)))
        while len(self.window) > 2 * a.jobs:
            self._collect()

    def _collect(self) -> None:
        keys, future = self.window.popleft()
        self._put(keys, future.result())

    def _put(self, keys: list[str], results: list[bytes | Failed], already: float = 0.0) -> None:
        for key, data in zip(keys, results):
            if isinstance(data, Failed):
                self.failed[key] = data.reason
            else:
                self.put(key, data)
        if self.progress is not None:  # what was not counted as it was parsed
            self.progress.update(len(keys) - already)

    def finish(self, progress=None) -> None:
        """Send what is left and wait for every analysis (``progress`` counts them from here on)."""
        if progress is not None:
            self.progress = progress
        rest = self.buffer
        size = -(-len(rest) // self.analyser.jobs)  # one piece a worker (all of it, with one job)
        for i in range(0, len(rest), size or 1):
            self.buffer = rest[i : i + size]
            self._send()
        while self.window:
            self._collect()
