"""Every rule of ontology/lexicon/events.json carries its own examples (sentences it must match,
with the agent and target it must find) and traps (sentences that must give no asserted event
of it); this one table runs them all through the real model."""

from __future__ import annotations

import pytest

from kg.ontology import lexicon


def _names(mentions) -> str | None:
    return " & ".join(sorted(m.entity.name for m in mentions if m.entity)) or None


def _examples():
    return [pytest.param(rule, ex, id=f"{rule.id}: {ex.text[:50]}") for rule in lexicon.load().rules for ex in rule.examples]


def _traps():
    return [pytest.param(rule, text, id=f"{rule.id}: {text[:50]}") for rule in lexicon.load().rules for text in rule.traps]


def test_rule_examples_every_rule_has_an_example_and_a_trap() -> None:
    bare = [r.id for r in lexicon.load().rules if not r.examples or not r.traps]
    assert not bare, f"rules without an example or a trap: {bare}"


@pytest.mark.model
@pytest.mark.parametrize("rule,example", _examples())
def test_rule_examples_example_is_matched(facts, rule, example) -> None:
    _, _, analysis = facts(example.text)
    found = [(_names(e.agents), _names(e.targets)) for e in analysis.events
             if e.rule == rule.id and e.asserted and e.cls == (example.cls or rule.cls)]
    assert (example.agent, example.target) in found, \
        f"want {example.cls or rule.cls}({example.agent}, {example.target}) from {rule.id}; got {found}"


@pytest.mark.model
@pytest.mark.parametrize("rule,text", _traps())
def test_rule_examples_trap_is_not_matched(facts, rule, text) -> None:
    _, _, analysis = facts(text)
    found = [(e.cls, _names(e.agents), _names(e.targets)) for e in analysis.events if e.rule == rule.id and e.asserted]
    assert not found, f"{rule.id} must not assert anything here; got {found}"
