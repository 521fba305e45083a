"""Roles a list of names shares (called from :mod:`kg.extract.people.mentions` after the roles stated beside
each name): 'X, Y, and Z are all members of the P', 'X and Y, both Democratic senators', 'Reps. X and Y
(R-Texas)', 'Labour peers Lord X and Lord Y', 'X and Y of the P party'. A role the rules gave one name of the
list, stated before or after the whole list, is every name's."""

from __future__ import annotations

from kg.extract.people.finder import Finder
from kg.extract.people.organisations import party_word
from kg.model import Mention

__all__ = ["fellow_of_previous", "shared_roles"]

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
        # "Labour peers Lord X and Lord Y", "two BJP legislators, X and Y": a party's plural before the list
        j = first.start - 1
        while j > 0 and f.lowers[j].rstrip(".") in f.lex.honorifics:
            j -= 1
        if j > 0 and f.texts[j] == ",":
            j -= 1
        # (the tagger may take the plural for a verb: 'Labour peers/VBZ Lord X')
        t = f.tokens[j]
        if j > 0 and t.is_lower and (t.tag_ in {"NNS", "NNPS"} or (t.tag_ == "VBZ" and t.dep_ != "ROOT")):
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
