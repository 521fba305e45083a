"""The construction key ``target_from``: where a rule's target is, instead of the trigger's object (a clause's
subject, a preposition's object, the nearest motion, the holder of an office, ...)."""

from __future__ import annotations

from typing import ClassVar

from spacy.tokens import Token

from kg.extract.events.arguments import _pobj, clause_subject, complement
from kg.extract.events.around import listed_objects
from kg.extract.events.rules import Arguments, Construction, Match, construction
from kg.nlp import syntax
from kg.nlp.syntax import has


def _xcomp_subject(args: Arguments, rule) -> None:
    # "ordered X to leave": X, the subject of the complement ('called on X to apologise': the object of 'on')
    comp = complement(args.tok, rule.words("xcomp"))
    if not args.passive:
        on = has(args.tok, {"prep"}, frozenset({"on", "upon"}), "lower_")
        if args.target is None and on is not None:
            args.target = _pobj(on)
        if args.target is None and comp is not None:
            args.target = clause_subject(args.ctx, args.para, comp)


def _ccomp_subject(args: Arguments, rule) -> None:
    # "demanded that X apologise": X
    comp = has(args.tok, {"ccomp"}, rule.words("ccomp"))
    args.target = clause_subject(args.ctx, args.para, comp) if comp is not None else None


def _prep(word: str):
    def reader(args: Arguments, rule) -> None:
        # "apologised to X", "demanded an apology from X"
        tok = args.tok
        prep = has(tok, {"prep", "dative"}, frozenset({word}), "lower_")
        asked_for = [
            o for p in syntax.children(tok, "prep") if p.lower_ in {"for", "on"} for o in syntax.children(p, "pobj")
        ]
        for o in [*syntax.children(tok, "dobj", "acomp"), *listed_objects(tok), *asked_for] if prep is None else ():
            # "demanded an apology from X", "said sorry to X", "asked for an apology from X": hung on the noun (or adjective)
            prep = prep or has(o, {"prep"}, frozenset({word}), "lower_")
        if prep is None:
            # "wrote to X to apologise": the addressee hangs on the governing verb
            heads = list(syntax.governors(tok)) or ([tok.head] if tok.dep_ in {"advcl", "xcomp"} else [])
            for g in heads:
                prep = has(g, {"prep", "dative"}, frozenset({word}), "lower_")
                if (
                    prep is None
                    and word == "to"
                    and tok.dep_ in {"xcomp", "advcl"}
                    and g.lemma_.lower() in args.ctx.lex.grammar["contact_verbs"]
                ):
                    # "phoned X to say sorry": the one called is the one spoken to
                    args.target = syntax.first(syntax.children(g, "dobj"))
                    return
                if prep is not None or g.pos_ == "VERB":
                    break
        args.target = _pobj(prep)

    return reader


def _nearest_motion(args: Arguments, rule) -> None:
    # "denied consent": to the motion under discussion; "withdrew its support for the bill": that motion, and for
    # anything else ('withdrew its support for the government') none
    args.target, args.under_discussion = None, True
    obj = syntax.first(syntax.children(args.tok, "dobj", "nsubjpass"))
    of = _pobj(_prep_near("for", obj) or _prep_near("to", obj)) if obj is not None else None
    if of is not None:
        m = args.ctx.mention(args.para, args.ctx.motion_around(args.para, of))
        motion = m is not None and m.kind == "Motion"
        args.target, args.under_discussion = (of if motion else None), False


def _self(args: Arguments, rule) -> None:
    # "the Green Party's motion", "Okoro's motion": the possessor proposed it;
    # "X's proposed budget": a participle trigger stands for the noun it modifies
    tok = args.tok
    if tok.pos_ == "VERB":
        if tok.dep_ != "amod":
            args.agent = args.target = None
            return
        tok = tok.head
    args.agent = syntax.first(syntax.children(tok, "poss"))
    if args.agent is None:
        # ('the Green Party motion'; not 'the Security Council resolution', which that body adopted)
        args.agent = next(
            (
                c
                for c in tok.children
                if c.dep_ == "compound"
                and c.pos_ == "PROPN"
                and ((m := args.ctx.mention(args.para, c)) is None or m.kind in {"Person", "PoliticalParty"})
            ),
            None,
        )
    if args.agent is None:  # 'a motion by X to suspend Y', 'a bid by X to expel Y'
        args.agent = _pobj(has(tok, {"prep", "agent"}, frozenset({"by"}), "lower_"))
    args.target = tok


def _noun_of(args: Arguments, rule) -> None:
    # "the suspension of X", "X's removal", "after her ejection"; "by the Speaker" or, with an
    # 'of' object, the possessor ("the Speaker's ejection of X"): the agent
    tok = args.tok
    of, poss = _pobj(has(tok, {"prep"}, frozenset({"of"}), "lower_")), syntax.first(syntax.children(tok, "poss"))
    args.target = of or poss
    args.agent = _pobj(has(tok, {"prep", "agent"}, frozenset({"by"}), "lower_")) or (poss if of is not None else None)
    if (
        args.agent is None
        and rule.requires_governor
        and tok.dep_ == "dobj"
        and tok.head.lemma_.lower() in rule.requires_governor
    ):
        # "the Speaker ordered the removal of X": the one who ordered it
        args.agent = syntax.subject_of(tok.head)


def _prep_near(word: str, *toks: Token) -> Token | None:
    """The first of ``toks`` that has a preposition ``word``: that preposition (a phrase the parser may
    hang on the trigger, its object or its verb)."""
    return next((p for t in toks if (p := has(t, {"prep"}, frozenset({word}), "lower_")) is not None), None)


def _noun_from(args: Arguments, rule) -> None:
    # "an apology from X", "X's apology to Y": the noun's maker is the agent, 'to' its addressee
    # ("accepted an apology from X": 'from' may hang on the verb)
    tok = args.tok
    frm = _prep_near("from", tok, *([tok.head] if tok.dep_ == "dobj" else []))
    args.agent = _pobj(frm) or syntax.first(syntax.children(tok, "poss"))
    args.target = _pobj(_prep_near("to", tok))


def _subject(args: Arguments, rule) -> None:
    # "X faced accusations of ...", "X drew criticism from Y": the subject is at the receiving end,
    # 'from' names the one who acts
    tok = args.tok
    args.target = None if args.passive else syntax.subject_of(tok)
    args.agent = _pobj(_prep_near("from", tok, *syntax.children(tok, "dobj")))


def _holder(args: Arguments, rule) -> None:
    # "opponent MP X", "X, an opponent of the bill", "X is an opponent of the bill", "the bill's sponsor, X,": the noun's
    # holder is the agent; its 'of' object or possessor (not 'his'), else the motion under discussion, the target
    tok = args.tok
    holder = (
        tok.head
        if tok.dep_ in {"compound", "appos", "amod"}
        else syntax.subject_of(tok.head)
        if tok.dep_ == "attr"
        else next((c for c in syntax.children(tok, "appos") if c.pos_ == "PROPN"), None)
    )
    nxt = args.ctx.owner.get((args.para, tok.i + 1))
    if holder is None and nxt is not None and nxt.kind == "Person" and not syntax.children(tok, "poss"):
        holder = tok.doc[nxt.head]  # "opponent MP X said", however the parser hung the two
    # ('a former opponent of the bill' is no longer one)
    if any(c.lower_ in args.ctx.lex.not_current for c in tok.children if c.dep_ in {"amod", "advmod"}):
        holder = None
    elif holder is None and tok.tag_ == "NNS":
        # "opponents of the bill, including X": the names included; none named, opponents unnamed
        group = (
            tok.head.head
            if tok.dep_ == "pobj" and tok.head.head.lemma_.lower() in args.ctx.lex.grammar["quantity_nouns"]
            else tok
        )
        ofs = [o for p in syntax.children(tok, "prep") if p.lower_ == "of" for o in syntax.children(p, "pobj")]
        # ('opponents of the bill spoke during the debate including X': however the parser hung 'including')
        later = [t for t in group.head.subtree if t.i > tok.i and t.dep_ in {"pobj", "dobj"}]
        holder = next(
            (
                o
                for t in (group, group.head, *ofs, *later)
                for o in syntax.included(t)
                if (m := args.ctx.mention(args.para, o)) is not None and m.kind == "Person"
            ),
            None,
        )
    args.agent = holder
    args.target = _pobj(has(tok, {"prep"}, frozenset({"of", "to"}), "lower_")) or next(
        (c for c in syntax.children(tok, "poss") if c.pos_ != "PRON"), None
    )
    args.under_discussion = args.target is None


def _noun_against(args: Arguments, rule, word: str = "against") -> None:
    # "his allegation of corruption against X", "a slur against X by Y", "corruption allegations against X":
    # the 'against' object (on the noun or on its 'of' phrase) is the target; the possessor, or 'by'/'from' X, the agent
    # ('Labour's opposition to the bill', 'voiced their objection to the motion': the same with 'to')
    tok = args.tok
    ofs = [o for p in syntax.children(tok, "prep") if p.lower_ == "of" for o in syntax.children(p, "pobj")]
    args.target = _pobj(_prep_near(word, tok, *ofs))
    args.agent = (
        _pobj(_prep_near("by", tok, *ofs))
        or _pobj(_prep_near("from", tok, *ofs))
        or next((c for c in syntax.children(tok, "poss")), None)
    )
    noun = tok  # ('articles of impeachment against X', 'a series of articles of ...': the noun the charge is 'of')
    while noun.dep_ == "pobj" and noun.head.lower_ == "of" and noun.head.head.pos_ == "NOUN":
        noun = noun.head.head
    if args.target is None:
        # ('passed articles of impeachment against X', 'levelled allegations against X': 'against' hung on the verb)
        args.target = _pobj(
            _prep_near(word, *([noun] if noun is not tok else []), *([noun.head] if noun.dep_ == "dobj" else []))
        )
    if (
        args.agent is None
        and noun.dep_ == "dobj"
        and noun.head.lemma_.lower() in args.ctx.lex.grammar.get("charge_making_verbs", ())
    ):
        # "levelled/repeated/withdrew the allegation against X", "filed articles of impeachment against X": the one who
        # makes (or takes back) it
        args.agent = syntax.subject_of(noun.head)


def _noun_on(args: Arguments, rule) -> None:
    # "X's attacks on Y", "an attack against Y by X", "his attacks were aimed at Y": as 'against' (_noun_against);
    # not a blow or a weapon's ('a knife attack on Y', 'a violent attack on Y': grammar.json physical_modifiers)
    tok, physical = args.tok, args.ctx.lex.grammar.get("physical_modifiers", frozenset())
    if any(c.dep_ in {"compound", "amod"} and c.lemma_.lower() in physical for c in tok.children):
        args.agent = args.target = None
        return
    _noun_against(args, rule)
    if args.target is None:
        _noun_against(args, rule, "on")
    # ('many of his attacks were aimed at Y': the part's verb)
    subj = tok.head.head if tok.dep_ == "pobj" and tok.head.lower_ == "of" else tok
    if args.target is None and subj.dep_ == "nsubjpass":
        args.target = _pobj(has(subj.head, {"prep"}, frozenset({"at"}), "lower_"))


def _xcomp_object(args: Arguments, rule) -> None:
    # "asked the Serjeant-at-Arms to remove X": X, the object of the complement
    comp = complement(args.tok, rule.words("xcomp"))
    args.target = syntax.first(syntax.children(comp, "dobj")) if comp is not None else None


@construction("target_from")
class TargetFrom(Construction):
    """Where the target is, instead of the trigger's object."""

    choices: ClassVar[dict] = {
        "xcomp_subject": _xcomp_subject,
        "ccomp_subject": _ccomp_subject,
        "prep_to": _prep("to"),
        "prep_from": _prep("from"),
        "nearest_motion": _nearest_motion,
        "self": _self,
        "noun_of": _noun_of,
        "noun_from": _noun_from,
        "subject": _subject,
        "holder": _holder,
        "xcomp_object": _xcomp_object,
        "noun_against": _noun_against,
        "noun_to": lambda args, rule: _noun_against(args, rule, "to"),
        "noun_on": _noun_on,
    }
    #: the key each reader reads its words from
    needs: ClassVar[dict[str, str]] = {"xcomp_subject": "xcomp", "ccomp_subject": "ccomp", "xcomp_object": "xcomp"}

    def problem(self, rules) -> str | None:
        need = self.needs.get(self.value)
        if need and self.rule.get(need) is None:
            what = "object" if self.value.endswith("_object") else "subject"
            return f"{self.value!r} reads the {what} of the {need} complement: the rule needs {need!r}"
        return None

    def read(self, args: Arguments) -> bool:
        self.choices[self.value](args, self.rule)
        return True

    def require(self, match: Match) -> bool:
        # a noun trigger without a possessor names no proposer, nor one without a maker an apologiser; plural
        # 'opponents of the bill' oppose it unnamed
        if self.value in {"noun_against", "noun_to", "noun_on", "subject"} and match.target_tok is None:
            # ('Opposition MPs voted down the bill': the noun has no 'to' object of its own; 'repeated failed attempts':
            # a participle with no subject is no motion's failure)
            return False
        if self.value == "holder" and not match.agents:
            return match.tok.tag_ == "NNS" and not match.under_discussion and bool(match.targets)
        return self.value not in {"self", "noun_from", "holder"} or bool(match.agents)
