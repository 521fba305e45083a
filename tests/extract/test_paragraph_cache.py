"""The per-paragraph things the analysis makes once (kg.nlp.parse.Paragraph, kg.extract.people.finder)
are what spaCy gives each time."""

from kg.extract.people.finder import Finder, span_text
from kg.nlp.parse import Paragraph

TEXT = "Speaker Ana Lopes ejected MP Tom Reyes on Monday.  \"It was fair,\" she said. The 45-year-old left."


def test_paragraph_keeps_what_spacy_gives(nlp):
    doc = nlp(TEXT)
    p = Paragraph(0, doc)
    assert p.tokens == list(doc) and p.tokens is p.tokens
    assert p.text == doc.text
    assert p.texts == [t.text for t in doc] and p.lowers == [t.lower_ for t in doc]
    assert p.lemmas == [t.lemma_.lower() for t in doc] and p.capitals == [t.text[:1].isupper() for t in doc]
    assert [(s.start, s.end) for s in p.sents] == [(s.start, s.end) for s in doc.sents]


def test_paragraph_sentence_and_span_text_are_spacys(nlp):
    doc = nlp(TEXT)
    p, n = Paragraph(0, doc), len(doc)
    for t in doc:
        assert (p.sent(t.i).start, p.sent(t.i).end, p.sent(t.i).root.i) == (t.sent.start, t.sent.end, t.sent.root.i)
    assert all(p.span_text(s, e) == doc[s:e].text for s in range(-3, n + 3) for e in range(-3, n + 3))


def test_span_text_is_the_spans_text_for_any_bounds(nlp):
    doc = nlp(TEXT)
    tokens, n = list(doc), len(doc)
    for s in range(-3, n + 3):
        for e in range(-3, n + 3):
            assert span_text(doc, tokens, doc.text, s, e) == doc[s:e].text, (s, e)


def test_finder_reads_the_paragraphs_lists_or_its_own(nlp):
    doc = nlp(TEXT)
    given, own = Finder(doc, 0, nlp, Paragraph(0, doc)), Finder(doc, 0, nlp)
    for f in (given, own):
        assert f.texts == [t.text for t in doc] and f.lowers == [t.lower_ for t in doc] and f.text == doc.text
        assert [f.capitalised(i) for i in range(len(doc))] == [t.text[:1].isupper() for t in doc]
