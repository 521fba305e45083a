"""The building blocks of the lexicon schemas (:mod:`kg.ontology.schema`): a strict model and
the word-list types every file uses."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field


class Strict(BaseModel):
    """A lexicon model: unknown keys, wrong types and edits after loading are errors."""

    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)


#: a non-empty set of words (or lemmas)
Words = Annotated[frozenset[str], Field(min_length=1)]
#: a non-empty list of words whose order is kept
WordList = Annotated[tuple[str, ...], Field(min_length=1)]
Gender = Literal["male", "female", "plural", "neuter"]
#: the kinds of entity kg resolves mentions to
EntityKind = Literal["Person", "PoliticalParty", "Organization", "Legislature", "Office", "Motion"]
