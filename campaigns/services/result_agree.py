"""A result's values agree with each other (RULES §4 "End", §3.12, §6.1).

The rules say how a battle ends (a side routed, or lost to the last character,
or the objective ended it) and who wins; a result that says two things at once
cannot be resolved truthfully, so it is sent back with each field to look at
named. :mod:`campaigns.services.result_entry` checks each value on its own and
then calls :func:`result_agree`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from django.core.exceptions import ValidationError

from campaigns.selectors.result import EntryRow, ResultRules, row_field
from engines.enums import EndReason, Outcome, Side

if TYPE_CHECKING:
    from campaigns.services.result_entry import CharacterLine


class Errors:
    """Messages keyed by the result form's field names."""

    def __init__(self) -> None:
        self.by_field: dict[str, list[str]] = {}

    def add(self, name: str, message: str) -> None:
        self.by_field.setdefault(name, []).append(message)

    def raise_any(self) -> None:
        if self.by_field:
            raise ValidationError(self.by_field)


def result_agree(
    *,
    outcome: Outcome,
    end_reason: EndReason,
    routed: Mapping[str, bool],
    points: Mapping[str, int | None],
    rows: Sequence[EntryRow],
    lines: Sequence[CharacterLine],
    rules: ResultRules,
    errors: Errors,
) -> None:
    """The battle's values agree with each other (RULES §4 "End", §6.1).

    The rules say how a battle ends (a side routed, or lost to the last
    character, or the objective ended it) and who wins; a result that says two
    things at once cannot be resolved truthfully, so it is sent back with each
    field to look at named.
    """
    player, ai = routed[Side.PLAYER], routed[Side.AI]
    # A rout ends the battle against the side that routed (§4 "End").
    if player and not ai and outcome == Outcome.VICTORY:
        errors.add(
            "outcome",
            "Your side routed and the AI side did not, so this is not a victory: "
            "change “Outcome for your side” or untick “Your side routed”.",
        )
    if ai and not player and outcome == Outcome.DEFEAT:
        errors.add(
            "outcome",
            "The AI side routed and yours did not, so this is not a defeat: "
            "change “Outcome for your side” or untick “The AI side routed”.",
        )
    # In a generated battle the side that routs alone loses (§3.12): no draw.
    if rules.generated and player != ai and outcome == Outcome.DRAW:
        errors.add("outcome", ROUTED_ALONE_DRAW[Side.PLAYER if player else Side.AI])
    if end_reason == EndReason.ROUT and not (player or ai):
        errors.add(
            "end_reason",
            "“How the battle ended” says rout, but no side is ticked as routed: "
            "tick “Your side routed” or “The AI side routed”, or choose another "
            "ending.",
        )
    if end_reason == EndReason.CONCEDED and outcome == Outcome.DRAW:
        errors.add(
            "outcome",
            "A side that concedes loses: with “Conceded” the outcome is a defeat "
            "(you conceded) or a victory (the AI conceded), not a draw.",
        )
    if end_reason == EndReason.LAST_CHARACTER_LOST:
        _last_character(outcome, rows, lines, rules, errors)
    _carriers(rows, lines, rules, errors)
    _points_agree(outcome, end_reason, points, errors)


ROUTED_ALONE_DRAW = {
    Side.PLAYER: (
        "Your side routed and the AI side did not: in a generated battle the side "
        "that routs loses, so this is a defeat, not a draw. Change “Outcome for "
        "your side” or untick “Your side routed”."
    ),
    Side.AI: (
        "The AI side routed and yours did not: in a generated battle the side "
        "that routs loses, so this is a victory, not a draw. Change “Outcome for "
        "your side” or untick “The AI side routed”."
    ),
}
LAST_LOST_DRAW = {
    Side.PLAYER: (
        "Every one of your characters was lost: in a generated battle that side "
        "loses, so this is a defeat, not a draw. Change “Outcome for your side” "
        "or the characters' lines."
    ),
    Side.AI: (
        "Every AI character was lost: in a generated battle that side loses, so "
        "this is a victory, not a draw. Change “Outcome for your side” or the "
        "characters' lines."
    ),
}

POINTS_OUTCOME = {
    Outcome.VICTORY: "a victory",
    Outcome.DEFEAT: "a defeat",
    Outcome.DRAW: "a draw",
}


def _points_agree(
    outcome: Outcome,
    end_reason: EndReason,
    points: Mapping[str, int | None],
    errors: Errors,
) -> None:
    """A battle that went to its end is won on victory points where they are
    scored (RULES §3.12): more points win, equal points draw. A rout, a last
    character lost or a concession decides it before any points."""
    yours, theirs = points["player_victory_points"], points["ai_victory_points"]
    if end_reason != EndReason.OBJECTIVE or yours is None or theirs is None:
        return
    if yours > theirs:
        expected = Outcome.VICTORY
    elif yours < theirs:
        expected = Outcome.DEFEAT
    else:
        expected = Outcome.DRAW
    if outcome != expected:
        errors.add(
            "outcome",
            f"Victory points {yours}–{theirs} make this {POINTS_OUTCOME[expected]}"
            f", not {POINTS_OUTCOME[outcome]}: more points win and equal points "
            "draw. Change “Outcome for your side” or the victory points.",
        )


def _last_character(
    outcome: Outcome,
    rows: Sequence[EntryRow],
    lines: Sequence[CharacterLine],
    rules: ResultRules,
    errors: Errors,
) -> None:
    """ "Last character lost": a side lost every character (fallen, or routed
    off the table: §0 "Lost"), and that side did not win (nor draw, in a
    generated battle: §3.12 "that side loses")."""
    lost = {}
    for side in (Side.PLAYER, Side.AI):
        side_lines = [
            line for row, line in zip(rows, lines, strict=True) if row.side == side
        ]
        lost[side] = bool(side_lines) and all(
            line.fallen or line.routed for line in side_lines
        )
    if not (lost[Side.PLAYER] or lost[Side.AI]):
        errors.add(
            "end_reason",
            "“Last character lost” means one side lost every character: tick "
            "Fallen (or Routed) for each of that side's characters, or choose "
            "another ending.",
        )
    elif lost[Side.PLAYER] and not lost[Side.AI] and outcome == Outcome.VICTORY:
        errors.add(
            "outcome",
            "Every one of your characters was lost, so this is not a victory: "
            "change “Outcome for your side” or the characters' lines.",
        )
    elif lost[Side.AI] and not lost[Side.PLAYER] and outcome == Outcome.DEFEAT:
        errors.add(
            "outcome",
            "Every AI character was lost, so this is not a defeat: change "
            "“Outcome for your side” or the characters' lines.",
        )
    elif rules.generated and lost[Side.PLAYER] != lost[Side.AI]:
        if outcome == Outcome.DRAW:
            loser = Side.PLAYER if lost[Side.PLAYER] else Side.AI
            errors.add("outcome", LAST_LOST_DRAW[loser])


def _carriers(
    rows: Sequence[EntryRow],
    lines: Sequence[CharacterLine],
    rules: ResultRules,
    errors: Errors,
) -> None:
    """Each carriable objective is carried off by one character at most."""
    carriers = [
        row for row, line in zip(rows, lines, strict=True) if line.carried_objective
    ]
    allowed = len(rules.carriable_objectives)
    if len(carriers) <= allowed:
        return
    if allowed == 0:
        message = (
            "This battle has no objective to carry off: untick “Carried objective off”."
        )
    else:
        names = ", ".join(rules.carriable_objectives)
        message = (
            f"One character carries each objective off, and this battle has {allowed} "
            f"({names}), but {len(carriers)} characters are ticked: untick "
            f"“Carried objective off” for all but {allowed}."
        )
    for row in carriers[allowed:] or carriers:
        errors.add(row_field(row.participant.pk, "carried_objective"), message)
