"""kg.semantics.validate and ontology/shapes.ttl: each shape accepts a small valid graph and catches its
failing fixture; the seed graph has no violation; violations read as lines (node, name, path, message).

The valid fixture is tests/shapes/valid.ttl; each failing fixture below is that graph with some
triples removed and others added (Turtle, with the fixture's prefixes). Each shape is tested
alone (the shapes graph cut down to it), so a case shows that this shape, not another, catches
it. All names are invented.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from rdflib import RDF, RDFS, BNode, Graph, URIRef
from rdflib.namespace import OWL

from kg.semantics import validate as v

HERE = Path(__file__).parents[1]
VALID = HERE / "shapes" / "valid.ttl"
SH = v.SH
KGSH = "https://w3id.org/kg-news/shapes#"
PREFIXES = "".join(line + "\n" for line in VALID.read_text(encoding="utf-8").splitlines() if line.startswith("@prefix"))
S42 = "<https://example.org/id/doc/a1#char=0,42>"
C66 = "<https://example.org/id/doc/a1#char=0,66>"  # the article's text, a nif:Context
TEXT = "Speaker Ana Lopes ejected MP Tom Reyes ... He left without a word."

# shape, case id, triples removed, triples added, a words of the expected message, severity
CASES = [
    ("NamedResourceShape", "blank-node", "", '[] a kg:Motion ; rdfs:label "a blank motion" .', "named by an IRI",
     "Violation"),
    ("PersonShape", "no-name", 'person:ana-lopes rdfs:label "Ana Lopes" .', "", "exactly one name", "Violation"),
    ("PersonShape", "two-names", "", 'person:ana-lopes rdfs:label "A. Lopes" .', "exactly one name", "Violation"),
    ("PersonShape", "member-of-an-office", "", "person:ana-lopes kg:memberOf office:speaker .",
     "member of organisations", "Violation"),
    ("PersonShape", "also-an-organisation", "", "person:ana-lopes a kg:Organization .", "not an organisation",
     "Violation"),
    ("AgentTypeShape", "person-not-stated-an-agent", "person:ana-lopes a kg:Agent .", "", "stated to be a kg:Agent",
     "Violation"),
    ("AgentTypeShape", "party-not-stated-an-agent", "party:progress-party a kg:Agent .", "",
     "stated to be a kg:Agent", "Violation"),
    ("OrganizationTypeShape", "legislature-not-stated-an-organisation", "legislature:house a kg:Organization .", "",
     "stated to be a kg:Organization", "Violation"),
    ("MotionTypeShape", "bill-not-stated-a-motion", "motion:m1 a kg:Motion .", "", "stated to be a kg:Motion",
     "Violation"),
    ("EventTypeShape", "ejection-not-stated-an-event", "event:ejection a kg:Event .", "", "stated to be a kg:Event",
     "Violation"),
    ("NotJunkShape", "person-named-by-a-link", "", 'person:pic-twitter-com-abc1 a kg:Person , kg:Agent ; '
     'rdfs:label "pic.twitter.com/AbC1" .', "web address", "Violation"),
    ("NotJunkShape", "party-named-by-a-url", "", 'party:https-example-org a kg:PoliticalParty , kg:Organization , '
     'kg:Agent ; rdfs:label "https://example.org" .', "web address", "Violation"),
    ("NotJunkShape", "small-capitals-slug", "", "<https://example.org/id/person/s%E1%B4%80%E1%B4%8D> a kg:Person , "
     'kg:Agent ; rdfs:label "Sᴀᴍ" .', "not folded", "Violation"),
    ("OrganizationShape", "two-names", "", 'legislature:house rdfs:label "The House" .', "exactly one name",
     "Violation"),
    ("OrganizationShape", "empty-other-name", "", 'party:progress-party skos:altLabel "" .', "non-empty",
     "Violation"),
    ("PoliticalPartyShape", "also-a-legislature", "", "party:progress-party a kg:Legislature .",
     "not a legislature", "Violation"),
    ("LegislatureShape", "no-name", 'legislature:house rdfs:label "House of Assembly" .', "", "exactly one name",
     "Violation"),
    ("OfficeShape", "office-of-a-person", "", "office:speaker kg:officeOf person:ana-lopes .",
     "belongs to an organisation", "Violation"),
    ("OfficeShape", "office-is-a-person", "", "office:speaker a kg:Person , kg:Agent .", "neither a person",
     "Violation"),
    ("MotionShape", "motion-is-an-agent", "", "motion:m1 a kg:Person , kg:Agent .", "not an agent", "Violation"),
    ("BillShape", "no-name", 'motion:m1 rdfs:label "housing bill" .', "", "exactly one name", "Violation"),
    ("DocumentShape", "date-not-a-date", "", 'doc:a1 kg:published "last Tuesday" .', "publication date",
     "Violation"),
    ("DocumentShape", "no-graph-from-it", "<https://example.org/id/graph/a1> prov:wasDerivedFrom doc:a1 .", "",
     "source of a named graph", "Violation"),
    ("DerivedGraphShape", "derived-from-a-person", "",
     "<https://example.org/id/graph/a2> prov:wasDerivedFrom person:ana-lopes .", "exactly one article",
     "Violation"),
    ("DocumentShape", "date-inferred-by-a-free-text-method", "", 'doc:a1 kg:dateInference "from a tweet" .',
     "how an article's date was inferred", "Violation"),
    ("DerivedGraphShape", "graph-with-no-time", '<https://example.org/id/graph/a1> prov:generatedAtTime '
     '"2024-03-15T09:00:00+00:00"^^xsd:dateTime .', "", "says when it was made", "Violation"),
    ("DerivedGraphShape", "graph-time-a-date", '<https://example.org/id/graph/a1> prov:generatedAtTime '
     '"2024-03-15T09:00:00+00:00"^^xsd:dateTime .',
     '<https://example.org/id/graph/a1> prov:generatedAtTime "2024-03-15"^^xsd:date .', "says when it was made",
     "Violation"),
    ("DerivedGraphShape", "graph-made-by-nothing",
     "<https://example.org/id/graph/a1> prov:wasGeneratedBy build:0123456789abcdef .", "",
     "made by one build", "Violation"),
    ("BuildShape", "no-rules-version", 'build:0123456789abcdef kg:rulesVersion '
     '"sha256:0000000000000000000000000000000000000000000000000000000000000000" .', "", "names the rules",
     "Violation"),
    ("BuildShape", "rules-version-free-text", "", 'build:0123456789abcdef kg:rulesVersion "latest" .',
     "names the rules", "Violation"),
    ("BuildShape", "no-program", "build:0123456789abcdef prov:wasAssociatedWith software:kg-0.1.0 .", "",
     "names the one program", "Violation"),
    ("SoftwareShape", "no-version", 'software:kg-0.1.0 schema:softwareVersion "0.1.0" .', "", "has one version",
     "Violation"),
    ("SocialMediaPostShape", "handle-without-at", '<https://example.org/id/doc/a1/post/1> kg:handle "@tomreyes" .',
     '<https://example.org/id/doc/a1/post/1> kg:handle "tomreyes" .', "handle", "Violation"),
    ("SocialMediaPostShape", "in-no-article", "<https://example.org/id/doc/a1/post/1> kg:embeddedIn doc:a1 .", "",
     "exactly one article", "Violation"),
    ("SentenceShape", "offsets-do-not-span-the-text", f'{S42} nif:endIndex "42"^^xsd:nonNegativeInteger .',
     f'{S42} nif:endIndex "41"^^xsd:nonNegativeInteger .', "not its article's text from 0 to 41", "Violation"),
    ("SentenceShape", "anchor-is-not-the-text-there",
     f'{S42} nif:anchorOf "Speaker Ana Lopes ejected MP Tom Reyes ..." .',
     f'{S42} nif:anchorOf "Speaker Ana Lopez ejected MP Tom Reyes ..." .', "not its article's text from 0 to 42",
     "Violation"),
    ("SentenceShape", "iri-does-not-match-offsets",
     f'{S42} nif:beginIndex "0"^^xsd:nonNegativeInteger . {S42} nif:endIndex "42"^^xsd:nonNegativeInteger .',
     f'{S42} nif:beginIndex "1"^^xsd:nonNegativeInteger . {S42} nif:endIndex "43"^^xsd:nonNegativeInteger .',
     "#char=1,43", "Violation"),
    ("SentenceShape", "begin-after-end", "", f'{S42} nif:beginIndex "50"^^xsd:nonNegativeInteger .',
     "below its end offset", "Violation"),
    ("SentenceShape", "in-no-article", f"{S42} kg:inDocument doc:a1 .", "", "exactly one article", "Violation"),
    ("SentenceShape", "in-no-text", f"{S42} nif:referenceContext {C66} .", "", "part of exactly one article text",
     "Violation"),
    ("SentenceShape", "text-of-another-article", f"{S42} kg:inDocument doc:a1 .",
     f"doc:a2 a kg:Document . {S42} kg:inDocument doc:a2 .", "the one its text comes from", "Violation"),
    ("SentenceShape", "iri-off-its-text", f"{S42} nif:referenceContext {C66} .",
     f'<https://example.org/id/text/a1#char=0,66> a nif:Context ; nif:isString "{TEXT}" ; nif:sourceUrl doc:a1 . '
     f"{S42} nif:referenceContext <https://example.org/id/text/a1#char=0,66> .", "with another #char= fragment",
     "Violation"),
    ("SentenceTypeShape", "not-stated-a-nif-sentence", f"{S42} a nif:Sentence .", "", "stated to be a nif:Sentence",
     "Violation"),
    ("ContextShape", "no-text", f'{C66} nif:isString "{TEXT}" .', "", "exactly one nif:isString", "Violation"),
    ("ContextShape", "text-with-language", f'{C66} nif:isString "{TEXT}" .', f'{C66} nif:isString "{TEXT}"@en .',
     "exactly one nif:isString, an xsd:string", "Violation"),
    ("ContextShape", "end-is-not-the-length", f'{C66} nif:endIndex "66"^^xsd:nonNegativeInteger .',
     f'{C66} nif:endIndex "65"^^xsd:nonNegativeInteger .', "66 characters long, but its nif:endIndex is 65",
     "Violation"),
    ("ContextShape", "iri-is-not-the-whole-text", "",
     f'<https://example.org/id/doc/a1#char=0,60> a nif:Context , nif:RFC5147String ; nif:isString "{TEXT}" ; '
     'nif:beginIndex "0"^^xsd:nonNegativeInteger ; nif:endIndex "66"^^xsd:nonNegativeInteger ; nif:sourceUrl doc:a1 .',
     "#char=0,66", "Violation"),
    ("ContextShape", "begins-after-zero", f'{C66} nif:beginIndex "0"^^xsd:nonNegativeInteger .',
     f'{C66} nif:beginIndex "1"^^xsd:nonNegativeInteger .', "begins at offset 0", "Violation"),
    ("ContextShape", "text-of-no-article", f"{C66} nif:sourceUrl doc:a1 .", "", "the text of exactly one article",
     "Violation"),
    ("ContextTypeShape", "not-stated-rfc5147", f"{C66} a nif:RFC5147String .", "", "stated to be a nif:RFC5147String",
     "Violation"),
    ("DocumentShape", "text-not-in-the-graph", f"{C66} nif:sourceUrl doc:a1 .", "", "has its text in the graph",
     "Violation"),
    ("QuotationShape", "text-without-language", '<https://example.org/id/doc/a1/quote/1> kg:text "I will not withdraw it"@en .',
     '<https://example.org/id/doc/a1/quote/1> kg:text "I will not withdraw it" .', "exactly one text", "Violation"),
    ("SentenceShape", "text-with-language", f'{S42} nif:anchorOf "Speaker Ana Lopes ejected MP Tom Reyes ..." .',
     f'{S42} nif:anchorOf "Speaker Ana Lopes ejected MP Tom Reyes ..."@en .', "exactly one text (nif:anchorOf)",
     "Violation"),
    ("QuotationShape", "no-text", '<https://example.org/id/doc/a1/quote/1> kg:text "I will not withdraw it"@en .', "",
     "exactly one text", "Violation"),
    ("ProvenanceShape", "confidence-above-one", "report:ejection kg:confidence 0.9 .",
     "report:ejection kg:confidence 1.5 .", "in [0, 1]", "Violation"),
    ("ProvenanceShape", "no-rule", 'report:ejection kg:rule "ejection.active" .', "", "extraction rule", "Violation"),
    ("ProvenanceShape", "two-rules", "", 'report:ejection kg:rule "ejection.verb" .', "extraction rule", "Violation"),
    ("ProvenanceShape", "no-source", "event:claim kg:sourceDocument doc:a1 .", "", "from exactly one article",
     "Violation"),
    ("ProvenanceShape", "two-sources", "", "doc:a2 a kg:Document . report:accusation kg:sourceDocument doc:a2 .",
     "from exactly one article", "Violation"),
    ("ProvenanceShape", "no-evidence", f"report:statement kg:evidence {S42} .", "", "evidence sentence",
     "Violation"),
    ("ProvenanceShape", "evidence-in-another-article", "",
     "doc:a2 a kg:Document . <https://example.org/id/doc/a2#char=0,4> a kg:Sentence ; "
     "kg:inDocument doc:a2 . report:ejection kg:evidence <https://example.org/id/doc/a2#char=0,4> .",
     "evidence sentence", "Violation"),
    ("ReportShape", "reports-nothing", "report:ejection kg:reportOf event:ejection .", "", "reports exactly one event",
     "Violation"),
    ("ReportShape", "reports-two-events", "", "report:ejection kg:reportOf event:accusation .",
     "reports exactly one event", "Violation"),
    ("ReportShape", "agent-is-a-motion", "", "report:ejection kg:reportedAgent motion:m1 .", "agent is a person",
     "Violation"),
    ("ClaimDateShape", "two-dates", "", 'event:claim kg:date "2024-03-10"^^xsd:date .', "at most one date",
     "Violation"),
    ("ReportedShape", "unreported", "report:apology kg:reportOf event:apology .", "",
     "reported by at least one article", "Violation"),
    ("ReportedShape", "reports-disagree-on-the-date", "", 'event:accusation kg:date "2024-03-11"^^xsd:date .',
     "different dates", "Warning"),
    ("DateShape", "dated-after-publication", "", 'event:ejection kg:date "2024-03-20"^^xsd:date .',
     "after its article was published", "Warning"),
    ("EventShape", "not-asserted", "event:ejection kg:modality kg:Asserted .", "event:ejection kg:modality kg:Attempted .",
     "is asserted", "Violation"),
    ("EventShape", "agent-is-a-motion", "", "event:ejection kg:agent motion:m1 .", "agent is a person",
     "Violation"),
    ("EventShape", "also-a-claim", "", "event:apology a kg:EventClaim .", "not also an event claim", "Violation"),
    ("EventShape", "no-agent", "event:refusal kg:agent person:tom-reyes .", "", "does not name who did it",
     "Warning"),
    ("AccusationShape", "accuser-not-an-agent", "", "event:accusation kg:accuser person:ana-lopes .",
     "are its agents", "Violation"),
    ("AccusationShape", "accused-a-motion", "", "event:accusation kg:accused motion:m1 .",
     "is a person or an organisation", "Violation"),
    ("EjectionShape", "ejected-a-party", "", "event:ejection kg:ejectee party:progress-party .", "is a person",
     "Violation"),
    ("EjectionShape", "charge-on-an-ejection", "", 'report:ejection kg:charge "liar"@en .', "only accusations",
     "Violation"),
    ("EjectionShape", "no-target", "event:ejection kg:target person:tom-reyes . "
     "event:ejection kg:ejectee person:tom-reyes .", "", "whom it ejected", "Warning"),
    ("OppositionShape", "opposed-a-person", "", "event:opposition kg:opposedMotion person:ana-lopes .",
     "is a motion", "Violation"),
    ("MotionProposalShape", "proposer-not-an-agent", "", "event:proposal kg:proposer person:tom-reyes .",
     "are its agents", "Violation"),
    ("ApologyDemandShape", "demanded-from-a-motion", "", "event:demand kg:apologyDemandee motion:m1 .",
     "person or an organisation", "Violation"),
    ("ApologyRefusalShape", "refused-to-a-motion", "", "event:refusal kg:apologyRefusedTo motion:m1 .",
     "person or an organisation", "Violation"),
    ("ApologyShape", "apologizer-not-an-agent", "", "event:apology kg:apologizer person:ana-lopes .",
     "are its agents", "Violation"),
    ("StatementShape", "quotation-is-a-sentence", "", f"event:statement kg:quotation {S42} .",
     "is a kg:Quotation", "Violation"),
    ("EventClaimShape", "claim-with-an-agent", "", "event:claim kg:agent person:tom-reyes .", "has no kg:agent",
     "Violation"),
    ("EventClaimShape", "asserted-claim", "event:claim kg:modality kg:Attempted .",
     "event:claim kg:modality kg:Asserted .", "not kg:Asserted", "Violation"),
    ("EventClaimShape", "claimed-type-not-an-event-class", "event:claim kg:claimedType kg:Ejection .",
     "event:claim kg:claimedType kg:Person .", "exactly one event class", "Violation"),
    ("CalledShape", "not-backed", "", "person:ana-lopes kg:called person:tom-reyes .", "not backed", "Violation"),
    ("CalledShape", "called-a-motion", "", "person:tom-reyes kg:called motion:m1 .", "person or an organisation",
     "Violation"),
    ("EjectedShape", "not-backed", "", "person:tom-reyes kg:ejected person:ana-lopes .", "not backed",
     "Violation"),
    ("OpposedShape", "not-backed", "", "person:tom-reyes kg:opposed motion:m1 .", "not backed", "Violation"),
    ("ProposedShape", "not-backed", "", "party:progress-party kg:proposed motion:m1 .", "not backed",
     "Violation"),
    ("DemandedApologyFromShape", "not-backed", "", "person:ana-lopes kg:demandedApologyFrom person:tom-reyes .",
     "not backed", "Violation"),
    ("ApologizedToShape", "not-backed", "", "person:tom-reyes kg:apologizedTo person:ana-lopes .", "not backed",
     "Violation"),
]


@pytest.fixture(scope="module")
def shapes() -> Graph:
    return v.load_shapes()


def node_shapes(shapes: Graph) -> list[str]:
    return sorted(str(s)[len(KGSH):] for s in shapes.subjects(RDF.type, SH.NodeShape) if str(s).startswith(KGSH))


def only(shapes: Graph, name: str) -> Graph:
    """The shapes graph cut down to one node shape (with its property shapes and SPARQL prefixes)."""
    out, todo, seen = Graph(), [URIRef(KGSH + name)], set()
    while todo:
        node = todo.pop()
        if node in seen:
            continue
        seen.add(node)
        for s, p, o in shapes.triples((node, None, None)):
            out.add((s, p, o))
            if isinstance(o, BNode) or p in (SH.property, SH.prefixes):
                todo.append(o)
    return out


def turtle(text: str) -> Graph:
    return Graph().parse(data=PREFIXES + text, format="turtle")


def broken(removed: str, added: str) -> Graph:
    g = Graph().parse(VALID, format="turtle")
    for t in turtle(removed):
        assert t in g, f"the valid fixture has no {t}: the case removes nothing"
        g.remove(t)
    for t in turtle(added):
        g.add(t)
    return g


# -- every shape: quiet on the valid graph, catches its failing fixture -----------------------

def test_validate_valid_fixture_conforms_with_no_finding(shapes) -> None:
    report = v.validate(Graph().parse(VALID, format="turtle"))
    assert report.conforms and report.findings == [], report.text()


def test_validate_every_shape_has_a_failing_fixture(shapes) -> None:
    assert len(node_shapes(shapes)) >= 25
    assert sorted({c[0] for c in CASES}) == node_shapes(shapes)


@pytest.mark.parametrize("name", sorted({c[0] for c in CASES}))
def test_validate_shape_accepts_the_valid_fixture(shapes, name) -> None:
    report = v.validate(Graph().parse(VALID, format="turtle"), shapes=only(shapes, name))
    assert report.findings == [], report.text()


@pytest.mark.parametrize(("name", "case", "removed", "added", "words", "severity"), CASES,
                         ids=[f"{c[0]}-{c[1]}" for c in CASES])
def test_validate_shape_catches_its_failing_fixture(shapes, name, case, removed, added, words, severity) -> None:
    report = v.validate(broken(removed, added), shapes=only(shapes, name))
    hits = [f for f in report.findings if words in f.message and f.severity == severity]
    assert hits, f"{name} missed {case}:\n{report.text()}"
    assert all(f.shape == f"kgsh:{name}" or f.shape.startswith("kgsh:") for f in hits)
    assert not report.conforms  # SHACL's sh:conforms: any result, a warning too
    assert bool(report.violations) == (severity == "Violation")


# -- the report, in words ----------------------------------------------------------------------

def test_validate_report_lines_name_the_node_its_label_the_path_and_the_problem(shapes) -> None:
    report = v.validate(broken("", "person:ana-lopes kg:memberOf office:speaker ."))
    (finding,) = report.violations
    assert finding.line() == ('Violation: person:ana-lopes ("Ana Lopes") kg:memberOf: a person is a member of '
                              'organisations (kg:memberOf -> kg:Organization) [value: office:speaker]')
    assert finding.shape == "kgsh:PersonShape"
    assert report.text().splitlines()[-1].startswith("does not conform to ontology/shapes.ttl: 1 violation, ")
    with pytest.raises(v.ValidationError) as err:
        v.check(broken("", "person:ana-lopes kg:memberOf office:speaker ."), "test.ttl")
    assert "\n" not in str(err.value) and "test.ttl does not conform" in str(err.value)


def test_validate_prepared_queries_give_pyshacl_own_results() -> None:
    g = broken("", "person:ana-lopes kg:called person:tom-reyes . event:ejection kg:date \"2024-03-20\"^^xsd:date .")
    fast, plain = v.validate(g), v.validate(g, prepared=False)
    assert fast.findings == plain.findings and len(fast.findings) == 2


# -- the project's own graphs ------------------------------------------------------------------

@pytest.mark.model
def test_validate_seed_graph_has_no_violation(seed) -> None:
    report = v.validate(seed.result.dataset)
    assert not report.violations, report.text()
    assert report.triples > 300


@pytest.mark.model
def test_validate_seed_graph_with_entailments_has_no_violation(seed) -> None:
    from rdflib import Dataset

    from kg.semantics.reason import add_entailments

    ds = Dataset()
    for prefix, ns in seed.result.dataset.namespaces():
        ds.bind(prefix, ns)
    for s, p, o, c in seed.result.dataset.quads((None, None, None, None)):
        ds.graph(c).add((s, p, o))
    add_entailments(ds)
    assert not v.validate(ds).violations


def test_validate_ontology_itself_passes_its_own_owl_checks() -> None:
    """The shapes file is an owl:Ontology with a licence, like kg.ttl."""
    shapes = v.load_shapes()
    (iri,) = list(shapes.subjects(RDF.type, OWL.Ontology))
    assert str(iri) == KGSH.rstrip("#")
