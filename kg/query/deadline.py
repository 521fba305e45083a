"""A query on the embedded store that is stopped at its deadline (issue 17.4).

pyoxigraph cannot cancel a query: a thread that gives up on it leaves it running, burning a
core until it ends, which for a cross product is never. So a query with a timeout runs in a
child process, killed (SIGKILL) when the time is up; the caller gets
:class:`QueryTimeoutError` and no process is left running.

The child is a *fork*: it reads the store through the handle this process opened (on disk,
read-only or not, or in memory) and never opens the store again, so there is no second opening
of a store that may be written meanwhile, which Oxigraph leaves undefined. It only reads, and
it ends with ``os._exit`` (no RocksDB shutdown runs in it). It sends its answer back as bytes
in a standard format (SPARQL 1.1 results JSON, or N-Triples for CONSTRUCT and DESCRIBE) that
this process parses: nothing is unpickled. The limits: another thread of this process that
holds one of the store's locks at the moment of the fork (a write in progress) may leave the
child waiting for it, and the query then ends as a timeout; where there is no fork (Windows),
the query runs in a thread that is given up on at the deadline, as before.

:func:`run_forked` is the mechanism itself, for any work on the store that writes its answer
to a file: ``kg serve`` uses it to send an answer in the format a client asked for.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import shutil
import signal
import stat
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from typing import IO, Any

import pyoxigraph as ox

from kg.query.results import Results, from_oxigraph
from kg.query.syntax import QueryError, syntax_message

__all__ = ["QueryTimeoutError", "run_bounded", "run_forked"]

#: can this system fork (the child shares the opened store; spawn could only open it again)
FORKS = "fork" in multiprocessing.get_all_start_methods()
#: what a query's child process is called (``ps``, ``top``, /proc/PID/comm)
CHILD_NAME = b"kg-query"
_ANSWER, _FAILURE = b"A", b"F"


class QueryTimeoutError(QueryError):
    """A query that ran longer than its timeout."""


def run_bounded(
    evaluate: Callable[[], ox.QuerySolutions | ox.QueryBoolean | ox.QueryTriples],
    text: str,
    source: str,
    timeout: float,
) -> Results:
    """The results of ``evaluate()`` (a pyoxigraph query on a store), stopped after ``timeout`` seconds.

    Args:
        evaluate: runs the query and returns pyoxigraph's results (iterated, hence evaluated, later).
        text: the query text (for the line and column of a syntax error); ``source``: where it came from.
    Raises:
        QueryTimeoutError: it ran longer than ``timeout``; the query was stopped.
        QueryError: bad syntax, or the store failed.
    """

    def work(out: IO[bytes]) -> bytes:
        res = evaluate()
        if isinstance(res, ox.QueryTriples):
            res.serialize(out, format=ox.RdfFormat.N_TRIPLES)
            return b"T"
        res.serialize(out, format=ox.QueryResultsFormat.JSON)
        return b"R"

    with tempfile.TemporaryFile() as sink:
        kind = run_forked(work, sink, source, timeout, text=text)
        sink.seek(0)
        body = sink.read()
    if kind == b"T":
        return Results(triples=[q.triple for q in ox.parse(body, format=ox.RdfFormat.N_TRIPLES)])
    return from_oxigraph(ox.parse_query_results(body, format=ox.QueryResultsFormat.JSON))


def run_forked(
    work: Callable[[IO[bytes]], bytes],
    sink: IO[bytes],
    source: str,
    timeout: float,
    *,
    text: str | None = None,
    guard: contextlib.AbstractContextManager | None = None,
    running: set | None = None,
) -> bytes:
    """Run ``work(sink)`` in a forked child, killed (SIGKILL) if it is still running after ``timeout`` seconds.

    Args:
        work: reads the store (never writes it) and writes its answer to the file it is given; it
            returns a few bytes for the caller (what kind of answer it wrote).
        sink: a real file of this process (``tempfile.TemporaryFile()``): the child writes to it,
            then this process reads it from the start.
        source: where the query came from, for messages; ``text``: its text, for the line and
            column of a syntax error.
        guard: held while the child is forked (a lock that writers of the store hold, so that no
            write is half done in the child's copy of this process).
        running: a set the child is in while it runs (a server kills them all when it stops).
    Returns:
        What ``work`` returned.
    Raises:
        QueryTimeoutError: it ran longer than ``timeout``; it was stopped.
        QueryError: ``work`` failed (bad syntax with line and column, a store error), as one line.
    """
    if not FORKS:
        return _in_thread(work, sink, source, timeout, text)
    context = multiprocessing.get_context("fork")
    receive, send = context.Pipe(duplex=False)
    child = context.Process(
        target=_child, args=(work, sink, text, source, send, os.getpid()), name="kg-query", daemon=True
    )
    deadline = time.monotonic() + timeout
    with guard or contextlib.nullcontext():
        child.start()
    send.close()
    if running is not None:
        running.add(child)
    try:
        if not receive.poll(max(0.0, deadline - time.monotonic())):
            raise _timeout(source, timeout)
        try:
            message = receive.recv_bytes()
        except EOFError:
            child.join()
            raise QueryError(
                f"{source}: the query's process ended without an answer (exit code "
                f"{child.exitcode}); the store may be damaged, or memory ran out"
            ) from None
    finally:
        if child.is_alive():  # past the deadline, or done but for its exit
            child.kill()
        child.join()
        receive.close()
        if running is not None:
            running.discard(child)
    if message[:1] == _FAILURE:
        raise QueryError(message[1:].decode("utf-8", "replace"))
    return message[1:]


def _timeout(source: str, timeout: float) -> QueryTimeoutError:
    return QueryTimeoutError(
        f"{source}: the query ran longer than {timeout:g} s (--timeout) and was stopped; "
        "narrow it, add a LIMIT, or give it more time"
    )


def _child(work, sink, text: str | None, source: str, send, parent: int) -> None:
    """In the child: run the work, send what it returned or what failed, as bytes."""
    _die_with(parent)
    _let_go_of_sockets()
    try:
        tag = work(sink)
        sink.flush()
        send.send_bytes(_ANSWER + tag)
    except Exception as err:  # noqa: BLE001 - the store's errors (OSError, RuntimeError, ...) as one line
        send.send_bytes(_FAILURE + _failure(err, text, source).encode("utf-8"))


def _failure(err: BaseException, text: str | None, source: str) -> str:
    if isinstance(err, SyntaxError):
        return f"{source}: {syntax_message(err, text)}"
    return f"{source}: " + " ".join(str(err).split())


def _die_with(parent: int) -> None:
    """Ask Linux to kill this child if its parent dies (a killed ``kg query`` leaves no query running),
    and name it (``kg-query`` in ps and top)."""
    if sys.platform.startswith("linux"):
        try:
            import ctypes

            prctl = ctypes.CDLL(None, use_errno=True).prctl
            prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG
            prctl(15, ctypes.c_char_p(CHILD_NAME), 0, 0, 0)  # PR_SET_NAME
        except (OSError, AttributeError):
            pass
    if os.getppid() != parent:  # it died before that
        os._exit(1)


def _let_go_of_sockets() -> None:
    """Point every socket inherited from the parent (a server's listening socket, its clients'
    connections) at /dev/null: the child holds no port and keeps no connection open while it
    runs. The descriptors stay taken, so nothing the child opens can be closed by mistake."""
    try:
        names = os.listdir("/proc/self/fd")
    except OSError:
        return
    null = os.open(os.devnull, os.O_RDWR)
    try:
        for name in names:
            fd = int(name)
            try:
                if fd != null and stat.S_ISSOCK(os.fstat(fd).st_mode):
                    os.dup2(null, fd)
            except OSError:
                pass
    finally:
        os.close(null)


def _in_thread(work, sink: IO[bytes], source: str, timeout: float, text: str | None) -> bytes:
    """Without fork: the work in a thread given up on (left running) at the deadline."""
    outcome: dict[str, Any] = {}
    own = tempfile.TemporaryFile()  # noqa: SIM115 - the thread may go on writing after the deadline: not into ``sink``

    def work_here() -> None:  # pyoxigraph releases the GIL while it evaluates, so the caller can give up
        try:
            outcome["tag"] = work(own)
        except BaseException as err:  # noqa: BLE001 - handed to the caller's thread
            outcome["error"] = err

    worker = threading.Thread(target=work_here, name="kg-query", daemon=True)
    worker.start()
    worker.join(timeout)
    if worker.is_alive():
        raise _timeout(source, timeout)
    err = outcome.get("error")
    if isinstance(err, Exception):
        own.close()
        raise QueryError(_failure(err, text, source)) from None
    if err is not None:
        raise err
    own.seek(0)
    shutil.copyfileobj(own, sink)
    own.close()
    return outcome["tag"]
