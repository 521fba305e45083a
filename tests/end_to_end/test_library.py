"""kg from Python, as a notebook uses it (issue 38): ``import kg`` names the whole library, and
its docstrings' examples run."""

from __future__ import annotations

import doctest

import pytest
from rdflib import Dataset, Literal, URIRef

import kg
import kg.library

pytestmark = pytest.mark.model

ARTICLES = [
    "---\npublished: 2024-03-14\n---\nSpeaker Ana Lopes ejected MP Tom Reyes on Tuesday.",
    "---\npublished: 2024-05-02\n---\nCouncillor Rita Moss opposed the motion to close the library on Monday.\n\n"
    "Mayor Jon Vale called Rita Moss a liar.",
]


def test_library_notebook_builds_loads_and_answers_a_stored_question_as_a_dataframe(tmp_path):
    ds = kg.build(texts=ARTICLES)
    assert isinstance(ds, Dataset)
    store = kg.Store(tmp_path / "store")
    assert "2 graphs" in store.load(ds)
    frame = store.query("ejections").to_dataframe()
    assert list(frame.columns)[:2] == ["ejector", "ejected"]
    assert len(frame) == 1 and str(frame["ejector"][0]).endswith("/ana-lopes")
    assert isinstance(frame["ejector"][0], URIRef)
    rows = store.query("person-timeline", {"person": "Rita Moss"})
    assert len(rows) >= 1
    assert store.query("SELECT (COUNT(*) AS ?n) WHERE { ?e a kg:Ejection }").rows == [
        {"n": Literal(1)}]
    store.close()
    with kg.Store(tmp_path / "store", create=False) as again:   # what was loaded is on disk
        assert again.query("ASK { ?e a kg:Ejection }").boolean is True


def test_library_dir_lists_the_public_names():
    assert set(kg.__all__) <= set(dir(kg))
    assert {"build", "Store", "validate", "reason"} <= set(kg.__all__)
    for name in kg.__all__:
        assert getattr(kg, name) is not None
    with pytest.raises(AttributeError):
        kg.no_such_name  # noqa: B018


@pytest.mark.parametrize("call, words", [
    (lambda tmp: kg.build([tmp / "nonexistent.txt"]), ["nonexistent.txt", "no such file"]),
    (lambda tmp: kg.Store(tmp / "missing", create=False), ["missing"]),
    (lambda tmp: kg.Store().query("SELECT ?x WHERE { ?x ?y }"), ["line 1"]),
    (lambda tmp: kg.Store().query("no-such-question"), ["no-such-question", "ejections"]),
    (lambda tmp: kg.Store().load(tmp / "absent.ttl"), ["absent.ttl", "no such file"]),
])
def test_library_errors_name_the_file_and_the_reason(tmp_path, call, words):
    with pytest.raises(kg.KgError) as err:
        call(tmp_path)
    for word in words:
        assert word in str(err.value)


def test_library_validate_and_reason():
    ds = kg.build(texts=ARTICLES[:1])
    assert kg.validate(ds).violations == []
    entailed = kg.reason(ds)
    graph = next(g for g in ds.graphs() if str(g.identifier).endswith("entailments"))
    assert entailed == len(graph) > 0


@pytest.mark.parametrize("module", [kg, kg.library])
def test_library_docstring_examples_run(module):
    failures, tried = doctest.testmod(module, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert tried > 0 and failures == 0
