"""The one loader for the rule data under ``ontology/lexicon/`` (no word lists in code).

Every stage reads its words and patterns through :func:`load`, so adding a trigger, a
title or a party is a data change. Each file is checked against its model in
:mod:`kg.ontology.schema` first; a file that does not fit is a :class:`LexiconError` whose
message is one line naming the file, the rule (or office, party, class) and the key.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from functools import cache, cached_property
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ValidationError

from kg.errors import KgError
from kg.model import fold
from kg.ontology import schema, schema_places
from kg.ontology.paths import ontology_dir
from kg.ontology.schema import Office, Party, Rule
from kg.ontology.validation_errors import explain

#: a run of word characters, as the country patterns' (?<!\w) and (?!\w) see them
_WORD_RUN = re.compile(r"\w+")

__all__ = ["ClassBehaviour", "Lexicon", "LexiconError", "Office", "Party", "Rule", "load", "read", "rule_error"]

ClassBehaviour = schema.ClassBehaviour


class LexiconError(KgError):
    """A lexicon file that is missing, not JSON, or does not fit its schema (one line)."""


def _name_key(name: str) -> str:
    """A name as :meth:`Lexicon.gazetteer_party` compares it: folded, with no apostrophes ('People's' = 'Peoples')."""
    return fold(name.replace("'", "").replace("\u2019", ""))


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
    remark_governors: frozenset[str]
    party_abbreviations: dict[str, str]
    modality: dict[str, frozenset[str]]
    #: titles.json: words that make a title's holder past or future, and portfolio words
    not_current: frozenset[str] = frozenset()
    elect_suffixes: frozenset[str] = frozenset()
    portfolios: frozenset[str] = frozenset()
    past_tenure: schema.PastTenure | None = None
    peerage: schema.Peerage | None = None
    committee_chairs: schema.CommitteeChairs | None = None
    #: closed-class word lists (``grammar.json``): name -> words, or word -> value (``pronoun_gender``)
    grammar: dict[str, Any] = field(default_factory=dict)
    #: event class -> what all its events do, whichever rule found them (``events.json`` "classes")
    classes: dict[str, ClassBehaviour] = field(default_factory=dict)
    #: time words (``time.json``), as plain lists and dicts
    time: dict[str, Any] = field(default_factory=dict)
    #: the Party Facts gazetteer (``parties.json``)
    gazetteer: tuple[schema_places.GazetteerParty, ...] = ()
    #: 'former Labour MP': words that make a membership past (``organizations.json``)
    membership_ends: frozenset[str] = frozenset()
    #: 'the African Union', 'Congress': bodies named like parties (``organizations.json``)
    bodies: frozenset[str] = frozenset()
    #: country code -> the words that name it (``countries.json``)
    countries: dict[str, tuple[str, ...]] = field(default_factory=dict)
    states: dict[str, schema_places.State] = field(
        default_factory=dict
    )  #: code -> state (``countries.json``, :mod:`.states`)

    def country_of(self, text: str) -> str | None:
        """The country a text is about: the one whose words (names, demonyms, capitals,
        legislatures, states) it uses most often; None if it uses none."""
        runs, by_run = set(_WORD_RUN.findall(text)), self._countries_by_run
        candidates = set(by_run.get("", ())).union(*(by_run[r] for r in runs if r in by_run))
        counts = {c: len(rx.findall(text)) for c, rx in self._country_words.items() if c in candidates}
        best = max(counts, key=lambda c: counts[c], default=None)
        return best if best is not None and counts[best] > 0 else None

    @cached_property
    def _country_words(self) -> dict[str, re.Pattern]:
        return {
            c: re.compile(
                r"(?<!\w)(?:" + "|".join(re.escape(w) for w in sorted(ws, key=len, reverse=True)) + r")(?!\w)"
            )
            for c, ws in self.countries.items()
        }

    @cached_property
    def _countries_by_run(self) -> dict[str, list[str]]:
        """The first run of word characters of each country word -> the countries with such a word ('' for a
        word that starts otherwise). A text's match of a word starts with the word's first run, whole: a word's
        run ends where the word does (its pattern wants no word character after it) or before a character that
        is no word character; so only the countries of the text's own runs can have a match."""
        found: dict[str, list[str]] = {}
        for c, ws in self.countries.items():
            for w in ws:
                m = _WORD_RUN.match(w)
                runs = found.setdefault(m.group() if m else "", [])
                if c not in runs:
                    runs.append(c)
        return found

    def wikidata(self, party: str, country: str | None = None, aliases: tuple[str, ...] = ()) -> str | None:
        """The Wikidata id ('Q9630') of a party by its name in a text about ``country``: the
        ``organizations.json`` party of that name (if it sits in that country, or none is known),
        else the gazetteer party of that country with that name (the name first, then ``aliases``:
        'Conservatives' names the British party). None where the gazetteer has no id, or the text
        names no country and ``organizations.json`` does not have the party."""
        own = self._wikidata.get(party)
        if own and (country is None or own[0] in {country, "*"}):
            return own[1]
        if country is None:
            return None
        names = self._gazetteer_names
        return next(
            (names[(country, n.casefold())] for n in (party, *aliases) if (country, n.casefold()) in names), None
        )

    def gazetteer_party(self, name: str, country: str | None) -> schema_places.GazetteerParty | None:
        """The gazetteer party of ``country`` that ``name`` names (its English name, short name or native
        name, any case, accents or apostrophes: 'M5S', 'Movimento 5 Stelle' in a text about Italy); None if
        none or several do."""
        found = self._gazetteer_by_name.get((country, _name_key(name)), ()) if country else ()
        return found[0] if len(found) == 1 else None

    @cached_property
    def _gazetteer_by_name(self) -> dict[tuple[str, str], tuple[schema_places.GazetteerParty, ...]]:
        """(country, folded name, short name or native name) -> the gazetteer parties so named, the existing first."""
        out: dict[tuple[str, str], list[schema_places.GazetteerParty]] = {}
        for g in sorted(self.gazetteer, key=lambda g: g.to is not None):
            for n in {_name_key(x) for x in (g.name, g.short, g.native) if x}:
                out.setdefault((g.country, n), []).append(g)
        # a dissolved party that shares a name with an existing one is not what a text names now
        return {k: tuple(x for x in v if x.to is None) or tuple(v) for k, v in out.items()}

    @cached_property
    def _gazetteer_names(self) -> dict[tuple[str | None, str], str]:
        """(country, folded name) -> Wikidata id (looked up with a party's country, which may be None)."""
        out: dict[tuple[str | None, str], str] = {}
        # a party still existing wins over a dissolved one of the same name; it also has its name
        # without its country ('Liberal Party' for 'Liberal Party of Australia')
        for g in sorted(self.gazetteer, key=lambda g: g.to is None):
            if g.wikidata:
                bare = g.name.split(" of ")[0] if g.to is None and " of " in g.name else None
                for n in (g.name, g.short, g.native, bare):
                    if n:
                        out[(g.country, n.casefold())] = g.wikidata
        return out

    @cached_property
    def _wikidata(self) -> dict[str, tuple[str, str]]:
        """organizations.json party name -> (its country, its Wikidata id)."""
        by_id = {g.id: g.wikidata for g in self.gazetteer if g.wikidata}
        names = self._gazetteer_names
        out = {}
        for p in self.parties:
            hit = (
                by_id.get(p.partyfacts)
                if p.partyfacts
                else next(
                    (
                        names[(p.country, n.casefold())]
                        for n in (p.name, *p.aliases)
                        if (p.country, n.casefold()) in names
                    ),
                    None,
                )
            )
            if hit:
                out[p.name] = (p.country or "*", hit)
        return out

    @cached_property
    def rules_by_lemma(self) -> dict[str, tuple[Rule, ...]]:
        """lemma -> the rules it can trigger, in the order of ``rules`` (one look-up a token)."""
        out: dict[str, list[Rule]] = {}
        for rule in self.rules:
            for lemma in rule.lemmas:
                out.setdefault(lemma, []).append(rule)
        return {k: tuple(v) for k, v in out.items()}

    def behaviour(self, cls: str) -> ClassBehaviour:
        """What every event of ``cls`` does (the defaults if ``events.json`` says nothing of it)."""
        return self.classes.get(cls) or _NO_BEHAVIOUR

    def office_words(self) -> dict[str, Office]:
        """Lower-cased title phrase -> office (made once: the mention rules ask for it per token)."""
        return self._office_words

    @cached_property
    def _office_words(self) -> dict[str, Office]:
        return {w: o for o in self.offices for w in o.words}

    @cached_property
    def offices_by_key(self) -> dict[str, Office]:
        """Office key -> office (made once: the title rules look offices up in every paragraph)."""
        return {o.key: o for o in self.offices}


_NO_BEHAVIOUR = ClassBehaviour()


def lexicon_path(name: str) -> Path:
    """Where a lexicon file is (under ``$KG_ONTOLOGY`` if set)."""
    return ontology_dir() / "lexicon" / name


def shown(path: Path) -> str:
    """A path as an error message shows it: relative to the working directory when inside it."""
    try:
        return str(path.resolve().relative_to(Path.cwd().resolve()))
    except (ValueError, OSError):
        return str(path)


def rule_error(rule_id: str, key: str, message: str) -> LexiconError:
    """The one-line error for a rule of ``events.json`` whose ``key`` is wrong."""
    return LexiconError(f"{shown(lexicon_path('events.json'))}: rule {rule_id!r}: key {key!r}: {message}")


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for k, v in pairs:
        if k in out:
            raise ValueError(f"key {k!r} appears twice in one object")
        out[k] = v
    return out


def read(name: str, directory: Path | None = None) -> BaseModel:
    """Read and check one lexicon file (``name`` is a key of :data:`schema.FILES`).

    Args:
        name: the file name, e.g. ``"events.json"``.
        directory: the lexicon folder; default ``ontology/lexicon`` (or ``$KG_ONTOLOGY/lexicon``).
    Returns:
        the validated model. Raises :class:`LexiconError` (one line) if the file is missing,
        not JSON, or does not fit its schema.
    """
    path = (directory / name) if directory is not None else lexicon_path(name)
    where = shown(path)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise LexiconError(f"{where}: lexicon file missing; is KG_ONTOLOGY pointing at the ontology folder?") from None
    try:
        raw = json.loads(text, object_pairs_hook=_no_duplicates)
    except json.JSONDecodeError as err:
        raise LexiconError(f"{where}:{err.lineno}:{err.colno}: not valid JSON: {err.msg}") from None
    except ValueError as err:
        raise LexiconError(f"{where}: {err}") from None
    model = schema.FILES[name]
    try:
        return model.model_validate_json(text)
    except ValidationError as err:
        raise LexiconError(f"{where}: {explain(err, raw, model)}") from None


@cache
def load() -> Lexicon:
    """Read and check ``titles.json``, ``organizations.json``, ``events.json``, ``modality.json``,
    ``grammar.json``, ``time.json``, ``parties.json`` and ``countries.json``; raises :class:`LexiconError` for the first that does not fit."""
    titles, orgs, events, modality, grammar, time, gazetteer, countries = (
        read(n)
        for n in (
            "titles.json",
            "organizations.json",
            "events.json",
            "modality.json",
            "grammar.json",
            "time.json",
            "parties.json",
            "countries.json",
        )
    )
    assert isinstance(gazetteer, schema.PartiesFile) and isinstance(countries, schema.CountriesFile)
    assert isinstance(titles, schema.TitlesFile) and isinstance(orgs, schema.OrganizationsFile)
    assert isinstance(events, schema.EventsFile) and isinstance(grammar, schema.GrammarFile)
    offices = tuple(o.model_copy(update={"words": tuple(w.lower() for w in o.words)}) for o in titles.offices)
    return Lexicon(
        offices=offices,
        presiding_descriptions=titles.presiding_descriptions,
        party_roles=dict(titles.party_roles),
        lead_verbs=titles.lead_verbs,
        member_nouns=titles.member_nouns,
        name_stop_words=titles.name_stop_words,
        honorifics=dict(titles.honorifics),
        parties=orgs.parties,
        party_head_words=orgs.party_head_words,
        org_head_words=orgs.org_head_words,
        party_adjectives=dict(orgs.party_adjectives),
        legislature_words=orgs.legislature_words,
        rules=events.rules,
        motion_nouns=events.motion_nouns,
        motion_name_heads=events.motion_name_heads,
        charge_nouns=events.charge_nouns,
        speech_verbs=events.speech_verbs,
        remark_governors=events.remark_governors,
        party_abbreviations=dict(titles.party_abbreviations),
        not_current=titles.not_current,
        elect_suffixes=titles.elect_suffixes,
        portfolios=titles.portfolios,
        past_tenure=titles.past_tenure,
        peerage=titles.peerage,
        committee_chairs=titles.committee_chairs,
        modality=dict(modality.model_dump()),
        grammar={k: (dict(v) if isinstance(v, dict) else v) for k, v in grammar.model_dump().items()},
        classes=dict(events.classes),
        time=time.model_dump(),
        gazetteer=gazetteer.parties,
        membership_ends=orgs.membership_ends,
        bodies=orgs.bodies,
        countries=dict(countries.countries),
        states=dict(countries.states),
    )
