"""Peers by their style (issue 35.1): in an article that names a house of peers ('the House of
Lords'), 'Lord Alli', 'Baroness Stowell' before a name makes its bearer a member of that house
(``titles.json`` ``peerage``). Read after resolution: the house may be named in another paragraph
than the peer. Not without the house ('Lord Nelson' in a history of the navy), nor a title that
contains the style ('the Lord Speaker', 'Lord Mayor X': offices of their own)."""

from __future__ import annotations

from kg.model import Entity, Mention, fold
from kg.ontology import lexicon


def peers(mentions: list[Mention], docs, entities: list[Entity]) -> None:
    """Give each person styled as a peer the office of a member of the house the article names."""
    pg = lexicon.load().peerage
    if pg is None or not any(e.kind == "Legislature" and fold(e.key or e.name) in pg.houses for e in entities):
        return
    office = None
    for m in mentions:
        if m.kind != "Person" or m.entity is None:
            continue
        doc = docs[m.para]
        # the style before the name, or the name's first word ('Baroness Stowell' found whole)
        k = m.start if doc[m.start].text in pg.styles and m.end - m.start > 1 else m.start - 1
        # (a title that holds the style is no peer's style: 'Lord Mayor', 'Lord Speaker')
        if (
            k < 0
            or doc[k].text not in pg.styles
            or (k > 0 and doc[k - 1].text[:1].isupper() and doc[k - 1].is_alpha and not doc[k].is_sent_start)
        ):
            continue
        if any(r == "holdsOffice" and o.key == pg.key for r, o in m.entity.roles):
            continue
        if office is None:
            office = next((e for e in entities if e.kind == "Office" and e.key == pg.key), None)
            if office is None:
                office = Entity(kind="Office", name=pg.label, key=pg.key)
                entities.append(office)
        m.entity.roles.add(("holdsOffice", office))
        # the peer's name as styled: 'Lord Paul', 'Lord Taylor of Blackburn' (a territorial designation)
        e = m.end
        if doc[e].text == "of" if e < len(doc) else False:
            if (
                e + 1 < len(doc)
                and doc[e + 1].pos_ == "PROPN"
                and doc[e + 1].text[:1].isupper()
                and (e + 2 >= len(doc) or not doc[e + 2].text[:1].isupper())
            ):
                e += 2
            else:
                e = m.end
        styled = f"{doc[k].text} {doc[k + 1 : e].text}" if k < m.start else doc[m.start : e].text
        m.entity.names.add(styled)
