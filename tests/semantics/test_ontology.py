"""Checks for the OWL 2 ontology in ontology/kg.ttl.

No spaCy needed: the tests only parse the Turtle (rdflib and pyoxigraph) and
run an OWL RL closure (owlrl) over the ontology plus a tiny instance graph.
"""

from __future__ import annotations

from pathlib import Path

import owlrl
import pyoxigraph
import pytest
from rdflib import BNode, Graph, Literal, Namespace, URIRef
from rdflib.namespace import OWL, RDF, RDFS, SKOS

ONTOLOGY_PATH = Path(__file__).parents[2] / "ontology" / "kg.ttl"
ONTOLOGY_IRI = URIRef("https://w3id.org/kg-news/ont")
KG = Namespace("https://w3id.org/kg-news/ont#")
DCTERMS = Namespace("http://purl.org/dc/terms/")
# Plain Namespace: rdflib's closed XSD namespace warns when pytest inspects it.
XSD = Namespace("http://www.w3.org/2001/XMLSchema#")
# owlrl reports inconsistencies as nodes typed with this class.
OWLRL_ERR = Namespace("http://www.daml.org/2002/03/agents/agent-ont#")
EX = Namespace("https://example.org/test#")
NIF = Namespace("http://persistence.uni-leipzig.org/nlp2rdf/ontologies/nif-core#")

CLASSES = [
    "Agent",
    "Person",
    "Organization",
    "PoliticalParty",
    "Legislature",
    "Office",
    "Motion",
    "Bill",
    "Document",
    "SocialMediaPost",
    "Sentence",
    "Event",
    "Accusation",
    "Ejection",
    "Opposition",
    "MotionProposal",
    "ApologyDemand",
    "ApologyRefusal",
    "Apology",
    "Statement",
    "Quotation",
    "EventClaim",
    "Modality",
]

# Event subclass -> CAMEO code carried as skos:notation.
EVENT_CAMEO = [
    ("Accusation", "112"),
    ("Ejection", "174"),
    ("Opposition", "125"),
    ("MotionProposal", "0242"),
    ("ApologyDemand", "100"),
    ("ApologyRefusal", "124"),
    ("Apology", "055"),
    ("Statement", "010"),
]

# Explicit rdfs:subClassOf edges required by the brief.
SUBCLASS_EDGES = [
    ("Person", "Agent"),
    ("Organization", "Agent"),
    ("PoliticalParty", "Organization"),
    ("Legislature", "Organization"),
    ("Bill", "Motion"),
] + [(name, "Event") for name, _ in EVENT_CAMEO]

MODALITIES = [
    "Asserted",
    "Negated",
    "Attempted",
    "Hypothetical",
    "Threatened",
    "Requested",
    "Reported",
    "EmbeddedPost",
]

OBJECT_PROPERTIES = [
    "agent",
    "target",
    "place",
    "sourceDocument",
    "evidence",
    "modality",
    "claimedType",
    "claimedAgent",
    "claimedTarget",
    "postAuthor",
    "embeddedIn",
    "inDocument",
    "leaderOf",
    "memberOf",
    "holdsOffice",
    "officeOf",
    "called",
    "ejected",
    "opposed",
    "proposed",
    "demandedApologyFrom",
    "apologizedTo",
    "quotation",
]

# Datatype property -> expected rdfs:range.
PLAIN_LITERAL = URIRef("http://www.w3.org/1999/02/22-rdf-syntax-ns#PlainLiteral")
DATATYPE_PROPERTIES = [
    ("charge", PLAIN_LITERAL),  # prose from the article, tagged @en (OWL 2: rdf:PlainLiteral)
    ("date", XSD.date),
    ("quote", PLAIN_LITERAL),  # prose from the article, tagged @en (OWL 2: rdf:PlainLiteral)
    ("text", PLAIN_LITERAL),  # prose from the article, tagged @en (OWL 2: rdf:PlainLiteral)
    ("trigger", PLAIN_LITERAL),  # prose from the article, tagged @en (OWL 2: rdf:PlainLiteral)
    ("rule", XSD.string),
    ("confidence", XSD.decimal),
    ("title", PLAIN_LITERAL),  # prose from the article, tagged @en (OWL 2: rdf:PlainLiteral)
    ("url", XSD.anyURI),
    ("published", XSD.date),
    ("outlet", XSD.string),
    ("handle", XSD.string),
    ("postedOn", XSD.date),
    ("inferredDate", XSD.date),
    ("rulesVersion", XSD.string),
]

# Properties whose domain is left open on purpose (none at present).
NO_DOMAIN: set[str] = set()
# Properties with no range on purpose: kg:claimedType's objects are class IRIs punned as individuals,
# and owl:Class, its only true range, is reserved vocabulary in OWL 2 DL (issue 16, item 3).
NO_RANGE = {"claimedType"}

DISJOINT_PAIRS = [
    ("Person", "Organization"),
    ("Person", "Office"),
    ("Event", "EventClaim"),
    ("Event", "Agent"),
    ("Motion", "Agent"),
    ("Document", "Event"),
]

ALL_TERMS = (
    CLASSES
    + MODALITIES
    + OBJECT_PROPERTIES
    + [name for name, _ in DATATYPE_PROPERTIES]
)


@pytest.fixture(scope="module")
def onto() -> Graph:
    g = Graph()
    g.parse(ONTOLOGY_PATH, format="turtle")
    return g


def english(g: Graph, subject: URIRef, predicate: URIRef) -> list[Literal]:
    return [
        o
        for o in g.objects(subject, predicate)
        if isinstance(o, Literal) and o.language == "en" and str(o).strip()
    ]


# --------------------------------------------------------------------------
# Parsing and header
# --------------------------------------------------------------------------


def test_file_exists() -> None:
    assert ONTOLOGY_PATH.is_file(), ONTOLOGY_PATH


def test_parses_with_pyoxigraph_like_rdflib(onto: Graph) -> None:
    triples = list(
        pyoxigraph.parse(path=str(ONTOLOGY_PATH), format=pyoxigraph.RdfFormat.TURTLE)
    )
    assert triples
    assert len(triples) == len(onto)


def test_ontology_header(onto: Graph) -> None:
    assert (ONTOLOGY_IRI, RDF.type, OWL.Ontology) in onto
    assert (ONTOLOGY_IRI, OWL.versionInfo, Literal("0.4.0")) in onto
    assert (ONTOLOGY_IRI, OWL.versionIRI, URIRef("https://w3id.org/kg-news/ont/0.4.0")) in onto
    assert english(onto, ONTOLOGY_IRI, DCTERMS.title)
    assert english(onto, ONTOLOGY_IRI, DCTERMS.description)
    assert (
        ONTOLOGY_IRI,
        DCTERMS.license,
        URIRef("https://opensource.org/licenses/MIT"),
    ) in onto
    assert (ONTOLOGY_IRI, DCTERMS.creator, Literal("kg contributors")) in onto


def test_no_imports_and_no_merging_axioms(onto: Graph) -> None:
    assert not list(onto.triples((None, OWL.imports, None)))
    assert not list(onto.triples((None, OWL.sameAs, None)))
    assert not list(onto.triples((None, OWL.hasKey, None)))
    for kind in (OWL.FunctionalProperty, OWL.InverseFunctionalProperty):
        assert not list(onto.subjects(RDF.type, kind)), kind


# --------------------------------------------------------------------------
# Required terms
# --------------------------------------------------------------------------


@pytest.mark.parametrize("name", ALL_TERMS)
def test_term_has_english_label_and_comment(onto: Graph, name: str) -> None:
    term = KG[name]
    assert english(onto, term, RDFS.label), f"kg:{name} has no rdfs:label@en"
    assert english(onto, term, RDFS.comment), f"kg:{name} has no rdfs:comment@en"


@pytest.mark.parametrize("name", CLASSES)
def test_class_declared(onto: Graph, name: str) -> None:
    assert (KG[name], RDF.type, OWL.Class) in onto


@pytest.mark.parametrize("sub,sup", SUBCLASS_EDGES)
def test_subclass_edge(onto: Graph, sub: str, sup: str) -> None:
    assert (KG[sub], RDFS.subClassOf, KG[sup]) in onto


@pytest.mark.parametrize("name,code", EVENT_CAMEO)
def test_event_subclass_has_cameo_notation(onto: Graph, name: str, code: str) -> None:
    notations = [str(o) for o in onto.objects(KG[name], SKOS.notation)]
    assert notations == [code]


@pytest.mark.parametrize("name", MODALITIES)
def test_modality_individual(onto: Graph, name: str) -> None:
    assert (KG[name], RDF.type, OWL.NamedIndividual) in onto
    assert (KG[name], RDF.type, KG.Modality) in onto


@pytest.mark.parametrize("name", OBJECT_PROPERTIES)
def test_object_property(onto: Graph, name: str) -> None:
    prop = KG[name]
    assert (prop, RDF.type, OWL.ObjectProperty) in onto
    if name not in NO_DOMAIN:
        assert onto.value(prop, RDFS.domain) is not None, f"kg:{name} has no domain"
    if name not in NO_RANGE:
        assert onto.value(prop, RDFS.range) is not None, f"kg:{name} has no range"
    else:
        assert onto.value(prop, RDFS.range) is None, f"kg:{name} must have no range"


@pytest.mark.parametrize("name,rng", DATATYPE_PROPERTIES)
def test_datatype_property(onto: Graph, name: str, rng: URIRef) -> None:
    prop = KG[name]
    assert (prop, RDF.type, OWL.DatatypeProperty) in onto
    assert onto.value(prop, RDFS.domain) is not None, f"kg:{name} has no domain"
    assert (prop, RDFS.range, rng) in onto


@pytest.mark.parametrize("a,b", DISJOINT_PAIRS)
def test_disjoint(onto: Graph, a: str, b: str) -> None:
    assert (KG[a], OWL.disjointWith, KG[b]) in onto or (
        KG[b],
        OWL.disjointWith,
        KG[a],
    ) in onto


def test_event_subclasses_not_pairwise_disjoint(onto: Graph) -> None:
    subclasses = {KG[name] for name, _ in EVENT_CAMEO}
    for a, _, b in onto.triples((None, OWL.disjointWith, None)):
        assert not (a in subclasses and b in subclasses), (a, b)


def test_event_claim_is_not_an_event(onto: Graph) -> None:
    supers = set(onto.transitive_objects(KG.EventClaim, RDFS.subClassOf))
    assert KG.Event not in supers
    assert (KG.EventClaim, OWL.equivalentClass, KG.Event) not in onto
    assert (KG.Event, OWL.equivalentClass, KG.EventClaim) not in onto


# --------------------------------------------------------------------------
# OWL RL closure over ontology + a tiny instance graph
# --------------------------------------------------------------------------


def instance_graph() -> Graph:
    g = Graph()
    g.add((EX.doc1, RDF.type, KG.Document))
    g.add((EX.doc1, KG.title, Literal("MP ejected from the Commons")))
    g.add((EX.doc1, KG.published, Literal("2024-03-05", datatype=XSD.date)))
    g.add((EX.sent1, RDF.type, KG.Sentence))
    g.add((EX.sent1, KG.inDocument, EX.doc1))
    g.add((EX.sent1, NIF.beginIndex, Literal(0, datatype=XSD.nonNegativeInteger)))
    g.add((EX.sent1, NIF.endIndex, Literal(42, datatype=XSD.nonNegativeInteger)))

    g.add((EX.commons, RDF.type, KG.Legislature))
    g.add((EX.speaker, RDF.type, KG.Office))
    g.add((EX.speaker, KG.officeOf, EX.commons))
    g.add((EX.jones, RDF.type, KG.Person))
    g.add((EX.smith, RDF.type, KG.Person))
    g.add((EX.smith, KG.memberOf, EX.commons))

    # An asserted ejection by the (unnamed) Speaker.
    g.add((EX.ev1, RDF.type, KG.Ejection))
    g.add((EX.ev1, KG.agent, EX.speaker))
    g.add((EX.ev1, KG.target, EX.smith))
    g.add((EX.ev1, KG.date, Literal("2024-03-04", datatype=XSD.date)))
    g.add((EX.ev1, KG.place, EX.commons))
    g.add((EX.ev1, KG.sourceDocument, EX.doc1))
    g.add((EX.ev1, KG.evidence, EX.sent1))
    g.add((EX.ev1, KG.confidence, Literal("0.9", datatype=XSD.decimal)))
    g.add((EX.speaker, KG.ejected, EX.smith))

    # An asserted accusation by a named person.
    g.add((EX.ev2, RDF.type, KG.Accusation))
    g.add((EX.ev2, KG.agent, EX.jones))
    g.add((EX.ev2, KG.target, EX.smith))
    g.add((EX.ev2, KG.charge, Literal("racist")))
    g.add((EX.jones, KG.called, EX.smith))

    # A threatened (not asserted) ejection.
    g.add((EX.claim1, RDF.type, KG.EventClaim))
    g.add((EX.claim1, KG.modality, KG.Threatened))
    g.add((EX.claim1, KG.claimedType, KG.Ejection))
    g.add((EX.claim1, KG.claimedAgent, EX.speaker))
    g.add((EX.claim1, KG.claimedTarget, EX.jones))
    g.add((EX.claim1, KG.sourceDocument, EX.doc1))
    g.add((EX.claim1, KG.evidence, EX.sent1))
    return g


def owlrl_closure(*graphs: Graph) -> Graph:
    g = Graph()
    for source in graphs:
        for triple in source:
            g.add(triple)
    owlrl.DeductiveClosure(owlrl.OWLRL_Semantics).expand(g)
    return g


def owlrl_errors(g: Graph) -> list[str]:
    return [
        str(g.value(node, OWLRL_ERR.error))
        for node in g.subjects(RDF.type, OWLRL_ERR.ErrorMessage)
    ]


@pytest.fixture(scope="module")
def closure(onto: Graph) -> Graph:
    return owlrl_closure(onto, instance_graph())


def test_closure_has_no_nothing(closure: Graph) -> None:
    nothing = [s for s in closure.subjects(RDF.type, OWL.Nothing)]
    assert nothing == []


def test_closure_has_no_same_as_between_distinct_iris(closure: Graph) -> None:
    merged = [
        (s, o)
        for s, o in closure.subject_objects(OWL.sameAs)
        if isinstance(s, URIRef) and isinstance(o, URIRef) and s != o
    ]
    assert merged == []


def test_closure_reports_no_inconsistency(closure: Graph) -> None:
    assert owlrl_errors(closure) == []


@pytest.mark.parametrize(
    "clash",
    [
        [(EX.x, RDF.type, KG.Person), (EX.x, RDF.type, KG.Organization)],
        [(EX.x, RDF.type, KG.EventClaim), (EX.x, RDF.type, KG.Apology)],
        [(EX.x, RDF.type, KG.Motion), (EX.y, KG.proposed, EX.x), (EX.y, KG.called, EX.x)],
    ],
    ids=["person-organization", "claim-event", "motion-agent"],
)
def test_disjointness_is_detected(onto: Graph, clash: list) -> None:
    # Guards the no-inconsistency test above against passing vacuously.
    bad = Graph()
    for triple in clash:
        bad.add(triple)
    assert owlrl_errors(owlrl_closure(onto, bad))


def test_closure_expected_entailments(closure: Graph) -> None:
    assert (EX.ev1, RDF.type, KG.Event) in closure
    assert (EX.smith, RDF.type, KG.Agent) in closure
    assert (EX.commons, RDF.type, KG.Organization) in closure


def test_closure_keeps_claims_and_offices_apart(closure: Graph) -> None:
    # A claim never becomes an event, and an ejecting office never a person.
    assert (EX.claim1, RDF.type, KG.Event) not in closure
    assert (EX.speaker, RDF.type, KG.Person) not in closure
    assert (EX.claim1, RDF.type, KG.Ejection) not in closure


# --------------------------------------------------------------------------
# Issue 5: class-specific roles, property chains, CAMEO, declarations
# --------------------------------------------------------------------------

CAMEO = Namespace("https://w3id.org/kg-news/cameo/")
SEM = Namespace("http://semanticweb.cs.vu.nl/2009/11/sem/")

# event class, agent role, target role, inverse of the agent role, shortcut (None: no shortcut)
ROLE_TABLE = [
    ("Accusation", "accuser", "accused", "accuserIn", "called"),
    ("Ejection", "ejector", "ejectee", "ejectorIn", "ejected"),
    ("Opposition", "opponent", "opposedMotion", "opponentIn", "opposed"),
    ("MotionProposal", "proposer", "proposedMotion", "proposerIn", "proposed"),
    ("ApologyDemand", "apologyDemander", "apologyDemandee", "apologyDemanderIn", "demandedApologyFrom"),
    ("ApologyRefusal", "apologyRefuser", "apologyRefusedTo", None, None),
    ("Apology", "apologizer", "apologyRecipient", "apologizerIn", "apologizedTo"),
]


@pytest.mark.parametrize("cls,agent_role,target_role,inverse,shortcut", ROLE_TABLE)
def test_role_properties(onto: Graph, cls, agent_role, target_role, inverse, shortcut) -> None:
    assert (KG[agent_role], RDFS.subPropertyOf, KG.agent) in onto
    assert (KG[target_role], RDFS.subPropertyOf, KG.target) in onto
    for role in (agent_role, target_role):
        assert (KG[role], RDF.type, OWL.ObjectProperty) in onto
        assert (KG[role], RDFS.domain, KG[cls]) in onto
        assert onto.value(KG[role], RDFS.range) is not None
        assert english(onto, KG[role], RDFS.label) and english(onto, KG[role], RDFS.comment)
    if inverse:
        assert (KG[inverse], OWL.inverseOf, KG[agent_role]) in onto
        chain = list(onto.items(onto.value(KG[shortcut], OWL.propertyChainAxiom)))
        assert chain == [KG[inverse], KG[target_role]]


def test_role_table_matches_the_mapping() -> None:
    # the mapping writes the roles and shortcuts kg.ontology.roles reads from the ontology
    from kg.ontology.roles import event_roles

    roles = event_roles()
    assert {cls: (a, t) for cls, a, t, _, _ in ROLE_TABLE} == {c: (r.agent_role, r.target_role) for c, r in roles.items()}
    assert {cls: s for cls, _, _, _, s in ROLE_TABLE if s} == {c: r.shortcut for c, r in roles.items() if r.shortcut}


# event class -> the kinds of target the build writes its target role (and shortcut) for
TARGET_KINDS = {
    "Accusation": {"Person", "PoliticalParty", "Organization"}, "Ejection": {"Person"}, "Opposition": {"Motion"},
    "MotionProposal": {"Motion"}, "ApologyDemand": {"Person", "PoliticalParty", "Organization"}, "ApologyRefusal": {"Person", "PoliticalParty",
                                                                                  "Organization"},
    "Apology": {"Person", "PoliticalParty", "Organization"},
}


def test_role_target_kinds_are_within_the_range(onto: Graph) -> None:
    from kg.ontology.roles import event_roles

    roles = event_roles()
    assert {c: set(r.target_kinds) for c, r in roles.items()} == TARGET_KINDS
    for r in roles.values():  # every kind written is a subclass of the target role's range
        (rng,) = onto.objects(KG[r.target_role], RDFS.range)
        for kind in r.target_kinds:
            assert (KG[kind], RDFS.subClassOf * "*", rng) in onto, (r.target_role, kind)


def test_every_event_class_has_a_verb_phrase(onto: Graph) -> None:
    from kg.ontology.roles import verb_phrases

    events = {str(c)[len(str(KG)):] for c in onto.subjects(RDFS.subClassOf, KG.Event)}
    assert set(verb_phrases()) == events
    assert verb_phrases()["ApologyDemand"] == "asked to apologise"


def test_every_shortcut_is_a_property_chain(onto: Graph) -> None:
    shortcuts = {s for *_, s in ROLE_TABLE if s}
    assert shortcuts == {"called", "ejected", "opposed", "proposed", "demandedApologyFrom", "apologizedTo"}
    for s in shortcuts:
        assert onto.value(KG[s], OWL.propertyChainAxiom) is not None, s


@pytest.mark.parametrize("name,code", EVENT_CAMEO)
def test_event_class_links_its_cameo_concept(onto: Graph, name: str, code: str) -> None:
    concept = CAMEO[code]
    assert (KG[name], KG.cameoCode, concept) in onto
    assert (concept, RDF.type, SKOS.Concept) in onto
    assert (concept, SKOS.inScheme, CAMEO.scheme) in onto
    assert [str(n) for n in onto.objects(concept, SKOS.notation)] == [code]
    assert english(onto, concept, SKOS.prefLabel)
    # every instance of the class has the concept as its sem:eventType (owl:hasValue)
    restrictions = [r for r in onto.objects(KG[name], RDFS.subClassOf)
                    if (r, OWL.onProperty, SEM.eventType) in onto]
    assert [onto.value(r, OWL.hasValue) for r in restrictions] == [concept]


def test_cameo_scheme_has_the_codes_of_the_brief(onto: Graph) -> None:
    codes = {str(onto.value(c, SKOS.notation)) for c in onto.subjects(SKOS.inScheme, CAMEO.scheme)}
    assert {"112", "174", "120", "125", "100", "124", "055", "010", "020", "0242"} <= codes
    for c in onto.subjects(SKOS.inScheme, CAMEO.scheme):  # a hierarchy up to the root categories
        assert onto.value(c, SKOS.broader) is not None or (c, SKOS.topConceptOf, CAMEO.scheme) in onto


def test_top_level_kinds_are_all_disjoint(onto: Graph) -> None:
    (axiom,) = list(onto.subjects(RDF.type, OWL.AllDisjointClasses))
    members = set(onto.items(onto.value(axiom, OWL.members)))
    assert {KG.Agent, KG.Office, KG.Motion, KG.Document, KG.Sentence, KG.Event, KG.EventClaim} <= members


def test_every_term_used_is_declared(onto: Graph) -> None:
    """OWL 2 DL wants every class and property typed; reused terms are declared at the end of kg.ttl."""
    declared = {s for s, o in onto.subject_objects(RDF.type) if o in {
        OWL.Class, OWL.ObjectProperty, OWL.DatatypeProperty, OWL.AnnotationProperty, OWL.Restriction}}
    builtin = (str(RDF), str(RDFS), str(OWL), str(XSD))
    used = set(onto.predicates()) | {o for _, p, o in onto if p in {RDFS.subClassOf, RDFS.subPropertyOf,
                                                                 RDFS.domain, RDFS.range, OWL.onProperty}}
    missing = sorted(str(t) for t in used if isinstance(t, URIRef) and not str(t).startswith(builtin)
                     and t not in declared)
    assert missing == []


# -- one reader of the ontology (kg.ontology.terms) -------------------------------------

def test_ontology_is_parsed_once_and_shared() -> None:
    from kg.ontology import terms
    from kg.semantics import conform, reason, validate

    shared = terms.ontology_graph()
    assert terms.ontology_graph() is shared and validate.load_ontology() is shared
    assert reason.compiled()[0] is shared and validate.load_shapes() is terms.shapes_graph()
    assert conform.compiled() is conform.compiled()  # compiled once for the same graphs


def test_ontology_copy_is_the_callers_to_change() -> None:
    from kg.ontology import terms
    from kg.semantics import reason

    mine = reason.load_ontology()
    assert len(mine) == len(terms.ontology_graph()) and mine is not terms.ontology_graph()
    mine.add((KG.memberOf, RDF.type, OWL.TransitiveProperty))
    assert (KG.memberOf, RDF.type, OWL.TransitiveProperty) not in terms.ontology_graph()


def test_ontology_labels_are_english_one_per_term(onto: Graph) -> None:
    from kg.ontology import terms

    labels = terms.labels()
    assert labels[str(KG.Ejection)] == "Ejection" and labels[str(KG.demandedApologyFrom)] == "demanded apology from"
    for iri, text in labels.items():
        assert [str(o) for o in onto.objects(URIRef(iri), RDFS.label) if o.language in (None, "en")] == [text]
