"""``kg serve``: a SPARQL endpoint with a query page over the embedded store.

It runs the Oxigraph server program (PyPI ``oxigraph``, installed beside kg) on the store
folder: ``oxigraph serve-read-only`` by default, ``oxigraph serve`` when asked to be
writable. The default graph is the union of the document graphs, as for ``kg query``.
Endpoints: ``/query`` (SPARQL queries), ``/update`` (updates, writable only), ``/store``
(Graph Store Protocol; writes only when writable) and a query page at ``/``.

Oxigraph listens on a private loopback port; kg's front (:mod:`kg.store.gateway`) listens
where asked and checks each request first: the Host and Origin headers, a token on every
write (``KG_SERVE_TOKEN``, else one made at start), no SERVICE or LOAD unless allowed, and
the timeout (a query past it is stopped by restarting Oxigraph). A writable server listens
only on a loopback address unless ``allow_remote_writes``.

While a read-only server runs, its process id sits in the store folder (``.kg-serve.pid``)
so that ``kg load`` refuses to write under it; ``kg query`` still reads the store.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import errno
import ipaddress
import os
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from kg.errors import KgError
from kg.store.embedded import SERVE_MARKER, NotAStoreError, StoreError, StoreLockedError, is_store, lock_holder, served_by
from kg.rdf.write import atomic_write_bytes
from kg.store import gateway

DEFAULT_BIND = "127.0.0.1:7878"
#: where the token writes must carry is read from, when none is given
TOKEN_VARIABLE = "KG_SERVE_TOKEN"


class ServeError(KgError):
    """The server cannot be started."""


def oxigraph_program() -> str:
    """The ``oxigraph`` program installed beside this Python, else the one on PATH."""
    beside = Path(sys.executable).parent / "oxigraph"
    if beside.is_file() and os.access(beside, os.X_OK):
        return str(beside)
    found = shutil.which("oxigraph")
    if found:
        return found
    raise ServeError("the Oxigraph server program `oxigraph` is not installed; install it with "
                     "`pip install oxigraph` (make install does)")


def parse_bind(bind: str) -> tuple[str, int]:
    """'127.0.0.1:7878' -> ('127.0.0.1', 7878); '[::1]:7878' works too."""
    host, sep, port = bind.rpartition(":")
    if not sep or not port.isdigit() or not 0 < int(port) < 65536:
        raise ServeError(f"--bind {bind!r}: give HOST:PORT, e.g. {DEFAULT_BIND}")
    return host.strip("[]") or "127.0.0.1", int(port)


def is_loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


class Server:
    """The Oxigraph server over a store folder, as a child process behind kg's front; a context manager.

    Args:
        store_dir: the store folder (made by ``kg load``; with ``writable`` it may be new).
        bind: HOST:PORT to listen on; 127.0.0.1 keeps it to this machine.
        writable: accept updates and Graph Store writes (it then holds the store's lock), from
            requests that carry the token (``token``, else ``$KG_SERVE_TOKEN``, else one made
            now: :attr:`token`) as ``Authorization: Bearer TOKEN``.
        timeout: seconds after which a query or update is stopped and answered with an error.
        allow_fetch: let queries and updates make the server fetch URLs (SERVICE, LOAD).
        allow_remote_writes: let a writable server listen on an address other machines reach.
        host_names: more names the server answers for (the Host header), besides the bound address
            (and ``localhost`` on a loopback one).

    >>> with Server("output/store", bind="127.0.0.1:7878") as server:  # doctest: +SKIP
    ...     print(server.query_url)
    http://127.0.0.1:7878/query
    """

    def __init__(self, store_dir: Path | str, *, bind: str = DEFAULT_BIND, writable: bool = False,
                 timeout: float | None = None, token: str | None = None, allow_fetch: bool = False,
                 allow_remote_writes: bool = False, host_names: tuple[str, ...] = ()):
        self.store_dir = Path(store_dir)
        self.host, self.port = parse_bind(bind)
        self.writable = writable
        self.timeout = timeout
        if writable and not is_loopback(self.host) and not allow_remote_writes:
            raise ServeError(f"a writable server on {self.host} could be written to from other machines; "
                             "bind a loopback address (127.0.0.1), or add --allow-remote-writes if you mean it")
        self.token_from_env = writable and not token and bool(os.environ.get(TOKEN_VARIABLE))
        self.token = (token or os.environ.get(TOKEN_VARIABLE) or secrets.token_urlsafe(24)) if writable else None
        self.policy = gateway.Policy(_host_names(self.host, self.port, host_names), self.token, allow_fetch, timeout)
        self.process: subprocess.Popen | None = None
        self.backend_port = 0
        self._front: gateway.Running | None = None
        self._restart_lock = threading.Lock()
        self._spawner: ThreadPoolExecutor | None = None
        self._log = None

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

    def command(self) -> list[str]:
        """The Oxigraph server's command line: on the private port, never reachable from elsewhere."""
        cmd = [oxigraph_program(), "serve" if self.writable else "serve-read-only", "--location", str(self.store_dir),
               "--bind", f"127.0.0.1:{self.backend_port}", "--union-default-graph"]
        if self.timeout:
            cmd += ["--timeout-s", str(max(1, round(self.timeout)))]
        return cmd

    def _check_store(self) -> None:
        path = self.store_dir
        if path.exists() and not path.is_dir():
            raise NotAStoreError(f"{path} is a file, not a store folder")
        if path.is_dir() and not is_store(path) and any(p.name != SERVE_MARKER for p in path.iterdir()):
            raise NotAStoreError(f"{path} is not a kg store (no Oxigraph database in it, and it holds other files)")
        if not self.writable and not is_store(path):
            raise StoreError(f"no store at {path}; load one first: kg load output/ --store {path} "
                             "(or serve a new empty store with --writable)")
        holder = lock_holder(path) if is_store(path) else None
        if holder is not None:
            raise StoreLockedError(f"{path} is open for writing in another process ({holder}); stop it first, "
                                   "or query that process's endpoint")
        pid = served_by(path)
        if pid is not None and self.writable:
            raise StoreLockedError(f"{path} is being served by `kg serve` (process {pid}); stop it first")

    def _check_port(self) -> None:
        family = socket.AF_INET6 if ":" in self.host else socket.AF_INET
        try:
            with socket.socket(family, socket.SOCK_STREAM) as sock:
                sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as the server does
                sock.bind((self.host, self.port))
        except OSError as err:
            if err.errno == errno.EADDRINUSE:
                raise ServeError(f"{self.host}:{self.port} is already in use; choose another port with "
                                 f"--bind {self.host}:PORT") from None
            raise ServeError(f"cannot listen on {self.host}:{self.port}: {err.strerror or err}") from None

    def start(self, wait: float = 30.0) -> "Server":
        """Start the server and return once it answers HTTP.

        Raises:
            StoreError: not a store, or locked; ServeError: the port is taken or it will not start.
        """
        self._check_store()
        self._check_port()
        self._start_backend(wait)
        family = socket.AF_INET6 if ":" in self.host else socket.AF_INET
        try:
            front = gateway.Front((self.host, self.port), family, self.policy,
                                  self._backend, self.restart)
        except OSError as err:
            self.stop()
            raise ServeError(f"cannot listen on {self.host}:{self.port}: {err.strerror or err}") from None
        self._front = gateway.Running(front)
        if not self.writable:
            atomic_write_bytes(self.store_dir / SERVE_MARKER, f"{self.process.pid}\n".encode())
        return self

    def _backend(self) -> tuple[str, int]:
        """Where the Oxigraph server listens; during a restart, once it is back."""
        with self._restart_lock:
            return "127.0.0.1", self.backend_port

    def _start_backend(self, wait: float) -> None:
        with socket.socket() as sock:  # a free private port
            sock.bind(("127.0.0.1", 0))
            self.backend_port = sock.getsockname()[1]
        self._log = self._log or tempfile.TemporaryFile()
        self.process = subprocess.Popen(self.command(), stdin=subprocess.DEVNULL, stdout=self._log,
                                        stderr=subprocess.STDOUT, preexec_fn=_die_with_parent())
        deadline = time.monotonic() + wait
        url = f"http://127.0.0.1:{self.backend_port}/"
        while True:
            if self.process.poll() is not None:
                self._raise_start_failure()
            try:
                with urllib.request.urlopen(url, timeout=2) as resp:
                    if resp.status < 500 and self.process.poll() is None:
                        break
            except urllib.error.HTTPError as err:
                if err.code < 500 and self.process.poll() is None:
                    break
            except (OSError, urllib.error.URLError):
                pass
            if time.monotonic() > deadline:
                self.stop()
                raise ServeError(f"the Oxigraph server did not answer at {self.url} within {wait:g} s")
            time.sleep(0.05)

    def restart(self, port: int | None = None) -> None:
        """Stop every query running (Oxigraph cannot cancel one) by restarting the Oxigraph server;
        with ``port``, only if it still is the one on that port (not already restarted).

        The new server is started from one long-lived thread: Linux stops a child when the thread
        that started it ends (PR_SET_PDEATHSIG), and a request's thread ends with the request."""
        if self._spawner is None:
            self._spawner = ThreadPoolExecutor(1, thread_name_prefix="kg-serve-restart")
        self._spawner.submit(self._restart, port).result()

    def _restart(self, port: int | None) -> None:
        with self._restart_lock:
            old = self.process
            if old is None or (port is not None and port != self.backend_port):
                return
            old.kill()
            old.wait()
            self._start_backend(30.0)
            if not self.writable:
                atomic_write_bytes(self.store_dir / SERVE_MARKER, f"{self.process.pid}\n".encode())

    def _raise_start_failure(self) -> None:
        out = self._output()
        self._close_log()
        low = out.lower()
        if "address already in use" in low or "addrinuse" in low:
            raise ServeError(f"{self.host}:{self.port} is already in use; choose another port with "
                             f"--bind {self.host}:PORT")
        if "lock" in low:
            raise StoreLockedError(f"{self.store_dir} is locked by another process (a `kg load` or another "
                                   "`kg serve --writable`?); stop it first")
        last = next((line for line in reversed(out.splitlines()) if line.strip()), "no message")
        raise ServeError(f"the Oxigraph server stopped at once: {last.strip()}")

    def _output(self) -> str:
        if self._log is None:
            return ""
        self._log.seek(0)
        return self._log.read().decode("utf-8", "replace")

    def _close_log(self) -> None:
        if self._log is not None:
            self._log.close()
            self._log = None

    def wait(self) -> int:
        """Block until the server stops by itself (a restart after a timeout does not count); its exit status."""
        while True:
            proc = self.process
            assert proc is not None
            status = proc.wait()
            with self._restart_lock:
                if proc is self.process:
                    return status

    def stop(self) -> None:
        """Stop the server (SIGTERM, then SIGKILL after 10 s) and remove the store marker."""
        if self._front is not None:
            self._front.close()
            self._front = None
        proc = self.process
        if proc is not None:
            if proc.poll() is None:
                proc.send_signal(signal.SIGTERM)
                try:
                    proc.wait(10)
                except subprocess.TimeoutExpired:
                    proc.kill()
                    proc.wait()
            if self._spawner is not None:
                self._spawner.shutdown()
                self._spawner = None
            marker = self.store_dir / SERVE_MARKER
            try:
                if marker.read_text().strip() == str(proc.pid):
                    marker.unlink()
            except OSError:
                pass
        self._close_log()

    def __enter__(self) -> "Server":
        return self.start() if self.process is None else self

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


def _die_with_parent():
    """A pre-exec hook asking Linux to stop the server if kg dies without stopping it (PR_SET_PDEATHSIG)."""
    try:
        prctl = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6", use_errno=True).prctl
    except (OSError, AttributeError):
        return None

    def hook() -> None:  # pragma: no cover - runs in the child, between fork and exec
        prctl(1, signal.SIGTERM)

    return hook
