"""Counterparts: 'Foreign Minister X met his Cypriot counterpart, Y': the people named after
'counterpart(s)' hold the office of the person they are the counterparts of."""

from __future__ import annotations

from kg.extract.people.finder import Finder


def counterparts(f: Finder) -> None:
    """'Foreign Minister X met his Cypriot counterpart, Y', 'X and his Greek and French counterparts, Y and
    Z': the people named after 'counterpart(s)' hold the office of the nearest person before it in the
    sentence who holds one (the adjective says which state's: not modelled, as for any title)."""
    doc, texts = f.doc, f.texts
    people = [m for m in f.mentions if m.kind == "Person"]
    for m in people:
        if any(r == "holdsOffice" for r, _ in m.roles):
            continue
        # back over the names and commas of a list to the noun: 'counterparts, Y, Z and W'
        k = m.start - 1
        while (
            k >= 0
            and m.start - k < 16
            and (texts[k] in {",", "and"} or ((o := f.owner.get(k)) is not None and o.kind in {"Person", "Office"}))
        ):
            k -= 1
        if k < 0 or f.lowers[k] not in f.lex.grammar["counterpart_nouns"]:
            continue
        sent_start = doc[k].sent.start
        holder = next(
            (
                p
                for p in sorted(people, key=lambda p: -p.start)
                if sent_start <= p.start and p.end <= k and any(r == "holdsOffice" for r, _ in p.roles)
            ),
            None,
        )
        if holder is not None:
            m.roles.extend((r, o) for r, o in holder.roles if r == "holdsOffice")
