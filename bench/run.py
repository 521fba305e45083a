"""Benchmark kg build at archive scale, in one run (a script, not a test); writes bench/RESULTS.md.

    .venv/bin/python bench/run.py                      # 100 and 10,000 articles, --jobs 2 (~12 min here)
    .venv/bin/python bench/run.py --large 2000 --out /tmp/RESULTS.md   # a quicker look
    .venv/bin/python bench/run.py --only queries       # the store and the queries alone, on the last build

It generates two corpora (bench/corpus.py; ``--corpus`` picks them): the seeds corpus (sentences of
input/ recombined) and the realistic one (whole articles of ../shared/realnews and ../shared/devset,
read at run time), every person renamed in both; then measures, each command in its own process
(bench/builds.py: the whole process tree sampled every 0.2 s for memory, PSS, and CPU), for each corpus 1-3:

1. build throughput as a ratio to spaCy alone: ``kg build --jobs J`` against ``nlp.pipe`` of the
   same texts with the same model, batch size and ``n_process=J`` (each a whole process: start,
   model load, the work; spaCy alone keeps no result), ``--pairs`` times in turn (build first, then
   spaCy first: a drift of the machine's speed weighs on both sides), the median of the pairs'
   ratios - goal >= 0.95 by wall clock;
2. peak memory of the build at the small and the large corpus - goal ratio <= 1.2;
3. a re-run on the unchanged large corpus, as a fraction of the full build - goal <= 0.05;
4. loading the large build into the embedded store (triples/s), then the stored queries
   (ontology/queries/) on a store of >= 1M triples (the build's graphs, repeated under renamed
   IRIs until there are enough; bench/queries.py), as ``kg query`` runs them after ``kg load``
   (which answers the stored questions without parameters ahead, timed): each one's first
   page - goal < 100 ms - and its full answer - goal >= 100,000 rows/s -, the store's own full
   answer beside it, and both as ratios to the text it had before issue 18, measured in the same
   run (``--only queries`` runs this part alone, on the build an earlier run left in ``--work``);
5. the reasoning fast path against owlrl on the small corpus's graphs (bench/reason.py).

Each goal is printed with its measured value as it is measured, and in the results file.
"""

from __future__ import annotations

import argparse
import os
import platform
import re
import shutil
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.builds import build_details, build_figures, describe, make_corpus  # noqa: E402


def store_and_queries(out: Path, store_dir: Path, min_triples: int, goal) -> dict:
    """Load the build into a store, grow it past ``min_triples``, time the stored queries (bench/queries.py)."""
    import bench.queries as queries

    q = queries.big_store(out, store_dir, min_triples)
    goal("load into the embedded store", f"{q['loaded'] / q['load_s']:,.0f} triples/s "
         f"({q['loaded']:,} triples in {q['load_s']:.1f}s)", "(measured)", None)
    goal(f"stored questions answered ahead at the end of a load (kg.store.answers.refresh) on {q['triples']:,} triples",
         f"{q['answered']} questions, {q['answers_rows']:,} rows in {q['answers_s']:.1f}s", "(measured)", None)
    q["queries"] = timings = queries.time_queries(store_dir, q["person"])
    big = q["triples"] >= min_triples
    pages = sum(queries.page_ok(e) for e in timings.values())
    goal(f"stored queries' first page ({queries.PAGE} rows, as `kg query` shows them) on {q['triples']:,} triples",
         f"{pages} of {len(timings)} under 100 ms (" + ", ".join(
             f"{n} {e['now']['page']['seconds'] * 1000:.0f} ms" if "failed" not in e["now"] else f"{n} {e['now']['failed']}"
             for n, e in timings.items()) + ")", "< 100 ms each", pages == len(timings) and big)
    full = sum(queries.full_ok(e) for e in timings.values())
    goal(f"stored queries' full answer on {q['triples']:,} triples",
         f"{full} of {len(timings)} at >= 100,000 rows/s or within 100 ms (" + ", ".join(
             f"{n} {queries.rate(e['now']['full']):,.0f} rows/s" if "failed" not in e["now"] else f"{n} failed"
             for n, e in timings.items()) + ")", ">= 100,000 rows/s each", full == len(timings) and big)
    ok = [e for e in timings.values() if "failed" not in e["now"]]
    goal(f"the store's own full answer, no answer read back (kg.query.sparql.run_store), on {q['triples']:,} triples",
         ", ".join(f"{n} {queries.rate(e['now']['store']):,.0f} rows/s" for n, e in timings.items() if e in ok),
         "(measured)", None)
    q["floor"] = base = queries.floor(store_dir)
    if "failed" not in base:
        goal("the store's floor: one IRI a row (every kg:Report), read back", f"{queries.rate(base):,.0f} rows/s "
             f"({base['rows']:,} rows in {base['seconds'] * 1000:.0f} ms); a row of k IRIs or long strings cannot "
             "come faster than this / k", "(measured)", None)
    sped = [e for e in timings.values() if "failed" not in e["now"] and "failed" not in e.get("before", {"failed": 1})]
    if sped:
        ratio = lambda what: sorted(e["now"][what]["seconds"] / e["before"][what]["seconds"] for e in sped)  # noqa: E731
        goal("stored queries now / before issue 18, same store and run (median; best, worst)",
             "; ".join(f"{what} {r[len(r) // 2]:.2f} ({r[0]:.2f}, {r[-1]:.2f})"
                       for what, r in (("first page", ratio("page")), ("full answer", ratio("full")))),
             "(measured)", None)
    return q


def query_details(q: dict, min_triples: int) -> list[str]:
    """The results file's lines on the store and each stored query."""
    import bench.queries as queries

    return [f"- store: {q['triples']:,} triples ({q['copies']} renamed copies of the build's graphs added to reach "
            f"{min_triples:,}), then its {q['answered']} stored questions without parameters answered ahead as "
            f"`kg load` does at the end of a load ({q['answers_rows']:,} rows in {q['answers_s']:.1f}s, written "
            "to the store folder's .kg-answers/, read back while the store is unchanged: kg.store.answers); "
            "each query in a process of its own (stopped after 30 s or 4 GB), the best of 3 "
            f"runs; first page: the first {queries.PAGE} rows as `kg query` gets them and their labels, "
            "printed as the table `kg query` shows; count: what the 'N more' line printed after the page costs "
            "(the store counts unless the answer's size is known); full answer: every "
            "row as Python terms, as `kg query` gets them; the store's own: the query run on the store. "
            "Before: the query's text before issue 18 (tests/query/before/), on the store, same run:"] + [
        f"  - `{name}`: {queries.describe(e)}" for name, e in q["queries"].items()]


def only_queries(args) -> int:
    """``--only queries``: the store and query part alone, on the large build an earlier run left in ``--work``."""
    out = args.work / "out-large"
    if not (out / "graphs").is_dir():
        sys.exit(f"{out} holds no build; run the whole benchmark once (bench/run.py --work {args.work})")
    rows: list[tuple[str, str, str, str]] = []

    def goal(name: str, value: str, target: str, ok: bool | None) -> None:
        verdict = "n/a" if ok is None else ("met" if ok else "NOT met")
        rows.append((name, value, target, verdict))
        print(f"GOAL {name}: {value} (goal {target}) -> {verdict}", flush=True)

    load_before, began = os.getloadavg(), time.monotonic()
    q = store_and_queries(out, args.work / "store", args.min_triples, goal)
    lines = ["# kg stored queries at scale (bench/run.py --only queries)", "",
             f"On the build in {out}; {time.monotonic() - began:.0f} s. Load average before / after: "
             f"{load_before[0]:.1f} / {os.getloadavg()[0]:.1f}.", "", "| measure | value | goal | |", "|---|---|---|---|"]
    lines += [f"| {a} | {b} | {c} | {d} |" for a, b, c, d in rows]
    lines += ["", *query_details(q, args.min_triples), ""]
    target = args.out or args.work / "RESULTS-queries.md"
    target.write_text("\n".join(lines), encoding="utf-8")
    print(f"-> {target}")
    return 0


#: the options the results file's command line shows when they differ from their defaults
_SHOWN = ("small", "large", "jobs", "corpus", "real_large", "real_small", "pairs")


def write_results(args, began: float, load_before, rows, corpora, builds: dict, q: dict | None, dask) -> int:
    """Write the results file: the machine, each corpus, the goals' table and the details."""
    total = time.monotonic() - began
    command = args.command
    cpu = re.sub(r"\s+", " ", next((line.split(":", 1)[1] for line in Path("/proc/cpuinfo").read_text().splitlines()
                                    if line.startswith("model name")), "?")).strip()
    mem_total = next((int(line.split()[1]) // 1024 for line in Path("/proc/meminfo").read_text().splitlines()
                      if line.startswith("MemTotal")), 0)
    sources = next((figures["sources"] for kind, _, figures in corpora if kind == "real"), [])
    how = {"seeds": f"made by `bench/corpus.py` from the sentences of `input/` recombined (3 to 5 an article) with "
                    f"every person renamed; the small corpus is its first {args.small}",
           "real": "made by `bench/corpus.py` of whole copies, in turn, of the articles of "
                   f"{' and '.join(f'`{f}`' for f in sources)} (their paragraphs, quotes, "
                   "embedded posts and front matter; every person renamed in each copy, dates shifted, outlets "
                   f"varied); the small corpus is its first {args.real_small}"}
    lines = [
        "# kg build at scale: benchmark", "",
        f"Command: `{command}` ({total / 60:.1f} minutes in all).", "",
        f"Machine: {os.cpu_count()} CPUs ({cpu}), {mem_total:,} MB RAM, Python {platform.python_version()}, "
        f"{platform.platform()}. Load average before / after: {load_before[0]:.1f} / {os.getloadavg()[0]:.1f} "
        "(other work on the machine slows every figure; compare the ratios).", "",
        *[f"Corpus ({name}): {describe(figures)}, {how[kind]}." for kind, name, figures in corpora], "",
        f"Builds run `kg build CORPUS --out DIR --jobs {args.jobs} --quiet` (default formats "
        "Turtle and TriG, SHACL validation on); spaCy alone is `nlp.pipe(texts, batch_size="
        f"{args.batch_size}, n_process={args.jobs})` over the same articles' texts with the model as it ships "
        "(`spacy.load`); the build parses with kg's parser, the same model with its attribute ruler and "
        "lemmatizer memoised (`kg.nlp.memo`: the same annotations, `tests/nlp/test_memo.py`), timed alone "
        "the same way. The large build (afresh each time) and spaCy alone run in turn, "
        f"{args.pairs} times each (the build first in the odd pairs, spaCy first in the even ones), and the "
        f"ratio is the median of the {args.pairs} pairs': on a shared machine "
        "the speed of the moment moves a single run by 10-20%. Times are "
        "whole processes (start, model load, work); memory is the peak PSS of the process tree (build and "
        "workers), sampled every 0.2 s.", "",
        "| measure | value | goal | |", "|---|---|---|---|",
    ]
    lines += [f"| {a} | {b} | {c} | {d} |" for a, b, c, d in rows]
    lines += ["", "Details:", ""]
    for kind, name, _ in corpora:
        lines += build_details(name, builds[kind])
    if q is not None:
        lines += query_details(q, args.min_triples)
    if dask is not None:
        lines += [f"- Dask engine: `kg build CORPUS --engine dask --workers 2` vs `kg build CORPUS --jobs 2` on the "
                  f"first {dask['documents']} articles, whole processes, fresh output folders: "
                  f"{dask['dask']['seconds']:.1f} s vs {dask['local']['seconds']:.1f} s "
                  f"(`{dask['dask']['phases']}`). {dask['note']}"]
    lines.append("")
    args.out.write_text("\n".join(lines), encoding="utf-8")
    print(f"-> {args.out} ({total / 60:.1f} minutes)")
    return 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--small", type=int, default=100)
    parser.add_argument("--large", type=int, default=10_000)
    parser.add_argument("--corpus", choices=["seeds", "real", "both"], default="both",
                        help="the corpora whose builds are measured: seeds (input/'s sentences recombined), real "
                             "(whole articles of --shared, people renamed) or both; the queries, reasoning and Dask "
                             "parts run on the seeds corpus")
    parser.add_argument("--real-large", type=int, default=2000, help="articles of the realistic corpus")
    parser.add_argument("--real-small", type=int, default=100, help="its first articles, built for the memory ratio")
    parser.add_argument("--shared", type=Path, default=ROOT.parent / "shared",
                        help="the shared data whose realnews/ and devset/ articles the realistic corpus copies "
                             "(default ../shared, as the Makefile's SHARED)")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--pairs", type=int, default=7,
                        help="large builds and spaCy-alone runs made in turn, per corpus; their ratios' median is "
                             "the figure (the machine's speed drifts from one minute to the next: single pairs "
                             "spread over 0.8-1.1 around a median, so 7 rather than 5)")
    parser.add_argument("--batch-size", type=int, default=64)
    parser.add_argument("--work", type=Path, default=Path("/tmp/kg-bench"))
    parser.add_argument("--min-triples", type=int, default=1_000_000)
    parser.add_argument("--reason-articles", type=int, default=20,
                        help="articles of the small corpus reasoned over by owlrl and the fast path")
    parser.add_argument("--dask-articles", type=int, default=2000,
                        help="articles of the large corpus built by the Dask engine and by --jobs 2 (0: skip)")
    parser.add_argument("--out", type=Path, default=None,
                        help="the results file (default bench/RESULTS.md; with --only queries, WORK/RESULTS-queries.md)")
    parser.add_argument("--only", choices=["queries"], default=None,
                        help="queries: only the store and the stored queries, on the large build a run left in --work")
    args = parser.parse_args()
    # the command as the results file shows it: the options of what is measured that differ from their defaults
    args.command = ".venv/bin/python bench/run.py" + "".join(
        f" --{k.replace('_', '-')} {getattr(args, k)}" for k in _SHOWN if getattr(args, k) != parser.get_default(k))
    if args.only == "queries":
        return only_queries(args)
    args.out = args.out or ROOT / "bench" / "RESULTS.md"
    began = time.monotonic()
    load_before = os.getloadavg()
    work = args.work
    shutil.rmtree(work, ignore_errors=True)
    work.mkdir(parents=True)
    # the code measured is the code as it was when the run began, whatever is edited meanwhile
    # (an edit to an analysis module would otherwise make the re-run parse everything again)
    snapshot = work / "src"
    shutil.copytree(ROOT / "kg", snapshot / "kg", ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copytree(ROOT / "ontology", snapshot / "ontology")
    os.environ["PYTHONPATH"] = str(snapshot) + os.pathsep + os.environ.get("PYTHONPATH", "")
    sys.path.insert(0, str(snapshot))
    import kg  # noqa: F401 - from the snapshot, for everything measured in this process too

    rows: list[tuple[str, str, str, str]] = []

    def goal(name: str, value: str, target: str, ok: bool | None) -> None:
        verdict = "n/a" if ok is None else ("met" if ok else "NOT met")
        rows.append((name, value, target, verdict))
        print(f"GOAL {name}: {value} (goal {target}) -> {verdict}", flush=True)

    kinds = ["seeds", "real"] if args.corpus == "both" else [args.corpus]
    corpora, builds = [], {}
    for kind in kinds:
        made = make_corpus(kind, args, work)
        if made is None:
            continue
        name, large, small, figures = made
        corpora.append((kind, name, figures))
        builds[kind] = build_figures(name, large, small, work / ("out" if kind == "seeds" else "real/out"), args, goal)
    large, small = work / "corpus-large", work / "corpus-small"
    if "seeds" not in builds:
        print("the store, queries, reasoning and Dask parts run on the seeds corpus only: skipped", flush=True)
        return write_results(args, began, load_before, rows, corpora, builds, None, None)

    t = time.monotonic()
    q = store_and_queries(work / "out-large", work / "store", args.min_triples, goal)
    print(f"store and queries: {time.monotonic() - t:.0f}s", flush=True)

    import bench.reason as reason_bench

    t = time.monotonic()
    few = work / "corpus-reason"
    few.mkdir()
    for f in sorted(small.iterdir())[:args.reason_articles]:
        shutil.copy(f, few / f.name)
    r = reason_bench.bench(f"bench corpus ({args.reason_articles} articles)", [few], 3)
    goal(f"reasoning, fast path vs owlrl ({r['documents']} graphs, {r['triples']} triples)",
         f"{r['ratio']:.0f}x ({r['owlrl']:.2f}s vs {r['fast'] * 1000:.0f} ms; {r['ratio_with_compile']:.1f}x with "
         f"the one-off compile; equal: {'yes' if r['equal'] else 'NO'})", ">= 20x, equal",
         r["ratio"] >= 20 and r["equal"])
    print(f"reasoning: {time.monotonic() - t:.0f}s", flush=True)

    dask = None
    if args.dask_articles:
        import bench.dask_bench as dask_bench

        t = time.monotonic()
        subset = work / "corpus-dask"
        subset.mkdir()
        for f in sorted(large.iterdir())[:args.dask_articles]:
            shutil.copy(f, subset / f.name)
        dask = dask_bench.measure(subset, work / "dask")
        goal(f"Dask LocalCluster (2 workers) vs `kg build --jobs {args.jobs}` ({dask['documents']} articles)",
             f"{dask['ratio']:.2f} ({dask['dask']['docs_per_s']:.1f} vs {dask['local']['docs_per_s']:.1f} "
             "documents/s)", "(measured)", None)
        print(f"dask: {time.monotonic() - t:.0f}s", flush=True)

    return write_results(args, began, load_before, rows, corpora, builds, q, dask)


if __name__ == "__main__":
    sys.exit(main())
