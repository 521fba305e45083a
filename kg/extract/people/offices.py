"""Titles and offices in running text: the office a title phrase names, with its portfolio
("Finance Minister", "Minister for Housing"), whether it is held now ("former", "-elect"), and
where the name after it begins ("President of France X", "MP (Member of Parliament) X")."""

from __future__ import annotations

from kg.extract.people.finder import Finder, capitalised, longest, per_lexicon
from kg.extract.people.names import name_after
from kg.model import Mention
from kg.ontology.schema import Office

#: a title phrase: (start, end, (office, label, alias)); the alias is "plural" for a plural title
Title = tuple[int, int, tuple[Office, str, str | None]]


def titles(f: Finder) -> list[Title]:
    """(start, end, office) for each title phrase, portfolios included ("Finance Minister")."""
    doc, lex = f.doc, f.lex
    by_key = lex.offices_by_key
    # a title inside a name already found ('Speaker of the [House of Representatives]') is its
    # shorter form ('Speaker'), free of the name
    found = [(s, e, doc.vocab.strings[mid]) for mid, s, e in f.m["office"](doc) if f.free(s, e)]
    listed = {(s, e) for s, e, _ in f.m["office"](doc)}
    found += [x for x in _qualified_forms(f) if (x[0], x[1]) not in listed and _free_of_all_but_houses(f, x[0], x[1])]
    out: list[Title] = []
    for s, e, key in longest(found):
        o = by_key[key]
        # 'the secretary of state': a definite lower-case title with its portfolio (not a bare 'as
        # secretary of state', as often the office of a nomination as of a tenure)
        portfolio = (
            o.portfolio
            and s > 0
            and doc[s - 1].lower_ == "the"
            and e + 1 < len(doc)
            and doc[e].lower_ in {"of", "for"}
            and doc[e + 1].lower_ in lex.portfolios
        )
        # 'elected X as mayor', 'kept X as their president': the office an 'as' phrase names
        # (not a portfolio's office without its portfolio: 'as secretary of state')
        named_as = (
            s > 0
            and not o.portfolio
            and (
                doc[s - 1].lower_ == "as"
                or (s > 1 and doc[s - 2].lower_ == "as" and doc[s - 1].pos_ in {"DET", "PRON"})
            )
        )
        if (
            o.title_case
            and not capitalised(doc[s])
            and not place_licensed(f, s, e)
            and not _before_name(f, s, e)
            and not portfolio
            and not named_as
        ):
            # ('the chair': whoever presides, a description of its own)
            if f.span_text(s, e).lower() not in lex.presiding_descriptions:
                _definite_title(f, s, e, o)
            continue
        # a company's post: 'senior vice president X', 'X, a vice president at Acme', 'Acme Vice President X'
        company = f.owner.get(s - 1) if s > 0 else None
        # (a house's committee is no company: 'the House Intelligence Committee Representative X')
        bodies = lex.committee_chairs.heads if lex.committee_chairs is not None else frozenset()
        if (
            (
                company is not None
                and company.kind == "Organization"
                and not o.body_post
                and f.texts[company.end - 1] not in bodies
            )
            or (s > 0 and doc[s - 1].lower_ in o.other_sense_before)
            or (
                e + 1 < len(doc)
                and doc[e].lower_ == "at"
                and capitalised(doc[e + 1])
                and (e + 1) not in f.owner
                and doc[e + 1].ent_type_ not in {"GPE", "LOC", "FAC", "NORP"}
            )
        ):
            continue
        if f.span_text(s, e).lower() in {w.lower() for w in o.plural}:
            out.append((s, e, (o, o.label, "plural")))
            continue
        if o.portfolio:
            # "Minister of Finance" / "Minister for Foreign Affairs" / "US Secretary of State"
            # (lower-case too, with a portfolio word: 'the secretary of state', 'the minister for health')
            if (
                e + 1 < len(doc)
                and doc[e].lower_ in {"of", "for"}
                and (capitalised(doc[e + 1]) or (portfolio and not capitalised(doc[s])))
            ):
                pe = (
                    e + 3
                    if e + 2 < len(doc) and f"{doc[e + 1].lower_} {doc[e + 2].lower_}" in lex.portfolios
                    else e + 2
                )
                words = _portfolio_words(doc[e + 1 : pe])
                # "Undersecretary of State for Defence", "Minister of State for Education": a second
                # portfolio, the title as written
                if pe + 1 < len(doc) and doc[pe].lower_ == "for" and doc[pe + 1].lower_ in lex.portfolios:
                    pe2 = (
                        pe + 2 + (pe + 2 < len(doc) and f"{doc[pe + 1].lower_} {doc[pe + 2].lower_}" in lex.portfolios)
                    )
                    label = f"{o.label} {doc[e].lower_} {words} for {_portfolio_words(doc[pe + 1 : pe2])}"
                    out.append((s, pe2, (o, label, label)))
                    continue
                out.append((s, pe, (o, f"{words} {o.label}", f"{o.label} of {words}")))
                continue
            # "Finance Minister" / "foreign minister" / "Home Affairs Minister" / "Commerce Secretary"
            ps = _portfolio_before(f, s)
            if ps is not None:
                words = _portfolio_words(doc[ps:s])
                # "Deputy Foreign Minister", "Vice Finance Minister": the second's office of the portfolio
                second = lex.office_words().get(f"{doc[ps - 1].lower_} {o.words[0]}") if ps > 0 else None
                if second is not None and second.portfolio and f.free(ps - 1, ps):
                    label = f"{doc[ps - 1].text.title()} {words} {o.label}"
                    out.append((ps - 1, e, (second, label, f"{second.label} of {words}")))
                    continue
                out.append((ps, e, (o, f"{words} {o.label}", f"{o.label} of {words}")))
                continue
        if o.bare_context and not _bare_title_licensed(f, s, e, o):
            continue
        out.append((s, e, (o, o.label, None)))
    return [_second(f, _shadow(f, x, by_key)) for x in out]


def _before_name(f: Finder, s: int, e: int) -> bool:
    """A lower-case title right before a person's name ('he advised president Arif Rahim', 'the
    mayor Luca Pastore'): after no capitalised word, which would make it an organisation's post
    ('Acme president X', 'ANC president X'), nor a noun or adjective ('general secretary X')."""
    doc = f.doc
    # (after a verb, a preposition or an article, not a word it compounds with: 'general secretary X')
    if s > 0 and (
        capitalised(doc[s - 1])
        or (s - 1) in f.owner
        or doc[s - 1].tag_ == "POS"
        or doc[s - 1].pos_ not in {"DET", "VERB", "AUX", "ADP", "PUNCT", "CCONJ", "SCONJ", "PART"}
    ):
        return False
    n = name_after(f, e)
    return n - e >= 2 and doc[n - 1].ent_type_ == "PERSON"


def _definite_title(f: Finder, s: int, e: int, o) -> None:
    """'the president', 'the senator' in lower case, standing alone: a description of the one person
    the document gives that office (resolve stage), never an office of its own; not 'the president of
    the club', 'the president at Acme', 'the company president'."""
    doc = f.doc
    # past an adjective, a possessive or a place noun ('the current governor', 'the state's governor',
    # 'the state governor'), not a word of another time ('the former governor', 'the then governor')
    k = s - 1
    while (
        k > 0
        and s - k <= 3
        and (
            doc[k].pos_ == "ADJ"
            or doc[k].tag_ == "POS"
            or doc[k + 1].tag_ == "POS"
            or doc[k].lower_ in f.lex.grammar["place_nouns"]
        )
    ):
        if doc[k].lower_ in f.lex.not_current:
            return
        k -= 1
    if k < 0 or doc[k].lower_ != "the" or doc[e - 1].tag_ not in {"NN", "NNP"}:
        return
    # ('accused the president of lying': the charge, not the office's place)
    if e + 1 < len(doc) and doc[e].lower_ in {"of", "at"} and doc[e + 1].tag_ != "VBG":
        return
    if f.free(k, e) and name_after(f, e) == e:
        d = f.add(
            Mention(f.para, k, e, "Description", f.span_text(k, e), e - 1, desc={"office_key": o.key, "title": (s, e)})
        )
        # "X, the governor,", "X, the current mayor.": in apposition to a name, the name holds the office
        if k > 1 and doc[k - 1].text == "," and doc[k - 2].pos_ == "PROPN" and (e == len(doc) or doc[e].is_punct):
            office = Mention(f.para, s, e, "Office", o.label, e - 1, key=o.key, desc={"office": o, "alias": None})
            d.roles.append(("holdsOffice", f.add(office)))


def _shadow(f: Finder, found: Title, by_key: dict) -> Title:
    """'Shadow Home Secretary', 'Shadow Chancellor': a title after 'shadow' is the opposition's
    spokesperson for it, a shadow minister, not the office itself."""
    doc = f.doc
    s, e, (o, label, alias) = found
    shadow = by_key.get("shadow-minister")
    if (
        shadow is None
        or s == 0
        or doc[s - 1].lower_ != "shadow"
        or o is shadow
        or alias == "plural"
        or (s - 1) in f.owner
    ):
        return found
    return (s - 1, e, (shadow, f"Shadow {label}", f"Shadow {label}"))


def _second(f: Finder, found: Title) -> Title:
    """'Deputy President X', 'Assistant Speaker X', 'Deputy Chief Whip X': a second-in-command's
    title the lexicon has no office for is the second's own office, never the principal's (the
    lexicon's own come whole: 'Deputy Speaker', 'Vice President')."""
    doc = f.doc
    s, e, (o, label, alias) = found
    second = f.lex.grammar["second_in_command_words"]
    if s == 0 or f.lowers[s - 1] not in second or (s - 1) in f.owner or alias == "plural":
        return found
    name = f"{doc[s - 1].text.title()} {label}"
    return (s - 1, e, (o, name, name))


def _qualified_forms(f: Finder) -> list[tuple[int, int, str]]:
    """'member of the Tunisian Parliament', 'Speaker of the Kenyan National Assembly': a title
    phrase 'A of (the) B' of the lexicon with a nationality or a place before B."""
    doc, forms = f.doc, _of_forms(f.lex)
    _texts, lowers = f.texts, f.lowers
    toks, heads = f.tokens, _of_heads(f.lex)
    out = []
    for i in range(len(doc) - 3):
        if lowers[i + 1] != "of" or lowers[i] not in heads:
            continue
        j = i + 2 + (lowers[i + 2] == "the")
        if j >= len(doc) or not f.capitalised(j) or toks[j].pos_ not in {"PROPN", "ADJ"}:
            continue
        # a qualifier of one or two words ('the New Zealand Parliament')
        hit = next(
            (
                (k + n, key)
                for k in (j + 1, j + 2)
                if f.capitalised(k - 1)
                for n in (1, 2, 3)
                if k + n <= len(doc) and (key := forms.get((lowers[i], " ".join(t.lower_ for t in toks[k : k + n]))))
            ),
            None,
        )
        if hit is not None:
            out.append((i, hit[0], hit[1]))
    return out


def _free_of_all_but_houses(f: Finder, s: int, e: int) -> bool:
    """Is doc[s:e] free but for legislatures wholly inside it ('member of the Tunisian
    [Parliament]')? If so, they are dropped: the house is part of the title."""
    inside = {f.owner[k] for k in range(s, e) if k in f.owner}
    if any(m.kind != "Legislature" or m.start < s or m.end > e for m in inside):
        return False
    for m in inside:
        f.mentions.remove(m)
        for k in range(m.start, m.end):
            f.owner.pop(k, None)
    return True


def _of_forms(lex) -> dict[tuple[str, str], str]:
    """('member', 'parliament') -> 'member-of-parliament': the one-word head and the tail (without
    'the') of each title phrase 'A of (the) B'; made once per lexicon, not once per paragraph."""
    return _of_known(lex)[0]


def _of_heads(lex) -> frozenset[str]:
    """The heads of :func:`_of_forms` ('member'), made once per lexicon as they are."""
    return _of_known(lex)[1]


@per_lexicon
def _of_known(lex) -> tuple[dict[tuple[str, str], str], frozenset[str]]:
    forms = _read_of_forms(lex)
    return forms, frozenset(a for a, _ in forms)


def _read_of_forms(lex) -> dict[tuple[str, str], str]:
    out: dict[tuple[str, str], str] = {}
    for o in lex.offices:
        for w in o.words:
            a, sep, b = w.partition(" of ")
            if sep and " " not in a:
                out.setdefault((a, b.removeprefix("the ")), o.key)
    return out


def _bare_title_licensed(f: Finder, s: int, e: int, o) -> bool:
    """Is a bare title word ('minister': no portfolio found) a title here? Capitalised, before a
    name, with 'of/for/in/without' after it, or with a word of ``o.bare_context`` before it ('a
    cabinet minister', 'a minister in the government'); not 'a church minister', 'X, a minister
    and former colonel' (the clergy)."""
    doc = f.doc
    if capitalised(doc[s]) or name_after(f, e) > e or place_licensed(f, s, e):
        return True
    if e < len(doc) and doc[e].lower_ in {"of", "for", "in", "without"}:
        return True
    # "the minister said": a definite title in the news of a government
    if s > 0 and doc[s - 1].lower_ == "the":
        return True
    return any(doc[k].lower_ in o.bare_context for k in range(max(0, s - 3), s))


def _portfolio_before(f: Finder, s: int) -> int | None:
    """Start of the portfolio before a portfolio title at ``s``: two listed words ('home affairs'),
    one capitalised word ('Finance'), or one listed lower-case word ('foreign'); None if none."""
    doc, lex = f.doc, f.lex
    if s > 1 and f.free(s - 2, s) and f"{doc[s - 2].lower_} {doc[s - 1].lower_}" in lex.portfolios:
        return s - 2
    # (a country or nationality is not a portfolio: "US Secretary", "Egyptian Minister")
    if (
        s > 0
        and (s - 1) not in f.owner
        and doc[s - 1].text not in lex.name_stop_words
        and (
            (capitalised(doc[s - 1]) and doc[s - 1].ent_type_ not in {"GPE", "NORP"})
            or doc[s - 1].lower_ in lex.portfolios
        )
    ):
        return s - 1
    return None


def _portfolio_words(span) -> str:
    """'foreign affairs' -> 'Foreign Affairs' (a capitalised word keeps its own spelling)."""
    return " ".join(t.text if capitalised(t) else t.text.title() for t in span)


#: adverbs that make a title after its article past ('X, formerly the mayor of Denver')


def not_current(f: Finder, s: int, e: int) -> bool:
    """Is the title ``doc[s:e]`` held in the past or the future: 'former (US) President',
    'then-prime-minister', 'Ex-Prime Minister', 'the late Senator', 'President-elect'?"""
    doc, lex = f.doc, f.lex
    # a past or future marker before the title, over hyphens, adjectives, places and a party
    k = s - 1
    while k >= 0 and k >= s - 5:
        t = doc[k]
        if t.lower_ in lex.not_current:
            return True
        owner = f.owner.get(k)
        # "X, formerly the mayor of Denver": an adverb of the past before the article
        # (not 'then the Prime Minister': 'then' also tells of the time of the clause)
        if t.pos_ == "DET" and k > 0 and doc[k - 1].lower_ in lex.grammar["past_title_adverbs"]:
            return True
        # "former president and member of parliament X": over a title coordinated before this one
        coordinated = t.lower_ == "and" or (t.lower_ in lex.office_words() and k + 1 < s and doc[k + 1].lower_ == "and")
        if not (
            t.text in {"-", "–"}
            or t.pos_ in {"ADJ", "PROPN"}
            or (owner is not None and owner.kind == "PoliticalParty")
            or coordinated
        ):
            break
        k -= 1
    # "X, the president ousted in February": a participle of removal on the title
    pt = lex.past_tenure
    if (
        pt is not None
        and e < len(doc)
        and doc[e].lower_ in pt.removal_participles
        and doc[e].tag_ in {"VBN", "VBD"}
        and doc[e].dep_ == "acl"
    ):
        return True
    # "President-elect", "Minister-designate"
    return e + 1 < len(doc) and doc[e].text in {"-", "–"} and doc[e + 1].lower_ in lex.elect_suffixes


def place_licensed(f: Finder, s: int, e: int) -> bool:
    """May a title that is a title only when capitalised stand lower-case here? Yes, when a place
    or nationality qualifies it: 'Ukrainian president X', 'Puerto Rico's governor', 'the mayor of
    London', 'the chief executive of Hong Kong'."""
    doc = f.doc
    if s > 0 and (
        doc[s - 1].ent_type_ in {"GPE", "NORP"}
        or (doc[s - 1].tag_ == "POS" and s > 1 and doc[s - 2].ent_type_ == "GPE")
    ):
        return True
    if e + 1 < len(doc) and doc[e].lower_ == "of":
        j = e + 1 + (doc[e + 1].lower_ == "the")
        if j < len(doc) and doc[j].ent_type_ == "GPE":
            return True
        # 'the president of the Lombardy region', 'the governor of Kano state'
        k = j
        while k < len(doc) and k - j < 3 and f.capitalised(k):
            k += 1
        return j < k < len(doc) and f.lowers[k] in f.lex.grammar["place_nouns"]
    return False
