"""spaCy's ``attribute_ruler`` and ``lemmatizer``, giving the same annotations, memoised.

**The attribute ruler.**
The English models' attribute ruler maps each token's fine tag (and a few words, dependencies
and spaces) to its coarse part of speech, morphology and some lemmas: about 170 one-token
patterns and a handful of two-token ones ("there were", "gon na", "ai n't"). spaCy runs all of
them through its Matcher on every token, a sixth of the whole parse of a news article. Whether
a one-token pattern matches depends on that token alone, so :class:`MemoRuler` asks spaCy's own
Matcher once per distinct (word, tag, dependency) and remembers the answer; the longer patterns
still go through a Matcher of their own, on every document. The rules found for a token are
applied in the ruler's order (a later rule wins), as spaCy's ``AttributeRuler.set_annotations``
does, with spaCy's ``set_token_attrs``.

Only a ruler whose one-token patterns read the word, its lexical flags, the tag or the
dependency, without operators, is memoised (:func:`memoisable`); any other stays spaCy's own.

**The lemmatizer** (rule mode) gives a token the lemma its word, part of speech and morphology
decide (spaCy's own cache has that key); :class:`MemoLemmatizer` reads the three for a whole
document at once and asks spaCy's lemmatizer only for a combination it has not seen.

``tests/nlp/test_memo.py`` compares the annotations of both with spaCy's on sentences and articles.
"""

from __future__ import annotations

from typing import Any, cast

from spacy.attrs import DEP, LEMMA, MORPH, ORTH, POS, TAG
from spacy.lang.en.lemmatizer import EnglishLemmatizer
from spacy.language import Language
from spacy.matcher import Matcher
from spacy.pipeline import AttributeRuler, Lemmatizer
from spacy.tokens import Doc
from spacy.tokens._retokenize import set_token_attrs

#: pattern keys whose value is fixed by the token's (word, tag, dependency)
_KEYS = {
    "ORTH",
    "TEXT",
    "LOWER",
    "SHAPE",
    "PREFIX",
    "SUFFIX",
    "LENGTH",
    "TAG",
    "DEP",
    "IS_ALPHA",
    "IS_ASCII",
    "IS_DIGIT",
    "IS_LOWER",
    "IS_UPPER",
    "IS_TITLE",
    "IS_PUNCT",
    "IS_SPACE",
    "IS_STOP",
    "IS_BRACKET",
    "IS_QUOTE",
    "IS_LEFT_PUNCT",
    "IS_RIGHT_PUNCT",
    "IS_CURRENCY",
    "LIKE_NUM",
    "LIKE_EMAIL",
    "LIKE_URL",
}
_NAME = "kg_memo_attribute_ruler"


def memoisable(ruler: AttributeRuler) -> bool:
    """Can ``ruler`` be memoised: are its patterns without operators, and is the first token of
    each decided by (word, tag, dependency) alone?

    NORM is a lexical attribute that a tokenizer exception can change on one token, so a ruler
    reading it is not memoised.
    """
    for group in _groups(ruler):
        for pattern in group["patterns"]:
            if not pattern or not set(pattern[0]) <= _KEYS or any("OP" in token for token in pattern):
                return False
    return True


def _groups(ruler: AttributeRuler) -> list[dict[str, Any]]:
    """The ruler's pattern groups, each ``{"patterns": [[{attribute: value}, ...], ...], "attrs": ..., "index": ...}``
    (spaCy's type of a group's patterns also allows the one-token form that :attr:`AttributeRuler.patterns` never
    returns)."""
    return cast("list[dict[str, Any]]", ruler.patterns)


class MemoRuler:
    """Stands in for a memoisable :class:`AttributeRuler` (see the module); ``ruler`` is left unchanged.

    For each distinct (word, tag, dependency) it remembers the rules whose one-token patterns match
    and whether a longer pattern can start there; a longer pattern is matched, by a Matcher of its
    own, only from such a token (a pattern without operators matches as many tokens as it has).
    """

    def __init__(self, ruler: AttributeRuler):
        self.ruler, self.vocab = ruler, ruler.vocab
        self.single, self.first, self.multi = Matcher(self.vocab), Matcher(self.vocab), Matcher(self.vocab)
        self.longest = 0
        for aid, group in enumerate(_groups(ruler)):
            ones = [p for p in group["patterns"] if len(p) == 1]
            longer = [p for p in group["patterns"] if len(p) > 1]
            key = self.vocab.strings.add(str(aid))
            if ones:
                self.single.add(key, ones)
            if longer:
                self.multi.add(key, longer)
                self.first.add(key, [p[:1] for p in longer])
                self.longest = max(self.longest, *map(len, longer))
        self._memo: dict[tuple[int, int, int], tuple[tuple[int, ...], bool]] = {}
        self._merged: dict[tuple[int, ...], dict] = {}

    def _learn(self, key: tuple[int, int, int], text: str) -> tuple[tuple[int, ...], bool]:
        """(the rules whose one-token patterns match, can a longer pattern start) for a token (word, tag, dependency)."""
        one = Doc(self.vocab, words=[text], spaces=[False])
        one[0].tag, one[0].dep = key[1], key[2]
        strings = self.vocab.strings
        rules = tuple(sorted({int(strings[m]) for m, _, _ in self.single(one, allow_missing=True)}))
        found = self._memo[key] = (rules, bool(self.first(one, allow_missing=True)))
        return found

    def _attrs(self, rules: tuple[int, ...]) -> dict:
        merged = self._merged.get(rules)
        if merged is None:
            merged = {}
            for aid in rules:  # in the ruler's order: a later rule's value wins
                merged.update(self.ruler.attrs[aid])
            self._merged[rules] = merged
        return merged

    def __call__(self, doc: Doc) -> Doc:
        memo, learn = self._memo, self._learn
        rules, starts = [], []
        for i, key in enumerate(map(tuple, doc.to_array([ORTH, TAG, DEP]).tolist())):
            found = memo.get(key) or learn(key, doc[i].text)
            rules.append(found[0])
            if found[1]:
                starts.append(i)
        strings, indices = self.vocab.strings, self.ruler.indices
        for i in starts:
            for match, start, end in self.multi(doc[i : i + self.longest], allow_missing=True):
                if start:
                    continue  # found again from its own first token
                aid, index = int(strings[match]), indices[int(strings[match])]
                at = i + (index if index >= 0 else end + index)
                if not i <= at < i + end:
                    return self.ruler(doc)  # spaCy's ruler says what is wrong with the pattern
                rules[at] = tuple(sorted(rules[at] + (aid,)))
        for i, ids in enumerate(rules):
            if ids:
                set_token_attrs(doc[i], self._attrs(ids))
        return doc


class MemoLemmatizer:
    """Stands in for a rule-mode :class:`Lemmatizer` (see the module); ``lemmatizer`` is left unchanged."""

    def __init__(self, lemmatizer: Lemmatizer):
        self.lemmatizer = lemmatizer
        self._memo: dict[tuple[int, int, int], int] = {}

    def __call__(self, doc: Doc) -> Doc:
        lemmatizer = self.lemmatizer
        if not lemmatizer._validated or not len(doc):
            return lemmatizer(doc)  # its tables checked (and its error) as spaCy does
        rows = doc.to_array([ORTH, POS, MORPH, LEMMA])
        memo, strings, overwrite = self._memo, doc.vocab.strings, lemmatizer.overwrite
        changed = False
        for i, (orth, pos, morph, lemma) in enumerate(rows.tolist()):
            if overwrite or lemma == 0:
                found = memo.get((orth, pos, morph))
                if found is None:
                    found = memo[(orth, pos, morph)] = strings.add(lemmatizer.lemmatize(doc[i])[0])
                rows[i, 3] = found
                changed = True
        if changed:
            # spaCy annotates the array as thinc's Ints2d; what it reads is this numpy array of uint64
            doc.from_array([LEMMA], rows[:, 3].copy())  # type: ignore[arg-type]
        return doc


@Language.factory(_NAME)
def _make(nlp: Language, name: str) -> _Slot:
    return _Slot()


class _Slot:
    """What :func:`memoise` puts in the pipeline: the memoised stand-in of the component it replaced."""

    memo: MemoRuler | MemoLemmatizer

    def __call__(self, doc: Doc) -> Doc:
        return self.memo(doc)


def memoise(nlp: Language) -> Language:
    """Replace the pipeline's attribute ruler by its :class:`MemoRuler` (when :func:`memoisable`) and its
    rule-mode lemmatizer (spaCy's own or the English one) by its :class:`MemoLemmatizer`; any other
    component stays as it is. Returns ``nlp``."""
    for name, component in list(nlp.pipeline):
        if isinstance(component, AttributeRuler) and memoisable(component):
            memo: MemoRuler | MemoLemmatizer = MemoRuler(component)
        elif type(component) in (Lemmatizer, EnglishLemmatizer) and cast(Lemmatizer, component).mode == "rule":
            memo = MemoLemmatizer(cast(Lemmatizer, component))  # the type test above, which mypy does not follow
        else:
            continue
        cast(_Slot, nlp.replace_pipe(name, _NAME)).memo = memo
    return nlp
