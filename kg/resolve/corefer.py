"""Cross-document event identity: one node for one real event, whichever articles report it.

An asserted event with a target is named by what every report of it states: its class and
its targets. Articles that report the same event share its node (the key depends on the
event alone, never on the other articles of the build: an article built alone and in a
corpus gives the same event IRI), and each adds its own report of it (``kg:Report``, in that
article's named graph) with what that article says of the agent, the target and the date.
The event node gathers what its reports say: an article that does not name the agent or
date it still reports the same event.
"""

from __future__ import annotations

import hashlib

from kg.model import Event


def _ids(mentions) -> list[int]:
    return [id(m.entity) for m in mentions if m.entity is not None]


def key(ev: Event, entity_key, agents: bool = False) -> str:
    """The event's key: a hash of its class and targets (``entity_key(id)``: an entity's IRI key),
    and of its agents too when ``agents``."""
    parts = [ev.cls, " ".join(sorted({entity_key(t) for t in _ids(ev.targets)}))]
    if agents:
        parts.append(" ".join(sorted({entity_key(a) for a in _ids(ev.agents)})))
    return hashlib.sha1("|".join(parts).encode("utf-8")).hexdigest()[:16]


def event_keys(documents: list[tuple[str, list[Event]]], entity_key) -> dict[int, str]:
    """``id(event) -> key`` for every asserted event with a target (not a statement);
    ``documents`` are (document id, events); ``entity_key(entity id)`` gives an entity's IRI key.

    Within one article, a second event of the same class and targets by other agents ('X
    called Y a liar', then 'Z called Y a liar') is another event: its key names its agents too
    (which the article alone decides, so the key still depends on nothing else)."""
    out: dict[int, str] = {}
    for _doc_id, events in documents:
        first: dict[str, set[int]] = {}  # plain key -> the agents of the article's first event with it
        for ev in events:
            if not ev.asserted or not _ids(ev.targets) or ev.cls == "Statement":
                continue
            k = key(ev, entity_key)
            agents = set(_ids(ev.agents))
            seen = first.setdefault(k, agents)
            if seen is not agents and agents and seen and not (agents <= seen or seen <= agents):
                k = key(ev, entity_key, agents=True)
            out[id(ev)] = k
    return out
