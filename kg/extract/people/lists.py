"""Roles a list of names shares (called from :mod:`kg.extract.people.mentions` after the roles stated beside
each name): 'X, Y, and Z are all members of the P', 'X and Y, both Democratic senators', 'Reps. X and Y
(R-Texas)', 'Labour peers Lord X and Lord Y', 'X and Y of the P party'. A role the rules gave one name of the
list, stated before or after the whole list, is every name's."""

from __future__ import annotations

from kg.extract.people.finder import Finder, capitalised
from kg.extract.people.organisations import party_word
from kg.model import Mention

__all__ = ["fellow_members", "fellow_of_previous", "party_of_list", "row_parties", "shared_roles"]

_PARTY_ROLES = {"memberOf", "leaderOf"}


def shared_roles(f: Finder) -> None:
    """Give each name of a list the party roles stated for the list as a whole."""
    for group in _lists(f):
        first, last = group[0], group[-1]
        after = _after_list(f, last)
        quantified = after + 1 < len(f.doc) and f.texts[after] == "," and _quantifier(f, after + 1)
        # "sponsored by X and co-sponsored by Y, both Democratic senators": 'both', the two names before it
        if quantified and len(group) == 1 and f.lowers[after + 1] == "both":
            before = [m for m in f.mentions if m.kind == "Person" and m.end <= first.start]
            if before and f.tokens[before[-1].start].sent.start == f.tokens[first.start].sent.start:
                group = [max(before, key=lambda m: m.start), *group]
        if quantified:
            # "X and Y, both Labour MPs", "X, Y and Z, all Democratic senators": a party's word after it
            for k in range(after + 2, min(after + 5, len(f.doc))):
                if f.lowers[k] in f.lex.membership_ends or f.texts[k] in {",", "."}:
                    break
                p = party_word(f, k) if f.capitalised(k) else None
                if p is not None:
                    _give(group, [("memberOf", p)])
                    break
        if len(group) > 1:
            # "X and Y, both Democratic senators": a quantifier after the list
            # "X, Y, and Z are (all) members of the P": the list is the subject of a plural 'be'
            plural_be = after < len(f.doc) and f.lemmas[after] == "be" and f.tokens[after].tag_ in {"VBP", "VBD"}
            # "Reps. X and Y (R-Texas)", "X and Y of the P party": a bracket or a party after the last name
            bracket = after < len(f.doc) and f.texts[after] in {"(", "of"}
            if quantified or plural_be or (bracket and not any(_after_list(f, m) > m.end for m in group[:-1])):
                roles = [(r, p) for m in group for r, p in m.roles if r in _PARTY_ROLES and p.start >= last.end]
                _give(group, roles)
        # "Labour peers Lord X and Lord Y", "two BJP legislators, X and Y", "two ANC MPs, namely X and Y": a party's
        # plural before the list
        j = first.start - 1
        while j > 0 and f.lowers[j].rstrip(".") in f.lex.honorifics:
            j -= 1
        if j > 0 and f.lowers[j] in f.lex.grammar["namely_words"]:
            j -= 1
        if j > 0 and f.texts[j] in {",", ":"}:
            j -= 1
        # (the tagger may take the plural for a verb: 'Labour peers/VBZ Lord X', or 'MPs' for a singular)
        t = f.tokens[j]
        acronym = f.texts[j].endswith("s") and f.lowers[j][:-1] in f.lex.member_nouns
        if (
            j > 0
            and (t.is_lower or acronym)
            and (t.tag_ in {"NNS", "NNPS"} or (t.tag_ == "VBZ" and t.dep_ != "ROOT") or acronym)
        ):
            p = party_word(f, j - 1) if f.capitalised(j - 1) else None
            if p is not None and not (p.start > 0 and f.lowers[p.start - 1] in f.lex.membership_ends):
                _give(group, [("memberOf", p)])


def fellow_of_previous(f: Finder) -> None:
    """'a motion filed by X against its speaker, Y of California, ..., by Z, a fellow member of the P': the
    name before 'a fellow member of the P' ('a fellow Labour MP') in the sentence is the P's member too."""
    people = sorted((m for m in f.mentions if m.kind == "Person"), key=lambda m: m.start)
    for n, m in enumerate(people):
        k = _after_list(f, m)
        if n == 0 or k + 2 >= len(f.doc) or f.texts[k] != "," or "fellow" not in f.lowers[k + 1 : k + 4]:
            continue
        prev = people[n - 1]
        if f.tokens[prev.start].sent.start == f.tokens[m.start].sent.start:
            _give([prev], [(r, p) for r, p in m.roles if r == "memberOf" and p.start > k])


def fellow_members(f: Finder) -> None:
    """'X joined his fellow BJP MPs', 'she and her fellow Labour councillors', 'X's fellow Democrats': the one whose
    fellows a party's members are is a member too. A possessive pronoun takes the role, for the resolver to give its
    referent (not 'their': a group; not 'his former fellow Labour MPs')."""
    lex = f.lex
    for i in range(1, len(f.doc) - 2):
        if f.lowers[i] != "fellow" or not f.capitalised(i + 1):
            continue
        p = party_word(f, i + 1)
        if p is None or p.start != i + 1 or f.lowers[i - 1] in lex.membership_ends:
            continue
        plural = f.tokens[p.end - 1].tag_ in {"NNS", "NNPS"}
        if not plural and p.end < len(f.doc):
            # "his fellow BJP MPs", "her fellow Labour councillors": a plural of members after the party
            # (the tagger may take 'MPs' for a singular)
            word, members = f.lowers[p.end], lex.member_nouns | set(lex.party_roles)
            plural = (f.tokens[p.end].tag_ in {"NNS", "NNPS"} or word.endswith("s")) and (
                f.lemmas[p.end] in members or word in members or word[:-1] in members
            )
        if not plural:
            continue
        tok = f.tokens[i - 1]
        who = f.owner.get(i - 1)
        if tok.tag_ == "PRP$" and lex.grammar["pronoun_gender"].get(f.lowers[i - 1]) in {"male", "female"}:
            if who is None or who.kind != "Pronoun":
                gender = lex.grammar["pronoun_gender"][f.lowers[i - 1]]
                who = Mention(f.para, i - 1, i, "Pronoun", f.texts[i - 1], i - 1, desc={"gender": gender})
                f.mentions.append(who)
        elif tok.tag_ == "POS":
            who = next((m for m in f.mentions if m.kind == "Person" and m.end == i - 1), None)
        else:
            continue
        if who is not None and ("memberOf", p) not in who.roles:
            who.roles.append(("memberOf", p))


def row_parties(f: Finder) -> None:
    """A row of a table or a list, 'Date Member Party ...': '1984 Tom Varley Labour ...', '| Tom Varley | Labour |',
    'Tom Varley – Bexford North – Labour': a party's name right after a person's, past a cell's or a dash's
    separator and a seat between dashes, is the person's party (prose never writes a party after a name so)."""
    seps, n = {"|", "–", "—", "-"}, len(f.doc)
    seats: set[int] = set()
    for m in sorted((m for m in f.mentions if m.kind == "Person"), key=lambda m: m.start):
        if m.start in seats or any(r in _PARTY_ROLES for r, _ in m.roles):
            continue
        k = m.end
        while k < n and (f.texts[k] in seps or f.tokens[k].is_space):
            k += 1
        # "A – Bexford North – Labour": past the seat, a capitalised run between two dashes
        if k > m.end and f.texts[m.end] in seps and (k not in f.owner or f.owner[k].kind != "PoliticalParty"):
            j = k
            while j < n and f.capitalised(j) and j - k < 5:
                j += 1
            if j > k and j < n and f.texts[j] == f.texts[m.end]:
                seats.add(k)
                k = j + 1
        p = f.owner.get(k)
        if p is not None and p.kind == "PoliticalParty" and p.start == k and f.capitalised(k):
            m.roles.append(("memberOf", p))


def party_of_list(f: Finder, m: Mention) -> None:
    """A name in a list that a party word describes as a whole: 'Two Democratic Representatives, X
    and Y, opposed' (the list in apposition to a plural with a party word), 'X of Utah, Y and Z,
    all Republicans' (a party plural after 'all' in apposition to the list)."""
    doc, lex = f.doc, f.lex
    first = doc[m.head]
    while first.dep_ == "conj" and first.head.i != first.i:
        first = first.head
    members = {first.i, *(c.i for c in first.conjuncts)}
    group = first.head if first.dep_ == "appos" else None
    if group is not None and group.tag_ in {"NNS", "NNPS"}:
        mods = [c for c in group.children if c.dep_ in {"amod", "compound"} and capitalised(c)]
        if not any(c.lower_ in lex.membership_ends for c in group.children):
            for c in mods:
                p = party_word(f, c.i)
                if p is not None and ("memberOf", p) not in m.roles:
                    m.roles.append(("memberOf", p))
    # "..., all Republicans": an apposition of a name of the list
    for c in (c for t in (first, *first.conjuncts) for c in t.children):
        if c.dep_ == "appos" and c.i > max(members) and any(t.lower_ in {"all", "both"} for t in c.children):
            p = f.owner.get(c.i)
            if p is not None and p.kind == "PoliticalParty" and ("memberOf", p) not in m.roles:
                m.roles.append(("memberOf", p))


def _give(group: list[Mention], roles: list[tuple[str, Mention]]) -> None:
    for m in group:
        m.roles.extend(r for r in roles if r not in m.roles)


def _quantifier(f: Finder, i: int) -> bool:
    return i < len(f.doc) and f.lowers[i] in f.lex.grammar["list_quantifiers"]


def _after_list(f: Finder, m: Mention) -> int:
    """The token after a name of a list and its place ('X of Utah'): where the list goes on or ends."""
    k = m.end
    if k + 1 < len(f.doc) and f.lowers[k] == "of" and f.tokens[k + 1].ent_type_ in {"GPE", "LOC"}:
        k += 1
        while k < len(f.doc) and f.tokens[k].ent_type_ in {"GPE", "LOC"} and k not in f.owner:
            k += 1
    return k


def _lists(f: Finder) -> list[list[Mention]]:
    """The people named one after another, with only commas, 'and', honorifics and their places between
    ('Senators X of Florida, Y of Utah, and Z', 'Lord X and Lord Y'), in one sentence."""
    people = sorted((m for m in f.mentions if m.kind == "Person"), key=lambda m: m.start)
    groups: list[list[Mention]] = []
    for m in people:
        prev = groups[-1][-1] if groups else None
        if prev is not None and prev.end <= m.start and _joined(f, _after_list(f, prev), m.start):
            groups[-1].append(m)
        else:
            groups.append([m])
    return groups


def _joined(f: Finder, s: int, e: int) -> bool:
    """Are the tokens doc[s:e] between two names of a list: commas, 'and', honorifics?"""
    if e - s > 4 or e <= s or f.tokens[s].sent.start != f.tokens[e - 1].sent.start:
        return False
    words = [f.lowers[k] for k in range(s, e)]
    return ("," in words or "and" in words) and all(
        w in {",", "and"} or w.rstrip(".") in f.lex.honorifics for w in words
    )
