"""Typed hand-offs between stages: mentions and roles (extract), entities (resolve), events."""

from __future__ import annotations

import datetime
import re
import unicodedata
from dataclasses import dataclass, field
from functools import lru_cache

#: letters that Unicode does not decompose into a base letter and an accent
_STROKES = str.maketrans(
    {
        "ł": "l",
        "Ł": "L",
        "ø": "o",
        "Ø": "O",
        "đ": "d",
        "Đ": "D",
        "ħ": "h",
        "ı": "i",
        "æ": "ae",
        "Æ": "AE",
        "œ": "oe",
        "Œ": "OE",
        "ß": "ss",
        "þ": "th",
        "Þ": "Th",
        # display names in small capitals ('Tᴏʙɪᴀs'): Unicode gives them no decomposition
        **{
            chr(c): unicodedata.name(chr(c))[-1].lower()
            for c in [*range(0x0250, 0x02B0), *range(0x1D00, 0x1D23)]
            if unicodedata.name(chr(c), "").startswith("LATIN LETTER SMALL CAPITAL ")
            and len(unicodedata.name(chr(c)).split()[-1]) == 1
        },
    }
)


def _plain_letters(c: str) -> str:
    """The plain letter(s) a phonetic or medieval Latin letter stands for, from its Unicode name
    ('LATIN SMALL LETTER AO' -> 'ao', 'LATIN SMALL LETTER TURNED A' -> 'a', 'LATIN SMALL LETTER R
    ROTUNDA' -> 'r'); "" for any other (tone bars, Greek and Cyrillic small capitals, 'EGYPTOLOGICAL ALEF')."""
    name = unicodedata.name(c, "")
    if not name.startswith(("LATIN ", "MODIFIER LETTER ")) or " LETTER " not in f" {name} ":
        return ""
    words = name.split(" WITH ")[0].split(" LETTER ", 1)[-1].split()
    return next((w.lower() for w in words if len(w) <= 2 and w.isalpha() and w.isascii()), "")


#: the Phonetic Extensions and Latin Extended-D letters that NFKD leaves as they are (U+1D00-U+1DBF,
#: U+A700-U+A7BF: what ontology/shapes.ttl's NotJunkShape refuses in an IRI), to plain letters or nothing
_PHONETIC = {cp: _plain_letters(chr(cp)) for cp in [*range(0x1D00, 0x1DC0), *range(0xA700, 0xA7C0)]}


#: characters a terminal acts on instead of showing: C0 and C1 controls (ESC starts the escape
#: sequences that recolour, retitle or rewrite a terminal), DEL, and the bidirectional overrides
#: and isolates that reorder what is shown
_UNSHOWN = re.compile("[\x00-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]")


def printable(text: str, keep: str = "") -> str:
    """``text`` safe to print on a terminal: each control character (but those in ``keep``, e.g.
    ``"\n"``) written as its escape, ``\x1b`` or ``\u202e``, so an article cannot drive the terminal."""

    def shown(m: re.Match) -> str:
        c = m.group(0)
        return c if c in keep else (f"\\x{ord(c):02x}" if ord(c) < 0x100 else f"\\u{ord(c):04x}")

    return _UNSHOWN.sub(shown, text)


@lru_cache(maxsize=1 << 16)
def fold(text: str) -> str:
    """Case-, accent-, hyphen- and space-insensitive key: 'José-María' -> 'jose maria'.

    Memoised: a corpus folds the same few thousand names again and again."""
    text = unicodedata.normalize("NFKD", text.translate(_STROKES)).translate(_PHONETIC)
    text = "".join(c for c in text if not unicodedata.combining(c)).casefold().translate(_PHONETIC)
    text = re.sub(r"[’'`]s\b", "", text)
    text = re.sub(r"[^\w@]+", " ", text)
    return re.sub(r"\s+", " ", text).strip()


@dataclass(eq=False)
class Mention:
    """A span of a parsed paragraph that names or points at something.

    kind: Person | PoliticalParty | Organization | Legislature | Office | Motion |
    Pronoun | Description | Relative.
    """

    para: int
    start: int  # token index in the paragraph's Doc
    end: int
    kind: str
    name: str  # the name part (a person's name without the title) or the surface text
    head: int  # token index of the syntactic head
    key: str | None = None  # canonical key when known (gazetteer party, office key)
    roles: list[tuple[str, Mention]] = field(default_factory=list)
    desc: dict = field(default_factory=dict)  # what a Description / Pronoun says of its referent
    entity: Entity | None = None
    antecedent: Mention | None = None

    @property
    def order(self) -> tuple[int, int]:
        return (self.para, self.start)

    def covers(self, para: int, i: int) -> bool:
        return self.para == para and self.start <= i < self.end


@dataclass(eq=False)
class Entity:
    """One real thing a document talks about (resolve stage); ``key`` makes its IRI."""

    kind: str
    name: str
    names: set[str] = field(default_factory=set)
    roles: set[tuple[str, Entity]] = field(default_factory=set)
    key: str = ""
    aliases: tuple[str, ...] = ()

    def __hash__(self) -> int:
        return id(self)


@dataclass(eq=False)
class Event:
    """An event the text mentions, asserted or not (modality), with its evidence."""

    cls: str  # ontology class local name
    rule: str
    trigger: str
    para: int
    trigger_index: int
    sentence: tuple[int, int]  # character offsets in Document.text
    agents: list[Mention] = field(default_factory=list)
    targets: list[Mention] = field(default_factory=list)
    charge: str | None = None
    modality: str = "Asserted"
    confidence: float = 0.8
    date: datetime.date | None = None
    quote: str | None = None  # a Statement's words
    quote_span: tuple[int, int] | None = None  # their character offsets in Document.text

    @property
    def asserted(self) -> bool:
        return self.modality == "Asserted"
