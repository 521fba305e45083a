"""Mentions of states' governments as actors: 'the Kenyan government', 'the government of Iran',
'Serbia's government', a state's name where it acts or is acted on ('Iran rejected the claim',
'accused Iran of ...', 'demanded an apology from Iran'), and 'the government' ('her government'),
which the resolve stage gives to the government the article last named, or else to its state's.

A state is one of ``countries.json``'s "states" (names, other names, demonyms); each is one
organisation, named 'Government of <state>' (:meth:`kg.ontology.lexicon.Lexicon.government`).
A state's name alone counts only where a clause makes it an actor or a target (its subject or
object, or after 'against' or 'by', or 'from' after what is asked of it), never as a place ('talks in Iran'), a modifier
('Iran's foreign minister', 'the Iran deal') or part of a longer name ('New Mexico'); and only
when the tagger calls it a place, so that 'Chad Wolf' and 'Jordan' the surname stay people.
"""

from __future__ import annotations

from kg.extract.people.finder import Finder, per_lexicon
from kg.model import Mention
from kg.ontology.states import STATE_KEY, state_demonyms, state_names

#: what a state's name alone is in a clause when it acts or is acted on
ACTOR_DEPS = frozenset({"nsubj", "nsubjpass", "dobj", "dative"})
#: what 'government' may be when it is the head of a mention (not 'government officials')
GOVERNMENT_TAGS = frozenset({"NN", "NNP"})


@per_lexicon
def _ambiguous(lex) -> frozenset[str]:
    """State names that are also another country's word in ``countries.json`` ('Georgia', a US state):
    alone, they name no government."""
    names = state_names(lex)
    return frozenset(w for c, ws in lex.countries.items() for w in ws if w in names and names[w] != c)


@per_lexicon
def _first_words(lex) -> dict[str, int]:
    """The first word of every state name and demonym -> the most words a name starting with it has."""
    out: dict[str, int] = {}
    for name in (*state_names(lex), *state_demonyms(lex)):
        words = name.split()
        out[words[0]] = max(out.get(words[0], 0), len(words))
    return out


def _state_at(f: Finder, s: int, table: dict[str, str], forward: bool = True) -> tuple[int, int, str] | None:
    """The longest state name (``table``: name -> code) that starts at token ``s`` (``forward``) or ends at token
    ``s`` (not ``forward``), as (start, end, code); None if none does."""
    texts, first = f.texts, _first_words(f.lex)
    n = len(texts)
    for length in range(4, 0, -1):
        a, b = (s, s + length) if forward else (s - length + 1, s + 1)
        if a < 0 or b > n or texts[a] not in first:
            continue
        code = table.get(f.span_text(a, b))
        if code is not None:
            return a, b, code
    return None


def governments(f: Finder) -> None:
    """'the Kenyan government', 'the government of Kenya', "Kenya's government" (organisations), and
    'the government', 'her government' (descriptions the resolve stage gives a government)."""
    lex, toks, lowers = f.lex, f.tokens, f.lowers
    names, demonyms = state_names(lex), state_demonyms(lex)
    both = {**names, **demonyms}
    n = len(toks)
    for i, tok in enumerate(toks):
        if lowers[i] != "government" or tok.tag_ not in GOVERNMENT_TAGS or tok.dep_ == "compound" or i in f.owner:
            continue
        found = None
        # 'the government of (the) Kenya'
        if i + 2 < n and lowers[i + 1] == "of":
            j = i + 3 if lowers[i + 2] == "the" and i + 3 < n else i + 2
            hit = _state_at(f, j, names)
            if hit is not None and f.free(i + 1, hit[1]):
                found = (i, hit[1], hit[2])
        # 'the Kenyan government', 'the Hong Kong government', "Kenya's government"
        if found is None and i > 0:
            before = i - 2 if i > 1 and lowers[i - 1] in {"'s", "’s"} else i - 1
            hit = _state_at(f, before, both if before == i - 1 else names, forward=False)
            if hit is not None and f.free(hit[0], i):
                found = (hit[0], i + 1, hit[2])
        if found is not None:
            s, e, code = found
            st = s - 1 if s > 0 and lowers[s - 1] == "the" else s  # the mention holds 'the'; its name does not
            f.add(Mention(f.para, st, e, "Organization", f.span_text(s, e), i, key=STATE_KEY + code))
        elif i + 1 < n and f.capitalised(i + 1):
            continue  # 'the government of Erewhon', a state the lexicon lacks; 'the government ABC'
        elif (
            i > 0
            and (lowers[i - 1] == "the" or lowers[i - 1] in lex.grammar["government_possessives"])
            and f.free(i - 1, i + 1)
        ):
            f.add(Mention(f.para, i - 1, i + 1, "Description", f.span_text(i - 1, i + 1), i, desc={"government": True}))
        elif (
            i > 1
            and lowers[i - 1] in lex.grammar["government_levels"]
            and lowers[i - 2] == "the"
            and f.free(i - 2, i + 1)
        ):
            f.add(Mention(f.para, i - 2, i + 1, "Description", f.span_text(i - 2, i + 1), i, desc={"government": True}))


def states(f: Finder) -> None:
    """A state's name alone as an actor or a target ('Iran rejected ...', 'accused Iran of ...', 'an
    apology from Iran'): its government (after every other mention, so that offices and names keep
    theirs: 'President of Iran', 'Iran Air')."""
    toks, names, grammar = f.tokens, state_names(f.lex), f.lex.grammar
    for ent in f.doc.ents:
        if ent.label_ != "GPE":
            continue
        s, e = ent.start, ent.end
        if f.texts[s].lower() == "the":
            s += 1
        if s >= e or not f.free(s, e) or (s > 0 and f.capitalised(s - 1) and toks[s - 1].pos_ == "PROPN"):
            continue
        text = f.span_text(s, e)
        code = names.get(text)
        if code is None or text in _ambiguous(f.lex):
            continue
        root = toks[f.span_head(s, e)]
        dep = root.dep_
        while dep == "conj" and root.head.i != root.i:  # 'accused Iran and Syria of ...'
            root = root.head
            dep = root.dep_
        if dep in ACTOR_DEPS or (
            dep == "pobj"
            and (
                root.head.lower_ in grammar["state_actor_prepositions"]
                or (root.head.lower_ == "from" and root.head.head.lower_ in grammar["asked_from_nouns"])
            )
        ):
            st = s - 1 if s > 0 and f.lowers[s - 1] == "the" else s
            f.add(Mention(f.para, st, e, "Organization", f.span_text(s, e), f.span_head(s, e), key=STATE_KEY + code))
