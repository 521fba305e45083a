"""Where the project's data lives (the ontology folder), overridable with KG_ONTOLOGY.

The top-level ``ontology/`` folder of the checkout is the source of truth. A wheel ships it as
the data-only package ``kg.ontology.data`` (pyproject.toml maps it there), read through
:mod:`importlib.resources`; a checkout, or an editable install of one, reads the folder itself.
"""

from __future__ import annotations

import os
from functools import lru_cache
from importlib import resources
from pathlib import Path

from kg.errors import KgError


class OntologyFileError(KgError):
    """No ontology folder (neither ``$KG_ONTOLOGY``, nor the installed package's, nor the checkout's), or a
    file missing from it."""


def ontology_dir() -> Path:
    """The ontology folder: ``$KG_ONTOLOGY`` if set, else the installed package's, else the checkout's.

    Raises:
        OntologyFileError: there is none (a broken install).
    """
    env = os.environ.get("KG_ONTOLOGY")
    return Path(env) if env else _installed_or_checkout()


@lru_cache(maxsize=1)
def _installed_or_checkout() -> Path:
    packaged = resources.files("kg.ontology") / "data"  # an installed wheel
    if isinstance(packaged, Path) and packaged.is_dir():
        return packaged
    checkout = Path(__file__).resolve().parents[2] / "ontology"  # a checkout (editable or on PYTHONPATH)
    if (checkout / "kg.ttl").is_file():
        return checkout
    where = packaged if isinstance(packaged, Path) else "the kg package (installed zipped?)"
    raise OntologyFileError(
        f"the ontology folder is missing (looked in {where} and {checkout}); "
        "reinstall kg-news from a wheel or a checkout, or set KG_ONTOLOGY to an ontology folder"
    )


def missing(path: Path | str) -> OntologyFileError:
    """The error of an ontology file (or one given in its place) that is not there."""
    hint = "; is KG_ONTOLOGY an ontology folder?" if os.environ.get("KG_ONTOLOGY") else ""
    return OntologyFileError(f"{path}: no such file{hint}")
