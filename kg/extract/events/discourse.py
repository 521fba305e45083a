"""Construction keys that judge the arguments found, and the discourse around a trigger
(``target_kind``, ``requires_target``, ``agent_presiding``, ``agent_kinds``, ``after_class``, ``refers_to``);
and the class behaviours of ``events.json`` "classes" (``answers``, ``target_kinds``).
"""

from __future__ import annotations

from spacy.tokens import Token

from kg.extract.context.state import Context
from kg.extract.events import domain
from kg.extract.events.rules import Construction, Match, construction, produced_classes
from kg.model import Event, Mention
from kg.nlp import syntax
from kg.ontology import lexicon

#: the entity kinds that can be the target of a rule whose target_kind is Agent
_AGENTS = {"Person", "PoliticalParty", "Organization", "Office"}


def nearest_motion(ctx: Context, para: int, tok: Token) -> Mention | None:
    """The motion under discussion: the last one mentioned before the trigger, else the next in its sentence."""
    before = [m for m in ctx.mentions if m.kind == "Motion" and m.order <= (para, tok.i) and m.entity is not None]
    if before:
        return before[-1]
    after = [
        m
        for m in ctx.mentions
        if m.kind == "Motion"
        and m.para == para
        and m.start > tok.i
        and m.start < ctx.paragraphs[para].sent(tok.i).end
        and m.entity is not None
    ]
    return after[0] if after else None


def recent(events: list[Event], cls: str, para: int) -> Event | None:
    """The latest asserted event of ``cls`` at most two paragraphs before ``para``."""
    for e in reversed(events):
        if e.cls == cls and para - e.para <= 2 and e.asserted:
            return e
    return None


def _presiding_office(office) -> bool:
    """A presiding office: one titles.json marks so (a Speaker), or the chair of a house ('Chair of the Rajya
    Sabha', of a legislature's name; a committee's chair presides over no sitting of the house)."""
    lex = lexicon.load()
    if office.key in {o.key for o in lex.offices if o.presiding}:
        return True
    prefix = "chair of the "
    name = office.name.lower()
    return name.startswith(prefix) and name[len(prefix) :] in {w.lower() for w in lex.legislature_words}


def presiding(entity) -> bool:
    """Does this entity preside (a Speaker, or a person holding a presiding office)?"""
    if entity is None:
        return False
    if entity.kind == "Office":
        return _presiding_office(entity)
    return any(r == "holdsOffice" and _presiding_office(o) for r, o in entity.roles)


def refuser(agents: list[Mention], demand: Event | None, answers: bool) -> list[Mention]:
    """Who refuses: a refusal answers the latest demand, so 'he' (or, for a rule that only
    speaks after a demand, nobody named) is the one who was asked; a pronoun that points at
    someone else than the one asked is taken to mean the one asked."""
    if demand is None or not demand.targets or (agents and not all(a.kind == "Pronoun" for a in agents)):
        return agents
    asked = demand.targets[0]
    if answers:
        return [asked]
    if agents and asked.entity is not None and (agents[0].entity is None or agents[0].entity is not asked.entity):
        return [asked]
    return agents


def answer(m: Match) -> None:
    """An event of a class that ``answers`` another: its agent is the one who was asked."""
    answers = m.ctx.lex.behaviour(m.cls).answers
    if answers:
        after = m.rule.has("after_class")
        prior = m.prior if after else recent(m.earlier, answers, m.para)
        m.agents = refuser(m.agents, prior, after)


def keep_target_kinds(m: Match) -> None:
    """Drop the targets a class does not take ('apologise to the party' names no addressee)."""
    kinds = m.ctx.lex.behaviour(m.cls).target_kinds
    if kinds:
        m.targets = [t for t in m.targets if t.entity is not None and t.entity.kind in kinds]


def _members(m: Match, tok: Token) -> bool:
    """'A number of legislators were removed': the object names members of the rule's domain."""
    dom = domain.domain(m.rule.rule.domain) if m.rule.rule.domain else None
    return dom is not None and domain.members_named(tok, dom)


def _produced(value: str, rules) -> str | None:
    if value not in produced_classes(rules):
        return f"no rule produces {value!r}, so this rule could never match"
    return None


@construction("target_kind")
class TargetKind(Construction):
    """What the target must be: Person, Agent (a person, party, organisation or office), Motion, Any."""

    def refine(self, m: Match) -> bool:
        kind = self.value
        # "Republicans opposed.", "two Democrats voted against": a trigger with no object of its own
        bare = (
            kind == "Motion"
            and m.ctx.lex.behaviour(m.cls).bare_takes_motion
            and m.target_tok is None
            and not m.targets
            and not any(c.dep_ in {"dobj", "ccomp", "xcomp", "prep", "nsubjpass", "attr"} for c in m.tok.children)
        )
        if (
            m.under_discussion
            or bare
            or (kind == "Motion" and m.targets and all(t.kind == "Pronoun" for t in m.targets))
        ):
            # "voted against it": the motion under discussion
            motion = nearest_motion(m.ctx, m.para, m.tok)
            m.targets = [motion] if motion is not None else []
        if kind == "Motion":
            if not m.targets or any(t.entity is None or t.entity.kind != "Motion" for t in m.targets):
                return m.under_discussion
            if bare:
                m.under_discussion = True
        elif kind in {"Person", "Agent"}:
            if any(t.kind == "Motion" for t in m.targets):
                return False
            m.targets = [
                t
                for t in m.targets
                if t.entity is not None and t.entity.kind in _AGENTS and (kind == "Agent" or t.entity.kind == "Person")
            ]
            tok = m.target_tok
            if (
                kind == "Person"
                and tok is not None
                and not m.targets
                and tok.pos_ == "NOUN"
                and tok.ent_type_ == ""
                and m.ctx.lex.behaviour(m.cls).object_is_someone
                and not _members(m, tok)
            ):
                return False  # "removed the sign": a thing, not a member
        return True


@construction("requires_target")
class RequiresTarget(Construction):
    """No target, no event ('called the episode a new low': no one was accused)."""

    def require(self, m: Match) -> bool:
        return bool(m.targets)


@construction("requires_agent")
class RequiresAgent(Construction):
    """No agent, no event ('X was impeached in 2012' names no accuser)."""

    def require(self, m: Match) -> bool:
        return bool(m.agents)


@construction("agent_presiding")
class AgentPresiding(Construction):
    """The agent must preside ('named MP X' is an ejection when the Speaker says it)."""

    def require(self, m: Match) -> bool:
        return any(presiding(a.entity) for a in m.agents)


@construction("agent_kinds")
class AgentKinds(Construction):
    """The agent must be an entity of these kinds ('the Senate censured X', not 'the Speaker censured X')."""

    def require(self, m: Match) -> bool:
        m.agents = [a for a in m.agents if a.entity is not None and a.entity.kind in self.value]
        return bool(m.agents)


@construction("after_class")
class AfterClass(Construction):
    """The rule only speaks after an asserted event of this class ('He refused.' after a demand)."""

    def problem(self, rules) -> str | None:
        return _produced(self.value, rules)

    def refine(self, m: Match) -> bool:
        m.prior = recent(m.earlier, self.value, m.para)
        return m.prior is not None


@construction("refers_to")
class RefersTo(Construction):
    """'... she would not be doing so': 'do so' stands for the last such act mentioned."""

    def problem(self, rules) -> str | None:
        return _produced(self.value, rules)

    def refine(self, m: Match) -> bool:
        before = next((e for e in reversed(m.earlier) if e.cls == self.value and m.para - e.para <= 1), None)
        if before is None:
            return False
        m.targets = m.targets or list(before.targets)
        m.agents = m.agents or list(before.agents)
        return True


def background(m: Match) -> bool:
    """Is the trigger's sentence set in another year than the story's ('were suspended in May 2009' in
    an article of today, or any year in an undated one): background, not the sitting reported?"""
    today = m.ctx.document.date
    years = {
        int(t.text) for t in m.ctx.paragraphs[m.para].sent(m.tok.i) if t.shape_ == "dddd" and t.ent_type_ == "DATE"
    }
    return any(today is None or y != today.year for y in years)


def sole_presiding(m: Match) -> Mention | None:
    """The one presiding officer the story names before the trigger, else after it (a person holding a presiding
    office, else the office itself), never one of the targets; None if none or several, or if the trigger's sentence
    is set in another year (a removal in the background, not at the sitting the story reports)."""
    if background(m):
        return None
    targets = {id(t.entity) for t in m.targets if t.entity is not None}
    chairs = [x for x in m.ctx.mentions if presiding(x.entity) and id(x.entity) not in targets]
    # the one named before it; else, where none is, the one named by name after it ('X was suspended from the
    # Assembly. Speaker Y said ...': a lead before the chair is named; not 'the deputy Speaker', an office alone)
    chairs = [x for x in chairs if x.order < (m.para, m.tok.i)] or [
        x for x in chairs if x.entity is not None and x.entity.kind == "Person"
    ]
    people = {id(x.entity): x for x in chairs if x.entity is not None and x.entity.kind == "Person"}
    offices = {id(x.entity): x for x in chairs if x.entity is not None and x.entity.kind == "Office"}
    pick = people if people else offices
    return next(iter(pick.values())) if len(pick) == 1 else None


@construction("implicit_agent")
class ImplicitAgent(Construction):
    """'MP X was ordered to leave': a passive that names no agent takes the one presiding officer
    the article has named before it; the rule speaks only then (the rule without the key finds the rest)."""

    def problem(self, rules) -> str | None:
        if self.rule.voice != "passive":
            return "an implicit agent stands for a by-phrase the passive leaves out: the rule needs voice 'passive'"
        return None

    def require(self, m: Match) -> bool:
        if m.agents or syntax.by_agent(m.tok) is not None:
            return False
        chair = sole_presiding(m)
        if chair is None:
            return False
        m.agents = [chair]
        return True
