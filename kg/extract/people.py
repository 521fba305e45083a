"""Mentions of people and what stands for them: titles and offices ("Finance Minister X"),
names, role descriptions ("the NDP leader", "the chair"), pronouns and relative pronouns
(the words of ``titles.json`` and ``grammar.json``)."""

from __future__ import annotations

from spacy.tokens import Token

from kg.extract.finder import Finder, capitalised, longest, modifier
from kg.extract.organisations import party_word, unknown_party_before_role
from kg.model import Mention, fold

_SUBJECT_DEPS = {"nsubj", "nsubjpass"}


def titles(f: Finder) -> list[tuple[int, int, object]]:
    """(start, end, office) for each title phrase, portfolios included ("Finance Minister")."""
    doc, lex = f.doc, f.lex
    by_key = {o.key: o for o in lex.offices}
    # a title inside a name already found ('Speaker of the [House of Representatives]') is its
    # shorter form ('Speaker'), free of the name
    found = [(s, e, doc.vocab.strings[mid]) for mid, s, e in f.m["office"](doc) if f.free(s, e)]
    out = []
    for s, e, key in longest(found):
        o = by_key[key]
        if o.title_case and not capitalised(doc[s]) and not _place_licensed(f, s, e):
            continue
        if doc[s:e].text.lower() in {w.lower() for w in o.plural}:
            out.append((s, e, (o, o.label, "plural")))
            continue
        if o.portfolio:
            # "Minister of Finance" / "Minister for Foreign Affairs" / "US Secretary of State"
            if e + 1 < len(doc) and doc[e].lower_ in {"of", "for"} and capitalised(doc[e + 1]):
                pe = e + 3 if e + 2 < len(doc) and f"{doc[e + 1].lower_} {doc[e + 2].lower_}" in lex.portfolios else e + 2
                words = _portfolio_words(doc[e + 1:pe])
                out.append((s, pe, (o, f"{words} {o.label}", f"{o.label} of {words}")))
                continue
            # "Finance Minister" / "foreign minister" / "Home Affairs Minister" / "Commerce Secretary"
            ps = _portfolio_before(f, s)
            if ps is not None:
                words = _portfolio_words(doc[ps:s])
                out.append((ps, e, (o, f"{words} {o.label}", f"{o.label} of {words}")))
                continue
        if o.bare_context and not _bare_title_licensed(f, s, e, o):
            continue
        out.append((s, e, (o, o.label, None)))
    return out


def _bare_title_licensed(f: Finder, s: int, e: int, o) -> bool:
    """Is a bare title word ('minister': no portfolio found) a title here? Capitalised, before a
    name, with 'of/for/in/without' after it, or with a word of ``o.bare_context`` before it ('a
    cabinet minister', 'a minister in the government'); not 'a church minister', 'X, a minister
    and former colonel' (the clergy)."""
    doc = f.doc
    if capitalised(doc[s]) or name_after(f, e) > e or _place_licensed(f, s, e):
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
    if s > 0 and (s - 1) not in f.owner and doc[s - 1].text not in lex.name_stop_words and (
            (capitalised(doc[s - 1]) and doc[s - 1].ent_type_ not in {"GPE", "NORP"}) or doc[s - 1].lower_ in lex.portfolios):
        return s - 1
    return None


def _portfolio_words(span) -> str:
    """'foreign affairs' -> 'Foreign Affairs' (a capitalised word keeps its own spelling)."""
    return " ".join(t.text if capitalised(t) else t.text.title() for t in span)


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
        if not (t.text in {"-", "–"} or t.pos_ in {"ADJ", "PROPN"} or (owner is not None and owner.kind == "PoliticalParty")):
            break
        k -= 1
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
        if not (capitalised(tok) and tok.pos_ in {"PROPN", "NOUN", "ADJ", "VERB"} and tok.text not in lex.name_stop_words
                and (tok.is_alpha or "-" in tok.text or tok.text.endswith("."))):
            break
        if tok.ent_type_ in {"DATE", "TIME", "CARDINAL", "ORDINAL"}:
            break
        j += 1
    # a name needs a proper noun in it
    if j > i and not any(doc[k].pos_ == "PROPN" for k in range(i, j)):
        return i
    return j


def people(f: Finder) -> None:
    doc, lex = f.doc, f.lex
    role_words = lex.party_roles
    for s, e, (office, label, alias) in titles(f):
        if not f.free(s, e):
            continue
        # "Queen Mara", not "a beauty queen"
        if office.before_name and name_after(f, _name_start(f, e)) == _name_start(f, e):
            continue
        # a party right before the title: "Bloc Quebecois MP", "Labour Front MP"
        party = f.owner.get(s - 1) if s > 0 else None
        if party is not None and party.kind != "PoliticalParty":
            party = None
        if party is None and s > 0 and doc[s].lower_ in role_words:
            party = unknown_party_before_role(f, s)
        # "Two Democratic Representatives, X and Y", "A Republican Assemblywoman, X": a party
        # adjective before the title (not a past one: 'former Labour MPs')
        if party is None and s > 0 and f.lex.party_adjectives.get(doc[s - 1].text) and capitalised(doc[s - 1]) \
                and not (s > 1 and doc[s - 2].lower_ in f.lex.membership_ends):
            party = party_word(f, s - 1)
        # "Senators X of Utah, Y and Z": each named holds the office; no names, no mention
        if alias == "plural":
            _plural_title(f, s, e, office, past=not_current(f, s, e), party=party)
            continue
        # a past or future holder ("former Senator X") is named, but holds no office now
        past = not_current(f, s, e)
        _title_person(f, s, e, office_mention=None if past else (office, label, alias), party=party, past=past)
    # party role words after a party: "NDP Leader X", "Bloc leader X", "Heartland backbenchers"
    for i, tok in enumerate(f.tokens):
        word, s = tok.lower_, i
        # "co-leader", "deputy-leader": a hyphenated role word
        if i >= 2 and doc[i - 1].text == "-" and not doc[i - 2].whitespace_ and f"{doc[i - 2].lower_}-{word}" in role_words:
            word, s = f"{doc[i - 2].lower_}-{word}", i - 2
        if word in role_words and f.free(s, i + 1):
            party = f.owner.get(s - 1) if s > 0 else None
            # "the Labour Party's leader": a party's possessive before the role word
            if s > 1 and doc[s - 1].tag_ == "POS" and (party is None or party.kind != "PoliticalParty"):
                party = f.owner.get(s - 2)
            if party is None or party.kind != "PoliticalParty":
                party = unknown_party_before_role(f, s) if capitalised(tok) or (s > 0 and capitalised(doc[s - 1])) else None
            if party is not None or word in {"backbencher", "backbenchers"}:
                _title_person(f, s, i + 1, office_mention=None, party=party, role=role_words[word])
    # named entities the model found
    for ent in doc.ents:
        if ent.label_ != "PERSON":
            continue
        s, e = ent.start, ent.end
        while s < e and (doc[s].text in lex.name_stop_words or doc[s].lower_ in lex.office_words() or doc[s].is_punct):
            s += 1
        while e > s and (doc[e - 1].tag_ == "POS" or doc[e - 1].is_punct):
            e -= 1
        # a given name the model left out of the entity ('Ms Priya [Menon]'): a capitalised
        # proper noun compounded onto the name, not a title, an honorific or a party word
        if s == ent.start:  # (a title trimmed off the front says where the name begins)
            while s > 0 and s < e and _given_name(f, doc[s - 1], s, e):
                s -= 1
        if s < e and f.free(s, e):
            f.add(Mention(f.para, s, e, "Person", doc[s:e].text, f.span_head(s, e)))
    # a run of two or more capitalised proper nouns the model left untyped: a name
    heads = lex.party_head_words | lex.org_head_words
    after_heads = lex.party_head_words | lex.motion_name_heads
    tokens = f.tokens

    def name_word(t: Token) -> bool:
        return t.pos_ == "PROPN" and (t.is_title or t.is_upper) and t.is_alpha and \
            t.ent_type_ in {"", "PERSON", "ORG"} and t.text not in lex.name_stop_words and t.text not in heads

    i, n = 0, len(tokens)
    while i < n:
        j = i
        while j < n and j not in f.owner and j - i < 3 and name_word(tokens[j]):
            j += 1
        # names take no article: "the NL Morning News" is a programme, not a person
        if j - i >= 2 and not (j < n and tokens[j].text in after_heads) \
                and not (i > 0 and tokens[i - 1].lower_ in {"the", "a", "an"}) and not any(t.is_upper for t in tokens[i:j]):
            f.add(Mention(f.para, i, j, "Person", doc[i:j].text, j - 1))
        i = max(j, i + 1)


def _plural_title(f: Finder, s: int, e: int, office, past: bool, party: Mention | None) -> None:
    """A plural title before a list of names ('Senators X of Utah, Y, and Z', 'Two Democratic
    Representatives, X and Y'): each name is a person who holds the office (none if ``past``)."""
    doc = f.doc
    k = e + (e < len(doc) and doc[e].text == ",")
    names = []
    while k < len(doc) and len(names) < 8:
        n = name_after(f, k)
        if n == k:
            break
        names.append((k, n))
        k = n
        # "X of Florida": the place a member sits for
        if k + 1 < len(doc) and doc[k].lower_ == "of" and doc[k + 1].ent_type_ == "GPE":
            k += 2
            while k < len(doc) and doc[k].ent_iob_ == "I":
                k += 1
        k += k < len(doc) and doc[k].text == ","
        k += k < len(doc) and doc[k].lower_ == "and"
    if not names:
        return
    office = None if past else f.add(Mention(f.para, s, e, "Office", office.label, e - 1, key=office.key,
                                             desc={"office": office, "alias": None}))
    for a, b in names:
        roles = ([("holdsOffice", office)] if office else []) + ([("memberOf", party)] if party else [])
        f.add(Mention(f.para, a, b, "Person", doc[a:b].text, b - 1, roles=roles))


def _name_start(f: Finder, e: int) -> int:
    """Where the name after a title ending at ``e`` begins: right after it, after the place of the
    office ('President of France X', 'Chief Executive of Hong Kong X'), or after an abbreviation
    or expansion in brackets ('MP (Member of Parliament) X', 'Member of Parliament (MP) X')."""
    doc = f.doc
    k = e
    # "of (the) <place>" ('President of Ukraine X'), "to <place>" ('Ambassador to Germany X'):
    # a place the model typed, wholly, or a country's name the model ran into the name
    if k + 1 < len(doc) and doc[k].lower_ in {"of", "to"}:
        j = k + 1 + (doc[k + 1].lower_ == "the")
        if j < len(doc) and doc[j].ent_type_ == "GPE" and doc[j].ent_iob_ == "B" and j not in f.owner:
            j += 1
            while j < len(doc) and doc[j].ent_iob_ == "I":
                j += 1
            if j > k + 1 and name_after(f, j) > j:
                return j
        c = _country_name_end(f, j) if j < len(doc) else j
        if c > j and name_after(f, c) > c:
            return c
    # "(MP)" / "(Member of Parliament)"
    if k < len(doc) and doc[k].text == "(":
        close = next((j for j in range(k + 1, min(k + 6, len(doc))) if doc[j].text == ")"), None)
        if close is not None and close > k + 1 and name_after(f, close + 1) > close + 1:
            return close + 1
    return e


def _country_name_end(f: Finder, j: int) -> int:
    """End of a country's name (``countries.json``, capitalised, one to three words) at ``j``, or ``j``."""
    doc = f.doc
    names = _country_names(f.lex)
    for n in (3, 2, 1):
        if j + n <= len(doc) and doc[j].text[:1].isupper() and doc[j:j + n].text in names and f.free(j, j + n):
            return j + n
    return j


def _country_names(lex) -> frozenset[str]:
    return frozenset(w for ws in lex.countries.values() for w in ws if w[:1].isupper() and " " not in w.strip(".")
                     or w.istitle())


def _place_licensed(f: Finder, s: int, e: int) -> bool:
    """May a title that is a title only when capitalised stand lower-case here? Yes, when a place
    or nationality qualifies it: 'Ukrainian president X', 'Puerto Rico's governor', 'the mayor of
    London', 'the chief executive of Hong Kong'."""
    doc = f.doc
    if s > 0 and (doc[s - 1].ent_type_ in {"GPE", "NORP"} or (doc[s - 1].tag_ == "POS" and s > 1
                                                               and doc[s - 2].ent_type_ == "GPE")):
        return True
    if e + 1 < len(doc) and doc[e].lower_ == "of":
        j = e + 1 + (doc[e + 1].lower_ == "the")
        return j < len(doc) and doc[j].ent_type_ == "GPE"
    return False


def _given_name(f: Finder, tok: Token, s: int, e: int) -> bool:
    """Is ``tok``, right before the name ``doc[s:e]``, a given name the entity left out?"""
    lex = f.lex
    return (tok.pos_ == "PROPN" and tok.dep_ == "compound" and s <= tok.head.i < e and tok.is_title
            and tok.is_alpha and tok.ent_type_ in {"", "PERSON"} and tok.i not in f.owner and tok.text not in lex.name_stop_words
            and tok.lower_ not in lex.office_words() and tok.lower_ not in lex.honorifics
            and tok.lower_.rstrip(".") not in lex.grammar["title_words"]
            and tok.text not in lex.party_head_words and tok.lower_ not in lex.party_roles)


def _title_person(f: Finder, s: int, e: int, office_mention, party: Mention | None, role: str | None = None,
                  past: bool = False) -> None:
    doc = f.doc
    roles: list[tuple[str, Mention]] = []
    office = None
    if office_mention is not None:
        o, label, alias = office_mention
        office = f.add(Mention(f.para, s, e, "Office", label, e - 1, key=o.key if not alias else fold(label),
                               desc={"office": o, "alias": alias}))
        roles.append(("holdsOffice", office))
        if party is not None:
            roles.append(("memberOf", party))
    elif party is not None and role is not None:
        roles.append((role, party))
    # "leader of the NDP" / "MP for the Coastal League"
    if party is None and not past and e + 1 < len(doc) and doc[e].lower_ in {"of", "for"}:
        k = e + 1 + (doc[e + 1].lower_ == "the")
        p = f.owner.get(k)
        if p is not None and p.kind == "PoliticalParty":
            rel = role or ("memberOf" if office is not None else f.lex.party_roles.get(doc[e - 1].lower_, "memberOf"))
            roles.append((rel, p))
            e_desc = p.end
        else:
            e_desc = e
    else:
        e_desc = e
    start = party.start if party is not None and party.end == s else s
    n_start = _name_start(f, e)
    n_end = name_after(f, n_start)
    if n_end > n_start:
        name = doc[n_start:n_end].text
        f.add(Mention(f.para, start, n_end, "Person", name, n_end - 1, roles=roles))
        return
    # no name: a role description ("the NDP leader", "the deputy Speaker", "a Bloc MP"), with the
    # place of its office ("the mayor of London")
    if e_desc == e and e + 1 < len(doc) and doc[e].lower_ == "of":
        j = e + 1 + (doc[e + 1].lower_ == "the")
        if j < len(doc) and doc[j].ent_type_ == "GPE" and doc[j].ent_iob_ == "B" and f.free(e, j + 1):
            j += 1
            while j < len(doc) and doc[j].ent_iob_ == "I" and j not in f.owner:
                j += 1
            e_desc = j
    st = start
    while st > 0 and modifier(doc[st - 1]):
        st -= 1
    det = doc[st].lower_ if st < start or doc[st].pos_ in {"DET", "PRON"} else ""
    if det == "its" or det == "his" or det == "her" or det == "their":
        desc_indef = False
    else:
        indefinite = f.lex.grammar["indefinite_determiners"]
        desc_indef = det in indefinite or (st < start and doc[st].lower_ in indefinite)
    m = Mention(f.para, st, max(e_desc, e), "Description", doc[st:max(e_desc, e)].text, e - 1, roles=roles,
                desc={"indefinite": desc_indef, "possessor": det if det in {"its", "his", "her", "their"} else None})
    f.mentions.append(m)
    for i in range(st, max(e_desc, e)):
        f.owner[i] = m


def descriptions(f: Finder) -> None:
    """'the chair', 'the minister', 'the leader of the X' with no name."""
    doc, lex = f.doc, f.lex
    for i, tok in enumerate(f.tokens):
        if i in f.owner:
            continue
        if tok.lower_ in lex.presiding_descriptions and i > 0 and doc[i - 1].lower_ == "the":
            f.add(Mention(f.para, i - 1, i + 1, "Description", doc[i - 1:i + 1].text, i, desc={"presiding": True}))
        elif tok.lower_ in lex.party_roles and i > 0 and doc[i - 1].lower_ in {"its", "their"}:
            # "Its leader, X," : the organisation is the one last mentioned (resolve stage)
            f.add(Mention(f.para, i - 1, i + 1, "Description", doc[i - 1:i + 1].text, i,
                          desc={"possessor": doc[i - 1].lower_, "role": lex.party_roles[tok.lower_]}))
        elif tok.lower_ in {"leader", "head"} and i + 2 < len(doc) and doc[i + 1].lower_ == "of":
            k = i + 2 + (doc[i + 2].lower_ == "the")
            p = f.owner.get(k)
            if p is not None and p.kind == "PoliticalParty":
                st = i
                while st > 0 and modifier(doc[st - 1]):
                    st -= 1
                det = doc[st].lower_
                m = Mention(f.para, st, p.end, "Description", doc[st:p.end].text, i,
                            roles=[("leaderOf", p)], desc={"indefinite": det in lex.grammar["indefinite_determiners"],
                                                           "possessor": det if det in {"its", "his", "her", "their"} else None})
                f.mentions.append(m)
                for j in range(st, i + 1):
                    f.owner[j] = m


def pronouns_and_relatives(f: Finder) -> None:
    doc = f.doc
    rel = f.lex.grammar["relative_pronouns"]
    gender = f.lex.grammar["pronoun_gender"]
    # a pronoun inside a direct quote speaks from the speaker's point of view, not the story's
    from kg.extract.quotes import QUOTE
    quoted = None  # found at the first pronoun (doc.text is made anew on each call)
    for i, tok in enumerate(f.tokens):
        low = tok.lower_
        if (low not in gender and low not in rel) or i in f.owner:
            continue
        if quoted is None:
            quoted = [(q.start(), q.end()) for q in QUOTE.finditer(doc.text)]
        if any(s <= tok.idx < e for s, e in quoted):
            continue
        if low in gender and tok.pos_ == "PRON":
            f.add(Mention(f.para, i, i + 1, "Pronoun", tok.text, i, desc={"gender": gender[low]}))
        elif low in rel and tok.dep_ in _SUBJECT_DEPS | {"dobj", "pobj"} and tok.head.dep_ == "relcl":
            f.add(Mention(f.para, i, i + 1, "Relative", tok.text, i))
