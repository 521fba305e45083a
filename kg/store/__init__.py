"""Where graphs are loaded and queried. Three words, three things:

- the *store*: the embedded Oxigraph database (:mod:`kg.store.embedded`), kept in a folder, the
  *store folder* (``store_dir``; default ``output/store/``); an open one is a ``pyoxigraph.Store``;
- an *endpoint*: a SPARQL 1.1 server elsewhere (:mod:`kg.store.remote`), loaded through the Graph
  Store Protocol and queried through the SPARQL Protocol;
- the *server*: ``kg serve``, an endpoint over a store folder answered from this process, on one
  port (:mod:`kg.store.serve` listens, :mod:`kg.store.gateway` decides what gets in,
  :mod:`kg.store.endpoint` answers the SPARQL and Graph Store Protocols, :mod:`kg.store.page` is
  its query page).

:func:`load_build` (:mod:`kg.store.load`) loads a build's output, or graph files, into either.
"""

from kg.store.load import load_build

__all__ = ["load_build"]
