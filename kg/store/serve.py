"""``kg serve``: a SPARQL endpoint with a query page over the embedded store, on one port.

kg answers every request itself, in this process, from the store opened with pyoxigraph
(read-only unless asked to be writable): there is no second server and no other port, so
nothing but kg's front door (:mod:`kg.store.gateway`) reaches the store. The HTTP server is
waitress (HTTP/1.1, keep-alive, HEAD; it reads each request whole before kg sees it, refuses
malformed ones and bodies over the cap, and closes a connection that sends nothing for
``read_timeout`` seconds, without tying up a thread while it waits).

The default graph is the union of the document graphs, and the usual prefixes (``kg:``,
``rdfs:``, ``person:``, ...) are declared, as for ``kg query`` (both go through
:func:`kg.query.syntax.store_query`). Endpoints: ``/query`` (SPARQL queries), ``/update``
(updates, writable only), ``/store`` (Graph Store Protocol; writes only when writable) and a
query page at ``/``. A query past the timeout is stopped: it runs in a forked child, killed
at the deadline (:mod:`kg.query.deadline`). An update runs to its end (only token holders
send them). A writable server listens only on a loopback address unless
``allow_remote_writes``.

While a read-only server runs, its process id sits in the store folder (``.kg-serve.pid``)
so that ``kg load`` refuses to write under it; ``kg query`` still reads the store.
"""

from __future__ import annotations

import errno
import ipaddress
import math
import os
import secrets
import socket
import threading
from pathlib import Path
from typing import Any

from kg.errors import KgError
from kg.rdf.write import atomic_write_bytes
from kg.store import gateway
from kg.store.embedded import (
    SERVE_MARKER,
    NotAStoreError,
    StoreError,
    StoreLockedError,
    is_store,
    lock_holder,
    open_store,
    served_by,
)
from kg.store.gateway import TOKEN_VARIABLE

__all__ = [
    "DEFAULT_BIND",
    "DEFAULT_TIMEOUT",
    "READ_TIMEOUT",
    "TOKEN_VARIABLE",
    "ServeError",
    "Server",
    "is_loopback",
    "parse_bind",
]

DEFAULT_BIND = "127.0.0.1:7878"
#: seconds a query may run unless told otherwise (0 or None: no limit)
DEFAULT_TIMEOUT = 60.0
#: seconds a connection may stay silent (in the middle of a request, or between requests) before it is closed
READ_TIMEOUT = 30.0
#: requests answered at once (a query waiting for its child holds one)
THREADS = 8


class ServeError(KgError):
    """The server cannot be started."""


def parse_bind(bind: str) -> tuple[str, int]:
    """'127.0.0.1:7878' -> ('127.0.0.1', 7878); '[::1]:7878' works too; port 0: any free port."""
    host, sep, port = bind.rpartition(":")
    if not sep or not port.isdigit() or not 0 <= int(port) < 65536:
        raise ServeError(f"--bind {bind!r}: give HOST:PORT, e.g. {DEFAULT_BIND} (port 0: any free port)")
    return host.strip("[]") or "127.0.0.1", int(port)


def is_loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


class Server:
    """The store's SPARQL endpoint, served from this process by a thread; a context manager.

    Args:
        store_dir: the store folder (made by ``kg load``; with ``writable`` it may be new).
        bind: HOST:PORT to listen on; 127.0.0.1 keeps it to this machine; port 0 takes a free
            port (then :attr:`port` says which).
        writable: accept updates and Graph Store writes (it then holds the store's lock), from
            requests that carry the token (``token``, else ``$KG_SERVE_TOKEN``, else one made
            now: :attr:`token`) as ``Authorization: Bearer TOKEN``.
        timeout: seconds after which a query is stopped and answered with an error (None or 0: no limit).
        allow_fetch: let queries and updates make the server fetch URLs (SERVICE, LOAD).
        allow_remote_writes: let a writable server listen on an address other machines reach.
        host_names: more names the server answers for (the Host header), besides the bound address
            (and ``localhost`` on a loopback one).
        read_timeout: seconds a connection may send nothing before it is closed.

    >>> with Server("output/store", bind="127.0.0.1:7878") as server:  # doctest: +SKIP
    ...     print(server.query_url)
    http://127.0.0.1:7878/query
    """

    def __init__(
        self,
        store_dir: Path | str,
        *,
        bind: str = DEFAULT_BIND,
        writable: bool = False,
        timeout: float | None = DEFAULT_TIMEOUT,
        token: str | None = None,
        allow_fetch: bool = False,
        allow_remote_writes: bool = False,
        host_names: tuple[str, ...] = (),
        read_timeout: float = READ_TIMEOUT,
    ):
        self.store_dir = Path(store_dir)
        self.host, self.port = parse_bind(bind)
        self.writable = writable
        self.timeout = timeout or None
        self.read_timeout = read_timeout
        if writable and not is_loopback(self.host) and not allow_remote_writes:
            raise ServeError(
                f"a writable server on {self.host} could be written to from other machines; "
                "bind a loopback address (127.0.0.1), or add --allow-remote-writes if you mean it"
            )
        self.token_from_env = writable and not token and bool(os.environ.get(TOKEN_VARIABLE))
        self.token = (token or os.environ.get(TOKEN_VARIABLE) or secrets.token_urlsafe(24)) if writable else None
        self.allow_fetch = allow_fetch
        self.host_names = host_names
        # waitress's server (None when stopped); Any: the shutdown uses its _map and trigger, which its stubs lack
        self._server: Any = None
        self._gateway: gateway.Gateway | None = None
        self._thread: threading.Thread | None = None
        self._marked = False

    @property
    def url(self) -> str:
        host = f"[{self.host}]" if ":" in self.host else self.host
        return f"http://{host}:{self.port}/"

    @property
    def query_url(self) -> str:
        return self.url + "query"

    @property
    def update_url(self) -> str:
        return self.url + "update"

    @property
    def store_url(self) -> str:
        """The Graph Store Protocol endpoint (writes only when writable): what ``kg load --endpoint`` takes."""
        return self.url + "store"

    def _check_store(self) -> None:
        path = self.store_dir
        if path.exists() and not path.is_dir():
            raise NotAStoreError(f"{path} is a file, not a store folder")
        if path.is_dir() and not is_store(path) and any(p.name != SERVE_MARKER for p in path.iterdir()):
            raise NotAStoreError(f"{path} is not a kg store (no Oxigraph database in it, and it holds other files)")
        if not self.writable and not is_store(path):
            raise StoreError(
                f"no store at {path}; load one first: kg load output/ --store {path} "
                "(or serve a new empty store with --writable)"
            )
        holder = lock_holder(path) if is_store(path) else None
        if holder is not None:
            raise StoreLockedError(
                f"{path} is open for writing in another process ({holder}); stop it first, "
                "or query that process's endpoint"
            )
        pid = served_by(path)
        if pid is not None and self.writable:
            raise StoreLockedError(f"{path} is being served by `kg serve` (process {pid}); stop it first")

    def _listen(self) -> socket.socket:
        family = socket.AF_INET6 if ":" in self.host else socket.AF_INET
        sock = socket.socket(family, socket.SOCK_STREAM)
        try:
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            if family == socket.AF_INET6:
                sock.setsockopt(socket.IPPROTO_IPV6, socket.IPV6_V6ONLY, 1)
            sock.bind((self.host, self.port))
        except OSError as err:
            sock.close()
            if err.errno == errno.EADDRINUSE:
                raise ServeError(
                    f"{self.host}:{self.port} is already in use; choose another port with --bind {self.host}:PORT"
                ) from None
            raise ServeError(f"cannot listen on {self.host}:{self.port}: {err.strerror or err}") from None
        return sock

    def start(self) -> Server:
        """Open the store, listen, and serve from a thread of this process; returns at once.

        Raises:
            StoreError: not a store, or locked; ServeError: the port is taken.
        """
        from waitress.server import create_server

        self._check_store()
        store = open_store(self.store_dir, create=self.writable, write=self.writable)
        sock = self._listen()
        self.port = sock.getsockname()[1]
        policy = gateway.Policy(
            _host_names(self.host, self.port, self.host_names), self.token, self.allow_fetch, self.timeout
        )
        quiet = max(1, math.ceil(self.read_timeout))
        self._gateway = gateway.Gateway(store, policy)
        self._server = create_server(
            self._gateway,
            sockets=[sock],
            threads=THREADS,
            ident="kg-serve",
            channel_timeout=quiet,
            cleanup_interval=quiet,
            max_request_body_size=gateway.MAX_BODY_BYTES,
            expose_tracebacks=False,
            asyncore_loop_timeout=1,
        )
        self._thread = threading.Thread(target=self._server.run, name="kg-serve", daemon=True)
        self._thread.start()
        if not self.writable:
            atomic_write_bytes(self.store_dir / SERVE_MARKER, f"{os.getpid()}\n".encode())
            self._marked = True
        return self

    def wait(self) -> None:
        """Block until the server stops (:meth:`stop`, from another thread or a signal handler)."""
        while self._thread is not None and self._thread.is_alive():
            self._thread.join(1.0)

    def stop(self) -> None:
        """Stop the queries running, stop listening, close every connection, close the store and remove
        the store marker."""
        server, thread = self._server, self._thread
        if self._gateway is not None:
            self._gateway.stop_queries()  # their threads then answer at once, and end
        if server is not None:
            from waitress import wasyncore

            try:
                server.trigger.pull_trigger(lambda: wasyncore.close_all(server._map, ignore_all=True))
            except OSError:  # the loop's wake-up pipe is gone (the loop ended): close what is left from here
                wasyncore.close_all(server._map, ignore_all=True)
            if thread is not None:
                thread.join(10)
            server.task_dispatcher.shutdown(timeout=5)
            if thread is not None and thread.is_alive():  # the loop did not stop: close its sockets from here
                wasyncore.close_all(server._map, ignore_all=True)
        if self._gateway is not None:
            # the gateway is done with: None in place of its store (no request reaches it from now on)
            self._gateway.store = None  # type: ignore[assignment]  # the last reference to the store (unless a query still reads it): it closes
        self._server = self._thread = self._gateway = None
        if self._marked:
            marker = self.store_dir / SERVE_MARKER
            try:
                if marker.read_text().strip() == str(os.getpid()):
                    marker.unlink()
            except OSError:
                pass
            self._marked = False

    def __enter__(self) -> Server:
        return self.start() if self._server is None else self

    def __exit__(self, *exc) -> None:
        self.stop()


def _host_names(host: str, port: int, extra: tuple[str, ...]) -> frozenset[str]:
    """The Host header values a server bound to ``host:port`` answers: the address it is bound to,
    ``localhost`` on a loopback one, this machine's names on a wildcard one, and ``extra``."""
    names = {host, *extra}
    if is_loopback(host):
        names.add("localhost")
    if host in ("0.0.0.0", "::"):
        names |= {"localhost", "127.0.0.1", "::1", socket.gethostname(), socket.getfqdn()}
    shown = {f"[{n}]" if ":" in n else n for n in (n.strip().lower().strip("[]") for n in names) if n}
    return frozenset({f"{n}:{port}" for n in shown} | (shown if port == 80 else set()))
