"""Resolve stage: mentions -> entities, within a document and across documents.

Within a document: a surname or first name joins the full name it belongs to, a
misspelt later mention joins the name it is one or two edits from, a role
description ("the NDP leader", "the Speaker", "the chair") joins the person who holds
that role, a pronoun joins the nearest fitting antecedent, and "who" its head noun.
Across documents: one entity per folded canonical name and type, and a surname-only
person joins the one full name in the corpus that ends with it.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cached_property
from typing import cast

from kg.model import Entity, Mention, fold
from kg.nlp.parse import Paragraph
from kg.ontology import lexicon
from kg.ontology.states import STATE_KEY, government, state_of
from kg.resolve import gender
from kg.resolve.index import PersonIndex, Sightings, initials_of, introduced_as, names_organisation
from kg.resolve.pronouns import ORGISH, PronounResolver

_PERSONISH = {"Person"}


class DocumentResolver(PronounResolver):
    """Assign an :class:`Entity` to each mention of one document (in text order)."""

    def __init__(self, mentions: list[Mention], paragraphs: list[Paragraph], doc_id: str = ""):
        self.mentions = sorted(mentions, key=lambda m: m.order)
        self.paragraphs = paragraphs  # the parsed paragraphs, indexed by Mention.para
        self.docs = [p.doc for p in paragraphs]
        self.doc_id = doc_id
        self.entities: list[Entity] = []
        self.by_key: dict[tuple[str, str], Entity] = {}
        self.gender: dict[int, str] = {}
        self.lex = lexicon.load()
        self._seen: Sightings | None = None  # where each entity was mentioned, once :meth:`recent` needs it

    def entity(self, kind: str, key: str, name: str, aliases: Iterable[str] = ()) -> Entity:
        k = (kind, key)
        if k not in self.by_key:
            e = Entity(kind=kind, name=name, key=key, aliases=tuple(aliases))
            self.by_key[k] = e
            self.entities.append(e)
        return self.by_key[k]

    @cached_property
    def article_state(self) -> str | None:
        """The code of the state the document is about (:func:`kg.ontology.states.state_of`), read once."""
        return state_of(self.lex, "\n".join(p.text for p in self.paragraphs))

    def government(self, code: str) -> Entity:
        """The organisation that is the government of the state ``code`` (``countries.json``)."""
        name, aliases = government(self.lex, code)
        return self.entity("Organization", fold(name), name, aliases)

    def run(self) -> list[Entity]:
        self.organisations()
        self.people()
        self.offices_and_motions()
        self.roles()
        self.descriptions()
        self.definite_offices()
        self.pronouns()
        return self.entities

    # -- names ---------------------------------------------------------------------
    def organisations(self) -> None:
        orgs = [m for m in self.mentions if m.kind in ORGISH]
        known = [m for m in orgs if m.key and m.kind == "PoliticalParty"]
        for m in known:
            party = next(p for p in self.lex.parties if p.name == m.key)
            m.entity = self.entity("PoliticalParty", fold(party.name), party.name, party.aliases)
        for m in orgs:
            if m.kind == "Organization" and m.key and m.key.startswith(STATE_KEY):
                m.entity = self.government(m.key.removeprefix(STATE_KEY))
        unknown = sorted((m for m in orgs if m.entity is None), key=lambda m: -len(m.name))
        heads = {fold(w) for w in self.lex.party_head_words} | {"the", "of", "party"}
        for m in unknown:
            f = fold(m.name)
            target = None
            for e in self.entities:
                if e.kind != m.kind and not (m.kind == "PoliticalParty" and e.kind == "PoliticalParty"):
                    continue
                names = {fold(n) for n in (e.name, *e.aliases, *e.names)}
                if names_organisation(m.kind, f, names, heads) or (
                    m.kind == "Organization" and initials_of(m.name, e.name)
                ):
                    target = e
                    break
            m.entity = target or self.party(m) or self.entity(m.kind, f, m.name)
        for m in orgs:
            assert m.entity is not None  # every organisation was given one above
            m.entity.names.add(m.name)

    def party(self, m: Mention) -> Entity | None:
        """The gazetteer party of the article's state that ``m`` names by its name, short or native name
        ('Movimento 5 Stelle', 'M5S': the Five Star Movement), with the others as aliases; None if none."""
        g = self.lex.gazetteer_party(m.name, self.article_state) if m.kind == "PoliticalParty" else None
        if g is None:
            return None
        # the name the text gives it is the label ('ZANU-PF'; 'People's Union', not the gazetteer's 'Peoples Union')
        others = (x for x in (g.name, g.short, g.native) if x and x != m.name)
        return self.entity("PoliticalParty", fold(g.name), m.name, others)

    def people(self) -> None:
        # a "name" with no letters or digits in it ("\\", "+") names no one
        people = [m for m in self.mentions if m.kind == "Person" and fold(m.name)]
        full = sorted(
            (m for m in people if len(fold(m.name).split()) > 1), key=lambda m: (-len(m.name.split()), m.order)
        )
        index = PersonIndex([e for e in self.entities if e.kind == "Person"])
        kin = self.lex.grammar["kinship_nouns"]
        relatives: set[int] = set()  # persons introduced as a relative ('his son X'), by id
        for m in full:
            match = next(iter(index.with_words(fold(m.name).split())), None)
            m.entity = match or index.add(self.entity("Person", fold(m.name), m.name))
            if match is None and introduced_as(self.docs[m.para], m, kin):
                relatives.add(id(m.entity))
        seen = Sightings(x for x in self.mentions if x.entity is not None)
        for m in people:
            if m.entity is not None:
                continue
            f = fold(m.name)
            cands = index.with_words([f])
            if not cands:
                cands = index.with_surname(m.name)
            if len(cands) > 1:
                # 'Joe Ames and his son Hunter Ames ... Ames said': news names a relative by first name after
                # introducing them, so a surname they share names the other person
                cands = [e for e in cands if id(e) not in relatives] or cands
            if len(cands) > 1:
                # the most recently mentioned of the candidates
                cands = sorted(cands, key=lambda e: seen.last_before(e, m.order), reverse=True)
            m.entity = cands[0] if cands else index.add(self.entity("Person", f, m.name))
            seen.add(m)
        for m in people:
            assert m.entity is not None  # every person was given one above
            m.entity.names.add(m.name)
            # "Ms Fairley", "Mr Pemberton": an honorific tells the pronoun resolver the gender
            if m.start > 0:
                g = self.lex.honorifics.get(self.docs[m.para][m.start - 1].lower_)
                if g:
                    self.gender.setdefault(id(m.entity), g)
        for e in self.entities:
            # "Carol Lee": a first name common for one gender (census data, kg.resolve.gender)
            if e.kind == "Person" and len(e.name.split()) > 1:
                g = gender.of_first_name(e.name)
                if g:
                    self.gender.setdefault(id(e), g)

    def offices_and_motions(self) -> None:
        last_named: Entity | None = None
        generic: dict[str, Entity] = {}
        for m in self.mentions:
            if m.kind == "Office":
                o = m.desc.get("office")
                aliases = (
                    tuple(o.aliases)
                    if o and not m.desc.get("alias")
                    else (m.desc.get("alias"),)
                    if m.desc.get("alias")
                    else ()
                )
                # 'Minister for Housing', 'Undersecretary for Education': a portfolio's title as written
                surface = self.docs[m.para][m.start : m.end].text if m.desc.get("alias") else ""
                if surface[:1].isupper() and surface not in {m.name, *aliases}:
                    aliases = (*aliases, surface)
                m.entity = self.entity("Office", m.key or fold(m.name), m.name, [a for a in aliases if a])
            elif m.kind == "Motion":
                if m.desc.get("named"):
                    # a named motion's mention always has its key (kg.extract.people.organisations)
                    m.entity = last_named = self.entity("Motion", cast(str, m.key), m.name)
                elif m.desc.get("noun") == "bill" and last_named is not None:
                    m.entity = last_named
                else:
                    noun = "motion" if m.desc.get("noun") != "bill" else "bill"
                    if noun not in generic:
                        generic[noun] = self.entity("Motion", f"{self.doc_id}/{noun}", m.name)
                    e = generic[noun]
                    # the longest description is the most helpful label
                    if len(m.name) > len(e.name):
                        e.name = m.name
                    m.entity = e

    def roles(self) -> None:
        for m in self.mentions:
            if m.entity is None or m.kind != "Person":
                continue
            for rel, obj in m.roles:
                if obj.entity is not None:
                    m.entity.roles.add((rel, obj.entity))

    # -- descriptions and pronouns ------------------------------------------------------
    def holders(self, rel: str, obj: Entity) -> list[Entity]:
        return [e for e in self.entities if e.kind == "Person" and (rel, obj) in e.roles]

    def _in_sequence(self, m: Mention) -> Entity | None:
        """'the latter': the person named last before ``m`` (in its paragraph or the one before); 'the former': the
        one named before that. None unless two people were named there: there is nothing to choose between."""
        window = self._between((m.para - 1,), m.order)
        named = [x.entity for x in reversed(window) if x.kind == "Person" and x.entity is not None]
        people = list(dict.fromkeys(named))  # the last named first, each once
        if len(people) < 2:
            return None
        return people[0] if m.desc["sequence"] == "latter" else people[1]

    def recent(self, cands: list[Entity], before: tuple[int, int]) -> Entity | None:
        """The candidate mentioned last before ``before`` (the first of them when none was)."""
        if not cands:
            return None
        if self._seen is None:  # from here on, each mention given an entity is added as it is given one
            self._seen = Sightings(x for x in self.mentions if x.entity is not None)
        seen = self._seen
        return max(cands, key=lambda e: seen.last_before(e, before))

    def _saw(self, m: Mention) -> None:
        """``m`` was just given its entity: :meth:`recent` sees it."""
        if self._seen is not None:
            self._seen.add(m)

    @cached_property
    def _person_seats(self) -> set:
        """The seats the document's person mentions name ("the MP for Ryde" is someone named for Ryde)."""
        return {x.desc.get("seat") for x in self.mentions if x.kind == "Person"}

    def descriptions(self) -> None:
        for m in self.mentions:
            if m.kind != "Description":
                continue
            if m.antecedent is not None:
                m.entity = m.antecedent.entity
                self._saw(m)
                # "Its leader, X,", "The party's leader, X,": X leads the party last mentioned
                role = m.desc.get("role") if m.desc.get("possessor") in {"its", "their"} else m.desc.get("party_role")
                if role and m.entity is not None:
                    party = self.recent([e for e in self.entities if e.kind == "PoliticalParty"], m.order)
                    if party is not None:
                        m.entity.roles.add((role, party))
                continue
            # "Republican members", "the Democrats' senators": a plural description is many, not one person
            if m.desc.get("indefinite") or self.docs[m.para][m.head].tag_ in {"NNS", "NNPS"}:
                continue
            m.entity = self.describe(m)
            self._saw(m)

    def definite_offices(self) -> None:
        """'the president', 'the Prime Minister' standing alone (no name beside it) is the one person
        the document gives that office; with two holders, or none, it stays the office."""
        attached = {id(o) for x in self.mentions for _, o in x.roles}
        for m in self.mentions:
            if m.kind != "Office" or m.entity is None or id(m) in attached or m.start == 0:
                continue
            doc = self.docs[m.para]
            if doc[m.start - 1].lower_ != "the" or doc[m.head].tag_ not in {"NN", "NNP"}:
                continue
            holder = self.sole_holder(m.entity.key)
            if holder is not None:
                m.kind, m.entity = "Description", holder
                self._saw(m)

    def sole_holder(self, office_key: str) -> Entity | None:
        """The one person the document gives this office, or None (no one, or several)."""
        holders = [
            e
            for e in self.entities
            if e.kind == "Person" and any(r == "holdsOffice" and o.key == office_key for r, o in e.roles)
        ]
        return holders[0] if len(holders) == 1 else None

    def describe(self, m: Mention) -> Entity | None:
        """The entity a definite role description points at."""
        if {"party", "age", "party_role", "seat"} & m.desc.keys():
            found = self._epithet(m)
            # "the MP for Ryde" with no one named for Ryde: what its title says
            seated = m.desc.get("seat") in self._person_seats
            if found is not None or not m.roles or "seat" not in m.desc or seated:
                return found
        if m.desc.get("government"):
            # 'the government': the government last named, in this paragraph or the three before; else the state's
            # the article is about
            named = [
                x.entity
                for x in self._between((m.para - 3,), m.order)
                if x.kind == "Organization" and x.entity is not None and x.key and x.key.startswith(STATE_KEY)
            ]
            if named:
                return named[-1]
            return self.government(self.article_state) if self.article_state is not None else None
        if m.desc.get("organisation"):
            # 'the company': the organisation last named, in this paragraph or the three before
            orgs = [
                x.entity
                for x in self._between((m.para - 3,), m.order)
                if x.kind == "Organization" and x.entity is not None
            ]
            return orgs[-1] if orgs else None
        if "office_key" in m.desc:
            return self.sole_holder(m.desc["office_key"])
        if "sequence" in m.desc:
            return self._in_sequence(m)
        if m.desc.get("presiding"):
            presiding = [
                e
                for e in self.entities
                if e.kind == "Person"
                and any(r == "holdsOffice" and o.key in self._presiding_keys() for r, o in e.roles)
            ]
            return self.recent(presiding, m.order) or self.recent(
                [e for e in self.entities if e.kind == "Office" and e.key in self._presiding_keys()], m.order
            )
        roles = [(r, o.entity) for r, o in m.roles if o.entity is not None]
        if m.desc.get("possessor") in {"its", "their"} and not any(r != "holdsOffice" for r, _ in roles):
            party = self.recent([e for e in self.entities if e.kind == "PoliticalParty"], m.order)
            if party is not None:
                roles.append((m.desc.get("role", "leaderOf"), party))
        if not roles:
            return None
        cands = [
            e
            for e in self.entities
            if e.kind == "Person"
            and all(
                (r, o) in e.roles
                or (
                    r == "holdsOffice"
                    and o.key == "minister"
                    and any(rr == "holdsOffice" and "minister" in oo.key for rr, oo in e.roles)
                )
                for r, o in roles
            )
        ]
        if cands:
            return self.recent(cands, m.order)
        only_office = [o for r, o in roles if r == "holdsOffice"]
        if len(roles) == 1 and only_office and only_office[0].key != "member-of-parliament":
            return only_office[0]
        # a lede description ("The federal leader of the X says ...") names the next person
        # introduced who has no conflicting party role
        # (as the subject: 'as their candidate' names no one)
        if (
            m.para != 0
            or self.paragraphs[0].sent(m.start).start != 0
            or self.docs[0][m.head].dep_ not in {"nsubj", "nsubjpass"}
        ):
            return None
        parties = {o for r, o in roles if r in {"leaderOf", "memberOf"}}
        for x in self.mentions:
            if x.order <= m.order or x.kind != "Person" or x.entity is None:
                continue
            other = {o for r, o in x.entity.roles if r in {"leaderOf", "memberOf"}}
            if other and not other & parties:
                continue
            if any(r == "holdsOffice" for r, _ in x.entity.roles) and not any(r == "holdsOffice" for r, _ in roles):
                continue
            for r, o in roles:
                x.entity.roles.add((r, o))
            return x.entity
        return None

    def _epithet(self, m: Mention) -> Entity | None:
        """The one person named before an epithet who fits it: a member or leader of its party
        ('the Democrat'), of its age ('the 45-year-old', after 'X, 45,'), in its party role
        ('the party leader'), sitting for its seat ('the member for Bath'); None when no one or
        several do."""
        before = [x for x in self.mentions if x.order < m.order and x.kind == "Person" and x.entity is not None]
        people = list(dict.fromkeys(x.entity for x in before if x.entity is not None))
        if "seat" in m.desc:
            fits = list(dict.fromkeys(x.entity for x in before if x.desc.get("seat") == m.desc["seat"]))
        elif "age" in m.desc:
            fits = list(dict.fromkeys(x.entity for x in before if x.desc.get("age") == m.desc["age"]))
        elif "party" in m.desc:
            key = fold(m.desc["party"])
            fits = [
                e
                for e in people
                if any(
                    r in {"memberOf", "leaderOf"} and key in {fold(n) for n in (o.name, *o.aliases, *o.names)}
                    for r, o in e.roles
                )
            ]
        else:
            fits = [
                e for e in people if any(r == m.desc["party_role"] and o.kind == "PoliticalParty" for r, o in e.roles)
            ]
        return fits[0] if len(fits) == 1 else None

    def _presiding_keys(self) -> set[str]:
        return {o.key for o in self.lex.offices if o.presiding}


def resolve_document(mentions: list[Mention], paragraphs: list[Paragraph], doc_id: str = "") -> list[Entity]:
    """Entities of one document (its parsed paragraphs); sets ``mention.entity`` on every mention it can."""
    return DocumentResolver(mentions, paragraphs, doc_id).run()
