"""The value tests of the fast SHACL check (:mod:`kg.semantics.conform`), as pySHACL runs them.

Each test is made once, when the shapes are compiled (:mod:`kg.semantics.shapeplans`), from one
constraint's parameter: a callable ``(value, index) -> bool`` that says whether one value node
passes it (``index`` is the chunk's :class:`kg.semantics.conform._Index`, for ``sh:class``).
"""

from __future__ import annotations

import re

from rdflib import RDF, RDFS, BNode, Literal, URIRef
from rdflib.namespace import XSD
from rdflib.term import _NUMERIC_LITERAL_TYPES

from kg.errors import KgError
from kg.semantics.validate import SH

__all__ = [
    "UnsupportedShapesError",
    "as_integer",
    "class_test",
    "datatype_test",
    "in_test",
    "less_than",
    "min_length_test",
    "node_kind_test",
    "not_test",
    "or_test",
    "pattern_test",
    "range_test",
]

_STRING, _LANG_STRING, _LITERAL, _DATATYPE = XSD.string, RDF.langString, RDFS.Literal, RDFS.Datatype


def _value_checks() -> dict:
    from datetime import date, datetime, time
    from decimal import Decimal

    return {
        XSD.string: (str, bytes),
        RDF.langString: (str, bytes),
        XSD.integer: int,
        XSD.float: float,
        XSD.decimal: Decimal,
        XSD.boolean: bool,
        XSD.date: date,
        XSD.time: time,
        XSD.dateTime: datetime,
    }


_CHECKS = _value_checks()
_KINDS = {
    SH.IRI: (URIRef,),
    SH.BlankNode: (BNode,),
    SH.Literal: (Literal,),
    SH.BlankNodeOrIRI: (BNode, URIRef),
    SH.BlankNodeOrLiteral: (BNode, Literal),
    SH.IRIOrLiteral: (URIRef, Literal),
}


class UnsupportedShapesError(KgError):
    """The shapes use a SHACL feature the fast check does not evaluate (pySHACL is used instead)."""


def as_integer(value, name: str) -> int:
    try:
        return int(value)
    except (TypeError, ValueError):
        raise UnsupportedShapesError(f"sh:{name} {value!r} is not an integer") from None


# The value tests, each a callable (value, index) -> whether the value passes. rdflib's term classes are abc
# classes, on which isinstance is slow when it fails; a test first compares the exact type of the value with
# URIRef, BNode or Literal (what an rdflib graph holds).


def datatype_test(dtype):
    """pySHACL's sh:datatype test (DatatypeConstraintComponent) for ``dtype``."""
    if type(dtype) is not URIRef:
        raise UnsupportedShapesError(f"sh:datatype {dtype!r} is not an IRI")
    any_literal, any_datatype = dtype == _LITERAL, dtype == _DATATYPE
    string, lang_string = dtype == _STRING, dtype == _LANG_STRING
    check = _CHECKS.get(dtype)

    def ok(v, index) -> bool:
        if type(v) is not Literal and (type(v) in (URIRef, BNode) or not isinstance(v, Literal)):
            return False
        dt = v.datatype  # None or a URIRef (rdflib makes it one): str.__eq__ is then rdflib's ==
        if type(dt) is URIRef and str.__eq__(dt, dtype):
            if v.ill_typed is True:
                return False
        elif any_literal or (any_datatype and dt):
            return True
        elif not (dt is None and v.language is None and string) and not (lang_string and v.language):
            return False
        return check is None or isinstance(v.value, check)

    return ok


def _is_bnode(v) -> bool:
    return type(v) is BNode or (type(v) not in (URIRef, Literal) and isinstance(v, BNode))


def min_length_test(n: int):
    """sh:minLength: ``v`` is not a blank node and its string is at least ``n`` characters long."""
    return lambda v, index: not _is_bnode(v) and len(str(v)) >= n


def pattern_test(pattern, flags: int):
    """sh:pattern: ``v`` is not a blank node and the regular expression matches its string somewhere."""
    try:
        regex = re.compile(str(pattern), flags)
    except re.error as e:
        raise UnsupportedShapesError(f"sh:pattern {str(pattern)!r}: {e}") from None
    return lambda v, index: not _is_bnode(v) and regex.search(str(v)) is not None


def in_test(allowed: list):
    """sh:in: ``v`` is one of ``allowed`` (rdflib's ==; for IRIs, the same type and the same string)."""
    if all(type(a) is URIRef for a in allowed):
        iris = frozenset(str(a) for a in allowed)
        return lambda v, index: type(v) is URIRef and str(v) in iris
    return lambda v, index: v in allowed


def node_kind_test(kind):
    """sh:nodeKind: ``v`` is a term of one of the kind's classes."""
    kinds = _KINDS.get(kind, ())
    exact = frozenset(kinds)
    return lambda v, index: type(v) in exact or isinstance(v, kinds)


def class_test(cls):
    """sh:class: ``v`` is not a literal and has ``cls`` among its rdf:type (the graph extends no class)."""

    def ok(v, index) -> bool:
        if type(v) is Literal or (type(v) not in (URIRef, BNode) and isinstance(v, Literal)):
            return False
        return v in index.members[cls]

    return ok


def range_test(bound, below: bool):
    """sh:minInclusive (``below`` False) or sh:maxInclusive: ``v`` on the right side of ``bound`` or equal;
    anything not comparable fails (pySHACL's value ranges)."""
    if not isinstance(bound, Literal):
        raise UnsupportedShapesError(f"the bound {bound!r} is not a literal")
    b = bound.value
    b_str = isinstance(b, str)

    def ok(v, index) -> bool:
        if type(v) is not Literal and (type(v) in (URIRef, BNode) or not isinstance(v, Literal)):
            return False
        a = v.value
        if isinstance(a, str) != b_str or a is None or b is None:
            return False
        try:
            return a <= b if below else a >= b
        except TypeError:
            return False

    return ok


def or_test(alternatives: list):
    """sh:or: ``v`` passes all the tests of one of the alternatives at least."""

    def ok(v, index) -> bool:
        for tests in alternatives:
            for test in tests:
                if not test(v, index):
                    break
            else:
                return True
        return False

    return ok


def not_test(tests: tuple):
    """sh:not: ``v`` fails one of the tests at least."""

    def ok(v, index) -> bool:
        return any(not test(v, index) for test in tests)

    return ok


#: rdflib's numeric datatypes (its Literal's comparisons compare the values of two of them straight away)
_NUMERIC = frozenset(str(t) for t in _NUMERIC_LITERAL_TYPES if type(t) is URIRef)


def less_than(v, w) -> bool:
    """pySHACL's sh:lessThan test of one pair."""
    if type(v) is Literal and type(w) is Literal:
        dv, dw = v.datatype, w.datatype
        if type(dv) is URIRef and type(dw) is URIRef and str(dv) in _NUMERIC and str(dw) in _NUMERIC:
            a, b = v.value, w.value
            if not v.ill_typed and not w.ill_typed and a is not None and b is not None:
                return not a > b and not a == b  # noqa: SIM201 - what rdflib's v < w then is: not v > w, not v equal to w
    if isinstance(v, BNode) or isinstance(w, BNode):
        return False

    def plain(x):
        if isinstance(x, URIRef):
            return str(x), True
        if isinstance(x, Literal) and isinstance(x.value, str):
            return x.value, True
        return x, False

    a, a_str = plain(v)
    b, b_str = plain(w)
    if a_str != b_str:
        return False
    try:
        return bool(a < b)
    except TypeError:
        return False
