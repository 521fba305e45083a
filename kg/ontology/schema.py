"""The schema of ``ontology/lexicon/*.json``: what each file, rule and key may say (the files of titles and
organisations: :mod:`kg.ontology.schema_titles`).

One pydantic model per file, all with ``extra="forbid"`` (as spaCy's ``spacy/schemas.py``
checks its pattern files), validated in strict JSON mode: a misspelt key, a wrong type or an
unknown choice is a load error naming the file, the rule and the key, instead of a rule that
silently matches something else. The field descriptions are the reference of the rule
language; the code that carries out each construction key of a rule is registered in
:mod:`kg.extract.events.rules`, which checks at load that it covers exactly the keys declared here.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, model_validator

from kg.ontology.schema_base import (
    EntityKind,
    EventClass,
    Strict as _Strict,
    Words,
)
from kg.ontology.schema_domains import Domain
from kg.ontology.schema_places import CountriesFile, PartiesFile
from kg.ontology.schema_rule_keys import Example as Example, RuleKeys
from kg.ontology.schema_titles import (
    CommitteeChairs as CommitteeChairs,
    Office as Office,
    OrganizationsFile as OrganizationsFile,
    Party as Party,
    PastTenure as PastTenure,
    Peerage as Peerage,
    TitlesFile as TitlesFile,
)
from kg.ontology.schema_words import GrammarFile, ModalityFile, TimeFile

# -- events.json ------------------------------------------------------------------------------


class Rule(RuleKeys):
    """One event trigger rule: a trigger lemma and the construction around it.

    The core keys say which class and which trigger; every other key is a construction key,
    carried out by the handler :mod:`kg.extract.events.rules` registers for it."""

    id: str = Field(
        alias="rule",
        pattern=r"^\S+$",
        description="stable id written to the graph (kg:rule): 'class_family.construction'",
    )
    cls: EventClass = Field(
        alias="class", description="the event class the rule evokes (a subclass of kg:Event in kg.ttl)"
    )
    lemmas: Words = Field(description="trigger lemmas (lower case)")
    pos: Literal["VERB", "NOUN", "ADJ", "AUX"] = Field(
        "VERB", description="the trigger's part of speech (AUX: a copula, 'is against the bill')"
    )
    confidence: float = Field(0.8, ge=0, le=1, description="written to the graph with each fact")
    examples: tuple[Example, ...] = Field((), description="sentences the rule must match, with agent and target")
    traps: tuple[Annotated[str, Field(min_length=1)], ...] = Field(
        (), description="sentences that must give no asserted event of this rule"
    )
    # construction keys: what must be around the trigger
    particles: Words | None = Field(
        None, description="one of these must be a prt/prep/advmod/dobj child or the next word: 'out' for 'kicked out'"
    )
    xcomp: Words | None = Field(
        None,
        description="the trigger needs an infinitival complement with one of these lemmas "
        "('asked X to apologise'), not a quoted finite clause",
    )
    xcomp_not: Words | None = Field(
        None,
        description="the 'xcomp' complement has no object among these nor a 'from' "
        "phrase: 'asked X to withdraw the remark', not 'the bill' or "
        "'from the race'",
    )
    ccomp: Words | None = Field(
        None,
        description="the trigger needs a clausal complement with one of these lemmas ('demanded that X apologise')",
    )
    pobj: Words | None = Field(
        None, description="a preposition of the trigger has an object among these ('sent X for a recess')"
    )
    holder_object: Words | None = Field(
        None,
        description="the object is one of these nouns, held by someone ('suspended "
        "the membership of X', 'X's membership'): its 'of' object or "
        "possessor is the target; none held of a party",
    )
    ccomp_negated: bool | None = Field(
        None,
        description="the clausal complement of 'ccomp' is negated ('ruled that X "
        "could not participate in the sitting')",
    )
    ccomp_modal: Words | None = Field(
        None,
        description="the clausal complement of 'ccomp' has one of these auxiliaries: "
        "a demand, not a report ('said X must apologise')",
    )
    dobj: Words | None = Field(
        None, description="the direct object's (or passive subject's) lemma must be one of these: 'denied consent'"
    )
    unless_clause: Words | None = Field(
        None,
        description="the trigger is the condition, opened by 'unless', of a "
        "sanction among these verbs ('X would be named unless she "
        "withdrew'): asserted, the one who threatens the sanction its "
        "agent, the one it falls on its target",
    )
    noun_asks: Words | None = Field(
        None,
        description="a noun trigger asks for one of these ('calls for X to "
        "apologise', 'her demand for an apology from X'): its possessor "
        "or 'from' object asks it of the one named after 'for' or 'from' "
        "the act, else of the one who faces or rejects the calls",
    )
    object_asks: Words | None = Field(
        None,
        description="the direct object (one of 'dobj') asks for one of these "
        "('rejected calls to apologise', 'demands for an apology')",
    )
    prep: Words | None = Field(
        None, description="a preposition child, one of these, whose object is the target: 'voted against the bill'"
    )
    without_prep: Words | None = Field(
        None,
        description="none of these prepositions may hang on the trigger with anything but a motion as its object: "
        "'moved the bill to a better place' moves it, 'moved an amendment to the bill' proposes one",
    )
    no_complement: bool | None = Field(
        None, description="the trigger has no object, complement or predicate ('was named', not 'was named chair')"
    )
    no_complement_but_object: bool | None = Field(
        None,
        description="the trigger has an object but no complement, predicate or 'as' phrase "
        "('named MP X', not 'named X as chair')",
    )
    bare: bool | None = Field(None, description="the trigger has no object and no clause of its own ('He refused.')")
    tally: bool | None = Field(
        None,
        description="the trigger ('passed', 'carried') has a vote tally with votes against "
        "('by 64 votes to 31', 'in a 7-2 vote', 'passed 231 to 194', 'with 311 "
        "in favour and 82 against'): members unnamed opposed the motion it passed, "
        "its object, subject or the noun it modifies; no one is the agent",
    )
    decision_motion: bool | None = Field(
        None,
        description="with tally: the trigger is a decision by vote ('removed X by 61 votes to 20', 'voted 76 to 1 "
        "to impeach X', its xcomp word): the motion it decided is its complement's object if a motion, "
        "else named after the decision ('vote to remove X'), when the text names none",
    )
    voice: Literal["any", "passive"] = Field("any", description="passive: only a passive trigger counts")
    # construction keys: where the arguments are
    target_from: (
        Literal[
            "xcomp_subject",
            "ccomp_subject",
            "prep_to",
            "prep_from",
            "nearest_motion",
            "self",
            "noun_of",
            "noun_from",
            "subject",
            "holder",
            "xcomp_object",
            "noun_against",
            "noun_to",
            "noun_on",
        ]
        | None
    ) = Field(
        None,
        description="where the target is, instead of the object: the subject of the xcomp or ccomp "
        "complement, the object of 'to'/'from', the motion under discussion, or the trigger "
        "itself (a noun trigger whose possessor is the agent: 'X's motion'), a noun trigger's "
        "'of' object or possessor ('the suspension of X', 'her removal'; 'by X' the agent), or "
        "the object of the xcomp complement ('asked the Serjeant to remove X'), or a noun trigger's maker "
        "('an apology from X', 'X's apology'; 'to Y' the target), or the trigger's subject ('X faced "
        "accusations': 'from Y' the agent), or the one a noun trigger describes as the agent ('opponent MP X', 'X, an "
        "opponent of the bill'; its 'of' object, else the motion under discussion, the target; plural 'opponents of the bill' "
        "with no one named: unnamed), or a charge noun's 'against' object ('his allegation of "
        "corruption against X': the possessor, 'by X' or 'from X' the agent), or with 'to' ('Labour's "
        "opposition to the bill', 'voiced their objection to the motion'), or with 'on' ('X's attacks on Y', 'aimed at Y')",
    )
    agent_from: Literal["governor", "noun_of"] | None = Field(
        None,
        description="governor: the agent is the subject of the requires_governor verb ('X was seeking consent to "
        "pass a motion'); noun_of: a noun trigger's 'of' object ('the negative vote of X and Y')",
    )
    modifier: Words | None = Field(
        None,
        description="one of these words modifies the noun trigger ('the negative "
        "vote of X', 'the dissenting votes of X')",
    )
    charge_from: Literal["oprd", "of", "for", "ccomp_attr", "clause", "clause_charge", "question", "object"] | None = (
        Field(
            None,
            description="where an accusation's charge is: the object predicate ('called X a liar'), an 'of' phrase "
            "('accused X of lying'), a 'for' phrase ('blamed X for the crisis'), a clause 'that X is a "
            "...' (whose subject is then the target), any clause of the trigger ('alleged that X had "
            "misled the House', whose subject is the target), a reported clause that states a wrongdoing of its subject (grammar.json charge_verbs, charge_phrases, charge_nouns: 'said X had misled the House', 'said X was not fit for office'), a question why someone did wrong or failed to act ('asked why X had not resigned'), or the object itself ('condemned X'); with "
            "every reader, an act of someone's ('X's conduct', 'the decision of X') stands for them",
        )
    )
    target_kind: Literal["Person", "Agent", "Motion", "Any"] = Field(
        "Any",
        description="what the target must be: a person; a person, party, organisation or office (Agent); a "
        "motion ('it' is the motion under discussion); or anything",
    )
    requires_target: bool | None = Field(None, description="no target, no event ('called the episode a new low')")
    requires_agent: bool | None = Field(None, description="no agent, no event ('X was impeached' names no accuser)")
    agent_presiding: bool | None = Field(None, description="the agent must preside (hold a presiding office)")
    agent_kinds: frozenset[EntityKind] | None = Field(
        None,
        description="the agent must be an entity of one of these kinds, else no event (a censure is a body's act: "
        "'the Senate censured X'; a Speaker who 'censured' a member rebuked them)",
    )
    quote_formula: Words | None = Field(
        None,
        description="the trigger is a speech verb whose direct quote says one of these formulas ('I name', "
        "'leave the chamber'), not under a condition: the act is the speaker's, its target the person "
        "the quote names, else the member it addresses",
    )
    quoted_charge: bool | None = Field(
        None,
        description="the trigger is a charge word inside a direct quote with a known speaker, who accuses the "
        "subject of its clause ('\"X treats the law with contempt,\" said Y'); not negated, not 'I' or 'we'",
    )
    domain: str | None = Field(
        None,
        description="the trigger counts only in the context of this domain of events.json "
        "'domains' ('sitting': a chamber, a Speaker; not an umpire, a crash)",
    )
    headline_passive: bool | None = Field(
        None,
        description="a trigger with a subject but no object is a passive without its auxiliary ('MP X ejected "
        "from Commons'): the subject is the target, the agent unknown",
    )
    adopted_agent: bool | None = Field(
        None,
        description="a trigger inside a motion a body adopts (modality.json 'adopted': 'The House adopted a "
        "motion to suspend X', 'passed a resolution suspending X', 'the motion, moved by Y, to "
        "expel X was carried by the Senate') has that body as agent, not the motion or its mover",
    )
    heading_list: bool | None = Field(
        None,
        description="the trigger in a heading said of members ('List of MPs suspended from parliament') speaks "
        "of the people of the list or table below it: one event a row, its first named person the "
        "target, the row's date the date",
    )
    group_agent: bool | None = Field(
        None,
        description="a participle said of a group that lists its members ('Among those expelled are A and B', "
        "'the suspended members include A') with no agent takes the agent of the last asserted "
        "event of the class, by the same verb, on members unnamed ('Parliament expelled 21 lawmakers')",
    )
    implicit_agent: bool | None = Field(
        None,
        description="a passive with no by-phrase takes the one presiding officer the article has named before "
        "it as its agent, at a lower confidence (a rule id ending '.presiding_agent'); none or "
        "several: the rule says nothing",
    )
    # construction keys: modality and discourse
    requires_governor: Words | None = Field(
        None,
        description="the trigger only counts under one of these verbs, and is then asserted: 'trying to get the "
        "motion approved' means the motion was proposed",
    )
    negated_future_class: EventClass | None = Field(
        None, description="a negated future of the trigger ('will not apologise') is an asserted event of this class"
    )
    only_negated_future: bool | None = Field(
        None, description="only a negated future of the trigger counts, as asserted ('would not retract it')"
    )
    only_negated: bool | None = Field(
        None,
        description="only a negated trigger counts, as asserted ('was not allowed to take part in the rest of "
        "the sitting')",
    )
    after_class: EventClass | None = Field(
        None, description="the rule only speaks within two paragraphs after an asserted event of this class"
    )
    refers_to: EventClass | None = Field(
        None,
        description="'do so' stands for the last event of this class in this or the previous paragraph, whose "
        "agent and target it takes when it names none",
    )

    def get(self, key: str, default=None):
        """The value of a key as events.json spells it (``rule.get("target_from")``), or ``default`` if unset."""
        value = getattr(self, _FIELD_NAMES.get(key, key), None)
        return default if value is None else value

    def words(self, key: str) -> frozenset[str]:
        """The word set under ``key``, empty if unset."""
        return self.get(key) or frozenset()


#: the attribute of a Rule for each key spelt differently in events.json
_FIELD_NAMES = {"rule": "id", "class": "cls"}


class ClassBehaviour(_Strict):
    """What every event of one class does, whichever rule found it."""

    answers: EventClass | None = Field(
        None,
        description="an event of this class answers the latest asserted event of that class (within two "
        "paragraphs): its agent, when unnamed or a pronoun for someone else, is the one asked",
    )
    target_kinds: frozenset[EntityKind] | None = Field(
        None, description="targets must be entities of these kinds; others are dropped (an apology is made to a person)"
    )
    object_is_someone: bool = Field(
        False,
        description="with target_kind Person: a common-noun object that names no one ('removed the sign') means "
        "no event",
    )
    remark_gerund_asserted: bool = Field(
        False,
        description="a gerund trigger under a remark_governors verb ('refused to withdraw calling X a liar') "
        "names a remark that was made: asserted",
    )
    body_acts: Words = Field(
        frozenset(),
        description="trigger lemmas whose 'from' object, a legislature, is the agent when none is named "
        "('Members Expelled From the House of Representatives': a house alone expels its "
        "members), in a heading_list",
    )
    quoted_reports: bool = Field(
        False,
        description="an event of this class narrated in a direct quote, not as the speaker's own act ('\"... "
        "and he had to be escorted out of the chamber,\" X said'), keeps its own agent and target",
    )
    unasserted_modals: Words = Field(
        frozenset(),
        description="modals that make a trigger of this class a statement of what may be done, not of what "
        "was ('the Speaker can suspend a member'), as the Hypothetical modals do for every class",
    )
    bare_takes_motion: bool = Field(
        False,
        description="with target_kind Motion: a trigger with no object of its own ('The Greens opposed.') is "
        "about the motion under discussion",
    )


class EventsFile(_Strict):
    """``events.json``: the event rules and the words they share."""

    rules: tuple[Rule, ...] = Field(description="event trigger rules, tried in this order")
    classes: dict[EventClass, ClassBehaviour] = Field({}, description="behaviour shared by every rule of a class")
    motion_nouns: Words = Field(description="nouns that make a motion mention ('the bill')")
    motion_name_heads: Words = Field(description="capitalised heads that end a named motion ('Clean Water Bill')")
    charge_nouns: Words = Field(description="words that are a charge when said of someone ('a liar', 'racist')")
    speech_verbs: Words = Field(description="verbs that attribute a direct quote to its speaker")
    remark_governors: Words = Field(description="verbs whose gerund complement names a remark already made")
    domains: dict[str, Domain] = Field({}, description="the contexts rules may require (a rule's 'domain' key)")
    agent_nouns: Words = Field(
        frozenset(),
        description="'banned by a vote of the House', 'by order of the Speaker': "
        "the 'of' object of these nouns in a by-phrase is the agent",
    )

    @model_validator(mode="after")
    def _unique_ids(self) -> EventsFile:
        seen: set[str] = set()
        for r in self.rules:
            if r.id in seen:
                raise ValueError(f"rule id {r.id!r} is used twice")
            seen.add(r.id)
        return self


#: each lexicon file and the model it is checked against
FILES: dict[str, type[_Strict]] = {
    "titles.json": TitlesFile,
    "organizations.json": OrganizationsFile,
    "events.json": EventsFile,
    "modality.json": ModalityFile,
    "grammar.json": GrammarFile,
    "time.json": TimeFile,
    "parties.json": PartiesFile,
    "countries.json": CountriesFile,
}
#: the rule keys that are not construction keys
CORE_KEYS = frozenset({"rule", "class", "lemmas", "pos", "confidence", "examples", "traps"})


def construction_keys() -> frozenset[str]:
    """The construction keys a rule may carry (each owned by one handler of :mod:`kg.extract.events.rules`)."""
    return frozenset(f.alias or name for name, f in Rule.model_fields.items()) - CORE_KEYS
