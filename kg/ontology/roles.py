"""The event classes' roles and shortcut edges, as ``ontology/kg.ttl`` defines them.

For an event class C the ontology says (see its "Class-specific roles" section):

* its agent role: the property with ``rdfs:domain C`` and ``rdfs:subPropertyOf kg:agent``
  (``kg:ejector``), and its target role, the same under ``kg:target`` (``kg:ejectee``);
* its shortcut edge: the property defined by the chain ``(inverse of the agent role, target
  role)`` (``kg:ejected owl:propertyChainAxiom (kg:ejectorIn kg:ejectee)``), if any;
* which kinds of entity the build writes as targets in the role, and so as objects of the
  shortcut (``kg:targetKind`` on the target role);
* what its agent did, in words (``kg:verbPhrase``), and in the shortcut's label.

The mapping writes from this table and the build summary prints from it, so a new event
class with its roles is an ontology change, not a code change.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import cast

from rdflib import OWL, RDFS, Graph, URIRef

from kg.ontology.terms import labels, ontology_graph
from kg.ontology.vocab import KG, NS

__all__ = ["EventRoles", "event_roles", "verb_phrases"]


@dataclass(frozen=True)
class EventRoles:
    """The roles of one event class, as local names of ``kg:`` terms (``"Ejection"``, ``"ejector"``, ...)."""

    cls: str
    agent_role: str
    target_role: str
    shortcut: str | None  # the edge from agent to target, None when the class has none
    target_kinds: frozenset[str]  # entity kinds (kg:Person, ...) written as targets in the role and the shortcut
    shortcut_label: str | None = None  # the shortcut's label, what the agent did ("ejected")


def _local(term) -> str:
    return str(term)[len(NS) :]


def _one(g: Graph, cls: URIRef, parent: URIRef) -> URIRef | None:
    """The role of ``cls`` under ``parent`` (kg:agent or kg:target); None when it has none."""
    found = sorted(cast(URIRef, p) for p in g.subjects(RDFS.domain, cls) if (p, RDFS.subPropertyOf, parent) in g)
    if len(found) > 1:
        raise ValueError(f"{cls} has {len(found)} roles under {parent} in the ontology; expected one")
    return found[0] if found else None


def _shortcut(g: Graph, agent_role: URIRef, target_role: URIRef) -> URIRef | None:
    """The property defined by the chain (inverse of ``agent_role``, ``target_role``)."""
    inverses = set(g.subjects(OWL.inverseOf, agent_role)) | set(g.objects(agent_role, OWL.inverseOf))
    for prop, chain in sorted(g.subject_objects(OWL.propertyChainAxiom)):
        if list(g.items(chain)) in ([i, target_role] for i in inverses):
            return cast(URIRef, prop)
    return None


@cache
def event_roles() -> dict[str, EventRoles]:
    """Event class (local name) -> its roles, for every class that has an agent and a target role.

    Returns:
        the table, in the order of the class names.
    """
    g = ontology_graph()
    names = labels()
    table: dict[str, EventRoles] = {}
    for cls in sorted(cast("set[URIRef]", set(g.subjects(RDFS.subClassOf, KG.Event)))):
        agent_role, target_role = _one(g, cls, KG.agent), _one(g, cls, KG.target)
        if agent_role is None or target_role is None:
            continue
        shortcut = _shortcut(g, agent_role, target_role)
        kinds = frozenset(_local(k) for k in g.objects(target_role, KG.targetKind))
        table[_local(cls)] = EventRoles(
            _local(cls),
            _local(agent_role),
            _local(target_role),
            _local(shortcut) if shortcut is not None else None,
            kinds,
            names.get(str(shortcut)) if shortcut is not None else None,
        )
    return table


@cache
def verb_phrases() -> dict[str, str]:
    """Event class (local name) -> what its agent did (``kg:verbPhrase``: "asked to apologise")."""
    g = ontology_graph()
    return {_local(cls): str(text) for cls, text in g.subject_objects(KG.verbPhrase) if str(cls).startswith(NS)}
