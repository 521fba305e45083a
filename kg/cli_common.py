"""What every CLI module shares: how a bug is reported (one line, the traceback on request)."""

from __future__ import annotations

import os
from typing import NoReturn

import click


def internal_error(err: Exception) -> NoReturn:
    """A bug: one line for the user; with KG_DEBUG=1 the traceback instead."""
    if os.environ.get("KG_DEBUG"):
        raise err
    raise click.ClickException(f"internal error ({type(err).__name__}: {err}); "
                               "please report it; set KG_DEBUG=1 to see the traceback") from None
