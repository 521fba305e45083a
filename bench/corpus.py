"""Make a benchmark corpus: N short articles recombined from the sentences of the articles in input/.

Each article takes 3 to 5 sentences (about 90 words) of one seed article, in their order, in
two or three paragraphs, with a front matter (title, date, outlet). Every person the seed
articles name is renamed in each article, with a first name of the same gender and a
surname drawn from the US Census lists shipped by the PyPI package ``names``, so articles
differ and the corpus has many distinct people (as an archive does). The names to replace
are found by building the seed articles' graph (persons' labels), never listed here.

    .venv/bin/python bench/corpus.py 1000 /tmp/corpus-1000
"""

from __future__ import annotations

import random
import re
import sys
from datetime import date, timedelta
from importlib import resources
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

_SENTENCE = re.compile(r"(?<=[.!?”\"])\s+(?=[A-Z“\"])")


def _names(kind: str, top: int) -> list[str]:
    text = resources.files("names").joinpath(f"dist.{kind}").read_text(encoding="ascii")
    return [line.split()[0].title() for line in text.splitlines()[:top] if line.split()]


def seed_material(inputs: list[Path]) -> tuple[list[list[str]], list[tuple[str, str]]]:
    """The seed articles' sentences (outside embedded posts) and their people (full name, gender)."""
    from rdflib import RDF, RDFS

    from kg.ingest.documents import read_corpus
    from kg.resolve.gender import of_first_name
    from kg.engine.pipeline import build_corpus
    from kg.ontology.vocab import KG

    documents, _ = read_corpus(inputs)
    articles = []
    for d in documents:
        text = d.text
        for e in sorted(d.embeds, key=lambda e: -e.start):  # leave embedded posts out
            text = text[:e.start] + text[e.end:]
        sentences = [s.strip() for p in re.split(r"\n\s*\n", text) for s in _SENTENCE.split(p.strip())]
        articles.append([s for s in sentences if 6 <= len(s.split()) <= 45 and "\n" not in s])
    graph = build_corpus(inputs).dataset
    people = set()
    for person, _, _, _ in graph.quads((None, RDF.type, KG.Person, None)):
        for _, _, label, _ in graph.quads((person, RDFS.label, None, None)):
            parts = str(label).split()
            if len(parts) >= 2 and all(p[:1].isupper() and p.replace("-", "").isalpha() for p in parts):
                people.add((str(label), of_first_name(str(label)) or "male"))
    return articles, sorted(people)


def generate(n: int, out: Path, *, seed: int = 7, inputs: list[Path] | None = None) -> int:
    """Write ``n`` articles into ``out``; returns the number of words written."""
    articles, people = seed_material(inputs or [ROOT / "input"])
    rng = random.Random(seed)
    first = {"male": _names("male.first", 800), "female": _names("female.first", 800)}
    last = _names("all.last", 20000)
    out.mkdir(parents=True, exist_ok=True)
    words = 0
    outlets = ["The Example Gazette", "Northern Ledger", "Capital Courier", "The Daily Record"]
    for i in range(n):
        source = articles[i % len(articles)]
        k = rng.randint(3, 5)
        start = rng.randrange(0, max(1, len(source) - k))
        picked = source[start:start + k]
        text = "\n\n".join(" ".join(picked[j:j + 2]) for j in range(0, len(picked), 2))
        for full, gender in people:  # a new person for each one the seeds name, everywhere in the article
            given, family = full.split()[0], full.split()[-1]
            new_given, new_family = rng.choice(first[gender]), rng.choice(last)
            text = re.sub(rf"\b{re.escape(full)}\b", f"{new_given} {new_family}", text)
            text = re.sub(rf"\b{re.escape(family)}\b", new_family, text)
            text = re.sub(rf"\b{re.escape(given)}\b", new_given, text)
        day = date(2020, 1, 1) + timedelta(days=rng.randrange(0, 900))
        words += len(text.split())
        body = (f"---\ntitle: Benchmark article {i + 1}\npublished: {day.isoformat()}\n"
                f"outlet: {rng.choice(outlets)}\n---\n{text}\n")
        (out / f"a{i + 1:06d}.md").write_text(body, encoding="utf-8")
    return words


if __name__ == "__main__":
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
    target = Path(sys.argv[2]) if len(sys.argv) > 2 else Path(f"/tmp/kg-bench-corpus-{n}")
    print(f"{n} articles, {generate(n, target)} words -> {target}")
