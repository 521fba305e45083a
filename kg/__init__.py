"""kg: build an ontology-mapped RDF knowledge graph from news articles.

The library in five names (the command line ``kg`` does the same from a shell):

- :func:`build` articles (files, folders or texts) into an :class:`rdflib.Dataset`, one named graph an
  article; :func:`build_corpus` also gives what was read, what was skipped and why, and the facts;
- :class:`Store`: the embedded store (on disk or in memory): ``load`` a dataset, ``query`` it with
  SPARQL or a stored question by name, rows of rdflib terms or a pandas DataFrame;
- :func:`validate` against the SHACL shapes, :func:`reason` with OWL 2 RL.

Examples:
    >>> import kg
    >>> ds = kg.build(texts=["Speaker Ana Lopes ejected MP Tom Reyes on Monday."])
    >>> store = kg.Store()                     # in memory; kg.Store("output/store") on disk
    >>> store.load(ds)  # doctest: +ELLIPSIS
    '<dataset>: 1 graph (1 new), ... triples -> store'
    >>> [(row["ejector"].split("/")[-1], row["ejected"].split("/")[-1]) for row in store.query("ejections")]
    [('ana-lopes', 'tom-reyes')]
"""

from __future__ import annotations

import importlib

from kg.version import __version__ as __version__  # re-exported: kg.__version__

__all__ = ["BuildResult", "KgError", "Rows", "Store", "build", "build_corpus", "reason", "validate"]

#: where each public name lives, imported when first used so that ``kg --help`` does not load spaCy
_HOMES = {
    "build": "kg.engine.pipeline",
    "build_corpus": "kg.engine.pipeline",
    "BuildResult": "kg.engine.pipeline",
    "KgError": "kg.errors",
    "Rows": "kg.library",
    "Store": "kg.library",
    "reason": "kg.library",
    "validate": "kg.library",
}


def __getattr__(name: str):
    if name in _HOMES:
        return getattr(importlib.import_module(_HOMES[name]), name)
    raise AttributeError(f"module 'kg' has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted([*__all__, "__version__"])
