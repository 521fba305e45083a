"""Dependency-parse helpers shared by the rules: who is the subject, the object, the by-agent.

Each helper names the construction it follows in a one-line comment. They take and
return spaCy tokens and know nothing of the ontology.
"""

from __future__ import annotations

from collections.abc import Iterator

from spacy.tokens import Token

from kg.ontology import lexicon

SUBJ = {"nsubj", "nsubjpass", "csubj"}
_CLAUSAL = {"xcomp", "ccomp", "advcl", "conj", "pcomp", "acl", "relcl"}


def children(tok: Token, *deps: str) -> list[Token]:
    return [c for c in tok.children if c.dep_ in deps]


def first(tokens: list[Token]) -> Token | None:
    """The first of ``tokens``, or None when there is none: ``first(children(verb, "dobj"))``."""
    return tokens[0] if tokens else None


def is_passive(verb: Token) -> bool:
    """Passive voice: an auxpass/nsubjpass child, or a bare past participle modifying a noun."""
    if any(c.dep_ in {"auxpass", "nsubjpass"} for c in verb.children):
        return True
    # causative "have/get X kicked out": X is the one kicked out
    if causative(verb):
        return True
    # "was named by the Speaker and suspended": a coordinated participle shares the voice
    if (
        verb.dep_ == "conj"
        and verb.tag_ == "VBN"
        and verb.head.pos_ == "VERB"
        and not direct_subject(verb)
        and is_passive(verb.head)
    ):
        return True
    # "was co-sponsored by X": a split prefix leaves the participle a complement of 'be'
    if _be_complement(verb) and any(c.dep_ == "agent" for c in verb.children):
        return True
    # "When asked to apologise, X refused", "Ejected from the chamber, X said": a bare participle clause
    if (
        verb.tag_ == "VBN"
        and verb.dep_ == "advcl"
        and not any(c.dep_ in {"aux", "nsubj", "nsubjpass", "dobj", "expl"} for c in verb.children)
    ):
        return True
    # "being kicked out": auxpass may hang on the xcomp itself
    return (
        verb.tag_ == "VBN"
        and verb.dep_ in {"acl", "xcomp"}
        and not any(c.dep_ == "aux" for c in verb.children)
        and verb.head.lemma_ not in {"have"}
    )


def _be_complement(verb: Token) -> bool:
    return verb.tag_ == "VBN" and verb.dep_ in {"acomp", "attr"} and verb.head.lemma_ == "be"


def causative(verb: Token) -> bool:
    """'have/get X + past participle' ('tried to have him kicked out')."""
    return (
        verb.tag_ in {"VBN", "VBD"}
        and verb.dep_ in {"ccomp", "xcomp"}
        and verb.head.lemma_ in lexicon.load().grammar["causative_verbs"]
        and any(c.dep_ in {"nsubj", "nsubjpass"} for c in verb.children)
    )


def in_time_phrase(tok: Token) -> bool:
    """Is the token inside a phrase of time on a verb ('denied the charge after his ejection')?"""
    words = lexicon.load().grammar["time_prepositions"]
    return any(
        a.dep_ == "pobj" and a.head.dep_ == "prep" and a.head.lower_ in words and a.head.head.pos_ in {"VERB", "AUX"}
        for a in (tok, *tok.ancestors)
    )


def record_holder(verb: Token) -> Token | None:
    """'X became the first senator to be expelled', 'the only MP to be suspended twice, X': an infinitive said of a
    noun with a word of record ('first', 'only', grammar.json record_words) says it happened to the one the noun is
    (the copula's subject, else the noun); None if not so."""
    if verb.dep_ not in {"relcl", "acl"} or not any(c.dep_ == "aux" and c.lower_ == "to" for c in verb.children):
        return None
    noun = verb.head
    words = lexicon.load().grammar["record_words"]
    if not any(c.dep_ == "amod" and (c.ent_type_ == "ORDINAL" or c.lower_ in words) for c in noun.children):
        return None
    if noun.dep_ in {"attr", "acomp"}:
        return direct_subject(noun.head)
    return noun


def direct_subject(verb: Token) -> Token | None:
    for c in verb.children:
        if c.dep_ in SUBJ:
            return c
    return None


def subject_of(verb: Token, _depth: int = 0) -> Token | None:
    """The subject of a verb, looking through coordination, control and relative clauses."""
    if _depth > 6:
        return None
    s = direct_subject(verb)
    if s is not None:
        # "X was among the MPs who voted against it", "X was one of the senators who objected": X
        return (_partitive_member(verb.head) if s.tag_ == "WP" and verb.dep_ == "relcl" else None) or s
    head = verb.head
    if head.i == verb.i:
        return None
    # coordinated verbs share a subject: "X brushed off and dismissed the motion"
    if verb.dep_ == "conj":
        return subject_of(head, _depth + 1)
    # object control: "asked X to leave" -> X; subject control: "X refused to apologise" -> X
    if verb.dep_ == "xcomp":
        # "X was quick to blame Y": the copula's subject, through its adjective (not 'grateful to Y for bringing')
        if head.dep_ == "acomp" and direct_subject(head) is None:
            return subject_of(head.head, _depth + 1)
        obj = children(head, "dobj")
        if obj and head.lemma_ in lexicon.load().grammar["object_control_verbs"]:
            return obj[0]
        return subject_of(head, _depth + 1)
    # relative clause: the noun it modifies ("the MP who called X ..."); "X was the only
    # member to oppose": the copula's subject
    if verb.dep_ == "relcl":
        if head.dep_ in {"attr", "acomp"}:
            return subject_of(head.head, _depth + 1)
        return head
    # "after accusing X": the subject of the clause the adverbial attaches to
    if verb.dep_ == "pcomp":
        # "X was forceful in blaming Y", "united in opposing it": the copula's, through its adjective
        if head.lower_ == "in" and head.head.dep_ == "acomp" and direct_subject(head.head) is None:
            return subject_of(head.head.head, _depth + 1)
        return subject_of(head.head, _depth + 1)
    if verb.dep_ == "advcl":
        return subject_of(head, _depth + 1)
    # "with 194 Republicans opposing it", "Republican members opposing": a present participle's noun does it
    if (
        verb.dep_ == "acl"
        and verb.tag_ == "VBG"
        and not any(c.dep_ == "aux" for c in verb.children)
        and head.pos_ in {"PROPN", "NOUN"}
    ):
        return head
    # "the decision to toss X" / "the only MP to oppose the motion"
    if verb.dep_ == "acl" and verb.tag_ != "VBN":
        noun = head
        if noun.dep_ == "dobj":
            return subject_of(noun.head, _depth + 1)
        if noun.dep_ == "nsubjpass":
            return by_agent(noun.head)
        if noun.dep_ in {"attr", "acomp"}:
            return subject_of(noun.head, _depth + 1)
        if noun.dep_ == "pobj":
            return subject_of(noun.head.head, _depth + 1)
        return noun if noun.pos_ in {"PROPN", "NOUN"} and noun.ent_type_ == "PERSON" else None
    return None


def _partitive_member(group: Token) -> Token | None:
    """The subject of 'be' that the group is partitive to: X in 'X was among the MPs', 'X was one of the MPs'."""
    if group.dep_ != "pobj":
        return None
    prep, up = group.head, group.head.head
    if prep.lower_ == "among" and up.lemma_ == "be":
        return direct_subject(up)
    if prep.lower_ == "of" and up.lower_ == "one" and up.dep_ == "attr":
        return direct_subject(up.head)
    return None


def by_agent(verb: Token) -> Token | None:
    """The by-phrase of a passive verb ("kicked out ... by the Speaker"), even when the
    parser hung it on a nearby noun ("after the incident by speaker X"), or on the first
    of two coordinated participles ("named by the Speaker and suspended")."""
    if (
        verb.dep_ == "conj"
        and verb.tag_ in {"VBN", "VBD"}
        and is_passive(verb.head)
        and not any(c.dep_ == "agent" or (c.dep_ == "prep" and c.lower_ == "by") for c in verb.children)
    ):
        agent = by_agent(verb.head)
        if agent is not None:
            return agent
    for c in verb.children:
        if c.dep_ == "agent" or (c.dep_ == "prep" and c.lower_ == "by"):
            pobj = children(c, "pobj")
            if pobj:
                return pobj[0]
    # only a by-phrase inside the trigger's own clause ("a statement by X was read out" is not): after the
    # verb and among its descendants, so within its subtree's span (not the whole sentence, for each verb)
    for t in verb.doc[verb.i + 1 : verb.right_edge.i + 1]:
        if t.lower_ != "by" or not children(t, "pobj") or not _within(t, verb):
            continue
        # the by-phrase must not belong to another verb
        if t.head.pos_ in {"VERB", "AUX"} and t.head.i != verb.i and not _within(t.head, verb):
            continue
        # ... nor to another passive verb inside the trigger's clause
        if any(
            a.pos_ == "VERB" and a.i != verb.i and a.i > verb.i and is_passive(a) and not causative(a)
            for a in t.ancestors
            if a.i < t.i and _within(a, verb)
        ):
            continue
        return children(t, "pobj")[0]
    return None


def _within(node: Token, root: Token) -> bool:
    return node.i == root.i or any(a.i == root.i for a in node.ancestors)


def object_of(verb: Token) -> Token | None:
    """Direct object; for a passive verb, its passive subject."""
    if is_passive(verb):
        s = children(verb, "nsubjpass") or (children(verb, "nsubj") if causative(verb) else [])
        if s:
            return s[0]
        if verb.dep_ == "conj" and is_passive(verb.head):
            return object_of(verb.head)
        # "after being ejected from the chamber, X told reporters": the subject of the clause the phrase is in
        if verb.dep_ == "pcomp" and verb.head.dep_ == "prep" and verb.head.head.pos_ in {"VERB", "AUX"}:
            return subject_of(verb.head.head)
        if _be_complement(verb):
            return direct_subject(verb.head)
        # "a motion ..., tabled by X": the participle's noun
        if verb.dep_ == "acl":
            return verb.head
        # "a motion to vacate filed by X": the participle hung on the noun's infinitive is the noun's
        if verb.dep_ == "advcl" and verb.tag_ == "VBN" and verb.head.dep_ == "acl" and verb.head.tag_ == "VB":
            return verb.head.head
        split = split_for_subject(verb)
        if split is not None:  # "called for X to be suspended"
            return split
        record = record_holder(verb)
        if record is not None:  # "X became the first senator to be expelled"
            return record
        # "being kicked out" under "ended up", "when asked to apologise, X ...": the subject of the governing verb
        if verb.dep_ in {"xcomp", "acl", "advcl"}:
            return subject_of(verb.head)
        return None
    obj = children(verb, "dobj")
    return obj[0] if obj else None


def for_to(tok: Token) -> bool:
    """'for X to apologise': an infinitive with a subject of its own, opened by 'for' (or with 'for X' hung on the verb
    before it, :func:`split_for_subject`); or 'calls to apologise' read as a relative clause: an infinitive with no
    subject on a noun."""
    kids = list(tok.children)
    if not any(c.dep_ == "aux" and c.lower_ == "to" for c in kids):
        return False
    if tok.dep_ == "relcl":
        return not any(c.dep_ in {"nsubj", "nsubjpass"} for c in kids)
    return any(c.dep_ == "mark" and c.lower_ == "for" for c in kids) or split_for_subject(tok) is not None


def split_for_subject(tok: Token) -> Token | None:
    """'called for X to be suspended' parsed with 'for X' on 'called' and the infinitive beside it: X, the
    infinitive's subject; None if not so."""
    if tok.dep_ not in {"advcl", "xcomp"} or any(c.dep_ in SUBJ for c in tok.children):
        return None
    if not any(c.dep_ in {"aux", "auxpass"} and c.lower_ == "to" for c in tok.children):
        return None
    return next(
        (
            o
            for p in tok.head.children
            if p.dep_ == "prep" and p.lower_ == "for" and p.i < tok.i
            for o in p.children
            if o.dep_ == "pobj" and o.i < tok.i
        ),
        None,
    )


def governors(tok: Token) -> Iterator[Token]:
    """Verbs that embed ``tok`` as a complement: 'tried to have him kicked out' -> have, tried."""
    cur = tok
    while (
        cur.dep_ in {"xcomp", "ccomp", "acl", "pcomp", "prep", "pobj", "dobj", "advcl", "conj", "relcl"}
        and cur.head.i != cur.i
    ):
        dep = cur.dep_
        # an adverbial clause ("after accusing X", "when he refused") keeps its own modality; a
        # for-to clause ("called for X to apologise", parsed as one) is the verb's complement
        if (
            (dep in {"advcl", "relcl"} and not for_to(cur))
            or (
                dep == "pcomp"
                and cur.head.dep_ == "prep"
                and cur.head.head.pos_ in {"VERB", "AUX"}
                and cur.head.lower_ not in {"of", "to"}
            )
            # ('was denied entry after his suspension': a phrase of time keeps its own modality, as a clause does)
            or (
                dep == "pobj"
                and cur.head.dep_ == "prep"
                and cur.head.head.pos_ in {"VERB", "AUX"}
                and cur.head.lower_ in lexicon.load().grammar["time_prepositions"]
            )
        ):
            break
        cur = cur.head
        if dep in {"conj"}:
            continue
        yield cur


def negated(tok: Token, kids: list[Token] | None = None) -> bool:
    """A 'not'/'never' on the verb or its auxiliary (``kids``: the verb's children, if the caller has them)."""
    kids = list(tok.children) if kids is None else kids
    return any(c.dep_ == "neg" for c in kids) or any(
        c.dep_ == "neg" for a in kids if a.dep_ == "aux" for c in a.children
    )


def aux_lemmas(tok: Token, kids: list[Token] | None = None) -> set[str]:
    """The auxiliaries of a verb, lower-cased (``kids``: its children, if the caller has them)."""
    return {c.lower_ for c in (tok.children if kids is None else kids) if c.dep_ in {"aux", "auxpass"}}


def coordinated(tok: Token) -> list[Token]:
    """The token and those coordinated with it: 'X and Y'."""
    # "Two Labour MPs, X and Y, opposed ...": the names in apposition to a plural stand for it
    named = [c for c in tok.children if c.dep_ == "appos" and c.pos_ == "PROPN"] if tok.tag_ in {"NNS", "NNPS"} else []
    out = [] if named else [tok]
    for c in tok.children:
        if (c.dep_ == "conj" and c.pos_ in {"PROPN", "NOUN", "PRON"}) or c in named:
            out.extend(coordinated(c))
    return out


def included(tok: Token) -> list[Token]:
    """The objects of the token's 'including' phrase: 'twelve MPs, including X and Y' -> [X]."""
    return [
        o for c in tok.children if c.dep_ == "prep" and c.lower_ == "including" for o in c.children if o.dep_ == "pobj"
    ]


def has(tok: Token, deps: set[str], words: frozenset[str], attr: str = "lemma_") -> Token | None:
    """The first child of ``tok`` on one of ``deps`` whose ``attr`` (lower-cased) is one of ``words``."""
    for c in tok.children:
        if c.dep_ in deps and getattr(c, attr).lower() in words:
            return c
    return None


def orderer(tok: Token, nouns: frozenset[str]) -> Token | None:
    """Whose orders the act was done on: 'removed on the Speaker's orders', 'on the orders of X', 'at the
    request of X' (``nouns``: grammar.json ``order_nouns``); None if none."""
    for prep in children(tok, "prep"):
        if prep.lower_ not in {"on", "at", "upon"}:
            continue
        for noun in children(prep, "pobj"):
            if noun.lower_ in nouns:
                of = [o for p in children(noun, "prep") if p.lower_ == "of" for o in children(p, "pobj")]
                found = children(noun, "poss") or of
                return found[0] if found else None
    return None
