"""``kg build`` at scale: streaming, parallel, incremental, into an output folder (the local engine).

A build makes two passes over the corpus, with the corpus step between them:

1. **Analyse.** Each document's key (:func:`kg.engine.cache.document_key`: its content, the model,
   the analysis code and word lists) is looked up in ``OUT/.kg-cache/`` (a file unchanged since
   the last build, by size, times and inode, is not even read again: :mod:`kg.engine.inputs`);
   documents without an entry are parsed and analysed (:class:`kg.engine.workers.Analyser`,
   ``--jobs N`` processes) and their record (:mod:`kg.engine.record`) is cached with them, in
   one pack file for the build (:class:`kg.engine.packs.PackWriter`). Only the records stay in
   memory (no text, no spaCy objects).
2. **Corpus step** (:func:`kg.engine.corpus.corpus_step`): one entity per real thing and one node
   per real event, over every document, cached or not, exactly as :func:`kg.engine.pipeline.build_corpus`
   does; so a cached or parallel build writes the same graph as a fresh one. Then each
   document's *signature*: its key plus everything of the corpus its graph shows.
3. **Map and write** (:func:`kg.engine.graphs.map_documents`). A document whose signature is the
   one of the last build keeps its graph file; the others are mapped, checked against the shapes
   in chunks and written as they are produced to ``OUT/graphs/<id>.nq`` (N-Quads, lines sorted),
   by worker processes started afresh, without a spaCy model (the ones that parsed are stopped
   first: their models would double a large build's peak memory; the new ones start while the
   records load and the corpus step runs, here alone, and load what mapping needs meanwhile), or,
   for a few, here. The graph files of documents that left the corpus are removed. Last, the
   merged files (``graph.ttl``, ``graph.trig``, ...) are written from the graph files, with
   Oxigraph's serializers and an external merge sort, when anything changed; TriG by a worker,
   when they run, and half of the sorting of the triples for Turtle by another.

Memory: the corpus step needs every document's record (a few kilobytes); the texts, the parses
and the graphs are never all held at once.

With ``jobs`` > 1, call :func:`build` from a script under ``if __name__ == "__main__":`` (the
worker processes import the main module, as with any use of :mod:`multiprocessing`).
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import cast

from kg.engine import cache as kcache
from kg.engine.corpus import Links
from kg.engine.graphs import GRAPHS_DIR, MapTask, graph_file, map_documents, write_entailments
from kg.engine.inputs import check_strict, no_input, read_inputs, reread
from kg.engine.options import BuildOptions, Progress, no_progress
from kg.engine.record import DocumentRecord, Failed
from kg.engine.results import BuildValidationError, StreamResult
from kg.ingest.documents import Document, Problem

__all__ = ["GRAPHS_DIR", "MAP_CHUNK", "SMALL_MAP", "BuildValidationError", "StreamResult", "build", "graph_file"]

#: documents mapped (and validated) together
MAP_CHUNK = 64
#: fewer document graphs to map than this: mapped in this process, not by the workers
SMALL_MAP = 256


@dataclass
class _Doc:
    """One document between the passes: where it is cached and written, its record, its links."""

    id: str
    key: str
    file: str
    path: str = ""  # the file it was read from (what a problem names)
    record: DocumentRecord | None = None
    links: Links | None = None


def build(
    inputs: Iterable[Path | str],
    out: Path | str,
    options: BuildOptions = BuildOptions(),
    *,
    progress: Progress = no_progress,
) -> StreamResult:
    """Build the graph of ``inputs`` into the folder ``out``, re-using what an earlier build there did.

    Args:
        inputs: files or folders of articles.
        out: the output folder: merged files, ``graphs/``, ``.kg-cache/``.
        options: what to build (:class:`kg.engine.options.BuildOptions`; ``jobs`` processes parse).
        progress: ``progress(total, description)`` makes a progress bar (``update(n)``, ``close()``).

    Raises:
        NoInputError: nothing could be read.
        BuildValidationError: a changed graph does not conform (the merged files are not written).
        StrictError: with ``options.strict``, an article was skipped (the merged files are not written).
        BuildLockedError: another build is writing ``out``.
    """
    from kg.engine.workers import Analyser

    started = time.monotonic()
    # one build at a time writes OUT; what a build killed half-way left there goes first
    with kcache.build_lock(Path(out)), Analyser(options.model, options.jobs, options.batch_size) as analyser:
        return _LocalBuild(Path(out), options, progress, started).run(analyser, inputs)


class _LocalBuild:
    """The passes of one build (see the module), sharing the output folder, the cache and the result."""

    def __init__(self, out: Path, options: BuildOptions, progress: Progress, started: float):
        self.out, self.options, self.progress = out, options, progress
        self.cache = kcache.AnalysisCache(out)
        self.pack = self.cache.writer()  # this build's analyses, appended to one file (kg.engine.packs)
        self.previous = kcache.load_manifest(out)
        self.version = kcache.analysis_version(options.model)
        self.started, self.clock = started, [started]
        self.result = StreamResult()

    def run(self, analyser, inputs: Iterable[Path | str]) -> StreamResult:
        options, result = self.options, self.result
        try:
            docs, files = self.read(analyser, inputs)
            docs = self.analyse(analyser, docs, files)
        except BaseException:
            self.pack.abandon()
            raise
        self.corpus_step(docs)
        old_docs = (
            self.previous.get("documents", {})
            if self.previous.get("base") == options.base and not options.rebuild
            else {}
        )
        manifest_docs = self.map(analyser, docs, old_docs)
        docs = [d for d in docs if d.id in manifest_docs]  # less those whose mapping failed
        if not docs:
            raise no_input(result.problems)
        self.remove_old(docs, old_docs)
        graphs_dir = self.out / GRAPHS_DIR
        result.graphs = [(manifest_docs[d.id]["graph"], graphs_dir / d.file, manifest_docs[d.id]["sha"]) for d in docs]
        result.triples = sum(manifest_docs[d.id]["triples"] for d in docs)
        self.merge([graphs_dir / d.file for d in docs], manifest_docs, files, analyser.executor())
        self.cache.prune({d.key for d in docs})
        result.seconds = time.monotonic() - self.started
        return result

    def read(self, analyser, inputs) -> tuple[list[_Doc], dict]:
        """Read the corpus, sending each document the cache lacks to be analysed as it is read."""
        feeder = analyser.feeder(self.pack.put)
        rebuild = self.options.rebuild

        def fresh(document: Document, key: str) -> None:
            if rebuild or not self.cache.has(key):
                feeder.add(document, key)

        entries, problems, files = read_inputs(
            inputs,
            self.previous if not rebuild else {},
            self.cache,
            self.version,
            fresh,
            follow_symlinks=self.options.follow_symlinks,
            lang=self.options.lang,
        )
        if not entries:
            raise no_input(problems)
        self.result.documents, self.result.problems = len(entries), problems
        if self.options.strict:
            check_strict(problems)
        docs = [_Doc(e.id, e.key, graph_file(e.id), e.path) for e in entries]
        self.result.parsed = feeder.sent
        self.result.cached = len(docs) - feeder.sent
        self.feeder = feeder
        self.result.lap("read", self.clock)  # and, with --jobs N, the workers analyse what is read meanwhile
        return docs, files

    def analyse(self, analyser, docs: list[_Doc], files: dict) -> list[_Doc]:
        """Wait for the documents being analysed, then load every document's record; returns the documents
        analysed (one whose analysis failed is a problem of the result, and, with ``strict``, an error)."""
        from kg.engine.corpus import collector_paused
        from kg.engine.workers import load_or_analyse

        bar = self.progress(self.feeder.sent, "analyse")
        self.feeder.finish(bar)
        self.pack.close()  # its index written: the entries can be read, here and by the mapping's workers
        bar.close()
        # the workers that parsed hold a spaCy model each (130-190 MB): stopped now, so that the records
        # loaded here and the mapping's workers (started afresh in about half a second, and never loading
        # a model) do not add to them: a large build's peak memory stays the parsing's
        analyser.close()
        if self.feeder.sent >= SMALL_MAP:  # the workers will map: started now, they get ready meanwhile
            analyser.warm()
        failures = self.feeder.failed
        with collector_paused():  # every record loaded is kept: nothing for the collector to find
            for doc in docs:
                if doc.key in failures:
                    continue
                found = load_or_analyse(
                    self.cache,
                    doc.key,
                    doc.id,
                    None,
                    lambda: reread(doc.id, files),  # noqa: B023 - called before the loop moves on
                    self.options.model,
                    self.options.batch_size,
                )
                if isinstance(found, Failed):
                    failures[doc.key] = found.reason
                else:
                    doc.record = found
        analysed = [d for d in docs if d.key not in failures]
        self._skip([(d, failures[d.key]) for d in docs if d.key in failures])
        self.result.parsed -= sum(1 for d in docs if d.key in failures)
        if not analysed:
            raise no_input(self.result.problems)
        self.result.lap("analyse", self.clock)
        return analysed

    def _skip(self, skipped: list[tuple[_Doc, str]]) -> None:
        """Say why each of some documents is left out (``(document, reason)``); with ``strict``, stop."""
        result = self.result
        result.problems.extend(Problem(Path(d.path or d.id), reason) for d, reason in skipped)
        result.documents -= len(skipped)
        if self.options.strict:
            check_strict(result.problems)

    def corpus_step(self, docs: list[_Doc]) -> None:
        """Corpus entities, event keys, signatures and facts (:func:`kg.engine.corpus.corpus_step`)."""
        from kg.engine.corpus import corpus_step

        head = f"{kcache.mapping_version()}\n{self.options.base}\n"
        corpus = corpus_step(
            cast("list[DocumentRecord]", [d.record for d in docs]),
            self.options.base,
            [f"{head}{d.key}\n" for d in docs],
        )
        self.entities = corpus.entities
        for doc, links in zip(docs, corpus.links):
            doc.links = links
            doc.record = None  # the records are no longer needed: the workers read them from the cache
        self.result.facts, self.result.claims = corpus.facts, corpus.claims
        self.result.classes = Counter(f.cls for f in corpus.facts)
        self.result.lap("corpus", self.clock)

    def map(self, analyser, docs: list[_Doc], old_docs: dict) -> dict[str, dict]:
        """Map and write the documents whose graph changed; returns every document's manifest entry."""
        from kg.semantics.batch import merge_reports

        validate = self.options.validate
        graphs_dir = self.out / GRAPHS_DIR
        graphs_dir.mkdir(parents=True, exist_ok=True)
        manifest_docs: dict[str, dict] = {}
        todo = []
        for doc in docs:
            old = old_docs.get(doc.id)
            if (
                old
                and old.get("signature") == cast(Links, doc.links).signature  # set by corpus_step
                and old.get("file") == doc.file
                and (old.get("validated") or not validate)
                and (graphs_dir / doc.file).is_file()
            ):
                manifest_docs[doc.id] = old
                self.result.unchanged += 1
            else:
                todo.append(doc)
        entities = self.entities

        def task(doc: _Doc) -> MapTask:
            old = old_docs.get(doc.id, {})
            links = cast(Links, doc.links)  # set by corpus_step
            return MapTask(
                doc.id,
                doc.key,
                doc.file,
                tuple(entities[n] for n in links.corpus),
                links.event_keys,
                links.signature,
                old.get("sha"),
                old.get("file"),
            )

        tasks = (
            ([task(doc) for doc in todo[i : i + MAP_CHUNK]], self.options.base, str(self.out), validate)
            for i in range(0, len(todo), MAP_CHUNK)
        )
        bar = self.progress(len(todo), "map")
        report, failures = None, {}
        # a few graphs (a re-run) are mapped here; many, by the workers, each writing its own files
        for written, findings, failed in analyser.run(map_documents, tasks, here=len(todo) < SMALL_MAP):
            manifest_docs.update(written)
            failures.update(failed)
            if findings is not None:
                report = findings if report is None else merge_reports(report, findings)
            bar.update(len(written) + len(failed))
        bar.close()
        self.result.written = len(todo) - len(failures)
        if failures:
            result = self.result
            result.facts = [f for f in result.facts if f.document not in failures]
            result.classes = Counter(f.cls for f in result.facts)
            self._skip([(d, failures[d.id]) for d in docs if d.id in failures])
        self.result.lap("map", self.clock)
        if report is not None and report.violations:
            raise BuildValidationError(report)
        return manifest_docs

    def remove_old(self, docs: list[_Doc], old_docs: dict) -> None:
        """Remove the graph files of documents that left the corpus (all others, after a change of base)."""
        graphs_dir = self.out / GRAPHS_DIR
        current = {doc.id for doc in docs}
        for doc_id, old in sorted(old_docs.items()):
            if doc_id not in current:
                path = kcache.confined(graphs_dir, old.get("file", graph_file(doc_id)))
                if path is not None:  # only a graph file of OUT/graphs/, whatever the manifest says
                    path.unlink(missing_ok=True)
                self.result.removed += 1
                self.result.removed_graphs.append(old.get("graph", ""))
        if self.previous and self.previous.get("base") != self.options.base:
            keep = {doc.file for doc in docs}
            for f in graphs_dir.glob("*.nq"):
                if f.name not in keep:
                    f.unlink()

    def merge(self, files: list[Path], manifest_docs: dict, file_records: dict, pool=None) -> None:
        """The entailments (with ``reason``) and the merged files, when anything changed (TriG by a worker of
        ``pool``, when there is one, while Turtle is sorted here); the manifest."""
        from kg.rdf.formats import get as get_format
        from kg.rdf.write import write_merged

        options, out, result = self.options, self.out, self.result
        extra: list[Path] = []
        if options.reason:
            from kg.semantics.reason import entailments_graph_iri

            entailments, n = write_entailments(files, out, options.base)
            extra.append(entailments)
            result.triples += n
            result.entailments = (str(entailments_graph_iri(options.base)), entailments, kcache.file_sha(entailments))
        paths = [out / get_format(f).filename for f in options.formats]
        state = {
            "documents": {k: v["sha"] for k, v in manifest_docs.items()},
            "formats": list(options.formats),
            "reason": options.reason,
            "extra": [kcache.file_sha(p) for p in extra],
        }
        if (
            options.rebuild
            or self.previous.get("outputs_state") != state
            or not all(p.is_file() for p in paths)
            or self.previous.get("outputs") != {p.name: _stamp(p) for p in paths}
        ):
            write_merged(
                files + extra, out, options.formats, options.base, tmp=out / kcache.CACHE_DIR / "tmp", pool=pool
            )
        result.paths = paths
        result.lap("merge", self.clock)
        kcache.save_manifest(
            out,
            {
                "base": options.base,
                "documents": manifest_docs,
                "outputs_state": state,
                "outputs": {p.name: _stamp(p) for p in paths},
                "files": file_records,
                "reader": kcache.reader_version(),
            },
        )


def _stamp(path: Path) -> list:
    try:
        st = path.stat()
    except OSError:
        return []
    return [st.st_size, st.st_mtime_ns]
