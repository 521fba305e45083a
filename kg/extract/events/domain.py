"""The domain gate (``domain``): a trigger word means a parliamentary event only in the context of
a sitting. 'Ejected' is said of a player by an umpire, of passengers in a crash; 'suspended' of a
bill, a season, an airline's permit, officers from duty; 'expelled' of an ambassador. Which
context a rule needs is a ``domains`` entry of ``events.json``, decided by the words of the text
(never by names): the article uses one of its words, the trigger's sentence none of the words of
another domain, and the target is someone of the domain (a person, or members: 'a number of
legislators were removed'). The same key serves any family ('a court motion', 'a business
proposal' are other domains of a motion).
"""

from __future__ import annotations

import re
from functools import cache

from spacy.tokens import Span, Token

from kg.extract.context.state import events_file
from kg.extract.events.rules import Construction, Match, construction
from kg.nlp import syntax
from kg.nlp.parse import Paragraph
from kg.ontology import lexicon, schema

#: the mention kinds that stand for someone
_SOMEONE = {"Person", "Pronoun", "Description", "Relative"}


def domain(name: str) -> schema.Domain | None:
    """The ``domains`` entry of that name in the lexicon in use, or None."""
    return events_file().domains.get(name)


class Words:
    """A word list as the text is matched against it: lemmas and words (lower case), words with
    a capital as written, and phrases (a space or hyphen) anywhere in the text."""

    def __init__(self, words: frozenset[str]):
        self.lower = frozenset(w for w in words if w == w.lower() and not re.search(r"[\s-]", w))
        self.exact = frozenset(w for w in words if w != w.lower() and not re.search(r"[\s-]", w))
        phrases = sorted((w for w in words if re.search(r"[\s-]", w)), key=len, reverse=True)
        self.phrases = (
            re.compile(r"(?<!\w)(?:" + "|".join(re.escape(p) for p in phrases) + r")(?!\w)", re.IGNORECASE)
            if phrases
            else None
        )

    def text(self, text: str) -> bool:
        """Does a plain text (a name, a label) use one of the words or phrases?"""
        return any(w.lower() in self.lower or w in self.exact for w in re.findall(r"[\w'.]+", text)) or (
            self.phrases is not None and self.phrases.search(text) is not None
        )

    def token(self, tok: Token) -> bool:
        return tok.lemma_.lower() in self.lower or tok.lower_ in self.lower or tok.text in self.exact

    def span(self, span: Span) -> bool:
        return self.within(Paragraph(0, span.doc), span.start, span.end)

    def within(self, para: Paragraph, s: int, e: int) -> bool:
        """Does ``para.doc[s:e]`` (not empty) use one of the words? (:meth:`token` of each token and
        the phrases in its text, read from the paragraph's lists.)"""
        lower, exact, lemmas, lowers, texts = self.lower, self.exact, para.lemmas, para.lowers, para.texts
        if any(lemmas[i] in lower or lowers[i] in lower or texts[i] in exact for i in range(s, e)):
            return True
        return self.phrases is not None and self.phrases.search(para.span_text(s, e)) is not None


@cache
def _words(words: frozenset[str]) -> Words:
    return Words(words)


def members_named(tok: Token | None, dom: schema.Domain) -> bool:
    """Does the token name members of the domain ('three MPs', 'a number of legislators', 'the
    suspended members')?"""
    if tok is None or not dom.members:
        return False
    words = _words(dom.members)
    if words.token(tok):
        return True
    if tok.lemma_.lower() in lexicon.load().grammar["quantity_nouns"] or tok.like_num:
        return any(
            words.token(g)
            for c in tok.children
            if c.dep_ == "prep" and c.lower_ == "of"
            for g in c.children
            if g.dep_ == "pobj"
        )
    return False


def _objects(tok: Token, target: Token | None):
    """The trigger's object (or target) and the objects of its prepositions."""
    if target is not None:
        yield target
    for c in tok.children:
        if c.dep_ in {"dobj", "nsubjpass"}:
            yield c
        # not the agent ('removed by the Speaker')
        if c.dep_ in {"prep", "prt"} and c.lower_ != "by":
            for g in c.children:
                if g.dep_ == "pobj":
                    yield g
                    # "suspended without pay from his job": a 'from' phrase hung on the object before it
                    yield from (
                        o
                        for p in g.children
                        if p.dep_ == "prep" and p.lower_ == "from"
                        for o in p.children
                        if o.dep_ == "pobj"
                    )
                # 'out of office': a preposition under the particle
                if g.dep_ == "prep":
                    yield from (p for p in g.children if p.dep_ == "pobj")
        # "asked X to leave the party": what the complement leaves
        if c.dep_ == "xcomp" and c.i > tok.i:
            yield from _objects(c, None)


def _titled(para: Paragraph, tok: Token, words: Words) -> bool:
    """Is the one at ``tok`` named by one of the titles: the noun itself ('its speaker, X'), a title
    before the name ('President X') or one in apposition ('X, president of Y')?"""
    if tok.tag_ in {"WP", "WDT"} and tok.head.dep_ == "relcl":
        tok = tok.head.head  # "the first official who was removed": the noun the relative stands for
    if words.token(tok):
        return True
    before = [c for c in tok.children if c.dep_ in {"compound", "amod"} and c.i < tok.i]
    if before and words.within(para, min(c.left_edge.i for c in before), tok.i):
        return True
    return any(words.within(para, a.left_edge.i, a.i + 1) for a in tok.children if a.dep_ == "appos")


def _in_post(m: Match, para: Paragraph, titles: Words) -> bool:
    """Is the target named by one of the titles here, or does the article make each one targeted the holder of
    an office of one of them ('X's removal' of a speaker)?"""
    if m.target_tok is not None and _titled(para, m.target_tok, titles):
        return True
    people = [t.entity for t in m.targets if t.entity is not None]
    return bool(people) and all(
        any(role == "holdsOffice" and titles.text(office.name) for role, office in e.roles) for e in people
    )


def _placed(para: Paragraph, tok: Token, words: Words) -> bool:
    """Does the trigger name a place of the domain ('from the chamber', 'out of the council meeting')?"""
    return any(o.dep_ == "pobj" and words.within(para, o.left_edge.i, o.i + 1) for o in _objects(tok, None))


def _party(m: Match, tok: Token) -> bool:
    """Does the token name a party?"""
    mention = m.ctx.mention(m.para, tok)
    return mention is not None and mention.kind == "PoliticalParty"


def _agent_token(m: Match) -> Token | None:
    """The trigger's agent as parsed: its subject, or a passive's by-phrase."""
    return syntax.by_agent(m.tok) if syntax.is_passive(m.tok) else syntax.subject_of(m.tok)


def _agent_kind(m: Match) -> str | None:
    """The kind of the trigger's agent's entity (a 'Legislature', a 'PoliticalParty'), or None."""
    mention = m.ctx.mention(m.para, _agent_token(m))
    return mention.entity.kind if mention is not None and mention.entity is not None else None


def _other_agent(m: Match, dom: schema.Domain) -> bool:
    """Is the trigger's agent (its subject, or a passive's by-phrase) a party or a body of another domain?"""
    agent = _agent_token(m)
    return agent is not None and (_agent_kind(m) == "PoliticalParty" or _words(dom.against_agents).token(agent))


def _background(word: Token, tok: Token) -> bool:
    """Is the word inside a relative clause that does not hold the trigger?"""
    for up in (word, *word.ancestors):
        if up.dep_ == "relcl":
            return tok not in up.subtree
    return False


def in_domain(m: Match, dom: schema.Domain) -> bool:
    """Is the trigger of the match in the context of the domain?"""
    tok, para, cache = m.tok, m.ctx.paragraphs[m.para], m.ctx.cache
    # (each verdict on a sentence or a paragraph made once for the document's triggers)
    if dom.against:
        sent = para.sent(tok.i)
        key: tuple[object, ...] = ("against", id(dom), m.para, sent.start)
        if key not in cache:
            cache[key] = [i for i in range(sent.start, sent.end) if _words(dom.against).within(para, i, i + 1)]
        # (not a word in a relative clause of background the trigger is outside: 'X, who had led the fight to
        # root out suspected Communists')
        if any(not _background(para.doc[i], tok) for i in cache[key]):
            return False
    if dom.against_paragraph:
        key = ("against_paragraph", id(dom), m.para)
        if key not in cache:
            cache[key] = _words(dom.against_paragraph).within(para, 0, len(para.tokens))
        if cache[key]:
            return False
    # ("Parliament expelled 21 lawmakers from the Unity Party": a legislature expels from itself, the party is theirs)
    legislature = _agent_kind(m) == "Legislature"
    if dom.against_objects and any(
        _words(dom.against_objects).token(o) for o in _objects(tok, m.target_tok) if not (legislature and _party(m, o))
    ):
        return False
    # "removed as chair", "ousted as leader": a post, not a seat in the sitting
    # (a preposition with a noun: not 'replied as X continued', a clause of time however parsed)
    if dom.against_prepositions and any(
        c.dep_ == "prep" and c.lower_ in dom.against_prepositions and syntax.children(c, "pobj") for c in tok.children
    ):
        return False
    # "the party expelled X", "the league suspended X": discipline of another body
    if dom.against_agents and _other_agent(m, dom):
        return False
    # "removed its speaker, X", "ousted President X", "X's removal" of a president: a post, not a seat
    # (unless 'from the chamber')
    if (
        dom.against_titles
        and _in_post(m, para, _words(dom.against_titles))
        and not _placed(para, tok, _words(dom.places))
    ):
        return False
    # "expelled from the Unity Party": a party is no sitting
    if (
        dom.someone
        and not legislature
        and any(o is not m.target_tok and _party(m, o) for o in _objects(tok, None) if o.dep_ == "pobj")
    ):
        return False
    if not dom.words:  # the domain asks nothing of the article
        return True
    key = ("domain", id(dom))
    found = cache.get(key)
    if found is None:
        words = _words(dom.words)
        found = cache[key] = any(words.within(p, 0, len(p.tokens)) for p in m.ctx.paragraphs)
    return found


def someone(m: Match, dom: schema.Domain) -> bool:
    """Is the target someone of the domain: a person, or members of it?"""
    if any(t.entity is not None and t.entity.kind == "Person" for t in m.targets):
        return True
    tok = m.target_tok
    if tok is None:
        return False
    mention = m.ctx.mention(m.para, tok)
    if mention is not None and mention.kind in _SOMEONE and (mention.entity is None or mention.entity.kind == "Person"):
        return True
    return members_named(tok, dom)


@construction("domain")
class DomainGate(Construction):
    """The trigger counts only in the context of a domain (``events.json`` 'domains')."""

    def problem(self, rules) -> str | None:
        if domain(self.value) is None:
            return f"no domain {self.value!r} in events.json 'domains'"
        return None

    def refine(self, m: Match) -> bool:
        dom = domain(self.value)
        assert dom is not None
        if not in_domain(m, dom):
            return False
        if not dom.someone:
            return True
        # the one ejected is never the one who ejects
        ejected = {id(t.entity) for t in m.targets if t.entity is not None}
        m.agents = [a for a in m.agents if a.entity is None or id(a.entity) not in ejected]
        return someone(m, dom)
