"""The realistic benchmark corpus (bench/corpus.py): whole copies of the shared articles, people renamed."""

from __future__ import annotations

import pytest

from tests.conftest import SHARED, shared_or_skip

pytestmark = pytest.mark.model


def test_corpus_real_copies_keep_each_article_and_rename_its_people(tmp_path):
    import bench.corpus as corpus
    from kg.ingest.documents import read_corpus

    shared_or_skip("realnews", "articles")
    shared_or_skip("devset", "articles")
    folders, _ = corpus.real_sources(SHARED)
    sources = corpus.real_material(folders)
    n = len(sources) + 3  # every source once, then the first ones again, renamed anew
    corpus.generate_real(n, tmp_path, folders)
    copies, problems = read_corpus([tmp_path])
    assert not problems and len(copies) == n
    renamed = 0
    for i, copy in enumerate(copies):
        source, renamer = sources[i % len(sources)]
        assert len(copy.text.split()) == len(source.text.split()), source.id
        assert copy.text.count("\n\n") == source.text.count("\n\n"), source.id
        assert len(copy.embeds) == len(source.embeds), source.id
        assert copy.published != source.published and copy.outlet in corpus.OUTLETS
        full_names = [name for name in renamer.roles if len(name.split()) > 1]
        assert not [name for name in full_names if name in copy.text], source.id
        renamed += bool(full_names)
    assert renamed > len(sources) // 2  # kg found people in most sources, and none is left in any copy
    assert copies[0].text != copies[len(sources)].text  # a second copy has other people
    figures = corpus.describe(tmp_path)
    assert figures["articles"] == n and figures["embeds"] >= 2 and figures["quotes"] > n
