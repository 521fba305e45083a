"""The registry of the rule language: one handler per construction key of ``events.json``.

As pySHACL maps each constraint parameter to the component class that owns it, every
construction key a rule may carry (declared, typed and documented in
:class:`kg.ontology.schema.Rule`) is owned by one :class:`Construction` subclass registered
here with :func:`construction`. When the rules are compiled (:func:`compiled`, once per
lexicon), each rule gets one handler per key it uses; the handler checks its parameters then
(:meth:`Construction.problem`: a one-line :class:`~kg.ontology.lexicon.LexiconError` naming
file, rule and key). The matcher (:mod:`kg.extract.events.matcher`) calls the hooks each handler
implements, phase by phase, and within a phase in the order the schema declares the keys:

=============================  ==================================================================
``fits(tok)``                  the construction around the trigger is there (particles, objects)
``polarity(neg, future, cls)`` a (modality, class) verdict for a negated or future trigger
``licensed(tok)``, ``licenses(gov)``  a governing verb licenses (and asserts) the trigger
``voiced(passive)``            the trigger's voice fits
``read(args)``                 where the agent and target are (:class:`Arguments`); False: no event
``charge(tok)``                an accusation's (target override, charge); None: no event
``refine(match)``              target kinds and discourse (:class:`Match`); False: no event
``require(match)``             last checks on the arguments; False: no event
=============================  ==================================================================

Adding a construction is a field in ``schema.Rule`` and one handler class, registered here or
in the module of its family (:data:`FAMILIES`); a key whose value picks one of several readers
(``target_from``, ``charge_from``, ``agent_from``) declares them as ``choices``, checked
against the schema's choices.
"""

from __future__ import annotations

import importlib
import typing
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar

from spacy.tokens import Token

from kg.extract.context.state import Context
from kg.model import Event, Mention
from kg.ontology import lexicon, schema
from kg.ontology.lexicon import Lexicon, Rule

#: the modules whose handlers make up the registry, imported by :func:`registry`
FAMILIES = tuple(
    f"kg.extract.events.{family}"
    for family in (
        "arguments",
        "agents",
        "around",
        "charges",
        "modality",
        "discourse",
        "domain",
        "formulas",
        "lists",
        "participles",
        "quoted_charges",
        "decisions",
        "motions",
        "targets",
        "asks",
    )
)
#: the hooks a handler may implement, in the order the matcher calls them
HOOKS = ("fits", "polarity", "licensed", "licenses", "voiced", "read", "charge", "refine", "require")

_REGISTRY: dict[str, type[Construction]] = {}


class Construction:
    """The owner of one construction key; made once per rule that uses the key.

    ``value`` is the key's value in the rule (already typed by the schema), ``rule`` the rule.
    ``choices``, for a key whose value names a reader, maps each allowed value to it."""

    key: ClassVar[str] = ""
    choices: ClassVar[Mapping[str, Callable] | None] = None

    def __init__(self, value: Any, rule: Rule):
        self.value, self.rule = value, rule

    def problem(self, rules: tuple[Rule, ...]) -> str | None:
        """What is wrong with this key's parameters in this rule (given all rules), or None."""
        return None


def construction(key: str) -> Callable[[type[Construction]], type[Construction]]:
    """Class decorator: register a handler as the owner of ``key`` (one handler per key)."""

    def register(handler: type[Construction]) -> type[Construction]:
        if key in _REGISTRY:
            raise TypeError(f"construction key {key!r} is registered twice")
        handler.key = key
        _REGISTRY[key] = handler
        return handler

    return register


def registry() -> dict[str, type[Construction]]:
    """Construction key -> handler class, every family imported, checked against the schema."""
    for module in FAMILIES:
        importlib.import_module(module)
    declared = schema.construction_keys()
    if set(_REGISTRY) != declared:
        raise TypeError(
            f"construction keys without a handler: {sorted(declared - set(_REGISTRY))}; "
            f"handlers of no schema key: {sorted(set(_REGISTRY) - declared)}"
        )
    for key, handler in _REGISTRY.items():
        if handler.choices is not None and set(handler.choices) != set(_choices(key)):
            raise TypeError(
                f"{key}: the schema allows {sorted(_choices(key))}, the handler reads {sorted(handler.choices)}"
            )
    # in the order the schema declares the keys: the order their hooks are called in
    return {
        key: _REGISTRY[key] for key in (f.alias or n for n, f in schema.Rule.model_fields.items()) if key in declared
    }


def _choices(key: str) -> tuple[str, ...]:
    """The values ``schema.Rule`` allows for ``key`` (the arguments of its Literal)."""
    tp = schema.Rule.model_fields[key].annotation
    for arg in (tp, *typing.get_args(tp)):
        if typing.get_origin(arg) is typing.Literal:
            return typing.get_args(arg)
    return ()


@dataclass
class Arguments:
    """What the argument phase reads off the parse for one trigger (``read`` hooks change it)."""

    ctx: Context
    para: int
    tok: Token
    passive: bool
    agent: Token | None
    target: Token | None
    #: the target is the motion under discussion, whatever the parse says
    under_discussion: bool = False


@dataclass
class Match:
    """A trigger whose arguments are mentions now (``refine`` and ``require`` hooks change it)."""

    ctx: Context
    rule: CompiledRule
    cls: str
    para: int
    tok: Token
    earlier: list[Event]
    agents: list[Mention]
    targets: list[Mention]
    target_tok: Token | None
    under_discussion: bool = False
    #: the event this one comes after (``after_class``), when the rule asks for one
    prior: Event | None = None


@dataclass
class CompiledRule:
    """A rule with one handler per construction key it uses, and their hooks by name."""

    rule: Rule
    handlers: tuple[Construction, ...]
    hooks: dict[str, tuple[Callable, ...]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        for name in HOOKS:
            self.hooks[name] = tuple(getattr(h, name) for h in self.handlers if hasattr(h, name))

    @property
    def id(self) -> str:
        return self.rule.id

    def has(self, key: str) -> bool:
        """Does the rule use this construction key?"""
        return any(h.key == key for h in self.handlers)

    def fits(self, tok: Token) -> bool:
        """Is every construction the rule asks for around the trigger?"""
        return all(fit(tok) for fit in self.hooks["fits"])


def compile_rules(lex: Lexicon) -> dict[str, tuple[CompiledRule, ...]]:
    """Lemma -> the compiled rules it can trigger, in rule order; raises LexiconError for a bad parameter."""
    handlers = registry()
    out: dict[str, list[CompiledRule]] = {}
    for rule in lex.rules:
        made = []
        for key, handler in handlers.items():
            value = rule.get(key)
            if value is None or value is False:
                continue
            h = handler(value, rule)
            message = h.problem(lex.rules)
            if message is not None:
                raise lexicon.rule_error(rule.id, key, message)
            made.append(h)
        compiled = CompiledRule(rule, tuple(made))
        for lemma in rule.lemmas:
            out.setdefault(lemma, []).append(compiled)
    return {k: tuple(v) for k, v in out.items()}


_compiled: tuple[Lexicon, dict[str, tuple[CompiledRule, ...]]] | None = None


def compiled() -> dict[str, tuple[CompiledRule, ...]]:
    """The compiled rules of the lexicon in use, by lemma (compiled once per lexicon)."""
    global _compiled
    lex = lexicon.load()
    if _compiled is None or _compiled[0] is not lex:
        _compiled = (lex, compile_rules(lex))
    return _compiled[1]


def produced_classes(rules: tuple[Rule, ...]) -> frozenset[str]:
    """The event classes some rule can produce (its class, or its negated-future class)."""
    return frozenset(r.cls for r in rules) | frozenset(r.negated_future_class for r in rules if r.negated_future_class)
