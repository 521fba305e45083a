"""Generated hostile corpora: file names, front matter, JSON Lines, HTML and text that have broken
kg before (line separators inside literals, lone surrogates, impossible dates, huge numbers, names
whose case folding changes their length, combining marks first, names over 255 bytes, dot names),
mixed with ordinary invented articles.

:func:`corpus` writes one corpus from a seeded :class:`random.Random`, so a failing seed is a
reproducible case; :func:`check_build` builds it with ``kg build`` (in this process) and checks
what a user is promised: the build ends with status 0 (or 1 with "no article could be read" when
nothing was), never with an internal error, and every file it writes parses in strict Oxigraph.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, field
from pathlib import Path

import pyoxigraph
from click.testing import CliRunner

from kg.cli import main

#: characters that broke a reader, the merge or a writer
HOSTILE = ["\u2028", "\u2029", "\u0085", "\v", "\f", "\x1c", "\x1d", "\x1e", "\x00", "\ufeff", "\u200b", "\u202e",
           "\ua735", "\u0301", "\r", "\r\n", "\t", "\\", '"', "<", ">", "&", "{", "}", "%", "#", "\ud7ff", "\ue000",
           "😀", "👩\u200d👩\u200d👧", "ﬃ", "İ", "ß", "ǅ", "\U0001d518", "ש", "م"]
NAMES = ["Ana Lopes", "Tom Reyes", "Jo Mwangi", "Priya Nair", "Kofi Mensah", "Lea Brun", "Ravi Das", "Mia Holt"]
SENTENCES = [
    "Speaker {a} ejected {b} from the chamber on Tuesday.",
    "{a} called {b} a liar during question time.",
    "{a} refused to apologise to {b}.",
    "{a} of the Green Party opposed the motion moved by {b}.",
    "The council chair, {a}, asked {b} to withdraw the remark.",
    "{b} said {a} had misled the House.",
]
DATES = ["2024-03-14", "2020-02-30", "2020-13-45", "2024-03-14T10:00:00+99:00", "9" * 5000, "-1", "0000-00-00",
         "2024-03-14T25:61:61Z", "last Tuesday", "", "null", "[2024, 3]", "{a: 1}", "2024-03-14T10:00:00+05:30"]
SUFFIXES = [".txt", ".md", ".html", ".jsonl"]


def _text(rng: random.Random, size: int) -> str:
    """Ordinary sentences, hostile characters and random code points, mixed."""
    parts = []
    for _ in range(rng.randint(0, size)):
        pick = rng.random()
        if pick < 0.45:
            a, b = rng.sample(NAMES, 2)
            if rng.random() < 0.3:
                a = a.replace(" ", rng.choice(HOSTILE))
            parts.append(rng.choice(SENTENCES).format(a=a, b=b))
        elif pick < 0.75:
            parts.append(rng.choice(HOSTILE))
        elif pick < 0.9:
            parts.append("".join(chr(rng.choice([rng.randint(0x20, 0x7e), rng.randint(0xa0, 0x2fff),
                                                  rng.randint(0x10000, 0x1faff)])) for _ in range(rng.randint(1, 12))))
        else:
            parts.append("\n\n")
    return rng.choice([" ", "", "\n"]).join(parts)


def _name(rng: random.Random, index: int) -> str:
    """A file name stem: ordinary, long, dotted, or with hostile characters (never a path separator)."""
    kind = rng.random()
    if kind < 0.5:
        return f"article-{index}"
    if kind < 0.6:
        return "é" * rng.randint(60, 130) + str(index)
    if kind < 0.7:
        return "." * rng.randint(1, 3) + str(index) * rng.randint(0, 1)
    chars = [c for c in HOSTILE if c not in "\x00\r\n" and not c.startswith("\r")] + list("ab .-_~ ")
    return "".join(rng.choice(chars) for _ in range(rng.randint(1, 20))) + f"-{index}"


def _markdown(rng: random.Random) -> str:
    if rng.random() < 0.2:
        return _text(rng, 12)
    meta = {"title": _text(rng, 3), "published": rng.choice(DATES)}
    if rng.random() < 0.3:
        meta["url"] = rng.choice(["https://news.example/a", "not a url", "javascript:alert(1)", _text(rng, 2)])
    lines = [f"{k}: {json.dumps(v, ensure_ascii=rng.random() < 0.5)}" if rng.random() < 0.7 else f"{k}: {v}"
             for k, v in meta.items()]
    return "---\n" + "\n".join(lines) + "\n---\n\n" + _text(rng, 12)


def _jsonl(rng: random.Random) -> str:
    rows = []
    for _ in range(rng.randint(1, 4)):
        row = {"id": rng.choice(["a", _text(rng, 2), "\ud800x", "../x", "", "é" * 200]),
               "title": rng.choice([_text(rng, 2), "\udfff"]), "text": _text(rng, 10),
               "published": rng.choice(DATES)}
        if rng.random() < 0.2:
            row.pop(rng.choice(list(row)))
        rows.append(json.dumps(row) if rng.random() < 0.85 else _text(rng, 3))
    return "\n".join(rows) + "\n"


def _html(rng: random.Random) -> str:
    paragraphs = "".join(f"<p>{rng.choice(['', chr(0x301), chr(0x2028)])}{_text(rng, 6)}</p>" for _ in range(rng.randint(0, 5)))
    return f"<html><head><title>{_text(rng, 2)}</title></head><body><article>{paragraphs}</article></body></html>"


def corpus(folder: Path, seed: int, size: int) -> list[Path]:
    """Write ``size`` generated files into ``folder`` from ``seed``; returns their paths."""
    rng = random.Random(seed)
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for index in range(size):
        suffix = rng.choice(SUFFIXES)
        content = {".txt": lambda: _text(rng, 14), ".md": lambda: _markdown(rng), ".jsonl": lambda: _jsonl(rng),
                   ".html": lambda: _html(rng)}[suffix]()
        path = folder / (_name(rng, index) + suffix)
        try:
            taken = path.exists()  # a dot name made twice ("...txt"): this one by a plain name
        except OSError:  # a name over 255 bytes
            taken = False
        if taken:
            path = folder / f"article-{index}{suffix}"
        data = content.encode("utf-8", errors="surrogatepass" if rng.random() < 0.1 else "replace")
        if rng.random() < 0.03:  # a bit flipped somewhere
            flip = rng.randrange(len(data)) if data else 0
            data = data[:flip] + bytes([data[flip] ^ 0x80]) + data[flip + 1:] if data else data
        try:
            path.write_bytes(data)
        except OSError:  # a name the file system refuses (over 255 bytes): the same file by a plain name
            path = folder / f"article-{index}{suffix}"
            path.write_bytes(data)
        written.append(path)
    return written


@dataclass
class Outcome:
    """One generated corpus's build: its status, what it said and the problems found."""

    seed: int
    inputs: int
    status: int
    problems: list[str] = field(default_factory=list)


FORMATS = {"graph.nq": pyoxigraph.RdfFormat.N_QUADS, "graph.trig": pyoxigraph.RdfFormat.TRIG,
           "graph.ttl": pyoxigraph.RdfFormat.TURTLE}


def check_build(folder: Path, out: Path, seed: int, inputs: int) -> Outcome:
    """Build ``folder`` into ``out`` and list what breaks the promise (empty: it held)."""
    result = CliRunner().invoke(main, ["build", str(folder), "--out", str(out), "--format", "nq,trig,ttl", "--quiet"])
    outcome = Outcome(seed, inputs, result.exit_code)
    said = result.output or ""
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        outcome.problems.append(f"aborted: {type(result.exception).__name__}: {result.exception}")
    if "internal error" in said or "Traceback" in said:
        outcome.problems.append(f"aborted: {said.strip()[-300:]}")
    if result.exit_code not in (0, 1) or (result.exit_code == 1 and "no article could be read" not in said):
        outcome.problems.append(f"exit {result.exit_code}: {said.strip()[-300:]}")
    if result.exit_code == 0:
        for name, fmt in FORMATS.items():
            try:
                with open(out / name, "rb") as fh:
                    for _ in pyoxigraph.parse(fh, format=fmt):
                        pass
            except (OSError, SyntaxError) as err:
                outcome.problems.append(f"{name} does not parse: {err}")
    return outcome
