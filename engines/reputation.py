"""Commanders' reputation and rating after a battle (RULES §6.4). No dice.

After every battle, for both sides' leading commanders:

- a side that won without routing moves one step toward Rash;
- a side that lost, or routed whatever the outcome, moves one step toward
  Cautious;
- otherwise (a draw, not routed) no change;
- three victories led since the last rating change raise the rating one step.

Decisions:

- A routed victory still counts toward the rating (the rule counts victories
  led, not clean ones), though it moves the reputation toward Cautious.
- At superior the victory counter keeps counting (it is the count the rule
  names: victories since the last rating change); the rating cannot rise, so
  the count changes nothing until a rating change by hand resets it. Any
  rating change, by this rule or by an admin, resets the counter to 0: the
  site owns that for changes by hand.
"""

from __future__ import annotations

from dataclasses import dataclass

from engines.enums import Outcome, Rating, Reputation, Side

REPUTATION_STEPS: tuple[Reputation, ...] = (
    Reputation.CAUTIOUS,
    Reputation.BOLD,
    Reputation.RASH,
)
"""From Cautious to Rash: a step toward Rash is one place right, bounded."""

RATING_STEPS: tuple[Rating, ...] = (Rating.POOR, Rating.AVERAGE, Rating.SUPERIOR)
"""From poor to superior: a rise is one place right, bounded."""

VICTORIES_TO_RISE = 3
"""Victories led since the last rating change that raise the rating one step."""

WON_WITHOUT_ROUTING = "won without routing"
LOST = "lost"
ROUTED = "routed"
LOST_AND_ROUTED = "lost and routed"
THIRD_VICTORY = "third victory since last rating change"

_INVERSE: dict[Outcome, Outcome] = {
    Outcome.VICTORY: Outcome.DEFEAT,
    Outcome.DEFEAT: Outcome.VICTORY,
    Outcome.DRAW: Outcome.DRAW,
}


@dataclass(frozen=True)
class CommanderStep:
    """One commander's reputation and rating before and after a battle, and why.

    ``reputation_reason`` names the rule that fired even when the bound stops the
    step (a Rash commander that wins stays Rash); it is None when no rule moves
    the reputation (a draw without routing). ``rating_reason`` is set only when
    the rating rises.
    """

    reputation_before: Reputation
    reputation: Reputation
    reputation_reason: str | None
    rating_before: Rating
    rating: Rating
    rating_reason: str | None
    victories_since_rating_change: int

    @property
    def reputation_changed(self) -> bool:
        return self.reputation != self.reputation_before

    @property
    def rating_changed(self) -> bool:
        return self.rating != self.rating_before


def side_outcome(player_outcome: Outcome, side: Side) -> Outcome:
    """The battle's outcome for ``side``: the AI's is the inverse of the player's."""
    match side:
        case Side.PLAYER:
            return player_outcome
        case Side.AI:
            return _INVERSE[player_outcome]
    raise ValueError(f"unknown side {side!r}")


def _step(current: Reputation, by: int) -> Reputation:
    index = REPUTATION_STEPS.index(current) + by
    return REPUTATION_STEPS[max(0, min(len(REPUTATION_STEPS) - 1, index))]


def reputation_move(side_outcome: Outcome, side_routed: bool) -> tuple[int, str | None]:
    """The reputation step (+1 toward Rash, -1 toward Cautious, 0) and its reason."""
    if side_routed:
        return -1, LOST_AND_ROUTED if side_outcome == Outcome.DEFEAT else ROUTED
    if side_outcome == Outcome.DEFEAT:
        return -1, LOST
    if side_outcome == Outcome.VICTORY:
        return +1, WON_WITHOUT_ROUTING
    return 0, None


def commander_after_battle(
    reputation: Reputation,
    rating: Rating,
    victories_since_rating_change: int,
    side_outcome: Outcome,
    side_routed: bool,
) -> CommanderStep:
    """Apply §6.4 to one side's leading commander after a battle."""
    if victories_since_rating_change < 0:
        raise ValueError("the victory counter cannot be negative")
    by, reputation_reason = reputation_move(side_outcome, side_routed)
    new_reputation = _step(reputation, by)

    won = side_outcome == Outcome.VICTORY
    victories = victories_since_rating_change + won
    new_rating, rating_reason = rating, None
    is_top = rating == RATING_STEPS[-1]
    if won and victories >= VICTORIES_TO_RISE and not is_top:
        new_rating = RATING_STEPS[RATING_STEPS.index(rating) + 1]
        rating_reason = THIRD_VICTORY
        victories = 0
    return CommanderStep(
        reputation_before=reputation,
        reputation=new_reputation,
        reputation_reason=reputation_reason,
        rating_before=rating,
        rating=new_rating,
        rating_reason=rating_reason,
        victories_since_rating_change=victories,
    )
