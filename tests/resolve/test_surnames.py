"""A bare surname two people of one article share (kg.resolve.document: people): news names a relative by first
name once it has introduced them ('his son X'), so the surname names the other person; with no relative among
them, the one mentioned last. Sentences written for these tests, in several legislatures' vocabularies."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.model

SURNAME = [
    # a relative introduced by a kinship noun, after a possessive pronoun or a possessive name, with or without a comma
    ("Former Vice President Joe Ames and his son Hunter Ames were named in the complaint. Reporters asked about "
     "Ames on Monday.", "Ames", "Joe Ames"),
    ("MP Maren Holt and her brother, Councillor Idris Holt, opened the fair. Holt later told the Commons the "
     "budget was unfair.", "Holt", "Maren Holt"),
    ("Chief Minister Arun Velan's wife, Kavya Velan, led the rally. Velan told the Vidhan Sabha that the scheme "
     "would go on.", "Velan", "Arun Velan"),
    ("Senator Bola Adeyemi died on Sunday. His widow Ngozi Adeyemi thanked the Senate. Adeyemi had served "
     "three terms.", "Adeyemi", "Bola Adeyemi"),
    ("Mayor Tobias Kanyi and his daughter, Wanjiru Kanyi, attended the council meeting. Kanyi spoke first.",
     "Kanyi", "Tobias Kanyi"),
    # the kinship noun in apposition after the name
    ("Ngozi Adeyemi, his widow and the chair of the state party, said Adeyemi had worked until the end. Senator "
     "Bola Adeyemi died on Sunday. Adeyemi had served three terms.", "Adeyemi", "Bola Adeyemi"),
    ("In a statement, Clara Ames, the senator's daughter, thanked the nurses. Senator Joe Ames died on Monday. "
     "Ames was 80.", "Ames", "Joe Ames"),
    # a first lady or gentleman is the president's spouse: a relative too, whichever is named first
    ("President Kofi Owusu and First Lady Ama Owusu arrived. Owusu said the vote was fair.", "Owusu", "Kofi Owusu"),
    ("The first lady, Ama Owusu, met President Kofi Owusu. Owusu said the vote was fair.", "Owusu", "Kofi Owusu"),
    ("Governor Lena Brandt and First Gentleman Carl Brandt toured the site. Brandt signed the order.", "Brandt",
     "Lena Brandt"),
    # no relative among them: the one mentioned last
    ("Mayor Idris Holt met Senator Maren Holt in June. Holt said the vote was rigged.", "Holt", "Maren Holt"),
    ("Senator Maren Holt met Mayor Idris Holt in June. Holt said the vote was rigged.", "Holt", "Idris Holt"),
    # both introduced as relatives: nothing to prefer, the one mentioned last
    ("The minister's son Hunter Ames and his daughter Clara Ames spoke. Ames said the report was false.",
     "Ames", "Clara Ames"),
]


@pytest.mark.parametrize("text, surname, who", SURNAME)
def test_a_shared_surname_names_the_person_not_introduced_as_a_relative(facts, text, surname, who):
    _, _, a = facts(text)
    named = {e.name for e in a.entities if e.kind == "Person" and surname in e.names}
    assert named == {who}


FIRST_SPOUSE = [
    ("First Lady Grace Ames met President Robert Ames on Monday.", "Grace Ames"),
    ("First Gentleman Tom Velan greeted the crowd in Accra.", "Tom Velan"),
    ("Tensions grew between Vice-President Emmerson Dube and First Lady Grace Ames over the succession.", "Grace Ames"),
]


@pytest.mark.parametrize("text, name", FIRST_SPOUSE)
def test_first_lady_is_no_part_of_the_name_and_no_office(facts, text, name):
    """'First Lady' is a two-word honorific (titles.json name_stop_words): not a word of the name, and no office."""
    _, _, a = facts(text)
    spouse = [e for e in a.entities if e.kind == "Person" and e.name == name]
    assert len(spouse) == 1
    assert not any(rel == "holdsOffice" for rel, _ in spouse[0].roles)


GIVEN_NAME_RUNS = [
    # the model leaves the second name untyped: a given name shared with a named person, then a surname, is
    # another person, not the given name alone joining the first
    ("Matteo Salvini spoke first. The centre-left coalition, led by Matteo Renzi, came third.", "Matteo Renzi",
     "Matteo Salvini"),
    ("Senator Maren Holt opened the debate. Maren Quist, the Labour whip, closed it.", "Maren Quist", "Maren Holt"),
]


@pytest.mark.parametrize("text, other, first", GIVEN_NAME_RUNS)
def test_a_shared_given_name_before_a_new_surname_is_another_person(facts, text, other, first):
    _, _, a = facts(text)
    people = {e.name: e.names for e in a.entities if e.kind == "Person"}
    assert other in people
    assert not any(n != first for n in people[first])
