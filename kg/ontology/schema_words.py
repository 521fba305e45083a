"""The schemas of the closed-class word files: ``modality.json``, ``grammar.json``, ``time.json``
(the others are in :mod:`kg.ontology.schema`, whose ``FILES`` names them all)."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from kg.ontology.schema_base import Gender, Strict as _Strict, WordList, Words


class ModalityFile(_Strict):
    """``modality.json``: words that change whether a mentioned event is asserted. A list named
    after a kg:Modality individual (kg.ttl) sets that modality."""

    Attempted: Words = Field(description="a trigger governed (xcomp/ccomp/acl) by these verbs is an attempt")
    Threatened: Words = Field(description="... by these verbs, a threat")
    Reported: Words = Field(description="... by these verbs, or a sentence whose root is one, a rumour")
    Requested: Words = Field(description="... by these verbs, a request")
    Hypothetical: Words = Field(description="modals that make the trigger hypothetical")
    reported_nouns: Words = Field(description="subjects that make their clause hearsay ('one account suggested')")
    request_nouns: Words = Field(
        frozenset(),
        description="a trigger in a clause or 'for' object of one of these nouns "
        "is asked for ('calls to apologise', 'demands for an "
        "apology'): requested",
    )
    hypothetical_verbs: Words = Field(
        description="governing verbs, or adjectives of a copula, that make the trigger hypothetical ('considered', "
        "'was reluctant to', 'is likely to'; not 'was quick to')"
    )
    conditional_marks: Words = Field(description="a clause opened by these is hypothetical")
    future_modals: Words = Field(description="a negated trigger with one of these is a refusal (negated_future_class)")
    refusal_modals: Words = Field(
        description="a negated trigger with one of these says one will not do it, as a negated future does, for the "
        "rules that read a refusal there (negated_future_class, only_negated_future): 'cannot apologise for telling "
        "the truth'"
    )
    negations: Words = Field(description="a determiner among these on an argument negates the event ('no such motion')")
    failed: Words = Field(
        frozenset(),
        description="a trigger in a clause on a noun that is the subject of one of these "
        "did not happen ('the vote to remove him failed'): negated",
    )
    adopted: Words = Field(
        frozenset(),
        description="a trigger in a motion that is the object or passive subject of "
        "one of these happened ('the House adopted a motion to suspend X')",
    )
    ability_nouns: Words = Field(
        frozenset(),
        description="a trigger in an infinitive on one of these nouns states what "
        "may be done ('has the power to suspend them'): hypothetical",
    )
    counterfactual_preps: Words = Field(
        frozenset(),
        description="a gerund after one of these did not happen ('instead of expelling X', 'without naming X'): negated",
    )
    habitual_marks: Words = Field(
        frozenset(),
        description="a present-tense clause opened by these says what happens "
        "each time, not what happened ('when an MP is named, a vote "
        "is held'): hypothetical",
    )
    perception_verbs: Words = Field(
        frozenset(),
        description="'could be heard objecting', 'was seen shouting': a "
        "gerund under these is asserted, their 'could' is no "
        "hypothesis",
    )
    near_misses: Words = Field(
        frozenset(),
        description="an adverb among these on the trigger says it did not happen "
        "('was nearly ejected', 'almost resigned'): negated",
    )
    partial_adverbs: Words = Field(
        frozenset(),
        description="an adverb among these on the trigger says it was done in part only ('only withdrew the word "
        "\"toad\"', 'partly retracted the remark'): a rule's partial_class decides what that is",
    )


class GrammarFile(_Strict):
    """``grammar.json``: closed-class words the rules read, keyed by what they do."""

    pronoun_gender: dict[str, Gender] = Field(description="pronouns kg resolves, and the gender each implies")
    relative_pronouns: Words = Field(description="'who', 'which': a relative pronoun stands for its head noun")
    order_nouns: Words = Field(
        frozenset(),
        description="'removed on the Speaker's orders', 'on the instructions of X': "
        "the one whose orders these are did it, when no one named did",
    )
    government_levels: Words = Field(
        frozenset(), description="'the federal government': still the government of the article's state"
    )
    state_actor_prepositions: Words = Field(
        frozenset(), description="a state's name after one of these acts or is acted on ('sanctions against Iran')"
    )
    asked_from_nouns: Words = Field(
        frozenset(),
        description="'an apology from Iran': a state's name after 'from' on "
        "one of these is asked for it (not 'officials from Iran')",
    )
    government_possessives: Words = Field(
        frozenset(), description="'her government': the government of the article's state"
    )
    counterpart_nouns: Words = Field(
        frozenset(), description="'his Cypriot counterpart, X': X holds the office of the office holder before"
    )
    indefinite_determiners: Words = Field(
        description="a description opened by one of these is indefinite ('a Bloc MP'), not a known person"
    )
    label_stop_words: Words = Field(description="a motion's label ends before these ('motion to recognize X when ...')")
    motion_label_prepositions: Words = Field(
        description="prepositional phrases kept in a motion's label ('motion on ...')"
    )
    object_control_verbs: Words = Field(
        description="'asked X to leave': the object of these is the subject of the infinitive"
    )
    causative_verbs: Words = Field(description="'have/get X + past participle' ('tried to have him kicked out')")
    simultaneous_markers: Words = Field(
        description="a clause opened by these happens at the time of its head ('voted "
        "against it when the bell rang on Tuesday')"
    )
    title_words: Words = Field(
        description="words that stand before a name as a title kg knows no office for: never "
        "taken for a given name ('Chief Allan Adam')"
    )
    refusal_governors: Words = Field(description="a trigger governed by these is negated ('refused to apologize')")
    charge_verbs: Words = Field(
        frozenset(),
        description="verbs of wrongdoing: said of someone in a reported clause they "
        "accuse them ('said X had misled the House', 'had lied')",
    )
    charge_making_verbs: Words = Field(
        frozenset(),
        description="'levelled/repeated/withdrew the allegation against X': the subject of these made the charge",
    )
    statement_nouns: Words = Field(
        frozenset(),
        description="'X issued a statement condemning Y', 'X posted a message "
        "blaming Y': a gerund on these nouns is their author's act",
    )
    report_nouns: Words = Field(
        frozenset(),
        description="'the Committee published two reports ... The reports find X to have breached the rules': one of "
        "these as the agent, with nothing of its own to name its author, is the act of whoever published, issued or "
        "released it before ('publishing_verbs')",
    )
    publishing_verbs: Words = Field(
        frozenset(), description="verbs whose subject is the author of their object (a report_nouns noun)"
    )
    duty_failure_verbs: Words = Field(
        frozenset(),
        description="verbs of failing: said of someone with a role or the people as their object, they "
        "accuse them ('said X had failed in her role', 'had failed the voters'; not 'failed to win')",
    )
    physical_modifiers: Words = Field(
        frozenset(),
        description="what makes an attack a blow, not words: 'a knife attack on X', 'a violent attack on X' "
        "(no accusation)",
    )
    question_words: Words = Field(
        frozenset(),
        description="a reported question with these asks someone to account for a wrong or a failure "
        "('asked why X had not resigned'): an accusation (charge_from question)",
    )
    combating_verbs: Words = Field(
        frozenset(),
        description="verbs against a wrong: their charge object accuses no one ('said X had fought corruption')",
    )
    means_prepositions: Words = Field(
        frozenset(),
        description="a reported clause whose verb has one of these with a charge as its object accuses its "
        "subject ('said X won through fraud', 'won due to voter fraud')",
    )
    rule_breaking_verbs: Words = Field(
        frozenset(),
        description="verbs that, with one of rule_nouns as their object, state a wrongdoing of their subject "
        "('said X had broken the ministerial code'; not 'broke the record')",
    )
    rule_nouns: Words = Field(frozenset(), description="what one breaks to do wrong, for rule_breaking_verbs")
    duty_nouns: Words = Field(
        frozenset(),
        description="what one fails in or fails, for duty_failure_verbs: a role or duty ('failed in her duty'), "
        "those one serves ('failed the voters')",
    )
    charge_phrases: Words = Field(
        frozenset(),
        description="what a reported clause's object or complement may be to "
        "accuse its subject ('had used unparliamentary language', "
        "'was applying double standards'), lemmas joined by spaces",
    )
    first_person: Words = Field(
        description="inside a direct quote, a trigger whose subject is one of these is the "
        "speaker's own act ('\"I withdraw the remark,\" she said')"
    )
    deictic_pronouns: Words = Field(
        description="the first and second persons: inside a quote they are the speaker "
        "and the one addressed, never a third party named"
    )
    empty_subjects: Words = Field(description="subjects that name no one ('alleged that it was wrong')")
    quantity_nouns: Words = Field(
        description="'a number of legislators', 'several of the MPs': a quantity noun "
        "whose 'of' object names the members"
    )
    seat_nouns: Words = Field(description="nouns for the holder of a seat ('the member for Bath', 'the MP for Bath')")
    sequence_words: Words = Field(
        description="'the latter' (the person named last before it) and 'the former' (the one named before that), "
        "standing alone as a noun phrase"
    )
    courtesy_words: Words = Field(description="courtesies before a seat noun ('the right honourable member for Bath')")
    seat_name_ends: Words = Field(
        description="last words of a constituency's name: before a seat title the run is the seat, not a party "
        "('Kisumu West MP X', 'Hackney North MP X')"
    )
    unrealised_auxiliaries: Words = Field(
        frozenset(), description="'X will become Speaker', 'X would be elected leader': a role taken up not yet"
    )
    not_now_words: Words = Field(
        frozenset(), description="'X does not belong to the P', 'X no longer belongs to the P': no membership now"
    )
    title_qualifier_joiners: Words = Field(
        frozenset(),
        description="words a title's capitalised qualifier runs on through ('The Speaker of the House of Assembly, X')",
    )
    title_qualifier_prepositions: Words = Field(
        description="what begins a title's body, seat or place before a name in apposition ('The Speaker of the "
        "Assembly, X', 'The Labour MP for Bath, X', 'The Democratic senator from Ohio, X'); 'for' gives the seat"
    )
    place_nouns: Words = Field(
        frozenset(),
        description="lower-case nouns that end a place's name in a title's qualifier ('The president of the "
        "Lombardy region, X', 'the governor of Kano state, X'); not a body ('the head of the regional council, X')",
    )
    motion_parts: Words = Field(
        description="a part or reading of a motion stands for it as an argument ('opposed "
        "both articles of impeachment', 'voted against the second reading of the bill')"
    )
    act_nouns: Words = Field(
        description="nouns for what someone did or said: criticising 'X's conduct' or 'the decision of X' accuses X"
    )
    contact_verbs: Words = Field(description="'phoned X to apologise': the one these verbs reach is the one addressed")
    lowercase_legislatures: Words = Field(
        description="chambers a paper may write in lower case after 'the' ('dismissed by the senate')"
    )
    listing_verbs: Words = Field(
        frozenset(),
        description="'the suspended members include A and B', 'among those "
        "expelled are A': the verbs that list who a group is",
    )
    partitive_prepositions: Words = Field(
        frozenset(), description="'among those expelled are A': the group the names are of"
    )
    party_nouns: Words = Field(
        frozenset(),
        description="'the P, a coalition led by X', 'the main P formation led by X': a noun of these said of a named "
        "party stands for it",
    )
    political_orientations: Words = Field(
        frozenset(),
        description="'the centre-left coalition': one of these before a party_nouns noun names a party "
        "('Centre-left coalition')",
    )
    member_group_nouns: Words = Field(
        frozenset(),
        description="'X, leader of the council's Labour group': the leader of one of these of a party's members is a "
        "member of the party, not its leader",
    )
    party_head_titles: Words = Field(
        frozenset(),
        description="'BJP chief X', 'X, the boss of the P': words for a party's head said right after the party's "
        "name or before 'of' the party (not party_roles: 'its chief executive' is no party's)",
    )
    namely_words: Words = Field(
        frozenset(),
        description="'two ANC MPs, namely X and Y': a list after one of these names the members of the plural before",
    )
    membership_verbs: Words = Field(
        frozenset(),
        description="'X belongs to the P', 'X represents the P': the subject of these, in the present, with the party "
        "after 'to' or as the object, is a member of the party",
    )
    membership_ending_verbs: Words = Field(
        frozenset(),
        description="'The P expelled two of its MPs': a party acting on its members with these ends their membership",
    )
    party_name_possessors: Words = Field(
        frozenset(),
        description="a possessive inside a party's name is one of these ('People's Alliance', 'Workers' Compact'); any "
        "other before a party's name is its leader's ('Mensah's New Patriotic Party')",
    )
    bloc_nouns: Words = Field(
        description="collective nouns for a party's members together: 'the Democratic leadership' is the party"
    )
    organisation_nouns: Words = Field(
        description="'the company', 'the network': a definite description of the organisation the article last named"
    )
    organisation_heads: Words = Field(
        description="a named organisation ends in one of these ('Acme Corporation', 'the Biden campaign')"
    )
    organisation_joiners: Words = Field(
        description="lower-case words a name of an organisation may hold ('Bank of England', 'Doctors and Nurses')"
    )
    organisation_markers: Words = Field(
        description="joiners that mark a name as an organisation's, found before the "
        "people ('Bank of England', 'PG&E'): a person's name has none"
    )
    organisation_stop_words: Words = Field(
        description="what the tagger takes for an organisation and is none (time zones, a virus)"
    )
    plural_seat_titles: Words = Field(
        description="plural seat titles the tagger may read as singular nouns ('MPs'): 'suspended MPs A and B' stands for the names after it"
    )
    past_title_adverbs: Words = Field(
        description="an adverb of the past before a title's article ('X, formerly the mayor of Denver'): the office is not current"
    )
    past_time_phrases: Words = Field(
        frozenset(),
        description="a phrase right after a title that puts it at another time ('The Opposition Leader at the time, X'; "
        "'X, the Speaker at the time,'): the office is not current",
    )
    second_in_command_words: Words = Field(
        description="a word before 'leader'/'head' that makes the holder a member of a party's leadership, not its leader ('deputy leader of the X')"
    )
    unasserting_auxiliaries: Words = Field(
        description="an auxiliary of a verb that ends an office ('would resign', 'to remove') that makes the ending unasserted"
    )
    factual_governors: Words = Field(
        description="a past verb that makes its infinitive happen ('voted to remove its Speaker'): the ending is asserted"
    )
    ending_event_prepositions: Words = Field(
        description="a preposition before a noun of resigning that states the resignation happened ('following the resignation of X')"
    )
    list_quantifiers: Words = Field(
        frozenset(),
        description="a word after a list of names that gives the role stated next to all of them ('X and Y, both "
        "Democratic senators'; 'X, Y and Z are all members of the P')",
    )
    succession_verbs: Words = Field(
        frozenset(),
        description="'X was replaced as the leader of the P by Y': the agent of one of these passives takes the role after 'as'",
    )
    kinship_nouns: Words = Field(
        frozenset(),
        description="'his son X', 'the senator's widow, X', 'First Lady X': a relative introduced by one of these "
        "(one word or two) is named by first name afterwards, so a bare surname the two share names the other person",
    )
    place_heads: Words = Field(
        frozenset(),
        description="a name ending in one of these, or right before one, is a place or a building, not a person "
        "('Castlefrank Road', 'Wayne State University'); case as written",
    )
    occupation_titles: Words = Field(
        frozenset(),
        description="an occupation before a name is no part of it ('Director Rebic', 'Prosecutor Ana Ruiz'), nor an office",
    )
    time_prepositions: Words = Field(
        description="'was denied entry after his suspension by the Speaker': a phrase of time on a verb keeps its "
        "own modality (the verb does not govern it)"
    )
    record_words: Words = Field(
        description="'X became the first senator to be expelled': an infinitive said of a noun with one of these "
        "says it happened (to the one the noun is)"
    )
    deciding_bodies: Words = Field(
        description="bodies that decide motions: 'called for the House to censure X' proposes the censure, 'called the "
        "police to remove X' does not"
    )
    remark_nouns: Words = Field(
        description="what is said and can be withdrawn: a quoted 'The member will withdraw that word' asks for a "
        "remark to be withdrawn, not the member from the chamber"
    )
    withdrawal_nouns: Words = Field(
        description="nouns of an act of taking back words: 'demanded an apology from X' asks X"
    )


class TimeFile(_Strict):
    """``time.json``: time words (month and weekday names come from :mod:`calendar`)."""

    relative_days: dict[str, int] = Field(description="phrase -> days from the document's date ('yesterday': -1)")
    narrative_days: dict[str, int] = Field(
        description="phrase -> days from the story's current date ('the next day': 1)"
    )
    vague: WordList = Field(description="phrases that name no single day: the event is left undated")
    day_parts: WordList = Field(description="'morning': may follow a day ('Tuesday morning')")
    prefixes: WordList = Field(description="words that may precede a date ('on', 'last', 'earlier')")
    future_prefixes: WordList = Field(description="words that make what follows a future, vague date ('next')")
    month_aliases: dict[str, Annotated[int, Field(ge=1, le=12)]] = Field(description="extra month abbreviations")
    numbers: dict[str, int] = Field(description="number words ('three days later')")
    units: dict[str, int] = Field(description="unit -> days")
    directions: dict[str, tuple[Literal["narrative", "relative"], Literal[1, -1]]] = Field(
        description="'later'/'ago' -> (anchored on the story's or the document's date, sign)"
    )
