"""kg.cli.common.user_errors: what a command raises reaches the user as one line, never a traceback."""

from __future__ import annotations

from pathlib import Path

import click
import pytest
from click.testing import CliRunner

from kg.cli.common import user_errors
from kg.errors import KgError


def _command(exc: BaseException | None, writing=None):
    @click.command()
    def cmd() -> None:
        with user_errors(writing=writing):
            if exc is not None:
                raise exc
            click.echo("done")

    return cmd


@pytest.mark.parametrize("exc, writing, message", [
    (KgError("input/a.txt: not UTF-8"), None, "Error: input/a.txt: not UTF-8"),
    (PermissionError(13, "Permission denied"), "out/graph.ttl", "Error: cannot write out/graph.ttl: Permission denied"),
    (PermissionError(13, "Permission denied"), None, "Error: internal error (PermissionError"),
    (ZeroDivisionError("division by zero"), None, "Error: internal error (ZeroDivisionError: division by zero); "
                                                  "please report it"),
    (click.UsageError("give GRAPH files or --store, not both"), None, "Error: give GRAPH files or --store"),
])
def test_cli_common_errors_are_one_line(exc, writing, message, monkeypatch):
    monkeypatch.delenv("KG_DEBUG", raising=False)
    result = CliRunner().invoke(_command(exc, writing))
    assert result.exit_code in (1, 2)
    assert message in result.output and "Traceback" not in result.output
    assert len([x for x in result.output.splitlines() if x.strip()]) <= 3  # a usage error adds its usage line and a hint


def test_cli_common_success_and_exit_pass_through():
    assert CliRunner().invoke(_command(None)).output == "done\n"
    assert CliRunner().invoke(_command(click.exceptions.Exit(3))).exit_code == 3


def test_cli_common_debug_shows_the_bug(monkeypatch):
    monkeypatch.setenv("KG_DEBUG", "1")
    result = CliRunner().invoke(_command(ZeroDivisionError("x")))
    assert isinstance(result.exception, ZeroDivisionError)


@pytest.mark.model
@pytest.mark.parametrize("after", [0.0, 1.5])  # seconds after the build has started (taken its output folder)
def test_cli_ctrl_c_exits_130_in_one_line(tmp_path, after):
    """Ctrl-C (SIGINT) ends a command with the shells' status 130 and one line, not click's "Aborted!" and 1."""
    import signal
    import subprocess
    import sys
    import time

    kg = str(Path(sys.executable).parent / "kg")
    # an invented article long enough (1,500 sentences) that the build is still at work when the signal comes
    article = tmp_path / "long.txt"
    article.write_text("\n\n".join(f"Councillor Ana Lopes{i} asked Tom Reyes{i} to withdraw the remark. " * 5
                                   for i in range(300)), encoding="utf-8")
    proc = subprocess.Popen([kg, "build", str(article), "--out", str(tmp_path / "out")],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    deadline = time.monotonic() + 120
    while not (tmp_path / "out" / ".kg-cache").exists() and proc.poll() is None and time.monotonic() < deadline:
        time.sleep(0.05)
    time.sleep(after)
    proc.send_signal(signal.SIGINT)
    _, err = proc.communicate(timeout=120)
    assert proc.returncode == 130 or (proc.returncode == 0 and after > 0), err  # a fast machine may finish first
    if proc.returncode == 130:
        assert err.strip() == "Interrupted.", err
