"""Benchmark the stored queries on a store of >= 1M triples (a script, not a test; bench/run.py calls it).

The store holds a build's graphs (loaded as ``kg load`` does, timed: triples/s), then the same
graphs again under renamed instance IRIs until it holds ``min_triples``: a bigger archive. Each
stored query (``ontology/queries/``) runs in a process of its own, stopped after 30 s or 4 GB,
and is timed twice, the best of 3 runs each:

- its first page: what ``kg query NAME`` shows by default (the first 50 rows, their labels looked
  up, the table written);
- the count of its rows, for the "N more" line ``kg query`` prints after the page;
- its full answer: every row, as Python terms, as ``kg query`` gets it (``kg.store.answers.runner``:
  the answer written at load for a stored question without parameters, the store unchanged since,
  else the store), in rows/s;
- the store's own full answer (``kg.query.sparql.run_store``), beside it.

The store is answered ahead as ``kg load`` does it, once it holds every copy, and that is timed too.

The same is measured, in the same run, for the text each query had before issue 18
(``tests/query/before/``), so that the speed-up is a ratio of two figures taken under one load.

    .venv/bin/python bench/run.py --only queries       # on the build bench/run.py left in --work
"""

from __future__ import annotations

import gc
import json
import resource
import shutil
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PY = sys.executable
BEFORE = ROOT / "tests" / "query" / "before"
#: rows of the first page (the CLI's table: kg.cli.query.TABLE_PAGE)
PAGE = 50

TIMED = """
import dataclasses, json, sys, time
from pathlib import Path
from kg.query.sparql import QueryText, answer, count_store, format_results, query_prefixes, run_store, stored
from kg.store.answers import StoredAnswers, runner
from kg.store.embedded import open_store
store = open_store(sys.argv[1], create=False, write=False)
name, text_file, page, params = sys.argv[2], sys.argv[3], int(sys.argv[4]), json.loads(sys.argv[5]) or None
q = QueryText(stored(name).text, name, stored(name))
if text_file:  # another text of the same question (its parameters folded the same way)
    text = Path(text_file).read_text(encoding="utf-8")
    q = QueryText(text, text_file, dataclasses.replace(q.stored, text=text))

def first_page():
    run = runner(sys.argv[1], store)  # as kg query runs it: a stored question answered at load, else the store
    results, labels = answer(run, q, params, offset=0, limit=page)
    format_results(results, "table", labels, query_prefixes(q.text))
    return results.total

def count():  # the 'N more' line kg query prints after the page: counted by the store unless known
    results = runner(sys.argv[1], store)(q, params, offset=0, limit=page)
    return results.total if results.total is not None or not results.more else count_store(store, q, params)

def full():
    return len(runner(sys.argv[1], store)(q, params).rows)

def store_full():  # the store's own answer, whatever was answered at load
    return len(run_store(store, q, params).rows)

out = {}
for what, work in (("page", first_page), ("count", count), ("full", full), ("store", store_full)):
    best, rows = float("inf"), 0
    for _ in range(3):  # the best of three runs (of one, when a run takes over a second)
        t = time.monotonic()
        rows = work()
        best = min(best, time.monotonic() - t)
        if best > 1:
            break
    out[what] = {"seconds": best, "rows": rows}
out["ahead"] = StoredAnswers(sys.argv[1]).answers(q, params) is not None  # answered at load
print(json.dumps(out))
"""


FLOOR = """
import json, sys, time
from kg.query.sparql import QueryText, run_store
from kg.store.embedded import open_store
store = open_store(sys.argv[1], create=False, write=False)
q = QueryText("SELECT ?report WHERE { ?report a kg:Report }")
best, rows = float("inf"), 0
for _ in range(3):
    t = time.monotonic()
    rows = len(run_store(store, q).rows)
    best = min(best, time.monotonic() - t)
print(json.dumps({"seconds": best, "rows": rows}))
"""


def floor(store_dir: Path) -> dict:
    """The store's floor for a full answer: rows/s of one scan that returns one IRI a row (every
    kg:Report), each IRI read back from the store's string table; a row of k IRIs or long strings
    cannot come faster than this rate / k, however the query is written."""
    done = subprocess.run([PY, "-c", FLOOR, str(store_dir)], capture_output=True, text=True, timeout=60, cwd=ROOT)
    if done.returncode != 0:
        return {"failed": (done.stderr.strip().splitlines() or ["?"])[-1][:120]}
    return json.loads(done.stdout.strip().splitlines()[-1])


def big_store(out: Path, store_dir: Path, min_triples: int) -> dict:
    """Load the build in ``out`` into a store at ``store_dir`` (triples/s), then grow it past ``min_triples``."""
    import pyoxigraph as ox

    from kg.engine import local as stream
    from kg.engine.cache import load_manifest
    from kg.store.answers import refresh
    from kg.store.embedded import compact, open_store
    from kg.store.sync import sync_graphs

    shutil.rmtree(store_dir, ignore_errors=True)
    graphs = sorted((out / stream.GRAPHS_DIR).glob("*.nq"))
    manifest = load_manifest(out)["documents"]
    entries = [(v["graph"], out / stream.GRAPHS_DIR / v["file"], v["sha"]) for v in manifest.values()]
    store = open_store(store_dir)
    started = time.monotonic()
    report, _ = sync_graphs(store, store_dir, entries, [], source="graphs", target=str(store_dir))
    load_s = time.monotonic() - started
    base = "https://w3id.org/kg-news/id/"
    data = b"".join(p.read_bytes() for p in graphs)
    copies, total = 0, len(store)
    while total < min_triples:  # the same graphs again, every instance IRI renamed: a bigger archive
        copies += 1
        store.bulk_load(input=data.replace(base.encode(), f"{base}copy{copies}/".encode()),
                        format=ox.RdfFormat.N_QUADS)
        total = len(store)
    store.flush()
    compact(store)  # as kg load does after a bulk load
    person = next(iter(store.query(
        "SELECT ?n WHERE { ?p a <https://w3id.org/kg-news/ont#Person> ; "
        "<http://www.w3.org/2000/01/rdf-schema#label> ?n ; <https://w3id.org/kg-news/ont#ejected> ?x } LIMIT 1",
        use_default_graph_as_union=True)))["n"].value
    del store  # closed: each query runs in a process of its own, reading the store
    gc.collect()
    answered = refresh(store_dir)  # as kg load does once it has loaded
    if answered.skipped is not None:
        raise SystemExit(f"the stored questions were not answered at load: {answered.skipped}")
    return {"load_s": load_s, "loaded": report.triples, "triples": total, "copies": copies, "person": person,
            "answers_s": answered.seconds, "answers_rows": sum(answered.rows.values()),
            "answered": len(answered.rows)}


def time_queries(store_dir: Path, person: str, *, before: bool = True) -> dict[str, dict]:
    """Each stored query's first page and full answer (and, with ``before``, those of its text before issue 18)."""
    from kg.query.sparql import stored_queries

    timings = {}
    for q in stored_queries():
        params = {"person": person} if "person" in q.params else {}
        entry = {"now": _time_query(store_dir, q.name, "", params)}
        old = BEFORE / f"{q.name}.rq"
        if before and old.is_file():
            entry["before"] = _time_query(store_dir, q.name, str(old), params)
        timings[q.name] = entry
        print(f"  {q.name}: {describe(entry)}", flush=True)
    return timings


def _time_query(store_dir: Path, name: str, text_file: str, params: dict, timeout: float = 30.0,
                memory_gb: int = 4) -> dict:
    """{"page": {seconds, rows}, "full": {...}} of one query in a process of its own, or {"failed": why}
    when it was stopped after ``timeout`` seconds or ``memory_gb`` GB (a query can explode: it is
    reported, not waited for)."""

    def limit():
        resource.setrlimit(resource.RLIMIT_AS, (memory_gb << 30, memory_gb << 30))

    cmd = [PY, "-c", TIMED, str(store_dir), name, text_file, str(PAGE), json.dumps(params)]
    try:
        done = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout, preexec_fn=limit, cwd=ROOT)
    except subprocess.TimeoutExpired:
        return {"failed": f"stopped after {timeout:.0f} s"}
    if done.returncode != 0:
        if "memory allocation" in done.stderr or "MemoryError" in done.stderr:
            return {"failed": f"stopped: over {memory_gb} GB of memory"}
        tail = (done.stderr.strip().splitlines() or ["?"])[-1]
        return {"failed": f"failed: {tail[:120]}"}
    return json.loads(done.stdout.strip().splitlines()[-1])


def rate(run: dict) -> float:
    """Rows a second of a full answer."""
    return run["rows"] / run["seconds"] if run["seconds"] > 0 else float("inf")


def page_ok(entry: dict) -> bool:
    now = entry["now"]
    return "failed" not in now and now["page"]["seconds"] < 0.1


def full_ok(entry: dict) -> bool:
    """At >= 100,000 rows/s, or the whole answer within the first page's 100 ms (a handful of rows
    cannot show a rate: their time is the query's start-up)."""
    now = entry["now"]
    return "failed" not in now and (rate(now["full"]) >= 100_000 or now["full"]["seconds"] < 0.1)


def describe(entry: dict) -> str:
    """One query's figures on one line: first page and full answer, now and before."""
    now = entry["now"]
    if "failed" in now:
        return now["failed"]
    text = (f"first page {now['page']['seconds'] * 1000:.1f} ms; count {now['count']['seconds'] * 1000:.1f} ms; "
            f"full answer {now['full']['rows']:,} rows in {now['full']['seconds'] * 1000:.1f} ms "
            f"({rate(now['full']):,.0f} rows/s, {'answered at load' if now.get('ahead') else 'by the store'}); "
            f"the store's own full answer {now['store']['seconds'] * 1000:.1f} ms ({rate(now['store']):,.0f} rows/s)")
    old = entry.get("before")
    if old is None:
        return text
    if "failed" in old:
        return f"{text}; before: {old['failed']}"
    same = "" if old["full"]["rows"] == now["full"]["rows"] else f", {old['full']['rows']:,} rows"
    return (f"{text}; before: first page {old['page']['seconds'] * 1000:.1f} ms, full answer "
            f"{old['full']['seconds'] * 1000:.1f} ms{same} (now / before: first page "
            f"{now['page']['seconds'] / old['page']['seconds']:.2f}, full answer "
            f"{now['full']['seconds'] / old['full']['seconds']:.2f})")
