"""Turtle and TriG with a full ``<IRI>`` wherever a prefixed name would need a backslash escape
(``doc:a\\#char\\=0``): valid Turtle 1.1 either way, but the OWL API 3 and Protégé 4 reject the escapes. Used by
:func:`kg.rdf.write.write_merged` on the merged files, a chunk of lines at a time."""

from __future__ import annotations

import re
from operator import itemgetter
from pathlib import Path

__all__ = ["COPY_CHUNK", "full_iris", "write_full_iris"]


#: in Turtle or TriG from Oxigraph: a string literal (left as it is), or a prefixed name whose
#: local part needed backslash escapes ('doc:a\#char\=0\,42')
_ESCAPED_NAME = re.compile(
    r'"(?:[^"\\\n]|\\.)*"'
    r'|(?<![\w<:"\\])([A-Za-z][\w.-]*)?:((?:[\w%:-]|\\[^\s]|\.(?=\.*[\w%:\\-]))*\\[^\s](?:[\w%:-]|\\[^\s]|\.(?=\.*[\w%:\\-]))*)'
)

#: a backslash escape in a prefixed name's local part, and the character it escapes
_ESCAPE = re.compile(r"\\(.)")
_escaped = itemgetter(1)

#: a backslash that may escape a character of a prefixed name (Turtle's PN_LOCAL_ESC: ``\_``, ``\.``, ...):
#: one followed by anything but a space or what only escapes in literals (``\"``, ``\\``, ``\n``, ``\u``...);
#: a line without one has no name for :func:`full_iris` to rewrite (an article's text has many backslashes, all
#: of literals, and the rewriting went through every such line: half a second on 300,000 triples)
_MAY_ESCAPE_NAME = re.compile(r'\\[^\s"\\nrtbfuU]')

#: characters of a Turtle or TriG file rewritten at a time by :func:`write_full_iris` (then to a line's end)
COPY_CHUNK = 1 << 20


def write_full_iris(source: Path, target: Path, prefixes: dict[str, str], chunk: int | None = None) -> None:
    """Copy Oxigraph's Turtle or TriG ``source`` to ``target``, each line with a backslash through
    :func:`full_iris` (its literals never span lines: line breaks inside them are escaped).

    The file is copied a chunk of lines at a time (``chunk`` characters, default :data:`COPY_CHUNK`,
    then on to the end of the line), so the memory it takes stays the same whatever the corpus: the
    merged Turtle of a large archive is many times the memory of the rest of a build."""
    size = chunk or COPY_CHUNK
    with open(source, encoding="utf-8") as src, open(target, "w", encoding="utf-8", newline="\n") as dst:
        while text := src.read(size):
            text += src.readline()
            dst.write(_full_iris_lines(text, prefixes))
    source.unlink()


def _full_iris_lines(text: str, prefixes: dict[str, str]) -> str:
    """:func:`full_iris` of each line of ``text`` that may have a name to rewrite (:data:`_MAY_ESCAPE_NAME`),
    the others as they are; lines end at line breaks alone (a literal may hold U+2028 and the like)."""
    parts: list[str] = []
    done = 0
    for m in _MAY_ESCAPE_NAME.finditer(text):
        if m.start() < done:  # in a line rewritten already
            continue
        start = text.rfind("\n", 0, m.start()) + 1
        end = text.find("\n", m.end())
        end = len(text) if end < 0 else end
        parts += (text[done:start], _full_iris_line(text[start:end], prefixes))
        done = end
    if not parts:
        return text
    parts.append(text[done:])
    return "".join(parts)


def _full_iris_line(line: str, prefixes: dict[str, str]) -> str:
    """:func:`full_iris` of one line, the part from its first literal on passed over when nothing there
    may be a name to rewrite: a line of Oxigraph's with an escaped name is most often a subject and a
    long literal (a sentence's text), which the rewriting would otherwise scan character by character.
    (Before the first ``"`` nothing is in a literal: an IRI or a prefixed name never holds one.)"""
    quote = line.find('"')
    if quote < 0 or _MAY_ESCAPE_NAME.search(line, quote):
        return full_iris(line, prefixes)
    return full_iris(line[:quote], prefixes) + line[quote:]


def full_iris(text: str, prefixes: dict[str, str]) -> str:
    """Turtle or TriG with every prefixed name that needs a backslash escape written as a full
    ``<IRI>`` instead: valid Turtle 1.1 either way, but older tools (OWL API 3, Protégé 4, some
    Raptor builds) reject the escapes."""

    def full(m: re.Match) -> str:
        prefix, local = m.group(1, 2)
        namespace = prefixes.get(prefix or "") if local is not None else None
        if namespace is None:
            return m.group(0)
        return f"<{namespace}{_ESCAPE.sub(_escaped, local)}>"

    return _ESCAPED_NAME.sub(full, text)
