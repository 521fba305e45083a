"""A fact as the build summary prints it (kept apart from kg.engine.pipeline, which imports spaCy)."""

from __future__ import annotations

from dataclasses import dataclass

from kg.model import printable
from kg.ontology.roles import verb_phrases


@dataclass
class Fact:
    """One asserted event, as printed in the build summary."""

    document: str
    sentence_no: int
    cls: str
    agents: list[str]
    targets: list[str]
    date: str | None
    charge: str | None
    quote: str | None = None

    def line(self) -> str:
        """The fact in one line, control characters of the article escaped (:func:`kg.model.printable`)."""
        return printable(self._line())

    def _line(self) -> str:
        verb = verb_phrases().get(self.cls, self.cls)  # the class's kg:verbPhrase in the ontology
        who = " and ".join(self.agents) or "(unnamed)"
        if self.quote:
            short = self.quote if len(self.quote) <= 70 else self.quote[:67].rstrip() + "…"
            return f"{who} said “{short}” [{self.document[:12]}…, sentence {self.sentence_no}]"
        whom = " and ".join(self.targets)
        text = f"{who} —{verb}→ {whom}".rstrip(" →") if whom else f"{who} —{verb}"
        if self.charge and self.cls == "Accusation":
            text += f" ({self.charge!r})"
        when = f" ({self.date})" if self.date else ""
        return f"{text}{when} [{self.document[:12]}…, sentence {self.sentence_no}]"
