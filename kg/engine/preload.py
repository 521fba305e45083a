"""What the worker processes' forkserver imports before it forks any (:data:`kg.engine.workers.PRELOAD`).

Importing this module imports what the workers run (parsing and analysing with spaCy; mapping,
checking and merging) and maps and checks a one-party document (:func:`kg.engine.graphs.warm_up`),
so that what that loads once a process (the mapping's tables, the shapes and their compiled
plans, Oxigraph, the gazetteer's country words) is loaded once in the forkserver and inherited
by every worker it forks, instead of being loaded again by each; then it is moved out of the
collector's sight (:func:`gc.freeze`), as a worker does with its model. Nothing else imports it.
"""

import gc

import kg.engine.pipeline  # noqa: F401 - parsing and analysing
import kg.engine.workers  # noqa: F401
import kg.nlp.memo  # noqa: F401
import kg.nlp.parse  # noqa: F401
import kg.rdf.sortlines  # noqa: F401 - the merged files' sorting and TriG, which workers also run
import kg.rdf.write  # noqa: F401
from kg.engine.graphs import warm_up

warm_up()
gc.collect()
gc.freeze()  # the workers' collections leave it all alone: fewer of its pages copied into each worker
