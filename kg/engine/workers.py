"""Parse and analyse documents in this process or in N worker processes, results in input order.

Each worker loads the spaCy model once (``forkserver`` start method on Linux, ``spawn``
elsewhere: nothing of the parent's threads or open stores is inherited) and takes chunks of
documents; their paragraphs flow through ``nlp.pipe`` in batches. A worker sends back each
document's analysis already pickled (:class:`kg.engine.record.Analysis`: a few kilobytes, no spaCy
objects), never the parsed ``Doc``, so the parent does little but write the cache. At most
two chunks per worker are in flight, so memory does not grow with the corpus.
"""

from __future__ import annotations

import math
import multiprocessing
import pickle
import sys
from collections import deque
from concurrent.futures import ProcessPoolExecutor
from typing import Iterator, Sequence

from kg.ingest.documents import Document

_MODEL: str | None = None


def analyse_chunk(documents: Sequence[Document], nlp, batch_size: int) -> list[bytes]:
    """The pickled :class:`kg.engine.record.Analysis` of each document, in order."""
    from kg.engine.record import reduce
    from kg.nlp.parse import parse_many
    from kg.engine.pipeline import analyse

    return [pickle.dumps(reduce(analyse(d, paragraphs, nlp)), protocol=pickle.HIGHEST_PROTOCOL)
            for d, paragraphs in parse_many(documents, nlp, batch_size)]


def _init_worker(model: str | None) -> None:
    global _MODEL
    _MODEL = model


def _work(documents: list[Document], batch_size: int) -> list[bytes]:
    from kg.nlp.parse import load_model

    return analyse_chunk(documents, load_model(_MODEL), batch_size)  # the model loads at the first chunk


def _context():
    method = "forkserver" if sys.platform.startswith("linux") else "spawn"
    return multiprocessing.get_context(method)


def _take(documents, i: int, n: int) -> list:
    """``documents[i:i + n]``, emptying those places of a list, so memory does not hold every text."""
    part = list(documents[i:i + n])
    if isinstance(documents, list):
        documents[i:i + n] = [None] * len(part)
    return part


class Analyser:
    """Parse and analyse documents, then run other work (``run``), with ``jobs`` processes (1: here).

    The worker processes start at the first task and serve both phases of a build (each loads the
    spaCy model at its first document); use it as a context manager so that they stop after.

    Args:
        model: the spaCy model name (default: the installed English small model).
        jobs: worker processes; 1 works here.
        batch_size: paragraphs per ``nlp.pipe`` batch.
        chunk: documents per task sent to a worker.
    """

    def __init__(self, model: str | None = None, jobs: int = 1, batch_size: int = 64, chunk: int = 32):
        self.model, self.jobs, self.batch_size, self.chunk = model, max(1, jobs), batch_size, max(1, chunk)
        self.pool: ProcessPoolExecutor | None = None

    def __enter__(self) -> "Analyser":
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def close(self) -> None:
        """Stop the workers (with the spaCy model each holds); a later task starts new ones."""
        if self.pool is not None:
            self.pool.shutdown(wait=True, cancel_futures=True)
            self.pool = None

    def _pool(self) -> ProcessPoolExecutor:
        if self.pool is None:
            self.pool = ProcessPoolExecutor(self.jobs, mp_context=_context(), initializer=_init_worker,
                                            initargs=(self.model,))
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

    def analyse(self, documents: Sequence[Document]) -> Iterator[bytes]:
        """Yield the pickled analysis of each document, in the order given. A list given is
        emptied as its documents are sent off (so that the texts are not all held at once)."""
        if not documents:
            return
        if self.jobs == 1:
            from kg.nlp.parse import load_model

            nlp = load_model(self.model)
            for i in range(0, len(documents), self.chunk):
                yield from analyse_chunk(_take(documents, i, self.chunk), nlp, self.batch_size)
            return
        # small corpora: spread them over the workers rather than give one worker everything
        size = max(1, min(self.chunk, math.ceil(len(documents) / self.jobs)))
        calls = ((_work, (_take(documents, i, size), self.batch_size)) for i in range(0, len(documents), size))
        for results in self._ordered(calls):
            yield from results

    def feeder(self, put, progress=None) -> "Feeder":
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

    ``add(document, key)`` queues a document; every ``chunk`` documents go to a worker (at most
    two chunks per worker in flight: reading waits for them); each analysis comes back to
    ``put(key, pickled analysis)`` (the cache). ``finish()`` sends the rest and waits for all.
    With one job, each chunk is analysed here when it is full.
    """

    def __init__(self, analyser: Analyser, put, progress=None):
        self.analyser, self.put, self.progress = analyser, put, progress
        self.buffer: list[tuple[Document, str]] = []
        self.window: deque = deque()
        self.sent = 0
        self.chunk = 16 if analyser.jobs > 1 else analyser.chunk

    def add(self, document: Document, key: str) -> None:
        self.buffer.append((document, key))
        self.sent += 1
        if len(self.buffer) >= self.chunk:
            self._send()

    def _send(self) -> None:
        if not self.buffer:
            return
        documents = [d for d, _ in self.buffer]
        keys = [k for _, k in self.buffer]
        self.buffer = []
        a = self.analyser
        if a.jobs == 1:
            from kg.nlp.parse import load_model

            self._store(keys, analyse_chunk(documents, load_model(a.model), a.batch_size))
            return
        self.window.append((keys, a._pool().submit(_work, documents, a.batch_size)))
        while len(self.window) > 2 * a.jobs:
            self._collect()

    def _collect(self) -> None:
        keys, future = self.window.popleft()
        self._store(keys, future.result())

    def _store(self, keys: list[str], results: list[bytes]) -> None:
        for key, data in zip(keys, results):
            self.put(key, data)
        if self.progress is not None:
            self.progress.update(len(keys))

    def finish(self, progress=None) -> None:
        """Send what is left and wait for every analysis (``progress`` counts them from here on)."""
        if progress is not None:
            self.progress = progress
        self._send()
        while self.window:
            self._collect()


def validate_nquads(data: bytes, base: str | None = None):
    """The SHACL report (:func:`kg.semantics.validate.validate`) of the graphs in some N-Quads, validated together
    (with the instance prefixes of ``base``, so that findings read ``person:...``)."""
    from kg.rdf.mapping import DEFAULT_BASE, Mapper
    from kg.semantics.validate import validate

    dataset = Mapper(base or DEFAULT_BASE).dataset
    dataset.parse(data=data, format="nquads")
    return validate(dataset)


def merge_reports(a, b):
    """One report with the findings of both."""
    from kg.semantics.validate import Report

    findings = sorted(set(a.findings) | set(b.findings),
                      key=lambda f: (f.severity != "Violation", f.focus, f.path, f.message, f.value))
    return Report(findings, a.seconds + b.seconds, a.triples + b.triples)


class Validator:
    """Check chunks of document graphs against the SHACL shapes as they are mapped.

    Each chunk goes through :func:`kg.semantics.conform.may_violate` (a compiled check, ~1 ms an
    article); only a chunk it flags is validated by pySHACL, whose report is then the one
    that counts. Without the compiled check (a shapes file it cannot compile), pySHACL
    validates every chunk. ``enabled`` False: no validation at all.
    """

    def __init__(self, enabled: bool, base: str | None = None):
        self.enabled, self.base = enabled, base
        self.merged = None
        self.fast: bool | None = None  # whether the compiled check can be used (known at the first chunk)

    def __enter__(self) -> "Validator":
        return self

    def __exit__(self, *exc) -> None:
        pass

    def _add(self, report) -> None:
        self.merged = report if self.merged is None else merge_reports(self.merged, report)

    def check(self, dataset, nquads: bytes | None = None, base: str | None = None) -> None:
        """Validate one chunk (an rdflib Dataset of document graphs, or kg.engine.local's collector of
        them, and the same as N-Quads)."""
        if not self.enabled:
            return
        from kg.semantics import conform

        if self.fast is None:
            try:
                conform.compiled()
                self.fast = True
            except conform.UnsupportedShapesError:
                self.fast = False
        if self.fast and not conform.may_violate(dataset, nquads):
            return
        from kg.semantics.validate import validate

        if not hasattr(dataset, "serialize"):  # kg.engine.local's collector of triples: pySHACL wants rdflib
            dataset = dataset.dataset(base or self.base)
        self._add(validate(dataset))

    def submit(self, nquads: bytes) -> None:
        """Validate one chunk given as N-Quads."""
        if not self.enabled or not nquads:
            return
        from kg.rdf.mapping import DEFAULT_BASE, Mapper

        dataset = Mapper(self.base or DEFAULT_BASE).dataset
        dataset.parse(data=nquads, format="nquads")
        self.check(dataset, nquads)

    def report(self):
        """The findings of the chunks pySHACL validated (None when it validated none)."""
        return self.merged
