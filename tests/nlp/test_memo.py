"""kg.nlp.memo: the memoised attribute ruler and lemmatizer give the annotations of the model's own,
token for token."""

from __future__ import annotations

from pathlib import Path

import pytest
import spacy
from spacy.attrs import DEP, ENT_IOB, ENT_TYPE, HEAD, LEMMA, MORPH, POS, TAG
from spacy.pipeline import AttributeRuler, Lemmatizer

from kg.nlp.parse import DEFAULT_MODELS, paragraphs
from kg.nlp.memo import MemoLemmatizer, MemoRuler, memoisable, memoise

ROOT = Path(__file__).resolve().parents[2]
ATTRS = [POS, MORPH, LEMMA, TAG, DEP, HEAD, ENT_IOB, ENT_TYPE]

# sentences of our own: the model's two-token rules ("there were", "gon na", "ai n't", "let 's",
# "c'm on", "y' all", "got ta"), spaces, and ordinary reporting in several legislatures' words
SENTENCES = [
    "There were angry scenes in the Lok Sabha on Tuesday.",
    "There is no motion before the House, the Speaker said.",
    "\"We ain't gonna apologise,\" the councillor said. \"Let's go.\"",
    "Y'all gotta hear this, c'mon: the senator is not gonna resign.",
    "The Speaker ejected the MP  for  Bolton \n after he refused to withdraw.",
    "Opposition MPs walked out of the National Assembly in Abuja; there'd been a row.",
    "GOVERNOR ADEYEMI'S AIDES DENIED IT!!! 2,000 people marched... #protest @someone",
    "Dr. O'Neill-Smith, 45, called the mayor's plan \"a disgrace\" (again).",
    "",
    "   ",
]


@pytest.fixture(scope="module")
def models():
    name = next((n for n in DEFAULT_MODELS if spacy.util.is_package(n)), None)
    if name is None:
        pytest.skip(f"none of {DEFAULT_MODELS} is installed")
    return spacy.load(name), memoise(spacy.load(name))


def _annotations(doc):
    return doc.to_array(ATTRS).tolist(), [str(t.morph) for t in doc], [t.lemma_ for t in doc]


def test_the_model_is_memoised(models):
    plain, memo = models
    assert plain.pipe_names == memo.pipe_names
    assert isinstance(plain.get_pipe("attribute_ruler"), AttributeRuler)
    assert isinstance(memo.get_pipe("attribute_ruler").memo, MemoRuler)
    assert isinstance(plain.get_pipe("lemmatizer"), Lemmatizer)
    assert isinstance(memo.get_pipe("lemmatizer").memo, MemoLemmatizer)


@pytest.mark.parametrize("text", SENTENCES)
def test_same_annotations_on_sentences(models, text):
    plain, memo = models
    assert _annotations(memo(text)) == _annotations(plain(text))


def test_two_token_rules_apply(models):
    """The rules of two tokens change what they should (so the comparison above tests them)."""
    _, memo = models
    doc = memo("We ain't gonna go. There were protests.")
    lemmas = {t.text: t.lemma_ for t in doc}
    assert lemmas["ai"] == "be" and lemmas["gon"] == "go" and lemmas["na"] == "to"
    assert next(t for t in doc if t.text == "were").pos_ == "VERB"


def test_same_annotations_on_articles(models):
    """Every paragraph of the seed articles, parsed in batches as a build parses them."""
    plain, memo = models
    texts = [t for f in sorted((ROOT / "input").glob("*.txt")) for _, t in paragraphs(f.read_text(encoding="utf-8"))]
    assert texts
    for a, b in zip(plain.pipe(texts, batch_size=8), memo.pipe(texts, batch_size=8)):
        assert _annotations(b) == _annotations(a), a.text[:80]


def _ruler(patterns) -> AttributeRuler:
    nlp = spacy.blank("en")
    ruler = nlp.add_pipe("attribute_ruler")
    ruler.add_patterns(patterns)
    return ruler


def test_what_is_not_memoised():
    """Operators, or a first token read by what one word does not decide, keep spaCy's own ruler."""
    assert memoisable(_ruler([{"patterns": [[{"LOWER": "a"}, {"POS": "NOUN"}]], "attrs": {"LEMMA": "x"}}]))
    assert not memoisable(_ruler([{"patterns": [[{"LOWER": "a", "OP": "+"}]], "attrs": {"LEMMA": "x"}}]))
    assert not memoisable(_ruler([{"patterns": [[{"POS": "NOUN"}]], "attrs": {"LEMMA": "x"}}]))
    assert not memoisable(_ruler([{"patterns": [[{"NORM": "going"}]], "attrs": {"LEMMA": "x"}}]))
    nlp = spacy.blank("en")
    nlp.add_pipe("attribute_ruler").add_patterns([{"patterns": [[{"ENT_TYPE": "GPE"}]], "attrs": {"LEMMA": "x"}}])
    assert isinstance(memoise(nlp).get_pipe("attribute_ruler"), AttributeRuler)


def test_later_rules_win_and_index_counts():
    """A later rule's value wins on one token; a rule's index picks the token of a longer match."""
    nlp = spacy.blank("en")
    ruler = nlp.add_pipe("attribute_ruler")
    ruler.add_patterns([
        {"patterns": [[{"LOWER": "x"}]], "attrs": {"LEMMA": "first", "POS": "NOUN"}},
        {"patterns": [[{"LOWER": "x"}]], "attrs": {"LEMMA": "second"}},
        {"patterns": [[{"LOWER": "y"}, {"LOWER": "x"}]], "attrs": {"LEMMA": "third"}, "index": -1},
        {"patterns": [[{"LOWER": "y"}, {"LOWER": "z"}]], "attrs": {"POS": "VERB"}, "index": 0},
    ])
    memo = MemoRuler(ruler)
    for text in ["x", "y x", "y z x", "a y x y z"]:
        assert _annotations(memo(nlp.make_doc(text))) == _annotations(ruler(nlp.make_doc(text)))
    doc = memo(nlp.make_doc("x y x"))
    assert [t.lemma_ for t in doc] == ["second", "", "third"] and doc[2].pos_ == "NOUN"


def test_lemmatizer_overwriting(models):
    """With ``overwrite``, the lemmas the attribute ruler set are lemmatized again, as spaCy does."""
    plain, memo = models
    plain_lemmatizer, memo_lemmatizer = plain.get_pipe("lemmatizer"), memo.get_pipe("lemmatizer").memo
    text = "We ain't gonna go; the MPs were ejected and they got their apology."
    try:
        plain_lemmatizer.overwrite = memo_lemmatizer.lemmatizer.overwrite = True
        assert _annotations(memo(text)) == _annotations(plain(text))
    finally:
        plain_lemmatizer.overwrite = memo_lemmatizer.lemmatizer.overwrite = False
    assert _annotations(memo(text)) == _annotations(plain(text))
