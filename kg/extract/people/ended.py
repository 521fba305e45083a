"""Offices the article itself ends (issue 35): a holder the text says was removed from office
('the Senate removed President X from office', 'X was ousted from power', 'the House voted to
remove its speaker, X', 'X was removed as Mayor') or who resigned ('Governor X resigned', 'X
resigned as Speaker', 'following the resignation of Governor X') no longer holds it, wherever
else the article gives the title. Read after resolution, so the office dropped is the person's
whatever mention gave it. Not an attempt or a threat ('a motion to have X removed as Speaker',
'they sought to oust X', 'calls for X to resign'), a negation or a modal ('X will not resign').
The words are ``titles.json`` ``past_tenure`` (``removal_verbs``, ``resign_verbs``,
``office_objects``)."""

from __future__ import annotations

from datetime import date

from kg.extract.people.bygone import bygone_offices
from kg.extract.people.dated import dated_offices
from kg.extract.people.tenure import asserted
from kg.model import Entity, Mention
from kg.ontology import lexicon

# an ending of every office the person holds (not only of the offices named)
_ALL: frozenset[str] = frozenset({"*"})


def _targets(v):
    """The people a verb of removal acts on: its object, or its passive subject (shared by a
    conjoined verb: 'X was impeached and removed from office')."""
    out = [c for c in v.children if c.dep_ in {"dobj", "nsubjpass"}]
    if not out and v.dep_ == "conj":
        out = [c for c in v.head.children if c.dep_ in {"dobj", "nsubjpass"}]
    return [t for o in out for t in (o, *o.conjuncts)]


def _from_office(v, pt) -> bool:
    return any(
        c.dep_ == "prep"
        and c.lower_ == "from"
        and any(p.dep_ == "pobj" and p.lemma_ in pt.office_objects for p in c.children)
        for c in v.children
    )


def _as_offices(v):
    """The office tokens of 'removed as Speaker', 'resigned as Mayor'."""
    return [p for c in v.children if c.dep_ == "prep" and c.lower_ == "as" for p in c.children if p.dep_ == "pobj"]


def ended_offices(mentions: list[Mention], docs, published: date | None = None) -> None:
    """Drop the offices the article says its holders left (see the module docstring), and those
    of another time than the article's (``published``: its date, if known; :mod:`kg.extract.people.dated`)."""
    pt = lexicon.load().past_tenure
    if pt is None or not (pt.removal_verbs or pt.resign_verbs):
        return
    at: dict[tuple[int, int], list[Mention]] = {}
    for m in mentions:
        for i in range(m.start, m.end):
            at.setdefault((m.para, i), []).append(m)

    def person(para: int, tok) -> Entity | None:
        for m in at.get((para, tok.i), []):
            if m.kind == "Pronoun" and m.antecedent is not None:
                m = m.antecedent
            # ('the deputy speaker resigned': a description the article resolved to its holder)
            if m.kind in {"Person", "Pronoun", "Description"} and m.entity is not None and m.entity.kind == "Person":
                return m.entity
        return None

    def keys(para: int, tok) -> set[str]:
        """The keys of the office a token names ('Speaker', 'its speaker')."""
        out: set[str] = set()
        for m in at.get((para, tok.i), []):
            if m.kind == "Office":
                out |= {k for k in (m.key, m.entity.key if m.entity is not None else None) if k}
            elif m.kind == "Description":
                out |= {o.entity.key for r, o in m.roles if r == "holdsOffice" and o.entity is not None}
                if m.desc.get("office_key"):
                    out.add(m.desc["office_key"])
        return out

    def title_keys(para: int, tok) -> set[str]:
        """The offices the person's own mention gives ('Governor X resigned')."""
        return {
            o.entity.key
            for m in at.get((para, tok.i), [])
            if m.kind in {"Person", "Description"}
            for r, o in m.roles
            if r == "holdsOffice" and o.entity is not None
        }

    ended: list[tuple[Entity, set[str] | frozenset[str]]] = []
    for para, doc in enumerate(docs):
        for v in doc:
            lemma = v.lemma_.lower()
            if lemma in pt.removal_verbs and v.pos_ in {"VERB", "AUX"} and asserted(v):
                as_keys = {k for o in _as_offices(v) for k in keys(para, o)}
                whole = _from_office(v, pt)
                # 'ousted President X', 'sacked Finance Minister X' (not 'removed MP X', from the chamber)
                bare = lemma != "remove" and not any(c.dep_ == "prep" and c.lower_ == "from" for c in v.children)
                for t in _targets(v):
                    e = person(para, t)
                    # 'voted to remove its Speaker, X': the institution's office on the name
                    own = {
                        k
                        for c in t.children
                        if c.dep_ in {"nmod", "compound"}
                        and any(p.dep_ == "poss" and p.lower_ in {"its", "their"} for p in t.children)
                        for k in keys(para, c)
                    }
                    if e is not None and (whole or as_keys or own):
                        ended.append((e, _ALL if whole else as_keys | own))
                    elif e is not None and bare:
                        ended.append((e, title_keys(para, t)))
                    # 'voted to remove its speaker, X': the office is the object, the holder its apposition
                    for a in (c for c in t.children if c.dep_ == "appos"):
                        h = person(para, a)
                        k = keys(para, t)
                        if h is not None and k:
                            ended.append((h, k))
            elif lemma in pt.resign_verbs and v.pos_ in {"VERB", "AUX"} and asserted(v):
                # ('the speaker and the deputy speaker both resigned': each of them)
                for t in (t for c in v.children if c.dep_ == "nsubj" for t in (c, *c.conjuncts)):
                    e = person(para, t)
                    if e is None:
                        continue
                    as_keys = {k for o in _as_offices(v) for k in keys(para, o)}
                    # ('resigned from the committee': another post, not the title's)
                    bare = not any(c.dep_ == "prep" and c.lower_ == "from" for c in v.children)
                    # 'retired from the House', 'resigned from the Senate': the seat too
                    house = any(
                        c.dep_ == "prep"
                        and c.lower_ == "from"
                        and any(
                            m.kind == "Legislature"
                            for p in c.children
                            if p.dep_ == "pobj"
                            for m in at.get((para, p.i), [])
                        )
                        for c in v.children
                    )
                    ended.append(
                        (
                            e,
                            _ALL
                            if _from_office(v, pt) or house
                            else as_keys or (title_keys(para, t) if bare else set()),
                        )
                    )
            elif (
                lemma in pt.resign_verbs
                and v.pos_ == "NOUN"
                and v.dep_ in {"pobj", "dobj"}
                and v.head.lower_ in lexicon.load().grammar["ending_event_prepositions"]
            ):
                # 'following the resignation of Governor X', 'after X's resignation'
                holders = [c for c in v.children if c.dep_ == "poss"]
                holders += [
                    p
                    for c in v.children
                    if c.dep_ == "prep" and c.lower_ == "of"
                    for p in c.children
                    if p.dep_ == "pobj"
                ]
                for t in holders:
                    e = person(para, t)
                    if e is not None:
                        as_keys = {k for o in _as_offices(v) for k in keys(para, o)}
                        ended.append((e, as_keys or title_keys(para, t)))
    ended += [(e, _ALL if which is None else which) for e, which in bygone_offices(mentions, docs, person, keys)]
    ended += dated_offices(mentions, docs, published)
    for e, which in ended:
        if which is _ALL:
            e.roles.difference_update({(r, o) for r, o in e.roles if r == "holdsOffice"})
        elif which:
            e.roles.difference_update({(r, o) for r, o in e.roles if r == "holdsOffice" and o.key in which})
