"""A battle's table log as the rest of the site reads it: the battle page, the
chronicle and the result form (which it fills in)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from django.urls import reverse

from campaigns.bidi import isolated
from campaigns.models import Battle, TableEntry
from campaigns.models.battle import BattleStatus
from campaigns.presenters.table_answer import log_line
from campaigns.presenters.table_pieces import LogLine
from campaigns.selectors.result_fields import row_field
from campaigns.selectors.table_context import table_context_thin
from campaigns.selectors.table_victory import table_beyond_side
from campaigns.selectors.table_words import log_line_words
from campaigns.setting_words import campaign_words
from engines.enums import EndReason, Outcome, Side
from engines.table.state import state_fold_or_none
from engines.table.victory import end_beyond, log_points, scored_exit

if TYPE_CHECKING:
    from campaigns.selectors.result import ResultRules


@dataclass(frozen=True)
class BattleTableLog:
    """What the battle page shows of table mode: the log, and the way in."""

    lines: tuple[LogLine, ...]
    url: str
    playable: bool
    """The battle is planned: the table page plays it."""


def battle_table_log(*, battle: Battle) -> BattleTableLog:
    """The battle's log for its page (one query, whatever its length)."""
    entries = TableEntry.objects.filter(log__battle=battle).order_by("position")
    words = campaign_words(battle.campaign)
    return BattleTableLog(
        lines=tuple(log_line_words(log_line(entry), words) for entry in entries),
        url=reverse(
            "campaigns:battle_table",
            kwargs={"slug": battle.campaign.slug, "battle_id": battle.pk},
        ),
        playable=battle.status == BattleStatus.PLANNED,
    )


def result_initial_from_log(
    *, battle: Battle, rules: ResultRules | None = None
) -> dict[str, Any]:
    """The result form's values from the battle's table log, in the shape of
    ``campaigns.selectors.result.result_initial``: how it ended, which side
    routed, the rounds begun, and each character's wound tokens, fall, rout
    and objective carried off, as tapped. Empty without a log (or with one
    begun before the set-up was re-rolled).

    A character is marked routed where its side routed, or where its horde
    scattered it off the table (the pack says to tick it so); one that left by
    the edge its scenario scores at is marked as having left the battle. The
    outcome is filled in where the log shows it (a side routed or lost its
    last character: not one whose characters all left by the scoring edge).
    Given the battle's ``rules``, the victory points the log holds are filled
    in where the battle scores them (objectives held are the players' to add).
    One query, plus the battle's participants and companies unless they are
    prefetched.
    """
    entries = list(
        TableEntry.objects.filter(log__battle=battle)
        .select_related("log")
        .order_by("position")
    )
    if not entries or entries[0].log.seed != battle.setup_seed:
        return {}
    exits = rules is not None and rules.scores_exits
    carriers = {who: isolated(what) for who, what in rules.carriers} if rules else None
    context = table_context_thin(battle=battle, carriers=carriers)
    state = state_fold_or_none(context, entries)
    if state is None:
        return {}
    routed = {side: state.side_routed(context, side) for side in Side}
    standing = {
        side: any(
            not (state.fighters[f.key].fallen or state.fighters[f.key].left)
            or scored_exit(f, state, exits)
            for f in state.all_fighters(context)
            if f.side is side
        )
        for side in Side
    }
    initial: dict[str, Any] = {
        "player_routed": routed[Side.PLAYER],
        "ai_routed": routed[Side.AI],
    }
    if state.round:
        initial["rounds_played"] = state.round
    outcome, reason = _outcome(routed, standing)
    if state.ended:
        reason = EndReason(state.ended)
        if state.ended_by:
            outcome = _ended_by(reason, Side(state.ended_by)) or outcome
    if outcome is not None:
        initial["outcome"] = outcome.value
    if reason is not None:
        initial["end_reason"] = reason.value
    if rules is not None and rules.scores_victory_points:
        points = log_points(
            context,
            state,
            worths={isolated(name): vp for name, vp in rules.objective_worths},
            scores_exits=exits,
            beyond=end_beyond(entries, table_beyond_side(battle=battle)),
        )
        initial["player_victory_points"] = points[Side.PLAYER]
        initial["ai_victory_points"] = points[Side.AI]
    for fighter in context.fighters:
        if fighter.participant_id is None:
            continue
        mine = state.fighters[fighter.key]
        horde = context.company(fighter.company).horde
        values = {
            "wound_tokens": mine.wounds,
            "fallen": mine.fallen,
            "routed": state.routing(fighter)
            and (routed[fighter.side] or (horde and not mine.fallen)),
            "carried_objective": mine.carried_off,
        }
        if exits:
            values["left_battle"] = scored_exit(fighter, state, exits)
        for name, value in values.items():
            initial[row_field(fighter.participant_id, name)] = value
    return initial


def _ended_by(reason: EndReason, side: Side) -> Outcome | None:
    """The player's outcome when a side achieved the objective, lost its last
    character or conceded."""
    if reason is EndReason.OBJECTIVE:
        return Outcome.VICTORY if side is Side.PLAYER else Outcome.DEFEAT
    if reason in (EndReason.CONCEDED, EndReason.LAST_CHARACTER_LOST):
        return Outcome.DEFEAT if side is Side.PLAYER else Outcome.VICTORY
    return None


def _outcome(
    routed: dict[Side, bool], standing: dict[Side, bool]
) -> tuple[Outcome | None, EndReason | None]:
    """Victory or defeat where one side routed or lost its last character."""
    if routed[Side.AI] and not routed[Side.PLAYER]:
        return Outcome.VICTORY, EndReason.ROUT
    if routed[Side.PLAYER] and not routed[Side.AI]:
        return Outcome.DEFEAT, EndReason.ROUT
    if standing[Side.PLAYER] and not standing[Side.AI]:
        return Outcome.VICTORY, EndReason.LAST_CHARACTER_LOST
    if standing[Side.AI] and not standing[Side.PLAYER]:
        return Outcome.DEFEAT, EndReason.LAST_CHARACTER_LOST
    return None, None
