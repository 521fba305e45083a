"""What every CLI module shares: how errors reach the user (one line; a bug's traceback on request)."""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import NoReturn

import click

from kg.errors import KgError
from kg.model import printable


def internal_error(err: Exception) -> NoReturn:
    """A bug: one line for the user; with KG_DEBUG=1 the traceback instead."""
    if os.environ.get("KG_DEBUG"):
        raise err
    raise click.ClickException(
        f"internal error ({type(err).__name__}: {err}); please report it; set KG_DEBUG=1 to see the traceback"
    ) from None


@contextmanager
def user_errors(writing: Path | str | None = None) -> Iterator[None]:
    """Run a command's work so that nothing it raises is a traceback.

    A :class:`~kg.errors.KgError` becomes its message; an ``OSError`` while the command writes
    ``writing`` becomes "cannot write FILE: reason" (without ``writing``, an ``OSError`` is not
    expected and is a bug); click's own errors and exits pass through; anything else is a bug
    (:func:`internal_error`).
    """
    try:
        yield
    except KgError as err:
        # without its traceback: it would keep the failed call's frames, and with them an open
        # store and its lock, alive after the command (in tests, and for a caller of main())
        err.__traceback__ = None
        raise click.ClickException(printable(str(err), keep="\n")) from None
    except (click.ClickException, click.exceptions.Exit, click.exceptions.Abort):
        raise
    except OSError as err:
        if writing is None:
            internal_error(err)
        raise click.ClickException(f"cannot write {writing}: {err.strerror or err}") from None
    except Exception as err:  # noqa: BLE001 - a bug: one line for the user, the traceback on request
        internal_error(err)
