"""The result a player enters (RULES §6.1), checked against the battle.

One place holds the checks, so the form and the service refuse the same
results with the same words. Errors are keyed by the result form's field names
(:func:`row_field` for a character's line), so each message lands next to its
field.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass, field
from typing import Any

from django.core.exceptions import NON_FIELD_ERRORS, ValidationError

from campaigns.models import Battle
from campaigns.selectors.result import (
    EntryRow,
    ResultRules,
    battle_result_rules,
    result_entry_rows,
    row_field,
)
from engines.enums import EndReason, Outcome, Side

VICTORY_POINTS_MAX = 99
ROUNDS_MAX = 20
WHOLE_NUMBER = "Enter a whole number."
SIDE_ROUTED = {
    Side.PLAYER.value: ("your side", "Your side routed"),
    Side.AI.value: ("the AI side", "The AI side routed"),
}
"""Each side in words, and the result form's box that marks it routed."""


@dataclass(frozen=True)
class CharacterLine:
    """One character's line of the result (§6.1)."""

    participant_id: int
    wound_tokens: int = 0
    fallen: bool = False
    routed: bool = False
    carried_objective: bool = False
    killed_outright: bool = False


@dataclass(frozen=True)
class ResultEntry:
    """A checked result, its lines in the form's order."""

    outcome: Outcome
    end_reason: EndReason
    player_routed: bool = False
    ai_routed: bool = False
    player_victory_points: int | None = None
    ai_victory_points: int | None = None
    lines: tuple[CharacterLine, ...] = field(default=())
    rounds_played: int | None = None

    def fingerprint(self) -> str:
        """A hash of every value entered: equal results, equal fingerprints.

        Rounds played left blank leave the hash as it was before the form
        asked for them, so a result applied then is still recognised."""
        data = asdict(self)
        data["lines"] = sorted(data["lines"], key=lambda line: line["participant_id"])
        if data["rounds_played"] is None:
            del data["rounds_played"]
        text = json.dumps(data, sort_keys=True, default=str)
        return hashlib.sha256(text.encode()).hexdigest()

    def line_for(self, participant_id: int) -> CharacterLine:
        return next(
            line for line in self.lines if line.participant_id == participant_id
        )


class _Errors:
    def __init__(self) -> None:
        self.by_field: dict[str, list[str]] = {}

    def add(self, name: str, message: str) -> None:
        self.by_field.setdefault(name, []).append(message)

    def raise_any(self) -> None:
        if self.by_field:
            raise ValidationError(self.by_field)


def _whole(value: Any) -> int | None:
    """An int from an int or a string of digits; None when it is neither."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, str) and value.strip().lstrip("-").isdigit():
        return int(value.strip())
    return None


def _choice(enum: type, value: Any):
    try:
        return enum(value)
    except ValueError:
        return None


def result_entry_clean(
    *,
    battle: Battle,
    data: Mapping[str, Any],
    rows: Sequence[EntryRow] | None = None,
    rules: ResultRules | None = None,
) -> ResultEntry:
    """Check a submitted result against the battle; return it normalised.

    ``data`` holds ``outcome``, ``end_reason``, ``player_routed``, ``ai_routed``,
    ``player_victory_points``, ``ai_victory_points``, ``rounds_played`` and
    ``characters``: a mapping of participant id to its line (``wound_tokens``,
    ``fallen``, ``routed``, ``carried_objective``, ``killed_outright``). A
    character left out took no token and did not fall. Besides each value on
    its own, the values must agree with each other (:func:`_agree`). Raises
    ValidationError keyed by form field.
    """
    rows = result_entry_rows(battle=battle) if rows is None else rows
    rules = battle_result_rules(battle=battle) if rules is None else rules
    errors = _Errors()
    outcome = _choice(Outcome, data.get("outcome"))
    if outcome is None:
        errors.add(
            "outcome", "Choose the outcome for your side: victory, defeat or draw."
        )
    end_reason = _choice(EndReason, data.get("end_reason"))
    if end_reason is None:
        errors.add("end_reason", "Choose how the battle ended.")
    routed = {
        Side.PLAYER: bool(data.get("player_routed")),
        Side.AI: bool(data.get("ai_routed")),
    }
    points = _victory_points(rules, data, errors)
    rounds = _rounds(rules, data.get("rounds_played"), errors)
    lines = _lines(rows, data.get("characters") or {}, routed, rules, errors)
    if outcome is not None and end_reason is not None:
        _agree(outcome, end_reason, routed, rows, lines, rules, errors)
        _points_agree(outcome, end_reason, points, errors)
    errors.raise_any()
    return ResultEntry(
        outcome=outcome,
        end_reason=end_reason,
        player_routed=routed[Side.PLAYER],
        ai_routed=routed[Side.AI],
        player_victory_points=points["player_victory_points"],
        ai_victory_points=points["ai_victory_points"],
        lines=lines,
        rounds_played=rounds,
    )


def _agree(
    outcome: Outcome,
    end_reason: EndReason,
    routed: Mapping[str, bool],
    rows: Sequence[EntryRow],
    lines: Sequence[CharacterLine],
    rules: ResultRules,
    errors: _Errors,
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
        _last_character(outcome, rows, lines, errors)
    _carriers(rows, lines, rules, errors)


POINTS_OUTCOME = {
    Outcome.VICTORY: "a victory",
    Outcome.DEFEAT: "a defeat",
    Outcome.DRAW: "a draw",
}


def _points_agree(
    outcome: Outcome,
    end_reason: EndReason,
    points: Mapping[str, int | None],
    errors: _Errors,
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
    errors: _Errors,
) -> None:
    """ "Last character lost": a side lost every character (fallen, or routed
    off the table: §0 "Lost"), and that side did not win."""
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


def _carriers(
    rows: Sequence[EntryRow],
    lines: Sequence[CharacterLine],
    rules: ResultRules,
    errors: _Errors,
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


def _rounds(rules: ResultRules, raw: Any, errors: _Errors) -> int | None:
    if raw is None or raw == "":
        return None
    value = _whole(raw)
    most = min(rules.length, ROUNDS_MAX)
    if value is None:
        errors.add("rounds_played", WHOLE_NUMBER)
        return None
    if not 1 <= value <= most:
        errors.add(
            "rounds_played",
            f"This battle lasts {rules.length} rounds: enter a number from 1 to "
            f"{most}.",
        )
        return None
    return value


def _victory_points(
    rules: ResultRules, data: Mapping[str, Any], errors: _Errors
) -> dict[str, int | None]:
    """Victory points where the battle scores them; elsewhere none are kept."""
    points: dict[str, int | None] = {
        "player_victory_points": None,
        "ai_victory_points": None,
    }
    if not rules.scores_victory_points:
        return points
    for name in points:
        raw = data.get(name)
        if raw is None or raw == "":
            continue
        value = _whole(raw)
        if value is None:
            errors.add(name, WHOLE_NUMBER)
        elif not 0 <= value <= VICTORY_POINTS_MAX:
            errors.add(
                name,
                f"Victory points are a whole number from 0 to {VICTORY_POINTS_MAX}.",
            )
        else:
            points[name] = value
    return points


def _lines(
    rows: Sequence[EntryRow],
    characters: Mapping[Any, Mapping[str, Any]],
    routed: Mapping[str, bool],
    rules: ResultRules,
    errors: _Errors,
) -> tuple[CharacterLine, ...]:
    submitted = {}
    for key, values in characters.items():
        participant_id = _whole(key)
        if participant_id is None or participant_id not in {
            row.participant.pk for row in rows
        }:
            errors.add(NON_FIELD_ERRORS, "A line names a character not in this battle.")
            continue
        submitted[participant_id] = values
    return tuple(
        _line(row, submitted.get(row.participant.pk) or {}, routed, rules, errors)
        for row in rows
    )


def _line(
    row: EntryRow,
    values: Mapping[str, Any],
    routed: Mapping[str, bool],
    rules: ResultRules,
    errors: _Errors,
) -> CharacterLine:
    pk = row.participant.pk
    name = row.character.name
    tokens = _tokens(row, values.get("wound_tokens", 0), errors)
    fallen = bool(values.get("fallen", row.lost))
    line = CharacterLine(
        participant_id=pk,
        wound_tokens=tokens,
        fallen=fallen,
        routed=bool(values.get("routed")),
        carried_objective=bool(values.get("carried_objective")),
        killed_outright=bool(values.get("killed_outright")),
    )
    if row.lost and not line.fallen:
        errors.add(
            row_field(pk, "fallen"),
            f"{name} was lost while scouting and starts the battle fallen.",
        )
    if line.routed and not routed[row.side]:
        side, box = SIDE_ROUTED[row.side]
        errors.add(
            row_field(pk, "routed"),
            f"{name} cannot have routed unless {side} routed: tick “{box}” or "
            "untick this.",
        )
    if line.killed_outright:
        _killed_outright(row, line, rules, errors)
    elif line.fallen and line.carried_objective:
        errors.add(
            row_field(pk, "carried_objective"),
            f"{name} fell, and a character that falls drops what it carries: "
            f"untick Fallen or “Carried objective off” for {name}.",
        )
    return line


def _killed_outright(
    row: EntryRow, line: CharacterLine, rules: ResultRules, errors: _Errors
) -> None:
    """Killed outright: only by the scene's rule, and then the character
    neither routed nor carried anything off."""
    pk, name = row.participant.pk, row.character.name
    field_name = row_field(pk, "killed_outright")
    if not rules.kills_outright:
        errors.add(
            field_name,
            "Nobody is killed outright in this scene (it has no such rule): untick "
            f"“Killed outright” for {name}. A character that fell is resolved by "
            "the dice.",
        )
        return
    if not line.fallen:
        errors.add(
            field_name, f"Killed outright means fallen: tick Fallen for {name} too."
        )
    if line.routed or line.carried_objective:
        done = " and ".join(
            what
            for what, ticked in (
                ("routed", line.routed),
                ("carried an objective off", line.carried_objective),
            )
            if ticked
        )
        errors.add(
            field_name,
            f"{name} was killed outright, so {name} cannot also have {done}: "
            "untick one of them.",
        )


def _tokens(row: EntryRow, raw: Any, errors: _Errors) -> int:
    name = row_field(row.participant.pk, "wound_tokens")
    character = row.character.name
    value = 0 if raw is None or raw == "" else _whole(raw)
    if value is None:
        errors.add(name, WHOLE_NUMBER)
        return 0
    if value < 0:
        errors.add(name, "Wound tokens cannot be negative.")
        return 0
    free = row.free_slots
    if value > free:
        slots = (
            f"{free} free wound slot{'' if free == 1 else 's'}"
            if free
            else ("no free wound slot")
        )
        errors.add(
            name,
            f"{character} has {slots}: a token beyond that means {character} fell. "
            f"Enter at most {free} and tick Fallen.",
        )
        return 0
    return value
