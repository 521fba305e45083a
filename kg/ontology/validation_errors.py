"""One line for a lexicon file that does not fit its schema: the first of pydantic's errors, named by the
rule (or office, party, class) and the key it is in, with a suggestion for a misspelt key
(:func:`kg.ontology.lexicon.read`)."""

from __future__ import annotations

import difflib
import types
import typing
from typing import Any

from pydantic import BaseModel, ValidationError

__all__ = ["explain"]


#: the part of a file an error is in, by the list it sits in, and the key that names an entry
_ENTRIES = {
    "rules": ("rule", "rule"),
    "offices": ("office", "key"),
    "parties": ("party", "name"),
    "classes": ("class", None),
}
_PLAIN = {
    "frozen_set_type": "expected a list",
    "tuple_type": "expected a list",
    "list_type": "expected a list",
    "dict_type": "expected an object",
    "model_type": "expected an object",
    "string_type": "expected a string",
    "bool_type": "expected true or false",
    "float_type": "expected a number",
    "int_type": "expected an integer",
    "too_short": "must not be empty",
}


def explain(err: ValidationError, raw: Any, model: type[BaseModel]) -> str:
    """The first error of ``err`` (unknown keys first) as 'rule 'x': unknown key 'y' (did you mean ...)'."""
    errors = sorted(err.errors(), key=lambda e: e["type"] != "extra_forbidden")
    first = errors[0]
    if first["type"] == "extra_forbidden":
        # a misspelt required key is also reported missing: that is the same mistake
        near = difflib.get_close_matches(str(first["loc"][-1]), _keys_at(model, list(first["loc"][:-1])), n=1)
        errors = [e for e in errors if not (e["type"] == "missing" and e["loc"] == first["loc"][:-1] + tuple(near))]
    loc = list(first["loc"])
    where = ""
    entry = _ENTRIES.get(loc[0]) if loc and isinstance(loc[0], str) else None
    if entry and len(loc) > 1:
        what, name_key = entry
        item = loc[1]
        if isinstance(item, int):
            named = raw[loc[0]][item] if isinstance(raw, dict) and isinstance(raw.get(loc[0]), list) else None
            label = named.get(name_key) if isinstance(named, dict) else None
            where = f"{what} {label!r}: " if isinstance(label, str) else f"{loc[0]}[{item}]: "
        else:
            where = f"{what} {item!r}: "
        inner, scope = loc[2:], loc[:2]
    else:
        inner, scope = loc, []
    more = f" (and {len(errors) - 1} more)" if len(errors) > 1 else ""
    if first["type"] == "extra_forbidden":
        key = str(inner[-1])
        known = _keys_at(model, scope + inner[:-1])
        near = difflib.get_close_matches(key, known, n=1)
        hint = f" (did you mean {near[0]!r}?)" if near else ""
        path = _dotted(inner[:-1])
        return f"{where}{path + ': ' if path else ''}unknown key {key!r}{hint}{more}"
    if first["type"] == "missing":
        return f"{where}missing key {_dotted(inner)!r}{more}"
    if inner and inner[-1] == "[key]":
        return f"{where}{_message(first)}{more}"
    key = _dotted(inner)
    return f"{where}{'key ' + repr(key) + ': ' if key else ''}{_message(first)}{more}"


def _message(e: Any) -> str:  # one of pydantic_core ErrorDetails
    if e["type"] == "literal_error":
        choices = e.get("ctx", {}).get("expected", "")
        return f"{e['input']!r} is not one of {choices}"
    if e["type"] == "value_error":
        return str(e["ctx"]["error"])
    plain = _PLAIN.get(e["type"])
    if plain is not None:
        return plain
    msg = e["msg"]
    return msg[:1].lower() + msg[1:]


def _dotted(loc: list) -> str:
    out = ""
    for part in loc:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    return out


def _keys_at(model: type[BaseModel], loc: list) -> list[str]:
    """The keys the model reached by ``loc`` (a path into the file) accepts."""
    tp: Any = model
    for part in loc:
        tp = _step(tp, part)
        if tp is None:
            return []
    tp = _unwrap(tp)
    if isinstance(tp, type) and issubclass(tp, BaseModel):
        return [f.alias or n for n, f in tp.model_fields.items()]
    return []


def _unwrap(tp: Any) -> Any:
    """The type inside ``Annotated[...]`` and ``X | None``."""
    while True:
        origin = typing.get_origin(tp)
        if origin is typing.Annotated:
            tp = typing.get_args(tp)[0]
        elif origin in (typing.Union, types.UnionType):
            args = [a for a in typing.get_args(tp) if a is not type(None)]
            if len(args) != 1:
                return tp
            tp = args[0]
        else:
            return tp


def _step(tp: Any, part: Any) -> Any:
    tp = _unwrap(tp)
    if isinstance(tp, type) and issubclass(tp, BaseModel):
        return next((f.annotation for n, f in tp.model_fields.items() if (f.alias or n) == part), None)
    origin, args = typing.get_origin(tp), typing.get_args(tp)
    if origin in (tuple, list, frozenset) and args and isinstance(part, int):
        return args[0]
    if origin is dict and len(args) == 2 and isinstance(part, str):
        return args[1]
    return None


# -- the lexicon ----------------------------------------------------------------------------------
