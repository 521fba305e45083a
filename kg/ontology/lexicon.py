"""The one loader for the rule data under ``ontology/lexicon/`` (no word lists in code).

Every stage reads its words and patterns through :func:`load`, so adding a trigger, a
title or a party is a data change.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from functools import cache, cached_property
from typing import Any

from kg.errors import KgError
from kg.ontology.paths import ontology_dir


@dataclass(frozen=True)
class Office:
    """A post named by a title ("Speaker", "Finance Minister")."""

    key: str
    label: str
    words: tuple[str, ...]
    aliases: tuple[str, ...] = ()
    presiding: bool = False
    portfolio: bool = False
    title_case: bool = False


@dataclass(frozen=True)
class Party:
    """A gazetteer entry: canonical name and surface forms."""

    name: str
    aliases: tuple[str, ...]


@dataclass(frozen=True)
class Rule:
    """One event trigger rule from ``events.json``; ``id`` is written to the graph."""

    id: str
    cls: str
    lemmas: frozenset[str]
    spec: dict[str, Any] = field(hash=False, compare=False)

    def get(self, key: str, default: Any = None) -> Any:
        return self.spec.get(key, default)

    def words(self, key: str) -> frozenset[str]:
        return frozenset(self.spec.get(key) or ())


@dataclass(frozen=True)
class Lexicon:
    """Everything the rules need, loaded once."""

    offices: tuple[Office, ...]
    presiding_descriptions: frozenset[str]
    party_roles: dict[str, str]
    lead_verbs: frozenset[str]
    member_nouns: frozenset[str]
    name_stop_words: frozenset[str]
    honorifics: dict[str, str]
    parties: tuple[Party, ...]
    party_head_words: frozenset[str]
    org_head_words: frozenset[str]
    party_adjectives: dict[str, str | None]
    legislature_words: tuple[str, ...]
    rules: tuple[Rule, ...]
    motion_nouns: frozenset[str]
    motion_name_heads: frozenset[str]
    charge_nouns: frozenset[str]
    speech_verbs: frozenset[str]
    remark_nouns: frozenset[str]
    remark_governors: frozenset[str]
    party_abbreviations: dict[str, str]
    modality: dict[str, frozenset[str]]
    #: closed-class word lists (``grammar.json``): name -> words, or word -> value (``pronoun_gender``)
    grammar: dict[str, Any] = field(default_factory=dict)

    @cached_property
    def rules_by_lemma(self) -> dict[str, tuple[Rule, ...]]:
        """lemma -> the rules it can trigger, in the order of ``rules`` (one look-up a token)."""
        out: dict[str, list[Rule]] = {}
        for rule in self.rules:
            for lemma in rule.lemmas:
                out.setdefault(lemma, []).append(rule)
        return {k: tuple(v) for k, v in out.items()}

    def office_words(self) -> dict[str, Office]:
        """Lower-cased title phrase -> office (made once: the mention rules ask for it per token)."""
        return self._office_words

    @cached_property
    def _office_words(self) -> dict[str, Office]:
        return {w: o for o in self.offices for w in o.words}


def _read(name: str) -> dict[str, Any]:
    path = ontology_dir() / "lexicon" / name
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise KgError(f"{path}: lexicon file missing; is KG_ONTOLOGY pointing at the ontology folder?") from None
    except json.JSONDecodeError as err:
        raise KgError(f"{path}:{err.lineno}:{err.colno}: not valid JSON: {err.msg}") from None


@cache
def load() -> Lexicon:
    """Read ``titles.json``, ``organizations.json``, ``events.json``, ``modality.json`` and ``grammar.json``."""
    titles, orgs, events, modality, grammar = (_read(n) for n in (
        "titles.json", "organizations.json", "events.json", "modality.json", "grammar.json"))
    offices = tuple(
        Office(
            key=o["key"], label=o["label"], words=tuple(w.lower() for w in o["words"]),
            aliases=tuple(o.get("aliases", ())), presiding=o.get("presiding", False),
            portfolio=o.get("portfolio", False), title_case=o.get("case") == "title",
        )
        for o in titles["offices"]
    )
    rules = tuple(
        Rule(id=r["rule"], cls=r["class"], lemmas=frozenset(r["lemmas"]), spec=r) for r in events["rules"]
    )
    mod = {k: frozenset(v) for k, v in modality.items() if isinstance(v, list)}
    return Lexicon(
        offices=offices,
        presiding_descriptions=frozenset(titles["presiding_descriptions"]),
        party_roles=dict(titles["party_roles"]),
        lead_verbs=frozenset(titles["lead_verbs"]),
        member_nouns=frozenset(titles["member_nouns"]),
        name_stop_words=frozenset(titles["name_stop_words"]),
        honorifics=dict(titles["honorifics"]),
        parties=tuple(Party(p["name"], tuple(p["aliases"])) for p in orgs["parties"]),
        party_head_words=frozenset(orgs["party_head_words"]),
        org_head_words=frozenset(orgs.get("org_head_words", ())),
        party_adjectives=dict(orgs["party_adjectives"]),
        legislature_words=tuple(orgs["legislature_words"]),
        rules=rules,
        motion_nouns=frozenset(events["motion_nouns"]),
        motion_name_heads=frozenset(events["motion_name_heads"]),
        charge_nouns=frozenset(events["charge_nouns"]),
        speech_verbs=frozenset(events["speech_verbs"]),
        remark_nouns=frozenset(events["remark_nouns"]),
        remark_governors=frozenset(events.get("remark_governors", ())),
        party_abbreviations=dict(titles.get("party_abbreviations", {})),
        modality=mod,
        grammar={k: (dict(v) if isinstance(v, dict) else frozenset(v)) for k, v in grammar.items()
                 if not k.startswith("_")},
    )
