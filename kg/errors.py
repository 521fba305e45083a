"""Exceptions that the CLI reports as a single line, without a traceback."""

from __future__ import annotations

from pathlib import Path


class KgError(Exception):
    """Base: a failure the CLI reports as one line, no traceback."""


class InputError(KgError):
    """An input file that cannot be used; ``str()`` is ``"<path>: <message>"``."""

    def __init__(self, path: Path | str, message: str) -> None:
        self.path = path
        self.message = message
        super().__init__(f"{path}: {message}")


class NoInputError(KgError):
    """Nothing could be read; ``problems`` says why for each input."""

    def __init__(self, message: str, problems: list | None = None) -> None:
        self.problems = list(problems or [])
        super().__init__(message)
