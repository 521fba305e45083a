"""kg.semantics.conform, the compiled conformance check kg build runs before pySHACL: it flags a graph exactly
when pySHACL finds a violation, on every failing fixture of tests/test_validate.py (full shapes,
no ontology: a plain SHACL run), on a failing fixture for each Violation constraint those leave
unbroken (CONSTRAINT_CASES: with them, every constraint a focus node can break is broken once), the
valid fixture, the seed and development graphs; and it gives a chunk as kg build hands it over
(collected triples and N-Quads) the verdict of the same graph.

All names are invented.
"""

from __future__ import annotations

import pytest
from rdflib import Graph, Literal, URIRef
from rdflib.namespace import XSD

from kg.rdf.lines import TripleCollector
from kg.semantics import conform
from kg.semantics import validate as v
from kg.semantics.shapetests import less_than
from tests.semantics.test_validate import C66, CASES, S42, VALID, broken


def test_conform_compiles_the_project_shapes():
    rules = conform.compiled()
    assert len(rules.shapes) >= 25


def test_conform_valid_fixture_passes():
    assert not conform.may_violate(Graph().parse(VALID, format="turtle"))


@pytest.mark.parametrize(("name", "case", "removed", "added", "words", "severity"), CASES,
                         ids=[f"{c[0]}-{c[1]}" for c in CASES])
def test_conform_flags_exactly_what_pyshacl_calls_a_violation(name, case, removed, added, words, severity):
    g = broken(removed, added)
    report = v.validate(g)
    assert conform.may_violate(g) == bool(report.violations), report.text()


@pytest.mark.model
def test_conform_seed_and_devset_graphs_pass(seed):
    assert not v.validate(seed.result.dataset).violations
    assert not conform.may_violate(seed.result.dataset)


def test_conform_refuses_shapes_it_cannot_evaluate(monkeypatch):
    shapes = Graph().parse(data="""
        @prefix sh: <http://www.w3.org/ns/shacl#> . @prefix ex: <https://example.org/> .
        ex:S a sh:NodeShape ; sh:targetClass ex:C ; sh:property [ sh:path ex:p ; sh:uniqueLang true ] .""",
                           format="turtle")
    monkeypatch.setattr(conform, "load_shapes", lambda: shapes)
    with pytest.raises(conform.UnsupportedShapesError, match="uniqueLang"):
        conform.compiled()  # compiled once per shapes graph: these shapes are compiled afresh


# -- one failing fixture for each Violation constraint that no case of test_validate breaks ----------------

POST, QUOTE = "<https://example.org/id/doc/a1/post/1>", "<https://example.org/id/doc/a1/quote/1>"
GRAPH, BUILD, SOFTWARE = "<https://example.org/id/graph/a1>", "build:0123456789abcdef", "software:kg-0.1.0"

# shape, case id, triples removed, triples added, words of the message of the constraint broken
CONSTRAINT_CASES = [
    ("PersonShape", "name-with-language", 'person:ana-lopes rdfs:label "Ana Lopes" .',
     'person:ana-lopes rdfs:label "Ana Lopes"@en .', "exactly one name"),
    ("PersonShape", "empty-name", 'person:ana-lopes rdfs:label "Ana Lopes" .', 'person:ana-lopes rdfs:label "" .',
     "exactly one name"),
    ("PersonShape", "other-name-with-language", "", 'person:ana-lopes skos:altLabel "A. Lopes"@en .', "other names"),
    ("PersonShape", "empty-other-name", 'person:ana-lopes skos:altLabel "Lopes" .',
     'person:ana-lopes skos:altLabel "" .', "other names"),
    ("PersonShape", "leads-an-office", "", "person:tom-reyes kg:leaderOf office:speaker .", "leads organisations"),
    ("PersonShape", "holds-a-party", "", "person:tom-reyes kg:holdsOffice party:progress-party .", "holds offices"),
    ("OrganizationShape", "other-name-with-language", "", 'party:progress-party skos:altLabel "Progress"@en .',
     "other names"),
    ("PoliticalPartyShape", "no-name", 'party:progress-party rdfs:label "Progress Party" .', "", "exactly one name"),
    ("PoliticalPartyShape", "two-names", "", 'party:progress-party rdfs:label "The Progress Party" .',
     "exactly one name"),
    ("PoliticalPartyShape", "name-with-language", 'party:progress-party rdfs:label "Progress Party" .',
     'party:progress-party rdfs:label "Progress Party"@en .', "exactly one name"),
    ("PoliticalPartyShape", "empty-name", 'party:progress-party rdfs:label "Progress Party" .',
     'party:progress-party rdfs:label "" .', "exactly one name"),
    ("LegislatureShape", "name-with-language", 'legislature:house rdfs:label "House of Assembly" .',
     'legislature:house rdfs:label "House of Assembly"@en .', "exactly one name"),
    ("LegislatureShape", "empty-name", 'legislature:house rdfs:label "House of Assembly" .',
     'legislature:house rdfs:label "" .', "exactly one name"),
    ("OfficeShape", "no-name", 'office:speaker rdfs:label "Speaker" .', "", "exactly one name"),
    ("OfficeShape", "two-names", "", 'office:speaker rdfs:label "The Speaker" .', "exactly one name"),
    ("OfficeShape", "name-with-language", 'office:speaker rdfs:label "Speaker" .',
     'office:speaker rdfs:label "Speaker"@en .', "exactly one name"),
    ("OfficeShape", "empty-name", 'office:speaker rdfs:label "Speaker" .', 'office:speaker rdfs:label "" .',
     "exactly one name"),
    ("OfficeShape", "other-name-with-language", "", 'office:speaker skos:altLabel "Madam Speaker"@en .',
     "other names"),
    ("OfficeShape", "empty-other-name", "", 'office:speaker skos:altLabel "" .', "other names"),
    ("MotionShape", "two-names", "", 'motion:m1 rdfs:label "the housing bill" .', "exactly one name"),
    ("MotionShape", "name-with-language", 'motion:m1 rdfs:label "housing bill" .',
     'motion:m1 rdfs:label "housing bill"@en .', "exactly one name"),
    ("MotionShape", "empty-name", 'motion:m1 rdfs:label "housing bill" .', 'motion:m1 rdfs:label "" .',
     "exactly one name"),
    ("MotionShape", "other-name-with-language", "", 'motion:m1 skos:altLabel "the bill"@en .', "other names"),
    ("MotionShape", "empty-other-name", "", 'motion:m1 skos:altLabel "" .', "other names"),
    ("SoftwareShape", "no-name", f'{SOFTWARE} rdfs:label "kg" .', "", "exactly one name"),
    ("SoftwareShape", "two-names", "", f'{SOFTWARE} rdfs:label "kg-news" .', "exactly one name"),
    ("SoftwareShape", "name-with-language", f'{SOFTWARE} rdfs:label "kg" .', f'{SOFTWARE} rdfs:label "kg"@en .',
     "exactly one name"),
    ("SoftwareShape", "empty-name", f'{SOFTWARE} rdfs:label "kg" .', f'{SOFTWARE} rdfs:label "" .',
     "exactly one name"),
    ("SoftwareShape", "two-versions", "", f'{SOFTWARE} schema:softwareVersion "0.1.1" .', "one version"),
    ("SoftwareShape", "version-with-language", f'{SOFTWARE} schema:softwareVersion "0.1.0" .',
     f'{SOFTWARE} schema:softwareVersion "0.1.0"@en .', "one version"),
    ("SoftwareShape", "empty-version", f'{SOFTWARE} schema:softwareVersion "0.1.0" .',
     f'{SOFTWARE} schema:softwareVersion "" .', "one version"),
    ("BuildShape", "two-programs", "", f"{BUILD} prov:wasAssociatedWith software:other .", "names the one program"),
    ("BuildShape", "run-by-a-person", f"{BUILD} prov:wasAssociatedWith {SOFTWARE} .",
     f"{BUILD} prov:wasAssociatedWith person:ana-lopes .", "names the one program"),
    ("BuildShape", "rules-version-with-language", f'{BUILD} kg:rulesVersion "sha256:{"0" * 64}" .',
     f'{BUILD} kg:rulesVersion "sha256:{"0" * 64}"@en .', "names the rules"),
    ("DerivedGraphShape", "derived-from-two-articles", "", f"{GRAPH} prov:wasDerivedFrom doc:a2 .",
     "derived from exactly one article"),
    ("DerivedGraphShape", "two-times", "",
     f'{GRAPH} prov:generatedAtTime "2024-03-16T09:00:00+00:00"^^xsd:dateTime .', "says when it was made"),
    ("DerivedGraphShape", "made-by-two-builds", "", f"{GRAPH} prov:wasGeneratedBy build:fedcba9876543210 .",
     "made by one build"),
    ("DerivedGraphShape", "made-by-a-person", f"{GRAPH} prov:wasGeneratedBy {BUILD} .",
     f"{GRAPH} prov:wasGeneratedBy person:ana-lopes .", "made by one build"),
    ("DocumentShape", "two-titles", "", 'doc:a1 kg:title "Member ordered out"@en .', "at most one title"),
    ("DocumentShape", "title-without-language", 'doc:a1 kg:title "Member ordered out after heckling"@en .',
     'doc:a1 kg:title "Member ordered out after heckling" .', "at most one title"),
    ("DocumentShape", "two-urls", "", 'doc:a1 kg:url "https://news.example/heckling-2"^^xsd:anyURI .',
     "at most one url"),
    ("DocumentShape", "url-a-string", 'doc:a1 kg:url "https://news.example/heckling"^^xsd:anyURI .',
     'doc:a1 kg:url "https://news.example/heckling" .', "at most one url"),
    ("DocumentShape", "two-outlets", "", 'doc:a1 kg:outlet "The Gazette" .', "at most one outlet"),
    ("DocumentShape", "outlet-with-language", 'doc:a1 kg:outlet "The Example Gazette" .',
     'doc:a1 kg:outlet "The Example Gazette"@en .', "at most one outlet"),
    ("DocumentShape", "two-inferred-dates", "",
     'doc:a1 kg:inferredDate "2024-03-13"^^xsd:date , "2024-03-12"^^xsd:date .', "at most one inferred date"),
    ("DocumentShape", "inferred-date-a-string", "", 'doc:a1 kg:inferredDate "yesterday" .',
     "at most one inferred date"),
    ("DocumentShape", "two-date-inferences", "", "doc:a1 kg:dateInference kg:LatestEmbeddedPost , kg:Byline .",
     "how an article's date was inferred"),
    ("DocumentShape", "graph-a-blank-node", "", "[] prov:wasDerivedFrom doc:a1 .", "source of a named graph"),
    ("DocumentShape", "text-not-a-context", "", "<https://example.org/id/doc/a1#char=0,7> nif:sourceUrl doc:a1 .",
     "has its text in the graph, once"),
    ("ContextTypeShape", "blank-node", "", "[] a nif:Context , nif:RFC5147String .", "is named by an IRI"),
    ("ContextShape", "two-texts", "", f'{C66} nif:isString "Another text." .', "exactly one nif:isString, an"),
    ("ContextShape", "two-begins", "", f'{C66} nif:beginIndex "0"^^xsd:integer .', "begins at offset 0"),
    ("ContextShape", "begins-below-zero", f'{C66} nif:beginIndex "0"^^xsd:nonNegativeInteger .',
     f'{C66} nif:beginIndex "-1"^^xsd:integer .', "begins at offset 0"),
    ("ContextShape", "begin-a-decimal", f'{C66} nif:beginIndex "0"^^xsd:nonNegativeInteger .',
     f'{C66} nif:beginIndex "0"^^xsd:decimal .', "begins at offset 0"),
    ("ContextShape", "two-ends", "", f'{C66} nif:endIndex "66"^^xsd:integer .', "one end offset"),
    ("ContextShape", "end-below-zero", f'{C66} nif:endIndex "66"^^xsd:nonNegativeInteger .',
     f'{C66} nif:endIndex "-66"^^xsd:integer .', "one end offset"),
    ("ContextShape", "end-a-decimal", f'{C66} nif:endIndex "66"^^xsd:nonNegativeInteger .',
     f'{C66} nif:endIndex "66"^^xsd:decimal .', "one end offset"),
    ("ContextShape", "text-of-two-articles", "", f"{C66} nif:sourceUrl doc:a2 .", "text of exactly one article"),
    ("ContextShape", "text-of-a-person", f"{C66} nif:sourceUrl doc:a1 .", f"{C66} nif:sourceUrl person:ana-lopes .",
     "text of exactly one article"),
    ("ContextShape", "two-languages", "", f"{C66} nif:predLang <http://lexvo.org/id/iso639-3/fra> .",
     "at most one language"),
    ("ContextShape", "language-a-string", f"{C66} nif:predLang <http://lexvo.org/id/iso639-3/eng> .",
     f'{C66} nif:predLang "eng" .', "at most one language"),
    ("SentenceShape", "two-texts", "", f'{S42} nif:anchorOf "Speaker Ana Lopes" .', "exactly one text (nif:anchorOf)"),
    ("SentenceShape", "empty-text", f'{S42} nif:anchorOf "Speaker Ana Lopes ejected MP Tom Reyes ..." .',
     f'{S42} nif:anchorOf "" .', "exactly one text (nif:anchorOf)"),
    ("SentenceShape", "begins-below-zero", f'{S42} nif:beginIndex "0"^^xsd:nonNegativeInteger .',
     f'{S42} nif:beginIndex "-1"^^xsd:integer .', "one begin offset"),
    ("SentenceShape", "begin-a-decimal", f'{S42} nif:beginIndex "0"^^xsd:nonNegativeInteger .',
     f'{S42} nif:beginIndex "0"^^xsd:decimal .', "one begin offset"),
    ("SentenceShape", "begin-at-the-end", f'{S42} nif:beginIndex "0"^^xsd:nonNegativeInteger .',
     f'{S42} nif:beginIndex "42"^^xsd:integer .', "one begin offset"),
    ("SentenceShape", "two-ends", "", f'{S42} nif:endIndex "42"^^xsd:integer .', "one end offset"),
    ("SentenceShape", "end-below-zero", f'{S42} nif:endIndex "42"^^xsd:nonNegativeInteger .',
     f'{S42} nif:endIndex "-42"^^xsd:integer .', "one end offset"),
    ("SentenceShape", "end-a-decimal", f'{S42} nif:endIndex "42"^^xsd:nonNegativeInteger .',
     f'{S42} nif:endIndex "42"^^xsd:decimal .', "one end offset"),
    ("SentenceShape", "in-two-texts", "", f"{S42} nif:referenceContext <https://example.org/id/doc/a1#char=0,60> .",
     "part of exactly one article text"),
    ("SentenceShape", "part-of-an-article", f"{S42} nif:referenceContext {C66} .",
     f"{S42} nif:referenceContext doc:a1 .", "part of exactly one article text"),
    ("SentenceShape", "in-two-articles", "", f"{S42} kg:inDocument doc:a2 .", "in exactly one article (kg:inDocument"),
    ("SentenceShape", "in-a-person", f"{S42} kg:inDocument doc:a1 .", f"{S42} kg:inDocument person:ana-lopes .",
     "in exactly one article (kg:inDocument"),
    ("QuotationShape", "two-texts", "", f'{QUOTE} kg:text "I will not"@en .', "a quotation has exactly one text"),
    ("SocialMediaPostShape", "in-two-articles", "", f"{POST} kg:embeddedIn doc:a2 .", "is in exactly one article"),
    ("SocialMediaPostShape", "in-a-person", f"{POST} kg:embeddedIn doc:a1 .",
     f"{POST} kg:embeddedIn person:ana-lopes .", "is in exactly one article"),
    ("SocialMediaPostShape", "no-text", f'{POST} kg:text "The Speaker was right to act."@en .', "",
     "has exactly one text"),
    ("SocialMediaPostShape", "two-texts", "", f'{POST} kg:text "Right to act."@en .', "has exactly one text"),
    ("SocialMediaPostShape", "text-without-language", f'{POST} kg:text "The Speaker was right to act."@en .',
     f'{POST} kg:text "The Speaker was right to act." .', "has exactly one text"),
    ("SocialMediaPostShape", "two-handles", "", f'{POST} kg:handle "@reyes" .', "at most one handle"),
    ("SocialMediaPostShape", "handle-with-language", f'{POST} kg:handle "@tomreyes" .',
     f'{POST} kg:handle "@tomreyes"@en .', "at most one handle"),
    ("SocialMediaPostShape", "two-dates", "", f'{POST} kg:postedOn "2024-03-12"^^xsd:date .', "at most one date"),
    ("SocialMediaPostShape", "date-a-string", f'{POST} kg:postedOn "2024-03-13"^^xsd:date .',
     f'{POST} kg:postedOn "2024-03-13" .', "at most one date"),
    ("SocialMediaPostShape", "two-authors", "", f"{POST} kg:postAuthor person:ana-lopes .", "at most one author"),
    ("SocialMediaPostShape", "author-a-party", f"{POST} kg:postAuthor person:tom-reyes .",
     f"{POST} kg:postAuthor party:progress-party .", "at most one author"),
    ("ProvenanceShape", "source-a-person", "report:accusation kg:sourceDocument doc:a1 .",
     "report:accusation kg:sourceDocument person:ana-lopes .", "comes from exactly one article"),
    ("ProvenanceShape", "evidence-a-text", f"report:accusation kg:evidence {S42} .",
     f"report:accusation kg:evidence {C66} .", "exactly one evidence sentence"),
    ("ProvenanceShape", "two-triggers", "", 'report:accusation kg:trigger "accused"@en .', "a trigger word"),
    ("ProvenanceShape", "trigger-without-language", 'report:accusation kg:trigger "called"@en .',
     'report:accusation kg:trigger "called" .', "a trigger word"),
    ("ProvenanceShape", "empty-trigger", 'report:accusation kg:trigger "called"@en .',
     'report:accusation kg:trigger ""@en .', "a trigger word"),
    ("ProvenanceShape", "rule-with-language", 'report:accusation kg:rule "accusation.call_x_y" .',
     'report:accusation kg:rule "accusation.call_x_y"@en .', "the one extraction rule"),
    ("ProvenanceShape", "empty-rule", 'report:accusation kg:rule "accusation.call_x_y" .',
     'report:accusation kg:rule "" .', "the one extraction rule"),
    ("ProvenanceShape", "two-confidences", "", "report:accusation kg:confidence 0.8 .", "one confidence"),
    ("ProvenanceShape", "confidence-a-double", "report:accusation kg:confidence 0.9 .",
     'report:accusation kg:confidence "0.9"^^xsd:double .', "one confidence"),
    ("ProvenanceShape", "confidence-below-zero", "report:accusation kg:confidence 0.9 .",
     "report:accusation kg:confidence -0.5 .", "one confidence"),
    ("ProvenanceShape", "two-charges", "", 'report:accusation kg:charge "hypocrite"@en .', "a charge is"),
    ("ProvenanceShape", "charge-without-language", 'report:accusation kg:charge "liar"@en .',
     'report:accusation kg:charge "liar" .', "a charge is"),
    ("ProvenanceShape", "empty-charge", 'report:accusation kg:charge "liar"@en .',
     'report:accusation kg:charge ""@en .', "a charge is"),
    ("ReportShape", "two-dates", "", 'report:accusation kg:reportedDate "2024-03-11"^^xsd:date .',
     "at most one date"),
    ("ReportShape", "date-a-string", 'report:accusation kg:reportedDate "2024-03-12"^^xsd:date .',
     'report:accusation kg:reportedDate "2024-03-12" .', "at most one date"),
    ("ReportShape", "agent-a-name", "", 'report:accusation kg:reportedAgent "Tom Reyes" .', "a report's agent is"),
    ("ReportedShape", "reported-by-a-non-report", "", "report:extra kg:reportOf event:ejection .",
     "reported by at least one article"),
    ("ReportedShape", "date-a-string", 'event:accusation kg:date "2024-03-12"^^xsd:date .',
     'event:accusation kg:date "2024-03-12" .', "an event's date is an xsd:date"),
    ("ClaimDateShape", "date-a-string", 'event:claim kg:date "2024-03-11"^^xsd:date .',
     'event:claim kg:date "2024-03-11" .', "a claim has at most one date"),
    ("EventShape", "no-modality", "event:ejection kg:modality kg:Asserted .", "", "an event is asserted"),
    ("EventShape", "two-modalities", "", "event:ejection kg:modality kg:Negated .", "an event is asserted"),
    ("EventShape", "agent-a-name", "", 'event:statement kg:agent "Tom Reyes" .', "an event's agent is"),
    ("EventShape", "target-a-name", "", 'event:statement kg:target "the bill" .', "an event's target is a resource"),
    ("EventShape", "place-a-person", "event:accusation kg:place legislature:house .",
     "event:accusation kg:place person:ana-lopes .", "takes place in a legislature"),
    ("ApologyDemandShape", "demander-not-an-agent", "", "event:demand kg:apologyDemander person:ana-lopes .",
     "are its agents"),
    ("OppositionShape", "opponent-not-an-agent", "", "event:opposition kg:opponent person:ana-lopes .",
     "are its agents"),
    ("StatementShape", "quote-without-language", 'event:statement kg:quote "I will not withdraw it"@en .',
     'event:statement kg:quote "I will not withdraw it" .', "a statement's quote is a string"),
    ("EventClaimShape", "two-claimed-types", "", "event:claim kg:claimedType kg:Accusation .",
     "exactly one event class"),
    ("EventClaimShape", "no-modality", "event:claim kg:modality kg:Attempted .", "", "exactly one modality"),
    ("EventClaimShape", "two-modalities", "", "event:claim kg:modality kg:Negated .", "exactly one modality"),
    ("EventClaimShape", "claimed-agent-a-name", "", 'event:claim kg:claimedAgent "Tom" .',
     "would-be agent is a resource"),
    ("EventClaimShape", "claimed-target-a-name", "", 'event:claim kg:claimedTarget "Ana" .',
     "would-be target is a resource"),
    ("DemandedApologyFromShape", "from-a-motion", "", "office:speaker kg:demandedApologyFrom motion:m1 .",
     "points at a person"),
    ("EjectedShape", "ejected-a-motion", "", "person:ana-lopes kg:ejected motion:m1 .", "points at a person"),
]


@pytest.mark.parametrize(("name", "case", "removed", "added", "words"), CONSTRAINT_CASES,
                         ids=[f"{c[0]}-{c[1]}" for c in CONSTRAINT_CASES])
def test_conform_flags_each_broken_constraint(name, case, removed, added, words):
    g = broken(removed, added)
    report = v.validate(g)
    assert any(words in f.message for f in report.violations), f"{name} {case} breaks nothing:\n{report.text()}"
    assert conform.may_violate(g), report.text()


def _chunk(graphs: dict) -> tuple[TripleCollector, bytes]:
    """Named graphs (IRI -> rdflib graph) as kg build hands a chunk to the check: collected triples and N-Quads."""
    chunk = TripleCollector()
    for iri, g in graphs.items():
        for t in g:
            chunk.graph(URIRef(iri)).add(t)
    return chunk, b"".join("".join(g.nquads()).encode("utf-8") for g in chunk.graphs.values())


@pytest.mark.parametrize(("removed", "added"), [("", "")] + [(c[2], c[3]) for c in CASES + CONSTRAINT_CASES],
                         ids=["valid"] + [f"{c[0]}-{c[1]}" for c in CASES + CONSTRAINT_CASES])
def test_conform_gives_a_build_chunk_the_verdict_of_its_graph(removed, added):
    g = broken(removed, added)
    assert conform.may_violate(*_chunk({"https://example.org/id/graph/a1": g})) == conform.may_violate(g)


def test_conform_counts_a_triple_repeated_in_two_graphs_once():
    valid = Graph().parse(VALID, format="turtle")
    chunk, nquads = _chunk({"https://example.org/id/graph/a1": valid, "https://example.org/id/graph/a2": valid})
    assert not v.validate(chunk.to_dataset()).violations
    assert not conform.may_violate(chunk, nquads)
    renamed = broken('person:ana-lopes rdfs:label "Ana Lopes" .', 'person:ana-lopes rdfs:label "A. Lopes" .')
    assert conform.may_violate(*_chunk({"https://example.org/id/graph/a1": valid,
                                        "https://example.org/id/graph/a2": renamed}))  # two names


def _number(lexical: str, datatype: str) -> Literal:
    return Literal(lexical, datatype=XSD[datatype])


# sh:lessThan of two numbers: rdflib's order (its Literal's <), which the check's shapetests.less_than reaches quicker
NUMBERS = [("0", "nonNegativeInteger", "42", "nonNegativeInteger"), ("42", "nonNegativeInteger", "0", "integer"),
           ("7", "integer", "7", "nonNegativeInteger"), ("1.5", "decimal", "2", "integer"),
           ("2", "integer", "1.5", "decimal"), ("1.0", "decimal", "1", "integer"), ("0.5", "double", "1", "integer"),
           ("NaN", "double", "1", "integer"), ("1", "integer", "NaN", "double"), ("INF", "double", "1", "integer"),
           ("x", "integer", "1", "integer"), ("1", "integer", "x", "integer"),
           ("-3", "nonNegativeInteger", "1", "integer"),
           ("1", "integer", "2024-01-01", "date")]


@pytest.mark.parametrize(("a", "a_type", "b", "b_type"), NUMBERS, ids=[f"{n[0]}-{n[2]}" for n in NUMBERS])
def test_conform_less_than_orders_numbers_as_rdflib_does(a, a_type, b, b_type):
    v, w = _number(a, a_type), _number(b, b_type)
    try:
        expected = bool(v < w)
    except TypeError:
        expected = False
    assert less_than(v, w) == expected


# the predicates SPARQL constraints' patterns name: only triples of those are loaded for them (None: every triple)
_EX = "PREFIX ex: <http://example.org/>\nPREFIX xsd: <http://www.w3.org/2001/XMLSchema#>\n"
QUERY_PREDICATES = [
    ("one pattern", "SELECT ?this WHERE { ?this ex:a ?o }", {"a"}),
    ("not exists", "SELECT ?this ?o WHERE { ?this ex:a ?o .\n FILTER NOT EXISTS { ?e a ex:C ; ex:b ?this ; ex:c ?o } }",
     {"a", "b", "c", "rdf:type"}),
    ("exists in an expression", "SELECT ?this WHERE { ?this ex:a ?o FILTER (?o > 2 || EXISTS { ?o ex:b 'x'@en }) }",
     {"a", "b"}),
    ("optional, minus, union", "SELECT ?this WHERE { ?this ex:a ?o OPTIONAL { ?o ex:f ?z } MINUS { ?o ex:g ?this }"
     " { ?o ex:h 1 } UNION { ?o ex:i true } }", {"a", "f", "g", "h", "i"}),
    ("objects and lists", "SELECT ?this WHERE { ?this ex:a ?o , \"x\"^^xsd:string , <http://example.org/k> ; ; ex:b 2.5 ; . }",
     {"a", "b"}),
    ("full IRIs, named graph", "SELECT ?this WHERE { GRAPH ?g { ?this <http://example.org/d> ?o } }", {"d"}),
    ("bind, filter, strings", "SELECT ?this WHERE { ?this ex:l ?label . BIND (STRLEN(STR(?label)) AS ?n)\n"
     " FILTER (REGEX(?label, \"{ ?x ?p ?y }\", \"i\")) # ?s ?p ?o in a comment\n } ORDER BY ?this LIMIT 5", {"l"}),
    ("a function filter", "SELECT ?this WHERE { ?this ex:e ?end FILTER xsd:integer(?end) }", {"e"}),
    ("a variable predicate", "SELECT ?this WHERE { ?this ?p ?o }", None),
    ("one in not exists", "SELECT ?this WHERE { ?this ex:a ?o FILTER NOT EXISTS { ?o ?q ?z } }", None),
    ("a path", "SELECT ?this WHERE { ?this ex:a/ex:b ?o }", None),
    ("an inverse path", "SELECT ?this WHERE { ?this ^ex:a ?o }", None),
    ("a negated set", "SELECT ?this WHERE { ?this !ex:a ?o }", None),
    ("a blank node", "SELECT ?this WHERE { ?this ex:a [ ?p ?o ] }", None),
    ("a subquery", "SELECT ?this WHERE { ?this ex:a ?o { SELECT ?o WHERE { ?o ?p ?z } } }", None),
    ("values", "SELECT ?this WHERE { VALUES ?p { ex:a } ?this ?p ?o }", None),
    ("an undeclared prefix", "SELECT ?this WHERE { ?this un:a ?o }", None),
    ("construct", "CONSTRUCT { ?s ex:a ?o } WHERE { ?s ?p ?o }", None),
    ("not SPARQL", "SELECT WHERE {", None),
]


@pytest.mark.parametrize(("name", "query", "expected"), QUERY_PREDICATES, ids=[c[0] for c in QUERY_PREDICATES])
def test_conform_loads_the_predicates_the_sparql_constraints_name(name, query, expected):
    from kg.semantics.querypredicates import query_predicates
    from kg.semantics.shapeplans import sparql_predicates

    names = {"rdf:type": "http://www.w3.org/1999/02/22-rdf-syntax-ns#type"}
    want = None if expected is None else {names.get(n, f"http://example.org/{n}") for n in expected}
    assert query_predicates(_EX + query) == want
    if expected is not None:  # a query of any predicate among others: every triple
        assert sparql_predicates([_EX + query, _EX + "SELECT ?this WHERE { ?this ?p ?o }"]) is None


def _algebra_predicates(query: str) -> set[str]:
    """The predicates of ``query``'s triple patterns, by rdflib's SPARQL parser (every pattern's middle term)."""
    from rdflib.plugins.sparql import prepareQuery

    found: set[str] = set()

    def walk(node):
        if isinstance(node, dict):
            triples = dict.get(node, "triples")
            if triples is not None:
                flat = [t for item in triples for t in (item if isinstance(item, (list, tuple)) else [item])]
                found.update(str(p) for p in flat[1::3])
            for key, value in dict.items(node):
                if key != "_vars":
                    walk(value)
        elif isinstance(node, (list, tuple)):
            for value in node:
                walk(value)

    walk(prepareQuery(query).algebra)
    return found


def test_conform_reads_the_predicates_of_the_project_shapes_as_rdflib_does():
    rules = conform.compiled()
    queries = [q for plan in rules.plans for q in plan.sparql]
    assert queries and rules.sparql_predicates is not None
    assert rules.sparql_predicates == set().union(*map(_algebra_predicates, queries))
    assert rules.sparql_terms == {f"<{p}>".encode("utf-8") for p in rules.sparql_predicates}


def test_conform_keeps_the_lines_of_the_named_predicates():
    from kg.rdf.lines import lines_with_predicates

    nquads = (b'<http://e/s> <http://e/a> "two words <http://e/b> here" <http://e/g> .\n'
              b'_:b1 <http://e/b> <http://e/o> <http://e/g> .\n'
              b'<http://e/s> <http://e/c> <http://e/a> .\n'
              b'\n')
    assert lines_with_predicates(nquads, frozenset({b"<http://e/a>", b"<http://e/b>"})).split(b"\n") == [
        b'<http://e/s> <http://e/a> "two words <http://e/b> here" <http://e/g> .',
        b'_:b1 <http://e/b> <http://e/o> <http://e/g> .']
    rules = conform.compiled()  # the project's shapes: their queries name their predicates
    assert rules.sparql_terms and b"<https://w3id.org/kg-news/ont#called>" in rules.sparql_terms
