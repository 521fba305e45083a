"""kg from Python: build a graph, keep it in a store, ask it questions, validate and reason.

The names here are what ``import kg`` gives (``kg.__all__``); everything below them stays in its
stage's subpackage. Values in and out are rdflib's (a :class:`rdflib.Dataset`, rows of rdflib
terms), so a notebook needs nothing of pyoxigraph or spaCy.

Examples:
    >>> import kg
    >>> store = kg.Store()                       # in memory; kg.Store("output/store") on disk
    >>> sorted(store.questions())[:3]
    ['accusations', 'apologies', 'ejections']
    >>> store.query("ASK { ?s ?p ?o }").boolean
    False
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from rdflib import BNode, Dataset, Graph, Literal, URIRef

from kg.errors import KgError

if TYPE_CHECKING:
    from kg.semantics.validate import Report

__all__ = ["Rows", "Store", "reason", "validate"]


@dataclass
class Rows:
    """The answer of a query: ``rows`` of rdflib terms by variable name (a variable left unbound is
    absent), ``boolean`` for an ASK, ``triples`` for a CONSTRUCT or DESCRIBE.

    Iterating gives the rows; :meth:`to_dataframe` gives a pandas DataFrame when pandas is installed.
    """

    variables: list[str]
    rows: list[dict[str, Any]]
    boolean: bool | None = None
    triples: list[tuple[Any, Any, Any]] | None = None

    def __iter__(self) -> Iterator[dict[str, Any]]:
        return iter(self.rows)

    def __len__(self) -> int:
        return len(self.rows)

    def to_dataframe(self):
        """The rows as a :class:`pandas.DataFrame`, one column a variable (rdflib terms as cells).

        Raises:
            KgError: pandas is not installed.
        """
        try:
            import pandas
        except ImportError:
            raise KgError("Rows.to_dataframe needs pandas: pip install pandas") from None
        return pandas.DataFrame(self.rows, columns=self.variables)


def _term(term) -> Any:
    """A pyoxigraph term as rdflib's."""
    import pyoxigraph as ox

    if isinstance(term, ox.NamedNode):
        return URIRef(term.value)
    if isinstance(term, ox.BlankNode):
        return BNode(term.value)
    if isinstance(term, ox.Literal):
        if term.language:
            return Literal(term.value, lang=term.language)
        return Literal(term.value, datatype=URIRef(term.datatype.value))
    if isinstance(term, ox.Triple):  # RDF-star: a quoted triple, kept as a tuple
        return (_term(term.subject), _term(term.predicate), _term(term.object))
    return term


class Store:
    """The embedded Oxigraph store: on disk at ``path`` (made when missing), or in memory.

    Args:
        path: the store folder (``output/store`` is what ``kg build --load`` fills); None keeps the
            store in memory, gone when the object is.
        create: make the folder when it is missing (else a missing store is an error).

    Raises:
        KgError: the folder is no store, or another process is writing it.

    Examples:
        >>> import kg
        >>> with kg.Store() as store:
        ...     store.query("SELECT ?x WHERE { VALUES ?x { 1 } }").rows
        [{'x': rdflib.term.Literal('1', datatype=rdflib.term.URIRef('http://www.w3.org/2001/XMLSchema#integer'))}]
    """

    def __init__(self, path: Path | str | None = None, *, create: bool = True) -> None:
        import pyoxigraph as ox

        from kg.store.embedded import open_store

        self.path = Path(path) if path is not None else None
        self._store: ox.Store | None = open_store(self.path, create=create) if self.path is not None else ox.Store()

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def __repr__(self) -> str:
        return f"Store({str(self.path)!r})" if self.path is not None else "Store()"

    def close(self) -> None:
        """Flush and let go of the store (a store on disk can then be opened by another process)."""
        if self._store is not None:
            if self.path is not None:
                self._store.flush()
            self._store = None

    @property
    def _open(self):
        if self._store is None:
            raise KgError(f"{self!r} is closed")
        return self._store

    def load(self, data: Dataset | Graph | Path | str) -> str:
        """Load a dataset built by :func:`kg.build`, or an RDF file (Turtle, TriG, N-Quads, ...).

        Each article's named graph replaces the one of the same name the store had, so loading
        a re-built article does not duplicate it.

        Returns:
            One line saying what was loaded.

        Raises:
            KgError: the file is missing or does not parse (nothing of it is loaded).
        """
        from kg.store.embedded import load_dataset, load_file

        if isinstance(data, (Dataset, Graph)):
            if not isinstance(data, Dataset):
                dataset = Dataset()
                for triple in data:
                    dataset.add(triple)
                data = dataset
            return load_dataset(self._open, data).summary()
        path = Path(data)
        if not path.is_file():
            raise KgError(f"{path}: no such file")
        return load_file(self._open, path).summary()

    def query(self, sparql: str, params: dict[str, str] | None = None, *, timeout: float | None = None) -> Rows:
        """Run a SPARQL query, or a stored question by its name (:meth:`questions`).

        The default graph is the union of the articles' graphs; ``kg:``, ``rdfs:``, ``schema:``
        and the project's other prefixes are declared. ``params`` bind a stored question's
        parameters (``{"person": "Ana Lopes"}``) as values, never spliced into the text.

        Raises:
            KgError: a syntax error (with line and column), an unknown question or parameter, a
                ``SERVICE`` clause (kg never fetches), or the query ran past ``timeout`` seconds.
        """
        from kg.query.sparql import resolve, run_store

        text = resolve(sparql)
        results = run_store(self._open, text, params or {}, timeout=timeout)
        if results.kind == "ask":
            return Rows([], [], boolean=results.boolean)
        if results.kind == "graph":
            triples = [(_term(t.subject), _term(t.predicate), _term(t.object)) for t in results.triples or []]
            return Rows([], [], triples=triples)
        rows = [{name: _term(value) for name, value in row.items()} for row in results.rows]
        return Rows(list(results.variables), rows)

    @staticmethod
    def questions() -> dict[str, str]:
        """The stored questions (``ontology/queries/*.rq``) by name, with what each asks."""
        from kg.query.sparql import stored_queries

        return {q.name: q.question for q in stored_queries()}

    def __len__(self) -> int:
        return len(self._open)


def validate(data: Dataset | Graph) -> Report:
    """Check a graph against the project's SHACL shapes (``ontology/shapes.ttl``).

    Returns:
        A report: ``report.violations`` (empty when the graph has no defect), ``report.text()``.
    """
    from kg.semantics.validate import validate as run

    return run(data)


def reason(data: Dataset, *, fast: bool = True) -> int:
    """Add the OWL 2 RL entailments of the ontology (``called``, ``ejected``, super-classes, ...) to
    ``data`` in a named graph of their own (``<base>entailments``, replaced on each call).

    Returns:
        The number of entailed triples.

    Raises:
        KgError: the data contradicts the ontology.
    """
    from kg.semantics.reason import add_entailments

    _, count = add_entailments(data, fast=fast)
    return count
