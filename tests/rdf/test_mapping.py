"""Tests for kg.rdf.mapping: IRI minting, the triples written for entities and events, and
that the mapping only names terms the ontology defines.

No spaCy: facts are built by hand. All names are invented.
"""

from __future__ import annotations

import ast
import hashlib
import re
from datetime import UTC, date, datetime
from pathlib import Path

import owlrl
import pyoxigraph
import pytest
from rdflib import RDF, RDFS, Graph, Literal, Namespace, URIRef
from rdflib.compare import graph_diff, isomorphic, to_isomorphic

import kg.rdf.mapping
from kg.ontology import lexicon
from kg.ingest.documents import from_text
from kg.ontology.roles import event_roles
from kg.rdf.mapping import DocumentFacts, Mapper, slug
from kg.model import Entity, Event, Mention
from kg.ontology.paths import ontology_dir
from kg.ontology.vocab import KG, NIF, NS, terms
from kg.rdf.buildinfo import BuildInfo

ROOT = Path(__file__).resolve().parents[2]
GOLDEN = Path(__file__).parents[1] / "golden" / "mapping_small.ttl"
BASE = "https://example.org/id/"
SLUG_RE = re.compile(r"^[A-Za-z0-9\-_%]+$")
OWLRL_ERR = "http://www.daml.org/2002/03/agents/agent-ont#"
# Plain Namespace: rdflib's closed XSD namespace warns when pytest inspects it.
XSD = Namespace("http://www.w3.org/2001/XMLSchema#")


# -- (a) slugs and IRIs ------------------------------------------------------------------

SLUGS = [
    ("Ada Okoro", "ada-okoro"),
    ("Yves-François Lachambre", "yves-francois-lachambre"),
    ("Ana Peña-Ibáñez", "ana-pena-ibanez"),
    ("Canada's NDP", "canada-ndp"),
    ('a<b>c"d{e}f|g\\h^i`j', "a-b-c-d-e-f-g-h-i-j"),
    ("  spaced   out  ", "spaced-out"),
    ('"Quoted" name', "quoted-name"),
    ("'single' quotes", "single-quotes"),
    ("line\nbreak\r\n", "line-break"),
    ("tab\there", "tab-here"),
    ("Ada.Okoro ~ 100%", "ada-okoro-100"),
    ("@handle", "%40handle"),
    ("Ada_Okoro", "ada_okoro"),
    ("👩‍⚖️ Ada 🙂", "ada"),
    ("שרה כהן", "%D7%A9%D7%A8%D7%94-%D7%9B%D7%94%D7%9F"),  # right-to-left
    ("\u202bمحمد علي\u202c", "%D9%85%D8%AD%D9%85%D8%AF-%D8%B9%D9%84%D9%8A"),  # with bidi embedding marks
    ("李小龙", "%E6%9D%8E%E5%B0%8F%E9%BE%99"),
    # nothing left after folding: a hash of the original text
    ("🙂", "h0402582bd3af"),
    ("🙃", "h2a8cbfb19b2e"),
    ("", "hda39a3ee5e6b"),
    ("   ", "h088fb1a4ab05"),
    ("<>", "h" + hashlib.sha1("<>".encode()).hexdigest()[:12]),
]


@pytest.mark.parametrize(("text", "expected"), SLUGS)
def test_mapping_slug(text: str, expected: str) -> None:
    s = slug(text)
    assert s == expected
    assert SLUG_RE.match(s), s


def test_mapping_slug_distinct_for_distinct_unfoldable_names() -> None:
    hashed = [t for t, s in SLUGS if s.startswith("h") and not s.startswith("ha")]
    assert len(hashed) >= 4
    assert len({slug(t) for t in hashed}) == len(hashed)


@pytest.mark.parametrize(("text", "expected"), SLUGS)
@pytest.mark.parametrize("kind", ["Person", "PoliticalParty", "Office", "Motion"])
def test_mapping_entity_iri_parses_strictly(kind: str, text: str, expected: str) -> None:
    mapper = Mapper(base=BASE)
    iri = mapper.entity_iri(Entity(kind=kind, name=text))
    assert str(iri).startswith(BASE) and str(iri).endswith("/" + expected)
    g = Graph()
    g.add((iri, RDF.type, KG[kind]))
    g.add((iri, RDFS.label, Literal(text)))  # the raw name as a literal must survive too
    for rdflib_format, ox_format in (("nt", pyoxigraph.RdfFormat.N_TRIPLES), ("turtle", pyoxigraph.RdfFormat.TURTLE)):
        data = g.serialize(format=rdflib_format, encoding="utf-8")
        quads = list(pyoxigraph.parse(input=data, format=ox_format))  # strict: raises on a bad IRI
        assert {q.subject.value for q in quads} == {str(iri)}
        assert {q.object.value for q in quads if isinstance(q.object, pyoxigraph.Literal)} == {text}


# -- (b) golden graph --------------------------------------------------------------------

TEXT = ("Speaker Maria Vantongeren ejected Tom Halvorsen from the chamber on Tuesday. "
        "Halvorsen had earlier tried to have the Speaker removed.\n")
SENT1 = "Speaker Maria Vantongeren ejected Tom Halvorsen from the chamber on Tuesday."
SENT2 = "Halvorsen had earlier tried to have the Speaker removed."


def small_facts(attempt_date: date | None = None, attempt_charge: str | None = None,
                attempt_cls: str = "Ejection") -> DocumentFacts:
    document = from_text(TEXT, id="mapping-small", title="MP ejected", url="https://example.org/news/1",
                         published="2020-06-17", outlet="The Ledger")
    s1 = (TEXT.index(SENT1), TEXT.index(SENT1) + len(SENT1))
    s2 = (TEXT.index(SENT2), TEXT.index(SENT2) + len(SENT2))
    speaker = Entity("Office", "Speaker", key="speaker", aliases=("Speaker of the House",))
    party = Entity("PoliticalParty", "Unity Party", key="unity party", aliases=("UP",))
    maria = Entity("Person", "Maria Vantongeren", key="maria vantongeren", names={"Maria Vantongeren"},
                   roles={("holdsOffice", speaker)})
    tom = Entity("Person", "Tom Halvorsen", key="tom halvorsen", names={"Tom Halvorsen", "Halvorsen"},
                 roles={("memberOf", party)})
    ejection = Event("Ejection", "ejection.active", "ejected", 0, 3, s1,
                     agents=[Mention(0, 1, 3, "Person", "Maria Vantongeren", 2, entity=maria)],
                     targets=[Mention(0, 4, 6, "Person", "Tom Halvorsen", 5, entity=tom)],
                     confidence=0.9, date=date(2020, 6, 16))
    attempt = Event(attempt_cls, "ejection.causative", "removed", 0, 22, s2,
                    agents=[Mention(0, 13, 14, "Person", "Halvorsen", 13, entity=tom)],
                    targets=[Mention(0, 20, 22, "Description", "the Speaker", 21, entity=maria)],
                    modality="Attempted", confidence=0.7, date=attempt_date, charge=attempt_charge)
    return DocumentFacts(document, [maria, tom], [ejection, attempt], [s1, s2], {})


def merged(mapper: Mapper) -> Graph:
    g = Graph()
    for s, p, o, _ in mapper.dataset.quads((None, None, None, None)):
        g.add((s, p, o))
    return g


def mapped(facts: DocumentFacts) -> Graph:
    mapper = Mapper(base=BASE)
    mapper.add(facts)
    return merged(mapper)


#: the golden graph's build: fixed, so that a new version or a rule edit does not change the file
GOLDEN_BUILD = BuildInfo("kg", "0.0.0-golden", "sha256:" + "0" * 64, datetime(2020, 6, 17, 12, 0, tzinfo=UTC))


def test_mapping_golden_graph() -> None:
    facts = small_facts()
    mapper = Mapper(base=BASE, build=GOLDEN_BUILD)
    mapper.add(facts)
    # everything lands in the document's own named graph
    graphs = {c for _, _, _, c in mapper.dataset.quads((None, None, None, None))}
    assert graphs == {mapper.graph_iri(facts.document)}
    actual = merged(mapper)
    expected = Graph().parse(GOLDEN, format="turtle")
    _, only_actual, only_expected = graph_diff(to_isomorphic(actual), to_isomorphic(expected))
    assert isomorphic(actual, expected), (
        "mapping differs from tests/golden/mapping_small.ttl\n"
        f"only in the mapping:\n{only_actual.serialize(format='nt')}\n"
        f"only in the golden file:\n{only_expected.serialize(format='nt')}")
    assert len(expected) == 90  # the golden file was read in full


def _records(g: Graph) -> dict[str, URIRef]:
    """trigger -> the provenance record: an asserted event's report, or the claim itself."""
    return {str(o): s for s, o in g.subject_objects(KG.trigger)}


def _events(g: Graph) -> dict[str, URIRef]:
    """trigger -> event IRI (what a report reports; a claim is its own)."""
    return {t: g.value(r, KG.reportOf) or r for t, r in _records(g).items()}


def test_mapping_attempt_is_only_a_claim() -> None:
    g = mapped(small_facts())
    claim, event = _events(g)["removed"], _events(g)["ejected"]
    assert set(g.objects(claim, RDF.type)) == {KG.EventClaim}
    assert set(g.objects(claim, KG.claimedType)) == {KG.Ejection}
    assert set(g.objects(claim, KG.modality)) == {KG.Attempted}
    assert (claim, KG.claimedAgent, Mapper(BASE).ns["person/tom-halvorsen"]) in g
    for prop in (KG.agent, KG.target, KG.date):
        assert list(g.objects(claim, prop)) == [], prop
    assert set(g.objects(event, RDF.type)) == {KG.Ejection, KG.Event}
    assert list(g.objects(event, KG.claimedType)) == []
    # one shortcut only, from the asserted event; none from the attempt (Halvorsen -> Vantongeren)
    assert [(str(s), str(o)) for s, o in g.subject_objects(KG.ejected)] == [
        (BASE + "person/maria-vantongeren", BASE + "person/tom-halvorsen")]


def test_mapping_asserted_event_fields() -> None:
    g = mapped(small_facts())
    event = _events(g)["ejected"]
    assert g.value(event, KG.date) == Literal("2020-06-16", datatype=XSD.date)
    assert g.value(event, KG.agent) == URIRef(BASE + "person/maria-vantongeren")
    assert g.value(event, KG.target) == URIRef(BASE + "person/tom-halvorsen")
    # the provenance is the article's report of it, not the event's
    report = _records(g)["ejected"]
    assert set(g.objects(report, RDF.type)) == {KG.Report}
    assert g.value(report, KG.reportOf) == event
    assert g.value(report, KG.confidence) == Literal("0.90", datatype=XSD.decimal)
    assert g.value(report, KG.sourceDocument) == URIRef(BASE + "doc/mapping-small")
    for prop in (KG.confidence, KG.sourceDocument, KG.evidence, KG.rule, KG.trigger):
        assert list(g.objects(event, prop)) == [], prop


@pytest.mark.parametrize(("trigger", "sentence"), [("ejected", SENT1), ("removed", SENT2)])
def test_mapping_evidence_offsets(trigger: str, sentence: str) -> None:
    facts = small_facts()
    g = mapped(facts)
    sent = g.value(_records(g)[trigger], KG.evidence)
    begin, end = g.value(sent, NIF.beginIndex).toPython(), g.value(sent, NIF.endIndex).toPython()
    assert facts.document.text[begin:end] == sentence
    assert g.value(sent, NIF.anchorOf) == Literal(sentence)  # an xsd:string, as NIF writes it
    assert g.value(sent, NIF.beginIndex).datatype == XSD.nonNegativeInteger
    assert str(sent) == f"{BASE}doc/mapping-small#char={begin},{end}"
    assert g.value(sent, KG.inDocument) == URIRef(BASE + "doc/mapping-small")
    # the article's text, once: a nif:Context named by the whole text's offsets, the sentence's context
    context = URIRef(f"{BASE}doc/mapping-small#char=0,{len(TEXT)}")
    assert g.value(sent, NIF.referenceContext) == context
    assert set(g.subjects(RDF.type, NIF.Context)) == {context}
    assert g.value(context, NIF.isString) == Literal(TEXT)
    assert str(g.value(context, NIF.isString))[begin:end] == str(g.value(sent, NIF.anchorOf))
    assert g.value(context, NIF.sourceUrl) == URIRef(BASE + "doc/mapping-small")


# -- shortcuts -------------------------------------------------------------------------

TARGETS = {
    "Person": Entity("Person", "Tom Halvorsen", key="tom halvorsen"),
    "Office": Entity("Office", "Speaker", key="speaker"),
    "Motion": Entity("Motion", "the housing motion", key="mapping-small/motion"),
    "PoliticalParty": Entity("PoliticalParty", "Unity Party", key="unity party"),
    "Legislature": Entity("Legislature", "House of Commons", key="house of commons"),
}
#: event class -> its shortcut edge, as the ontology defines them
SHORTCUTS = {cls: r.shortcut for cls, r in event_roles().items() if r.shortcut}


@pytest.mark.parametrize(
    ("cls", "modality", "target_kind", "expected"),
    [
        ("Ejection", "Asserted", "Person", "ejected"),
        ("Ejection", "Asserted", "Office", None),  # "ejected the Speaker's ruling" is no ejection of a person
        ("Ejection", "Asserted", "Motion", None),
        ("Ejection", "Attempted", "Person", None),  # a claim has no shortcut
        ("Opposition", "Asserted", "Motion", "opposed"),
        ("Opposition", "Asserted", "Person", None),
        ("Opposition", "Asserted", "Office", None),
        ("Opposition", "Negated", "Motion", None),
        ("MotionProposal", "Asserted", "Motion", "proposed"),
        ("MotionProposal", "Asserted", "Person", None),
        ("Accusation", "Asserted", "Person", "called"),
        ("Accusation", "Asserted", "PoliticalParty", "called"),
        ("Accusation", "Asserted", "Motion", None),
        ("Accusation", "Asserted", "Legislature", None),  # a legislature is where events happen, not whom
        ("ApologyDemand", "Asserted", "Person", "demandedApologyFrom"),
        ("Apology", "Asserted", "PoliticalParty", "apologizedTo"),
        ("Apology", "Asserted", "Legislature", None),
        ("ApologyRefusal", "Asserted", "Person", None),  # no shortcut for this class
    ],
)
def test_mapping_shortcut(cls: str, modality: str, target_kind: str, expected: str | None) -> None:
    agent = Entity("Person", "Maria Vantongeren", key="maria vantongeren")
    target = TARGETS[target_kind]
    facts = small_facts()
    s1 = facts.sentences[0]
    facts.events = [Event(cls, "test.rule", "verb", 0, 3, s1, agents=[Mention(0, 1, 3, "Person", "x", 2, entity=agent)],
                          targets=[Mention(0, 4, 6, target_kind, "y", 5, entity=target)], modality=modality)]
    mapper = Mapper(base=BASE)
    mapper.add(facts)
    g = merged(mapper)
    written = {(p, s, o) for p in set(SHORTCUTS.values()) for s, o in g.subject_objects(KG[p])}
    want = set() if expected is None else {(expected, mapper.entity_iri(agent), mapper.entity_iri(target))}
    assert written == want


def test_mapping_no_shortcut_to_self() -> None:
    ada = Entity("Person", "Ada Okoro", key="ada okoro")
    facts = small_facts()
    facts.events = [Event("Accusation", "test.rule", "called", 0, 3, facts.sentences[0],
                          agents=[Mention(0, 0, 1, "Person", "Ada Okoro", 0, entity=ada)],
                          targets=[Mention(0, 2, 3, "Pronoun", "herself", 2, entity=ada)])]
    g = mapped(facts)
    assert list(g.subject_objects(KG.called)) == []
    assert len(list(g.subjects(RDF.type, KG.Accusation))) == 1


# -- consistency with the ontology (OWL RL) -----------------------------------------------

def _owlrl_problems(g: Graph) -> tuple[list[str], set]:
    closure = Graph().parse(ontology_dir() / "kg.ttl", format="turtle")
    for t in g:
        closure.add(t)
    owlrl.DeductiveClosure(owlrl.OWLRL_Semantics).expand(closure)
    err = URIRef(OWLRL_ERR + "ErrorMessage")
    errors = [str(closure.value(n, URIRef(OWLRL_ERR + "error"))) for n in closure.subjects(RDF.type, err)]
    return errors, set(closure.subjects(RDF.type, KG.Event))


@pytest.mark.parametrize(
    ("attempt_date", "attempt_charge", "attempt_cls"),
    [
        pytest.param(None, None, "Ejection", id="plain-claim"),
        # kg:date and kg:charge are declared on claims too: a dated attempt stays a claim
        pytest.param(date(2020, 6, 15), None, "Ejection", id="dated-claim"),
        pytest.param(None, "liar", "Accusation", id="claim-with-charge"),
    ],
)
def test_mapping_claims_stay_consistent(attempt_date, attempt_charge, attempt_cls) -> None:
    g = mapped(small_facts(attempt_date, attempt_charge, attempt_cls))
    claim = _events(g)["removed"]
    errors, events = _owlrl_problems(g)
    assert errors == []
    assert claim not in events
    assert _events(g)["ejected"] in events  # guards against a closure that entails nothing


# -- (c) closed vocabulary ---------------------------------------------------------------

def kg_terms_in(path: Path) -> set[str]:
    """Local names a module passes to ``KG``: ``KG.Name``, ``KG["name"]``, and the string
    constants that a ``for (name, ...) in ((...), ...)`` loop feeds into ``KG[name]``."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "KG":
            found.add(node.attr)
        elif isinstance(node, ast.Subscript) and isinstance(node.value, ast.Name) and node.value.id == "KG" \
                and isinstance(node.slice, ast.Constant):
            found.add(node.slice.value)
        elif isinstance(node, ast.For) and isinstance(node.target, ast.Tuple) and isinstance(node.iter, ast.Tuple):
            names = [t.id if isinstance(t, ast.Name) else None for t in node.target.elts]
            used = {s.slice.id for s in ast.walk(node) if isinstance(s, ast.Subscript) and isinstance(s.value, ast.Name)
                    and s.value.id == "KG" and isinstance(s.slice, ast.Name)}
            for pos, name in enumerate(names):
                if name in used:
                    for row in node.iter.elts:
                        if isinstance(row, ast.Tuple) and isinstance(row.elts[pos], ast.Constant):
                            found.add(row.elts[pos].value)
    return found


MAPPING_TERMS = sorted(
    kg_terms_in(ROOT / "kg" / "rdf" / "mapping.py")
    | set(SHORTCUTS) | set(SHORTCUTS.values())  # KG[ev.cls], KG[roles.shortcut]
    | {k for r in event_roles().values() for k in r.target_kinds}
    | set(kg.rdf.mapping._KIND_PATH)  # KG[e.kind]
    | {role for r in event_roles().values() for role in (r.agent_role, r.target_role)}  # KG[roles.*_role]
)


def test_mapping_term_scan_is_not_vacuous() -> None:
    # names written as KG.X, as KG["x"], as loop constants and as table keys
    assert {"EventClaim", "claimedType", "evidence", "title", "published", "ejected", "Motion", "Ejection"} \
        <= set(MAPPING_TERMS)
    assert len(MAPPING_TERMS) > 40


@pytest.mark.parametrize("name", MAPPING_TERMS)
def test_mapping_term_defined_in_ontology(name: str) -> None:
    assert name in terms()
    assert KG[name] == URIRef(NS + name)


def _runtime_names() -> list[str]:
    """Names other stages hand to the mapping (event class, modality, role relation)."""
    lex = lexicon.load()
    names = {r.cls for r in lex.rules} | {r.get("negated_future_class") for r in lex.rules} - {None}
    names |= {k for k in lex.modality if k[:1].isupper()} | set(lex.party_roles.values())
    # the extract stage's modules (events, modality, mentions, roles, ...)
    source = "\n".join(p.read_text(encoding="utf-8") for p in sorted((ROOT / "kg" / "extract").rglob("*.py")))
    names |= set(re.findall(r'return "([A-Z]\w+)", cls', source)) | set(re.findall(r'modality = "([A-Z]\w+)"', source))
    names |= set(re.findall(r'"(\w+Of|holdsOffice)"', source))
    return sorted(names)


def test_mapping_runtime_names_defined_in_ontology() -> None:
    names = _runtime_names()
    assert {"Ejection", "Attempted", "Negated", "EmbeddedPost", "leaderOf", "holdsOffice"} <= set(names)
    assert [n for n in names if n not in terms()] == []


@pytest.mark.parametrize("name", ["NoSuchTerm", "Ejektion", "ejection", "_private"])
def test_mapping_vocab_is_closed(name: str) -> None:
    with pytest.raises(AttributeError):
        getattr(KG, name)
    if not name.startswith("_"):
        with pytest.raises(AttributeError):
            KG[name]
