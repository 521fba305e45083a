"""Names the model typed as people that name no one: a place or a building ('Castlefrank Road', 'the
Oakridge General Hospital', 'Wayne State [University]'), a string of initials ('BST', 'W. E.'), or a
person's name with an occupation fused onto it ('Director Rebic': the person is 'Rebic')."""

from __future__ import annotations

from spacy.tokens import Doc

from kg.extract.people.finder import span_text
from kg.model import Mention
from kg.nlp.parse import Paragraph
from kg.ontology import lexicon

__all__ = ["drop_non_persons"]


def drop_non_persons(found: list[list[Mention]], parsed: list[Paragraph]) -> None:
    """Drop from ``found`` (per paragraph, its mentions) the people that are places, buildings or initials, and
    cut an occupation off the front of a person's name."""
    lex = lexicon.load()
    places, occupations = lex.grammar["place_heads"], lex.grammar["occupation_titles"]
    for p, ms in zip(parsed, found):
        doc, kept = p.doc, []
        for m in ms:
            if m.kind != "Person" or m.roles:
                kept.append(m)
                continue
            words = m.name.split()
            after = doc[m.end] if m.end < len(doc) else None
            if (
                not words
                or words[0].lower() == "the"  # 'the Oakridge General Hospital'
                or words[-1] in places  # 'Castlefrank Road'
                or (after is not None and after.text in places and after.is_title)  # 'Wayne State [University]'
                or all(_initials(w) for w in words)  # 'BST', 'W. E.'
            ):
                continue
            first = doc[m.start]
            if len(words) > 1 and first.text == words[0] and first.lower_ in occupations and words[1][:1].isupper():
                # 'Director Rebic', 'Prosecutor Ana Ruiz': the occupation is no part of the name
                m = Mention(
                    m.para, m.start + 1, m.end, "Person", _text(doc, p, m.start + 1, m.end), m.head, desc=m.desc
                )
            kept.append(m)
        ms[:] = kept


def _initials(word: str) -> bool:
    """A word no name is made of alone: an initial ('W.', 'E'), or capitals of three letters or fewer ('BST')."""
    letters = word.replace(".", "")
    # (a word with a digit or a bracket is none either: 'COVID-19', 'I]t'; a hyphen or apostrophe is: "O'Brien")
    alpha = letters.replace("-", "").replace("'", "").replace("\u2019", "")
    return not alpha or (alpha.isupper() and len(alpha) <= 3) or not alpha.isalpha()


def _text(doc: Doc, p: Paragraph, s: int, e: int) -> str:
    return span_text(doc, p.tokens, p.text, s, e)
