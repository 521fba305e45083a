"""``kg viz`` (kg/viz.py, kg/report/assets/, kg/cli_viz.py): the page's data checked against the graph, the
page self-contained, and the page driven in a real browser: Debian's Chromium through Playwright.

The browser tests need Chromium (``make test`` installs Debian's ``chromium`` when it can) and the
``playwright`` package (the ``test`` extra); without either they skip and say why. Names are never
written here: the person to click is read from the seed graph (the target of its ejection).
"""

from __future__ import annotations

import functools
import json
import os
import random
import re
import shutil
import time
from pathlib import Path

import pyoxigraph as ox
import pytest

from kg.cli.viz import register
from kg.ontology.paths import ontology_dir
from kg.report.source import open_source
from kg.report.viz import LIBRARY_LICENCE, MAX_NODES, collect, render
from tests.clirun import group_fixture, run
from tests.conftest import shared_or_skip

ROOT = Path(__file__).resolve().parents[2]
PREFIXES = """PREFIX kg: <https://w3id.org/kg-news/ont#> PREFIX rdfs: <http://www.w3.org/2000/01/rdf-schema#>
PREFIX nif: <http://persistence.uni-leipzig.org/nlp2rdf/ontologies/nif-core#>
"""
#: Chromium flags for this kind of machine: headless, no sandbox (root), nothing fetched in the background,
#: shared memory in /tmp rather than /dev/shm (a container's /dev/shm may be 64 MB, and a renderer out of it dies)
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync",
                 "--disable-dev-shm-usage"]
#: What Playwright says when Chromium's renderer process died under a page
RENDERER_CRASHED = "Target crashed"


def survives_one_renderer_crash(test):
    """Run ``test`` once more, on new pages, when Chromium's renderer died under it ("Target crashed").

    The renderer is a process of the machine's, not kg's: CI saw it die once on the seed page, which has passed
    every other run. A second crash fails the test, as does any other error the first time.
    """
    @functools.wraps(test)
    def run(*args, **kwargs):
        try:
            return test(*args, **kwargs)
        except Exception as err:  # Playwright's Error, whose class depends on the installed version
            if RENDERER_CRASHED not in str(err):
                raise
        return test(*args, **kwargs)
    return run


kg = group_fixture(register)


def graph_and_ontology(trig: Path) -> ox.Store:
    """The graph with the ontology beside it, to count what the page should draw independently of kg.report.viz."""
    store = ox.Store()
    store.load(path=str(trig), format=ox.RdfFormat.TRIG)
    store.load(path=str(ontology_dir() / "kg.ttl"), format=ox.RdfFormat.TURTLE,
               to_graph=ox.NamedNode("urn:test:ontology"))
    return store


def rows(store: ox.Store, query: str) -> list[tuple[str, ...]]:
    res = store.query(PREFIXES + query, use_default_graph_as_union=True)
    return [tuple(sol[v].value if sol[v] is not None else "" for v in res.variables) for sol in res]


def expected_nodes(store: ox.Store) -> tuple[int, int]:
    """(entities, asserted events) of the graph: instances of kg:Agent, kg:Office, kg:Motion and kg:Event or
    of their subclasses (kg:EventClaim is not a kg:Event)."""
    def count(roots: str) -> int:
        return int(rows(store, f"""SELECT (COUNT(DISTINCT ?x) AS ?n) WHERE {{
            VALUES ?root {{ {roots} }} ?x a ?cls . ?cls rdfs:subClassOf* ?root FILTER(isIRI(?x)) }}""")[0][0])
    return count("kg:Agent kg:Office kg:Motion"), count("kg:Event")


#: what the page draws at first: asserted events but quotes (kg:Statement), and the entities they name
DEFAULT_EVENTS = """?e a ?cls . ?cls rdfs:subClassOf* kg:Event FILTER NOT EXISTS { ?e a kg:Statement }"""


def expected_default_nodes(store: ox.Store) -> tuple[int, int]:
    """(entities, events) of the page's default view, counted from the graph."""
    (entities, events), = rows(store, f"""SELECT (COUNT(DISTINCT ?x) AS ?n) (COUNT(DISTINCT ?e) AS ?m) WHERE {{
        {DEFAULT_EVENTS} OPTIONAL {{ ?e kg:agent|kg:target ?x FILTER(isIRI(?x)) }} }}""")
    return int(entities), int(events)


@pytest.fixture(scope="module")
def seed_page(seed, kg, tmp_path_factory) -> Path:
    """``kg viz`` on the seed graph, through the CLI."""
    out = tmp_path_factory.mktemp("viz") / "seed.html"
    result = run(kg, "viz", seed.trig, "--out", out)
    assert result.exit_code == 0, result.output
    return out


# ------------------------------------------------------------------------------------------- data

@pytest.mark.model
def test_viz_collect_draws_every_entity_and_asserted_event(seed):
    store, source = open_source([seed.trig])
    page = collect(store, source)
    entities, events = expected_nodes(graph_and_ontology(seed.trig))
    assert (len(page.data["entities"]), len(page.data["events"])) == (entities, events)
    assert page.node_count == entities + events
    claims = int(rows(graph_and_ontology(seed.trig), "SELECT (COUNT(DISTINCT ?c) AS ?n) WHERE { ?c a kg:EventClaim }")[0][0])
    assert len(page.data["claims"]) == claims


@pytest.mark.model
def test_viz_collect_the_ejection_has_its_people_and_sentences(seed):
    graph = graph_and_ontology(seed.trig)
    (ejector, ejected), = set(rows(graph, """SELECT ?a ?t WHERE { ?e a kg:Ejection ; kg:agent ?x ; kg:target ?y .
                                              ?x rdfs:label ?a . ?y rdfs:label ?t }"""))
    sentences = {t for (t,) in rows(graph, "SELECT ?t WHERE { ?e a kg:Ejection . ?r kg:reportOf ?e ; kg:evidence/nif:anchorOf ?t }")}
    data = collect(*open_source([seed.trig])).data
    ejection_class = next(i for i, c in enumerate(data["classes"]) if c["name"] == "kg:Ejection")
    assert data["classes"][ejection_class]["verb"] == "ejected"
    ejection, = [e for e in data["events"] if e["cls"] == ejection_class]
    assert [data["entities"][i]["label"] for i in ejection["agents"]] == [ejector]
    assert [data["entities"][i]["label"] for i in ejection["targets"]] == [ejected]
    assert {data["sentences"][r["sentence"]]["text"] for r in ejection["reports"]} == sentences
    assert len(ejection["docs"]) == len(sentences)


def test_viz_collect_relations_and_shortcuts(tmp_path):
    """Roles between entities are edges; shortcut edges (kg:ejected) are not, the event stands for them."""
    path = tmp_path / "g.trig"
    path.write_text("""
@prefix kg: <https://w3id.org/kg-news/ont#> . @prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .
@prefix x: <https://example.org/id/> .
x:g { x:ana a kg:Person ; rdfs:label "Ana Lopes" ; kg:leaderOf x:p ; kg:ejected x:tom .
      x:tom a kg:Person ; rdfs:label "Tom Reyes" . x:p a kg:PoliticalParty ; rdfs:label "Progress Party" .
      x:e a kg:Ejection ; kg:agent x:ana ; kg:target x:tom . x:r kg:reportOf x:e ; kg:sourceDocument x:d .
      x:d a kg:Document . }
""", encoding="utf-8")
    data = collect(*open_source([path])).data
    assert [(data["entities"][r["source"]]["label"], r["label"], data["entities"][r["target"]]["label"])
            for r in data["relations"]] == [("Ana Lopes", "leader of", "Progress Party")]
    assert data["events"][0]["docs"] == [0] and data["documents"][0]["iri"] == "https://example.org/id/d"


# ------------------------------------------------------------------------------------------- the file

@pytest.mark.model
def test_viz_page_is_self_contained_and_small(seed_page):
    html = seed_page.read_text(encoding="utf-8")
    assert seed_page.stat().st_size < 5 * 1024 * 1024
    # nothing is loaded from elsewhere: no script, style, image or frame from a URL
    assert not re.search(r"<(script|img|iframe|link|source|embed|object)\b[^>]*\b(src|href|data)\s*=", html, re.I)
    assert not re.search(r"@import|url\(\s*['\"]?(https?:)?//", html, re.I)
    # article links are data, inside the JSON, not markup
    markup = re.sub(r'<script type="application/json" id="kg-data">.*?</script>', "", html, flags=re.S)
    assert not re.search(r"\b(src|href)\s*=\s*['\"]?(https?:)?//", markup, re.I)
    # the library's licence notice is kept
    assert LIBRARY_LICENCE.read_text(encoding="utf-8").splitlines()[0] in html
    assert "cytoscape" in html.lower() and "MIT" in html


def test_viz_data_cannot_break_out_of_its_script_element(tmp_path):
    path = tmp_path / "g.trig"
    evil = '</script><script>alert(1)</script><!-- & \u2028'
    path.write_text(f"""
@prefix kg: <https://w3id.org/kg-news/ont#> . @prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .
<https://example.org/g> {{ <https://example.org/p> a kg:Person ; rdfs:label {json.dumps(evil)} . }}
""", encoding="utf-8")
    html = render(collect(*open_source([path])))
    assert "alert(1)</script>" not in html and html.count("<script") == 3
    blob = re.search(r'<script type="application/json" id="kg-data">(.*?)</script>', html, re.S).group(1)
    assert json.loads(blob)["entities"][0]["label"] == evil


def test_cli_viz_writes_the_page_and_says_so(kg, tmp_path):
    path = tmp_path / "g.trig"
    path.write_text(synthetic_trig(people=20, events=30, docs=3), encoding="utf-8")
    out = tmp_path / "sub" / "page.html"
    result = run(kg, "viz", path, "--out", out, "--title", "Test graph")
    assert result.exit_code == 0, result.output
    assert re.match(r"20 entities, 30 events, 0 unasserted mentions, 3 documents -> .*page\.html \(0\.\d MB\)",
                    result.output)
    assert "<title>Test graph</title>" in out.read_text(encoding="utf-8")


@pytest.mark.parametrize("args,message", [
    (["missing.trig"], "no such file"),
    (["--store", "missing-store"], "no store at"),
])
def test_cli_viz_bad_input_is_one_line(kg, tmp_path, args, message):
    result = run(kg, "viz", *[tmp_path / a if not a.startswith("-") else a for a in args],
                 "--out", tmp_path / "x.html")
    assert result.exit_code == 1 and message in result.output and len(result.output.strip().splitlines()) == 1
    assert not (tmp_path / "x.html").exists()


# ------------------------------------------------------------------------------------------- a big graph

def synthetic_trig(people: int = 2000, events: int = 3000, docs: int = 100, seed: int = 8) -> str:
    """A TriG graph of ``people`` persons and ``events`` asserted events in ``docs`` articles: every
    person takes part in at least one event, so it draws ``people + events`` nodes."""
    rnd = random.Random(seed)
    x = "https://example.org/id/"
    classes = ["Accusation", "Ejection", "Opposition", "ApologyDemand"]
    out = ["@prefix kg: <https://w3id.org/kg-news/ont#> .", "@prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .",
           "@prefix prov: <http://www.w3.org/ns/prov#> .", "@prefix xsd: <http://www.w3.org/2001/XMLSchema#> .",
           "@prefix nif: <http://persistence.uni-leipzig.org/nlp2rdf/ontologies/nif-core#> ."]
    for d in range(docs):
        g, doc = f"<{x}graph/{d}>", f"<{x}doc/{d}>"
        out.append(f'{g} {{ {g} prov:wasDerivedFrom {doc} . {doc} a kg:Document ; kg:title "Article {d}" ; '
                   f'kg:url "https://news.example/{d}" .')
        for e in range(d, events, docs):
            a = e % people if e < people else rnd.randrange(people)
            t = (a + 1 + rnd.randrange(people - 1)) % people
            s = f"<{x}doc/{d}#char={e},{e + 30}>"
            out.append(f'<{x}p/{a}> a kg:Person ; rdfs:label "Person {a}" . '
                       f'<{x}p/{t}> a kg:Person ; rdfs:label "Person {t}" .')
            out.append(f"<{x}e/{e}> a kg:{classes[e % len(classes)]} ; kg:agent <{x}p/{a}> ; kg:target <{x}p/{t}> ; "
                       f'kg:date "2020-{1 + e % 12:02}-{1 + e % 28:02}"^^xsd:date . '
                       f"<{x}r/{e}> kg:reportOf <{x}e/{e}> ; kg:sourceDocument {doc} ; kg:evidence {s} ; "
                       "kg:confidence 0.9 .")
            out.append(f'{s} a kg:Sentence ; kg:inDocument {doc} ; nif:anchorOf "Person {a} did it to Person {t}." .')
        out.append("}")
    return "\n".join(out) + "\n"


# ------------------------------------------------------------------------------------------- in a browser

def chromium_program() -> str | None:
    found = os.environ.get("KG_CHROMIUM") or shutil.which("chromium") or shutil.which("chromium-browser")
    return found if found and os.access(found, os.X_OK) else None


@pytest.fixture(scope="module")
def browser(tmp_path_factory):
    """Debian's Chromium, headless, with a new empty profile, driven by Playwright; closed at the end."""
    program = chromium_program()
    if program is None:
        pytest.skip("Chromium is not installed: `make test` installs Debian's chromium when it can (as root or "
                    "with password-less sudo, with apt-get); here it could not")
    sync_api = pytest.importorskip("playwright.sync_api", reason="playwright is not installed (pip install -e '.[test]')")
    profile = tmp_path_factory.mktemp("chromium-profile")
    with sync_api.sync_playwright() as pw:
        context = pw.chromium.launch_persistent_context(
            str(profile), executable_path=program, headless=True, args=CHROMIUM_ARGS,
            viewport={"width": 1400, "height": 850})
        try:
            yield context
        finally:
            context.close()


class Opened:
    """A page loaded from a file, with its console errors and any request that tried to leave the machine."""

    def __init__(self, context, path: Path, timeout_ms: float = 20_000):
        self.errors: list[str] = []
        self.remote: list[str] = []
        self.page = context.new_page()
        self.page.on("console", lambda m: self.errors.append(m.text) if m.type == "error" else None)
        self.page.on("pageerror", lambda err: self.errors.append(str(err)))

        def offline(route):  # the page must work offline: refuse and record anything but the file itself
            if not route.request.url.startswith("file:"):
                self.remote.append(route.request.url)
                return route.abort()
            return route.continue_()

        self.page.route("**/*", offline)
        started = time.monotonic()
        self.page.goto(path.resolve().as_uri())
        self.page.wait_for_selector("body[data-ready=true]", timeout=timeout_ms)
        self.load_seconds = time.monotonic() - started

    def shown(self) -> dict:
        return self.page.evaluate("kg.shown()")

    def click_entity(self, label: str) -> None:
        """Click the node of the entity called ``label`` with the mouse, after bringing it to the middle."""
        point = self.page.evaluate("""(label) => {
            const i = kg.data.entities.findIndex(e => e.label === label);
            const node = kg.cy.getElementById('n' + i);
            kg.cy.zoom(1.6); kg.cy.center(node);
            const box = kg.cy.container().getBoundingClientRect(), at = node.renderedPosition();
            return {x: box.left + at.x, y: box.top + at.y};
        }""", label)
        self.page.mouse.click(point["x"], point["y"])

    def panel(self) -> str:
        return " ".join(self.page.inner_text("#panel").split())

    def close(self) -> None:
        self.page.close()


@pytest.fixture
def opened_page(browser):
    pages = []

    def open_(path: Path, **kw) -> Opened:
        pages.append(Opened(browser, path, **kw))
        return pages[-1]

    yield open_
    for p in pages:
        p.close()


@pytest.mark.model
@survives_one_renderer_crash
def test_viz_browser_seed_graph_loads_offline_without_errors_and_shows_every_node(seed, seed_page, opened_page,
                                                                                 tmp_path):
    page = opened_page(seed_page)
    entities, events = expected_default_nodes(graph_and_ontology(seed.trig))
    assert page.shown()["nodes"] == entities + events and not page.shown()["limited"]
    assert page.page.inner_text("#status").startswith(f"{entities + events} nodes")
    assert page.page.is_hidden("#notice")
    # ticked, quotes and factless entities bring every entity and event in
    show_everything(page)
    assert page.shown()["nodes"] == sum(expected_nodes(graph_and_ontology(seed.trig)))
    page.page.screenshot(path=str(tmp_path / "seed.png"))
    assert page.errors == [] and page.remote == []


@pytest.mark.model
@survives_one_renderer_crash
def test_viz_browser_clicking_the_ejected_person_shows_the_ejection_and_its_sentence(seed, seed_page, opened_page):
    graph = graph_and_ontology(seed.trig)
    (ejector, ejected), = set(rows(graph, """SELECT ?a ?t WHERE { ?e a kg:Ejection ; kg:agent ?x ; kg:target ?y .
                                              ?x rdfs:label ?a . ?y rdfs:label ?t }"""))
    sentences = {t for (t,) in rows(graph, "SELECT ?t WHERE { ?e a kg:Ejection . ?r kg:reportOf ?e ; kg:evidence/nif:anchorOf ?t }")}
    page = opened_page(seed_page)
    show_everything(page)
    page.click_entity(ejected)
    panel = page.panel()
    assert panel.startswith(ejected)
    assert "Ejection (1)" in panel and f"{ejector} ejected {ejected}" in panel
    for sentence in sentences:
        assert " ".join(sentence.split()) in panel
    # the edge from the ejector is labelled with what was done, and tapping it opens the same fact
    labels = page.page.evaluate("kg.cy.edges().map(e => e.data('label'))")
    assert "ejected" in labels
    page.page.evaluate("kg.cy.edges().filter(e => e.data('label') === 'ejected')[0].emit('tap')")
    panel = page.panel()
    assert panel.startswith("Ejection") and f"{ejector} ejected {ejected}" in panel
    assert all(" ".join(s.split()) in panel for s in sentences)
    # a role edge says which articles state it
    page.page.evaluate("kg.cy.edges('.relation')[0].emit('tap')")
    assert "Stated in" in page.panel()
    assert page.errors == []


@pytest.mark.model
@survives_one_renderer_crash
def test_viz_browser_search_and_filters(seed, seed_page, opened_page):
    graph = graph_and_ontology(seed.trig)
    (ejector,), = set(rows(graph, "SELECT ?a WHERE { ?e a kg:Ejection ; kg:agent/rdfs:label ?a }"))
    page = opened_page(seed_page)
    page.page.evaluate("(name) => { location.hash = encodeURIComponent(name); }", ejector)  # a link to a person
    page.page.wait_for_function("(name) => document.querySelector('#panel h2')?.textContent === name", arg=ejector)
    page.page.keyboard.press("Escape")
    assert not page.panel().startswith(ejector)
    page.page.fill("#search", ejector.lower())
    page.page.press("#search", "Enter")
    assert page.panel().startswith(ejector)
    # only ejections: the ejection and its two people
    for box in page.page.query_selector_all("#class-filters input[type=checkbox]"):
        if box.get_attribute("data-filter") != "kg:Ejection" and box.is_checked():
            box.uncheck()
    assert page.shown()["nodes"] == 3
    page.page.click("#reset")
    assert page.shown()["nodes"] == sum(expected_default_nodes(graph))
    # events as edges: an event with an agent and a target becomes one edge, the others stay nodes
    show_everything(page)
    page.page.check("#as-edges")
    entities, _ = expected_nodes(graph)
    (unpaired,), = rows(graph, """SELECT (COUNT(DISTINCT ?e) AS ?n) WHERE { ?e a ?cls . ?cls rdfs:subClassOf* kg:Event
                                   FILTER NOT EXISTS { ?e kg:agent ?a ; kg:target ?t } }""")
    assert page.shown()["nodes"] == entities + int(unpaired)
    assert "ejected" in page.page.evaluate("kg.cy.edges().map(e => e.data('label'))")
    page.page.uncheck("#as-edges")
    # one document: the page draws only what that article says
    page.page.select_option("#doc-filter", index=1)
    assert 0 < page.shown()["nodes"] < sum(expected_nodes(graph))
    assert page.errors == []


def show_everything(page: Opened) -> None:
    """Tick what the page leaves out at first: quotes (kg:Statement) and entities with no facts."""
    for key in ("kg:Statement", "unconnected"):
        box = page.page.query_selector(f'#class-filters input[data-filter="{key}"]')
        if box is not None:
            box.check()


@survives_one_renderer_crash
def test_viz_browser_five_thousand_nodes_stay_responsive(kg, tmp_path, opened_page):
    path = tmp_path / "big.trig"
    path.write_text(synthetic_trig(), encoding="utf-8")
    out = tmp_path / "big.html"
    assert run(kg, "viz", path, "--out", out).exit_code == 0
    page = opened_page(out, timeout_ms=25_000)
    shown = page.shown()
    assert shown["total"] == 5000 and shown["limited"] and shown["nodes"] <= MAX_NODES + 50
    assert "most connected" in page.page.inner_text("#notice")
    assert page.load_seconds < 15, f"the page took {page.load_seconds:.1f} s to draw"
    # a person the limit left out is drawn once found by name
    hidden = page.page.evaluate("""() => { const drawn = new Set(kg.cy.nodes().map(n => n.id()));
        return kg.data.entities.findIndex((e, i) => !drawn.has('n' + i)); }""")
    name = page.page.evaluate("(i) => kg.data.entities[i].label", hidden)
    started = time.monotonic()
    page.page.fill("#search", name)
    page.page.press("#search", "Enter")
    assert page.panel().startswith(name)
    assert time.monotonic() - started < 10
    assert page.errors == [] and page.remote == []


# ------------------------------------------------------------------------------------------- a new relation type

CENSURE_CLASS = '''kg:Censure
    a owl:Class ;
    rdfs:label "Censure"@en ;
    rdfs:comment "An event in which a presiding officer or the house formally reprimands a member (CAMEO 111, Criticize or denounce)."@en ;
    rdfs:subClassOf kg:Event ;
    rdfs:isDefinedBy <https://w3id.org/kg-news/ont> .

'''
CENSURE_RULE = {"rule": "censure.verb", "class": "Censure", "lemmas": ["censure", "reprimand", "rebuke"],
                "target_kind": "Person", "confidence": 0.85}
CENSURE_ARTICLE = """---
title: Member reprimanded after heckling
published: 2024-03-14
---
Speaker Ana Lopes reprimanded Progress Party MP Tom Reyes on Tuesday after he heckled the minister.
"""


@pytest.mark.model
def test_viz_readme_worked_example_new_relation_type(tmp_path):
    """README, "Adding a relation type": a class in kg.ttl and a rule in events.json, no code; the
    build extracts it and `kg viz` and `kg stats` show it (in a copy of ontology/, via KG_ONTOLOGY)."""
    import subprocess
    import sys

    onto = tmp_path / "ontology"
    shutil.copytree(ontology_dir(), onto)
    ttl = (onto / "kg.ttl").read_text(encoding="utf-8")
    ttl = ttl.replace("kg:Statement\n    a owl:Class ;", CENSURE_CLASS + "kg:Statement\n    a owl:Class ;", 1)
    assert "kg:Censure" in ttl
    (onto / "kg.ttl").write_text(ttl, encoding="utf-8")
    lexicon = json.loads((onto / "lexicon" / "events.json").read_text(encoding="utf-8"))
    lexicon["rules"].append(CENSURE_RULE)
    (onto / "lexicon" / "events.json").write_text(json.dumps(lexicon, indent=1), encoding="utf-8")
    (tmp_path / "article.md").write_text(CENSURE_ARTICLE, encoding="utf-8")

    def kg_(*args):
        done = subprocess.run([sys.executable, "-c", "from kg.cli import main; main()", *map(str, args)],
                              env={**os.environ, "KG_ONTOLOGY": str(onto)}, capture_output=True, text=True,
                              timeout=300, cwd=tmp_path)
        assert done.returncode == 0, done.stdout + done.stderr
        return done.stdout

    built = kg_("build", "article.md", "--out", "out")
    assert re.search(r"Censure\s+1", built) and "—Censure→" in built
    kg_("viz", "out/graph.trig", "--out", "page.html")
    html = (tmp_path / "page.html").read_text(encoding="utf-8")
    data = json.loads(re.search(r'<script type="application/json" id="kg-data">(.*?)</script>', html, re.S).group(1))
    censure = next(i for i, c in enumerate(data["classes"]) if c["name"] == "kg:Censure")
    (event,) = [e for e in data["events"] if e["cls"] == censure]
    assert {data["entities"][i]["label"] for i in event["agents"] + event["targets"]} == {"Ana Lopes", "Tom Reyes"}
    stats = json.loads(kg_("stats", "out/graph.trig", "--format", "json"))
    assert {"class": "https://w3id.org/kg-news/ont#Censure", "instances": 1} in stats["classes"]


# ------------------------------------------------------------------------------------------- a real archive (issue 19)

@pytest.fixture(scope="module")
def realnews_page(tmp_path_factory, kg) -> tuple[Path, Path]:
    """The 50 real articles of ../shared/realnews built into a graph, and ``kg viz`` of it: (graph, page)."""
    from kg.engine.pipeline import build_corpus
    from kg.rdf.write import write_outputs

    articles = shared_or_skip("realnews", "articles")
    out = tmp_path_factory.mktemp("realnews")
    write_outputs(build_corpus([articles]).dataset, out)
    page = out / "graph.html"
    result = run(kg, "viz", out / "graph.trig", "--out", page)
    assert result.exit_code == 0, result.output
    return out / "graph.trig", page


@pytest.mark.model
@survives_one_renderer_crash
def test_viz_browser_issue_19_a_real_archive_is_readable(realnews_page, opened_page, tmp_path):
    """The realnews page: drawn within 2 s, by default only the entities that take part in a fact
    (quotes off), labels that never overlap, and a timeline that filters the events by date."""
    trig, path = realnews_page
    graph = graph_and_ontology(trig)
    page = opened_page(path)
    ready = page.page.evaluate("kg.readyMs")
    assert ready < 2000, f"the page took {ready:.0f} ms to draw"
    # the default view: events but quotes, and only the entities they name
    entities, events = expected_default_nodes(graph)
    drawn = page.page.evaluate("""() => ({
        entities: kg.cy.nodes('.entity').map(n => +n.id().slice(1)),
        events: kg.cy.nodes('.event').map(n => +n.id().slice(1)),
        claims: kg.cy.nodes('.claim').length })""")
    assert (len(drawn["entities"]), len(drawn["events"]), drawn["claims"]) == (entities, events, 0)
    named = page.page.evaluate("""(drawn) => drawn.events.flatMap(i => kg.data.events[i].agents
                                                   .concat(kg.data.events[i].targets))""", drawn)
    assert set(drawn["entities"]) == set(named)  # each entity drawn takes part in a drawn fact
    # each filter says how many it hides: all the quotes, and every entity that takes part in no fact
    (quotes,), = rows(graph, "SELECT (COUNT(DISTINCT ?e) AS ?n) WHERE { ?e a kg:Statement }")
    assert page.page.inner_text('[data-count="kg:Statement"]').strip() == f"{int(quotes):,} hidden"
    factless = page.page.evaluate("kg.data.entities.filter((e, i) => !kg.data.events.some(v => "
                                  "v.agents.includes(i) || v.targets.includes(i))).length")
    assert factless > 0 and page.page.inner_text('[data-count="unconnected"]').strip() == f"{factless:,} hidden"
    # stories are clusters, and the labels drawn never overlap (Cytoscape's boxes, labels included)
    assert page.shown()["clusters"] > 1
    boxes = page.page.evaluate("""() => kg.cy.nodes('.labelled').map(n => {
        const b = n.boundingBox({includeLabels: true}); return [n.id(), b.x1, b.y1, b.x2, b.y2]; })""")
    assert len(boxes) >= 10, boxes
    for k, (a, *p) in enumerate(boxes):
        for b, *q in boxes[k + 1:]:
            assert not (p[0] < q[2] and q[0] < p[2] and p[1] < q[3] and q[1] < p[3]), f"{a} overlaps {b}"
    assert all(node.startswith("n") for node, *_ in boxes)  # labels name entities
    page.page.screenshot(path=str(tmp_path / "realnews.png"))

    # the timeline: drag across two bars that hold events; only the events of those dates remain
    bins = page.page.evaluate("""() => [...document.querySelectorAll('#timeline .tl-bin')]
        .filter(b => b.querySelector('.tl-seg')).map(b => [b.dataset.from, b.dataset.to])""")
    assert len(bins) >= 3
    first, last = bins[1], bins[2]
    start = page.page.locator(f'#timeline .tl-bin[data-from="{first[0]}"]').bounding_box()
    end = page.page.locator(f'#timeline .tl-bin[data-from="{last[0]}"]').bounding_box()
    page.page.mouse.move(start["x"] + start["width"] / 2, start["y"] + start["height"] - 20)
    page.page.mouse.down()
    page.page.mouse.move(end["x"] + end["width"] / 2, end["y"] + end["height"] - 20, steps=4)
    page.page.mouse.up()
    assert page.page.evaluate("[kg.state.from, kg.state.to]") == [first[0], last[1]]
    assert page.page.input_value("#date-from") == first[0] and page.page.input_value("#date-to") == last[1]
    (in_range,), = rows(graph, f"""SELECT (COUNT(DISTINCT ?e) AS ?n) WHERE {{ {DEFAULT_EVENTS}
        FILTER(NOT EXISTS {{ ?e kg:date ?d }} || EXISTS {{ ?e kg:date ?d
               FILTER(STR(?d) >= "{first[0]}" && SUBSTR(STR(?d), 1, 10) <= "{last[1]}") }}) }}""")
    dates = page.page.evaluate("kg.cy.nodes('.event').map(n => kg.data.events[+n.id().slice(1)].dates)")
    assert 0 < len(dates) == int(in_range) < events
    assert all(not d or any(first[0] <= x <= last[1] for x in d) for d in dates)
    assert "hidden by date" in page.page.inner_text("#date-count")
    page.page.click("#timeline .tl-clear")
    assert page.page.evaluate("kg.cy.nodes('.event').length") == events
    assert page.errors == [] and page.remote == []


# ------------------------------------------------------------------------------------------- the crash retry

def test_viz_renderer_crash_retry_runs_once_more_only_for_a_crash():
    calls = []

    def flaky(fails: list[str]):
        calls.append(1)
        if len(calls) <= len(fails):
            raise RuntimeError(fails[len(calls) - 1])
        return "passed"

    assert survives_one_renderer_crash(flaky)([f"Page.evaluate: {RENDERER_CRASHED}"]) == "passed" and len(calls) == 2
    calls.clear()
    with pytest.raises(RuntimeError, match=RENDERER_CRASHED):  # a second crash fails the test
        survives_one_renderer_crash(flaky)([RENDERER_CRASHED, RENDERER_CRASHED])
    calls.clear()
    with pytest.raises(RuntimeError, match="assert"):  # any other error is not retried
        survives_one_renderer_crash(flaky)(["assert 1 == 2"])
    assert len(calls) == 1
