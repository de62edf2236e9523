"""Victory as data (RULES §1 "Victory as data", §4 "End").

- :mod:`~engines.victory.conditions` — a scene's ways to win as frozen data,
  and their words;
- :mod:`~engines.victory.judge` — :func:`judge`: from the battle's state, who
  has won, whether the battle ends now, and why (the table page, the result
  form and the playtest all call it);
- :mod:`~engines.victory.checks` — what is wrong with a scene's ways, in words;
- :mod:`~engines.victory.uses` — what its features and objectives are for.
"""

from __future__ import annotations

from engines.victory.checks import (
    SceneNames,
    condition_problem,
    victory_notices,
    way_problem,
)
from engines.victory.conditions import (
    Condition,
    ConditionKind,
    HoldWhen,
    Victory,
    WayToWin,
)
from engines.victory.judge import (
    BattleFacts,
    Ending,
    Exit,
    Fighter,
    Holding,
    Question,
    Verdict,
    judge,
    questions,
    ways_met,
)
from engines.victory.uses import STORY_ONLY, ObjectiveUse, Uses, victory_uses

__all__ = [
    "BattleFacts",
    "Condition",
    "ConditionKind",
    "Ending",
    "Exit",
    "Fighter",
    "HoldWhen",
    "Holding",
    "ObjectiveUse",
    "Question",
    "STORY_ONLY",
    "SceneNames",
    "Uses",
    "Verdict",
    "Victory",
    "WayToWin",
    "condition_problem",
    "judge",
    "questions",
    "victory_notices",
    "victory_uses",
    "way_problem",
    "ways_met",
]
