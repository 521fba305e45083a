"""Mentions of people and what stands for them: titles and offices ("Finance Minister X"),
names, role descriptions ("the NDP leader", "the chair"), pronouns and relative pronouns
(the words of ``titles.json`` and ``grammar.json``)."""

from __future__ import annotations

from kg.extract.people.epithets import presiding_words, standalone
from kg.extract.people.finder import Finder, modifier
from kg.extract.people.names import given_name_before, name_after, name_start, past_seat
from kg.extract.people.offices import not_current, titles
from kg.extract.people.organisations import party_word, unknown_party_before_role
from kg.model import Mention, fold

_SUBJECT_DEPS = {"nsubj", "nsubjpass"}


def people(f: Finder) -> None:
    doc, lex = f.doc, f.lex
    texts, lowers = f.texts, f.lowers
    toks = f.tokens
    role_words = lex.party_roles
    for s, e, (office, label, alias) in titles(f):
        if not f.free(s, e):
            continue
        # "Queen Mara", not "a beauty queen"
        if office.before_name and name_after(f, name_start(f, e)) == name_start(f, e):
            continue
        # a party right before the title: "Bloc Quebecois MP", "Labour Front MP"
        party = f.owner.get(s - 1) if s > 0 else None
        if party is not None and party.kind != "PoliticalParty":
            party = None
        if party is None and s > 0 and lowers[s] in role_words:
            party = unknown_party_before_role(f, s)
        # "Two Democratic Representatives, X and Y", "A Republican Assemblywoman, X": a party
        # adjective before the title (not a past one: 'former Labour MPs')
        if (
            party is None
            and s > 0
            and f.lex.party_adjectives.get(texts[s - 1])
            and f.capitalised(s - 1)
            and not (s > 1 and lowers[s - 2] in f.lex.membership_ends)
        ):
            party = party_word(f, s - 1)
        # "Senators X of Utah, Y and Z": each named holds the office; no names, no mention
        if alias == "plural":
            _plural_title(f, s, e, office, past=not_current(f, s, e), party=party)
            continue
        # a past or future holder ("former Senator X") is named, but holds no office now
        past = not_current(f, s, e)
        _title_person(
            f,
            s,
            e,
            office_mention=None if past else (office, label, alias),
            party=party,
            past=past,
            past_key=(office.key if not alias else fold(label)) if past else None,
        )
    # party role words after a party: "NDP Leader X", "Bloc leader X", "Heartland backbenchers"
    for i, _tok in enumerate(f.tokens):
        word, s = lowers[i], i
        # "co-leader", "deputy-leader": a hyphenated role word
        if i >= 2 and texts[i - 1] == "-" and not toks[i - 2].whitespace_ and f"{lowers[i - 2]}-{word}" in role_words:
            word, s = f"{lowers[i - 2]}-{word}", i - 2
        # "the MDC-T secretary general, X", "Labour deputy leader X": a role of two words, after a party found
        two = i >= 1 and f"{lowers[i - 1]} {word}" in role_words
        if two:
            word, s = f"{lowers[i - 1]} {word}", i - 1
        if word in role_words and f.free(s, i + 1):
            party = f.owner.get(s - 1) if s > 0 else None
            # "the Labour Party's leader": a party's possessive before the role word
            if s > 1 and toks[s - 1].tag_ == "POS" and (party is None or party.kind != "PoliticalParty"):
                party = f.owner.get(s - 2)
            # "Conservative Party (CP) Leader X": the party's abbreviation in a bracket between
            if (
                s > 3
                and texts[s - 1] == ")"
                and texts[s - 3] == "("
                and (party is None or party.kind != "PoliticalParty")
            ):
                party = f.owner.get(s - 4)
            if (party is None or party.kind != "PoliticalParty") and two:
                continue
            if party is None or party.kind != "PoliticalParty":
                party = (
                    unknown_party_before_role(f, s) if f.capitalised(i) or (s > 0 and f.capitalised(s - 1)) else None
                )
            if party is not None or word in {"backbencher", "backbenchers"}:
                role: str | None = role_words[word]
                # "former Labour leader X" leads it no more (nor is a member: 'former Labour MP X'); a
                # would-be or incoming leader is a member
                b = party.start if party is not None else s
                hyphened = "".join(lowers[b - 3 : b]) if b > 2 and texts[b - 2] == "-" else ""
                if party is not None and (not_current(f, min(s, b), i + 1) or hyphened in lex.not_current):
                    ended = any(lowers[k] in lex.membership_ends for k in range(max(0, party.start - 2), s))
                    role = None if ended else "memberOf"
                _title_person(f, s, i + 1, office_mention=None, party=party, role=role)
    # named entities the model found
    for ent in doc.ents:
        if ent.label_ != "PERSON":
            continue
        s, e = ent.start, ent.end
        if 0 < s < e - 1 and f"{texts[s - 1]} {texts[s]}" in lex.name_stop_words:
            s += 1  # 'First [Lady X]': the model took the last word of a two-word honorific into the name
        while s < e and (
            texts[s] in lex.name_stop_words
            or lowers[s] in lex.office_words()
            or toks[s].is_punct
            or (s + 1 < e and f"{texts[s]} {texts[s + 1]}" in lex.name_stop_words)
        ):
            # "Tan Sri X": a two-word honorific goes whole
            s += 2 if s + 1 < e and f"{texts[s]} {texts[s + 1]}" in lex.name_stop_words else 1
        # (a party the entity runs into: '1931 [John McGovern Independent] Labour Party' in a table's row)
        while e > s and (toks[e - 1].tag_ == "POS" or toks[e - 1].is_punct or _party_at(f, e - 1)):
            e -= 1
        s = past_seat(f, s, e)  # "the MP for Bath Tom Reyes": the seat is no part of a name
        # a given name the model left out of the entity ('Ms Priya [Menon]'): a capitalised
        # proper noun compounded onto the name, not a title, an honorific, a party word or a seat
        if s == ent.start:  # (a title trimmed off the front says where the name begins)
            while s > 0 and s < e and given_name_before(f, toks[s - 1], s, ent.end):
                s -= 1
        # a link the model took for a name ('pic.twitter.com/...' after a post) is no one
        if s < e and f.free(s, e) and not any(toks[k].like_url for k in range(s, e)) and not _designation(f, s):
            f.add(Mention(f.para, s, e, "Person", f.span_text(s, e), f.span_head(s, e)))
    # a run of two or more capitalised proper nouns the model left untyped: a name
    heads = lex.party_head_words | lex.org_head_words
    after_heads = lex.party_head_words | lex.motion_name_heads
    tokens = f.tokens

    # which tokens can be a word of such a name (read once: a run is tried from each token)
    name_word = [
        t.pos_ == "PROPN"
        and (t.is_title or t.is_upper)
        and t.is_alpha
        and t.ent_type_ in {"", "PERSON", "ORG"}
        and w not in lex.name_stop_words
        and w not in heads
        for t, w in zip(tokens, texts)
    ]
    for k in range(len(tokens) - 1):  # 'First Lady X', 'Tan Sri X': a two-word honorific is no part of a name
        if f"{texts[k]} {texts[k + 1]}" in lex.name_stop_words:
            name_word[k] = name_word[k + 1] = False
    i, n = 0, len(tokens)
    while i < n:
        if not name_word[i] or i in f.owner:  # (no run from here)
            i += 1
            continue
        j = i
        while j < n and j not in f.owner and j - i < 3 and name_word[j]:
            j += 1
        # names take no article: "the NL Morning News" is a programme, not a person
        if (
            j - i >= 2
            and not (j < n and tokens[j].text in after_heads)
            and not (i > 0 and tokens[i - 1].lower_ in {"the", "a", "an"})
            and not any(t.is_upper for t in tokens[i:j])
        ):
            f.add(Mention(f.para, i, j, "Person", f.span_text(i, j), j - 1, desc={"run": True}))
        i = max(j, i + 1)


def _plural_title(f: Finder, s: int, e: int, office, past: bool, party: Mention | None) -> None:
    """A plural title before a list of names ('Senators X of Utah, Y, and Z', 'Two Democratic
    Representatives, X and Y'): each name is a person who holds the office (none if ``past``)."""
    doc = f.doc
    k = e + (e < len(doc) and doc[e].text == ",")
    names: list[tuple[int, int]] = []
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
    office = (
        None
        if past
        else f.add(
            Mention(f.para, s, e, "Office", office.label, e - 1, key=office.key, desc={"office": office, "alias": None})
        )
    )
    for a, b in names:
        roles = ([("holdsOffice", office)] if office else []) + ([("memberOf", party)] if party else [])
        f.add(Mention(f.para, a, b, "Person", f.span_text(a, b), b - 1, roles=roles))


def _party_at(f: Finder, i: int) -> bool:
    return i in f.owner and f.owner[i].kind == "PoliticalParty"


def _title_person(
    f: Finder,
    s: int,
    e: int,
    office_mention,
    party: Mention | None,
    role: str | None = None,
    past: bool = False,
    past_key: str | None = None,
) -> None:
    doc = f.doc
    roles: list[tuple[str, Mention]] = []
    office = None
    if office_mention is not None:
        o, label, alias = office_mention
        office = f.add(
            Mention(
                f.para,
                s,
                e,
                "Office",
                label,
                e - 1,
                key=o.key if not alias else fold(label),
                desc={"office": o, "alias": alias},
            )
        )
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
    n_start = name_start(f, e)
    n_end = name_after(f, n_start)
    if n_end > n_start:
        name = f.span_text(n_start, n_end)
        # ('former Speaker X', 'then Prime Minister X': the office is of another time wherever else it is given)
        desc = {"past_offices": [past_key]} if past_key else {}
        f.add(Mention(f.para, start, n_end, "Person", name, n_end - 1, roles=roles, desc=desc))
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
    m = Mention(
        f.para,
        st,
        max(e_desc, e),
        "Description",
        f.span_text(st, max(e_desc, e)),
        e - 1,
        roles=roles,
        desc={"indefinite": desc_indef, "possessor": det if det in {"its", "his", "her", "their"} else None},
    )
    f.mentions.append(m)
    for i in range(st, max(e_desc, e)):
        f.owner[i] = m


#: words before 'leader'/'head' that make a deputy of the leader ('deputy leader of the X')


def descriptions(f: Finder) -> None:
    """'the chair', 'the minister', 'the leader of the X' with no name."""
    doc, lex = f.doc, f.lex
    _texts, lowers = f.texts, f.lowers
    for i, _tok in enumerate(f.tokens):
        if i in f.owner:
            continue
        n = presiding_words(f, i)
        if n and i > 0 and lowers[i - 1] == "the":
            # "the chair", "the presiding officer": whoever presides
            e = i + n
            f.add(Mention(f.para, i - 1, e, "Description", f.span_text(i - 1, e), e - 1, desc={"presiding": True}))
        elif lowers[i] in lex.grammar["sequence_words"] and i > 0 and lowers[i - 1] == "the" and standalone(f, i):
            # "the latter", "the former": the person named last, or the one named before that
            f.add(
                Mention(f.para, i - 1, i + 1, "Description", f.span_text(i - 1, i + 1), i, desc={"sequence": lowers[i]})
            )
        elif lowers[i] in lex.party_roles and i > 0 and lowers[i - 1] in {"its", "their"}:
            # "Its leader, X," : the organisation is the one last mentioned (resolve stage)
            f.add(
                Mention(
                    f.para,
                    i - 1,
                    i + 1,
                    "Description",
                    f.span_text(i - 1, i + 1),
                    i,
                    desc={"possessor": lowers[i - 1], "role": lex.party_roles[lowers[i]]},
                )
            )
        elif lowers[i] in {"leader", "head"} and i + 2 < len(doc) and lowers[i + 1] == "of":
            k = i + 2 + (lowers[i + 2] == "the")
            p = f.owner.get(k)
            if p is not None and p.kind == "PoliticalParty":
                st = i
                while st > 0 and modifier(doc[st - 1]):
                    st -= 1
                det = lowers[st]
                # "deputy leader of the X", "vice head of the X", "head of the X delegation": a member, not its leader
                second = i > 0 and lowers[i - 1] in lex.grammar["second_in_command_words"]
                second |= p.end < len(doc) and lowers[p.end] in lex.grammar["member_group_nouns"]
                m = Mention(
                    f.para,
                    st,
                    p.end,
                    "Description",
                    f.span_text(st, p.end),
                    i,
                    roles=[("memberOf" if second else "leaderOf", p)],
                    desc={
                        "indefinite": det in lex.grammar["indefinite_determiners"],
                        "possessor": det if det in {"its", "his", "her", "their"} else None,
                    },
                )
                f.mentions.append(m)
                for j in range(st, i + 1):
                    f.owner[j] = m


def pronouns_and_relatives(f: Finder) -> None:
    texts, lowers = f.texts, f.lowers
    rel = f.lex.grammar["relative_pronouns"]
    gender = f.lex.grammar["pronoun_gender"]
    # a pronoun inside a direct quote speaks from the speaker's point of view, not the story's
    from kg.extract.context.quotes import QUOTE

    quoted = None  # found at the first pronoun
    for i, tok in enumerate(f.tokens):
        low = lowers[i]
        if (low not in gender and low not in rel) or i in f.owner:
            continue
        if quoted is None:
            quoted = [(q.start(), q.end()) for q in QUOTE.finditer(f.text)]
        if any(s <= tok.idx < e for s, e in quoted):
            continue
        if low in gender and tok.pos_ == "PRON":
            f.add(Mention(f.para, i, i + 1, "Pronoun", texts[i], i, desc={"gender": gender[low]}))
        elif low in rel and tok.dep_ in _SUBJECT_DEPS | {"dobj", "pobj"} and tok.head.dep_ == "relcl":
            f.add(Mention(f.para, i, i + 1, "Relative", texts[i], i))


def _designation(f: Finder, s: int) -> bool:
    """Is the name at ``s`` a peer's territorial designation ('Lord Pryce of [Tenby]', 'Baroness
    Quinn of [Eastfield]'), a place in the peer's name, not a person of its own?"""
    pg = f.lex.peerage
    if pg is None or s < 3 or f.texts[s - 1] != "of":
        return False
    # the style, then one or two capitalised words of the name, before 'of'
    return any(
        k >= 0 and f.texts[k] in pg.styles and all(f.capitalised(j) for j in range(k + 1, s - 1))
        for k in (s - 3, s - 4)
    )
