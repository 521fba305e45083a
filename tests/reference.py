"""Reference implementations that the indexed, linear-time ones in kg are held to.

:func:`merge_corpus` is the corpus-level entity merge written the plain way, scanning every
canonical person for each new one (quadratic): what kg.resolve.corpus.merge_corpus must answer,
faster. It lived in kg.resolve.document until kg used only the indexed one.
"""

from __future__ import annotations

from kg.model import Entity, fold


def merge_corpus(per_document: list[list[Entity]]) -> dict[int, Entity]:
    """One entity per real thing across documents: ``id(local entity) -> corpus entity`` (the spec)."""
    canon: dict[tuple[str, str], Entity] = {}
    mapping: dict[int, Entity] = {}
    everything = [e for ents in per_document for e in ents]
    # full names first, so that a surname-only person can join one
    # (and parties before other organisations, which a party's name joins: 'Rural Front' tagged once
    # as a company is that party)
    everything.sort(key=lambda e: (-len(fold(e.name).split()), e.kind != "PoliticalParty"))
    for e in everything:
        key = (e.kind, e.key if e.kind in {"Office", "Motion"} else fold(e.name))
        target = canon.get(key)
        if target is None and e.kind == "Organization":
            target = canon.get(("PoliticalParty", key[1]))
        if target is None and e.kind == "Person" and len(key[1].split()) == 1:
            fulls = [c for (k, n), c in canon.items() if k == "Person" and n.split()[-1] == key[1]]
            if len(fulls) == 1:
                target = fulls[0]
        if target is None and e.kind == "Person":
            # "Jose Maria Perez" vs "José-María Pérez" fold the same; a middle name differs
            toks = key[1].split()
            fulls = [c for (k, n), c in canon.items() if k == "Person" and set(toks) <= set(n.split()) and len(toks) > 1]
            if len(fulls) == 1:
                target = fulls[0]
        if target is None:
            target = Entity(kind=e.kind, name=e.name, key=key[1], aliases=e.aliases)
            canon[key] = target
        target.names |= e.names | {e.name}
        mapping[id(e)] = target
    for e in everything:
        mapping[id(e)].roles |= {(r, mapping[id(o)]) for r, o in e.roles if id(o) in mapping}
    return mapping
