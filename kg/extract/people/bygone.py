"""Offices of another time, read after resolution (issue 35): whatever else the article calls a
person, these say an office of theirs is not held now.

- a death that is history: 'X, who died in 2015', 'the crash, which killed President X', 'X was
  assassinated in 1963', 'the 1968 assassination of Senator X' (dated to a year, or told in a
  relative clause with no date at all; 'X died on Thursday' is the news, and the office stands);
- a service stated as past: 'X previously served as ambassador', 'X served as Speaker until 2015',
  'X was Speaker from 2010 to 2015', 'in 2019, when she was finance minister', 'X was appointed
  secretary of justice and served in that position until she became governor';
- a title marked as of another time on one mention: 'then Prime Minister X', 'former Speaker X',
  'The Opposition Leader at the time, X', 'X, the Speaker at the time,'.

The words are ``titles.json`` ``past_tenure`` (``verbs``, ``nouns``, ``span_words``,
``death_verbs``, ``death_nouns``) and ``grammar.json`` (``past_title_adverbs``,
``past_time_phrases``, ``simultaneous_markers``)."""

from __future__ import annotations

from collections.abc import Callable

from kg.extract.people.tenure import asserted, in_past
from kg.model import Entity, Mention, fold
from kg.ontology import lexicon

#: (the person, the keys of the offices that are past; None: all of them)
Ended = list[tuple[Entity, "set[str] | None"]]
Person = Callable[[int, object], "Entity | None"]
Keys = Callable[[int, object], "set[str]"]


def bygone_offices(mentions: list[Mention], docs, person: Person, keys: Keys) -> Ended:
    """The offices the article puts in another time (see the module docstring)."""
    out: Ended = []
    # (the named people of each paragraph, made once: a long article has thousands of paragraphs)
    people: dict[int, list[Mention]] = {}
    for m in mentions:
        if m.kind == "Person" and m.entity is not None:
            people.setdefault(m.para, []).append(m)
    for para, doc in enumerate(docs):
        out += _deaths(para, doc, person)
        out += _past_service(para, doc, person, keys)
        out += _at_the_time(para, doc, people.get(para, []), keys)
    for m in mentions:
        if m.kind == "Person" and m.entity is not None and m.desc.get("past_offices"):
            out.append((m.entity, set(m.desc["past_offices"])))
    return out


def _year(tok) -> bool:
    return tok.like_num and len(tok.text) == 4 and tok.text.isdigit() and tok.text[:2] in {"19", "20"}


def _dated(tok) -> bool:
    """Is there a date at all in the phrase of ``tok`` ('on Thursday', 'in 2010', 'yesterday')?"""
    return any(t.ent_type_ in {"DATE", "TIME"} or _year(t) for t in tok.subtree)


def _with_listed(toks):
    """The people a phrase names, with those it lists ('dignitaries including X and Y')."""
    for t in toks:
        yield from (t, *t.conjuncts)
        for c in t.children:
            if c.dep_ == "prep" and c.lower_ in {"including", "like", "among"}:
                for p in c.children:
                    if p.dep_ == "pobj":
                        yield from (p, *p.conjuncts)


def _happened(v) -> bool:
    """Did the past-tense verb ``v`` happen ('which killed', 'was assassinated', 'had died'), not
    a plan, a threat or a negation ('tried to kill', 'would have died', 'did not die')?"""
    aux = {c.lower_ for c in v.children if c.dep_ in {"aux", "auxpass"}}
    return (
        v.tag_ in {"VBD", "VBN"}
        and not aux & lexicon.load().grammar["unasserting_auxiliaries"]
        and not any(c.dep_ == "neg" for c in v.children)
        and (v.dep_ not in {"xcomp", "ccomp"} or asserted(v))
    )


def _reflexive(tok) -> bool:
    return tok.tag_ == "PRP" and tok.lower_.endswith(("self", "selves"))


def antecedent(v):
    """The noun a relative clause ``v`` is of: the word right before the comma that opens it ('the
    brother of President X, who had been killed': X), where the parser hung it on another noun;
    else the noun it hangs on."""
    rel = v.left_edge if v.left_edge.lower_ in {"who", "whom"} else None
    if rel is not None and rel.i >= 2 and rel.doc[rel.i - 1].text == "," and rel.i - 2 > v.head.i:
        before = rel.doc[rel.i - 2]
        if before.pos_ == "PROPN":
            return before
    return v.head


def _deaths(para: int, doc, person: Person) -> Ended:
    pt = lexicon.load().past_tenure
    out: Ended = []
    if pt is None or not pt.death_verbs:
        return out
    for v in doc:
        lemma = v.lemma_.lower()
        if lemma in pt.death_verbs and v.pos_ == "VERB" and _happened(v):
            # a year on the death, or a relative clause of background ('which killed X'), not the news
            if not (any(_year(t) for t in v.subtree) or (v.dep_ == "relcl" and not _dated(v))):
                continue
            subj = {"nsubj"} if lemma == "die" else {"dobj", "nsubjpass"}
            dead = [c for c in v.children if c.dep_ in subj]
            # 'X, who died in 2015', 'X, who had himself been killed': the relative pronoun stands for the name
            if v.dep_ == "relcl" and (
                any(c.lower_ in {"who", "whom", "which"} for c in dead) or (dead and all(_reflexive(c) for c in dead))
            ):
                dead = [antecedent(v)]
            out += [(e, None) for t in _with_listed(dead) if (e := person(para, t)) is not None]
        elif lemma in pt.death_nouns and v.pos_ == "NOUN" and any(_year(t) for t in v.subtree):
            # (not 'an assassination attempt on X', 'death threats')
            if v.dep_ == "compound":
                continue
            dead = [c for c in v.children if c.dep_ == "poss"]
            dead += [
                p for c in v.children if c.dep_ == "prep" and c.lower_ == "of" for p in c.children if p.dep_ == "pobj"
            ]
            out += [(e, None) for t in _with_listed(dead) if (e := person(para, t)) is not None]
    return out


def _past_marker(v, lex) -> bool:
    """Does the clause of ``v`` put its time in the past: an adverb ('previously served'), a span
    ('until 2015', 'from 2010 to 2015', 'until she became governor') or a 'when' of the past
    ('when she was finance minister')?"""
    pt, g = lex.past_tenure, lex.grammar
    # (the span may hang on the office: 'was [Speaker from 2010 to 2015]')
    named = [c for c in v.children if c.dep_ == "attr" or (c.dep_ == "prep" and c.lower_ == "as")]
    for c in (
        *v.children,
        *(x for t in named for x in t.children),
        *(x for t in named for p in t.children for x in p.children),
    ):
        if c.dep_ == "advmod" and c.lower_ in g["past_title_adverbs"]:
            return True
        if c.dep_ == "prep" and c.lower_ in pt.span_words and any(_year(t) or t.ent_type_ == "DATE" for t in c.subtree):
            return True
        # 'until she became governor': a clause that ends the tenure
        if c.dep_ == "advcl" and any(m.dep_ == "mark" and m.lower_ in pt.span_words for m in c.children):
            return True
        if c.dep_ in {"mark", "advmod"} and c.lower_ == "when" and c.head == v and v.dep_ in {"advcl", "relcl"}:
            return True
    return False


def _named_offices(v, para: int, keys: Keys) -> set[str]:
    """The offices a verb of tenure names: 'as ambassador', 'was Speaker'; for a tenure noun ('in
    that position'), the office of the verb it is joined to ('was appointed as secretary and served
    in that position')."""
    pt = lexicon.load().past_tenure

    def named(verb) -> list:
        out = [c for c in verb.children if c.dep_ in {"attr", "oprd"}]
        return out + [
            p for c in verb.children if c.dep_ == "prep" and c.lower_ == "as" for p in c.children if p.dep_ == "pobj"
        ]

    found = {k for t in named(v) for k in keys(para, t) or _listed_office(t)}
    tenure = pt is not None and any(t.dep_ in {"pobj", "dobj"} and t.lemma_ in pt.nouns for t in v.subtree)
    if not found and tenure and v.dep_ == "conj":
        found = {k for t in named(v.head) for k in keys(para, t) or _listed_office(t)}
    return found


def _listed_office(t) -> set[str]:
    """The office a lower-case title word names, where no mention was made of it ('served as the
    US ambassador', 'was vice president'): its compounds and itself, or itself alone."""
    words = lexicon.load().office_words()
    phrase = " ".join(c.lower_ for c in t.children if c.dep_ == "compound" and c.i < t.i) + " " + t.lower_
    for w in (phrase.strip(), t.lower_):
        if w in words:
            o = words[w]
            # 'secretary of justice': the portfolio's office
            of = [p for c in t.children if c.dep_ == "prep" and c.lower_ in {"of", "for"} for p in c.children]
            if o.portfolio and of:
                area = " ".join(x.text.title() for x in of[0].subtree if x.dep_ in {"compound", "pobj"})
                return {fold(f"{area} {o.label}")}
            return {o.key}
    return set()


def _past_service(para: int, doc, person: Person, keys: Keys) -> Ended:
    lex = lexicon.load()
    pt = lex.past_tenure
    out: Ended = []
    if pt is None:
        return out
    for v in doc:
        if v.lemma_ not in pt.verbs or not in_past(v) or not _past_marker(v, lex):
            continue
        if any(c.dep_ == "neg" for c in v.children):
            continue
        subj = [c for c in v.children if c.dep_ == "nsubj"]
        if not subj and v.dep_ == "conj":
            subj = [c for c in v.head.children if c.dep_ in {"nsubj", "nsubjpass"}]
        # 'X, who was Speaker until 2015': the relative pronoun stands for the name
        if v.dep_ == "relcl" and any(c.lower_ in {"who", "whom"} for c in subj):
            subj = [antecedent(v)]
        which = _named_offices(v, para, keys)
        if which:
            out += [(e, which) for t in subj if (e := person(para, t)) is not None]
    return out


def _at_the_time(para: int, doc, here: list[Mention], keys: Keys) -> Ended:
    """'The Opposition Leader at the time, X', 'X, the mayor at the time,': a title in apposition
    to a name, with a phrase of another time right after it (``here``: the paragraph's named people)."""
    phrases = lexicon.load().grammar["past_time_phrases"]
    out: Ended = []
    starts, ends = {m.start: m for m in here}, {m.end: m for m in here}
    for t in doc:
        n = next((n for n in (2, 3, 4) if doc[t.i + 1 : t.i + 1 + n].text.lower() in phrases), None)
        which = (keys(para, t) or _listed_office(t)) if n is not None else set()
        if not which:
            continue
        k = t.i + 1 + n
        after = starts.get(k + 1) if k < len(doc) and doc[k].text == "," else None
        s = t.left_edge.i
        before = ends.get(s - 1) if s > 0 and doc[s - 1].text == "," else None
        out += [(p.entity, which) for p in (after, before) if p is not None and p.entity is not None]
    return out
