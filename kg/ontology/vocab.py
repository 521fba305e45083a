"""The ontology's closed vocabulary: ``KG.Ejection`` works, ``KG.Ejektion`` raises.

Terms are those ``ontology/kg.ttl`` defines (read by :mod:`kg.ontology.terms`), so code can
only name terms the ontology defines (like rdflib's ``DefinedNamespace`` with ``_fail = True``).
"""

from __future__ import annotations

from functools import cache

from rdflib import Namespace, URIRef

from kg.ontology.terms import ontology_graph

NS = "https://w3id.org/kg-news/ont#"
ONTOLOGY_IRI = URIRef("https://w3id.org/kg-news/ont")


@cache
def terms() -> frozenset[str]:
    """Local names of every term ``kg.ttl`` defines."""
    return frozenset(str(s)[len(NS):] for s in ontology_graph().subjects()
                     if isinstance(s, URIRef) and str(s).startswith(NS))


class _Closed:
    _ns = Namespace(NS)

    def __getattr__(self, name: str) -> URIRef:
        if name.startswith("_"):
            raise AttributeError(name)
        return self[name]

    def __getitem__(self, name: str) -> URIRef:
        if name not in terms():
            raise AttributeError(f"kg:{name} is not defined in ontology/kg.ttl")
        return self._ns[name]


KG = _Closed()
