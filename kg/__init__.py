"""kg: build an ontology-mapped RDF knowledge graph from news articles.

``from kg import build`` gives the library entry point (see :mod:`kg.engine.pipeline`).
"""

from __future__ import annotations

__version__ = "0.1.0"
__all__ = ["build", "build_corpus"]


def __getattr__(name: str):
    # imported lazily so that `kg --help` does not load spaCy
    if name in __all__:
        import importlib

        return getattr(importlib.import_module("kg.engine.pipeline"), name)
    raise AttributeError(name)
