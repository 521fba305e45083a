"""The ontology's closed vocabulary: ``KG.Ejection`` works, ``KG.Ejektion`` raises.

Terms are read from ``ontology/kg.ttl`` once, so code can only name terms the
ontology defines (like rdflib's ``DefinedNamespace`` with ``_fail = True``).
"""

from __future__ import annotations

from functools import cache

from rdflib import Graph, Namespace, URIRef

from kg.ontology.paths import ontology_dir

NS = "https://w3id.org/kg-news/ont#"
ONTOLOGY_IRI = URIRef("https://w3id.org/kg-news/ont")


@cache
def terms() -> frozenset[str]:
    """Local names of every term ``kg.ttl`` defines."""
    g = Graph()
    g.parse(ontology_dir() / "kg.ttl", format="turtle")
    return frozenset(str(s)[len(NS):] for s in g.subjects() if isinstance(s, URIRef) and str(s).startswith(NS))


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
