"""Whether a query or update would make the store fetch a URL (SERVICE, LOAD), decided on its parse.

Oxigraph sends an HTTP request from this machine for every ``SERVICE <url> { ... }`` of a
query and every ``LOAD <url>`` of an update, to wherever the text says: a host inside the
network, a cloud metadata address. kg refuses both unless the user allowed fetching.

The decision is made on the parsed query, never on its text: a keyword filter over the text
has to know every way SPARQL can hide a keyword from it (``?o .SERVICE``, a prefixed name
ending in ``\\#`` that a scanner takes for a comment, ``\\u0053ERVICE``) and missed some.
rdflib's SPARQL 1.1 parser reads the query, and any ``ServiceGraphPattern`` or ``Load`` node
anywhere in the parse tree (a subquery, a FILTER EXISTS, a GRAPH, an OPTIONAL, one operation
of many) counts. What the parser cannot read while the text names SERVICE or LOAD is refused
too: kg cannot tell, so it does not let it through. (rdflib re-reads the text from its start
for each SERVICE it parses and takes a ``#`` earlier on that line for a comment, even inside
``ex:a\\#`` or a string: such a query, which does hold a SERVICE, is refused as one kg cannot
parse.) A text that does not hold the letters of either keyword, in any case and after undoing
``\\u`` escapes (SPARQL allows them anywhere), cannot hold the operation and is not parsed: the
parser reads about 100 KB a second.
"""

from __future__ import annotations

import re
import threading

from kg.query.syntax import QueryError

__all__ = ["CHECK_LIMIT", "FETCHING", "FetchRefused", "fetching", "refuse_fetching"]

#: the operations that make a SPARQL store fetch a URL: a federated query, a remote load
FETCHING = ("SERVICE", "LOAD")
#: the longest text naming SERVICE or LOAD that is parsed to check it (longer ones are refused)
CHECK_LIMIT = 512 << 10
_KEYWORD = re.compile(r"service|load", re.I)
_UCHAR = re.compile(r"\\u([0-9A-Fa-f]{4})|\\U([0-9A-Fa-f]{8})")
_NODES = {"ServiceGraphPattern": "SERVICE", "Load": "LOAD"}
# pyparsing's packrat cache is shared by every parse: one parse at a time
_PARSING = threading.Lock()


class FetchRefused(QueryError):
    """A query or update that would fetch a URL (or that kg cannot check), when fetching is not allowed."""


def _unescaped(text: str) -> str:
    return _UCHAR.sub(lambda m: chr(n) if (n := int(m.group(1) or m.group(2), 16)) < 0x110000 else "\ufffd", text)


def fetching(text: str, *, update: bool = False) -> str | None:
    """The first operation of a query (or, with ``update``, an update) that fetches a URL, if any.

    Args:
        text: the SPARQL text as the store will get it (parameters bound, prefixes need not be declared).
        update: read it as an update (LOAD is an update operation; SERVICE may be in a WHERE).

    Returns:
        ``"SERVICE"`` or ``"LOAD"`` when the parse tree holds one; None when it holds neither.

    Raises:
        FetchRefused: the text names SERVICE or LOAD but cannot be parsed (or is longer than
            :data:`CHECK_LIMIT`), so kg cannot tell whether it fetches.
    """
    if not _KEYWORD.search(_unescaped(text)):
        return None
    if len(text) > CHECK_LIMIT:
        raise FetchRefused(
            f"it names SERVICE or LOAD and is longer ({len(text) >> 10} KiB) than kg checks "
            f"({CHECK_LIMIT >> 10} KiB) for a URL fetch"
        )
    from rdflib.plugins.sparql.parser import parseQuery, parseUpdate

    try:
        with _PARSING:
            tree = parseUpdate(text) if update else parseQuery(text)
    except Exception as err:  # noqa: BLE001 - pyparsing's errors, a RecursionError on deep nesting
        detail = " ".join(str(err).split())[:160] or type(err).__name__
        raise FetchRefused(
            f"it names SERVICE or LOAD, and kg cannot parse it to tell whether it fetches a URL ({detail})"
        ) from None
    return _first(tree)


def _first(node) -> str | None:
    """The first SERVICE or LOAD node of a parse tree (CompValue, ParseResults, lists, dicts), depth first."""
    from pyparsing import ParseResults

    stack = [node]
    while stack:
        item = stack.pop()
        name = getattr(item, "name", None)
        if isinstance(name, str) and name in _NODES:
            return _NODES[name]
        if isinstance(item, dict):
            stack.extend(reversed(list(item.values())))
        elif isinstance(item, (list, tuple, ParseResults)):
            stack.extend(reversed(list(item)))
    return None


def refuse_fetching(text: str, source: str, how_to_allow: str, *, update: bool = False) -> None:
    """Raise :class:`FetchRefused` when ``text`` would fetch a URL (or cannot be checked).

    Args:
        source: where the text came from (a file, ``query``), for the message.
        how_to_allow: how the user allows fetching here (``kg query --allow-fetch``, ...).
    """
    try:
        found = fetching(text, update=update)
    except FetchRefused as err:
        raise FetchRefused(f"{source}: {err}; {how_to_allow} allows it") from None
    if found is not None:
        raise FetchRefused(
            f"{source}: {found} fetches a URL from this machine, which kg refuses unless allowed ({how_to_allow})"
        )
