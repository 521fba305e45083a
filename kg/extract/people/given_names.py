"""Given names: the US Census Bureau's 1990 first-name frequency lists (public domain), as
shipped by the PyPI package ``names``. The mention rules ask whether a word is a known given
name (evidence that a run of capitalised words is a person); :mod:`kg.resolve.gender` reads a
name's gender from the same lists."""

from __future__ import annotations

from functools import cache
from importlib import resources


def _read(kind: str) -> dict[str, float]:
    try:
        text = resources.files("names").joinpath(f"dist.{kind}.first").read_text(encoding="ascii")
    except (ModuleNotFoundError, FileNotFoundError):
        return {}
    out = {}
    for line in text.splitlines():
        parts = line.split()
        if len(parts) >= 2:
            out[parts[0].lower()] = float(parts[1])
    return out


@cache
def frequencies() -> tuple[dict[str, float], dict[str, float]]:
    """(male, female): lower-cased given name -> its frequency in per cent."""
    return _read("male"), _read("female")


def is_given_name(word: str) -> bool:
    """Is ``word`` a given name of either list?"""
    male, female = frequencies()
    return word.lower() in male or word.lower() in female
