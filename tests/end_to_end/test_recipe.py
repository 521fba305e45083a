"""README, "Adding a relation type", followed to the letter: its class, its rule and its article
are read from the README's own code blocks, put in a copy of ontology/ (``KG_ONTOLOGY``), and
each command it shows is run there, with the output it shows (issue 13)."""

from __future__ import annotations

import json
import os
import re
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from kg.ontology.paths import ontology_dir

ROOT = Path(__file__).resolve().parents[2]
KG = [sys.executable, "-c", "from kg.cli import main; main()"]

pytestmark = pytest.mark.model


def _section() -> str:
    text = (ROOT / "docs" / "extending.md").read_text(encoding="utf-8")
    start = text.index("## Adding a relation type\n")
    end = text.find("\n## ", start + 1)
    return text[start:end if end >= 0 else len(text)]


def _blocks(kind: str) -> list[str]:
    """The section's fenced blocks of one language, without the list item's indentation."""
    found = re.findall(rf"^( *)```{kind}\n(.*?)^\1```", _section(), re.S | re.M)
    return ["".join(line[len(indent):] + "\n" for line in body.splitlines()) for indent, body in found]


def _commands(console: str) -> list[tuple[str, list[str]]]:
    """(command, the output lines shown after it) for each ``$`` line of a console block."""
    out: list[tuple[str, list[str]]] = []
    for line in console.replace("\\\n", " ").splitlines():
        if line.startswith("$ "):
            out.append((line[2:].split("  #")[0].strip(), []))
        elif out and line.strip() != "...":
            out[-1][1].append(line)
    return out


@pytest.fixture(scope="module")
def copy(tmp_path_factory) -> Path:
    """A copy of ontology/ with the README's class and rule, and the README's article beside it."""
    work = tmp_path_factory.mktemp("recipe")
    onto = work / "ontology"
    shutil.copytree(ontology_dir(), onto)
    (turtle,), (rule,), (article,) = _blocks("turtle"), _blocks("json"), _blocks("markdown")
    with (onto / "kg.ttl").open("a", encoding="utf-8") as f:
        f.write("\n" + turtle)
    events = json.loads((onto / "lexicon" / "events.json").read_text(encoding="utf-8"))
    events["rules"].append(json.loads(rule))
    (onto / "lexicon" / "events.json").write_text(json.dumps(events, indent=1), encoding="utf-8")
    (work / "article.md").write_text(article, encoding="utf-8")
    return work


def _run(command: str, work: Path, cwd: Path) -> subprocess.CompletedProcess:
    args = [a.replace("/tmp/", f"{work}/") for a in shlex.split(command)]
    args = KG + args[1:] if args[0] == ".venv/bin/kg" else [sys.executable] + args[1:]
    done = subprocess.run(args, env={**os.environ, "KG_ONTOLOGY": str(work / "ontology")}, capture_output=True,
                          text=True, timeout=600, cwd=cwd)
    assert done.returncode == 0, done.stdout + done.stderr
    return done


def test_recipe_build_query_and_viz_show_the_new_class(copy: Path) -> None:
    console = next(b for b in _blocks("console") if "kg build" in b)
    commands = _commands(console)
    assert [c.split()[1] for c, _ in commands] == ["build", "query", "viz"]
    for command, shown in commands:
        done = _run(command, copy, copy)
        lines = [line.rstrip() for line in done.stdout.splitlines()]
        for line in shown:
            assert line.rstrip() in lines, f"{command}: README shows {line!r}; got\n{done.stdout}"
    assert (copy / "censure.html").is_file()


def test_recipe_rule_examples_and_traps_pass(copy: Path) -> None:
    (command, _), = _commands(next(b for b in _blocks("console") if "pytest" in b))
    done = _run(command + " -q -p no:randomly", copy, ROOT)
    assert re.search(r"\b2 passed\b", done.stdout), done.stdout  # the rule's one example and one trap


def test_recipe_misspelt_key_is_the_error_shown(copy: Path, tmp_path: Path) -> None:
    """The README's rule with 'lemma' for 'lemmas' stops kg build with the one line it shows."""
    (error,) = [b for b in _blocks("console") if b.startswith("Error:")]
    shutil.copytree(copy / "ontology", tmp_path / "ontology")
    events_file = tmp_path / "ontology" / "lexicon" / "events.json"
    events = json.loads(events_file.read_text(encoding="utf-8"))
    events["rules"][-1]["lemma"] = events["rules"][-1].pop("lemmas")
    events_file.write_text(json.dumps(events, indent=1), encoding="utf-8")
    shutil.copy(copy / "article.md", tmp_path / "article.md")
    done = subprocess.run(KG + ["build", "article.md", "--out", "out"], capture_output=True, text=True, timeout=600,
                          env={**os.environ, "KG_ONTOLOGY": str(tmp_path / "ontology")}, cwd=tmp_path)
    assert done.returncode != 0 and done.stderr.strip() == error.strip(), done.stdout + done.stderr
