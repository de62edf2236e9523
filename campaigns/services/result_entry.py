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

from django.core.exceptions import NON_FIELD_ERRORS

from campaigns.models import Battle
from campaigns.selectors.result import (
    EntryRow,
    ResultRules,
    battle_result_rules,
    result_entry_rows,
    row_field,
)
from campaigns.services.result_agree import Errors, result_agree
from engines.battlefield import most_victory_points
from engines.enums import Doctrine, EndReason, Outcome, Side

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
    left_battle: bool = False
    """Left by the edge its scenario scores at (§3.12): not lost."""


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
        for line in data["lines"]:
            # A line with nobody leaving hashes as it did before the form
            # asked (§3.12), so a result applied then is still recognised.
            if not line["left_battle"]:
                del line["left_battle"]
        if data["rounds_played"] is None:
            del data["rounds_played"]
        text = json.dumps(data, sort_keys=True, default=str)
        return hashlib.sha256(text.encode()).hexdigest()

    def line_for(self, participant_id: int) -> CharacterLine:
        return next(
            line for line in self.lines if line.participant_id == participant_id
        )


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
    its own, the values must agree with each other
    (:func:`campaigns.services.result_agree.result_agree`). Raises
    ValidationError keyed by form field.
    """
    rows = result_entry_rows(battle=battle) if rows is None else rows
    rules = battle_result_rules(battle=battle) if rules is None else rules
    errors = Errors()
    outcome = _choice(Outcome, data.get("outcome"))
    if outcome is None:
        errors.add(
            "outcome", "Choose the outcome for your side: victory, defeat or draw."
        )
    end_reason = _choice(EndReason, data.get("end_reason"))
    if end_reason is None:
        errors.add("end_reason", "Choose how the battle ended.")
    routed: dict[str, bool] = {
        Side.PLAYER: bool(data.get("player_routed")),
        Side.AI: bool(data.get("ai_routed")),
    }
    points = _victory_points(rules, data, errors, characters=len(rows))
    rounds = _rounds(rules, data.get("rounds_played"), errors)
    lines = _lines(rows, data.get("characters") or {}, routed, rules, errors)
    _horde_routs(battle, rows, lines, routed, errors)
    if outcome is not None and end_reason is not None:
        result_agree(
            outcome=outcome,
            end_reason=end_reason,
            routed=routed,
            points=points,
            rows=rows,
            lines=lines,
            rules=rules,
            errors=errors,
        )
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


def _rounds(rules: ResultRules, raw: Any, errors: Errors) -> int | None:
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
    rules: ResultRules, data: Mapping[str, Any], errors: Errors, *, characters: int
) -> dict[str, int | None]:
    """Victory points where the battle scores them; elsewhere none are kept.

    In a generated battle a side scores at most what §3.12 can give it (its
    setup sheet's lines); a fixed scenario's own conditions are not counted."""
    points: dict[str, int | None] = {
        "player_victory_points": None,
        "ai_victory_points": None,
    }
    if not rules.scores_victory_points:
        return points
    most = VICTORY_POINTS_MAX
    if rules.generated:
        most = min(
            most,
            most_victory_points(
                objectives=rules.objective_points, characters=characters
            ),
        )
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
        elif value > most:
            errors.add(
                name,
                f"This battle gives a side at most {most} victory points (its "
                "objectives and one point per character, as the setup sheet's "
                f"scoring says): enter a number from 0 to {most}.",
            )
        else:
            points[name] = value
    return points


def _lines(
    rows: Sequence[EntryRow],
    characters: Mapping[Any, Mapping[str, Any]],
    routed: Mapping[str, bool],
    rules: ResultRules,
    errors: Errors,
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
    errors: Errors,
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
        left_battle=bool(values.get("left_battle")),
    )
    if row.lost and not line.fallen:
        errors.add(
            row_field(pk, "fallen"),
            f"{name} was lost while scouting and starts the battle fallen.",
        )
    if line.left_battle:
        _left_battle(row, line, rules, errors)
    if line.killed_outright:
        _killed_outright(row, line, rules, errors)
    elif line.fallen and line.carried_objective:
        errors.add(
            row_field(pk, "carried_objective"),
            f"{name} fell, and a character that falls drops what it carries: "
            f"untick Fallen or “Carried objective off” for {name}.",
        )
    return line


def _left_battle(
    row: EntryRow, line: CharacterLine, rules: ResultRules, errors: Errors
) -> None:
    """Left by the scoring edge (§3.12): only where the scenario scores exits,
    and then the character neither fell nor routed."""
    pk, name = row.participant.pk, row.character.name
    field_name = row_field(pk, "left_battle")
    if not rules.scores_exits:
        errors.add(
            field_name,
            "This battle scores nobody for leaving by an edge: untick “Left by the "
            f"scoring edge” for {name} (a character that fled is Routed).",
        )
    elif line.fallen or line.routed:
        errors.add(
            field_name,
            f"{name} left by the scoring edge, so it neither fell nor routed: "
            "untick Fallen and Routed, or “Left by the scoring edge”.",
        )


def _horde_routs(
    battle: Battle,
    rows: Sequence[EntryRow],
    lines: Sequence[CharacterLine],
    routed: Mapping[str, bool],
    errors: Errors,
) -> None:
    """A character routed only with its side (§4) — or, in a horde company,
    scattered off the table (§5.3), which the pack says to tick as Routed.
    The horde companies are read only when some line needs them."""
    alone = [
        (row, line)
        for row, line in zip(rows, lines, strict=True)
        if line.routed and not routed[row.side]
    ]
    if not alone:
        return
    hordes = set(
        battle.companies.filter(doctrine=Doctrine.HORDE).values_list(
            "company_id", flat=True
        )
    )
    for row, _line in alone:
        if row.character.company_id in hordes:
            continue
        side, box = SIDE_ROUTED[row.side]
        errors.add(
            row_field(row.participant.pk, "routed"),
            f"{row.character.name} cannot have routed unless {side} routed: tick "
            f"“{box}” or untick this.",
        )


def _killed_outright(
    row: EntryRow, line: CharacterLine, rules: ResultRules, errors: Errors
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


def _tokens(row: EntryRow, raw: Any, errors: Errors) -> int:
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
