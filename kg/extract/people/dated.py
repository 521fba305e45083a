"""Offices of a titled name told of another time, read against the article's date (issue 35):
after resolution, an office a title gives a person is dropped when every mention that gives it
sits in a clause of another time.

- a clause dated well before the article (a year two or more before the article's): 'the
  impeachment trial of President X in 1998', 'a plan backed by the party in 2021 was rejected by
  Prime Minister X', 'Premier X opened the bridge in 2009'; with no date on the article, only a
  past-tense clause dated to a year whose subject is the titled name ('Attorney General X was held
  in contempt in 2012');
- a span of service that is over: 'Y worked for three years for Representative X' (the simple
  past with a length of years), 'during his time as President X's deputy' (a tenure of another
  time);
- a deputy who became the principal: 'Vice President X ... becoming President', 'Deputy Speaker X
  became Speaker'.

Traps: a year close to the article's ('Prime Minister X said in 2023 that ...' in an article of
2024), the taking of an office ('President X, who was elected in 2015', 'President X took office
in 2015'), a span still open ('since 2015', 'has worked for three years for Senator X'), another
office of the same holder ('MP X became Speaker'). The words are ``titles.json`` ``past_tenure``
(``dated_exceptions``, ``assume_verbs``, ``span_words``, ``dating_prepositions``,
``service_verbs``, ``service_prepositions``, ``tenure_nouns``, ``duration_nouns``) and ``grammar.json`` ``second_in_command_words``."""

from __future__ import annotations

from collections import defaultdict
from datetime import date

from kg.extract.people.tenure import asserted, in_past
from kg.model import Entity, Mention
from kg.ontology import lexicon

#: how many years before the article's a year must be to be of another time; for a seat, held for
#: terms of years ('Senator X voted against it in 2021'), a decade
GAP, SEAT_GAP = 2, 10


def year_of(tok) -> int | None:
    """The year a token writes ('1998', '2021'), or None."""
    t = tok.text
    if len(t) == 4 and t.isdigit() and t[:2] in {"19", "20"}:
        return int(t)
    return None


def _clause_path(head) -> list:
    """The tokens from a name's head up to the head of its clause (a verb), both included."""
    path = [head]
    t = head
    while t.head.i != t.i and t.pos_ not in {"VERB", "AUX"}:
        t = t.head
        path.append(t)
    return path


def _latest_year(toks) -> int | None:
    years = [y for t in toks if (y := year_of(t)) is not None]
    return max(years) if years else None


def _dating_years(path, pt) -> list[int]:
    """The years that date the clause of ``path``: a dating preposition on a token of the path
    ('the trial of X in 1998', 'proceed ... in 1998'), a year before a noun of it ('the 1998 trial
    of X'), or a date in a past participle on the clause's subject ('a plan backed in 2021 was
    rejected by X'). The prepositions are ``dating_prepositions`` and ``span_words`` ('from 2009
    to 2013', 'until 2015'); 'since 2015' never dates a clause."""
    dating = pt.dating_prepositions | pt.span_words
    on_path = {t.i for t in path}
    out: list[int] = []
    for t in path:
        for c in t.children:
            if c.i in on_path:
                continue
            if c.dep_ == "prep" and c.lower_ in dating:
                y = _latest_year(x for x in c.subtree if not (x.pos_ == "VERB" and x.i != c.i))
                if y is not None:
                    out.append(y)
            elif c.dep_ in {"nummod", "compound", "amod", "npadvmod"} and (y := year_of(c)) is not None:
                out.append(y)
    verb = path[-1]
    if (verb.pos_ in {"VERB", "AUX"} and in_past(verb)) or any(
        c.dep_ == "auxpass" and c.tag_ == "VBD" for c in verb.children
    ):
        for s in (c for c in verb.children if c.dep_ in {"nsubj", "nsubjpass"} and c.i not in on_path):
            for a in (c for c in s.children if c.dep_ == "acl" and c.tag_ == "VBN"):
                for p in (c for c in a.children if c.dep_ == "prep" and c.lower_ in pt.dating_prepositions):
                    if (y := _latest_year(p.subtree)) is not None:
                        out.append(y)
    return out


def _taking(verb, pt) -> bool:
    """'President X was elected in 2015', 'President X took office in 2015': a year on the start of
    an office, not of another time."""
    return verb.lemma_.lower() in pt.dated_exceptions or verb.lemma_.lower() in pt.assume_verbs


def _undated_clause(head, pt) -> bool:
    """With no date on the article: the titled name is the subject of a past-tense clause dated
    to a year ('Attorney General X was held in contempt in 2012')."""
    if head.dep_ not in {"nsubj", "nsubjpass"}:
        return False
    verb = head.head
    if _taking(verb, pt) or not (
        verb.tag_ == "VBD" or any(c.dep_ == "auxpass" and c.tag_ == "VBD" for c in verb.children)
    ):
        return False
    return any(
        c.dep_ == "prep" and c.lower_ == "in" and any(t.dep_ == "pobj" and year_of(t) for t in c.children)
        for c in verb.children
    )


def _finished_service(path, pt) -> bool:
    """'Y worked for three years for Representative X', 'served two years under Governor X': the
    name is whom a past service was for, over a length of years (not 'has worked for three years
    for Senator X', still so)."""
    verb = path[-1]
    if len(path) < 3 or verb.lemma_.lower() not in pt.service_verbs or not in_past(verb):
        return False
    prep = path[-2]
    if prep.dep_ != "prep" or prep.lower_ not in pt.service_prepositions:
        return False
    return any(
        (c.dep_ == "prep" and c.lower_ == "for" and any(p.lemma_.lower() in pt.duration_nouns for p in c.children))
        or (c.dep_ in {"npadvmod", "dobj"} and c.lemma_.lower() in pt.duration_nouns)
        for c in verb.children
        if c.i != prep.i
    )


def _tenure_of_another_time(i: int, doc, pt) -> bool:
    """'during his time as President X's deputy, Y called for ...', 'During her tenure as Governor
    X's deputy, Y ran the office': a name inside a tenure of someone's ('during|in' + a possessive
    + a tenure noun + 'as', up to the comma) whose clause, after it, is in the past tense. Read
    on the words, not the parse, which often tears the phrase apart."""
    sent = doc[i].sent
    for t in sent:
        if t.lower_ not in pt.dating_prepositions or t.i + 3 >= sent.end:
            continue
        k = t.i + 1
        while k < min(t.i + 4, sent.end) and doc[k].lemma_.lower() not in pt.tenure_nouns:
            k += 1
        own = doc[t.i + 1 : k]
        if k + 1 >= sent.end or doc[k + 1].lower_ != "as" or not any(x.tag_ in {"PRP$", "POS"} for x in own):
            continue
        end = k + 2
        while end < sent.end and doc[end].text not in {",", ";", ".", "(", "—", "–"}:
            end += 1
        if not k + 2 <= i < end:
            continue
        verb = next((x for x in doc[end : sent.end] if x.pos_ in {"VERB", "AUX"}), None)
        return verb is not None and in_past(verb)
    return False


def of_another_time(i: int, doc, year: int | None, seat: bool = False) -> bool:
    """Does the clause of the token ``i`` (a titled name's head, or an office's) tell of another
    time than the article's (of the year ``year``; None: unknown)? See the module docstring. A
    ``seat`` (``past_tenure.kept_offices``: 'Senator', 'MP') is held for terms of years: only a
    year a decade before the article's puts it in another time ('Senator X voted against it in
    2021' does not)."""
    pt = lexicon.load().past_tenure
    if pt is None:
        return False
    head = doc[i]
    path = _clause_path(head)
    if _finished_service(path, pt) or _tenure_of_another_time(i, doc, pt):
        return True
    if year is None:
        return _undated_clause(head, pt)
    if path[-1].pos_ in {"VERB", "AUX"} and _taking(path[-1], pt) and head.dep_ in {"nsubj", "nsubjpass", "dobj"}:
        return False
    return any(y <= year - (SEAT_GAP if seat else GAP) for y in _dating_years(path, pt))


def _deputy_of(key: str, second: frozenset[str]) -> str | None:
    """'vice-president' -> 'president', 'deputy-speaker' -> 'speaker': the office a deputy's stands under."""
    first, _, rest = key.replace(" ", "-").partition("-")
    return rest if first in second and rest else None


def _happened(v) -> bool:
    """Did 'become' happen: 'X became Speaker', or a gerund carried by a past verb ('the Senate
    removed him, resulting in X becoming President'), not a prospect ('hopes of X becoming
    President', 'X could become President', 'X did not become President')?"""
    if any(c.dep_ == "neg" for c in v.children):
        return False
    if v.tag_ == "VBD":
        return asserted(v)
    t = v
    while t.tag_ == "VBG" and t.dep_ in {"conj", "advcl", "pcomp"} and t.head.i != t.i:
        t = t.head.head if t.dep_ == "pcomp" and t.head.pos_ == "ADP" else t.head
    return v.tag_ == "VBG" and t.tag_ == "VBD" and asserted(t)


def _promoted(mentions: list[Mention], docs) -> list[tuple[Entity, set[str]]]:
    """'Vice President X ... becoming President', 'Deputy Speaker X became Speaker': a deputy who
    becomes the principal leaves the deputy's office. The one who becomes it is the verb's
    subject, else the nearest person before it in the sentence who held the deputy's office."""
    second = frozenset(lexicon.load().grammar["second_in_command_words"])
    offices: dict[tuple[int, int], Mention] = {}
    people: dict[int, list[Mention]] = defaultdict(list)
    for m in mentions:
        if m.kind == "Office" and m.entity is not None:
            offices[(m.para, m.head)] = m
        elif m.kind == "Person" and m.entity is not None:
            people[m.para].append(m)
    out: list[tuple[Entity, set[str]]] = []
    for para, doc in enumerate(docs):
        for v in doc:
            if v.lemma_.lower() != "become" or not _happened(v):
                continue
            new = {o.entity for c in v.children if c.dep_ in {"attr", "oprd"} and (o := offices.get((para, c.i)))}
            keys = {o.key for o in new if o is not None}
            if not keys:
                continue
            subj = {c.i for c in v.children if c.dep_ in {"nsubj", "nsubjpass"}}
            before = [p for p in people[para] if p.end <= v.i and p.start >= v.sent.start]
            for p in sorted(before, key=lambda p: -p.start):
                held = {o.key for r, o in p.entity.roles if r == "holdsOffice"}  # type: ignore[union-attr]
                deputy = {k for k in held if _deputy_of(k, second) in keys}
                if subj and not (p.start <= min(subj) < p.end):
                    continue
                if deputy:
                    # (and holds the principal's office now: 'X ... becoming President')
                    p.entity.roles.update(("holdsOffice", o) for o in new if o is not None)  # type: ignore[union-attr]
                    out.append((p.entity, deputy))  # type: ignore[arg-type]
                    break
    return out


def dated_offices(mentions: list[Mention], docs, published: date | None) -> list[tuple[Entity, set[str]]]:
    """The offices whose every mention is of another time (see the module docstring)."""
    year = published.year if published is not None else None
    pt = lexicon.load().past_tenure
    seats = pt.kept_offices if pt is not None else frozenset()
    told: dict[tuple[Entity, str], list[bool]] = defaultdict(list)
    for m in mentions:
        if m.entity is None or m.kind not in {"Person", "Description"}:
            continue
        for r, o in m.roles:
            if r != "holdsOffice" or o.entity is None:
                continue
            # the clause of the name, for its title; else of the office ('X's vice president, Y')
            at = m.head if m.start <= o.start < m.end else o.head
            told[(m.entity, o.entity.key)].append(
                o.para == m.para and of_another_time(at, docs[m.para], year, o.entity.key in seats)
            )
    past: dict[Entity, set[str]] = defaultdict(set)
    for (e, k), flags in told.items():
        if all(flags):
            past[e].add(k)
    return [*past.items(), *_promoted(mentions, docs)]
