"""Build options (kg.engine.options): one frozen object, normalised once, refusing what no engine does."""

from __future__ import annotations

import dataclasses

import pytest

from kg.engine.options import BuildOptions, OptionsError
from kg.rdf.formats import FormatError
from kg.rdf.mapping import DEFAULT_BASE


@pytest.mark.parametrize("given, want", [
    ({}, {"base": DEFAULT_BASE, "formats": ("ttl", "trig"), "jobs": 1, "engine": "local"}),
    ({"base": None}, {"base": DEFAULT_BASE}),
    ({"formats": ["nq", "ttl", "nq"]}, {"formats": ("nq", "ttl")}),
    ({"formats": ["all"]}, {"formats": ("ttl", "trig", "nt", "nq", "jsonld", "xml")}),
    ({"jobs": 0}, {"jobs": 1}),
    ({"engine": "dask", "workers": 2}, {"engine": "dask", "workers": 2}),
])
def test_options_normalised(given, want):
    options = BuildOptions(**given)
    assert {k: getattr(options, k) for k in want} == want


@pytest.mark.parametrize("given, error", [({"engine": "spark"}, OptionsError), ({"formats": ["png"]}, FormatError)])
def test_options_refused(given, error):
    with pytest.raises(error):
        BuildOptions(**given)


def test_options_are_frozen():
    with pytest.raises(dataclasses.FrozenInstanceError):
        BuildOptions().jobs = 2
