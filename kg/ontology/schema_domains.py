"""The schema of the ``domains`` of ``events.json`` (:class:`Domain`): the context a family of rules speaks in
(re-exported by :mod:`kg.ontology.schema`, which holds the rest of the file's schema)."""

from __future__ import annotations

from pydantic import Field

from kg.ontology.schema_base import Strict as _Strict, Words


class Domain(_Strict):
    """The context a family of rules speaks in ('sitting': a legislature or council in session), decided by
    words of the text, not by names: the article must use one of ``words``, the trigger's sentence none of
    ``against``, and its target must be someone of the domain."""

    words: frozenset[str] = Field(
        frozenset(),
        description="the article must use one of these (a lemma or word; an entry "
        "with a capital is matched as written, one with a space or hyphen as a phrase): "
        "'chamber', 'Speaker'; none: any article",
    )
    against: Words = Field(
        frozenset(),
        description="a word in the trigger's sentence that puts it in another domain "
        "('umpire', 'passengers', 'ambassador')",
    )
    against_paragraph: frozenset[str] = Field(
        frozenset(),
        description="words that put the trigger's whole paragraph "
        "in another domain (a prosecution's paragraph names the jury once)",
    )
    against_objects: Words = Field(
        frozenset(),
        description="the trigger's object, or the object of one of its "
        "prepositions, is one of these: another domain ('removed "
        "from office', 'suspended from duty', 'suspended parliament')",
    )
    against_prepositions: Words = Field(
        frozenset(),
        description="a preposition of the trigger that puts it in another domain ('removed as chair': a post)",
    )
    against_agents: Words = Field(
        frozenset(),
        description="the trigger's agent (its subject, or a passive's by-phrase) is "
        "one of these, or a party: another domain ('the party expelled "
        "X', 'the league suspended X')",
    )
    against_titles: Words = Field(
        frozenset(),
        description="the target is named by one of these titles (the object itself, "
        "a title before the name, or one in apposition: 'removed its "
        "speaker, X', 'ousted President X'): a post, not a seat, unless "
        "the trigger names a place of ``places`` ('ejected from the "
        "chamber')",
    )
    places: Words = Field(
        frozenset(),
        description="where the domain's people sit: 'removed President X from the "
        "chamber' is said of a seat ('chamber', 'floor', 'meeting')",
    )
    members: Words = Field(
        frozenset(),
        description="nouns that name people of the domain: 'a number of legislators "
        "were removed' is an event whose target is members, unnamed",
    )
    someone: bool = Field(
        False,
        description="the target must be a person or members of the domain: an event with "
        "no target, or a thing as target, is nothing; a target is never its own agent",
    )
