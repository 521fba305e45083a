"""A bare click group with one module's commands, and running it: for the tests of the command
modules of ``kg.cli`` (each has a ``register(group)``, as ``kg.cli`` calls it for ``kg``)."""

from __future__ import annotations

import click
import pytest
from click.testing import CliRunner


def group_fixture(register):
    """A module-scoped fixture: a click group with the commands ``register`` adds."""

    @pytest.fixture(scope="module")
    def kg() -> click.Group:
        @click.group()
        def group() -> None:
            """kg"""

        register(group)
        return group

    return kg


def run(kg: click.Group, *args):
    """Invoke ``kg`` with ``args``; a command never prints a traceback."""
    result = CliRunner().invoke(kg, [str(a) for a in args])
    assert "Traceback" not in result.output
    return result
