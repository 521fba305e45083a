"""Where the project's data lives (the ontology folder), overridable with KG_ONTOLOGY."""

from __future__ import annotations

import os
from pathlib import Path


def ontology_dir() -> Path:
    """The ``ontology/`` folder: ``$KG_ONTOLOGY`` if set, else the one beside the package."""
    env = os.environ.get("KG_ONTOLOGY")
    return Path(env) if env else Path(__file__).resolve().parents[2] / "ontology"
