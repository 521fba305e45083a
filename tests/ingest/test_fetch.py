"""Articles from the web (issue 37, item 1): URLs, feeds and lists of URLs, fetched from a server the
test starts on loopback (nothing leaves the machine), politely, once."""

from __future__ import annotations

import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

from kg.ingest.documents import read_corpus
from kg.ingest.fetch import FetchError, FetchOptions, Fetcher, as_url, check_address, expand

PAGE = """<html><head><title>{title}</title></head><body><article><h1>{title}</h1><p>{body}</p>
<p>The sitting resumed after a short break, and the house went on with the estimates for the coming
year, as the order paper had said it would, and members of every party spoke in the debate.</p>
<p>The next sitting is due on Thursday, when the house is to vote on the budget and on two private
members' bills about the opening hours of public libraries in the county.</p></article></body></html>"""

PAGES = {
    "/2024/heckling": ("Member ordered out", "Speaker Ana Lopes ejected MP Tom Reyes on Tuesday."),
    "/2024/motion": ("Library motion fails", "Councillor Rita Moss opposed the motion to close the library."),
    "/private/secret": ("Secret", "Nobody should read this page."),
}
FEED = """<?xml version="1.0"?><rss version="2.0"><channel><title>Example Gazette</title>
<item><title>Member ordered out</title><link>{base}/2024/heckling</link></item>
<item><title>Library motion fails</title><link>{base}/2024/motion</link></item>
</channel></rss>"""


class Site(BaseHTTPRequestHandler):
    hits: list[str] = []
    flaky: dict[str, int] = {}

    def do_GET(self):  # noqa: N802
        Site.hits.append(self.path)
        if self.path == "/robots.txt":
            return self._send(200, "text/plain", b"User-agent: *\nDisallow: /private/\n")
        if self.path == "/feed.xml":
            return self._send(200, "application/rss+xml", FEED.format(base=self.server.base).encode())
        if self.path == "/moved":
            self.send_response(301)
            self.send_header("Location", "/2024/heckling")
            self.send_header("Content-Length", "0")
            self.end_headers()
            return None
        if self.path == "/busy" and Site.flaky.get(self.path, 0) < 2:  # fails twice, then answers
            Site.flaky[self.path] = Site.flaky.get(self.path, 0) + 1
            return self._send(503, "text/plain", b"busy")
        if self.path == "/huge":
            return self._send(200, "text/html", b"<p>" + b"x" * 3_000_000)
        title, body = PAGES.get(self.path if self.path != "/busy" else "/2024/motion", (None, None))
        if title is None:
            return self._send(404, "text/plain", b"no such page")
        return self._send(200, "text/html; charset=utf-8", PAGE.format(title=title, body=body).encode())

    def _send(self, status, media, data):
        self.send_response(status)
        self.send_header("Content-Type", media)
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def log_message(self, *args):
        pass


@pytest.fixture
def site():
    server = ThreadingHTTPServer(("127.0.0.1", 0), Site)
    server.base = f"http://127.0.0.1:{server.server_address[1]}"
    Site.hits, Site.flaky = [], {}
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield server.base
    server.shutdown()
    server.server_close()


OPTIONS = FetchOptions(allow_private=True, delay=0.0, timeout=5.0, max_bytes=1_000_000)


def test_fetch_urls_become_articles_and_a_rerun_fetches_nothing(site, tmp_path):
    urls = [f"{site}/2024/heckling", f"{site}/2024/motion"]
    paths, problems, requests = expand(urls, tmp_path / "cache", OPTIONS)
    assert problems == [] and len(paths) == 2 and requests == 3  # robots.txt once, then two pages
    documents, problems = read_corpus(paths)
    assert sorted(d.url for d in documents) == sorted(urls)
    assert any("ejected MP Tom Reyes" in d.text for d in documents)
    Site.hits.clear()
    again, _, requests = expand(urls, tmp_path / "cache", OPTIONS)
    assert again == paths and requests == 0 and Site.hits == []


def test_fetch_a_feed_url_a_feed_file_and_a_list_of_urls(site, tmp_path):
    paths, problems, _ = expand([f"{site}/feed.xml"], tmp_path / "a", OPTIONS)
    assert problems == [] and len(paths) == 2
    feed = tmp_path / "news.rss"
    feed.write_text(FEED.format(base=site), encoding="utf-8")
    paths, problems, _ = expand([feed], tmp_path / "b", OPTIONS)
    assert problems == [] and len(paths) == 2
    listed = tmp_path / "urls.txt"
    listed.write_text(f"# two pages\n{site}/2024/heckling\n\n{site}/moved\n", encoding="utf-8")
    paths, problems, _ = expand([], tmp_path / "c", OPTIONS, urls_file=listed)
    assert problems == [] and len(paths) == 2


@pytest.mark.parametrize("path, words", [
    ("/private/secret", ["robots.txt"]),
    ("/nowhere", ["404"]),
    ("/huge", ["larger than"]),
])
def test_fetch_refused_or_failed_pages_are_problems_naming_the_url(site, tmp_path, path, words):
    paths, problems, _ = expand([f"{site}{path}"], tmp_path / "cache", OPTIONS)
    assert paths == [] and len(problems) == 1
    for word in words:
        assert word in problems[0].message


def test_fetch_retries_a_busy_server_with_backoff(site, tmp_path):
    paths, problems, _ = expand([f"{site}/busy"], tmp_path / "cache", OPTIONS)
    assert problems == [] and len(paths) == 1 and Site.hits.count("/busy") == 3


@pytest.mark.parametrize("url", ["http://127.0.0.1:9/x", "http://localhost/x", "http://10.1.2.3/x",
                                 "http://169.254.169.254/latest/meta-data", "http://[::1]/x", "ftp://example.org/x",
                                 "file:///etc/passwd"])
def test_fetch_private_local_and_odd_addresses_are_refused(url):
    with pytest.raises(FetchError):
        check_address(url, allow_private=False)


def test_fetch_loopback_is_refused_unless_allowed(site, tmp_path):
    paths, problems, requests = expand([f"{site}/2024/heckling"], tmp_path / "cache", FetchOptions(delay=0.0))
    assert paths == [] and requests == 0 and "--allow-private" in problems[0].message


def test_fetch_the_address_connected_to_is_checked_too(site, tmp_path, monkeypatch):
    """DNS rebinding: a name that resolves to a public address when checked and to a private one when the
    connection is made is refused by the connection's own address (here: the check passes, the server is local)."""
    import kg.ingest.fetch as fetch

    monkeypatch.setattr(fetch, "check_address", lambda url, allow_private: None)
    fetcher = fetch.Fetcher(tmp_path / "cache", FetchOptions(delay=0.0, timeout=5.0))
    monkeypatch.setattr(fetcher, "_allowed", lambda url: True)
    with pytest.raises(FetchError, match=r"^http://127\.0\.0\.1:\d+/2024/heckling: 127\.0\.0\.1 connected to a private"):
        fetcher.get(f"{site}/2024/heckling")
    assert "/2024/heckling" not in Site.hits
    assert fetch.Fetcher(tmp_path / "other", OPTIONS).get(f"{site}/2024/heckling")[0] == 200


def test_fetch_a_polite_delay_between_two_requests_to_one_host(site, tmp_path):
    import time

    fetcher = Fetcher(tmp_path, FetchOptions(allow_private=True, delay=0.3))
    started = time.monotonic()
    fetcher.get(f"{site}/2024/heckling")  # robots.txt, then the page: one delay between
    assert time.monotonic() - started >= 0.3


def test_fetch_a_path_folded_url_is_read_back():
    assert as_url(Path("https://news.example/a/b")) == "https://news.example/a/b"
    assert as_url("http://news.example/") == "http://news.example/"


@pytest.mark.model
def test_fetch_kg_build_takes_urls_and_says_what_it_skipped(site, tmp_path):
    from click.testing import CliRunner

    from kg.cli import main

    done = CliRunner().invoke(main, ["build", f"{site}/2024/heckling", f"{site}/private/secret", "--allow-private",
                                     "--out", str(tmp_path / "out")])
    assert done.exit_code == 0, done.output
    assert "1 document" in done.output and "robots.txt" in done.output and "Ejection" in done.output
    done = CliRunner().invoke(main, ["build", f"{site}/2024/heckling", "--out", str(tmp_path / "out2")])
    assert done.exit_code != 0 and "--allow-private" in done.output
