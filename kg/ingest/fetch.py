"""Articles from the web (issue 37): ``http(s)://`` article URLs, RSS/Atom feeds (files or URLs:
each entry's page) and lists of URLs, fetched politely and kept, so that a re-run fetches nothing.

Each page fetched is kept as a one-record web archive (``<cache>/<sha256 of the URL>.warc.gz``),
which :mod:`kg.ingest.warc` then reads like any archive: the article's id is its URL without the
scheme, its date the page's own or the day it was fetched.

Fetching follows the rules a crawler of other people's sites should: a timeout on every request, a
cap on a page's size, retries of 429 and 5xx answers with growing waits (urllib3's ``Retry``,
honouring ``Retry-After``), a delay between two requests to one host, ``robots.txt``, and the same
address rules as ``kg serve`` (no loopback, private, link-local or reserved address, at every
redirect, unless ``allow_private``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import urllib3

import hashlib
import ipaddress
import socket
import time
import urllib.robotparser
from dataclasses import dataclass, field
from io import BytesIO
from pathlib import Path
from urllib.parse import urljoin, urlsplit

from kg.errors import KgError
from kg.ingest.text import Problem

#: the media types of an RSS or Atom feed
FEED_TYPES = ("application/rss+xml", "application/atom+xml", "application/rdf+xml", "application/xml", "text/xml")
#: file extensions of feeds saved to disk
FEED_SUFFIXES = (".rss", ".atom")
#: redirects followed (each hop checked like the first request)
MAX_REDIRECTS = 5


class FetchError(KgError):
    """A URL that was not fetched: refused by the rules, or the server failed."""


@dataclass(frozen=True)
class FetchOptions:
    """How pages are fetched.

    Args:
        timeout: seconds to connect and between two reads.
        max_bytes: the largest page read (bytes).
        retries: attempts after a 429/5xx answer or a dropped connection, waiting 0.5, 1, 2 s ... between.
        delay: seconds between two requests to one host.
        allow_private: fetch from loopback and private addresses too (a local test server).
        user_agent: how kg names itself to servers and in robots.txt matching.
    """

    timeout: float = 20.0
    max_bytes: int = 10 * 1024 * 1024
    retries: int = 3
    delay: float = 1.0
    allow_private: bool = False
    user_agent: str = "kg-news"


def is_url(value: str | Path) -> bool:
    """Is an input a URL? (A click ``Path`` folds ``https://`` into ``https:/``, which counts too.)"""
    text = str(value)
    return text.startswith(("http://", "https://", "http:/", "https:/"))


def as_url(value: str | Path) -> str:
    """The URL an input names (undoing the fold of ``//`` a ``Path`` makes)."""
    text = str(value)
    for scheme in ("https:/", "http:/"):
        if text.startswith(scheme) and not text.startswith(scheme + "/"):
            return scheme + "/" + text[len(scheme) :]
    return text


def check_address(url: str, allow_private: bool) -> None:
    """Refuse a URL that is not http(s) or whose host resolves to a non-public address.

    Raises:
        FetchError: with the reason.
    """
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise FetchError(f"{url}: only http:// and https:// URLs are fetched")
    if allow_private:
        return
    try:
        infos = socket.getaddrinfo(parts.hostname, parts.port or (443 if parts.scheme == "https" else 80))
    except (OSError, UnicodeError) as exc:
        raise FetchError(f"{url}: cannot resolve {parts.hostname} ({exc})") from None
    for info in infos:
        address = ipaddress.ip_address(str(info[4][0]).split("%")[0])
        if not address.is_global:
            raise FetchError(
                f"{url}: {parts.hostname} is a private or local address ({address}); "
                "kg fetches public addresses only (--allow-private to fetch it anyway)"
            )


def _checked_pools() -> dict:
    """urllib3's connection pools, whose connections check the address they connected to: a name may resolve
    to a public address for :func:`check_address` and to a private one for the connection (DNS rebinding)."""
    from urllib3.connection import HTTPConnection, HTTPSConnection
    from urllib3.connectionpool import HTTPConnectionPool, HTTPSConnectionPool

    def checked(base):
        class Checked(base):
            def connect(self) -> None:
                super().connect()
                address = ipaddress.ip_address(str(self.sock.getpeername()[0]).split("%")[0])
                if not address.is_global:
                    self.close()
                    raise FetchError(
                        f"{self.host} connected to a private or local address ({address}); "
                        "kg fetches public addresses only (--allow-private to fetch it anyway)"
                    )

        return Checked

    class HTTPPool(HTTPConnectionPool):
        ConnectionCls = checked(HTTPConnection)

    class HTTPSPool(HTTPSConnectionPool):
        ConnectionCls = checked(HTTPSConnection)

    return {"http": HTTPPool, "https": HTTPSPool}


@dataclass
class Fetcher:
    """Fetch pages into a cache folder of one-record web archives (see the module's notes)."""

    cache: Path
    options: FetchOptions = field(default_factory=FetchOptions)
    fetched: int = 0
    _last: dict[str, float] = field(default_factory=dict)
    _robots: dict[str, urllib.robotparser.RobotFileParser | None] = field(default_factory=dict)
    _pool: urllib3.PoolManager | None = None

    def archive_of(self, url: str) -> Path:
        """Where the page of ``url`` is kept."""
        return self.cache / f"{hashlib.sha256(url.encode('utf-8')).hexdigest()[:32]}.warc.gz"

    def get(self, url: str) -> tuple[int, str, bytes, str]:
        """(status, media type, body, final URL) of a GET, following redirects by the rules."""
        for _ in range(MAX_REDIRECTS + 1):
            check_address(url, self.options.allow_private)
            if not self._allowed(url):
                raise FetchError(f"{url}: robots.txt of {urlsplit(url).netloc} disallows it")
            status, headers, body = self._request(url)
            if status in (301, 302, 303, 307, 308) and headers.get("Location"):
                url = urljoin(url, headers["Location"])
                continue
            return status, (headers.get("Content-Type") or "").split(";")[0].strip().lower(), body, url
        raise FetchError(f"{url}: more than {MAX_REDIRECTS} redirects")

    def _request(self, url: str, *, robots: bool = False) -> tuple[int, dict, bytes]:
        import urllib3
        from urllib3.util import Retry, Timeout

        if self._pool is None:
            retry = Retry(
                total=self.options.retries,
                backoff_factor=0.5,
                status_forcelist=(429, 500, 502, 503, 504),
                allowed_methods=["GET"],
                redirect=False,
                respect_retry_after_header=True,
                raise_on_status=False,
            )
            self._pool = urllib3.PoolManager(
                retries=retry,
                timeout=Timeout(connect=self.options.timeout, read=self.options.timeout),
                headers={"User-Agent": self.options.user_agent},
            )
            if not self.options.allow_private:
                self._pool.pool_classes_by_scheme = _checked_pools()
        host = urlsplit(url).netloc
        wait = self._last.get(host, 0.0) + self.options.delay - time.monotonic()
        if wait > 0:
            time.sleep(wait)
        try:
            response = self._pool.request("GET", url, preload_content=False, redirect=False)
            try:
                body = response.read(self.options.max_bytes + 1, decode_content=True)
            finally:
                response.release_conn()
        except urllib3.exceptions.HTTPError as exc:
            raise FetchError(f"{url}: {exc.__class__.__name__}: {exc}") from None
        except FetchError as exc:  # refused by the address it connected to
            raise FetchError(f"{url}: {exc}") from None
        finally:
            self._last[host] = time.monotonic()
        if len(body) > self.options.max_bytes and not robots:
            raise FetchError(f"{url}: larger than {self.options.max_bytes:,} bytes; left out")
        self.fetched += 1
        return response.status, dict(response.headers), body[: self.options.max_bytes]

    def _allowed(self, url: str) -> bool:
        parts = urlsplit(url)
        origin = f"{parts.scheme}://{parts.netloc}"
        if origin not in self._robots:
            parser = None
            try:
                status, _, body = self._request(origin + "/robots.txt", robots=True)
                if 200 <= status < 300:
                    parser = urllib.robotparser.RobotFileParser()
                    parser.parse(body.decode("utf-8", errors="replace").splitlines())
                elif status in (401, 403):  # the site keeps its robots.txt from us: stay out
                    parser = urllib.robotparser.RobotFileParser()
                    # read() sets it so on a 401 or 403; typeshed does not list the attribute
                    parser.disallow_all = True  # type: ignore[attr-defined]
            except FetchError:
                parser = None  # no robots.txt reachable: nothing disallowed
            self._robots[origin] = parser
        parser = self._robots[origin]
        return parser is None or parser.can_fetch(self.options.user_agent, url)


def _write_archive(path: Path, url: str, media: str, body: bytes) -> None:
    """Keep a fetched page as a one-record web archive (written atomically)."""
    from warcio.statusandheaders import StatusAndHeaders
    from warcio.warcwriter import WARCWriter

    buffer = BytesIO()
    writer = WARCWriter(buffer, gzip=True)
    headers = StatusAndHeaders("200 OK", [("Content-Type", media or "text/html")], protocol="HTTP/1.1")
    writer.write_record(writer.create_warc_record(url, "response", payload=BytesIO(body), http_headers=headers))
    _keep(path, buffer.getvalue())


def _keep(path: Path, data: bytes) -> None:
    """Write a file of the cache atomically (a temporary file, then a rename)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = path.with_name(path.name + ".part")
    temporary.write_bytes(data)
    temporary.replace(path)


def feed_links(data: bytes) -> list[str]:
    """The links of a feed's entries, in its order (feedparser reads RSS 0.9x-2.0, RSS 1.0, Atom)."""
    import feedparser

    parsed = feedparser.parse(data)
    return [entry.link for entry in parsed.entries if entry.get("link")]


def is_feed(media: str, body: bytes) -> bool:
    """Does a response hold a feed rather than a page?"""
    head = body[:512].lstrip().lower()
    return media in FEED_TYPES or (media in ("", "text/plain") and (b"<rss" in head or b"<feed" in head))


def expand(
    inputs: list, cache: Path, options: FetchOptions = FetchOptions(), urls_file: Path | None = None
) -> tuple[list[Path], list[Problem], int]:
    """Inputs with every URL, feed and list of URLs replaced by the web archives of their pages.

    Args:
        inputs: files, folders and URLs, as given; a file with a feed extension (:data:`FEED_SUFFIXES`)
            is a feed whose entries' pages are fetched.
        cache: the folder pages are kept in (a build's ``OUT/.kg-cache/fetch``).
        urls_file: a text file of URLs, one a line (``#`` starts a comment).
    Returns:
        the inputs to read, the problems met (a URL refused or failed), and how many requests were made.
    """
    fetcher = Fetcher(cache, options)
    wanted: list[tuple[str, str]] = []  # (URL, what asked for it)
    paths: list[Path] = []
    problems: list[Problem] = []
    if urls_file is not None:
        try:
            lines = Path(urls_file).read_text(encoding="utf-8").splitlines()
        except (OSError, UnicodeDecodeError) as exc:
            raise KgError(f"{urls_file}: cannot read the list of URLs ({exc})") from None
        wanted += [
            (line.strip(), f"{urls_file}:{n}")
            for n, line in enumerate(lines, 1)
            if line.strip() and not line.lstrip().startswith("#")
        ]
    for given in inputs:
        if is_url(given):
            wanted.append((as_url(given), as_url(given)))
        elif Path(given).suffix.lower() in FEED_SUFFIXES and Path(given).is_file():
            wanted += [(link, str(given)) for link in feed_links(Path(given).read_bytes())]
        else:
            paths.append(Path(given))
    for url, source in wanted:
        try:
            kept, feed = fetcher.archive_of(url), fetcher.archive_of(url).with_suffix(".feed")
            if feed.is_file():  # a feed URL fetched before: its entries as they were then
                wanted += [(link, url) for link in feed_links(feed.read_bytes())]
                continue
            if not kept.is_file():
                status, media, body, _ = fetcher.get(url)
                if not 200 <= status < 300:
                    raise FetchError(f"{url}: the server answered {status}")
                if is_feed(media, body):  # a feed URL: its entries' pages
                    _keep(feed, body)
                    wanted += [(link, url) for link in feed_links(body)]
                    continue
                _write_archive(kept, url, media, body)
            paths.append(kept)
        except FetchError as exc:
            problems.append(Problem(Path(source), str(exc)))
    return paths, problems, fetcher.fetched
