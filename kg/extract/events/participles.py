"""Past participles the parser reads as something else (``headline_passive``): 'Labour MP X ejected from
Commons' is a passive without its auxiliary; 'the suspended members include A and B' and 'among those expelled
are A' say who a group is; and who acted on such a group (``group_agent``).
"""

from __future__ import annotations

from spacy.tokens import Token

from kg.extract.events.rules import Arguments, Construction, Match, construction
from kg.nlp import syntax
from kg.ontology import lexicon


def listed(tok: Token) -> Token | None:
    """The first name a list gives for the group a participle is said of: 'the suspended members include A',
    'the members expelled were A', 'among those expelled are A'; None if no list follows."""
    grammar = lexicon.load().grammar
    noun = tok.head
    verb = noun.head
    if noun.dep_ == "nsubj" and verb.lemma_.lower() in grammar["listing_verbs"]:
        return syntax.first(syntax.children(verb, "dobj", "attr"))
    # "Among those expelled are A, B and C": the group is the partitive's, the names the verb's subject
    if (
        noun.dep_ == "pobj"
        and verb.dep_ == "prep"
        and verb.lower_ in grammar["partitive_prepositions"]
        and verb.head.lemma_.lower() in grammar["listing_verbs"]
    ):
        return syntax.first(syntax.children(verb.head, "nsubj", "attr", "dobj"))
    # "A was one of five MPs suspended": the subject of 'be' whose complement is one of the group
    one = verb.head if noun.dep_ == "pobj" and verb.dep_ == "prep" and verb.lower_ == "of" else None
    if one is not None and one.like_num and one.dep_ == "attr" and one.head.lemma_.lower() in grammar["listing_verbs"]:
        return syntax.direct_subject(one.head)
    return None


@construction("headline_passive")
class HeadlinePassive(Construction):
    """'Labour MP X ejected from Commons': a past participle with a subject and no object is a
    passive without its auxiliary (the parser reads it as active): the subject is the target;
    'the suspended members include A and B': a participle said of a noun is said of the names listed, else of the
    noun."""

    def read(self, args: Arguments) -> bool:
        tok = args.tok
        if tok.tag_ == "VBN" and tok.dep_ in {"amod", "acl"}:
            # "the suspended members include A, B and C", "among those expelled are A", "the ejected MP"
            named = listed(tok)
            if named is not None or tok.dep_ == "amod":
                args.agent, args.target, args.passive = None, named if named is not None else tok.head, True
                return True
        if args.passive or args.target is not None or tok.tag_ not in {"VBD", "VBN"}:
            return True
        subj = syntax.direct_subject(tok)
        if subj is not None and subj.dep_ == "nsubj" and not syntax.children(tok, "dobj", "ccomp", "xcomp", "aux"):
            args.agent, args.target, args.passive = syntax.by_agent(tok), subj, True
        return True


@construction("group_agent")
class GroupAgent(Construction):
    """'Parliament expelled 21 lawmakers ... Among those expelled are A and B': a participle said of a group
    names members of the group an earlier event by the same verb acted on; that event's agent acted on them."""

    def refine(self, m: Match) -> bool:
        tok = m.tok
        if m.agents or tok.tag_ != "VBN" or tok.dep_ not in {"amod", "acl"} or listed(tok) is None:
            return True
        lemma = tok.lemma_.lower()
        for e in reversed(m.earlier):
            if (
                e.cls == m.cls
                and e.asserted
                and e.agents
                and m.ctx.paragraphs[e.para].lemmas[e.trigger_index] == lemma
                and not any(t.entity is not None and t.entity.kind == "Person" for t in e.targets)
            ):
                m.agents = list(e.agents)
                break
        return True
