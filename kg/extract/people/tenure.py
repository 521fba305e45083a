"""Offices held in the past (issue 14): a past-tense relative clause of tenure on a name ('who
served as Vice President', 'President X, who led the country during the war'), an office over a
span of years ('X, Speaker from 2011 to 2015'); a titled name in a clause of another time is
:mod:`kg.extract.people.dated`'s. The words are ``titles.json`` ``past_tenure``."""

from __future__ import annotations

from kg.extract.people.finder import Finder
from kg.model import Mention
from kg.ontology import lexicon


def in_past(verb) -> bool:
    """Is the clause of ``verb`` in the past ('served', 'was', 'had served'), not the present
    perfect ('has served since 2019', still in office)?"""
    aux = {c.lower_ for c in verb.children if c.dep_ in {"aux", "auxpass"}}
    if aux & {"has", "have", "'s", "'ve"}:
        return False
    return verb.tag_ == "VBD" or (verb.tag_ == "VBN" and "had" in aux)


def clause_end(f: Finder, k: int) -> int:
    """The end of the phrase from ``k``: the next comma, semicolon, stop or bracket (at most 8 tokens)."""
    doc = f.doc
    end = k
    while end < len(doc) and end - k < 8 and doc[end].text not in {",", ";", ".", "(", ")", "–", "—"}:
        end += 1
    return end


def _year(tok) -> bool:
    return tok.ent_type_ == "DATE" or (tok.like_num and len(tok.text) == 4 and tok.text.isdigit())


def year_span(f: Finder, s: int, e: int) -> bool:
    """A span of years among doc[s:e]: 'from 2011 to 2015', 'until 2019', 'until last year',
    'between 2001 and 2005' (the words of ``past_tenure.span_words`` before a date)."""
    pt, doc = f.lex.past_tenure, f.doc
    if pt is None:
        return False
    return any(
        doc[k].lower_ in pt.span_words and any(_year(doc[j]) for j in range(k + 1, min(k + 3, e))) for k in range(s, e)
    )


def past_tenure(f: Finder, m: Mention):
    """The relative clause on ``m``'s name that states an office held in the past: a verb of
    holding an office, in the past tense, with an office ('who was Speaker', 'who served as
    Vice President'), a tenure noun ('who held the post', 'who led the country during the war')
    or a span of years ('who served from 2009 to 2017'); None if there is none."""
    pt, doc = f.lex.past_tenure, f.doc
    if pt is None:
        return None
    for c in doc[m.head].children:
        if c.dep_ != "relcl" or c.lemma_ not in pt.verbs or not in_past(c):
            continue
        s, e = c.left_edge.i, c.right_edge.i + 1
        # (not an act of a holder: 'who led the government to a landslide')
        act = any(t.dep_ == "prep" and t.lower_ == "to" for t in c.children)
        if (
            any(k in f.owner and f.owner[k].kind == "Office" for k in range(s, e))
            or year_span(f, s, e)
            or (
                not act
                and any(t.dep_ in {"dobj", "pobj", "attr", "npadvmod"} and t.lemma_ in pt.nouns for t in c.subtree)
            )
        ):
            return c
    return None


def drop_past_offices(f: Finder, m: Mention, clause) -> None:
    """The offices a past tenure clause names give ``m`` nothing; with none named, the title
    before the name is the past office ('President X, who led the country during the war')."""
    s, e = clause.left_edge.i, clause.right_edge.i + 1
    inside = {f.owner[k] for k in range(s, e) if k in f.owner}
    named = {
        o.key or o.name
        for x in inside
        for o in [x] + [p for r, p in x.roles if r == "holdsOffice"]
        if o.kind == "Office"
    }
    # "Mayor X, who was a councillor until 2018": another post, not the title's
    nouns = f.lex.past_tenure.nouns if f.lex.past_tenure is not None else frozenset()
    other = any(
        (t.dep_ == "attr" or (t.dep_ == "pobj" and t.head.lower_ == "as"))
        and t.pos_ in {"NOUN", "PROPN"}
        and t.lemma_ not in nouns
        for t in clause.subtree
    )
    m.roles[:] = [
        (r, o)
        for r, o in m.roles
        if not (
            r == "holdsOffice"
            and (
                (o.key or o.name) in named
                or s <= o.start < e
                or (not named and not other and m.start <= o.start < m.end)
            )
        )
    ]
    if clause.lemma_ in f.lex.lead_verbs:
        m.roles[:] = [(r, o) for r, o in m.roles if not (r == "leaderOf" and s <= o.start < e)]


def asserted(v) -> bool:
    """Does the clause of verb ``v`` state that it happened?"""
    if any(c.dep_ == "neg" for c in v.children):
        return False
    aux = [c for c in v.children if c.dep_ in {"aux", "auxpass"}]
    if v.tag_ == "VB" and any(a.lower_ == "to" for a in aux):
        # 'voted to remove its speaker': an infinitive governed by a past vote
        g = v.head
        return (
            v.dep_ == "xcomp"
            and g.lemma_ in lexicon.load().grammar["factual_governors"]
            and g.tag_ in {"VBD", "VBN"}
            and asserted(g)
        )
    if any(a.lower_ in lexicon.load().grammar["unasserting_auxiliaries"] for a in aux):
        return False
    if v.tag_ == "VBG":
        # 'the Assembly passed the motion, removing X from office'
        return (
            v.dep_ in {"advcl", "conj"}
            and v.head.pos_ in {"VERB", "AUX"}
            and v.head.tag_ in {"VBD", "VBN"}
            and asserted(v.head)
        )
    if v.tag_ not in {"VBD", "VBN"} or (
        v.dep_ in {"xcomp", "ccomp", "acl", "relcl", "advcl"} and v.head.pos_ == "NOUN"
    ):
        return False
    if v.tag_ == "VBN" and v.dep_ in {"acl", "xcomp", "ccomp"} and not aux:
        # 'a motion to have X removed', 'sought X removed'
        return False
    if v.dep_ == "conj":
        return asserted(v.head) if v.head.pos_ in {"VERB", "AUX"} else True
    return True
