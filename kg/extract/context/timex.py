"""Resolve English news time expressions ("on Wednesday", "the following day",
"June 17, 2020") to calendar dates, and locate them in sentences.

All word lists (relative words and their day offsets, vague phrases, part-of-day
words, prefixes, number words) live in ``ontology/lexicon/time.json``; month and
weekday names come from :mod:`calendar`.
"""

from __future__ import annotations

import calendar
import re
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import date, timedelta
from functools import cache
from typing import Any

from kg.ontology import lexicon

KINDS = ("absolute", "relative", "narrative", "vague")
_YEAR_ROLLBACK = timedelta(days=183)  # "December 30" in a January article is last year


@dataclass(frozen=True)
class Timex:
    """A resolved time expression.

    ``kind`` is "absolute" (explicit date), "relative" (resolved against the
    document date), "narrative" (resolved against the previous event's date) or
    "vague" (names no single day; ``value`` is None and no older date should be
    carried forward). ``value`` is None when the anchor date is unknown.
    """

    value: date | None
    kind: str


def _lexicon() -> dict[str, Any]:
    """The words of ``time.json`` (checked against its schema by :mod:`kg.ontology.lexicon`)."""
    return lexicon.load().time


def _alt(words: Any) -> str:
    """Regex alternation of ``words``, longest first (phrase spaces match any whitespace)."""
    ordered = sorted({w.lower() for w in words}, key=len, reverse=True)
    return "|".join(re.escape(w).replace(r"\ ", r"\s+") for w in ordered)


@cache
def _months() -> dict[str, int]:
    """Month name/abbreviation (lower-case) -> month number."""
    names = {n.lower(): i for i, n in enumerate(calendar.month_name) if n}
    names.update({a.lower(): i for i, a in enumerate(calendar.month_abbr) if a})
    names.update(_lexicon()["month_aliases"])
    return names


@cache
def _prefixes() -> tuple[str, ...]:
    """The prefixes and future prefixes, longest first (as :func:`resolve` strips them)."""
    lex = _lexicon()
    return tuple(sorted([*lex["prefixes"], *lex["future_prefixes"]], key=len, reverse=True))


@cache
def _weekdays() -> dict[str, int]:
    """Weekday name (lower-case) -> ``date.weekday()`` number."""
    return {n.lower(): i for i, n in enumerate(calendar.day_name)}


@cache
def _regexes() -> dict[str, re.Pattern[str]]:
    """Compile the date patterns shared by :func:`resolve` and :func:`find`."""
    lex = _lexicon()
    mon, wd = _alt(_months()), _alt(_weekdays())
    day, year = r"(?P<d>\d{1,2})(?:st|nd|rd|th)?", r"(?P<y>\d{4})"
    lead = rf"(?:(?:{wd}),?\s+)?"
    num = rf"(?P<n>\d+|{_alt(lex['numbers'])})\s+(?P<u>{_alt(lex['units'])})\s+(?P<dir>{_alt(lex['directions'])})"
    parts = {
        "iso": r"(?P<y>\d{4})-(?P<m>\d{2})-(?P<d>\d{2})",
        "mdy": rf"{lead}(?P<m>{mon})\.?\s+{day}(?:,?\s+{year})?",
        "dmy": rf"{lead}{day}\s+(?:of\s+)?(?P<m>{mon})\.?(?:,?\s+{year})?",
        "month": rf"(?P<m>{mon})(?:,?\s+{year})?",
        "year": r"(?P<y>\d{4})",
        "num": num,
    }
    compiled = {k: re.compile(rf"{v}$", re.I) for k, v in parts.items()}
    phrases = _alt([*lex["relative_days"], *lex["narrative_days"], *lex["vague"]])
    pre = _alt([*lex["prefixes"], *lex["future_prefixes"]])
    core = "|".join(
        [
            phrases,
            *(re.sub(r"\?P<\w+>", "", parts[k]) for k in ("iso", "mdy", "dmy", "num")),
            rf"(?:in\s+(?:(?:early|late|mid)[\s-]+)?(?:{mon})|(?:{mon}))(?:,?\s+\d{{4}})",
            rf"in\s+(?:(?:early|late|mid)[\s-]+)?(?:{mon}|\d{{4}})",
            wd,
        ]
    )
    find = rf"\b(?:(?:{pre})[\s-]+){{0,2}}(?:{core})(?:\s+(?:{_alt(lex['day_parts'])}))?\b"
    compiled["find"] = re.compile(find, re.I)
    # what can begin an expression: a run of letters and digits (``[^\W_]``: what ``str.isalnum``
    # says) that begins with a digit, or is the whole first run of a word of the lists above ('a'
    # of 'a week ago', 'mid' of 'mid-June'): ``find``'s pattern ends at a word boundary and goes on
    # after a word's first run only with what is no letter or digit, so it never ends or goes on
    # inside a run; an empty first run (a word beginning with neither) leaves ``starts`` out, and
    # every position is tried
    firsts = [
        *lex["prefixes"],
        *lex["future_prefixes"],
        *lex["relative_days"],
        *lex["narrative_days"],
        *lex["vague"],
        *_months(),
        *_weekdays(),
        *lex["numbers"],
        "in",
    ]
    heads = {re.split(r"[\W_]", w.lower(), maxsplit=1)[0] for w in firsts}
    words = "|".join(re.escape(h) for h in sorted(heads, key=len, reverse=True))
    starts = None if "" in heads else rf"(?<![^\W_])(?:\d|(?:{words})(?![^\W_]))"
    if starts is not None:
        compiled["starts"] = re.compile(starts, re.I)
    # the same patterns matched as written on a text folded by _FOLD: their letters are all lower-case
    # (the words are lower-cased), so where none is other than ASCII a letter of the text matches one
    # of them ignoring case just when it folds to it; a match tried so skips at once the branches
    # that begin with another letter (one ignoring case enters each)
    if find.isascii() and (starts is None or starts.isascii()):
        compiled["find_folded"] = re.compile(find)
        if starts is not None:
            compiled["starts_folded"] = re.compile(starts)
    return compiled


#: A-Z to a-z, and the other characters that an ignore-case match takes for a-z ('İ', 'ı', 'ſ', the
#: Kelvin sign) to those: each letter to a letter, so words, word boundaries and offsets stay as they are
_FOLD = str.maketrans(
    {**{c: c.lower() for c in "ABCDEFGHIJKLMNOPQRSTUVWXYZ"}, "\u0130": "i", "\u0131": "i", "\u017f": "s", "\u212a": "k"}
)


def _starts(text: str, starts: re.Pattern[str] | None) -> Iterator[int]:
    """The positions :func:`find` tries: the starts of the runs of letters and digits an
    expression can begin with (``starts`` of :func:`_regexes`), found in one scan; only these are
    tried of every position (a match tried at each cost most of the time of dating the events).
    """
    if starts is None:
        yield from (i for i in range(len(text)) if i == 0 or not text[i - 1].isalnum())
        return
    for m in starts.finditer(text):
        yield m.start()


def _normalise(expression: str) -> str:
    """Lower-case, unify whitespace and drop surrounding punctuation."""
    return re.sub(r"\s+", " ", expression.replace("\u2019", "'")).strip(" \t,.;:!?\"'()").lower()


def _shift(anchor: date | None, days: int, kind: str) -> Timex:
    """``anchor`` + ``days`` as a Timex of ``kind`` (value None if no anchor)."""
    return Timex(anchor + timedelta(days=days) if anchor else None, kind)


def _lookup(s: str, doc_date: date | None, narrative_date: date | None) -> Timex | None:
    """Resolve ``s`` if it is literally one of the lexicon phrases."""
    lex = _lexicon()
    if s in lex["relative_days"]:
        return _shift(doc_date, lex["relative_days"][s], "relative")
    if s in lex["narrative_days"]:
        return _shift(narrative_date, lex["narrative_days"][s], "narrative")
    return Timex(None, "vague") if s in lex["vague"] else None


def _calendar_date(m: re.Match[str], doc_date: date | None, narrative_date: date | None) -> Timex:
    """Build an absolute date from a matched day/month(/year)."""
    month = _months()[m["m"].lower()] if not m["m"].isdigit() else int(m["m"])
    ref = doc_date or narrative_date
    year = int(m["y"]) if m["y"] else (ref.year if ref else None)
    if year is None:
        return Timex(None, "vague")
    try:
        value = date(year, month, int(m["d"]))
        if m["y"] is None and ref is not None and value - ref > _YEAR_ROLLBACK:
            value = value.replace(year=value.year - 1)
    except ValueError:  # e.g. "February 30"
        return Timex(None, "vague")
    return Timex(value, "absolute")


def resolve(expression: str, doc_date: date | None, narrative_date: date | None = None) -> Timex | None:
    """Resolve a time expression; None if ``expression`` is not one.

    Weekday names mean the latest such day on or before ``doc_date`` ("last
    <weekday>" strictly before it); "next <weekday>" and other future phrases are
    vague. Month-day dates without a year take the year of ``doc_date`` (else
    ``narrative_date``), moved back a year if that would put them >6 months ahead.
    """
    lex, rx = _lexicon(), _regexes()
    s = _normalise(expression)
    strict = future = False
    while s:
        if (hit := _lookup(s, doc_date, narrative_date)) is not None:
            return Timex(None, "vague") if future else hit
        head, _, last = s.rpartition(" ")
        if head and last in lex["day_parts"]:
            s = head
            continue
        for p in _prefixes():
            if s.startswith(p) and s[len(p) : len(p) + 1] in (" ", "-") and s[len(p) + 1 :].strip():
                strict |= p == "last"
                future |= p in lex["future_prefixes"]
                s = s[len(p) + 1 :].strip()
                break
        else:
            break
    if not s:
        return None
    if future:
        return Timex(None, "vague") if rx["find"].fullmatch(s) else None
    if s in _weekdays():
        if doc_date is None:
            return Timex(None, "relative")
        back = (doc_date.weekday() - _weekdays()[s]) % 7 or (7 if strict else 0)
        return _shift(doc_date, -back, "relative")
    for key in ("iso", "mdy", "dmy"):
        if m := rx[key].match(s):
            return _calendar_date(m, doc_date, narrative_date)
    if (m := rx["year"].match(s)) and 1800 <= int(m["y"]) <= 2200:
        return Timex(None, "vague")
    if rx["month"].match(s):
        return Timex(None, "vague")
    if m := rx["num"].match(s):
        n = int(m["n"]) if m["n"].isdigit() else lex["numbers"][m["n"].lower()]
        kind, sign = lex["directions"][m["dir"].lower()]
        anchor = narrative_date if kind == "narrative" else doc_date
        return _shift(anchor, sign * n * lex["units"][m["u"].lower()], kind)
    return None


def find(text: str) -> list[tuple[int, int, str]]:
    """Spans ``(start, end, surface)`` of time expressions in ``text``.

    Longest match wins; spans do not overlap and are returned in text order.
    Bare month names are only found after "in" or before a day number / year,
    so the modal "may" is not a month.
    """
    rx = _regexes()
    if "find_folded" in rx:
        subject, pattern, starts = text.translate(_FOLD), rx["find_folded"], rx.get("starts_folded")
    else:
        subject, pattern, starts = text, rx["find"], rx.get("starts")
    candidates: list[tuple[int, int]] = []
    for start in _starts(subject, starts):
        if m := pattern.match(subject, start):
            candidates.append((m.start(), m.end()))
    chosen: list[tuple[int, int]] = []
    for start, end in sorted(candidates, key=lambda c: (c[0] - c[1], c[0])):
        if all(end <= s or start >= e for s, e in chosen):
            chosen.append((start, end))
    return [(s, e, text[s:e]) for s, e in sorted(chosen)]
