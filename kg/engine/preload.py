"""What the worker processes' forkserver imports before it forks any (:data:`kg.engine.workers.PRELOAD`).

Importing this module maps and checks a one-party document (:func:`kg.engine.graphs.warm_up`),
so that what that loads once a process (the mapping's tables, the shapes and their compiled
plans, Oxigraph, the gazetteer's country words) is loaded once in the forkserver and inherited
by every worker it forks, instead of being loaded again by each; then it is moved out of the
collector's sight (:func:`gc.freeze`), as a worker does with its model. Nothing else imports it.
"""

import gc

from kg.engine.graphs import warm_up

try:
    warm_up()
except Exception:  # noqa: BLE001 - only time is at stake: a worker's first chunk meets the same error and reports it
    pass
gc.collect()
gc.freeze()  # the workers' collections leave it all alone: fewer of its pages copied into each worker
