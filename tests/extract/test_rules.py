"""The registry of construction handlers (kg.extract.events.rules): one handler per construction key
the schema declares, readers that match the schema's choices, and parameter checks that fail
the rules' compilation in one line naming file, rule and key."""

from __future__ import annotations

import dataclasses
import json

import pytest

from kg.extract.events import rules
from kg.ontology import lexicon, schema
from kg.ontology.lexicon import LexiconError


def test_rules_every_construction_key_has_one_handler() -> None:
    handlers = rules.registry()
    assert set(handlers) == schema.construction_keys()
    assert all(h.key == k for k, h in handlers.items())


def test_rules_handlers_run_in_the_order_the_schema_declares_the_keys() -> None:
    order = [f.alias or n for n, f in schema.Rule.model_fields.items()]
    keys = list(rules.registry())
    assert keys == sorted(keys, key=order.index)


@pytest.mark.parametrize("key", ["target_from", "charge_from", "agent_from"])
def test_rules_reader_choices_are_the_schemas(key: str) -> None:
    handler = rules.registry()[key]
    annotation = str(schema.Rule.model_fields[key].annotation)
    assert handler.choices and all(repr(c) in annotation for c in handler.choices)


def test_rules_every_handler_implements_a_hook_or_a_check() -> None:
    for key, handler in rules.registry().items():
        hooks = [h for h in rules.HOOKS if hasattr(handler, h)]
        assert hooks, f"{key} does nothing"
        assert handler.__doc__, f"{key} has no docstring"


def test_rules_shipped_rules_compile() -> None:
    by_lemma = rules.compiled()
    assert {r.id for rs in by_lemma.values() for r in rs} == {r.id for r in lexicon.load().rules}
    assert rules.compiled() is by_lemma  # once per lexicon


def _rule(**fields) -> schema.Rule:
    data = {"rule": "test.rule", "class": "Ejection", "lemmas": ["eject"], **fields}
    return schema.Rule.model_validate_json(json.dumps(data))


@pytest.mark.parametrize("fields,key,message", [
    ({"target_from": "xcomp_subject"}, "target_from",
     "'xcomp_subject' reads the subject of the xcomp complement: the rule needs 'xcomp'"),
    ({"target_from": "ccomp_subject"}, "target_from",
     "'ccomp_subject' reads the subject of the ccomp complement: the rule needs 'ccomp'"),
    ({"prep": ["against"], "target_from": "prep_to"}, "prep",
     "prep already says where the target is: drop target_from or prep"),
    ({"agent_from": "governor"}, "agent_from",
     "'governor' is the subject of a requires_governor verb: the rule needs 'requires_governor'"),
    ({"agent_from": "governor", "requires_governor": ["try"], "target_from": "self"}, "agent_from",
     "agent_from reads the target too: drop target_from and prep"),
    ({"negated_future_class": "Ejection"}, "negated_future_class", "'Ejection' is the rule's own class"),
    ({"negated_future_class": "Apology", "only_negated_future": True}, "negated_future_class",
     "only_negated_future already makes a negated future an event of the rule's class"),
    ({"refers_to": "Statement"}, "refers_to", "no rule produces 'Statement', so this rule could never match"),
    ({"after_class": "Statement"}, "after_class", "no rule produces 'Statement', so this rule could never match"),
    ({"domain": "sporting"}, "domain", "no domain 'sporting' in events.json 'domains'"),
    ({"target_from": "xcomp_object"}, "target_from",
     "'xcomp_object' reads the object of the xcomp complement: the rule needs 'xcomp'"),
    ({"only_negated": True, "only_negated_future": True}, "only_negated",
     "only_negated already decides a negated trigger: drop only_negated_future / negated_future_class"),
    ({"implicit_agent": True}, "implicit_agent",
     "an implicit agent stands for a by-phrase the passive leaves out: the rule needs voice 'passive'"),
])
def test_rules_bad_parameter_fails_compilation_naming_rule_and_key(fields: dict, key: str, message: str) -> None:
    lex = dataclasses.replace(lexicon.load(), rules=lexicon.load().rules + (_rule(**fields),))
    with pytest.raises(LexiconError) as err:
        rules.compile_rules(lex)
    assert str(err.value) == f"{lexicon.shown(lexicon.lexicon_path('events.json'))}: rule 'test.rule': key {key!r}: {message}"


def test_rules_false_flag_makes_no_handler() -> None:
    lex = dataclasses.replace(lexicon.load(), rules=(_rule(bare=False, requires_target=True),))
    (compiled,) = rules.compile_rules(lex)["eject"]
    assert compiled.has("requires_target") and not compiled.has("bare")
    assert compiled.has("target_kind") and compiled.has("voice")  # keys with a default are always there
