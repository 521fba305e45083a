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
"""

from __future__ import annotations

import json
import multiprocessing
import os
import signal
import sys
import threading
import time
from typing import Callable

import pyoxigraph as ox

from kg.query.results import Results, from_oxigraph
from kg.query.syntax import QueryError, syntax_message

__all__ = ["QueryTimeoutError", "run_bounded"]

#: can this system fork (the child shares the opened store; spawn could only open it again)
FORKS = "fork" in multiprocessing.get_all_start_methods()
_ANSWER, _FAILURE = b"A", b"F"


class QueryTimeoutError(QueryError):
    """A query that ran longer than its timeout."""


def run_bounded(evaluate: Callable[[], object], text: str, source: str, timeout: float) -> Results:
    """The results of ``evaluate()`` (a pyoxigraph query on a store), stopped after ``timeout`` seconds.

    Args:
        evaluate: runs the query and returns pyoxigraph's results (iterated, hence evaluated, later).
        text: the query text (for the line and column of a syntax error); ``source``: where it came from.
    Raises:
        QueryTimeoutError: it ran longer than ``timeout``; the query was stopped.
        QueryError: bad syntax, or the store failed.
    """
    if not FORKS:
        return _in_thread(evaluate, text, source, timeout)
    context = multiprocessing.get_context("fork")
    receive, send = context.Pipe(duplex=False)
    child = context.Process(target=_child, args=(evaluate, text, source, send, os.getpid()), name="kg-query",
                            daemon=True)
    deadline = time.monotonic() + timeout
    child.start()
    send.close()
    try:
        if not receive.poll(max(0.0, deadline - time.monotonic())):
            raise _timeout(source, timeout)
        try:
            message = receive.recv_bytes()
        except EOFError:
            child.join()
            raise QueryError(f"{source}: the query's process ended without an answer (exit code "
                             f"{child.exitcode}); the store may be damaged, or memory ran out") from None
    finally:
        if child.is_alive():  # past the deadline, or done but for its exit
            child.kill()
        child.join()
        receive.close()
    return _parse(message)


def _timeout(source: str, timeout: float) -> QueryTimeoutError:
    return QueryTimeoutError(f"{source}: the query ran longer than {timeout:g} s (--timeout) and was stopped; "
                             "narrow it, add a LIMIT, or give it more time")


def _child(evaluate, text: str, source: str, send, parent: int) -> None:
    """In the child: run the query, send its answer or what failed, as bytes."""
    _die_with(parent)
    try:
        res = evaluate()
        if isinstance(res, ox.QueryTriples):
            data = b"T" + res.serialize(format=ox.RdfFormat.N_TRIPLES)
        else:
            data = b"R" + res.serialize(format=ox.QueryResultsFormat.JSON)
        send.send_bytes(_ANSWER + data)
    except SyntaxError as err:
        send.send_bytes(_FAILURE + f"{source}: {syntax_message(err, text)}".encode("utf-8"))
    except Exception as err:  # noqa: BLE001 - the store's errors (OSError, RuntimeError, ...) as one line
        send.send_bytes(_FAILURE + f"{source}: {err}".encode("utf-8"))


def _die_with(parent: int) -> None:
    """Ask Linux to kill this child if its parent dies (a killed ``kg query`` leaves no query running)."""
    if sys.platform.startswith("linux"):
        try:
            import ctypes

            ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG
        except (OSError, AttributeError):
            pass
    if os.getppid() != parent:  # it died before that
        os._exit(1)


def _parse(message: bytes) -> Results:
    """The child's message -> results, or the error it reported."""
    if message[:1] == _FAILURE:
        raise QueryError(message[1:].decode("utf-8", "replace"))
    body = message[2:]
    if message[1:2] == b"T":
        return Results(triples=[q.triple for q in ox.parse(body, format=ox.RdfFormat.N_TRIPLES)])
    return from_oxigraph(ox.parse_query_results(body, format=ox.QueryResultsFormat.JSON))


def _in_thread(evaluate, text: str, source: str, timeout: float) -> Results:
    """Without fork: the query in a thread given up on (left running) at the deadline."""
    outcome: dict[str, object] = {}

    def work() -> None:  # pyoxigraph releases the GIL while it evaluates, so the caller can give up
        try:
            outcome["results"] = from_oxigraph(evaluate())
        except BaseException as err:  # handed to the caller's thread
            outcome["error"] = err

    worker = threading.Thread(target=work, name="kg-query", daemon=True)
    worker.start()
    worker.join(timeout)
    if worker.is_alive():
        raise _timeout(source, timeout)
    err = outcome.get("error")
    if isinstance(err, SyntaxError):
        raise QueryError(f"{source}: {syntax_message(err, text)}") from None
    if isinstance(err, (OSError, RuntimeError, ValueError)):
        raise QueryError(f"{source}: {err}") from None
    if err is not None:
        raise err
    return outcome["results"]  # type: ignore[return-value]
