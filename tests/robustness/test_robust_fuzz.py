"""Fuzzing in the suite: the readers, the mapping and the writers take anything.

Two kinds of test:

* property-based (Hypothesis) tests of the readers: any file name, front matter, JSON Lines row,
  HTML or text gives a document or a skip with its file and reason, never an exception;
* a seeded run of 10,000 generated inputs (:mod:`tests.robustness.fuzz`, 100 corpora of 100
  files) built with ``kg build``: no build aborts and every file written parses in strict
  Oxigraph. A failure names its seed; ``corpus(folder, seed, 100)`` writes that corpus again.
"""

from __future__ import annotations

import json
import shutil

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kg.ingest.documents import read_corpus
from tests.robustness.fuzz import DATES, HOSTILE, check_build, corpus

#: text made of the characters that broke kg before, and any others
TEXT = st.text(alphabet=st.one_of(st.sampled_from([c for c in HOSTILE if len(c) == 1]), st.characters()), max_size=200)
NAME = st.text(alphabet=st.characters(blacklist_characters="/\x00", blacklist_categories=("Cs",)), min_size=1, max_size=90)
SUFFIX = st.sampled_from([".txt", ".md", ".html", ".jsonl"])


def _content(suffix: str, text: str, title: str, date: str) -> str:
    if suffix == ".md":
        return f"---\ntitle: {json.dumps(title)}\npublished: {date}\n---\n\n{text}"
    if suffix == ".jsonl":
        return json.dumps({"id": title, "title": title, "text": text, "published": date}) + "\n" + text + "\n"
    if suffix == ".html":
        return f"<html><head><title>{title}</title></head><body><p>{text}</p></body></html>"
    return text


@settings(max_examples=1500, deadline=None, suppress_health_check=list(HealthCheck), derandomize=True)
@given(name=NAME, suffix=SUFFIX, text=TEXT, title=TEXT, date=st.one_of(st.sampled_from(DATES), TEXT),
       surrogates=st.booleans())
def test_robust_fuzz_any_file_is_read_or_skipped_with_its_reason(tmp_path_factory, name, suffix, text, title, date,
                                                                 surrogates):
    folder = tmp_path_factory.mktemp("in")
    path = folder / (name + suffix)
    data = _content(suffix, text, title, date).encode("utf-8", "surrogatepass" if surrogates else "replace")
    try:
        path.write_bytes(data)
    except OSError:  # a name this file system refuses (over 255 bytes): nobody can give it to kg
        return
    documents, problems = read_corpus([folder])
    assert len(documents) + len(problems) >= 1
    for problem in problems:
        assert problem.message.strip() and str(problem.path).startswith(str(folder))
    for document in documents:
        document.text.encode("utf-8")  # no lone surrogate reaches the pipeline
        document.id.encode("utf-8")
        assert document.id not in ("", ".", "..") and "/" not in document.id
        assert len(document.id.encode("utf-8")) <= 200, "an id short enough for a graph file name"
    shutil.rmtree(folder, ignore_errors=True)


@settings(max_examples=25, deadline=None, suppress_health_check=list(HealthCheck), derandomize=True)
@given(seed=st.integers(0, 2**31 - 1))
@pytest.mark.model
def test_robust_fuzz_small_corpora_build(tmp_path_factory, seed):
    folder = tmp_path_factory.mktemp("corpus")
    files = corpus(folder / "in", seed, 12)
    outcome = check_build(folder / "in", folder / "out", seed, len(files))
    assert outcome.problems == [], f"seed {seed}: {outcome.problems}"
    shutil.rmtree(folder, ignore_errors=True)


@pytest.mark.model
def test_robust_fuzz_ten_thousand_inputs(tmp_path):
    """10,000 generated inputs (100 corpora of 100 files, seeds 0-99): 0 aborted builds, 0 unparseable outputs."""
    inputs, failed = 0, []
    for seed in range(100):
        folder = tmp_path / f"c{seed}"
        files = corpus(folder / "in", seed, 100)
        outcome = check_build(folder / "in", folder / "out", seed, len(files))
        inputs += len(files)
        if outcome.problems:
            failed.append(outcome)
        shutil.rmtree(folder, ignore_errors=True)
    assert inputs == 10_000
    assert failed == [], "\n".join(f"seed {o.seed}: {o.problems}" for o in failed[:10])
