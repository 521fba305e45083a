"""Queries: the competency questions on the seed graph (in all three stores), safe parameters,
malformed queries, timeouts, output formats."""

from __future__ import annotations

import csv
import io
import json
import time

import pyoxigraph as ox
import pytest
from click.testing import CliRunner

from kg.cli import main
from kg.query.sparql import (QueryError, QueryText, bind_values, check_params, parse_params, resolve, run_store,
                      stored_queries, with_prefixes)
from tests.stores import answers, opened, run_kg

SINGH, ROTA, THERRIEN = "Jagmeet Singh", "Anthony Rota", "Alain Therrien"
NDP = "New Democratic Party"
INJECTION = '"} ; DROP ALL ; {"'


def _cli(*args, **kw):
    result = CliRunner().invoke(main, [str(a) for a in args], **kw)
    assert "Traceback" not in result.output, result.output
    return result


# --- the stored competency questions ---------------------------------------------------------

def test_query_stored_queries_say_what_they_answer():
    queries = {q.name: q for q in stored_queries()}
    assert {"ejections", "accusations", "oppositions", "apologies", "person-timeline", "parties",
            "facts-per-document"} <= set(queries)
    for q in queries.values():
        assert q.question.endswith("?"), q.name
    assert queries["person-timeline"].params == {"person": queries["person-timeline"].params["person"]}


def test_query_list_shows_every_stored_query():
    result = _cli("query", "--list")
    assert result.exit_code == 0
    for q in stored_queries():
        assert q.name in result.output and q.question in result.output
    assert "--param person=" in result.output


def test_query_competency_who_ejected_whom(target):
    rows = answers(target, "ejections")
    assert {"ejector": ROTA, "ejected": SINGH, "date": "2020-06-17"}.items() <= next(
        r for r in rows if r["ejector"] == ROTA and r["date"]).items()
    assert all(r["article"].startswith("doc:") and r["sentence"] for r in rows)


def test_query_competency_who_called_whom_what(target):
    rows = answers(target, "accusations")
    assert any(r["accuser"] == SINGH and r["accused"] == THERRIEN and r["charge"] == "racist" for r in rows)


def test_query_competency_who_opposed_the_motion_and_who_moved_it(target):
    rows = answers(target, "oppositions")
    mine = [r for r in rows if r["opponent"] == THERRIEN]
    assert mine and all(r["motion"] for r in mine)
    assert any(r["moverParty"] == NDP for r in mine), rows  # Therrien opposed the NDP's motion
    assert any(r["mover"] == SINGH for r in mine)


def test_query_competency_who_asked_for_an_apology_and_who_refused(target):
    rows = answers(target, "apologies")
    askers = {r["who"] for r in rows if r["action"] == "asked to apologize" and r["whom"] == SINGH}
    assert {"Yves-Francois Blanchet", "Carol Hughes"} <= askers
    assert any(r["who"] == SINGH and r["action"] == "refused to apologize" for r in rows)
    assert not any(r["who"] == SINGH and r["action"] == "apologized" for r in rows)


def test_query_competency_everything_one_person_did_in_time_order(target):
    rows = answers(target, "person-timeline", person=SINGH)
    assert {r["who"] for r in rows} == {SINGH}
    actions = {r["action"] for r in rows}
    assert {"called", "refused to apologize", "proposed"} <= actions and "ejected" not in actions
    dates = [r["date"] for r in rows if r["date"]]
    assert dates == sorted(dates) and dates[0] == "2020-06-17"
    assert [r for r in rows if not r["date"]] == rows[:len(rows) - len(dates)]  # undated first


def test_query_competency_person_name_matches_any_case(target):
    assert len(answers(target, "person-timeline", person=SINGH.upper())) == len(
        answers(target, "person-timeline", person=SINGH))


def test_query_competency_parties_leaders_and_members(target):
    rows = {(r["party"], r["role"], r["person"]) for r in answers(target, "parties")}
    assert (NDP, "leader", SINGH) in rows
    assert ("Bloc Québécois", "leader", "Yves-Francois Blanchet") in rows
    assert ("Bloc Québécois", "member", THERRIEN) in rows


def test_query_competency_facts_per_document(target, seed):
    rows = answers(target, "facts-per-document")
    assert len(rows) == len(seed.result.documents) == 3
    # the same counts, read from the graph file without SPARQL, document graph by document graph
    kg = "https://w3id.org/kg-news/ont#"
    types, sourced = {}, {}
    for q in ox.parse(path=str(seed.trig), format=ox.RdfFormat.TRIG):
        if q.predicate.value == "http://www.w3.org/1999/02/22-rdf-syntax-ns#type":
            types.setdefault((q.graph_name, q.subject), set()).add(q.object.value)
        elif q.predicate.value == kg + "evidence":
            sourced.setdefault(q.graph_name, set()).add(q.subject)
    claims = facts = 0
    for graph, subjects in sourced.items():
        asserted = {s for s in subjects if kg + "EventClaim" not in types.get((graph, s), ())}
        facts += len(asserted)
        claims += len(subjects) - len(asserted)
    assert sum(int(r["facts"]) for r in rows) == facts > 10
    assert sum(int(r["claims"]) for r in rows) == claims


# --- parameters: bound, never pasted ----------------------------------------------------------

def test_query_injection_in_a_parameter_returns_nothing_and_changes_nothing(target):
    before = len(answers(target, "facts-per-document")), answers(target, "parties")
    assert answers(target, "person-timeline", person=INJECTION) == []
    assert answers(target, "person-timeline", person="Nobody\\\" } ; CLEAR ALL ; # ") == []
    assert (len(answers(target, "facts-per-document")), answers(target, "parties")) == before


def test_query_cli_injection_changes_nothing(seed_store):
    result = _cli("query", "person-timeline", "--param", f"person={INJECTION}", "--store", seed_store)
    assert result.exit_code == 0, result.output
    assert "(0 rows)" in result.output
    with opened(seed_store, write=False) as store:
        assert len(store) > 100


QUERIES_TO_BIND = [
    "SELECT ?name ?p WHERE { ?p <http://ex/name> ?name }",
    "select ?name ?p where { ?p <http://ex/name> ?name }",
    "SELECT ?name ?p { ?p <http://ex/name> ?name }",
    "# a comment with WHERE { in it\nSELECT ?name ?p WHERE { ?p <http://ex/name> ?name }",
    "PREFIX ex: <http://ex/#WHERE>\nSELECT ?name ?p WHERE { ?p <http://ex/name> ?name FILTER(?name != \"WHERE {\") }",
    "SELECT ?name ?p (EXISTS { ?p ?q ?r } AS ?e) WHERE { ?p <http://ex/name> ?name }",
    "SELECT ?name ?p WHERE { { SELECT ?p ?name WHERE { ?p <http://ex/name> ?name } } }",
]


@pytest.mark.parametrize("text", QUERIES_TO_BIND)
def test_query_bind_values_opens_the_where_clause(text):
    store = ox.Store()
    for who in ("Ana", 'Al "Bo"', INJECTION):
        store.add(ox.Quad(ox.NamedNode(f"http://ex/p{len(who)}"), ox.NamedNode("http://ex/name"), ox.Literal(who)))
    for who in ("Ana", 'Al "Bo"', INJECTION, "Nobody"):
        bound = bind_values(text, {"name": ox.Literal(who)})
        assert bound.count("\n") == text.count("\n")  # error lines still match the user's text
        rows = [str(r["name"].value) for r in store.query(bound)]
        assert rows == ([] if who == "Nobody" else [who]), bound


def test_query_bind_values_construct_binds_the_where_not_the_template():
    text = "CONSTRUCT { ?p <http://ex/said> ?name } WHERE { ?p <http://ex/name> ?name }"
    bound = bind_values(text, {"name": ox.Literal("x")})
    assert bound.index("VALUES") > bound.index("WHERE")


def test_query_params_are_checked():
    with pytest.raises(QueryError, match="NAME=VALUE"):
        parse_params(["person"])
    with pytest.raises(QueryError, match="needs --param person"):
        check_params(resolve("person-timeline"), {})
    with pytest.raises(QueryError, match="no variable [?]nobody"):
        check_params(resolve("ejections"), {"nobody": "x"})
    assert parse_params(['person=A = B']) == {"person": "A = B"}


# --- bad queries, timeouts ------------------------------------------------------------------

def test_query_malformed_query_gives_line_and_column_and_exit_1(seed_store):
    result = _cli("query", "SELECT ?x WHERE {\n  ?x ?y }", "--store", seed_store)
    assert result.exit_code == 1
    assert "line 2, column" in result.output and result.output.startswith("Error: query: line 2")


@pytest.mark.parametrize("text, message", [
    ("SELECT * WHERE { ?s foo:bar ?o }", "query: line 1, column 28: unknown prefix foo: (declare it: PREFIX foo:"),
    ("PREFIX x: <http://example.org/x#>\nSELECT * WHERE { ?s x:p ?o . ?s y:q ?o }", "unknown prefix y:"),
    ("SELECT * WHERE { ?s :p ?o }", "unknown prefix : (declare it: PREFIX :"),
    ("SELECT * WHERE { ?s ?p ?o ", "expected one of"),
])
def test_query_syntax_errors_read_as_one_short_line(seed_store, text, message):
    """The parser's token lists ("expected one of Prefix not found, ['%'], ['-' | '0' ..= '9' | ...")
    were printed as they came; an undeclared prefix is named as such, and character ranges go."""
    result = _cli("query", text, "--store", seed_store)
    assert result.exit_code == 1 and message in result.output, result.output
    assert "..=" not in result.output and len(result.output.strip().splitlines()) == 1


def test_query_malformed_rq_file_names_the_file(seed_store, tmp_path):
    rq = tmp_path / "broken.rq"
    rq.write_text("# Question: broken?\nSELECT ?x\nWHERE { ?x ?y ?z . FILTER( ) }\n")
    result = _cli("query", rq, "--store", seed_store)
    assert result.exit_code == 1 and f"{rq}: line 3, column" in result.output


def test_query_unknown_stored_query_lists_the_known_ones(seed_store):
    result = _cli("query", "ejectionz", "--store", seed_store)
    assert result.exit_code == 1 and "no stored query 'ejectionz'" in result.output and "ejections" in result.output


def test_query_timeout_stops_a_long_query(seed_store):
    started = time.monotonic()
    proc = run_kg("query", "SELECT (COUNT(*) AS ?n) WHERE { ?a ?b ?c . ?d ?e ?f . ?g ?h ?i . ?j ?k ?l }",
                  "--store", str(seed_store), "--timeout", "0.5")
    assert proc.returncode == 1, proc.stdout + proc.stderr
    assert "ran longer than 0.5 s (--timeout)" in proc.stderr
    assert time.monotonic() - started < 30


def test_query_run_store_timeout_raises(seed_store):
    from kg.query.sparql import QueryTimeoutError

    with opened(seed_store, write=False) as store:
        with pytest.raises(QueryTimeoutError):
            # small enough to finish soon after the test gives up on it
            run_store(store, QueryText("SELECT (COUNT(*) AS ?n) WHERE { ?a ?b ?c . ?d ?e ?f . ?g ?h ?i }"),
                      timeout=0.01)


# --- formats, prefixes, resolution ----------------------------------------------------------

def test_query_table_shows_labels_not_iris(seed_store):
    result = _cli("query", "ejections", "--store", seed_store)
    assert result.exit_code == 0, result.output
    assert ROTA in result.output and "https://" not in result.output
    question, header = result.output.splitlines()[:2]
    assert question == resolve("ejections").stored.question
    assert header.split() == ["ejector", "ejected", "date", "place", "article", "sentence"]
    assert result.output.rstrip().endswith("rows)")


def test_query_csv_tsv_json_are_sparql_results(seed_store):
    out = {fmt: _cli("query", "parties", "--format", fmt, "--store", seed_store).output for fmt in ("csv", "tsv", "json")}
    rows = list(csv.reader(io.StringIO(out["csv"])))
    assert rows[0] == ["party", "role", "person"] and all(r[0].startswith("https://") for r in rows[1:])
    tsv = out["tsv"].splitlines()
    assert tsv[0] == "?party\t?role\t?person" and tsv[1].startswith("<https://")
    data = json.loads(out["json"])
    assert data["head"]["vars"] == ["party", "role", "person"]
    assert len(data["results"]["bindings"]) == len(rows) - 1
    assert ox.parse_query_results(out["json"], format=ox.QueryResultsFormat.JSON).variables


def test_query_usual_prefixes_need_no_declaration(seed_store):
    text = "SELECT DISTINCT ?name WHERE { ?p a kg:PoliticalParty ; rdfs:label ?name } ORDER BY ?name"
    result = _cli("query", text, "--store", seed_store, "--format", "csv")
    assert result.exit_code == 0 and NDP in result.output
    assert with_prefixes(text).startswith("PREFIX kg: <https://w3id.org/kg-news/ont#> PREFIX rdfs:")
    assert with_prefixes("PREFIX kg: <x:> SELECT * { ?s a kg:X }").count("PREFIX kg:") == 1


def test_query_ask_and_construct(seed_store):
    assert _cli("query", "ASK { ?e a kg:Ejection }", "--store", seed_store).output == "yes\n"
    out = _cli("query", "CONSTRUCT { ?p rdfs:label ?l } WHERE { ?p a kg:PoliticalParty ; rdfs:label ?l }",
               "--store", seed_store).output
    assert len(list(ox.parse(out, format=ox.RdfFormat.TURTLE))) >= 2


def test_query_resolve_string_file_and_name(tmp_path, monkeypatch):
    rq = tmp_path / "mine.rq"
    rq.write_text("SELECT * { ?s ?p ?o }")
    assert resolve(str(rq)).text == "SELECT * { ?s ?p ?o }" and resolve(str(rq)).source == str(rq)
    assert resolve("ejections").stored is not None
    assert resolve("SELECT * { ?s ?p ?o }").source == "query"


def test_query_from_stdin(seed_store):
    result = _cli("query", "-", "--store", seed_store, "--format", "csv",
                  input="SELECT (COUNT(*) AS ?n) WHERE { GRAPH ?g { ?s ?p ?o } }")
    assert result.exit_code == 0 and int(result.output.splitlines()[1]) > 100


@pytest.mark.parametrize("text,distinct", [
    ("SELECT DISTINCT ?a WHERE { ?a ?b ?c }", True),
    ("select  reduced ?a { ?a ?b ?c }", True),
    ("# SELECT DISTINCT in a comment\nSELECT ?a WHERE { { SELECT DISTINCT ?a WHERE { ?a ?b ?c } } }", False),
    ("SELECT ?a WHERE { ?a ?b \"SELECT DISTINCT\" }", False),
])
def test_query_is_distinct_reads_the_outer_select(text, distinct):
    from kg.query.sparql import is_distinct

    assert is_distinct(text) is distinct


def test_query_distinct_rows_drops_repeats_in_order():
    from kg.query.sparql import Results, distinct_rows

    a, b = ox.Literal("a"), ox.NamedNode("http://example.org/b")
    rows = distinct_rows(Results(["x", "y"], [{"x": a}, {"x": a, "y": b}, {"x": a}, {"y": b}, {"x": a, "y": b}]))
    assert rows.rows == [{"x": a}, {"x": a, "y": b}, {"y": b}]


def test_query_competency_person_name_ignores_accents_and_hyphens(target):
    exact = answers(target, "person-timeline", person="Yves-Francois Blanchet")
    assert exact  # he asked for an apology
    assert answers(target, "person-timeline", person="yves  françois BLANCHET") == exact


def test_query_folded_parameter_is_declared_in_the_header():
    from kg.query.sparql import stored

    assert stored("person-timeline").folded == {"person"}
    assert "(folded)" not in stored("person-timeline").params["person"]


# -- issue 17: an article's control characters never reach the terminal ---------------------------

#: what an article might carry: a title rewrite (OSC), a colour, a cursor move, a right-to-left override
def _controls(text: str) -> list[str]:
    import unicodedata

    return [c for c in text if unicodedata.category(c) in ("Cc", "Cf")]


HOSTILE = ["\x1b]0;owned\x07", "\x1b[31m", "\x1b[2J\x1b[H", "\u202e", "\x9b1m", "\x00", "\x7f"]


@pytest.mark.parametrize("bad", HOSTILE)
def test_query_table_escapes_control_characters(bad):
    from kg.query.sparql import Results, format_results

    results = Results(["name", "who"], [{"name": ox.Literal(f"Ana{bad}Lopes"),
                                         "who": ox.NamedNode(f"https://example.org/x{ord(bad[0]):x}")}])
    table = format_results(results, "table", labels={f"https://example.org/x{ord(bad[0]):x}": f"T{bad}R"})
    assert not any(c in table for c in _controls(bad))
    assert "Ana\\x" in table or "Ana\\u" in table


@pytest.mark.parametrize("bad", HOSTILE)
def test_query_fact_lines_and_stats_escape_control_characters(bad):
    from kg.engine.facts import Fact
    from kg.model import printable
    from kg.report.stats import _section

    fact = Fact("doc", 1, "Ejection", [f"Ana{bad}Lopes"], [f"Tom{bad}"], "2024-03-12", None)
    said = Fact("doc", 2, "Statement", ["Tom"], [], None, None, quote=f"no{bad}way")
    for line in (fact.line(), said.line(), "\n".join(_section("t", ["name"], [[f"Ana{bad}"]]))):
        assert not any(c in line for c in _controls(bad)), line
    assert printable("one\ntwo", keep="\n") == "one\ntwo" and printable("one\ntwo") == "one\\x0atwo"


# --- SERVICE on the embedded store (issue 17.3) ---------------------------------------------

class _Recorder:
    """A stand-in for a host inside the network, on loopback: it records each connection made to it."""

    def __init__(self):
        import socket
        import threading

        self.seen: list[bytes] = []
        self.sock = socket.create_server(("127.0.0.1", 0))
        self.url = f"http://127.0.0.1:{self.sock.getsockname()[1]}/sparql"
        self.thread = threading.Thread(target=self._serve, daemon=True)
        self.thread.start()

    def _serve(self):
        while True:
            try:
                conn, _ = self.sock.accept()
            except OSError:  # closed
                return
            with conn:
                self.seen.append(conn.recv(4096))

    def close(self):
        self.sock.close()


@pytest.fixture
def recorder():
    rec = _Recorder()
    yield rec
    rec.close()


FETCHES = [
    "SELECT * WHERE { SERVICE <{url}> { ?s ?p ?o } }",
    "select * where { service silent <{url}> { ?s ?p ?o } }",
    "SELECT * WHERE { \\u0053ERVICE <{url}> { ?s ?p ?o } }",
]


@pytest.mark.parametrize("query", FETCHES, ids=["service", "lower-silent", "escaped"])
@pytest.mark.parametrize("timeout", [None, 30], ids=["in-process", "bounded"])
def test_query_run_store_refuses_service_issue17(recorder, query, timeout):
    """pyoxigraph's Store.query sends a SERVICE request wherever the query says (from this machine):
    run_store refuses it unless allowed, and nothing reaches the host."""
    text = QueryText(query.replace("{url}", recorder.url))
    with pytest.raises(QueryError, match="SERVICE fetches a URL.*--allow-fetch"):
        run_store(ox.Store(), text, timeout=timeout)
    assert recorder.seen == []
    # a variable or a name that says service is no SERVICE
    assert run_store(ox.Store(), QueryText("SELECT ?service WHERE { ?service ?p ?o }"), timeout=timeout).rows == []


@pytest.mark.parametrize("timeout", [None, 30], ids=["in-process", "bounded"])
def test_query_run_store_fetches_when_allowed(recorder, timeout):
    """The refusal is what stops it: allowed, the request reaches the host (which answers nothing)."""
    text = QueryText(FETCHES[0].replace("{url}", recorder.url))
    with pytest.raises(QueryError):
        run_store(ox.Store(), text, timeout=timeout, allow_fetch=True)
    assert len(recorder.seen) == 1 and recorder.seen[0].startswith(b"POST /sparql")


def test_query_cli_refuses_service_unless_allowed(seed_store, recorder):
    query = FETCHES[1].replace("{url}", recorder.url)
    result = _cli("query", query, "--store", seed_store)
    assert result.exit_code == 1 and "SERVICE fetches a URL" in result.output and "--allow-fetch" in result.output
    assert recorder.seen == []
    result = _cli("query", query, "--store", seed_store, "--allow-fetch", "--timeout", "30")
    assert len(recorder.seen) == 1
