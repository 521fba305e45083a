"""The schema of ``ontology/lexicon/titles.json`` (offices, past tenure, peerages, committee chairs) and
``organizations.json`` (parties and bodies); the rest is :mod:`kg.ontology.schema`."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import AfterValidator, Field

from kg.ontology.schema_base import (
    Gender,
    Strict as _Strict,
    WordList,
    Words,
    ontology_property,
)

# -- titles.json, organizations.json ----------------------------------------------------------


class Office(_Strict):
    """A post named by a title ('Speaker', 'Finance Minister')."""

    key: str = Field(pattern=r"^[a-z0-9-]+$", description="the office's key, part of its IRI")
    words: WordList = Field(description="title phrases that name it (matched case-insensitively)")
    label: str = Field(description="preferred label")
    aliases: tuple[str, ...] = Field((), description="other labels, written as skos:altLabel")
    presiding: bool = Field(False, description="its holder presides over the house (may eject members)")
    portfolio: bool = Field(
        False,
        description="a capitalised word before it, or 'of/for X' after it, makes a ministry "
        "('Finance Minister', 'Minister for Housing')",
    )
    case: Literal["title"] | None = Field(None, description="title: the word must be capitalised to count as a title")
    before_name: bool = Field(
        False, description="the word is a title only right before a name ('Queen Mara', not 'a beauty queen')"
    )
    plural: WordList = Field(
        (),
        description="plural title phrases: a title only before a list of names, each of "
        "whom holds the office ('Senators X of Utah, Y and Z')",
    )
    other_sense_before: WordList = Field(
        (),
        description="a word right before the title that makes it a company's "
        "post, not an office ('senior vice president')",
    )
    body_post: bool = Field(
        False, description="a body's name before it is the body served ('UN Ambassador X'), no company"
    )
    bare_context: WordList = Field(
        (),
        description="lower-case, alone (no portfolio, no 'of/for/in' after it) and not "
        "before a name, the word is a title only with one of these words "
        "before it ('a cabinet minister', 'the junior minister'); else it "
        "is another sense ('a church minister', 'an ordained minister')",
    )

    @property
    def title_case(self) -> bool:
        """Must the title be capitalised to count?"""
        return self.case == "title"


class PastTenure(_Strict):
    """'X, who served as Vice President', 'President X, who led the country during the war', 'X,
    Speaker from 2011 to 2015': an office stated as held in the past gives no current office."""

    verbs: Words = Field(
        description="verbs of holding an office ('serve', 'hold', 'lead'): in the past tense in a "
        "relative clause on a name, with a tenure noun, an office or a span of years, "
        "they put the name's offices in the past"
    )
    nouns: Words = Field(
        description="objects of those verbs that make them a tenure ('held the post', 'led the "
        "country'), not an act ('held a press conference', 'led the debate')"
    )
    span_words: Words = Field(
        description="words that open a span of years after an office ('from 2011 to 2015', "
        "'until 2019', 'between 2001 and 2005')"
    )
    dated_exceptions: Words = Field(
        description="verbs of taking or keeping office: 'President X was elected in 2015' dates the "
        "start of the office, not a past event of its holder; 'X was elected "
        "Speaker', 'they elected X as Speaker', 'voted to keep X as prime minister' give the office"
    )
    assume_verbs: Words = Field(
        description="'X assumed the office of Speaker', 'X took office as Mayor': verbs whose "
        "subject takes up the office of a tenure noun or an 'as' phrase"
    )
    removal_verbs: Words = Field(
        frozenset(),
        description="'the Senate removed President X from office', 'X was ousted "
        "as Speaker', 'voted to remove its speaker, X': verbs whose "
        "object (or passive subject) no longer holds the office",
    )
    resign_verbs: Words = Field(
        frozenset(),
        description="'X resigned as Speaker', 'Governor X resigned', 'the resignation "
        "of Governor X': verbs and nouns of leaving an office",
    )
    office_objects: Words = Field(
        frozenset(),
        description="'removed from office', 'ousted from power', 'resigned from "
        "the presidency': the nouns after 'from' that are the office",
    )
    removal_participles: Words = Field(
        frozenset(),
        description="'X, the president ousted in February': a participle "
        "right after a title that puts the office in the past",
    )
    death_verbs: Words = Field(
        frozenset(),
        description="'X, who died in 2015', 'the crash, which killed President X', "
        "'X was assassinated in 1963': verbs whose subject (die) or object "
        "(kill) is dead; dated to a year, or in a relative clause with no "
        "date, the death is history and its offices are past ('X died on "
        "Thursday' is the news: the office stands)",
    )
    death_nouns: Words = Field(
        frozenset(),
        description="'the 1968 assassination of Senator X', 'X's death in 2010': "
        "nouns of a death, dated to a year: its holder is dead",
    )
    service_verbs: Words = Field(
        frozenset(),
        description="'Y worked for three years for Representative X', 'served two years under "
        "Governor X': verbs of working for someone; in the simple past with a length of years, "
        "the titled name they were for is of another time (not 'has worked for three years "
        "for Senator X', still so)",
    )
    service_prepositions: Words = Field(
        frozenset(),
        description="'worked for X', 'served under X', 'interned with X': the prepositions "
        "before whom a service was for",
    )
    dating_prepositions: Words = Field(
        frozenset(),
        description="'the trial of President X in 1998', 'during 2019', 'on 4 May 2017': the "
        "prepositions that date a clause to a year ('since 2015' never does: the office goes on); "
        "'during his time as President X's deputy': they open a tenure too",
    )
    duration_nouns: Words = Field(
        frozenset(),
        description="'for three years', 'for a decade': nouns of a length of time that makes a "
        "past service a finished span (not 'for two hours')",
    )
    tenure_nouns: Words = Field(
        frozenset(),
        description="'during his time as President X's deputy': nouns of someone's tenure; a "
        "titled name inside one, in a past-tense clause, is of that time (not 'during the "
        "visit of President X')",
    )
    kept_offices: Words = Field(
        frozenset(),
        description="keys of the offices (seats) a holder keeps on taking another: "
        "'MP X became Prime Minister' is still an MP, but 'Deputy Speaker X "
        "was elected Speaker', 'Justice Secretary X was sworn in as "
        "Governor' leave their other office",
    )


class Peerage(_Strict):
    """'Lord Alli', 'Baroness Stowell' in an article about the House of Lords: a peer's style
    before a name makes its bearer a member of that house."""

    styles: Words = Field(description="capitalised styles of a peer right before the name ('Lord', 'Baroness')")
    houses: Words = Field(description="folded keys of the houses of peers; the article must name one")
    key: str = Field(pattern=r"^[a-z0-9-]+$", description="the key of the office of a member of that house")
    label: str = Field(description="the office's label ('Member of the House of Lords')")


class CommitteeChairs(_Strict):
    """'X, chairman of the Senate Foreign Relations Committee', 'House Judiciary Committee Chairman
    X': the chair of a named body is an office of that body."""

    words: Words = Field(description="words for its chair ('chair', 'chairman', 'chairperson'), any case")
    heads: Words = Field(description="the last word of a body's name ('Committee', 'Commission', 'Board')")
    list_nouns: Words = Field(
        frozenset(),
        description="lemmas of the body in a list of chairs ('chairmen of the committees on X and Y, respectively', "
        "'the chairs of the committees, A (Finance) and B (Justice)')",
    )


class TitlesFile(_Strict):
    """``titles.json``: title and role words."""

    offices: tuple[Office, ...]
    presiding_descriptions: Words = Field(description="'the chair': a description of whoever presides")
    party_roles: dict[str, Annotated[str, AfterValidator(ontology_property)]] = Field(
        description="a word or two after a party name -> how a person relates to it ('NDP leader' -> leaderOf)"
    )
    lead_verbs: Words = Field(description="'X, who leads the Y': verbs that make X Y's leader")
    member_nouns: Words = Field(description="'X, a member of the Y': nouns that make X a member of Y")
    name_stop_words: Words = Field(description="capitalised words that are never part of a person's name")
    honorifics: dict[str, Gender] = Field(description="an honorific before a name -> the person's gender")
    party_abbreviations: dict[str, str] = Field({}, description="'Rep. X (D-Ohio)': a party initial -> the party")
    not_current: Words = Field(
        frozenset(),
        description="a word before a title that makes its holder past or future "
        "('former', 'then-', 'the late', 'incoming'): no current office",
    )
    elect_suffixes: Words = Field(
        frozenset(), description="'President-elect X': a word hyphened after a title that makes its holder future"
    )
    portfolios: Words = Field(
        frozenset(),
        description="lower-case words (one or two) that make a portfolio title a "
        "ministry ('foreign minister', 'home affairs minister')",
    )
    past_tenure: PastTenure | None = Field(None, description="how an office is stated as held in the past")
    committee_chairs: CommitteeChairs | None = Field(None, description="chairs of named committees and commissions")
    peerage: Peerage | None = Field(None, description="peers named by their style in an article about their house")


class Party(_Strict):
    """A gazetteer entry."""

    name: str = Field(description="canonical name")
    aliases: tuple[str, ...] = Field((), description="other surface forms, matched case-insensitively on whole tokens")
    local_aliases: tuple[str, ...] = Field(
        (),
        description="forms that name the party only in a text about its country, as written ('Congress' in India: "
        "elsewhere a legislature)",
    )
    country: str | None = Field(
        None,
        description="where the party sits (a Party Facts country code of "
        "parties.json, 'GBR'; '*' for several); links it to its gazetteer "
        "entry and so to its Wikidata entity",
    )
    partyfacts: int | None = Field(
        None,
        description="its Party Facts id in parties.json, where no name of it is "
        "one of the gazetteer's names ('Conservative Party of Canada (2003)')",
    )


class OrganizationsFile(_Strict):
    """``organizations.json``: parties and legislatures the small English model mislabels."""

    parties: tuple[Party, ...]
    party_head_words: Words = Field(description="a capitalised run ending in one of these is a party ('Labour Front')")
    party_adjectives: dict[str, str | None] = Field(
        description="an adjective before a role word -> its party ('Liberal MP'); null: no party ('Independent MP')"
    )
    legislature_words: WordList = Field(description="names of legislatures")
    org_head_words: Words = Field(
        description="a capitalised run ending in one of these is an organisation or a place, never a person"
    )
    membership_ends: Words = Field(
        frozenset(),
        description="a word before a party word that makes the membership "
        "past ('former Labour MP'): no memberOf from it",
    )
    bodies: Words = Field(
        frozenset(),
        description="names that end in a party word but name a body of states or a "
        "legislature, never a party ('African Union', 'Congress')",
    )
