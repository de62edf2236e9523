"""The battle page as the table's setup (issue 25 part 4): everything a player
without a printer needs to lay out the table — its size, the diagram, where
each company deploys or arrives, terrain, objectives, length, sight, scoring,
the scene's special rules — from the same data the pack's setup sheet reads."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from campaigns.printing.diagram import Diagram, table_diagram
from campaigns.printing.diagram_text import diagram_key
from engines.battlefield import Battlefield


@dataclass(frozen=True)
class SetupOnScreen:
    diagram: Diagram
    battlefield: Battlefield
    special_rules: str
    victory_conditions: str

    @property
    def lines(self) -> tuple[str, ...]:
        """Length, sight and scoring, one line each."""
        battlefield = self.battlefield
        lines = [battlefield.length_text]
        if battlefield.sight_text:
            lines.append(battlefield.sight_text)
        return (*lines, *battlefield.scoring)

    @property
    def key(self) -> str:
        """How the diagram reads: the setup sheet's key, said once."""
        return diagram_key(self.diagram)


def setup_on_screen(*, data: dict[str, Any]) -> SetupOnScreen:
    """The setup from the battle's pack data (no query of its own)."""
    battlefield = Battlefield.from_data(data["battlefield"])
    return SetupOnScreen(
        diagram=table_diagram(battlefield=battlefield, companies=data["companies"]),
        battlefield=battlefield,
        special_rules=" ".join(data["scene"]["special_rules"].split()),
        victory_conditions=" ".join(data["scene"]["victory_conditions"].split()),
    )
