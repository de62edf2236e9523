"""RULES §6.4: commanders' reputation and rating after a battle."""

from __future__ import annotations

import pytest

from engines.enums import Outcome, Rating, Reputation, Side
from engines.reputation import commander_after_battle, side_outcome

CAUTIOUS, BOLD, RASH = Reputation.CAUTIOUS, Reputation.BOLD, Reputation.RASH
POOR, AVERAGE, SUPERIOR = Rating.POOR, Rating.AVERAGE, Rating.SUPERIOR
VICTORY, DEFEAT, DRAW = Outcome.VICTORY, Outcome.DEFEAT, Outcome.DRAW


@pytest.mark.parametrize(
    ("before", "outcome", "routed", "after", "reason"),
    [
        (CAUTIOUS, VICTORY, False, BOLD, "won without routing"),
        (BOLD, VICTORY, False, RASH, "won without routing"),
        (RASH, VICTORY, False, RASH, "won without routing"),  # bounded at Rash
        (RASH, DEFEAT, False, BOLD, "lost"),
        (BOLD, DEFEAT, False, CAUTIOUS, "lost"),
        (CAUTIOUS, DEFEAT, False, CAUTIOUS, "lost"),  # bounded at Cautious
        (RASH, VICTORY, True, BOLD, "routed"),  # routed whatever the outcome
        (BOLD, DRAW, True, CAUTIOUS, "routed"),
        (BOLD, DEFEAT, True, CAUTIOUS, "lost and routed"),  # one step, not two
        (BOLD, DRAW, False, BOLD, None),  # otherwise no change
        (CAUTIOUS, DRAW, False, CAUTIOUS, None),
        (RASH, DRAW, False, RASH, None),
    ],
)
def test_reputation_step(
    before: Reputation,
    outcome: Outcome,
    routed: bool,
    after: Reputation,
    reason: str | None,
) -> None:
    """Won without routing → toward Rash; lost or routed → toward Cautious; bounded."""
    step = commander_after_battle(before, AVERAGE, 0, outcome, routed)
    assert (step.reputation, step.reputation_reason) == (after, reason)


def test_reputation_changed_is_false_at_the_bound() -> None:
    """A Rash commander that wins stays Rash: nothing to record."""
    assert not commander_after_battle(RASH, POOR, 0, VICTORY, False).reputation_changed


@pytest.mark.parametrize(
    ("rating", "victories_before", "outcome", "rating_after", "victories_after"),
    [
        (POOR, 0, VICTORY, POOR, 1),
        (POOR, 1, VICTORY, POOR, 2),  # two victories: no change yet
        (POOR, 2, VICTORY, AVERAGE, 0),  # the third: rises, counter resets
        (AVERAGE, 2, VICTORY, SUPERIOR, 0),
        (AVERAGE, 2, DRAW, AVERAGE, 2),  # a draw is no victory
        (AVERAGE, 2, DEFEAT, AVERAGE, 2),  # a defeat does not reset the count
        (SUPERIOR, 2, VICTORY, SUPERIOR, 3),  # bounded; the counter keeps counting
        (SUPERIOR, 5, VICTORY, SUPERIOR, 6),
    ],
)
def test_rating_rises_after_three_victories(
    rating: Rating,
    victories_before: int,
    outcome: Outcome,
    rating_after: Rating,
    victories_after: int,
) -> None:
    """Three victories led since the last rating change raise the rating one step."""
    step = commander_after_battle(BOLD, rating, victories_before, outcome, False)
    assert (step.rating, step.victories_since_rating_change) == (
        rating_after,
        victories_after,
    )


def test_routed_victory_counts_toward_the_rating() -> None:
    """Decision: a routed victory is still a victory led."""
    step = commander_after_battle(BOLD, POOR, 2, VICTORY, True)
    assert (step.rating, step.reputation) == (AVERAGE, CAUTIOUS)


def test_rating_rise_names_its_reason() -> None:
    """The rise is recorded as the third victory since the last rating change."""
    step = commander_after_battle(BOLD, POOR, 2, VICTORY, False)
    assert (step.rating_changed, step.rating_reason) == (
        True,
        "third victory since last rating change",
    )


def test_no_rating_reason_without_a_rise() -> None:
    """At superior the rating cannot rise, so there is nothing to record."""
    step = commander_after_battle(BOLD, SUPERIOR, 2, VICTORY, False)
    assert (step.rating_changed, step.rating_reason) == (False, None)


def test_step_keeps_the_values_before() -> None:
    """The step says what it changed from, for the commander's history."""
    step = commander_after_battle(CAUTIOUS, POOR, 2, VICTORY, False)
    assert (step.reputation_before, step.rating_before) == (CAUTIOUS, POOR)


def test_negative_victory_counter_is_refused() -> None:
    with pytest.raises(ValueError, match="negative"):
        commander_after_battle(BOLD, POOR, -1, VICTORY, False)


@pytest.mark.parametrize(
    ("player", "side", "expected"),
    [
        (VICTORY, Side.PLAYER, VICTORY),
        (DEFEAT, Side.PLAYER, DEFEAT),
        (DRAW, Side.PLAYER, DRAW),
        (VICTORY, Side.AI, DEFEAT),
        (DEFEAT, Side.AI, VICTORY),
        (DRAW, Side.AI, DRAW),
    ],
)
def test_side_outcome(player: Outcome, side: Side, expected: Outcome) -> None:
    """The AI's outcome is the inverse of the player's; a draw stays a draw."""
    assert side_outcome(player, side) == expected
