"""Cross-document event coreference: one node for one real event reported by several articles.

Two asserted events are the same event when they have the same class and the same
targets, their agents agree (equal, or one article does not name the agent) and their
dates agree (equal, or one article does not date it). Each article keeps its own
provenance for the shared node in its own named graph.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field

from kg.model import Event


@dataclass
class _Cluster:
    cls: str
    targets: frozenset[int]
    agents: set[int] = field(default_factory=set)
    date: object = None
    first: str = ""


def _ids(mentions) -> frozenset[int]:
    return frozenset(id(m.entity) for m in mentions if m.entity is not None)


def event_keys(documents: list[tuple[str, list[Event]]], entity_key) -> dict[int, str]:
    """``id(event) -> key`` for every asserted event with a target; events that report the
    same real event share a key. ``documents`` are (document id, events) in a stable order;
    ``entity_key(entity id)`` gives an entity's IRI key, so keys are stable across runs."""
    clusters: list[_Cluster] = []
    out: dict[int, str] = {}
    for doc_id, events in documents:
        for ev in events:
            targets = _ids(ev.targets)
            if not ev.asserted or not targets or ev.cls == "Statement":
                continue
            agents = set(_ids(ev.agents))
            home = None
            for c in clusters:
                if c.cls != ev.cls or c.targets != targets:
                    continue
                if agents and c.agents and not (agents <= c.agents or c.agents <= agents):
                    continue
                if ev.date is not None and c.date is not None and ev.date != c.date:
                    continue
                home = c
                break
            if home is None:
                parts = sorted(entity_key(t) for t in targets)
                home = _Cluster(ev.cls, targets, first=f"{ev.cls}|{'|'.join(parts)}|{doc_id}|{ev.trigger_index}")
                clusters.append(home)
            home.agents |= agents
            home.date = home.date or ev.date
            out[id(ev)] = hashlib.sha1(home.first.encode("utf-8")).hexdigest()[:16]
    return out
