"""The shipped JSON-LD context names every property the graph uses (issue 16, item 10), so
compacted JSON-LD never falls back to full IRIs for kg's own data."""

from __future__ import annotations

import pytest

from kg.ontology.terms import jsonld_context

pytestmark = pytest.mark.model


def _expanded(context: dict) -> set[str]:
    """The IRIs the context's terms stand for."""
    prefixes = {k: v for k, v in context.items() if isinstance(v, str)}
    out = set()
    for value in context.values():
        iri = value.get("@id") if isinstance(value, dict) else None
        if iri is None:
            continue
        prefix, _, local = iri.partition(":")
        out.add(prefixes[prefix] + local if prefix in prefixes else iri)
    return out


def test_context_has_a_term_for_every_property_of_the_seed_graph(seed) -> None:
    used = {str(p) for _, p, _, _ in seed.result.dataset.quads((None, None, None, None))}
    used.discard("http://www.w3.org/1999/02/22-rdf-syntax-ns#type")  # JSON-LD's @type
    missing = sorted(used - _expanded(jsonld_context()))
    assert not missing, f"ontology/context.jsonld has no term for {missing}"
