"""The building blocks of the lexicon schemas (:mod:`kg.ontology.schema`): a strict model,
the word-list types every file uses, and the names the ontology (``kg.ttl``) must declare."""

from __future__ import annotations

from functools import cache
from typing import Annotated, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field
from rdflib import RDFS, URIRef

from kg.ontology.terms import ontology_graph
from kg.ontology.vocab import NS, terms


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


@cache
def event_classes() -> frozenset[str]:
    """Local names of the classes ``kg.ttl`` declares under ``kg:Event`` (at any depth)."""
    g = ontology_graph()
    event = URIRef(NS + "Event")
    return frozenset(
        str(c)[len(NS) :]
        for c in g.transitive_subjects(RDFS.subClassOf, event)
        if c != event and isinstance(c, URIRef) and str(c).startswith(NS)
    )


def _event_class(name: str) -> str:
    """The name, if it is an event class of kg.ttl (a pydantic validator); else ValueError."""
    if name not in event_classes():
        raise ValueError(f"{name!r} is not an event class of kg.ttl (a subclass of kg:Event)")
    return name


def ontology_property(name: str) -> str:
    """The name, if it is a property of kg.ttl (a pydantic validator); else ValueError."""
    if name[:1].isupper() or name not in terms():
        raise ValueError(f"{name!r} is not a property of kg.ttl")
    return name


#: the local name of an event class of ``ontology/kg.ttl``
EventClass = Annotated[str, AfterValidator(_event_class)]
