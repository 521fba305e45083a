"""What the role tables of tests/extract read off an analysed text."""

from __future__ import annotations


def offices_of(facts, text: str) -> dict[str, set[str]]:
    """Person name -> the offices (labels) the text says they hold now."""
    _, _, a = facts(text)
    return {e.name: {o.name for rel, o in e.roles if rel == "holdsOffice"} for e in a.entities if e.kind == "Person"}


def roles_of(facts, text: str) -> set[tuple[str, str, str]]:
    """(entity name, role, name of what it is held in or of) for every role the text gives an entity."""
    _, _, a = facts(text)
    return {(e.name, rel, o.name) for e in a.entities for rel, o in e.roles}
