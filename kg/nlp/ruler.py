"""spaCy's ``attribute_ruler``, giving the same annotations, with its one-token rules memoised.

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
``tests/nlp/test_ruler.py`` compares the annotations of both on sentences and articles.
"""

from __future__ import annotations

from spacy.attrs import DEP, ORTH, TAG
from spacy.language import Language
from spacy.matcher import Matcher
from spacy.pipeline import AttributeRuler
from spacy.tokens import Doc
from spacy.tokens._retokenize import set_token_attrs

#: pattern keys whose value is fixed by the token's (word, tag, dependency)
_KEYS = {"ORTH", "TEXT", "LOWER", "NORM", "SHAPE", "PREFIX", "SUFFIX", "LENGTH", "TAG", "DEP",
         "IS_ALPHA", "IS_ASCII", "IS_DIGIT", "IS_LOWER", "IS_UPPER", "IS_TITLE", "IS_PUNCT", "IS_SPACE",
         "IS_STOP", "IS_BRACKET", "IS_QUOTE", "IS_LEFT_PUNCT", "IS_RIGHT_PUNCT", "IS_CURRENCY",
         "LIKE_NUM", "LIKE_EMAIL", "LIKE_URL"}
_NAME = "kg_memo_attribute_ruler"


def memoisable(ruler: AttributeRuler) -> bool:
    """Can ``ruler`` be memoised: are its patterns without operators, and is the first token of
    each decided by (word, tag, dependency) alone?

    NORM is a lexical attribute that a tokenizer exception can change on one token, so a ruler
    reading it is not memoised.
    """
    for group in ruler.patterns:
        for pattern in group["patterns"]:
            if not pattern or not set(pattern[0]) <= _KEYS - {"NORM"} or any("OP" in token for token in pattern):
                return False
    return True


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
        for aid, group in enumerate(ruler.patterns):
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
            for match, start, end in self.multi(doc[i:i + self.longest], allow_missing=True):
                if start:
                    continue  # found again from its own first token
                aid, index = int(strings[match]), indices[int(strings[match])]
                at = i + (index if index >= 0 else end + index)
                if not i <= at < i + end:
                    return self.ruler(doc)  # spaCy's ruler says what is wrong with the pattern
                rules[at] = tuple(sorted(rules[at] + (aid,)))
        for i, found in enumerate(rules):
            if found:
                set_token_attrs(doc[i], self._attrs(found))
        return doc


@Language.factory(_NAME)
def _make(nlp: Language, name: str) -> "_Slot":
    return _Slot()


class _Slot:
    """What :func:`memoise` puts in the pipeline: the :class:`MemoRuler` of the ruler it replaced."""

    memo: MemoRuler

    def __call__(self, doc: Doc) -> Doc:
        return self.memo(doc)


def memoise(nlp: Language, name: str = "attribute_ruler") -> Language:
    """Replace the pipeline's ``name`` component by its :class:`MemoRuler`, when it is a memoisable
    :class:`AttributeRuler` (otherwise ``nlp`` is left as it is); returns ``nlp``."""
    if name not in nlp.pipe_names:
        return nlp
    ruler = nlp.get_pipe(name)
    if not isinstance(ruler, AttributeRuler) or not memoisable(ruler):
        return nlp
    slot = nlp.replace_pipe(name, _NAME)
    slot.memo = MemoRuler(ruler)
    return nlp
