"""Tests for kg.extract.context.timex: resolving and locating time expressions."""
from datetime import date

import pytest

from kg.extract.context.timex import Timex, find, resolve

WED = date(2020, 6, 17)  # a Wednesday
THU = date(2020, 6, 18)
MON = date(2020, 6, 22)
NARR = date(2020, 6, 10)  # previous event in the story


@pytest.mark.parametrize(
    ("expression", "doc_date", "narrative_date", "expected_value", "expected_kind"),
    [
        # weekdays: most recent such day on or before the document date
        ("Wednesday", WED, None, WED, "relative"),
        ("on Wednesday", WED, None, WED, "relative"),
        ("on Wednesday afternoon", WED, None, WED, "relative"),
        ("Wednesday", THU, None, date(2020, 6, 17), "relative"),
        ("late on Thursday", THU, None, THU, "relative"),
        ("Friday", MON, None, date(2020, 6, 19), "relative"),
        ("Tuesday evening", WED, None, date(2020, 6, 16), "relative"),
        ("last Tuesday", WED, None, date(2020, 6, 16), "relative"),
        ("last Wednesday", WED, None, date(2020, 6, 10), "relative"),
        ("this Monday", WED, None, date(2020, 6, 15), "relative"),
        ("Tuesday", None, None, None, "relative"),
        ("next Tuesday", WED, None, None, "vague"),
        ("this coming Friday", WED, None, None, "vague"),
        # relative words
        ("today", WED, None, WED, "relative"),
        ("earlier today", WED, None, WED, "relative"),
        ("this morning", WED, None, WED, "relative"),
        ("this afternoon", WED, None, WED, "relative"),
        ("tonight", WED, None, WED, "relative"),
        ("yesterday", WED, None, date(2020, 6, 16), "relative"),
        ("Yesterday afternoon", WED, None, date(2020, 6, 16), "relative"),
        ("late yesterday", WED, None, date(2020, 6, 16), "relative"),
        ("3 days ago", WED, None, date(2020, 6, 14), "relative"),
        ("yesterday", None, NARR, None, "relative"),
        # narrative words
        ("the day before", WED, NARR, date(2020, 6, 9), "narrative"),
        ("the following morning", WED, NARR, date(2020, 6, 11), "narrative"),
        ("the following day", WED, NARR, date(2020, 6, 11), "narrative"),
        ("on the next day", WED, NARR, date(2020, 6, 11), "narrative"),
        ("the next morning", WED, NARR, date(2020, 6, 11), "narrative"),
        ("a day later", WED, NARR, date(2020, 6, 11), "narrative"),
        ("two days later", WED, NARR, date(2020, 6, 12), "narrative"),
        ("the following day", WED, None, None, "narrative"),
        # absolute dates
        ("June 17, 2020", None, None, WED, "absolute"),
        ("17 June 2020", None, None, WED, "absolute"),
        ("on 17th of June 2020", None, None, WED, "absolute"),
        ("2020-06-17", None, None, WED, "absolute"),
        ("Jun. 17, 2020", None, None, WED, "absolute"),
        ("Sept. 3, 2019", None, None, date(2019, 9, 3), "absolute"),
        ("Wednesday, June 17, 2020", THU, None, WED, "absolute"),
        ("June 17", date(2021, 3, 1), None, date(2021, 6, 17), "absolute"),
        ("June 17", None, date(2019, 5, 1), date(2019, 6, 17), "absolute"),
        ("December 30", date(2021, 1, 3), None, date(2020, 12, 30), "absolute"),
        ("June 17", None, None, None, "vague"),
        ("February 30, 2020", None, None, None, "vague"),
        # vague
        ("last week", WED, None, None, "vague"),
        ("this week", WED, None, None, "vague"),
        ("last month", WED, None, None, "vague"),
        ("this month", WED, None, None, "vague"),
        ("in August", WED, None, None, "vague"),
        ("in January", WED, None, None, "vague"),
        ("in early May", WED, None, None, "vague"),
        ("August 2020", WED, None, None, "vague"),
        ("earlier this year", WED, None, None, "vague"),
        ("recently", WED, None, None, "vague"),
        ("in 2019", WED, None, None, "vague"),
        ("tomorrow", WED, None, None, "vague"),
    ],
)
def test_timex_resolves_expression(expression, doc_date, narrative_date, expected_value, expected_kind):
    assert resolve(expression, doc_date, narrative_date) == Timex(expected_value, expected_kind)


@pytest.mark.parametrize("text", ["he may leave", "the minister", "on", "last", "next", "", "the table"])
def test_timex_rejects_non_time_expressions(text):
    assert resolve(text, WED, NARR) is None


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        ("The MP said on Wednesday afternoon that he may leave.", ["on Wednesday afternoon"]),
        (
            "The vote was held on June 17, 2020, and the following morning the Speaker resigned.",
            ["on June 17, 2020", "the following morning"],
        ),
        ("In May the party split; in August 2020 it merged.", ["In May", "in August 2020"]),
        (
            "Late on Thursday, two days later, she spoke of yesterday evening and earlier this year.",
            ["Late on Thursday", "two days later", "yesterday evening", "earlier this year"],
        ),
        ("Members may vote next Tuesday, as they did last week and on 2020-06-17.", ["next Tuesday", "last week", "on 2020-06-17"]),
        ("He may decide that the Maybe party will sit in the chamber.", []),
    ],
)
def test_timex_find_returns_longest_spans(sentence, expected):
    spans = find(sentence)
    assert [sentence[s:e] for s, e, _ in spans] == expected
    assert [surface for _, _, surface in spans] == expected
    assert all(a[1] <= b[0] for a, b in zip(spans, spans[1:]))


def test_timex_find_spans_resolve():
    sentence = "Late on Thursday the MP quit; the next day she returned."
    found = [resolve(surface, THU, THU) for _, _, surface in find(sentence)]
    assert found == [Timex(THU, "relative"), Timex(date(2020, 6, 19), "narrative")]


def _find_everywhere(text: str) -> list[tuple[int, int, str]]:
    """``find`` as it was: a match tried at every position after no letter or digit."""
    from kg.extract.context.timex import _regexes

    pattern, candidates = _regexes()["find"], []
    for start in range(len(text)):
        if (start == 0 or not text[start - 1].isalnum()) and (m := pattern.match(text, start)):
            candidates.append((m.start(), m.end()))
    chosen: list[tuple[int, int]] = []
    for start, end in sorted(candidates, key=lambda c: (c[0] - c[1], c[0])):
        if all(end <= s or start >= e for s, e in chosen):
            chosen.append((start, end))
    return [(s, e, text[s:e]) for s, e in sorted(chosen)]


def test_find_tries_the_positions_that_can_begin_an_expression():
    """The positions find skips (no first word of the lists there) hold no expression: the same
    spans as a match tried everywhere, next to underscores, digits, accents and odd case folds."""
    import random

    rng = random.Random(7)
    pieces = ["a", "in", "on", "last", "next", "week", " ", ",", "-", "_", "Monday", "mid-June", "2024-01-02",
              "3", "three days ago", "the following day", "early", "June 17, 2020", "SEPT.", "é", "\u0301",
              "ſ", "K", "İ", "ı", "٣", "²", "x", "1st", "of", "May"]
    texts = ["".join(rng.choice(pieces) for _ in range(rng.randint(0, 14))) for _ in range(3000)]
    texts += ["On Wednesday, a week ago, in mid-June 2020 or June 17, 2020, late on Thursday", "xMonday _Monday"]
    for text in texts:
        assert find(text) == _find_everywhere(text), text
