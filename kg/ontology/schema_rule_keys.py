"""A rule's examples (:class:`Example`), and construction keys of an event rule (``events.json``) that :class:`kg.ontology.schema.Rule` inherits, kept
here for the size of :mod:`kg.ontology.schema`; each is carried out by the handler
:mod:`kg.extract.events.rules` registers for it."""

from __future__ import annotations

from pydantic import Field

from kg.ontology.schema_base import EventClass, Strict, Words


class Example(Strict):
    """A sentence a rule must match, with the arguments it must find (run by the test suite)."""

    text: str = Field(min_length=1, description="the sentence(s); invented, never copied news text")
    agent: str | None = Field(
        description="the agent's name as kg resolves it ('A & B', sorted, for several); null: the event has no agent"
    )
    target: str | None = Field(
        description="the target's name as kg resolves it (a motion's label for motions); null: no target"
    )
    cls: EventClass | None = Field(
        None,
        alias="class",
        description="the event's class, when the rule gives it another than its own (negated_future_class)",
    )


class RuleKeys(Strict):
    """The construction keys about motions a house acts on, and about apologies made in part or in a predicate."""

    unnamed_proposer: Words | None = Field(
        None,
        description="the trigger ('debated', 'dismissed') acts on a motion: its object, passive subject, "
        "the noun it modifies ('a resolution being considered for adoption') or the object of one of "
        "these prepositions ('discussed on the motion'); someone moved that motion, whom the clause does "
        "not name (the house acting on it is not its mover): the motion is the target, no one the agent",
    )
    sanction_motion: Words | None = Field(
        None,
        description="the trigger proposes one of these sanctions with no motion noun: its that-clause ('moved that X "
        "be suspended'), infinitive ('called for the House to censure X'), object or 'for' object ('proposed the "
        "suspension of X'), or that noun's infinitive ('launched a bid to expel X'); the motion is the sanction, "
        "named after it ('motion to suspend X'), whom it is for must be named",
    )
    unnamed_agent: bool | None = Field(
        None,
        description="the trigger's subject is not the agent, whom the clause does not name ('the Senate voted to "
        "censure X': the house decided a motion someone moved)",
    )
    quote_imperative: Words | None = Field(
        None,
        description="the trigger is a speech verb whose direct quote tells someone to do one of these acts, in the "
        "imperative ('\"Withdraw that remark,\" the Speaker told X'; an object must be a remark: not 'Withdraw the "
        "bill!'): the act is the speaker's demand, its target whom the quote names, else the one told",
    )
    predicate_of: Words | None = Field(
        None,
        description="an adjective trigger is the predicate of one of these verbs ('I am sorry', not 'felt sorry "
        "for the victims')",
    )
    partial_class: EventClass | None = Field(
        None,
        description="the trigger done in part only (modality.json partial_adverbs: 'only withdrew the word "
        "\"toad\"', 'partly retracted the remark') is an event of this class instead ('withdrew only "
        "part of it' refuses the apology asked for)",
    )
