"""The ontology's closed vocabulary: ``KG.Ejection`` works, ``KG.Ejektion`` raises.

Terms are those ``ontology/kg.ttl`` defines (read by :mod:`kg.ontology.terms`), so code can
only name terms the ontology defines (like rdflib's ``DefinedNamespace`` with ``_fail = True``).
``NIF`` is the same for the NIF 2.0 Core terms kg.ttl declares (``NIF.isString``): the graph
uses no NIF term the ontology does not declare.
"""

from __future__ import annotations

from functools import cache

from rdflib import RDFS, Namespace, URIRef

from kg.ontology.terms import ontology_graph

NS = "https://w3id.org/kg-news/ont#"
#: NIF 2.0 Core (http://persistence.uni-leipzig.org/nlp2rdf/ontologies/nif-core/nif-core.html)
NIF_NS = "http://persistence.uni-leipzig.org/nlp2rdf/ontologies/nif-core#"
ONTOLOGY_IRI = URIRef("https://w3id.org/kg-news/ont")


@cache
def terms(namespace: str = NS) -> frozenset[str]:
    """Local names of every term of ``namespace`` (default kg:) that ``kg.ttl`` defines or declares."""
    return frozenset(
        str(s)[len(namespace) :]
        for s in ontology_graph().subjects()
        if isinstance(s, URIRef) and str(s).startswith(namespace)
    )


class _Closed:
    def __init__(self, prefix: str, namespace: str):
        self._prefix, self._namespace, self._ns = prefix, namespace, Namespace(namespace)
        self._terms: dict[str, URIRef] = {}  # made once: the mapping asks for kg:label-like terms millions of times

    def __getattr__(self, name: str) -> URIRef:
        if name.startswith("_"):
            raise AttributeError(name)
        return self[name]

    def __getitem__(self, name: str) -> URIRef:
        found = self._terms.get(name)
        if found is None:
            if name not in terms(self._namespace):
                raise AttributeError(f"{self._prefix}:{name} is not defined in ontology/kg.ttl")
            found = self._terms[name] = self._ns[name]
        return found


KG = _Closed("kg", NS)
NIF = _Closed("nif", NIF_NS)


@cache
def kg_types(cls: str) -> tuple[URIRef, ...]:
    """``kg:cls`` and every kg: class above it in ``kg.ttl`` (``Ejection`` -> kg:Ejection, kg:Event).

    The graph states them all, so that it stands alone: a plain SHACL run of ``shapes.ttl`` (no
    ontology merged, no inference: ``sh:class kg:Agent`` and ``sh:targetClass kg:Event`` read
    ``rdf:type`` only) and a SPARQL ``?x a kg:Event`` give what they would with the ontology.
    Classes of other vocabularies (schema:, prov:) are left to a reasoner (``kg build --reason``).
    """
    onto, found, todo = ontology_graph(), [KG[cls]], [KG[cls]]
    while todo:
        for sup in onto.objects(todo.pop(), RDFS.subClassOf):
            if isinstance(sup, URIRef) and str(sup).startswith(NS) and sup not in found:
                found.append(sup)
                todo.append(sup)
    return tuple(found)
