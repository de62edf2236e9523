"""The table page's end of a battle by its scene's rules: a way to win met at
once ends it there ("Frodo has fallen or left the table: the AI side wins."),
with an undo; at the end of the last round the page asks the facts the ways
need that the log does not hold, then states the outcome they give. A
generated battle ends when a side has nobody left on the table.

No database here: the selector reads the scene's ways
(:mod:`campaigns.selectors.table_victory`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Protocol

from engines.table.state import Context, State
from engines.table.victory import TableEnding, table_ending, table_questions
from engines.victory import Victory

YES_NO = {"yes": True, "no": False}


def ending_values(
    context: Context,
    state: State,
    victory: Victory | None,
    query: Mapping[str, Any],
    *,
    phase: str,
    scores_exits: bool = False,
) -> dict[str, Any]:
    """The page's values for the battle's end by its rules: ``phase`` becomes
    ``won`` when a way met at once (or a side out of the battle) ends it now;
    at the end of the last round, the questions still to answer
    (``win_questions``: (name, text, answer)) or the outcome."""
    if state.ended or not state.round:
        return {}
    ending = table_ending(context, state, victory, scores_exits=scores_exits)
    if ending is not None and ending.at_once:
        return {"phase": "won", **_ending(ending)}
    if phase != "over" or victory is None or not victory.ways:
        return {}
    asked = table_questions(victory)
    answers: dict[str, bool] = {}
    rows = []
    for n, question in enumerate(asked):
        said = str(query.get(f"win{n}", ""))
        rows.append((f"win{n}", question.text, said))
        if said in YES_NO:
            answers[question.key] = YES_NO[said]
    values: dict[str, Any] = {"win_questions": tuple(rows)}
    if len(answers) < len(asked):
        return values
    ending = table_ending(context, state, victory, answers=answers)
    return values | _ending(ending) if ending is not None else values


class Given(Protocol):
    """The end form's fields (a QueryDict, a dict)."""

    def get(self, key: str, default: Any = ...) -> Any: ...


def beyond_from(data: Given) -> int | None:
    """River Crossing's count of the attacker's characters beyond the river,
    as the end form sends it: None when not given; a text that is no count is
    sent on as -1, which the engine refuses with its reason."""
    text = str(data.get("beyond", "")).strip()
    if not text:
        return None
    return int(text) if text.isdigit() and len(text) <= 3 else -1


def _ending(ending: TableEnding) -> dict[str, Any]:
    side = f":{ending.side.value}" if ending.side is not None else ""
    return {"ending_text": ending.text, "ending_value": f"{ending.reason.value}{side}"}
