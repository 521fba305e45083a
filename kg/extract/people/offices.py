"""Titles and offices in running text: the office a title phrase names, with its portfolio
("Finance Minister", "Minister for Housing"), whether it is held now ("former", "-elect"), and
where the name after it begins ("President of France X", "MP (Member of Parliament) X")."""

from __future__ import annotations

from kg.extract.people.finder import Finder, capitalised, longest, per_lexicon
from kg.extract.people.given_names import is_given_name
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
        if o.title_case and not capitalised(doc[s]) and not place_licensed(f, s, e):
            _definite_title(f, s, e, o)
            continue
        # a company's post: 'senior vice president X', 'X, a vice president at Acme', 'Acme Vice President X'
        company = f.owner.get(s - 1) if s > 0 else None
        if (
            (company is not None and company.kind == "Organization" and not o.body_post)
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
            if e + 1 < len(doc) and doc[e].lower_ in {"of", "for"} and capitalised(doc[e + 1]):
                pe = (
                    e + 3
                    if e + 2 < len(doc) and f"{doc[e + 1].lower_} {doc[e + 2].lower_}" in lex.portfolios
                    else e + 2
                )
                words = _portfolio_words(doc[e + 1 : pe])
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
    return [_shadow(f, x, by_key) for x in out]


def _definite_title(f: Finder, s: int, e: int, o) -> None:
    """'the president', 'the senator' in lower case, standing alone: a description of the one person
    the document gives that office (resolve stage), never an office of its own; not 'the president of
    the club', 'the president at Acme', 'the company president'."""
    doc = f.doc
    if s == 0 or doc[s - 1].lower_ != "the" or doc[e - 1].tag_ not in {"NN", "NNP"}:
        return
    # ('accused the president of lying': the charge, not the office's place)
    if e + 1 < len(doc) and doc[e].lower_ in {"of", "at"} and doc[e + 1].tag_ != "VBG":
        return
    if f.free(s - 1, e) and name_after(f, e) == e:
        f.add(Mention(f.para, s - 1, e, "Description", f.span_text(s - 1, e), e - 1, desc={"office_key": o.key}))


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
        if not (
            t.text in {"-", "–"} or t.pos_ in {"ADJ", "PROPN"} or (owner is not None and owner.kind == "PoliticalParty")
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


def name_after(f: Finder, i: int) -> int:
    """End of a personal name starting at token i (capitalised proper nouns), or i."""
    doc, lex = f.doc, f.lex
    j = i
    while j < len(doc) and j - i < 6 and j not in f.owner:
        tok = doc[j]
        # a hyphen inside a name: "Yves-Francois"
        if tok.text == "-" and j > i and not doc[j - 1].whitespace_ and j + 1 < len(doc) and capitalised(doc[j + 1]):
            j += 1
            continue
        if not (
            capitalised(tok)
            and tok.pos_ in {"PROPN", "NOUN", "ADJ", "VERB"}
            and tok.text not in lex.name_stop_words
            # ("O'Brien", "D’Souza": an apostrophe inside a name)
            and (
                tok.is_alpha
                or "-" in tok.text
                or tok.text.endswith(".")
                or tok.text.replace("'", "").replace("’", "").isalpha()
            )
        ):
            break
        if tok.ent_type_ in {"DATE", "TIME", "CARDINAL", "ORDINAL"}:
            break
        j += 1
    # a name needs a proper noun in it
    if j > i and not any(doc[k].pos_ == "PROPN" for k in range(i, j)):
        return i
    return j


def name_start(f: Finder, e: int) -> int:
    """Where the name after a title ending at ``e`` begins: right after it, after the place of the
    office ('President of France X', 'Chief Executive of Hong Kong X'), or after an abbreviation
    or expansion in brackets ('MP (Member of Parliament) X', 'Member of Parliament (MP) X')."""
    doc = f.doc
    k = e
    # "of (the) <place>" ('President of Ukraine X'), "to <place>" ('Ambassador to Germany X'):
    # a place the model typed, wholly, or a country's name the model ran into the name
    if k + 1 < len(doc) and doc[k].lower_ in {"of", "to"}:
        j0 = j = k + 1 + (doc[k + 1].lower_ == "the")
        if j < len(doc) and doc[j].ent_type_ == "GPE" and doc[j].ent_iob_ == "B" and j not in f.owner:
            j += 1
            while j < len(doc) and doc[j].ent_iob_ == "I":
                j += 1
            if j > k + 1 and name_after(f, j) > j:
                return j
            # the model ran the name into the place ('of [Hong Kong Carrie Lam]'): a given name splits them
            given = next(
                (p for p in range(j0 + 1, j - 1) if is_given_name(doc[p].text) and name_after(f, p) >= j), None
            )
            if given is not None:
                return given
        c = _country_name_end(f, j0) if j0 < len(doc) else j0
        if c > j0 and name_after(f, c) > c:
            return c
    # "(MP)" / "(Member of Parliament)"
    if k < len(doc) and doc[k].text == "(":
        close = next((j for j in range(k + 1, min(k + 6, len(doc))) if doc[j].text == ")"), None)
        if close is not None and close > k + 1 and name_after(f, close + 1) > close + 1:
            return close + 1
    return e


def _country_name_end(f: Finder, j: int) -> int:
    """End of a country's name (``countries.json``, capitalised, one to three words) at ``j``, or ``j``."""
    names = _country_names(f.lex)
    if not f.capitalised(j):
        return j
    for n in (3, 2, 1):
        if j + n <= len(f.tokens) and f.span_text(j, j + n) in names and f.free(j, j + n):
            return j + n
    return j


@per_lexicon
def _country_names(lex) -> frozenset[str]:
    """The capitalised country words of ``countries.json``; made once per lexicon, not once per title."""
    return frozenset(
        w for ws in lex.countries.values() for w in ws if (w[:1].isupper() and " " not in w.strip(".")) or w.istitle()
    )


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
        return j < len(doc) and doc[j].ent_type_ == "GPE"
    return False
