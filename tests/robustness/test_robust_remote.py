"""Remote loads retry server errors (5xx) with growing waits, then give up with a clear message."""

from __future__ import annotations

import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

from kg.errors import KgError
from kg.store.remote import Endpoint


class _Flaky(BaseHTTPRequestHandler):
    plan: list[int] = []
    seen: list[str] = []

    def do_PUT(self):  # noqa: N802 (http.server's naming)
        self.rfile.read(int(self.headers.get("Content-Length", 0)))
        _Flaky.seen.append(self.headers.get("Authorization", ""))
        code = _Flaky.plan.pop(0) if _Flaky.plan else 204
        self.send_response(code)
        self.send_header("Content-Length", "0")
        self.end_headers()

    def log_message(self, *args):
        pass


@pytest.fixture
def flaky():
    server = ThreadingHTTPServer(("127.0.0.1", 0), _Flaky)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    _Flaky.seen = []
    yield f"http://127.0.0.1:{server.server_address[1]}/store"
    server.shutdown()
    server.server_close()


def _endpoint(url, **env):
    ep = Endpoint(url, timeout=5, environ={"KG_ENDPOINT_RETRIES": "3", **env})
    ep.waits = []
    ep.sleep = ep.waits.append
    return ep


def test_robust_remote_retries_5xx_then_succeeds(flaky):
    _Flaky.plan = [503, 502]
    ep = _endpoint(flaky)
    ep.put_graph("https://example.org/graph/a", [])
    assert ep.waits == [0.5, 1.0] and len(_Flaky.seen) == 3


def test_robust_remote_gives_up_with_a_clear_message(flaky):
    _Flaky.plan = [503] * 10
    ep = _endpoint(flaky, KG_ENDPOINT_USER="editor", KG_ENDPOINT_PASSWORD="s3cret-pass")
    with pytest.raises(KgError) as err:
        ep.put_graph("https://example.org/graph/a", [])
    message = str(err.value)
    assert "503" in message and "4 tries" in message
    assert "s3cret-pass" not in message and "editor" not in message  # credentials never in errors
    assert ep.waits == [0.5, 1.0, 2.0]


def test_robust_remote_4xx_is_not_retried(flaky):
    _Flaky.plan = [404]
    ep = _endpoint(flaky)
    with pytest.raises(KgError, match="404"):
        ep.put_graph("https://example.org/graph/a", [])
    assert ep.waits == [] and len(_Flaky.seen) == 1


def test_robust_remote_bad_retry_setting():
    with pytest.raises(KgError, match="KG_ENDPOINT_RETRIES"):
        Endpoint("http://127.0.0.1:9/store", environ={"KG_ENDPOINT_RETRIES": "lots"})
