"""Benchmark the Dask engine against the local one on the same corpus (a script, not a test).

    .venv/bin/python bench/dask_bench.py                       # a generated corpus of 1,000 articles
    .venv/bin/python bench/dask_bench.py --corpus /tmp/corpus-10000 --work /tmp/dask-bench

Each build is a whole process (start, imports, model loads, the work) into a fresh output folder:
``kg build CORPUS --jobs 2`` and ``kg build CORPUS --engine dask --workers 2`` (a LocalCluster of two
worker processes on this machine). Prints documents/s for each and their ratio. ``measure`` is
what bench/run.py calls.
"""

from __future__ import annotations

import argparse
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
KG = [sys.executable, "-c", "from kg.cli import main; main()"]

#: why the Dask engine is slower on one machine (the closing note of the results)
NOTE = (
    "On one machine the Dask engine does the same parsing (two worker processes, each loading the spaCy "
    "model once, like --jobs 2) plus what a cluster costs: starting a scheduler and two worker processes "
    "(spawned, each importing kg, spaCy and Dask), a round trip through the scheduler for every task, "
    "pickling each document's summary between the stages, two task shuffles (events by class and targets, "
    "then their keys back to their documents), and writing every graph twice (the document's file and its "
    "partition). None of that parallelises a single machine further; the engine is for corpora whose parsing "
    "outgrows one machine, where the workers add cores and the overhead stays per task, not per document."
)


def _build(args: list[str], env_extra: dict | None = None) -> tuple[float, int, str]:
    """Run ``kg build ARGS`` in its own process; (seconds, documents, its phases line)."""
    import os

    env = dict(os.environ, KG_TIMINGS="1", **(env_extra or {}))
    started = time.monotonic()
    done = subprocess.run([*KG, "build", *args, "--quiet"], capture_output=True, text=True, env=env, cwd=ROOT)
    seconds = time.monotonic() - started
    if done.returncode != 0:
        raise RuntimeError(f"kg build {' '.join(args)} failed:\n{done.stdout}\n{done.stderr}")
    found = re.search(r"^(\d+) documents \(", done.stdout, re.M)
    phases = next((line for line in done.stderr.splitlines() if line.startswith("phases:")), "")
    return seconds, int(found.group(1)) if found else 0, phases


def measure(corpus_dir: Path | str, workdir: Path | str) -> dict:
    """Time ``kg build --jobs 2`` and ``kg build --engine dask --workers 2`` on ``corpus_dir``.

    Each build runs in a fresh folder under ``workdir`` (removed after). Returns the documents,
    seconds and documents/s of each, ``ratio`` (Dask documents/s over local) and ``note`` (why).
    """
    corpus_dir, workdir = Path(corpus_dir), Path(workdir)
    workdir.mkdir(parents=True, exist_ok=True)
    runs = {}
    for name, extra in (("local", ["--jobs", "2"]), ("dask", ["--engine", "dask", "--workers", "2"])):
        out = workdir / f"out-{name}"
        shutil.rmtree(out, ignore_errors=True)
        seconds, documents, phases = _build([str(corpus_dir), "--out", str(out), *extra])
        runs[name] = {"seconds": round(seconds, 2), "documents": documents,
                      "docs_per_s": round(documents / seconds, 2) if seconds else 0.0, "phases": phases}
        shutil.rmtree(out, ignore_errors=True)
    local, dask = runs["local"], runs["dask"]
    return {"corpus": str(corpus_dir), "documents": local["documents"], "local": local, "dask": dask,
            "ratio": round(dask["docs_per_s"] / local["docs_per_s"], 3) if local["docs_per_s"] else 0.0,
            "note": NOTE}


def row(result: dict) -> str:
    """The results table's row: documents/s of each engine and the ratio."""
    return (f"| Dask LocalCluster (2 workers) vs `--jobs 2`, {result['documents']} articles | "
            f"{result['dask']['docs_per_s']:.1f} vs {result['local']['docs_per_s']:.1f} documents/s | "
            f"ratio {result['ratio']:.2f} |")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--corpus", type=Path, default=None, help="a folder of articles (default: generate one)")
    parser.add_argument("--size", type=int, default=1000, help="articles to generate when no --corpus")
    parser.add_argument("--work", type=Path, default=None, help="scratch folder (default: a temporary one)")
    args = parser.parse_args()
    work = args.work or Path(tempfile.mkdtemp(prefix="kg-dask-bench-"))
    corpus = args.corpus
    if corpus is None:
        from bench.corpus import generate

        corpus = work / f"corpus-{args.size}"
        if not corpus.is_dir():
            generate(args.size, corpus)
    result = measure(corpus, work)
    for name in ("local", "dask"):
        r = result[name]
        print(f"{name:6} {r['documents']} documents in {r['seconds']:.1f}s: {r['docs_per_s']:.1f} documents/s"
              f"  ({r['phases']})")
    print(f"ratio (dask / local): {result['ratio']:.2f}")
    print(row(result))
    print(result["note"])
    return 0


if __name__ == "__main__":
    sys.exit(main())
