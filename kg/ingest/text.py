"""The text of an article -> a :class:`Document`: the record every reader produces, and the text reader.

Reads ``.txt``/``.md`` files (optionally with YAML front matter), normalises the
text without changing its length (apart from line endings and a leading BOM) and
finds quoted social-media posts ("embeds") by their attribution lines. The other
readers (:mod:`kg.ingest.sources`) pass the text they extract through :func:`from_text`,
so embedded posts and dates work the same way for every format.
"""

from __future__ import annotations

import contextlib
import hashlib
import re
import unicodedata
from dataclasses import dataclass, replace
from datetime import date, datetime
from pathlib import Path
from typing import Any
from urllib.parse import quote

import yaml

from kg.errors import InputError

# Attribution line of an embedded post, alone on its line, e.g.
#   "— Jane Doe🌼 (@janedoe) June 18, 2020"   or   "- Jane Doe 18 June 2020"
# optional dash (em, en or hyphen) + spaces, author, optional "(@handle)", date
# ("June 17, 2020" / "Jun 17, 2020" / "17 June 2020"). The month name is only
# shape-checked here; _parse_date validates it with datetime.strptime.
ATTRIBUTION_RE = re.compile(
    r"""^[ ]*(?:(?P<dash>[—–-])[ ]*)?
    (?P<author>[^\n]{1,80}?)
    (?:[ ]+\(@(?P<handle>[A-Za-z0-9_]{1,30})\))?
    [ ]+(?P<date>[A-Za-z]{3,9}\.?[ ]\d{1,2},[ ]\d{4}|\d{1,2}[ ][A-Za-z]{3,9}\.?[ ]\d{4})
    [ ]*$""",
    re.MULTILINE | re.VERBOSE,
)
_DATE_FORMATS = ("%B %d, %Y", "%b %d, %Y", "%d %B %Y", "%d %b %Y")

# Length-preserving character map: space separators (Zs), tab, vertical tab, form
# feed and zero-width spaces -> " "; Unicode line/paragraph separators -> "\n".
# ZWJ/ZWNJ are kept: they matter in some scripts.
_TRANSLATE = {cp: " " for cp in range(0x10000) if unicodedata.category(chr(cp)) == "Zs"}
_TRANSLATE.update({ord(c): " " for c in "\t\v\f\u200b\u2060\ufeff"})
_TRANSLATE.update({ord(c): "\n" for c in "\u0085\u2028\u2029"})
# Trailing decoration stripped from an author name: emoji joiners, selectors, tags.
_DECORATION = {0x200D, 0x20E3, *range(0xFE00, 0xFE10), *range(0xE0000, 0xE0080), *range(0xE0100, 0xE01F0)}
#: half of a UTF-16 pair on its own (a JSON "\\ud800" escape gives one): no UTF-8 text can hold it
_SURROGATE = re.compile("[\ud800-\udfff]")
#: the longest document id kept as it is, percent-encoded as in IRIs and graph file names (bytes)
MAX_ID = 120


@dataclass(frozen=True)
class Embed:
    """A social-media post quoted in an article (e.g. an embedded tweet)."""

    start: int  # char offset in Document.text where the post's body starts
    end: int  # char offset just after its attribution line
    body_end: int  # char offset just after the body (before the attribution line)
    author: str  # display name without trailing emoji/symbols, e.g. "Jane Doe"
    handle: str | None  # "@janedoe" without url
    published: date | None


@dataclass(frozen=True)
class Document:
    """One article: normalised body text plus metadata; offsets refer to ``text``."""

    id: str  # file stem (for .jsonl later: given id); stable
    text: str  # body text (front matter removed)
    path: Path | None = None
    title: str | None = None
    url: str | None = None
    published: date | None = None  # from front matter
    outlet: str | None = None
    embeds: tuple[Embed, ...] = ()
    notes: tuple[str, ...] = ()  # caveats met while reading (e.g. decoded as Windows-1252)
    #: the body as the input wrote it (line endings unified, no BOM): ``text`` before its odd spaces
    #: became " ", the same length, so offsets into ``text`` are offsets into it; None: same as ``text``
    source: str | None = None

    @property
    def verbatim(self) -> str:
        """The body as written (:attr:`source`), to quote: a no-break space stays one."""
        return self.text if self.source is None else self.source

    @property
    def date(self) -> date | None:
        """published, else the latest date among embedded posts, else None."""
        if self.published is not None:
            return self.published
        dates = [e.published for e in self.embeds if e.published is not None]
        return max(dates) if dates else None

    def in_embed(self, start: int, end: int) -> Embed | None:
        """The embed whose [start, end) span contains the character span, if any."""
        for embed in self.embeds:
            if embed.start <= start and end <= embed.end:
                return embed
        return None


@dataclass(frozen=True)
class Problem:
    """An input that was skipped (or, with ``warning``, read with a caveat), with a one-line
    explanation of what to do."""

    path: Path
    message: str
    warning: bool = False


def safe_id(given: str) -> tuple[str, str | None]:
    """A document's id as kg can use it in IRIs and file names, and a note when it had to change.

    An id of dots only ('.', '..', a file named '...txt') would be a dot segment of an IRI
    (``doc/..`` is the parent): it is replaced by a hash of itself. One longer than :data:`MAX_ID`
    once percent-encoded (a file name of 80 accented letters) would make a graph file name over
    the 255 bytes a file system allows: it keeps its start and gets a hash of the whole.

    Args:
        given: the id a reader found (a file's stem, a record's ``id``), lone surrogates replaced.
    Returns:
        the id to use, and None or the note saying how it was changed.
    """
    digest = hashlib.sha256(given.encode("utf-8", "surrogatepass")).hexdigest()[:16]
    if given.strip(".") == "":
        return f"id-{digest}", f"id {given!r} cannot name a document; used id-{digest}"
    if len(quote(given, safe="-_.")) <= MAX_ID:
        return given, None
    head = given
    while len(quote(head, safe="-_.")) > MAX_ID - 17:
        head = head[: max(1, len(head) * 3 // 4)] if len(head) > 8 else head[:-1]
    return f"{head}-{digest}", f"id of {len(given)} characters shortened to {head[:20]!r}...-{digest}"


def _without_surrogates(fields: dict[str, Any]) -> tuple[dict[str, Any], str | None]:
    """``fields`` with each lone surrogate of a string value replaced by U+FFFD (the same length: offsets
    hold), and the note naming the fields that had one (None when none had)."""
    bad = [k for k, v in fields.items() if isinstance(v, str) and _SURROGATE.search(v)]
    if not bad:
        return fields, None
    fields = {k: _SURROGATE.sub("\ufffd", v) if k in bad else v for k, v in fields.items()}
    return fields, (
        f"lone surrogates (half a UTF-16 pair, which no UTF-8 text can hold) in its {', '.join(bad)} replaced by U+FFFD"
    )


def normalise(text: str) -> str:
    """Unify line endings, drop a leading BOM, map odd spaces to " " (same length)."""
    return _unify(text).translate(_TRANSLATE)


def _unify(text: str) -> str:
    """Unify line endings and drop a leading BOM: the text offsets count in."""
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    return text[1:] if text.startswith("\ufeff") else text


def _parse_date(value: str) -> date | None:
    """'June 17, 2020' / '17 June 2020' / 'Jun. 17, 2020' -> date, else None."""
    value = value.replace(".", "")
    for fmt in _DATE_FORMATS:
        try:
            return datetime.strptime(value, fmt).date()
        except ValueError:
            continue
    return None


def _clean_author(name: str) -> str:
    """Strip emoji, symbols and spaces from both ends of a display name."""
    keep = [not (c.isspace() or ord(c) in _DECORATION or unicodedata.category(c) in ("So", "Sk", "Cn")) for c in name]
    if True not in keep:
        return ""
    return name[keep.index(True) : len(keep) - keep[::-1].index(True)]


def _paragraph_start(text: str, body_end: int) -> int:
    """Offset of the first non-space char of the paragraph that ends at body_end."""
    start = text.rfind("\n", 0, body_end) + 1
    while start > 0:
        prev = text.rfind("\n", 0, start - 1) + 1
        if not text[prev : start - 1].strip():
            break
        start = prev
    while text[start] == " ":
        start += 1
    return start


def find_embeds(text: str) -> tuple[Embed, ...]:
    """Embedded posts: each attribution line plus the paragraph directly above it.

    A line needs a leading dash or an "(@handle)" to count, so that a plain
    dateline such as "Updated June 17, 2020" is not taken for a post.
    """
    embeds: list[Embed] = []
    for m in ATTRIBUTION_RE.finditer(text):
        if not (m["dash"] or m["handle"]):
            continue
        published = _parse_date(m["date"])
        author = _clean_author(m["author"])
        body_end = len(text[: m.start()].rstrip())
        if published is None or not author or body_end == 0:
            continue
        start = _paragraph_start(text, body_end)
        if embeds and start < embeds[-1].end:
            continue  # the "body" would be the previous post's attribution
        handle = f"@{m['handle']}" if m["handle"] else None
        embeds.append(Embed(start, m.end("date"), body_end, author, handle, published))
    return tuple(embeds)


def _shown(value: Any) -> str:
    """A front-matter value as an error message shows it: a string, shortened; else only its type
    (the repr of a nested value can be huge)."""
    if isinstance(value, str):
        return repr(value if len(value) <= 40 else value[:40] + "...")
    return f"a {type(value).__name__}" if not isinstance(value, int | float) else repr(value)


def _to_date(value: Any, where: str) -> date | None:
    """Coerce a front-matter ``published`` value (date, datetime or ISO string)."""
    if not isinstance(value, str | date | None):  # the type first: never format a nested value
        raise InputError(where, f"published: {_shown(value)} is not a date; write it as YYYY-MM-DD")
    if isinstance(value, str):
        with contextlib.suppress(ValueError):
            value = datetime.fromisoformat(value.strip())
    if isinstance(value, datetime):
        return value.date()
    if value is None or isinstance(value, date):
        return value
    raise InputError(where, f"published: {_shown(value)} is not a date; write it as YYYY-MM-DD")


class _YamlLoader(getattr(yaml, "CSafeLoader", yaml.SafeLoader)):  # type: ignore[misc]
    """libyaml's safe loader when PyYAML has it (8x faster: 20 us a front matter), else PyYAML's own;
    a date, time or number it cannot build ('2020-02-30', an offset of 99 hours, 5,000 digits) is
    kept as the text it is, which the field's own check then judges ('published' is no date)."""


def _as_text_when_unbuildable(build):
    def construct(loader, node):
        try:
            return build(loader, node)
        except (ValueError, OverflowError):
            return loader.construct_scalar(node)

    return construct


for _tag, _build in (
    ("timestamp", yaml.constructor.SafeConstructor.construct_yaml_timestamp),
    ("int", yaml.constructor.SafeConstructor.construct_yaml_int),
    ("float", yaml.constructor.SafeConstructor.construct_yaml_float),
):
    _YamlLoader.add_constructor(f"tag:yaml.org,2002:{_tag}", _as_text_when_unbuildable(_build))
_YAML_LOADER = _YamlLoader


def _front_matter(text: str, where: str) -> tuple[dict[str, Any], str]:
    """Split "---" YAML front matter off ``text``; return (metadata, body)."""
    opening = re.match(r"---[ ]*(?:\n|$)", text)
    if opening is None:
        return {}, text
    begin = opening.end()
    close = re.compile(r"^---[ ]*$", re.MULTILINE).search(text, begin)
    if close is None:
        raise InputError(where, "front matter has no closing '---' line; add one after the metadata")
    source = text[begin : close.start()]
    try:
        # aliases are refused before anything is built: nested ones ('billion laughs') grow a few
        # hundred bytes into a value too big to build or print; front matter never needs them
        alias = next((e for e in yaml.parse(source, Loader=_YAML_LOADER) if isinstance(e, yaml.AliasEvent)), None)
        if alias is not None:
            line = f" (line {alias.start_mark.line + 2})" if alias.start_mark is not None else ""
            raise InputError(
                where, f"front matter uses a YAML alias (*{alias.anchor}){line}; write the value out instead"
            )
        meta = yaml.load(source, Loader=_YAML_LOADER)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        problem = getattr(exc, "problem", None) or "syntax error"
        at = f" at line {mark.line + 2}" if mark is not None else ""
        raise InputError(where, f"front matter is not valid YAML{at} ({problem}); fix it") from None
    except RecursionError:
        raise InputError(where, "front matter is nested too deep to read; write 'key: value' lines") from None
    except (ValueError, OverflowError, TypeError) as exc:  # a value YAML cannot build
        raise InputError(
            where, f"front matter has a value that cannot be read ({_shown(str(exc))}); quote it"
        ) from None
    if not isinstance(meta, dict | None):
        raise InputError(where, "front matter must be 'key: value' lines (title, url, published, outlet)")
    return meta or {}, text[close.end() :].lstrip("\n")


def _parse(raw: str, id: str, path: Path | None, overrides: dict[str, Any]) -> Document:
    """Shared parsing of file or in-memory text into a Document."""
    where = str(path) if path is not None else id
    unknown = set(overrides) - {"title", "url", "published", "outlet"}
    if unknown:
        raise TypeError(f"unexpected metadata: {', '.join(sorted(unknown))}")
    fields, surrogates = _without_surrogates({"id": id, "text": raw, **overrides})
    id, raw, overrides = fields.pop("id"), fields.pop("text"), fields
    id, renamed = safe_id(id)
    notes = tuple(n for n in (surrogates, renamed) if n is not None)
    unified = _unify(raw)
    text = unified.translate(_TRANSLATE)
    if not text.strip():
        raise InputError(where, "empty file")
    meta, body = _front_matter(text, where)
    meta = {k: meta.get(k) for k in ("title", "url", "published", "outlet")} | overrides
    if not body.strip():
        raise InputError(where, "no article text after the front matter; add the text below the closing '---'")
    for key in ("title", "url", "outlet"):
        value = meta[key]
        if isinstance(value, (list, dict)):
            raise InputError(where, f"front matter '{key}' must be a single line of text")
        meta[key] = None if value is None else str(value).strip()
    published = _to_date(meta["published"], where)
    source = unified[len(text) - len(body) :]  # the body is a suffix of text, and translate keeps lengths
    return Document(
        id,
        body,
        path,
        meta["title"],
        meta["url"],
        published,
        meta["outlet"],
        find_embeds(body),
        notes=notes,
        source=None if source == body else source,
    )


def from_text(text: str, id: str = "text", **meta: Any) -> Document:
    """Parse an in-memory string like a file (front matter + embeds).

    ``meta`` may hold ``path`` and override ``title``, ``url``, ``published``, ``outlet``.
    """
    path = meta.pop("path", None)
    return _parse(text, id, Path(path) if path is not None else None, meta)


def read_document(path: Path) -> Document:
    """Read one UTF-8 article file; raise :class:`InputError` if it is unusable."""
    path = Path(path)
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        raise InputError(path, "no such file; check the path") from None
    except OSError as exc:
        raise InputError(path, f"cannot read it ({exc.strerror or exc})") from None
    if b"\0" in data:
        raise InputError(path, "binary file, not text")
    try:
        return _parse(data.decode("utf-8"), path.stem, path, {})
    except UnicodeDecodeError as exc:
        bad = f"byte 0x{data[exc.start]:02x} at offset {exc.start}"
        legacy = _legacy_decode(data)
        if legacy is None:
            raise InputError(path, f"not UTF-8 text ({bad}); save it as UTF-8") from None
        doc = _parse(legacy, path.stem, path, {})
        return replace(
            doc, notes=(f"not UTF-8 ({bad}); read as Windows-1252: check its accents, or save it as UTF-8", *doc.notes)
        )


def _legacy_decode(data: bytes) -> str | None:
    """Windows-1252 text (the usual non-UTF-8 news file), if the bytes are plausibly that:
    they decode, and the result has no control characters but line breaks and tabs."""
    try:
        text = data.decode("cp1252")
    except UnicodeDecodeError:
        return None
    if any(unicodedata.category(c) == "Cc" and c not in "\n\r\t" for c in text):
        return None
    return text
