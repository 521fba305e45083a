"""Extract stage, part 1: find who and what a paragraph mentions.

People (with the titles around their names), parties, legislatures, offices, motions,
role descriptions ("the NDP leader", "the Speaker"), pronouns and relative pronouns.
Titles and roles are read from ``ontology/lexicon/titles.json``; parties from the
gazetteer in ``organizations.json`` plus contexts that mark an unknown party.

Each family of mention rules has its module (:mod:`kg.extract.people.organisations`,
:mod:`kg.extract.people.people`, :mod:`kg.extract.people.roles`), all adding to one
:class:`~kg.extract.people.finder.Finder` per paragraph.
"""

from __future__ import annotations

from spacy.language import Language
from spacy.tokens import Doc

from kg.extract.people import (
    chairs,
    companies,
    counterparts,
    epithets,
    governments,
    organisations,
    people,
    predicates,
    roles,
)
from kg.extract.people.finder import Finder, span_text
from kg.extract.people.given_names import is_given_name
from kg.extract.people.lists import fellow_members, fellow_of_previous, row_parties, shared_roles
from kg.extract.people.nonpersons import drop_non_persons
from kg.extract.people.spelling import Misspellings, edit_distance
from kg.model import Mention, fold
from kg.nlp.parse import Paragraph
from kg.ontology import lexicon


def find(
    doc: Doc, para: int, nlp: Language, parsed: Paragraph | None = None, country: str | None = None
) -> list[Mention]:
    """All mentions in a parsed paragraph, in text order (``parsed``: the paragraph of ``doc``, whose
    tokens and text are made once for every step; ``country``: the article's, for a paragraph that names none)."""
    f = Finder(doc, para, nlp, parsed, country)
    chairs.committee_chairs(f)
    organisations.parties(f)
    organisations.legislatures(f)
    organisations.motions(f, named_only=True)
    governments.governments(f)
    companies.campaigns(f)
    companies.organisations(f, marked=True)
    people.people(f)
    people.descriptions(f)
    epithets.epithets(f)
    epithets.member_for(f)
    epithets.ages(f)
    companies.organisations(f)
    companies.descriptions(f)
    organisations.motions(f)
    governments.states(f)
    people.pronouns_and_relatives(f)
    f.mentions.sort(key=lambda m: (m.start, -m.end))
    return f.mentions


def attach_roles(
    doc: Doc,
    para: int,
    mentions: list[Mention],
    nlp: Language,
    parsed: Paragraph | None = None,
    country: str | None = None,
) -> None:
    """Roles stated beside a name, once every name of the document is known (after
    :func:`second_pass`): appositions, parentheses, relative clauses (``parsed``, ``country`` as for :func:`find`)."""
    f = Finder(doc, para, nlp, parsed, country)
    for m in sorted(mentions, key=lambda m: m.end - m.start, reverse=True):
        f.mentions.append(m)
        for i in range(m.start, m.end):
            prev = f.owner.get(i)
            if prev is None or m.end - m.start < prev.end - prev.start:
                f.owner[i] = m
    roles.appositions(f)
    shared_roles(f)
    fellow_of_previous(f)
    fellow_members(f)
    row_parties(f)
    predicates.belongs(f)
    chairs.listed_chairs(f)
    counterparts.counterparts(f)
    epithets.seats(f)
    mentions[:] = sorted(f.mentions, key=lambda m: (m.start, -m.end))


def second_pass(docs: list[Doc], found: list[list[Mention]], parsed: list[Paragraph] | None = None) -> None:
    """One type per name across a document: once 'Ada Okoro' is a person, a bare
    'Okoro' tagged GPE elsewhere is that person too; likewise party names; a capitalised
    word one or two edits from a known surname ('Hallburg') is taken as that surname.
    (``parsed``: the paragraphs of ``docs``, as for :func:`find`.)"""
    lex = lexicon.load()
    parsed = [Paragraph(0, doc) for doc in docs] if parsed is None else parsed
    tokens = [p.tokens for p in parsed]
    _drop_unsupported_runs(docs, found, parsed)
    drop_non_persons(found, parsed)
    party_names = {m.name: m for ms in found for m in ms if m.kind == "PoliticalParty"}
    party_forms: dict[str, Mention] = {}
    for name in sorted(party_names, key=len, reverse=True):
        parts = name.split()
        party_forms.setdefault(name, party_names[name])
        if len(parts) > 2 and parts[-1] == "Party":
            party_forms.setdefault(" ".join(parts[:-1]), party_names[name])
    # a 'person' whose name is one of the document's party names is that party ("Green Dawn officials")
    folded_parties = {fold(n): m for n, m in party_forms.items()}
    for para, ms in enumerate(found):
        for i, m in enumerate(ms):
            p = folded_parties.get(fold(m.name)) if m.kind == "Person" and not m.roles else None
            if p is not None:
                ms[i] = Mention(para, m.start, m.end, "PoliticalParty", m.name, m.head, key=p.key)
    person_tokens: set[str] = set()
    surnames: set[str] = set()
    given: set[str] = set()  # the first words of the document's names of several words ('Matteo')
    for ms in found:
        for m in ms:
            if m.kind == "Person":
                words = [t for t in m.name.replace("-", " ").split() if t[:1].isupper() and len(t) > 1]
                person_tokens.update(words)
                if len(words) > 1:
                    surnames.add(words[-1])
                    given.add(words[0])
    # an 'organisation' made of a person's names is that person ('Tanya Davies' tagged ORG once)
    for ms in found:
        ms[:] = [m for m in ms if m.kind != "Organization" or not set(m.name.split()) <= person_tokens]
    forms = [(form, len(form.split()), m) for form, m in party_forms.items()]
    misspelt = Misspellings(surnames)
    for para, (doc, ms) in enumerate(zip(docs, found)):
        owned = {i for m in ms for i in range(m.start, m.end)}
        toks, text, texts, capitals = tokens[para], parsed[para].text, parsed[para].texts, parsed[para].capitals
        i = 0
        while i < len(doc):
            if not capitals[i] or i in owned or texts[i] in lex.name_stop_words:
                i += 1
                continue
            tok = toks[i]
            # a party name again, with or without "Party" ("Civic Renewal" after "Civic Renewal Party")
            hit = None
            for form, n, m in forms:
                if span_text(doc, toks, text, i, i + n) == form and all(k not in owned for k in range(i, i + n)):
                    hit = (n, m)
                    break
            if hit is not None:
                n, m = hit
                before = next((x for x in ms if x.kind == "PoliticalParty" and x.end == i), None)
                if before is not None and n == 1 and m.key is None and not toks[i - 1].is_punct:
                    # "the Movement for Democratic Change Renewal team": a faction's word after a party's name
                    before.end, before.key = i + 1, None
                    before.name = span_text(doc, toks, text, before.start, i + 1)
                else:
                    ms.append(
                        Mention(
                            para, i, i + n, "PoliticalParty", span_text(doc, toks, text, i, i + n), i + n - 1, key=m.key
                        )
                    )
                owned.update(range(i, i + n))
                i += n
                continue
            # a known surname the tagger took for a common noun ('Maseko later apologised'), where a
            # name can stand: as a subject or an object, not inside a noun phrase ('Price rises')
            known = (
                tok.pos_ == "PROPN"
                or (
                    tok.pos_ == "NOUN"
                    and tok.text in surnames
                    and tok.dep_ in {"nsubj", "nsubjpass", "dobj", "pobj", "appos"}
                )
                # the first of a list of names, tagged as a word: 'Pierre, Rivera Lopez, and Ross are ...'
                or (
                    tok.pos_ in {"NOUN", "ADJ"}
                    and tok.text in surnames
                    and i + 2 < len(doc)
                    and texts[i + 1] == ","
                    and (i + 2) in owned
                    and any(m.kind == "Person" and m.start == i + 2 for m in ms)
                )
            )
            if known and tok.text in person_tokens:
                j = i
                while j < len(doc) and j not in owned and toks[j].text in person_tokens:
                    j += 1
                # 'Matteo [Renzi]' after 'Matteo Salvini': a given name the model did not type, with a surname
                # after it, is another person (not the one the given name alone would join)
                while (
                    texts[i] in given
                    and j < len(doc)
                    and j - i < 4
                    and _surname_after(toks[j], j in owned, texts[j], lex)
                ):
                    j += 1
                ms.append(Mention(para, i, j, "Person", span_text(doc, toks, text, i, j), j - 1))
                owned.update(range(i, j))
                i = j
                continue
            near = (
                misspelt.of(tok.text)
                if tok.pos_ in {"PROPN", "NOUN", "ADJ", "VERB"}
                and tok.is_alpha
                and tok.text not in person_tokens
                and tok.ent_type_ not in {"DATE", "NORP"}
                else []
            )
            if near:
                # the closest surname, then the first in order: the same one in every process (a set's
                # order follows the process's string hashing)
                s = min(near, key=lambda s: (edit_distance(fold(tok.text), fold(s)), s))
                ms.append(Mention(para, i, i + 1, "Person", s, i, desc={"misspelt": tok.text}))
                owned.add(i)
            i += 1
        ms.sort(key=lambda m: (m.start, -m.end))


def _holds_predicate(head, ms: list[Mention], lex) -> bool:
    """Is ``head`` the subject of a verb that gives it an office ('X Y is the MLA for Z', 'X Y was
    elected Speaker', 'X Y became Mayor', 'X Y was appointed as Minister of Finance'), or the object
    of a taking ('the council retained X Y as mayor')?"""
    verb = head.head
    taking = lex.past_tenure.dated_exceptions if lex.past_tenure is not None else frozenset()
    # ('they elected X Y as Speaker', 'voted to keep X Y as prime minister': the object of a taking)
    if not (
        (head.dep_ in {"nsubj", "nsubjpass"} and verb.lemma_ in {"be", "become"} | taking)
        or (head.dep_ == "dobj" and verb.lemma_ in taking)
    ):
        return False
    preds = [c.i for c in verb.children if c.dep_ in {"attr", "oprd"}]
    preds += [p.i for c in verb.children if c.dep_ == "prep" and c.lower_ == "as" for p in c.children]
    return any(d.kind in {"Office", "Description"} and d.start <= i < d.end for d in ms for i in preds)


def _drop_unsupported_runs(docs: list[Doc], found: list[list[Mention]], parsed: list[Paragraph]) -> None:
    """Two capitalised words are not a person by default ('Highway Patrol', 'Control Law',
    'Lenten Break'): a run of capitalised words the model did not type as a person stays one
    only with evidence: a known given name first ('Regina Ip'), a title or honorific before it
    ('Archbishop X'), another mention of the document that the model typed as a person with the
    same first and last words, a verb of speech it is the subject of ('X said'), a role
    description in apposition ('Its leader, X,'), a name the model typed coordinated with it
    ('suspended X and Y Z'), a party's name after its possessive ('X Y's New Patriotic Party'), or its last word
    used alone mid-sentence elsewhere ('..., Y told reporters')."""
    lex = lexicon.load()
    titles = set(lex.grammar.get("title_words", ())) | set(lex.honorifics) | set(lex.office_words())
    typed_names = [
        m.name.split() for ms in found for m in ms if m.kind == "Person" and not m.desc.get("run") and m.name.split()
    ]
    typed, typed_given = {n[-1] for n in typed_names}, {n[0] for n in typed_names if len(n) > 1}
    # surnames used alone, mid-sentence ('..., Brun said'): evidence for the full name
    alone = set()
    for p in parsed:
        texts, toks, capital = p.texts, p.tokens, p.capitals
        n = len(texts)
        for i, word in enumerate(texts):
            # (no capital beside it first: the words' list, before the token's attributes)
            if (
                not (i > 0 and capital[i - 1])
                and not (i + 1 < n and capital[i + 1])
                and toks[i].pos_ == "PROPN"
                and not toks[i].is_sent_start
            ):
                alone.add(word)
    for _para, (doc, ms) in enumerate(zip(docs, found)):
        keep = []
        typed_heads = {m.head for m in ms if m.kind == "Person" and not m.desc.get("run")}
        for m in ms:
            # "the member for Brandon East", "the MP for Kingston North": the seat is a place, not a person
            if (
                m.kind == "Person"
                and m.desc.get("run")
                and m.start > 1
                and doc[m.start - 1].lower_ == "for"
                and doc[m.start - 2].lower_ in lex.grammar["seat_nouns"]
            ):
                continue
            if (
                m.kind == "Person"
                and m.desc.get("run")
                and not m.roles
                and doc[m.end - 1].text in alone
                and not doc[m.start].is_sent_start
            ):
                keep.append(m)
                continue
            if m.kind == "Person" and m.desc.get("run") and not m.roles:
                before = doc[m.start - 1].lower_.rstrip(".") if m.start > 0 else ""
                head = doc[m.head]
                said = head.dep_ in {"nsubj", "nsubjpass"} and head.head.lemma_ in lex.speech_verbs
                # "Its leader, X Y, said" / "X Y, the party's leader,": a role description in apposition
                said = said or any(
                    d.kind in {"Description", "Office"}
                    and (d.end == m.start - 1 or d.start == m.end + 1)
                    and doc[m.start - 1 if d.end == m.start - 1 else m.end].text == ","
                    for d in ms
                )
                # "X and Y Z", "A, B and Y Z": coordinated with a name the model typed as a person (not a
                # modifier of a noun after it: 'X and Highway Patrol officers')
                coordinated = (head.dep_ == "conj" and head.head.i in typed_heads) or any(
                    c.dep_ == "conj" and c.i in typed_heads for c in head.children
                )
                said = said or (coordinated and (m.end == len(doc) or doc[m.end].pos_ not in {"NOUN", "PROPN"}))
                # "X Y's New Patriotic Party": the possessor of a party (its leader)
                said = said or (
                    m.end + 1 < len(doc)
                    and doc[m.end].tag_ == "POS"
                    and any(p.kind == "PoliticalParty" and p.start == m.end + 1 for p in ms)
                )
                # "X Y is the BJP MLA for Z", "X Y was elected Speaker": the subject of an office
                said = said or _holds_predicate(head, ms, lex)
                # (a surname typed elsewhere is not enough: 'Longtime Imus in the Morning' is a show)
                # ('Baroness Uddin': an honorific that opens the run)
                if not (
                    is_given_name(doc[m.start].text)
                    or before in titles
                    or said
                    or doc[m.start].lower_ in lex.honorifics
                    or (doc[m.end - 1].text in typed and doc[m.start].text in typed_given)
                ):
                    continue
            keep.append(m)
        ms[:] = keep


def _surname_after(tok, owned: bool, word: str, lex) -> bool:
    """Can ``tok``, right after a name's word, be a further word of that name: a capitalised proper noun of no
    other mention, not typed a date, a number, a place or a body, and no word that never starts a name?"""
    return (
        not owned
        and tok.pos_ == "PROPN"
        and tok.is_title
        and tok.is_alpha
        and tok.ent_type_ not in {"GPE", "NORP", "ORG", "DATE", "TIME", "CARDINAL", "ORDINAL"}
        and word not in lex.name_stop_words
        and tok.lower_ not in lex.office_words()
        # ('Mahan Air', 'Donovan Correctional Facility': a body's or a place's word)
        and word not in lex.org_head_words
        and word not in lex.grammar["organisation_heads"]
        and word not in lex.grammar["place_heads"]
        and not any(t.text in lex.grammar["place_heads"] for t in tok.doc[tok.i + 1 : tok.i + 3])
    )
