"""Benchmark: does one article's build grow linearly with its length and its number of names?
A script, not a test; writes bench/RESULTS-lengths.md.

    .venv/bin/python bench/lengths.py                  # ~10 minutes here
    .venv/bin/python bench/lengths.py --quick          # the two smaller sizes of each kind

Three kinds of invented article, each at three sizes, doubling (issue 36, item 2):

* names: N distinct invented persons, two a sentence, five sentences a paragraph (N = 1,000 / 2,000 / 4,000);
* one sentence: words with no full stop, in one paragraph (250 / 500 / 1,000 KB);
* emoji: one run of emoji with no space (350 / 700 / 1,400 KB).

Each article is built by ``kg build FILE --out DIR --quiet`` in a process of its own (whole process: start,
model load, the work; memory is the process's peak RSS); a one-sentence article, built the same way, is the
fixed cost taken off each time. The figure of merit is the ratio of the work's time (and of the memory above
the fixed cost's) between one size and the next: 2.0 is linear, 4.0 quadratic.
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
KG = str(Path(sys.executable).parent / "kg")
SYLLABLES = ["ka", "lo", "mi", "ra", "te", "su", "no", "vi", "da", "pe", "zo", "ri", "ba", "ne", "go", "lu"]
WORDS = ["the", "member", "said", "that", "council", "and", "budget", "Speaker", "ejected", "of", "called", "liar"]


def names_article(n: int) -> str:
    rng = random.Random(n)

    def name() -> str:
        word = lambda: "".join(rng.choice(SYLLABLES) for _ in range(3)).capitalize()  # noqa: E731
        return f"{word()} {word()}"

    names: set[str] = set()
    while len(names) < n:
        names.add(name())
    ordered = sorted(names)
    sentences = [f"{a} met {b} in the chamber on Tuesday." for a, b in zip(ordered[::2], ordered[1::2])]
    return "\n\n".join(" ".join(sentences[i:i + 5]) for i in range(0, len(sentences), 5))


def sentence_article(kb: int) -> str:
    rng = random.Random(kb)
    return " ".join(rng.choice(WORDS) for _ in range(kb * 1000 // 6))


def emoji_article(kb: int) -> str:
    return "\U0001F600" * (kb * 1000 // 4)


KINDS = {
    "names": ([1000, 2000, 4000], names_article, "{} distinct names"),
    "one sentence": ([250, 500, 1000], sentence_article, "{} KB in one sentence"),
    "emoji": ([350, 700, 1400], emoji_article, "{} KB of emoji in one run"),
}


def build(text: str, work: Path) -> tuple[float, float]:
    """(seconds, peak RSS in MB) of ``kg build`` of ``text`` in a process of its own."""
    article = work / "article.txt"
    article.write_text(text, encoding="utf-8")
    out = work / "out"
    started = time.monotonic()
    with open(work / "stderr.txt", "w+b") as err:
        child = subprocess.Popen([KG, "build", str(article), "--out", str(out), "--quiet"],
                                 stdout=subprocess.DEVNULL, stderr=err)
        _, status, usage = os.wait4(child.pid, 0)  # this child's own peak, not the largest child's so far
        child.returncode = os.waitstatus_to_exitcode(status)
        took = time.monotonic() - started
        if child.returncode != 0:
            err.seek(0)
            raise SystemExit(f"kg build failed: {err.read().decode(errors='replace').strip()[-500:]}")
    peak = usage.ru_maxrss
    subprocess.run(["rm", "-rf", str(out)], check=True)
    return took, peak / 1024


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="the two smaller sizes of each kind")
    parser.add_argument("--out", type=Path, default=ROOT / "bench" / "RESULTS-lengths.md")
    args = parser.parse_args()
    load = os.getloadavg()[0]
    rows, details = [], []
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        base_s, base_mb = build("Speaker Ana Lopes ejected Tom Reyes on Tuesday.", work)
        details.append(f"- fixed cost (a one-sentence article): {base_s:.1f} s, peak RSS {base_mb:.0f} MB")
        print(details[-1], flush=True)
        for kind, (sizes, make, label) in KINDS.items():
            measured = []
            for size in sizes[:2] if args.quick else sizes:
                seconds, peak = build(make(size), work)
                measured.append((size, seconds - base_s, peak))
                details.append(f"- {kind}, {label.format(f'{size:,}')}: {seconds:.1f} s in all, "
                               f"{seconds - base_s:.1f} s beyond the fixed cost, peak RSS {peak:.0f} MB")
                print(details[-1], flush=True)
            ratios = [(b[1] / a[1] if a[1] > 0 else float("nan")) for a, b in zip(measured, measured[1:])]
            sizes_shown = " / ".join(label.format(f"{s:,}") for s, _, _ in measured)
            times = " / ".join(f"{t:.1f} s" for _, t, _ in measured)
            peaks = " / ".join(f"{p:.0f} MB" for _, _, p in measured)
            worst = max(ratios)
            rows.append(f"| {kind}: {sizes_shown} | {times} (each doubling: {', '.join(f'{r:.2f}' for r in ratios)}) "
                        f"| {peaks} | <= 2.4 a doubling | {'met' if worst <= 2.4 else 'not met'} |")
    text = "\n".join([
        "# One article's build against its length and its names",
        "",
        f"Command: `.venv/bin/python bench/lengths.py{' --quick' if args.quick else ''}`.",
        "",
        f"Machine: {os.cpu_count()} CPUs, Python {platform.python_version()}, {platform.platform()}. "
        f"Load average before: {load:.1f} (other work on the machine moves single figures; compare the ratios).",
        "",
        "Each article is built alone by `kg build FILE --out DIR --quiet` in its own process; the time of a "
        "one-sentence article (start, model load) is taken off. A doubling of the size that doubles the time "
        "is linear (2.0); quadratic work would give 4.0. Peak memory is the process's peak RSS (it includes the model).",
        "",
        "| article | work time (beyond the fixed cost) | peak RSS | goal | |",
        "|---|---|---|---|---|",
        *rows,
        "",
        "Details:",
        "",
        *details,
        "",
    ])
    args.out.write_text(text, encoding="utf-8")
    print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
