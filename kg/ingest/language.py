"""Which language an article is written in (issue 37): kg maps English only, so an article in
another language is skipped with its reason instead of being read as English (persons named
"ministerin", ``nif:predLang`` eng).

The identifier is py3langid's (an offline naive Bayes model over byte n-grams, 97 languages, shipped
inside the package, read without pickle). It judges the words that do not start with a capital:
names of people, parties and places, which any article may borrow from any language, say little
of the language it is written in, while its function words and verbs say much.
"""

from __future__ import annotations

import re
from functools import cache

#: the language kg's rules and model read
ENGLISH = "en"
#: fewer uncapitalised words than this say too little: the article is taken to be English
MIN_WORDS = 5
#: another language is believed only this sure (py3langid's normalised probability)
MIN_CONFIDENCE = 0.8
#: the characters of an article read to judge it (the start says as much as the whole)
SAMPLE = 5000

_WORD = re.compile(r"[^\W\d_][\w'’-]*")


@cache
def _identifier():
    from py3langid.langid import MODEL_FILE, LanguageIdentifier

    return LanguageIdentifier.from_model_file(MODEL_FILE, norm_probs=True)


def detect(text: str) -> tuple[str, float]:
    """The language of ``text`` (an ISO 639-1 code) and how sure the identifier is of it, in [0, 1];
    ``("en", 1.0)`` for a text with fewer than :data:`MIN_WORDS` uncapitalised words.

    >>> detect("Der Präsident des Bundestages schloss die Abgeordnete von der Sitzung aus, sagte er.")[0]
    'de'
    >>> detect("Speaker Ana Lopes ejected MP Tom Reyes.")
    ('en', 1.0)
    """
    words = [w for w in _WORD.findall(text[:SAMPLE]) if not w[0].isupper()]
    if len(words) < MIN_WORDS:
        return ENGLISH, 1.0
    code, probability = _identifier().classify(" ".join(words))
    return str(code), float(probability)


def foreign(text: str) -> tuple[str, float] | None:
    """(language, confidence) when ``text`` is, with confidence, in a language other than English;
    else None (English, or too little to tell)."""
    code, probability = detect(text)
    return (code, probability) if code != ENGLISH and probability >= MIN_CONFIDENCE else None
