"""The corpus-level step at scale: one entity per real thing and one node per real event across
documents, in time that grows linearly with the corpus (every build uses it).

The plain way to merge (``tests/reference.py``, once ``kg.resolve.document.merge_corpus``) looks for the full name a surname-only person belongs to (and for the
one longer name a name's words all belong to) by scanning every canonical person found so
far, once per new person: quadratic, minutes at 10,000 articles, hours at 100,000.
:func:`merge_corpus` keeps the same loop, in the same order, and answers both questions from
indexes (last word -> people, word -> people) instead; ``tests/test_jobs.py`` checks it gives
the same corpus entities as the reference on the seeds, the development set and
random corpora.

Event keys need no index: ``corefer.event_keys`` names each event by its class and targets,
in one pass (:func:`event_keys` is kept as this module's entry point for the corpus step).
"""

from __future__ import annotations

from collections import defaultdict

from kg.model import Entity, Event, fold
from kg.resolve import corefer


def merge_corpus(per_document: list[list[Entity]]) -> dict[int, Entity]:
    """One entity per real thing across documents: ``id(local entity) -> corpus entity``.

    Exactly the plain merge (``tests/reference.py``), with the two scans over the canonical people
    replaced by lookups in indexes kept up to date as people are added.
    """
    canon: dict[tuple[str, str], Entity] = {}
    mapping: dict[int, Entity] = {}
    by_last: dict[str, list[Entity]] = defaultdict(list)  # a person's last word -> canonical people
    by_word: dict[str, set[str]] = defaultdict(set)  # a word -> folded names of canonical people with it
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
            fulls = by_last.get(key[1], ())
            if len(fulls) == 1:
                target = fulls[0]
        if target is None and e.kind == "Person":
            # "Jose Maria Perez" vs "José-María Pérez" fold the same; a middle name differs
            toks = key[1].split()
            if len(toks) > 1:
                names = set.intersection(*(by_word.get(t, set()) for t in set(toks)))
                if len(names) == 1:
                    target = canon[("Person", next(iter(names)))]
        if target is None:
            target = Entity(kind=e.kind, name=e.name, key=key[1], aliases=e.aliases)
            canon[key] = target
            words = key[1].split()
            if e.kind == "Person" and words:
                by_last[words[-1]].append(target)
                for w in set(words):
                    by_word[w].add(key[1])
        target.names |= e.names | {e.name}
        mapping[id(e)] = target
    for e in everything:
        mapping[id(e)].roles |= {(r, mapping[id(o)]) for r, o in e.roles if id(o) in mapping}
    return mapping


def event_keys(documents: list[tuple[str, list[Event]]], entity_key) -> dict[int, str]:
    """:func:`kg.resolve.corefer.event_keys`: each key is a hash of the event itself, so it is linear already."""
    return corefer.event_keys(documents, entity_key)
