"""Does the text assert a trigger, and if not why: negated, attempted, threatened, requested,
reported, hypothetical (the words in ``modality.json``); and the construction keys that change
the verdict (``negated_future_class``, ``only_negated_future``, ``requires_governor``).
"""

from __future__ import annotations

from spacy.tokens import Token

from kg.extract.context.state import Context, events_file
from kg.extract.events.rules import Arguments, CompiledRule, Construction, Match, construction
from kg.nlp import syntax
from kg.ontology import lexicon


def unasserting_modals(cls: str) -> frozenset[str]:
    """The modals that leave a trigger of ``cls`` unasserted: the Hypothetical ones, and the class's own
    ('can' for an ejection: what the Speaker can do is no ejection)."""
    return lexicon.load().modality["Hypothetical"] | lexicon.load().behaviour(cls).unasserted_modals


def habitual(verb: Token, kids: list[Token]) -> bool:
    """'When an MP is named, ...': a present-tense clause opened by a habitual mark says what happens each time."""
    marks = lexicon.load().modality["habitual_marks"]
    return (
        verb.dep_ == "advcl"
        and any(c.dep_ in {"advmod", "mark"} and c.lower_ in marks for c in kids)
        and (
            verb.tag_ in {"VBZ", "VBP"} or any(c.dep_ in {"aux", "auxpass"} and c.tag_ in {"VBZ", "VBP"} for c in kids)
        )
    )


def inverted(verb: Token, kids: list[Token]) -> bool:
    """'Had he refused', 'Were she named', 'Should the House vote': a condition opened by its auxiliary."""
    return verb.dep_ == "advcl" and any(
        c.dep_ in {"aux", "auxpass"} and c.i == verb.left_edge.i and c.lower_ in {"had", "were", "should"} for c in kids
    )


def conditioned(verb: Token, kids: list[Token]) -> bool:
    """Is the verb's clause a condition ('if he is named', 'had he refused'), or what follows one ('If the vote
    succeeds, the MP is suspended'; 'When a member is named, a vote is held')?"""
    marks = lexicon.load().modality["conditional_marks"]
    if any(c.dep_ == "mark" and c.lower_ in marks for c in kids) or habitual(verb, kids) or inverted(verb, kids):
        return True
    return any(
        c.dep_ == "advcl"
        and (
            any(k.dep_ == "mark" and k.lower_ in marks for k in c.children)
            or habitual(c, list(c.children))
            or inverted(c, list(c.children))
        )
        for c in kids
    )


def counterfactual(tok: Token) -> bool:
    """'instead of expelling X', 'rather than suspending X', 'without naming X': a gerund that did not happen; 'without
    the negative vote of X': nor a noun."""
    if tok.dep_ not in {"pcomp", "pobj"} or tok.head.dep_ != "prep":
        return False
    prep, words = tok.head, lexicon.load().modality["counterfactual_preps"]
    before = tok.doc[prep.i - 1].lower_ + " " if prep.i > 0 else ""
    return prep.lower_ in words or before + prep.lower_ in words


def modality(ctx: Context, rule: CompiledRule, tok: Token, para: int) -> tuple[str, str]:
    """(modality, class) for a trigger (in paragraph ``para``): "Asserted", or why not ("" for no event at all)."""
    mod = ctx.lex.modality
    cls = rule.rule.cls
    hypothetical = unasserting_modals(cls)
    kids = list(tok.children)  # (read once: spaCy looks for a token's children again on each read)
    auxes = syntax.aux_lemmas(tok, kids)
    # "no such motion had been put": a negative determiner on an argument negates the event
    if any(
        d.dep_ == "det" and d.lower_ in mod["negations"]
        for c in kids
        if c.dep_ in {"nsubj", "nsubjpass", "dobj"}
        for d in c.children
    ):
        return "Negated", cls
    # "refused to support X's motion": a motion someone's possessive names was proposed, whatever is done with it
    if (
        tok.pos_ == "NOUN"
        and rule.rule.get("target_from") == "self"
        and any(c.dep_ == "poss" for c in kids)
        and not any(c.dep_ == "det" and c.lower_ in mod["negations"] for c in kids)
    ):
        return "Asserted", cls
    # "there were no allegations against X": a noun trigger with a negative determiner
    if tok.pos_ == "NOUN" and any(c.dep_ == "det" and c.lower_ in mod["negations"] for c in kids):
        return "Negated", cls
    negated, future = syntax.negated(tok, kids), bool(auxes & mod["future_modals"])
    if (
        negated
        and auxes & mod["refusal_modals"]
        and (rule.has("negated_future_class") or rule.has("only_negated_future"))
    ):
        future = True  # 'I cannot apologise for telling the truth': a refusal, as 'will not apologise' is
    for polarity in rule.hooks["polarity"]:
        verdict = polarity(negated, future, cls)
        if verdict is not None:
            return verdict
    # "was nearly ejected": it did not happen; "had nothing to apologise for": nothing to do it for
    if (
        negated
        or any(c.dep_ == "advmod" and c.lower_ in mod["near_misses"] for c in kids)
        or (tok.dep_ in {"relcl", "acl"} and tok.head.lower_ in mod["negations"])
    ):
        return "Negated", cls
    if auxes & hypothetical or auxes & {"will", "shall", "'ll"}:
        return "Hypothetical", cls
    if conditioned(tok, kids):
        return "Hypothetical", cls
    # "voted against suspending X", "argued against impeaching X": the act was opposed, not done; "instead of
    # expelling X", "without naming X": it did not happen
    if (tok.dep_ == "pcomp" and tok.head.lower_ == "against") or counterfactual(tok):
        return "Negated", cls
    # "directed X to retract it", "renewed her call for X to apologise", read as a purpose clause: what one asks
    # someone to do
    if (
        tok.dep_ == "advcl"
        and any(c.dep_ == "aux" and c.lower_ == "to" for c in kids)
        and (
            (tok.head.lemma_.lower() in mod["Requested"] and syntax.children(tok.head, "dobj"))
            or any(o.lemma_.lower() in mod["request_nouns"] for o in syntax.children(tok.head, "dobj", "attr"))
        )
    ):
        return "Requested", cls
    # "Standing Order 42 can be invoked to bar a member": the purpose of what may be done is not done
    if (
        tok.dep_ == "advcl"
        and any(c.dep_ == "aux" and c.lower_ == "to" for c in kids)
        and syntax.aux_lemmas(tok.head) & hypothetical
    ):
        return "Hypothetical", cls
    # "the MP named is suspended if ...": a participle said of a noun is in the clause of the noun's verb
    if tok.dep_ == "acl" and tok.tag_ == "VBN" and tok.head.dep_ in {"nsubj", "nsubjpass", "dobj"}:
        verb = tok.head.head
        if syntax.aux_lemmas(verb) & hypothetical or conditioned(verb, list(verb.children)):
            return "Hypothetical", cls
    # "refused to withdraw calling X a wacko", "apologised for calling X a liar": the
    # gerund names a remark that was made; only its withdrawal is in question
    if tok.tag_ == "VBG" and ctx.lex.behaviour(cls).remark_gerund_asserted:
        gov = next(syntax.governors(tok), None)
        if gov is not None and gov.lemma_.lower() in ctx.lex.remark_governors:
            return "Asserted", cls
    if any(licensed(tok) for licensed in rule.hooks["licensed"]):
        return "Asserted", cls
    # "Rumours circulated that ...", "One account suggested that ...": the whole sentence is hearsay
    root = ctx.paragraphs[para].sent(tok.i).root
    # ('Allegations against X dominated the session': a noun trigger is not hearsay of itself)
    if (
        root.i != tok.i
        and not syntax.in_time_phrase(tok)
        and (
            root.lemma_.lower() in mod["Reported"]
            or any(
                c.dep_ in {"nsubj", "nsubjpass"} and c.lemma_.lower() in mod["reported_nouns"] and c.i != tok.i
                for c in root.children
            )
        )
    ):
        return "Reported", cls
    licensed = False
    # "the motion tabled by X": a participle with its doer was done, whatever is said of the noun
    done_by = (
        tok.dep_ == "acl"
        and tok.tag_ == "VBN"
        and any(c.dep_ == "agent" for c in kids)
        and not any(c.dep_ in {"aux", "auxpass"} for c in kids)
    )
    for g in syntax.governors(tok):
        if done_by and g.i != tok.head.i:
            break
        lem, g_kids = g.lemma_.lower(), list(g.children)
        if (
            tok.tag_ == "VBG"
            and lem in mod.get("perception_verbs", ())
            and not syntax.negated(g, g_kids)
            and not conditioned(g, g_kids)
        ):
            # "could be heard objecting", "was seen shouting": what was perceived happened; its 'could' is no hypothesis
            if not syntax.aux_lemmas(g, g_kids) & ((hypothetical | mod["future_modals"]) - {"could"}):
                continue
            return "Hypothetical", cls
        if not licensed and any(licenses(g) for licenses in rule.hooks["licenses"]):
            # "the Speaker ordered the removal of X" asserts it; "could order", "did not order",
            # "threatened to order" do not: the licensing verb has a modality of its own
            if syntax.negated(g, g_kids):
                return "Negated", cls
            if syntax.aux_lemmas(g, g_kids) & hypothetical:
                return "Hypothetical", cls
            licensed = True
            continue
        if lem in ctx.lex.grammar["refusal_governors"]:
            return "Negated", cls
        # "a motion moved by X to suspend Y": a participle said of a motion is no attempt of its own
        if lem in mod["Attempted"] and not (
            g.dep_ == "acl" and g.tag_ == "VBN" and g.head.lemma_.lower() in ctx.lex.motion_nouns
        ):
            return "Attempted", cls
        if lem in mod["Threatened"]:
            return "Threatened", cls
        # "X ought to apologise": the modal parsed as the verb, the act as its complement
        if lem in mod["hypothetical_verbs"] or (g.tag_ == "MD" and lem in mod["Hypothetical"]):
            return "Hypothetical", cls
        if lem in mod["Reported"] or lem in mod["reported_nouns"]:
            return "Reported", cls
        if any(c.dep_ in {"nsubj", "nsubjpass"} and c.lemma_.lower() in mod["reported_nouns"] for c in g_kids):
            return "Reported", cls
        if lem in mod["Requested"] and g.pos_ == "VERB":
            return "Requested", cls
        # "rejected calls to apologise", "demands for him to withdraw": asked for, not done
        if g.pos_ == "NOUN" and lem in mod["request_nouns"]:
            return "Requested", cls
        # "had no intention of apologising", "no plan to expel him": a noun with a negative determiner (not
        # 'a motion of no confidence tabled by X': a noun of another noun, and a participle said of it)
        if (
            g.pos_ == "NOUN"
            and any(c.dep_ == "det" and c.lower_ in mod["negations"] for c in g_kids)
            and not (g.dep_ == "pobj" and g.head.lower_ == "of")
            and not (tok.dep_ == "acl" and tok.tag_ == "VBN")
        ):
            return "Negated", cls
        if syntax.negated(g, g_kids) and g.pos_ in {"VERB", "AUX"}:
            return "Negated", cls
        if syntax.aux_lemmas(g, g_kids) & hypothetical or conditioned(g, g_kids):
            return "Hypothetical", cls
        # "has the power to suspend them": what may be done
        if g.pos_ == "NOUN" and lem in mod["ability_nouns"]:
            return "Hypothetical", cls
        # ('the motion, tabled by X, was defeated': a past participle said of the noun was done)
        done = tok.dep_ == "acl" and tok.tag_ == "VBN" and g.i in {tok.head.i, ctx.motion_around(para, tok.head).i}
        # ("passed X's (WA-04) resolution censuring Y": a motion hung beside its mover stands where the mover does)
        role = (
            g.head if g.dep_ == "appos" and g.head.dep_ in {"dobj", "nsubjpass"} and lem in ctx.lex.motion_nouns else g
        )
        if g.pos_ in {"NOUN", "PROPN"} and role.dep_ in {"nsubj", "nsubjpass", "dobj"} and not done:
            # "the vote to remove him failed": it did not happen; "the House adopted a motion to
            # suspend X": the House did it
            verb = role.head
            if role.dep_ != "dobj" and verb.lemma_.lower() in mod.get("failed", ()):
                return "Negated", cls
            if (
                verb.lemma_.lower() in mod.get("adopted", ())
                and not syntax.negated(verb)
                and not (syntax.aux_lemmas(verb) & mod["Hypothetical"])
                and lem in ctx.lex.motion_nouns
            ):
                return "Asserted", cls
        if g.lemma_.lower() in ctx.lex.motion_nouns and not done:
            return "Hypothetical", cls
    if licensed:
        return "Asserted", cls
    if rule.hooks["licenses"]:
        return "", cls  # a rule that needs a licensing governor found none
    return "Asserted", cls


def adopter(tok: Token) -> Token | None:
    """Who adopted the motion the trigger is in ('The House adopted a motion to suspend X', 'passed a resolution
    suspending X', 'a motion, moved by Y, to expel X was carried by the Senate'): the adopting verb's subject, or
    its by-phrase; None if the trigger is in no adopted motion."""
    lex = lexicon.load()
    cur = tok
    for _ in range(4):
        if cur.dep_ not in {"acl", "advcl", "xcomp", "relcl"} or cur.head.i == cur.i:
            return None
        cur = cur.head
        if cur.lemma_.lower() in lex.motion_nouns:
            # ("passed X's (WA-04) resolution censuring Y": the parser hangs the motion beside its mover, the object)
            cur = cur.head if cur.dep_ == "appos" and cur.head.dep_ in {"dobj", "nsubjpass"} else cur
            verb = cur.head
            if (
                cur.dep_ not in {"dobj", "nsubjpass"}
                or verb.lemma_.lower() not in lex.modality["adopted"]
                or syntax.negated(verb)
                or syntax.aux_lemmas(verb) & lex.modality["Hypothetical"]
            ):
                return None
            return syntax.by_agent(verb) if cur.dep_ == "nsubjpass" else syntax.subject_of(verb)
    return None


def voted_from(args: Arguments) -> Token | None:
    """'X was expelled from the House by a vote of 311-114': a vote that names no one is the vote of the house the
    trigger removes from (a legislature); None if not so."""
    by = syntax.by_agent(args.tok) if args.passive else None
    if (
        by is None
        or by.lemma_.lower() not in events_file().agent_nouns
        or args.ctx.mention(args.para, args.agent) is not None
    ):
        return None
    houses = [o for p in syntax.children(args.tok, "prep") if p.lower_ == "from" for o in syntax.children(p, "pobj")]
    return next(
        (
            h
            for h in houses
            if (m := args.ctx.mention(args.para, h)) is not None
            and m.entity is not None
            and m.entity.kind == "Legislature"
        ),
        None,
    )


@construction("adopted_agent")
class AdoptedAgent(Construction):
    """'The Lok Sabha adopted a motion moved by X to suspend Y': the body that adopted the motion did it; 'X was
    expelled from the House by a vote of 311-114': the house voted."""

    def read(self, args: Arguments) -> bool:
        body = adopter(args.tok) or voted_from(args)
        if body is not None:
            args.agent = body
        return True


@construction("negated_future_class")
class NegatedFutureClass(Construction):
    """'will not apologise': a negated future of the trigger is an asserted event of another class."""

    def problem(self, rules) -> str | None:
        if self.value == self.rule.cls:
            return f"{self.value!r} is the rule's own class"
        if self.rule.only_negated_future:
            return "only_negated_future already makes a negated future an event of the rule's class"
        return None

    def polarity(self, negated: bool, future: bool, cls: str) -> tuple[str, str] | None:
        return ("Asserted", self.value) if negated and future else None


@construction("only_negated_future")
class OnlyNegatedFuture(Construction):
    """'would not retract it': only a negated future of the trigger counts, and as asserted."""

    def polarity(self, negated: bool, future: bool, cls: str) -> tuple[str, str] | None:
        if not negated:
            return ("", cls)
        return ("Asserted", cls) if future else None


@construction("only_negated")
class OnlyNegated(Construction):
    """'was not allowed to take part in the sitting': only a negated trigger counts, and as asserted."""

    def problem(self, rules) -> str | None:
        if self.rule.only_negated_future or self.rule.negated_future_class:
            return "only_negated already decides a negated trigger: drop only_negated_future / negated_future_class"
        return None

    def polarity(self, negated: bool, future: bool, cls: str) -> tuple[str, str] | None:
        if not negated:
            return ("", cls)
        return None if future else ("Asserted", cls)


@construction("requires_governor")
class RequiresGovernor(Construction):
    """'trying to get the motion approved': the trigger counts only under one of these verbs,
    and is then asserted."""

    def licensed(self, tok: Token) -> bool:
        # one of the verbs up the trigger's chain of complements and conjuncts
        cur = tok
        while cur.dep_ in {"xcomp", "ccomp", "conj"} and cur.head.i != cur.i:
            cur = cur.head
            if cur.lemma_.lower() in self.value:
                return not syntax.negated(cur) and not self._unasserted_above(cur)
        return False

    def _unasserted_above(self, verb: Token) -> bool:
        """Is the licensing verb itself under another verb or a modal ('threatened to have X evicted',
        'tried to have X removed', 'moved to have X suspended', 'could order X removed')? Only a
        licence given outright asserts the trigger ('the Speaker ordered X removed')."""
        mod = lexicon.load().modality
        if syntax.aux_lemmas(verb) & (unasserting_modals(self.rule.cls) | mod["future_modals"]):
            return True
        return next(syntax.governors(verb), None) is not None

    def licenses(self, governor: Token) -> bool:
        return governor.lemma_.lower() in self.value


@construction("partial_class")
class PartialClass(Construction):
    """'only withdrew the word "toad"', 'partly retracted the remark': done in part only, the act is of another class."""

    def refine(self, m: Match) -> bool:
        if any(c.dep_ == "advmod" and c.lower_ in m.ctx.lex.modality["partial_adverbs"] for c in m.tok.children):
            m.cls = self.value
        return True
