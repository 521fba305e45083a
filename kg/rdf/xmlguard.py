"""RDF/XML's document type declarations, checked before a parser expands them.

An RDF/XML file may declare entities in its DTD. Plain ones are common and harmless (OWL files
written by Protégé abbreviate namespaces as ``<!ENTITY owl "http://www.w3.org/2002/07/owl#">``),
but an entity defined by other entities grows exponentially when expanded: ten nested
declarations in a few hundred bytes ("billion laughs") expand to gigabytes, and both parsers kg
uses (Oxigraph and rdflib's expat) expand them. Entities read from elsewhere (``SYSTEM``/``PUBLIC``)
reach beyond the file. :func:`check` refuses both before the file is parsed, and allows the
plain kind.

A DTD can only stand before the document's first element, so only the prolog is read.
"""

from __future__ import annotations

import re
from pathlib import Path

__all__ = ["MAX_PROLOG_BYTES", "check", "problem"]

#: the most of a file read to find the end of its DTD; a longer DTD is refused
MAX_PROLOG_BYTES = 1 << 20

_DOCTYPE = re.compile(rb"<!DOCTYPE\b", re.IGNORECASE)
_FIRST_ELEMENT = re.compile(rb"<[A-Za-z_:]")
_ENTITY = re.compile(r"<!ENTITY\s+(%\s+)?([^\s>]+)\s+(SYSTEM\b|PUBLIC\b|\"[^\"]*\"|'[^']*')", re.IGNORECASE)


def problem(prolog: bytes) -> str | None:
    """Why the RDF/XML document starting with ``prolog`` is refused, or None.

    >>> problem(b'<!DOCTYPE r [<!ENTITY owl "http://www.w3.org/2002/07/owl#">]><r/>') is None
    True
    >>> problem(b'<!DOCTYPE r [<!ENTITY a "ha"><!ENTITY b "&a;&a;">]><r/>')
    'its DTD defines the entity b by other entities, which expand exponentially (refused)'
    """
    doctype = _DOCTYPE.search(prolog)
    if doctype is None:
        return None
    element = _FIRST_ELEMENT.search(prolog)
    if element is not None and element.start() < doctype.start():
        return None  # a DOCTYPE after the root element is not a DTD; the parser reports it
    text = prolog[doctype.start() :].decode("utf-8", errors="replace")
    opening = text.find("[")
    closing = text.find(">")
    if opening < 0 or (0 <= closing < opening):
        if re.match(r"<!DOCTYPE\s+\S+\s+(SYSTEM|PUBLIC)\b", text, re.IGNORECASE):
            return "its DTD is read from elsewhere (SYSTEM or PUBLIC), which kg does not fetch (refused)"
        return None  # <!DOCTYPE rdf:RDF>: no declarations
    end = text.find("]", opening)
    if end < 0:
        return (
            f"its DTD does not end within its first {MAX_PROLOG_BYTES // (1 << 20)} MiB "
            "(refused: a DTD that long is no RDF/XML kg reads)"
        )
    subset = text[opening + 1 : end]
    for match in _ENTITY.finditer(subset):
        parameter, name, value = match.groups()
        if parameter:
            return f"its DTD declares the parameter entity %{name}, which kg does not expand (refused)"
        if value.upper() in ("SYSTEM", "PUBLIC"):
            return (
                f"its DTD reads the entity {name} from elsewhere (SYSTEM or PUBLIC), which kg does not fetch (refused)"
            )
        if "&" in value or "%" in value:
            return f"its DTD defines the entity {name} by other entities, which expand exponentially (refused)"
    return None


def check(path: Path | str | None = None, data: bytes | None = None) -> str | None:
    """:func:`problem` of a file (its first :data:`MAX_PROLOG_BYTES`) or of ``data``; None when it is fine
    or cannot be read (the parser then says why)."""
    if data is not None:
        return problem(bytes(data[:MAX_PROLOG_BYTES]))
    try:
        with open(path, "rb") as fh:  # type: ignore[arg-type]
            return problem(fh.read(MAX_PROLOG_BYTES))
    except OSError:
        return None
