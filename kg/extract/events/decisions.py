"""A decision taken by a vote with votes against it (issue 39): 'the Senate removed X from office by 61 votes
to 20', 'X was expelled in a 105-16 vote', 'the Chamber voted 76 to 1 to impeach X'. Those who voted against
opposed the motion the vote decided; when the text names no motion ('the motion', 'the resolution'), the
motion is the decision itself, named after it ('vote to remove X'), one per trigger."""

from __future__ import annotations

from spacy.tokens import Token

from kg.extract.events.rules import Construction, Match, construction
from kg.model import Entity, Mention
from kg.nlp import syntax


def _decision(tok: Token, words: frozenset[str]) -> Token:
    """The verb of the decision: the trigger, or its complement ('voted 76 to 1 to impeach X': impeach)."""
    # (however the parser hung it under the tally: '76 to 1 to impeach'; not a clause coordinated with the vote)
    level = [c for c in tok.children if c.dep_ not in {"conj", "cc"}]
    for _ in range(3):
        found = next((c for c in level if c.pos_ == "VERB" and c.lemma_.lower() in words and c.i > tok.i), None)
        if found is not None:
            return found
        level = [k for c in level for k in c.children if k.dep_ not in {"conj", "cc"}]
    return tok


def _label(verb: Token, m: Match) -> str:
    """'vote to remove X': the decision's verb and whom it is about (its object, or a passive's subject)."""
    who = syntax.first(syntax.children(verb, "dobj", "nsubjpass"))
    if who is None and verb.dep_ == "xcomp":
        who = syntax.first(syntax.children(verb.head, "nsubjpass"))
    mention = m.ctx.mention(m.para, who)
    name = mention.entity.name if mention is not None and mention.entity is not None else (who.text if who else "")
    return " ".join(w for w in ("vote to", verb.lemma_.lower(), name) if w)


@construction("decision_motion")
class DecisionMotion(Construction):
    """The motion a decision by vote decided, named after the decision when the text names none."""

    def refine(self, m: Match) -> bool:
        if m.targets:
            return True
        verb = _decision(m.tok, self.rule.words("xcomp"))
        # ('voted 224 to 198 to pass the bill': the bill)
        obj = m.ctx.mention(m.para, syntax.first(syntax.children(verb, "dobj"))) if verb is not m.tok else None
        if obj is not None and obj.entity is not None and obj.kind == "Motion":
            m.targets = [obj]
            return True
        m.targets = [vote_motion(m.ctx.document.id, m.para, verb.i, _label(verb, m))]
        return True


def vote_motion(doc_id: str, para: int, i: int, label: str) -> Mention:
    """A motion named after the decision a vote took ('vote to remove X'), at token ``i`` of paragraph ``para``."""
    key = f"{doc_id}/vote-{para}-{i}"
    entity = Entity(kind="Motion", name=label, key=key)
    return Mention(para, i, i + 1, "Motion", label, i, key=key, desc={"named": False, "noun": "vote"}, entity=entity)
