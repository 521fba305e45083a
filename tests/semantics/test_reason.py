"""kg.semantics.reason: the fast path gives exactly owlrl's entailments, finds the same clashes, and the
property chains derive the shortcut edges from the class-specific roles.

What "exactly" means is defined in kg/reason.py's docstring: E(D) = the triples of owlrl's
closure of (document graph ∪ ontology) that are in neither the document graph nor the closure
of the ontology alone, about IRIs of the document, with no blank node and no reflexive sameAs.
All names here are invented.
"""

from __future__ import annotations

import pytest
from rdflib import RDF, Dataset, Graph, Literal, Namespace, URIRef
from rdflib.namespace import OWL

from kg.semantics import reason
from kg.engine.pipeline import build_corpus
from tests.conftest import shared_or_skip

KG = Namespace("https://w3id.org/kg-news/ont#")
SEM = Namespace("http://semanticweb.cs.vu.nl/2009/11/sem/")
CAMEO = Namespace("https://w3id.org/kg-news/cameo/")
SCHEMA = Namespace("http://schema.org/")
EX = Namespace("https://example.org/id/")
XSD = Namespace("http://www.w3.org/2001/XMLSchema#")


@pytest.fixture(scope="module")
def compiled():
    return reason.compiled()


def both_engines(g: Graph, compiled) -> tuple[set, set, list]:
    ontology, rules = compiled
    fast, _ = reason.entailments_fast(g, rules)
    slow, _, errors = reason.entailments_owlrl(g, ontology, rules.closure)
    return fast, slow, errors


# -- equality with owlrl on the project's graphs -------------------------------------------

@pytest.mark.model
def test_reason_fast_equals_owlrl_on_the_seed_graph(seed, compiled) -> None:
    graphs = reason.document_graphs(seed.result.dataset)
    assert len(graphs) == 3
    for g in graphs:
        fast, slow, errors = both_engines(g, compiled)
        assert errors == [], g.identifier  # owlrl finds no clash on the seed graph
        assert len(fast) > 100
        assert fast == slow, (g.identifier, sorted(fast - slow)[:5], sorted(slow - fast)[:5])


@pytest.fixture(scope="module")
def devset_dataset():
    articles = shared_or_skip("devset", "articles")
    return build_corpus([articles]).dataset


@pytest.mark.model
def test_reason_fast_equals_owlrl_on_each_devset_document(devset_dataset, compiled) -> None:
    graphs = reason.document_graphs(devset_dataset)
    assert len(graphs) >= 8
    for g in graphs:
        fast, slow, errors = both_engines(g, compiled)
        assert errors == [], g.identifier
        assert fast == slow, (g.identifier, sorted(fast - slow)[:5], sorted(slow - fast)[:5])


@pytest.mark.model
def test_reason_per_document_misses_nothing_of_the_whole(seed, devset_dataset) -> None:
    """Reasoning per named graph gives what reasoning over the merged graph gives (kg.semantics.reason docstring)."""
    from kg.rdf.write import merged

    for ds in (seed.result.dataset, devset_dataset):
        union = reason.run(ds).entailments
        whole = merged(ds)
        assert reason.run(whole).entailments == {t for t in union if t not in whole}


@pytest.mark.model
def test_reason_seed_graph_is_consistent_and_aligned(seed) -> None:
    result = reason.run(seed.result.dataset)
    assert result.clashes == []
    e = result.entailments
    typed = lambda cls: {s for s, *_ in seed.result.dataset.quads((None, RDF.type, cls, None))}  # noqa: E731
    docs = typed(KG.Document)
    assert docs and all((d, RDF.type, SCHEMA.NewsArticle) in e for d in docs)
    events = typed(KG.Ejection)
    assert events and all((ev, SEM.eventType, CAMEO["174"]) in e for ev in events)


# -- the rules, on small hand-built graphs -------------------------------------------------

SHORTCUT_CASES = [  # class, agent role, target role, target class, shortcut
    ("Accusation", "accuser", "accused", "Person", "called"),
    ("Ejection", "ejector", "ejectee", "Person", "ejected"),
    ("Opposition", "opponent", "opposedMotion", "Motion", "opposed"),
    ("MotionProposal", "proposer", "proposedMotion", "Motion", "proposed"),
    ("ApologyDemand", "apologyDemander", "apologyDemandee", "Person", "demandedApologyFrom"),
    ("Apology", "apologizer", "apologyRecipient", "PoliticalParty", "apologizedTo"),
]


def roles_only_graph() -> Graph:
    """One event per class with its roles, and no kg:agent/kg:target and no shortcut edge."""
    g = Graph()
    g.add((EX["person/ada-okoro"], RDF.type, KG.Person))
    for i, (cls, agent_role, target_role, target_cls, _) in enumerate(SHORTCUT_CASES):
        ev, target = EX[f"event/e{i}"], EX[f"thing/t{i}"]
        g.add((ev, RDF.type, KG[cls]))
        g.add((target, RDF.type, KG[target_cls]))
        g.add((ev, KG[agent_role], EX["person/ada-okoro"]))
        g.add((ev, KG[target_role], target))
    return g


def test_reason_chains_derive_every_shortcut_like_owlrl(compiled) -> None:
    g = roles_only_graph()
    fast, slow, errors = both_engines(g, compiled)
    assert errors == [] and fast == slow
    for i, (_, agent_role, _, _, shortcut) in enumerate(SHORTCUT_CASES):
        ev, target = EX[f"event/e{i}"], EX[f"thing/t{i}"]
        assert (EX["person/ada-okoro"], KG[shortcut], target) in fast, shortcut
        assert (ev, KG.agent, EX["person/ada-okoro"]) in fast and (ev, KG.target, target) in fast
        assert (ev, RDF.type, KG.Event) in fast


def test_reason_no_shortcut_for_a_claim(compiled) -> None:
    g = Graph()
    claim = EX["event/c1"]
    g.add((claim, RDF.type, KG.EventClaim))
    g.add((claim, KG.claimedType, KG.Ejection))
    g.add((claim, KG.claimedAgent, EX["person/a"]))
    g.add((claim, KG.claimedTarget, EX["person/b"]))
    g.add((claim, KG.modality, KG.Attempted))
    fast, slow, errors = both_engines(g, compiled)
    assert errors == [] and fast == slow
    assert not [t for t in fast if t[1] == KG.ejected or t[2] == KG.Event or t[2] == KG.Ejection]


CLASHES = {
    "person-organization": [(EX.x, RDF.type, KG.Person), (EX.x, RDF.type, KG.Organization)],
    "party-legislature": [(EX.x, RDF.type, KG.PoliticalParty), (EX.x, RDF.type, KG.Legislature)],
    "claim-event": [(EX.x, RDF.type, KG.EventClaim), (EX.x, RDF.type, KG.Apology)],
    "office-agent": [(EX.x, RDF.type, KG.Office), (EX.x, KG.memberOf, EX.p)],
    "motion-accused-by-chain": [(EX.m, RDF.type, KG.Motion), (EX.e, KG.accuser, EX.p), (EX.e, KG.accused, EX.m)],
    "document-event": [(EX.d, RDF.type, KG.Document), (EX.e, KG.agent, EX.p), (EX.e, KG.sourceDocument, EX.d),
                       (EX.d, KG.agent, EX.p)],
    "ill-typed-date": [(EX.e, RDF.type, KG.Ejection), (EX.e, KG.date, Literal("2020-13-45", datatype=XSD.date))],
}


@pytest.mark.parametrize("name", sorted(CLASHES))
def test_reason_both_engines_find_the_clash(name, compiled) -> None:
    g = Graph()
    for t in CLASHES[name]:
        g.add(t)
    assert reason.run(g, engine="fast").clashes
    assert reason.run(g, engine="owlrl").clashes
    with pytest.raises(reason.InconsistentGraphError) as err:
        reason.reason(g)
    assert "\n" not in str(err.value) and "inconsistent" in str(err.value)


def test_reason_finds_a_clash_across_documents() -> None:
    ds = Dataset()
    ds.graph(EX["graph/a"]).add((EX.x, RDF.type, KG.Person))
    ds.graph(EX["graph/b"]).add((EX.x, RDF.type, KG.Organization))
    (clash,) = reason.run(ds).clashes
    assert "kg:Organization" in clash.message and "kg:Person" in clash.message


def test_reason_refuses_what_it_does_not_compile() -> None:
    onto = reason.load_ontology()
    onto.add((KG.memberOf, RDF.type, OWL.TransitiveProperty))
    with pytest.raises(reason.UnsupportedOntologyError, match="owl:TransitiveProperty"):
        reason.compile_ontology(onto)


def test_reason_fast_refuses_schema_in_the_data() -> None:
    g = Graph()
    g.add((EX.C, URIRef("http://www.w3.org/2000/01/rdf-schema#subClassOf"), KG.Person))
    with pytest.raises(reason.ReasoningError, match="owlrl"):
        reason.run(g)
    assert reason.run(g, engine="owlrl").clashes == []


def test_reason_data_that_mentions_ontology_resources(compiled) -> None:
    """Nodes the ontology also mentions (its licence, a CAMEO concept) join with its own facts."""
    g = Graph()
    g.add((EX["doc/a"], RDF.type, KG.Document))
    g.add((EX["doc/a"], URIRef("http://purl.org/dc/terms/license"), URIRef("https://opensource.org/licenses/MIT")))
    g.add((EX["event/e"], SEM.eventType, CAMEO["174"]))
    fast, slow, errors = both_engines(g, compiled)
    assert errors == [] and fast == slow
    assert (EX["event/e"], RDF.type, KG.Ejection) not in fast  # hasValue only goes from class to value


def test_reason_unknown_engine() -> None:
    with pytest.raises(reason.ReasoningError, match="unknown reasoning engine"):
        reason.run(Graph(), engine="pellet")


# -- the entailments graph -------------------------------------------------------------

def small_dataset() -> Dataset:
    ds = Dataset()
    g = ds.graph(EX["graph/a1"])
    for t in roles_only_graph():
        g.add(t)
    return ds


def test_reason_entailments_in_their_own_named_graph() -> None:
    ds = small_dataset()
    before = {(s, p, o, c) for s, p, o, c in ds.quads((None, None, None, None))}
    iri, n = reason.add_entailments(ds, base="https://example.org/id/")
    assert iri == URIRef("https://example.org/id/entailments") and n > 0
    assert len(ds.graph(iri)) == n
    again_iri, again = reason.add_entailments(ds, base="https://example.org/id/")  # replaces, no growth
    assert (again_iri, again) == (iri, n) and len(ds.graph(iri)) == n
    ds.remove_graph(iri)  # users drop the entailments by dropping the graph
    assert {(s, p, o, c) for s, p, o, c in ds.quads((None, None, None, None))} == before


def test_reason_base_of_a_built_dataset() -> None:
    ds = Dataset()
    ds.graph(URIRef("https://example.org/x/graph/doc-1")).add((EX.a, RDF.type, KG.Person))
    assert reason.base_of(ds) == "https://example.org/x/"
    assert reason.entailments_graph_iri(reason.base_of(ds)) == URIRef("https://example.org/x/entailments")
