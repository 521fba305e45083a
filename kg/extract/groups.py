"""Members a later sentence lists for a group an earlier one acted on (issue 35.6): 'The Labour Party suspended
four of its MPs. Among those suspended are A (Seat), B and C', 'The Speaker expelled 21 lawmakers from the P ...
The expelled lawmakers are A, B and C', 'the suspended members include A and B': each name listed is a member
of the group's party, unless the text gives the name a party of its own.

The group is the object (or passive subject) of the last earlier clause of the same verb that gives it a party,
in the paragraph or the eight before; its party is a party word on it ('four Labour MPs'), a party in a phrase after it ('21 lawmakers
from the P', 'three members of the P'), or, for 'its/their MPs', the clause's subject ('The P suspended four
of its MPs'), not when the party expels them ('The P expelled two of its MPs': ``grammar.json``
``membership_ending_verbs``). Read once every paragraph's roles are attached
(:func:`kg.extract.people.mentions.attach_roles`); the list is found as the events find it
(:func:`kg.extract.events.participles.listed`).
"""

from __future__ import annotations

from spacy.tokens import Token

from kg.extract.events.participles import listed
from kg.extract.people.organisations import gazetteer_key
from kg.model import Mention
from kg.nlp.parse import Paragraph
from kg.ontology import lexicon

__all__ = ["listed_members"]

_PARTY_ROLES = {"memberOf", "leaderOf"}
#: how many paragraphs before the list the group may be named in
_BACK = 8


def listed_members(found: list[list[Mention]], paragraphs: list[Paragraph]) -> None:
    """Give each name a list gives for a group (a participle's 'among those suspended are A, B'; 'They are A, B',
    'The four are A, B' after a sentence that names the group; 'Four Labour MPs were suspended: A, B') the party of
    the group."""
    owners = [_owners(ms) for ms in found]
    for para, p in enumerate(paragraphs):
        for tok in p.tokens:
            party = None
            # (the tagger may take 'the suspended senators' for an adjective)
            participle = tok.tag_ == "VBN" or (tok.tag_ == "JJ" and tok.lower_.endswith("ed"))
            if participle and tok.dep_ in {"amod", "acl"}:
                first = listed(tok)
                names = _names(p, owners[para], first) if first is not None else []
                party = _group_party(tok, para, paragraphs, owners, found) if names else None
            elif tok.lemma_ == "be" and (first := _they_are(tok)) is not None:
                names = _names(p, owners[para], first)
                party = _last_group(tok, para, paragraphs, owners, found) if names else None
            elif tok.text == ":" and tok.i + 1 < len(p.tokens):
                # "Four Labour MPs were suspended: A, B and C": the subject of the clause the colon ends
                names = _names(p, owners[para], p.tokens[tok.i + 1])
                subj = next((c for c in tok.head.children if c.dep_ in {"nsubj", "nsubjpass"}), None)
                party = _party_of(subj, tok.head, para, owners[para], found[para]) if names and subj else None
            if party is None:
                continue
            for m in names:
                if not any(r in _PARTY_ROLES for r, _ in m.roles):
                    m.roles.append(("memberOf", party))


def _they_are(be: Token) -> Token | None:
    """'They are A, B and C', 'The four are A and B': the first name of a list that a plural pronoun or a number
    standing alone is, or None."""
    subj = next((c for c in be.children if c.dep_ == "nsubj"), None)
    if subj is None or not (
        subj.lower_ in {"they", "these", "those"}
        or (subj.like_num and not any(c.dep_ == "prep" for c in subj.children))
    ):
        return None
    return next((c for c in be.children if c.dep_ == "attr"), None)


def _last_group(
    tok: Token, para: int, paragraphs: list[Paragraph], owners: list[dict[int, Mention]], found: list[list[Mention]]
) -> Mention | None:
    """The party of the last plural of members before ``tok``'s sentence (this paragraph or the one before): 'Four
    Labour MPs were suspended. They are A, B and C'."""
    lex = lexicon.load()
    members = lex.member_nouns | {w for w, r in lex.party_roles.items() if r == "memberOf"}
    for q in range(para, max(para - 2, -1), -1):
        p = paragraphs[q]
        stop = p.sent(tok.i).start if q == para else len(p.tokens)
        for t in reversed(p.tokens[:stop]):
            plural = t.tag_ in {"NNS", "NNPS"} or t.lower_.endswith("s")
            if plural and (t.lemma_.lower() in members or t.lower_ in members or t.lower_[:-1] in members):
                return _party_of(t, t.head, q, owners[q], found[q])
    return None


def _owners(ms: list[Mention]) -> dict[int, Mention]:
    """Token index -> the shortest mention over it."""
    out: dict[int, Mention] = {}
    for m in sorted(ms, key=lambda m: m.end - m.start, reverse=True):
        for i in range(m.start, m.end):
            out[i] = m
    return out


def _names(p: Paragraph, owner: dict[int, Mention], first: Token) -> list[Mention]:
    """The people named one after another from ``first`` in its sentence: commas, 'and', honorifics and a
    bracket after each ('A (Harare East), B (Luveve) and C') between them."""
    m = owner.get(first.i)
    if m is None or m.kind != "Person":
        return []
    lex, texts, lowers = lexicon.load(), p.texts, p.lowers
    end = p.sent(first.i).end
    out = [m]
    k = m.end
    while k < end:
        if texts[k] == "(":
            close = next((j for j in range(k, min(k + 8, end)) if texts[j] == ")"), None)
            if close is None:
                break
            k = close + 1
        elif lowers[k] in {",", "and"} or lowers[k].rstrip(".") in lex.honorifics:
            k += 1
        elif (x := owner.get(k)) is not None and x.kind == "Person" and x.start == k:
            out.append(x)
            k = x.end
        else:
            break
    return out


def _group_party(
    tok: Token, para: int, paragraphs: list[Paragraph], owners: list[dict[int, Mention]], found: list[list[Mention]]
) -> Mention | None:
    """The party of the group the last clause of ``tok``'s verb before it acted on, or None."""
    lemma = tok.lemma_.lower() if tok.tag_ == "VBN" else None
    for q in range(para, max(para - _BACK - 1, -1), -1):
        p = paragraphs[q]
        stop = p.sent(tok.i).start if q == para else len(p.tokens)
        for v in reversed(p.tokens[:stop]):
            if (v.lemma_.lower() != lemma and v.lower_ != tok.lower_) or v.pos_ != "VERB" or v.dep_ in {"amod", "acl"}:
                continue
            group = next((c for c in v.children if c.dep_ in {"dobj", "nsubjpass"}), None)
            # (past a clause that names no party of its group: 'lawmakers have been expelled en masse')
            party = _party_of(group, v, q, owners[q], found[q]) if group is not None else None
            if party is not None:
                return party
    return None


def _party_of(group: Token, verb: Token, para: int, owner: dict[int, Mention], found: list[Mention]) -> Mention | None:
    """'four Labour MPs', '21 lawmakers from the P', 'four of its MPs' (the verb's subject's)."""
    # "four of its MPs": the plural after the number
    if group.like_num or group.pos_ == "NUM":
        group = next((o for c in group.children if c.dep_ == "prep" and c.lower_ == "of" for o in c.children), group)
    # (not 'four former Labour MPs')
    if any(c.lower_ in lexicon.load().membership_ends for c in group.children):
        return None
    subj = next((c for c in verb.children if c.dep_ == "nsubj"), None)
    by = owner.get(subj.i) if subj is not None else None
    # "The P expelled two of its MPs": they are its members no more
    own = by if by is not None and by.kind == "PoliticalParty" else None
    if own is not None and verb.lemma_.lower() in lexicon.load().grammar["membership_ending_verbs"]:
        return None
    if any(c.dep_ == "poss" and c.lower_ in {"its", "their"} for c in group.children):
        return own
    for c in group.children:
        if c.dep_ in {"compound", "amod", "nmod"} and (p := _party_word(c, para, owner, found)) is not None:
            return p
    desc = owner.get(group.i)
    if desc is not None and desc.kind == "Description":
        return next((o for r, o in desc.roles if r == "memberOf" and o.kind == "PoliticalParty"), None)
    # "expelled 21 lawmakers from the P" (the parser may hang the phrase on the verb): not where a party acts, for
    # 'the P expelled two MPs from the party' ends their membership
    preps = [c for c in group.children if c.dep_ == "prep" and c.lower_ in {"from", "of"}]
    if own is None:
        preps += [c for c in verb.children if c.dep_ == "prep" and c.lower_ == "from"]
    for c in preps:
        p = next((p for t in c.subtree if (p := owner.get(t.i)) is not None and p.kind == "PoliticalParty"), None)
        if p is not None:
            return p
    # "The ANC suspended three MPs": a party acts on its own members
    return own


def _party_word(tok: Token, para: int, owner: dict[int, Mention], found: list[Mention]) -> Mention | None:
    """The party a word on the group names: a party's mention, or a party's adjective ('Democratic') made one."""
    p = owner.get(tok.i)
    if p is not None:
        return p if p.kind == "PoliticalParty" else None
    name = lexicon.load().party_adjectives.get(tok.text) if tok.text[:1].isupper() else None
    if not name:
        return None
    key = gazetteer_key(name)
    m = Mention(para, tok.i, tok.i + 1, "PoliticalParty", key or name, tok.i, key=key)
    found.append(m)
    owner[tok.i] = m
    return m
