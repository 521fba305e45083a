"""Profile one in-process build (``--jobs 1``) with pyinstrument: where does a build's time go?

    .venv/bin/python bench/profile_build.py /tmp/kg-bench-corpus-300 [--html /tmp/profile.html]

Prints pyinstrument's call tree (frames under 2% hidden) and a table of the time spent
under each stage: spaCy (``nlp.pipe``, with its compiled code, which pyinstrument shows at the
root of the tree), mentions, resolve, extract, mapping, the SHACL check, writing. Needs
pyinstrument (``pip install -e '.[bench]'``).
"""

from __future__ import annotations

import argparse
import shutil
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

#: stage -> the frames (function name, file name ending) whose time is the stage's
STAGES = {
    "spaCy (nlp.pipe)": [("pipe", "spacy/language.py")],
    "mentions": [("find", "kg/extract/people/mentions.py"), ("second_pass", "kg/extract/people/mentions.py"), ("attach_roles", "kg/extract/people/mentions.py")],
    "resolve (document)": [("resolve_document", "kg/resolve/document.py")],
    "extract": [("extract", "kg/extract/events/matcher.py")],
    "corpus step": [("corpus_step", "kg/engine/corpus.py")],
    "mapping (rdflib)": [("add", "kg/rdf/mapping.py")],
    "SHACL check (compiled; pySHACL if flagged)": [("check", "kg/semantics/batch.py")],
    "per-document N-Quads": [("nquads", "kg/rdf/lines.py")],
    "merged files": [("write_merged", "kg/rdf/write.py")],
    "reading articles": [("read_corpus", "kg/ingest/documents.py")],
    "model load": [("_load_model", "kg/nlp/parse.py")],
    "spaCy import": [("<module>", "spacy/__init__.py")],
}


def stage_times(session_root) -> dict[str, float]:
    """Seconds under the outermost frame of each stage."""
    totals = {name: 0.0 for name in STAGES}

    def walk(frame, inside: set[str]):
        here = set(inside)
        for name, frames in STAGES.items():
            if name not in inside and any(frame.function == f and (frame.file_path or "").endswith(p)
                                          for f, p in frames):
                totals[name] += frame.time
                here.add(name)
        for child in frame.children:
            walk(child, here)

    walk(session_root, set())
    return totals


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("corpus", type=Path)
    parser.add_argument("--html", type=Path, default=None)
    parser.add_argument("--validate", action=argparse.BooleanOptionalAction, default=True)
    args = parser.parse_args()
    from pyinstrument import Profiler

    from kg.engine import local as stream
    from kg.engine.options import BuildOptions

    out = Path(tempfile.mkdtemp(prefix="kg-profile-"))
    profiler = Profiler(interval=0.002)
    try:
        profiler.start()
        result = stream.build([args.corpus], out, BuildOptions(jobs=1, validate=args.validate))
        profiler.stop()
    finally:
        shutil.rmtree(out, ignore_errors=True)
    session = profiler.last_session
    print(profiler.output_text(unicode=True, color=False, show_all=False,
                               processor_options={"filter_threshold": 0.02}))
    total = session.duration
    root = session.root_frame()
    times = stage_times(root)
    # spaCy's compiled code (thinc's gemm, Cython) comes out at the root of the tree, beside the
    # script's frame, since pyinstrument cannot see the Python frames above it: it is spaCy's too
    script = sum(c.time for c in root.children if (c.file_path or "").endswith("profile_build.py"))
    times["spaCy (nlp.pipe)"] += max(0.0, root.time - script)
    print(f"{result.documents} documents, {total:.1f} s in all")
    print("| stage | seconds | share |\n|---|---:|---:|")
    for name, seconds in sorted(times.items(), key=lambda kv: -kv[1]):
        print(f"| {name} | {seconds:.2f} | {seconds / total:.0%} |")
    if args.html:
        args.html.write_text(profiler.output_html(), encoding="utf-8")


if __name__ == "__main__":
    main()
