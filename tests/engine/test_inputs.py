"""The corpus a build reads (kg.engine.inputs): symbolic links out of an input folder (issue 17.8)."""

from __future__ import annotations

from pathlib import Path

import pytest

from kg.engine import cache as kcache
from kg.engine.dask_engine import list_files
from kg.engine.inputs import read_inputs

BODY = "The assembly sat late on Tuesday.\n"


def _tree(tmp_path: Path) -> Path:
    """``in/`` with its own article, a link to an article outside and a link to a folder outside."""
    for rel in ("in/own.md", "outside/secret.md", "outside/dir/deep.md"):
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text(BODY, encoding="utf-8")
    folder = tmp_path / "in"
    (folder / "leak.md").symlink_to(tmp_path / "outside" / "secret.md")
    (folder / "more").symlink_to(tmp_path / "outside" / "dir", target_is_directory=True)
    return folder


@pytest.mark.parametrize("follow, ids, warned", [
    (False, ["own"], ["leak.md", "more"]),
    (True, ["deep", "leak", "own"], []),
], ids=["left-out-with-a-warning", "follow-symlinks"])
def test_inputs_symlinks_outside_the_folder_issue17(tmp_path, follow, ids, warned):
    """The local engine's reading (and the Dask engine's file list) leaves out links that point out of
    the folder, each warned of once, unless ``follow_symlinks``."""
    folder = _tree(tmp_path)
    entries, problems, _ = read_inputs([folder], {}, kcache.AnalysisCache(tmp_path / "out"), "test",
                                       follow_symlinks=follow)
    assert [e.id for e in entries] == ids
    assert [(p.path.name, p.warning) for p in problems] == [(name, True) for name in warned]
    files, problems = list_files([folder], follow_symlinks=follow)  # resolved paths
    assert sorted(files) == sorted((folder / f"{i}.md").resolve() if i != "deep" else
                                   (folder / "more" / "deep.md").resolve() for i in ids)
    assert [p.path.name for p in problems] == warned


def test_inputs_folder_of_outside_links_only_has_no_articles_issue17(tmp_path):
    """A folder whose only articles are links out of it: the warning, then 'no articles' (once each)."""
    folder = _tree(tmp_path)
    (folder / "own.md").unlink()
    (folder / "more").unlink()
    _, problems, _ = read_inputs([folder], {}, kcache.AnalysisCache(tmp_path / "out"), "test")
    assert [(p.path.name, p.warning) for p in problems] == [("leak.md", True), ("in", False)]
    assert problems[1].message.startswith("no articles")
