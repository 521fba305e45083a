"""The predicates a SPARQL constraint's query can match, read from its text without a SPARQL parser.

The fast SHACL check (:mod:`kg.semantics.conform`) runs the shapes' SHACL-SPARQL constraints in
Oxigraph over each chunk of a build; only triples of the predicates their patterns name can take
part in the answers, so the check loads only those (about half a chunk's lines). rdflib's SPARQL
parser would give them too, but importing it costs a worker process about 0.4 s, more than the
loading it saves on a large build; this module reads the part of SPARQL that constraints are
written in, and gives up (None: every triple is loaded) on anything else.

Read: ``PREFIX`` declarations; the ``WHERE`` group, whose triple patterns may use ``;`` and ``,``,
``a``, IRIs, prefixed names, variables and literals in subject and object places, and whose other
parts may be ``FILTER`` (an expression, ``EXISTS`` or ``NOT EXISTS`` groups inside it read too),
``BIND``, ``OPTIONAL``, ``MINUS``, ``GRAPH``, ``UNION`` and nested groups; solution modifiers after it.
Given up on: a variable, a property path or anything but an IRI in a predicate's place; blank-node
brackets and collections; ``VALUES``, ``SERVICE``, subqueries, ``BASE``; a prefix not declared;
whatever does not tokenize.
"""

from __future__ import annotations

import re
from typing import cast

from rdflib import RDF

__all__ = ["query_predicates"]

RDF_TYPE = str(RDF.type)

_TOKEN = re.compile(
    r"""
    (?P<space>\s+|\#[^\n]*)
  | (?P<iri><[^<>"{}|^`\\\x00-\x20]*>)
  | (?P<string>\"\"\"(?:[^"\\]|\\.|"(?!""))*\"\"\"|'''(?:[^'\\]|\\.|'(?!''))*'''|"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*')
  | (?P<var>[?$][A-Za-z0-9_\u00B7-\uFFFF]+)
  | (?P<pname>(?:[A-Za-z\u00C0-\uFFFF][\w.\-\u00B7-\uFFFF]*)?:(?:[\w\-:%\u00B7-\uFFFF]|\.(?=[\w\-:%]))*)
  | (?P<number>[+-]?(?:\d+\.?\d*(?:[eE][+-]?\d+)?|\.\d+(?:[eE][+-]?\d+)?))
  | (?P<lang>@[A-Za-z]+(?:-[A-Za-z0-9]+)*)
  | (?P<word>[A-Za-z_][A-Za-z_0-9]*)
  | (?P<punct>\^\^|&&|\|\||!=|<=|>=|[{}()\[\];,.!^/|*+?=<>-])
""",
    re.VERBOSE,
)


class _GiveUp(Exception):
    pass


def _tokens(text: str) -> list[tuple[str, str]]:
    out, i = [], 0
    while i < len(text):
        m = _TOKEN.match(text, i)
        if m is None:
            raise _GiveUp(text[i : i + 20])
        i = m.end()
        if m.lastgroup != "space":
            out.append((cast(str, m.lastgroup), m.group()))  # every alternative of _TOKEN is a named group
    return out


class _Reader:
    def __init__(self, tokens: list[tuple[str, str]]):
        self.tokens, self.i = tokens, 0
        self.prefixes: dict[str, str] = {}
        self.found: set[str] = set()

    def peek(self, ahead: int = 0) -> tuple[str, str]:
        j = self.i + ahead
        return self.tokens[j] if j < len(self.tokens) else ("end", "")

    def next(self) -> tuple[str, str]:
        token = self.peek()
        if token[0] == "end":
            raise _GiveUp("end of query")
        self.i += 1
        return token

    def expect(self, value: str) -> None:
        if self.next()[1] != value:
            raise _GiveUp(value)

    def word(self, ahead: int = 0) -> str:
        kind, text = self.peek(ahead)
        return text.upper() if kind == "word" else ""

    def query(self) -> None:
        while self.word() == "PREFIX":
            self.i += 1
            kind, name = self.next()
            kind_iri, iri = self.next()
            if kind != "pname" or not name.endswith(":") or kind_iri != "iri":
                raise _GiveUp(name)
            self.prefixes[name[:-1]] = iri[1:-1]
        while self.peek()[1] != "{":  # SELECT ... WHERE: variables, DISTINCT, (expression AS ?v)
            if self.peek()[0] == "end" or self.word() in {"BASE", "FROM"}:
                raise _GiveUp("no group")
            self.i += 1
        self.group()
        for _, text in self.tokens[self.i :]:  # ORDER BY, LIMIT ...: no pattern
            if text in {"{", "}"}:
                raise _GiveUp(text)

    def group(self) -> None:
        self.expect("{")
        while True:
            kind, text = self.peek()
            word = self.word()
            if text == "}":
                self.i += 1
                return
            if text == "{":
                self.group()
            elif text == ".":
                self.i += 1
            elif word in {"UNION", "OPTIONAL", "MINUS"}:
                self.i += 1
                self.group()
            elif word == "GRAPH":
                self.i += 1
                if self.next()[0] not in {"var", "iri", "pname"}:
                    raise _GiveUp("GRAPH")
                self.group()
            elif word == "FILTER":
                self.i += 1
                self.constraint()
            elif word == "BIND":
                self.i += 1
                self.expression()
            elif kind in {"var", "iri", "pname", "string", "number"}:
                self.triples()
            else:
                raise _GiveUp(text)

    def constraint(self) -> None:
        if self.word() == "NOT" and self.word(1) == "EXISTS":
            self.i += 2
            self.group()
        elif self.word() == "EXISTS":
            self.i += 1
            self.group()
        else:
            if self.peek()[0] in {"word", "pname", "iri"} and self.peek(1)[1] == "(":  # a function call
                self.i += 1
            self.expression()

    def expression(self) -> None:
        """A parenthesised expression, its (NOT) EXISTS groups read as groups."""
        self.expect("(")
        depth = 1
        while depth:
            if self.word() == "EXISTS":
                self.i += 1
                self.group()
                continue
            text = self.next()[1]
            if text in {"{", "}"}:
                raise _GiveUp(text)
            depth += {"(": 1, ")": -1}.get(text, 0)

    def term(self) -> None:
        kind, text = self.next()
        if kind == "string":
            if self.peek()[0] == "lang":
                self.i += 1
            elif self.peek()[1] == "^^":
                self.i += 1
                if self.next()[0] not in {"iri", "pname"}:
                    raise _GiveUp("^^")
        elif kind == "word" and text in {"true", "false"}:
            pass
        elif kind not in {"var", "iri", "pname", "number"}:
            raise _GiveUp(text)

    def triples(self) -> None:
        self.term()  # the subject
        while True:
            kind, text = self.next()  # the predicate
            if kind == "word" and text == "a":
                self.found.add(RDF_TYPE)
            elif kind in {"iri", "pname"}:
                self.found.add(self.iri(kind, text))
            else:
                raise _GiveUp(text)  # a variable, a path, a negated set
            if self.peek()[1] in {"/", "|", "^", "*", "+", "?"}:
                raise _GiveUp("path")
            self.term()
            while self.peek()[1] == ",":
                self.i += 1
                self.term()
            while self.peek()[1] == ";" and self.peek(1)[1] == ";":
                self.i += 1
            if self.peek()[1] != ";":
                return
            self.i += 1
            if self.peek()[1] in {".", "}"}:
                return

    def iri(self, kind: str, text: str) -> str:
        if kind == "iri":
            return text[1:-1]
        prefix, _, local = text.partition(":")
        if prefix not in self.prefixes or "\\" in local or "%" in local:
            raise _GiveUp(text)
        return self.prefixes[prefix] + local


def query_predicates(query: str) -> frozenset[str] | None:
    """The IRIs in the predicate places of ``query``'s triple patterns, or None when it may match a
    triple of any predicate or is not in the part of SPARQL this module reads (see the module)."""
    try:
        reader = _Reader(_tokens(query))
        reader.query()
    except _GiveUp:
        return None
    return frozenset(reader.found)
