"""Construction keys about who the agent is when it is not the trigger's subject (``agent_from``: the
subject of a governing verb, 'X was seeking consent to pass a motion'), and a sanction's condition as a
demand (``unless_clause``: 'X would be named unless she withdrew')."""

from __future__ import annotations

from typing import ClassVar

from spacy.tokens import Token

from kg.extract.events.rules import Arguments, Construction, construction
from kg.nlp import syntax


def _governor(args: Arguments, rule) -> bool:
    # "X was seeking consent to pass a motion" / "the motion X was trying to get approved":
    # X, the one seeking passage, proposed it; the motion is the object or the clause's head
    tok, words = args.tok, rule.words("requires_governor")
    gov = next((g for g in syntax.governors(tok) if g.lemma_.lower() in words), None)
    if gov is None:
        cur = tok
        while cur.dep_ in {"xcomp", "ccomp", "conj"} and cur.head.i != cur.i:
            cur = cur.head
        gov = cur if cur.lemma_.lower() in words else None
    if gov is None:
        return False
    args.agent = syntax.subject_of(gov)
    args.target = syntax.first(syntax.children(tok, "dobj") or syntax.children(tok, "nsubjpass"))
    if (
        args.target is None
        and tok.tag_ in {"VBN", "VBD"}
        and tok.dep_ in {"xcomp", "oprd", "ccomp"}
        and tok.head.i == gov.i
    ):
        # "ordered X removed", "get the motion approved": the governor's object undergoes it (or the
        # participle's 'subject', when the parser read 'X removed' as a clause of its own)
        args.target = syntax.first(syntax.children(gov, "dobj") or syntax.children(tok, "nsubj"))
    if args.target is None and gov.dep_ == "relcl":
        args.target = gov.head
    return True


def _noun_of(args: Arguments, rule) -> bool:
    # "the negative vote of X and Y": X (and those coordinated with it, arguments.arg_mentions)
    of = next((p for p in syntax.children(args.tok, "prep") if p.lower_ == "of"), None)
    args.agent = syntax.first(syntax.children(of, "pobj")) if of is not None else None
    return args.agent is not None


@construction("agent_from")
class AgentFrom(Construction):
    """Where the agent is, instead of the trigger's subject."""

    choices: ClassVar[dict] = {"governor": _governor, "noun_of": _noun_of}

    def problem(self, rules) -> str | None:
        if self.value == "noun_of":
            return (
                None
                if self.rule.pos == "NOUN"
                else "noun_of reads a noun trigger's 'of' object: the rule needs pos NOUN"
            )
        if self.rule.requires_governor is None:
            return "'governor' is the subject of a requires_governor verb: the rule needs 'requires_governor'"
        if self.rule.target_from is not None or self.rule.prep is not None:
            return "agent_from reads the target too: drop target_from and prep"
        return None

    def read(self, args: Arguments) -> bool:
        return self.choices[self.value](args, self.rule)


@construction("unless_clause")
class UnlessClause(Construction):
    """'X would be named unless she withdrew', 'The Speaker threatened to suspend X unless she apologised': a
    condition of a sanction demands it; the one who threatens the sanction (its doer, else the one who says it)
    demands it of the condition's subject."""

    def fits(self, tok: Token) -> bool:
        if tok.dep_ != "advcl" or not any(c.dep_ == "mark" and c.lower_ == "unless" for c in tok.children):
            return False
        head = tok.head  # the sanction, or 'threatened' / 'warned' with the sanction its complement
        return not syntax.negated(head) and (
            head.lemma_.lower() in self.value
            or any(c.dep_ in {"xcomp", "ccomp"} and c.lemma_.lower() in self.value for c in head.children)
        )

    def polarity(self, negated: bool, future: bool, cls: str) -> tuple[str, str] | None:
        return None if negated else ("Asserted", cls)

    def read(self, args: Arguments) -> bool:
        head = args.tok.head
        args.target = syntax.direct_subject(args.tok)
        patient = syntax.object_of(head) or next(
            (syntax.object_of(c) for c in head.children if c.dep_ == "xcomp"), None
        )
        if (args.target is None or args.target.pos_ == "PRON") and patient is not None:
            args.target = patient  # 'would suspend X unless she apologised': X, named
        agent = syntax.by_agent(head) if syntax.is_passive(head) else syntax.subject_of(head)
        # 'would be named, the Speaker said', 'threatened to have X removed': the one who says or threatens it
        while agent is None and head.dep_ in {"xcomp", "ccomp", "conj"} and head.head.i != head.i:
            head = head.head
            agent = syntax.subject_of(head)
        args.agent = agent
        return args.target is not None
