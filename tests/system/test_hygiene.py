"""Project rules that code review would otherwise have to remember.

The structural rules (module size, private names, import cycles, layers) read every module of
kg/ with :mod:`ast`, never with regular expressions; imports inside functions count as much as
those at the top of a module.
"""

from __future__ import annotations

import ast
import re
from collections import deque
from dataclasses import dataclass
from pathlib import Path

import pytest

from tests.conftest import ROOT, shared_or_skip

#: the most lines a module of kg/ may have
MAX_LINES = 400

#: the layers, from the bottom up (issue 13): a module imports only from its own layer or a lower one.
#: A module belongs to the layer of the longest prefix that names it; "kg" is the package's own
#: __init__ (``from kg import build``), above everything it gives access to.
LAYERS: list[tuple[str, tuple[str, ...]]] = [
    ("root", ("kg.errors", "kg.model", "kg.version")),
    ("ontology", ("kg.ontology",)),
    ("ingest", ("kg.ingest",)),
    ("nlp", ("kg.nlp",)),
    # extract's own layers (issue 38): the document as the rules see it, then people and roles, then events
    ("extract.context", ("kg.extract.context",)),
    ("extract.people", ("kg.extract.people",)),
    ("extract.events", ("kg.extract.events",)),
    ("extract", ("kg.extract",)),
    ("resolve", ("kg.resolve",)),
    ("rdf", ("kg.rdf",)),
    ("semantics", ("kg.semantics",)),
    ("query", ("kg.query",)),
    ("store", ("kg.store",)),
    ("engine", ("kg.engine",)),
    ("report", ("kg.report",)),
    ("cli", ("kg.cli", "kg.__main__")),
    ("package", ("kg", "kg.library")),
]


def _person_names() -> list[str]:
    rows = []
    for path in (shared_or_skip("eval", "gold", "entities.tsv"),):
        for line in path.read_text(encoding="utf-8").splitlines():
            if line and not line.startswith("#") and line.split("\t")[1:2] == ["Person"]:
                name, _, aliases = (line.split("\t") + ["", ""])[:3]
                rows.append(name)
                rows.extend(a for a in aliases.split("|") if len(a) > 3 and not a.startswith("@"))
    return rows


def test_hygiene_no_seed_person_name_in_code():
    """Rules must be general: no seed person's name anywhere in kg/ or ontology/."""
    names = _person_names()
    assert names
    offenders = []
    for path in list((ROOT / "kg").rglob("*.py")) + list((ROOT / "ontology").rglob("*.*")):
        text = path.read_text(encoding="utf-8")
        for name in names:
            if re.search(rf"\b{re.escape(name)}\b", text):
                offenders.append(f"{path.relative_to(ROOT)}: {name}")
    assert not offenders, offenders


def test_hygiene_input_holds_the_seed_articles_unchanged():
    seeds = shared_or_skip("seeds")
    for path in sorted(seeds.iterdir()):
        assert (ROOT / "input" / path.name).read_bytes() == path.read_bytes(), path.name


@pytest.mark.parametrize("name", ["events.json", "titles.json", "organizations.json", "modality.json", "time.json"])
def test_hygiene_lexicon_files_are_valid_json(name):
    import json

    json.loads((ROOT / "ontology" / "lexicon" / name).read_text(encoding="utf-8"))


def test_hygiene_event_rules_name_ontology_classes():
    """Pattern ids are ontology terms: every rule's class exists in kg.ttl."""
    from kg.ontology import lexicon
    from kg.ontology.vocab import terms

    missing = {r.cls for r in lexicon.load().rules} - terms()
    assert not missing


# -- the modules of kg/ and their imports, read with ast -----------------------------------------

@dataclass(frozen=True)
class Import:
    """One import of a kg module by a kg module, at ``line``: ``target`` is the module imported (or the
    one the name comes from), ``name`` the name taken from it when that is not itself a module."""

    module: str
    line: int
    target: str
    name: str | None = None


def _is_private(name: str) -> bool:
    return name.startswith("_") and not (name.startswith("__") and name.endswith("__"))


def _is_kg(dotted: str | None) -> bool:
    return bool(dotted) and dotted.split(".")[0] == "kg"


def _subpackage(module: str) -> str:
    """kg.store.embedded -> store; kg.errors -> errors; kg -> kg."""
    return module.split(".")[1] if "." in module else module


def _layer(module: str) -> tuple[int, str] | None:
    """(position, name) of the layer ``module`` belongs to, None when no row of LAYERS names it."""
    best = None
    for i, (layer, prefixes) in enumerate(LAYERS):
        for prefix in prefixes:
            if (module == prefix or (prefix != "kg" and module.startswith(prefix + "."))) and (
                    best is None or len(prefix) > best[2]):
                best = (i, layer, len(prefix))
    return best[:2] if best else None


def _dotted(node: ast.AST) -> str | None:
    """``a.b.c`` for an attribute chain of plain names, else None."""
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        base = _dotted(node.value)
        return f"{base}.{node.attr}" if base else None
    return None


class Code:
    """The Python modules under ``root``/kg (kg/report/assets holds JavaScript: no module) and their imports."""

    def __init__(self, root: Path):
        self.root = root
        self.modules: dict[str, Path] = {}
        for path in sorted((root / "kg").rglob("*.py")):
            parts = path.relative_to(root).with_suffix("").parts
            self.modules[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
        self._trees: dict[str, ast.Module] = {}

    def file(self, module: str) -> str:
        return str(self.modules[module].relative_to(self.root))

    def where(self, imp: Import) -> str:
        return f"{self.file(imp.module)}:{imp.line}"

    def tree(self, module: str) -> ast.Module:
        if module not in self._trees:
            path = self.modules[module]
            self._trees[module] = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        return self._trees[module]

    def imports(self, module: str) -> list[Import]:
        """Every import of a kg module in ``module``, wherever it stands (top level or in a function):
        ``import kg.x``, ``from kg.x import y``, relative imports, ``importlib.import_module("kg.x")``."""
        package = module if self.modules[module].name == "__init__.py" else module.rpartition(".")[0]
        found: list[Import] = []
        for node in ast.walk(self.tree(module)):
            if isinstance(node, ast.Import):
                found += [Import(module, node.lineno, a.name) for a in node.names if _is_kg(a.name)]
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    anchor = package.rsplit(".", node.level - 1)[0] if node.level > 1 else package
                    base = f"{anchor}.{base}" if base else anchor
                if not _is_kg(base):
                    continue
                for a in node.names:
                    sub = f"{base}.{a.name}"
                    found.append(Import(module, node.lineno, sub) if sub in self.modules else
                                 Import(module, node.lineno, base, a.name))
            elif (isinstance(node, ast.Call) and _dotted(node.func) in ("importlib.import_module", "__import__")
                  and node.args and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str)
                  and _is_kg(node.args[0].value)):
                found.append(Import(module, node.lineno, node.args[0].value))
        return found

    def private_uses(self, module: str) -> list[tuple[Import, str]]:
        """(import, the private name) for each private name ``module`` takes from another subpackage:
        imported (``from kg.x.y import _z``; a private module ``kg.x._y``) or reached as an attribute
        (``kg.x.y._z``, or ``y._z`` after ``from kg.x import y``)."""
        found = []
        for imp in self.imports(module):
            parts = imp.target.split(".") + ([imp.name] if imp.name else [])
            private = next((p for p in parts[1:] if _is_private(p)), None)
            if private and _subpackage(imp.target) != _subpackage(module):
                found.append((imp, private))
        bound: dict[str, str] = {}  # local name -> the kg module it is bound to
        for node in ast.walk(self.tree(module)):
            if isinstance(node, ast.Import):
                for a in node.names:
                    if _is_kg(a.name):
                        bound[a.asname or "kg"] = a.name if a.asname else "kg"
            elif isinstance(node, ast.ImportFrom) and _is_kg(node.module):
                for a in node.names:
                    if f"{node.module}.{a.name}" in self.modules:
                        bound[a.asname or a.name] = f"{node.module}.{a.name}"
        for node in ast.walk(self.tree(module)):
            if isinstance(node, ast.Attribute) and _is_private(node.attr):
                head, _, rest = (_dotted(node.value) or "").partition(".")
                if head not in bound:
                    continue
                target = bound[head] + (f".{rest}" if rest else "")
                if target in self.modules and _subpackage(target) != _subpackage(module):
                    found.append((Import(module, node.lineno, target, node.attr), node.attr))
        return found

    def cycles(self) -> list[list[Import]]:
        """Each cycle of imports between kg modules, as the imports that make it: one per strongly
        connected component (Tarjan), the shortest way from its first module back to it."""
        edges: dict[str, dict[str, Import]] = {m: {} for m in self.modules}
        for m in self.modules:
            for imp in self.imports(m):
                if imp.target in self.modules and imp.target != m:
                    edges[m].setdefault(imp.target, imp)
        index: dict[str, int] = {}
        low: dict[str, int] = {}
        stack: list[str] = []
        components: list[list[str]] = []

        def visit(v: str) -> None:
            index[v] = low[v] = len(index)
            stack.append(v)
            for w in edges[v]:
                if w not in index:
                    visit(w)
                    low[v] = min(low[v], low[w])
                elif w in stack:
                    low[v] = min(low[v], index[w])
            if low[v] == index[v]:
                component = []
                while not component or component[-1] != v:
                    component.append(stack.pop())
                if len(component) > 1:
                    components.append(sorted(component))

        for m in sorted(self.modules):
            if m not in index:
                visit(m)
        cycles = []
        for component in components:
            start, inside = component[0], set(component)
            came: dict[str, Import | None] = {start: None}
            queue, closing = deque([start]), None
            while queue and closing is None:
                v = queue.popleft()
                for w, imp in sorted(edges[v].items()):
                    if w == start:
                        closing = imp
                        break
                    if w in inside and w not in came:
                        came[w] = imp
                        queue.append(w)
            path, v = [closing], closing.module
            while came[v] is not None:
                path.append(came[v])
                v = came[v].module
            cycles.append(path[::-1])
        return cycles

    def upward_imports(self, module: str) -> list[str]:
        """One line (file:line, both modules and their layers) per import of a higher layer by ``module``."""
        mine = _layer(module)
        if mine is None:
            return [f"{self.file(module)}: {module} is in no layer; add it to LAYERS"]
        found = []
        for imp in self.imports(module):
            theirs = _layer(imp.target)
            if theirs is not None and theirs[0] > mine[0]:
                found.append(f"{self.where(imp)}: {module} (layer {mine[1]}) imports {imp.target} "
                             f"(layer {theirs[1]}, higher)")
        return found

    def private_lines(self, module: str) -> list[str]:
        return [f"{self.where(imp)}: {module} uses {private} of {imp.target}" for imp, private in self.private_uses(module)]

    def cycle_lines(self) -> list[str]:
        return [" -> ".join([c[0].module] + [f"{imp.target} ({self.where(imp)})" for imp in c]) for c in self.cycles()]


KG = Code(ROOT)
IDS = [KG.file(m) for m in KG.modules]


@pytest.mark.parametrize("module", list(KG.modules), ids=IDS)
def test_hygiene_module_is_at_most_400_lines(module):
    n = len(KG.modules[module].read_text(encoding="utf-8").splitlines())
    assert n <= MAX_LINES, f"{KG.file(module)} has {n} lines; split it (at most {MAX_LINES})"


@pytest.mark.parametrize("module", list(KG.modules), ids=IDS)
def test_hygiene_no_private_name_across_subpackages(module):
    found = KG.private_lines(module)
    assert not found, "private names of another subpackage (make them public, or move the code):\n" + "\n".join(found)


def test_hygiene_no_import_cycle():
    found = KG.cycle_lines()
    assert not found, "import cycles (imports inside functions count too):\n" + "\n".join(found)


@pytest.mark.parametrize("module", list(KG.modules), ids=IDS)
def test_hygiene_imports_go_down_the_layers(module):
    found = KG.upward_imports(module)
    assert not found, "imports that go up the layers:\n" + "\n".join(found)


# -- the checks themselves find what they are for --------------------------------------------------

@pytest.mark.parametrize("files, expected", [
    ({"kg/a/x.py": "from kg.b.y import _z\n", "kg/b/y.py": ""}, ["kg/a/x.py:1: kg.a.x uses _z of kg.b.y"]),
    ({"kg/a/x.py": "def f():\n    from ..b.y import _z\n", "kg/b/y.py": ""}, ["kg/a/x.py:2: kg.a.x uses _z of kg.b.y"]),
    ({"kg/a/x.py": "import kg.b.y\nkg.b.y._z()\n", "kg/b/y.py": ""}, ["kg/a/x.py:2: kg.a.x uses _z of kg.b.y"]),
    ({"kg/a/x.py": "from kg.b import y as w\nw._z\n", "kg/b/y.py": ""}, ["kg/a/x.py:2: kg.a.x uses _z of kg.b.y"]),
    ({"kg/a/x.py": "from kg.b import _y\n", "kg/b/_y.py": ""}, ["kg/a/x.py:1: kg.a.x uses _y of kg.b._y"]),
    ({"kg/a/x.py": "from kg.a.w import _z\nfrom kg.b.y import z, __version__\n", "kg/a/w.py": "", "kg/b/y.py": ""},
     []),  # its own subpackage's private names, and public and dunder names of others
])
def test_hygiene_private_names_check_finds_them(tmp_path, files, expected):
    code = _code(tmp_path, files)
    assert [line for m in code.modules for line in code.private_lines(m)] == expected


@pytest.mark.parametrize("files, expected", [
    ({"kg/a/x.py": "from kg.b.y import z\n", "kg/b/y.py": "def f():\n    from kg.a import x\n"},
     ["kg.a.x -> kg.b.y (kg/a/x.py:1) -> kg.a.x (kg/b/y.py:2)"]),
    ({"kg/a/x.py": "import importlib\nimportlib.import_module('kg.b.y')\n", "kg/b/y.py": "from . import z\n",
      "kg/b/z.py": "import kg.a.x\n"},
     ["kg.a.x -> kg.b.y (kg/a/x.py:2) -> kg.b.z (kg/b/y.py:1) -> kg.a.x (kg/b/z.py:1)"]),
    ({"kg/a/__init__.py": "from kg.a.x import f\n", "kg/a/x.py": "from kg.b.y import g\n", "kg/b/y.py": ""}, []),
])
def test_hygiene_import_cycle_check_finds_them(tmp_path, files, expected):
    assert _code(tmp_path, files).cycle_lines() == expected


@pytest.mark.parametrize("files, expected", [
    ({"kg/ingest/x.py": "def f():\n    from kg.engine.local import build\n", "kg/engine/local.py": ""},
     ["kg/ingest/x.py:2: kg.ingest.x (layer ingest) imports kg.engine.local (layer engine, higher)"]),
    ({"kg/cli/x.py": "from kg.store import load_build\nfrom kg.errors import KgError\n",
      "kg/store/__init__.py": "", "kg/errors.py": ""}, []),
    ({"kg/newstage/x.py": ""}, ["kg/newstage/x.py: kg.newstage.x is in no layer; add it to LAYERS"]),
])
def test_hygiene_layer_check_finds_upward_imports(tmp_path, files, expected):
    code = _code(tmp_path, files)
    assert [line for m in code.modules for line in code.upward_imports(m)] == expected


def _code(root: Path, files: dict[str, str]) -> Code:
    for name, text in files.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text, encoding="utf-8")
    return Code(root)
