"""Roles stated by a clause's predicate or by a group a name is given in: 'X is the leader of the Y', 'X
became Prime Minister' (not 'X will become Speaker'), 'Senator X and fellow Republican Y', 'Some Democrats,
such as X, opposed it' (called from :mod:`kg.extract.people.roles`)."""

from __future__ import annotations

from spacy.tokens import Token

from kg.extract.people.finder import Finder, capitalised, leader_words
from kg.extract.people.offices import not_current
from kg.extract.people.organisations import gazetteer_key, party_word
from kg.model import Mention

__all__ = [
    "belongs",
    "fellow",
    "led_by",
    "party_context",
    "party_noun_before",
    "past_title",
    "possessor_leads",
    "predicate_role",
    "succeeded_by",
    "such_as",
]


def predicate_role(f: Finder, m: Mention) -> None:
    """A role or office as the predicate of a name, in the present or taken up: 'X is the leader
    of the Y', 'X became Prime Minister', 'X was elected Speaker', 'members elected X as the new
    leader', 'X assumed the office of Speaker', 'X took office as Mayor'; not 'X was the leader'
    (the past), 'X will become Speaker' or 'X is expected to become Speaker' (the future)."""
    doc, lex, pt = f.doc, f.lex, f.lex.past_tenure
    if pt is None:
        return
    head = doc[m.head]
    verb = head.head
    # "X, who is the secretary of state": a relative clause's subject stands for the name
    rel = next(
        (
            (w, c)
            for c in head.children
            if c.dep_ == "relcl"
            for w in c.children
            if w.dep_ in {"nsubj", "nsubjpass"} and w.lower_ in {"who", "that"}
        ),
        None,
    )
    if rel is not None:
        head, verb = rel
    # (not 'expected to become'; but 'voted to elect X as leader' has elected)
    if (verb.dep_ == "xcomp" and not (verb.head.lemma_ == "vote" and verb.head.tag_ == "VBD")) or any(
        c.dep_ == "neg" or (c.dep_ == "aux" and c.lower_ in lex.grammar["unrealised_auxiliaries"])
        for c in verb.children
    ):
        return
    taking = pt.dated_exceptions | {"become"}
    assumed = head.dep_ == "nsubj" and verb.lemma_ in pt.assume_verbs
    if not (
        (head.dep_ == "nsubj" and (verb.lemma_ == "become" or (verb.lemma_ == "be" and verb.tag_ in {"VBZ", "VBP"})))
        or (head.dep_ in {"nsubjpass", "dobj"} and verb.lemma_ in taking)
        or assumed
    ):
        return
    preds = [c for c in verb.children if c.dep_ in {"attr", "oprd", "xcomp"} and not assumed]
    preds += [p for x in verb.children if x.dep_ == "prep" and x.lower_ == "as" for p in x.children if p.dep_ == "pobj"]
    # "assumed the office of Speaker"
    preds += [
        p
        for o in verb.children
        if assumed and o.dep_ == "dobj" and o.lemma_ in pt.nouns
        for x in o.children
        if x.dep_ == "prep" and x.lower_ == "of"
        for p in x.children
        if p.dep_ == "pobj"
    ]
    for c in preds:
        d = f.owner.get(c.i)
        # "X is the BJP MLA for Y": the description the title heads, with its party
        d = next(
            (
                x
                for x in f.mentions
                if x.kind == "Description" and x.start <= c.i < x.end and d in (None, *[o for _, o in x.roles])
            ),
            d,
        )
        roles = []
        if d is not None and d.kind == "Office" and not past_title(f, d):
            roles.append(("holdsOffice", d))
        elif d is not None and d.kind == "Description":
            roles = list(d.roles)
        elif c.lower_ in lex.party_roles:
            for prep in (x for x in c.children if x.dep_ == "prep" and x.lower_ == "of"):
                p = next((f.owner[t.i] for t in prep.children if t.dep_ == "pobj" and t.i in f.owner), None)
                if p is not None and p.kind == "PoliticalParty":
                    roles.append((lex.party_roles[c.lower_], p))
        m.roles.extend(r for r in roles if r not in m.roles)
        if verb.lemma_ in taking or assumed:
            _leaves_title(m, [o for r, o in roles if r == "holdsOffice"], pt.kept_offices)


def _leaves_title(m: Mention, taken: list[Mention], kept) -> None:
    """'Deputy Speaker X was elected Speaker', 'Justice Secretary X was sworn in as Governor': the
    holder of a title who takes another office leaves the title, unless it is a seat they keep
    ('MP X became Prime Minister')."""
    new = {o.key for o in taken}
    if not new:
        return
    m.roles[:] = [
        (r, o)
        for r, o in m.roles
        if not (
            r == "holdsOffice"
            and m.start <= o.start < m.end
            and o.key not in new
            and (office.key if (office := o.desc.get("office")) else o.key) not in kept
        )
    ]


_PARTY_ROLES = {"leaderOf", "memberOf"}


def past_title(f: Finder, o: Mention) -> bool:
    """Is the office mention ``o`` a past or future one ('former Speaker', 'Speaker-elect')?"""
    return not_current(f, o.start, o.end)


def fellow(f: Finder, m: Mention) -> None:
    """'Senator X and fellow Republican Representative Y', 'X and fellow Labour MP Y': the party
    of the name after 'fellow' is the party of the name it is joined to."""
    doc = f.doc
    k = min([m.start] + [p.start for r, p in m.roles if r == "memberOf"])
    if k == 0 or doc[k - 1].lower_ != "fellow" or doc[m.head].dep_ != "conj":
        return
    other = doc[m.head].head.i
    x = next((x for x in f.mentions if x.kind == "Person" and x.start <= other < x.end), None)
    if x is not None:
        x.roles.extend(r for r in m.roles if r[0] == "memberOf" and r not in x.roles)


def such_as(f: Finder, m: Mention) -> None:
    """'Some Democrats, such as X, opposed it', 'Labour MPs including X and Y rebelled': a name
    given as an example of a party's members (not 'former Democrats such as X')."""
    doc, lex = f.doc, f.lex
    first = doc[m.head]
    while first.dep_ == "conj" and first.head.i != first.i:
        first = first.head
    prep = first.head
    if first.dep_ != "pobj" or not (
        prep.lower_ == "including" or (prep.lower_ == "as" and any(c.lower_ == "such" for c in prep.children))
    ):
        return
    group = prep.head
    # (the tagger takes 'MPs' for a singular)
    plural = group.tag_ in {"NNS", "NNPS"} or (group.text.endswith("s") and group.lower_[:-1] in lex.party_roles)
    if not plural or any(c.lower_ in lex.membership_ends for c in group.children):
        return
    p = f.owner.get(group.i)
    if p is None or p.kind != "PoliticalParty":
        name = lex.party_adjectives.get(group.text[:-1]) if group.text.endswith("s") else None
        p = (
            f.add(
                Mention(
                    f.para,
                    group.i,
                    group.i + 1,
                    "PoliticalParty",
                    gazetteer_key(name) or name,
                    group.i,
                    key=gazetteer_key(name),
                )
            )
            if name and group.i not in f.owner
            else None
        )
    if p is None:
        p = next(
            (
                party_word(f, c.i)
                for c in group.children
                if c.dep_ in {"amod", "compound"} and capitalised(c) and party_word(f, c.i) is not None
            ),
            None,
        )
    if p is not None and p.kind == "PoliticalParty" and ("memberOf", p) not in m.roles:
        m.roles.append(("memberOf", p))


def led_by(f: Finder, m: Mention) -> None:
    """'the Five Star Movement, led by X,', 'the Janata Dal, headed by X and Y,', 'the party is led by X', 'the P,
    a coalition led by X', 'the main P formation led by X': a party's participle or present passive of a lead verb
    whose agent is the name (or of a party's noun, ``grammar.json`` ``party_nouns``, said of a party); not 'was led by X' (the
    past), 'led until 1992 by X' (a span of time), 'formerly led by X', nor a coalition or a government led by X."""
    doc, lex = f.doc, f.lex
    head = doc[m.head]
    while head.dep_ == "conj" and head.head.i != head.i:
        head = head.head
    by = head.head
    if head.dep_ != "pobj" or by.dep_ != "agent":
        return
    verb = by.head
    if verb.lemma_ not in lex.lead_verbs or verb.tag_ != "VBN":
        return
    passive = [c for c in verb.children if c.dep_ == "auxpass"]
    if not (
        (verb.dep_ == "acl" and not passive) or (passive and passive[0].tag_ in {"VBZ", "VBP"} and verb.dep_ == "ROOT")
    ):
        return
    if any(
        c.dep_ == "neg"
        or c.lower_ in lex.grammar["past_title_adverbs"]
        or (c.i != by.i and any(t.ent_type_ == "DATE" for t in c.subtree))
        for c in verb.children
    ):
        return
    party = verb.head if verb.dep_ == "acl" else next((c for c in verb.children if c.dep_ == "nsubjpass"), None)
    p = f.owner.get(party.i) if party is not None else None
    if (
        party is not None
        and (p is None or p.kind != "PoliticalParty")
        and party.lemma_.lower() in lex.grammar["party_nouns"]
    ):
        # "the P, a coalition led by X", "the main P formation led by X": a party's noun said of a named party
        named = [party.head] if party.dep_ == "appos" else []
        named += [c for c in party.children if c.dep_ in {"compound", "nmod"}]
        p = next((x for t in named if (x := f.owner.get(t.i)) is not None and x.kind == "PoliticalParty"), None)
    if p is not None and p.kind == "PoliticalParty" and ("leaderOf", p) not in m.roles:
        m.roles.append(("leaderOf", p))


def party_noun_before(f: Finder, m: Mention) -> None:
    """'Since then, a Republican, X, has ...', 'one Democrat, Senator X,', 'another Tory, X,': a party's noun
    after an indefinite determiner, in apposition before the name (not 'a former Republican, X')."""
    doc, lex = f.doc, f.lex
    i = m.start - 2
    if i < 1 or doc[m.start - 1].text != "," or doc[i - 1].lower_ not in lex.grammar["indefinite_determiners"]:
        return
    if not (capitalised(doc[i]) and doc[i].tag_ in {"NNP", "NNPS", "NN", "NNS"}):
        return
    p = party_word(f, i)
    if p is not None and p.end == i + 1 and ("memberOf", p) not in m.roles:
        m.roles.append(("memberOf", p))


def possessor_leads(f: Finder, m: Mention) -> None:
    """'a spokesman for X's Movement for Democratic Change', 'X's Labour Party won', 'X said his Labour Party': a name's
    (or a pronoun's) possessive on a party's name is its leader (not 'X's Labour allies', 'X's Conservative government': a party's word on a noun)."""
    doc, k = f.doc, m.end
    # "X said his Labour Party would ...": a possessive pronoun (its referent's, for the resolver)
    if m.kind == "Pronoun":
        k -= 1
        if doc[k].tag_ != "PRP$" or f.lex.grammar["pronoun_gender"].get(doc[k].lower_) not in {"male", "female"}:
            return
    elif k + 1 >= len(doc) or doc[k].tag_ != "POS":
        return
    p = f.owner.get(k + 1)
    if p is None or p.kind != "PoliticalParty" or p.start != k + 1:
        return
    if p.end < len(doc) and doc[p.end].pos_ in {"NOUN", "PROPN"} and (p.end not in f.owner):
        return
    if ("leaderOf", p) not in m.roles:
        m.roles.append(("leaderOf", p))


def party_context(f: Finder, m: Mention) -> None:
    """The party roles a name's context states (:func:`led_by`, :func:`party_noun_before`, :func:`possessor_leads`)."""
    led_by(f, m)
    party_noun_before(f, m)
    possessor_leads(f, m)
    succeeded_by(f, m)


def succeeded_by(f: Finder, m: Mention) -> None:
    """'X was replaced as the leader of ZANU–PF by Y', 'X was succeeded as Labour leader by Y': the agent of a
    passive of succession takes the party role after 'as' (not 'X will be replaced as leader by Y')."""
    doc, lex = f.doc, f.lex
    if m.start == 0 or doc[m.start - 1].lower_ != "by":
        return
    # (the parser may hang 'by' on the role: 'replaced as the leader of P by Y')
    verbs = lex.grammar["succession_verbs"]
    verb = next((a for a in doc[m.start - 1].ancestors if a.lemma_ in verbs and a.tag_ == "VBN"), None)
    if verb is None or not any(c.dep_ == "auxpass" for c in verb.children):
        return
    if any(
        c.dep_ in {"aux", "neg"} and c.lower_ in lex.grammar["unasserting_auxiliaries"] | {"not", "n't"}
        for c in verb.children
    ):
        return
    for role in (
        p for x in verb.children if x.dep_ == "prep" and x.lower_ == "as" for p in x.children if p.dep_ == "pobj"
    ):
        d = f.owner.get(role.i)
        given = [r for r in (d.roles if d is not None and d.kind == "Description" else ()) if r[0] in _PARTY_ROLES]
        m.roles.extend(r for r in given if r not in m.roles)
        if not given and role.lower_ in lex.party_roles:
            for prep in (x for x in role.children if x.dep_ == "prep" and x.lower_ == "of"):
                p = next((f.owner[t.i] for t in prep.children if t.dep_ == "pobj" and t.i in f.owner), None)
                if p is not None and p.kind == "PoliticalParty" and (lex.party_roles[role.lower_], p) not in m.roles:
                    m.roles.append((lex.party_roles[role.lower_], p))


def belongs(f: Finder) -> None:
    """'X belongs to the P', 'She belongs to the ruling P', 'X, who represents the P,', 'X is a Labour MP', 'X, who is
    a Conservative,': the subject of a verb of membership (``grammar.json`` ``membership_verbs``) with the party after
    'to' or as its object, or of 'be' with a party's noun or a noun a party's word is on, in the present, is its
    member (a pronoun takes the role for the resolver to give its referent), and so is one of a party's group ('X
    was one of five ANC MPs suspended', 'X is among the Labour MPs who'); not 'X belonged to the P' (the past),
    'X no longer belongs to the P', 'X does not belong to the P', 'X is a former Labour MP'."""
    doc, lex = f.doc, f.lex
    for m in [m for m in f.mentions if m.kind in {"Person", "Pronoun"}]:
        if m.kind == "Pronoun":
            possessor_leads(f, m)
        head = doc[m.head]
        verbs = [head.head] if head.dep_ == "nsubj" else []
        # "X, who belongs to the P,": a relative clause on the name
        if m.kind == "Person":
            verbs += [c for c in head.children if c.dep_ == "relcl"]
        for verb in verbs:
            if any(c.dep_ in {"neg", "advmod"} and c.lower_ in lex.grammar["not_now_words"] for c in verb.children):
                continue
            # "X was one of five ANC MPs suspended", "X is among the Labour MPs who rebelled": one of a group (the
            # past tells the event, not the membership)
            p = _one_of(f, verb) if verb.lemma_ == "be" else None
            if p is None and verb.tag_ not in {"VBZ", "VBP"}:
                continue
            if p is None and verb.lemma_.lower() in lex.grammar["membership_verbs"]:
                p = next(
                    (
                        x
                        for c in verb.children
                        if (c.dep_ == "prep" and c.lower_ == "to") or c.dep_ == "dobj"
                        for t in c.subtree
                        if (x := f.owner.get(t.i)) is not None and x.kind == "PoliticalParty"
                    ),
                    None,
                )
            elif p is None and verb.lemma_ == "be":
                p = next((x for c in verb.children if c.dep_ == "attr" and (x := _party_noun(f, c)) is not None), None)
            if p is not None and ("memberOf", p) not in m.roles and ("leaderOf", p) not in m.roles:
                m.roles.append(("memberOf", p))


def _one_of(f: Finder, be: Token) -> Mention | None:
    """The party of the group 'be' puts its subject in: 'one of five ANC MPs', 'among the Labour MPs'."""
    groups = [
        g
        for c in be.children
        for p in ([c] if c.dep_ == "prep" and c.lower_ == "among" else [])
        + [x for x in c.children if c.dep_ == "attr" and c.like_num and x.dep_ == "prep" and x.lower_ == "of"]
        for g in p.children
        if g.dep_ == "pobj" and g.tag_ in {"NNS", "NNPS"} | ({"NN"} if g.lower_.endswith("s") else set())
    ]
    return next((x for g in groups if (x := _party_noun(f, g)) is not None), None)


def _party_noun(f: Finder, c: Token) -> Mention | None:
    """The party of a predicate noun: 'a Conservative', 'a Labour MP', 'a Democratic senator' (not 'a former Labour
    MP', nor 'the Labour leader': a leader is no mere member)."""
    kids = [k for k in c.children if k.i < c.i]
    if any(k.lower_ in f.lex.membership_ends for k in kids) or c.lower_ in leader_words(f.lex):
        return None
    if capitalised(c) and (p := party_word(f, c.i)) is not None:
        return p
    return next(
        (
            p
            for k in kids
            if k.dep_ in {"compound", "amod"} and capitalised(k) and (p := party_word(f, k.i)) is not None
        ),
        None,
    )
