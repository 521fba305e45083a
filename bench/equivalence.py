"""Same graphs before and after a change: build corpora with a kg, keep the N-Quads, compare by isomorphism.

A refactoring must not change what the graph says. Snapshot the corpora with the code before the
change, snapshot them again after, and compare: every named graph of one snapshot must be
isomorphic (rdflib ``compare.isomorphic``) to the graph of the same name in the other, and no
graph may be missing on either side.

    .venv/bin/python bench/equivalence.py snapshot /tmp/eq-before            # the code before
    .venv/bin/python bench/equivalence.py snapshot /tmp/eq-after             # the code after
    .venv/bin/python bench/equivalence.py compare /tmp/eq-before /tmp/eq-after

Corpora: ``input/``, and when ``../shared`` is there its development set and real news; a
generated corpus of ``--articles`` articles (``bench/corpus.py``) built with ``--jobs 2`` and,
when dask is installed, with ``--engine dask`` too. ``compare`` also checks that the ``--jobs 2``
and the dask builds of the generated corpus are isomorphic to each other.
"""

from __future__ import annotations

import argparse
import importlib.util
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SHARED = ROOT.parent / "shared"


def corpora(articles: int, work: Path, only: set[str] | None = None) -> list[tuple[str, Path, list[str]]]:
    """(name, input folder, extra ``kg build`` options) of every corpus to snapshot (or of those in ``only``)."""
    found = [("input", ROOT / "input", [])]
    for name, path in (("devset", SHARED / "devset" / "articles"), ("realnews", SHARED / "realnews" / "articles")):
        if path.is_dir():
            found.append((name, path, []))
    if only is not None and not any(n.startswith("generated") for n in only):
        return [c for c in found if c[0] in only]
    generated = work / f"corpus-{articles}"
    if not generated.is_dir():
        subprocess.run([sys.executable, str(ROOT / "bench" / "corpus.py"), str(articles), str(generated)], check=True)
    found.append(("generated-jobs2", generated, ["--jobs", "2"]))
    if importlib.util.find_spec("dask") and importlib.util.find_spec("distributed"):
        found.append(("generated-dask", generated, ["--engine", "dask", "--workers", "2"]))
    return [c for c in found if only is None or c[0] in only]


def snapshot(target: Path, articles: int, kg: str, only: set[str] | None = None) -> None:
    """Build every corpus (or those named in ``only``) into ``target/<name>/`` (N-Quads)."""
    target.mkdir(parents=True, exist_ok=True)
    for name, path, extra in corpora(articles, target, only):
        out = target / name
        started = time.monotonic()
        subprocess.run([kg, "build", str(path), "--out", str(out), "--format", "nq", "--rebuild", "-q", *extra],
                       check=True)
        print(f"{name}: {time.monotonic() - started:.1f} s -> {out / 'graph.nq'}", flush=True)


def _graphs(path: Path) -> dict[str, object]:
    from rdflib import Dataset

    ds = Dataset()
    ds.parse(path, format="nquads")
    return {str(g.identifier): g for g in ds.graphs() if len(g)}


def compare(a: Path, b: Path) -> int:
    """Print, per corpus, whether the two snapshots are isomorphic graph by graph; the number of differences."""
    from rdflib.compare import graph_diff, isomorphic, to_isomorphic

    pairs = [(name, a / name / "graph.nq", b / name / "graph.nq") for name in sorted(p.name for p in b.iterdir())
             if (b / name / "graph.nq").is_file()]
    if (b / "generated-dask" / "graph.nq").is_file():
        pairs.append(("generated: jobs 2 vs dask", b / "generated-jobs2" / "graph.nq", b / "generated-dask" / "graph.nq"))
    bad = 0
    for name, x, y in pairs:
        if not x.is_file():
            print(f"{name}: missing in {a}")
            bad += 1
            continue
        gx, gy = _graphs(x), _graphs(y)
        differ = [iri for iri in sorted(set(gx) | set(gy))
                  if iri not in gx or iri not in gy or not isomorphic(gx[iri], gy[iri])]
        triples = sum(len(g) for g in gx.values())
        if differ:
            bad += 1
            print(f"{name}: {len(differ)} of {len(gx)} graphs differ, e.g. {differ[0]}")
            if differ[0] in gx and differ[0] in gy:
                _, only_x, only_y = graph_diff(to_isomorphic(gx[differ[0]]), to_isomorphic(gy[differ[0]]))
                for t in sorted(only_x)[:5]:
                    print("  - ", *t)
                for t in sorted(only_y)[:5]:
                    print("  + ", *t)
        else:
            print(f"{name}: isomorphic ({len(gx)} graphs, {triples} triples)")
    return bad


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True)
    s = sub.add_parser("snapshot", help="build every corpus into a folder")
    s.add_argument("target", type=Path)
    s.add_argument("--articles", type=int, default=2000, help="size of the generated corpus")
    s.add_argument("--only", default=None, metavar="LIST",
                   help="comma-separated corpora: input, devset, realnews, generated-jobs2, generated-dask")
    s.add_argument("--kg", default=str(ROOT / ".venv" / "bin" / "kg"), help="the kg command to run")
    c = sub.add_parser("compare", help="compare two snapshots")
    c.add_argument("a", type=Path)
    c.add_argument("b", type=Path)
    args = parser.parse_args()
    if args.command == "snapshot":
        snapshot(args.target, args.articles, args.kg, set(args.only.split(",")) if args.only else None)
        return 0
    return 1 if compare(args.a, args.b) else 0


if __name__ == "__main__":
    sys.exit(main())
