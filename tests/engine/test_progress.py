"""Progress moves within a long article (issue 36.2): with one job, the analysis bar advances as each
paragraph is parsed, by its share of the article's characters, and still ends at the number of articles."""

from __future__ import annotations

import pytest

from kg.engine.local import build
from kg.engine.options import BuildOptions

pytestmark = pytest.mark.model


class _Recorder:
    def __init__(self, bars: dict, desc: str):
        self.steps: list[float] = []
        bars[desc] = self

    def update(self, n: float = 1) -> None:
        self.steps.append(n)

    def close(self) -> None:
        pass


def test_progress_moves_within_a_long_article(tmp_path):
    paragraphs = [f"Speaker Ana Lopes{i} asked Tom Reyes{i} to withdraw the remark on Tuesday." for i in range(40)]
    (tmp_path / "in").mkdir()
    (tmp_path / "in" / "long.txt").write_text("\n\n".join(paragraphs), encoding="utf-8")
    (tmp_path / "in" / "short.txt").write_text("Councillor Mia Holt opposed the motion.", encoding="utf-8")
    bars: dict[str, _Recorder] = {}
    build([tmp_path / "in"], tmp_path / "out", BuildOptions(jobs=1), progress=lambda total, desc: _Recorder(bars, desc))
    steps = bars["analyse"].steps
    assert sum(steps) == pytest.approx(2.0)
    assert len([s for s in steps if 0 < s < 1]) >= 40, "a step for each paragraph of the long article"
    assert all(s >= 0 for s in steps)
