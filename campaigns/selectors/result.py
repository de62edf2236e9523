"""What result entry and the resolution page read (RULES §6.1, §6.5)."""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Count, Prefetch, Q

from campaigns.models import (
    Battle,
    BattleParticipant,
    BattleResult,
    Campaign,
    CharacterOutcome,
)
from campaigns.models.battle import BattleStatus
from engines.dice import LogEntry, log_from_data
from engines.enums import Mishap, Scenario, Side, WoundStatus

SCENARIOS_WITH_VICTORY_POINTS = frozenset(
    {
        Scenario.ASSAULT,
        Scenario.SIEGE,
        Scenario.SURPRISE_ASSAULT,
        Scenario.SKIRMISH,
        Scenario.DISPUTED_BORDER,
        Scenario.RIVER_CROSSING,
        Scenario.URBAN_ASSAULT,
    }
)
"""§3.9: the scenarios whose setup text scores victory points."""


@dataclass(frozen=True)
class EntryRow:
    """One line of the result form: a character that took part."""

    participant: BattleParticipant
    open_wounds: int

    @property
    def character(self):
        return self.participant.character

    @property
    def free_slots(self) -> int:
        """Wound slots not filled by open persisting wounds."""
        return max(0, self.character.wound_slots - self.open_wounds)

    @property
    def lost(self) -> bool:
        """A scout lost on its mission: it starts the battle fallen (§3.5)."""
        return self.participant.mishap == Mishap.LOST

    @property
    def side(self) -> str:
        return self.participant.side


def result_entry_rows(*, battle: Battle) -> list[EntryRow]:
    """The characters the result form lists, in the battle's participant order.

    A scout who missed the battle is not listed. One query.
    """
    participants = (
        battle.participants.exclude(mishap=Mishap.MISSES)
        .select_related("character")
        .annotate(
            open_wound_total=Count(
                "character__wounds",
                filter=Q(character__wounds__status=WoundStatus.OPEN),
            )
        )
        .order_by("order", "id")
    )
    return [
        EntryRow(participant=p, open_wounds=p.open_wound_total) for p in participants
    ]


def battle_has_victory_points(*, battle: Battle) -> bool:
    """Victory points are entered where the scenario scores them (§3.9) or the
    scene has an objective worth some."""
    if battle.scenario in SCENARIOS_WITH_VICTORY_POINTS:
        return True
    return battle.scene.objectives.filter(victory_points__gt=0).exists()


def battle_result_or_none(*, battle: Battle) -> BattleResult | None:
    return BattleResult.objects.filter(battle=battle).first()


def latest_resolved_battle(*, campaign: Campaign) -> Battle | None:
    """The one battle of the campaign that may be reopened (§6.5)."""
    return (
        Battle.objects.filter(campaign=campaign, status=BattleStatus.RESOLVED)
        .order_by("-resolved_at", "-number")
        .first()
    )


def roll_in_words(entry: LogEntry) -> str:
    """A §6.2 roll as a player says it: "Boromir fell — rolled 2, +1 hero:
    grievously wounded, misses the next battle"."""
    subject, _, what = entry.purpose.partition(": ")
    head = f"{subject} fell" if what == "fallen" else f"{subject}, {what or 'roll'}"
    rolled = ", ".join(str(die) for die in entry.dice)
    modifiers = "".join(f", {value:+d} {reason}" for reason, value in entry.modifiers)
    outcome = f": {entry.outcome}" if entry.outcome else ""
    return f"{head} — rolled {rolled}{modifiers}{outcome}"


@dataclass(frozen=True)
class Resolution:
    """Everything the resolution page shows: the result, each character's line,
    every roll and every effect."""

    battle: Battle
    result: BattleResult | None
    outcomes: list[CharacterOutcome]
    rolls: tuple[LogEntry, ...]
    effects: list
    can_reopen: bool

    @property
    def rolls_in_words(self) -> list[str]:
        return [roll_in_words(entry) for entry in self.rolls]

    @property
    def changes(self) -> list:
        """The effects a player reads: the commanders' history rows are
        bookkeeping behind the reputation and rating lines."""
        return [e for e in self.effects if e.target_model != "commanderchange"]

    @property
    def player_outcomes(self) -> list[CharacterOutcome]:
        return [o for o in self.outcomes if o.participant.side == Side.PLAYER]

    @property
    def ai_outcomes(self) -> list[CharacterOutcome]:
        return [o for o in self.outcomes if o.participant.side == Side.AI]


def battle_resolution(*, battle: Battle) -> Resolution:
    """The battle's resolution for the page; a fixed number of queries."""
    result = (
        BattleResult.objects.filter(battle=battle)
        .prefetch_related(
            Prefetch(
                "character_outcomes",
                queryset=CharacterOutcome.objects.select_related(
                    "participant__character"
                ).order_by("participant__order", "id"),
            )
        )
        .first()
    )
    latest = latest_resolved_battle(campaign=battle.campaign)
    return Resolution(
        battle=battle,
        result=result,
        outcomes=list(result.character_outcomes.all()) if result else [],
        rolls=log_from_data(result.resolution_log) if result else (),
        effects=list(battle.effects.order_by("order", "id")) if result else [],
        can_reopen=latest is not None and latest.pk == battle.pk,
    )
