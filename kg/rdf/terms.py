"""The terms every mapped graph is made of: the instance base, the namespaces kg links to, the language of the
articles' text, and IRI segments and literals made once for equal values (:mod:`kg.rdf.mapping` writes them)."""

from __future__ import annotations

import hashlib
from functools import lru_cache
from urllib.parse import quote

from rdflib import Literal, Namespace, URIRef

from kg.model import fold

__all__ = [
    "DEFAULT_BASE",
    "MAX_TEXT_BYTES",
    "SCHEMA",
    "TEXT_LANGUAGE",
    "TEXT_LEXVO",
    "WIKIDATA",
    "literal",
    "segment",
    "slug",
]

#: Where instance IRIs live unless the user passes ``--base``.
DEFAULT_BASE = "https://w3id.org/kg-news/id/"
#: Wikidata entities (``schema:sameAs`` of a gazetteer party)
WIKIDATA = Namespace("http://www.wikidata.org/entity/")
#: schema.org as the ontology and the JSON-LD context spell it (rdflib's SDO is https://)
SCHEMA = Namespace("http://schema.org/")

#: the language of the articles' prose (kg reads English only: the English model, README "Limits"); the
#: literals quoted from an article (its title, posts, quotes, triggers, charges) carry it
TEXT_LANGUAGE = "en"
#: the longest article text written as one nif:isString: Oxigraph's parsers read at most 16 MiB in
#: one term, and a graph that its own store cannot load back is no output
MAX_TEXT_BYTES = 8 * 1024 * 1024
#: the same as NIF 2.0 says it (nif:predLang of a nif:Context: an ISO 639-3 code of lexvo.org): NIF's
#: text literals (nif:isString, nif:anchorOf) are xsd:string, and the context carries their language
TEXT_LEXVO = URIRef("http://lexvo.org/id/iso639-3/eng")


@lru_cache(maxsize=1 << 16)
def slug(text: str) -> str:
    """A readable, percent-encoded IRI segment: 'José-María Pérez' -> 'jose-maria-perez'."""
    s = "-".join(fold(text).split())
    if not s:
        return "h" + hashlib.sha1(text.encode("utf-8")).hexdigest()[:12]
    return quote(s, safe="-_")


@lru_cache(maxsize=1 << 10)
def segment(doc_id: str) -> str:
    """A document id as an IRI segment (percent-encoded), made once a document (its IRIs all have it)."""
    return quote(doc_id, safe="-_.")


@lru_cache(maxsize=1 << 14, typed=True)
def literal(value, lang: str | None = None, datatype: URIRef | None = None) -> Literal:
    """rdflib's ``Literal(value, lang=..., datatype=...)``, one object for equal arguments of one type: a
    mapping makes the same names, labels, offsets and dates over and over, and rdflib's Literal is slow
    to make. (A text made once, an article's or a sentence's, is made with Literal: kept, it would only
    take memory.)"""
    return Literal(value, lang=lang, datatype=datatype)
