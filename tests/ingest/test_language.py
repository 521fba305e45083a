"""Articles not in English are skipped with their reason, never mapped as English (issue 37, item 2);
``--lang en`` builds them anyway. Sentences written for this test."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from kg.cli import main
from kg.ingest.documents import read_corpus
from kg.ingest.language import detect, foreign

ENGLISH = [
    "Speaker Ana Lopes ejected MP Tom Reyes on Monday.",                                   # names, few words
    "Councillor Rita Moss said the mayor had misled the council and should apologise at once.",
    "The Bundestag president, Anna Schulz, suspended the member for the rest of the sitting.",
    "Speaker Ana Lopes ejected MP 张伟 on Monday after he called the minister a liar in the chamber.",
    "Le Pen and Mélenchon were named by the Speaker of the Assemblée nationale, and both left the house.",
]
FOREIGN = [
    ("Der Präsident des Bundestages schloss die Abgeordnete am Dienstag von der Sitzung aus, "
     "weil sie die Ministerin eine Lügnerin genannt hatte.", "de"),
    ("Le président de l'Assemblée a expulsé le député mardi après qu'il a traité la ministre de menteuse.", "fr"),
    ("El presidente del Senado expulsó al senador de la sesión porque había insultado a la ministra.", "es"),
    ("Il presidente della Camera ha espulso il deputato dall'aula dopo che aveva insultato la ministra.", "it"),
]


@pytest.mark.parametrize("text", ENGLISH)
def test_language_english_is_english(text):
    assert foreign(text) is None


@pytest.mark.parametrize("text, code", FOREIGN)
def test_language_other_languages_are_found(text, code):
    assert detect(text)[0] == code
    assert foreign(text)[0] == code


def test_language_an_article_not_in_english_is_skipped_with_its_reason(tmp_path):
    (tmp_path / "en.md").write_text("---\npublished: 2024-03-14\n---\n" + ENGLISH[1], encoding="utf-8")
    (tmp_path / "de.md").write_text("---\npublished: 2024-03-14\n---\n" + FOREIGN[0][0], encoding="utf-8")
    documents, problems = read_corpus([tmp_path])
    assert [d.id for d in documents] == ["en"]
    [problem] = problems
    assert problem.path.name == "de.md" and "'de'" in problem.message and "--lang en" in problem.message
    documents, problems = read_corpus([tmp_path], lang="en")
    assert [d.id for d in documents] == ["de", "en"] and problems == []


@pytest.mark.model
def test_language_kg_build_skips_it_and_says_so_then_builds_it_with_lang_en(tmp_path):
    (tmp_path / "in").mkdir()
    (tmp_path / "in" / "en.md").write_text(ENGLISH[1], encoding="utf-8")
    (tmp_path / "in" / "fr.md").write_text(FOREIGN[1][0], encoding="utf-8")
    runner = CliRunner()
    done = runner.invoke(main, ["build", str(tmp_path / "in"), "--out", str(tmp_path / "out"), "-q"])
    assert done.exit_code == 0, done.output
    assert "fr.md" in done.output and "not English" in done.output
    assert "1 document" in done.output
    done = runner.invoke(main, ["build", str(tmp_path / "in"), "--out", str(tmp_path / "out2"), "-q", "--lang", "en"])
    assert done.exit_code == 0 and "not English" not in done.output and "2 documents" in done.output
