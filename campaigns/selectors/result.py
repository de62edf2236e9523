"""What result entry and the resolution page read (RULES §6.1, §6.5)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from django.db.models import Max, Prefetch, Q

from campaigns.bidi import isolated
from campaigns.models import (
    Battle,
    BattleParticipant,
    BattleResult,
    CharacterOutcome,
    Effect,
    PersistingWound,
    Scene,
)
from campaigns.models.battle import BattleStatus
from campaigns.models.log import LogKind
from campaigns.selectors.access import CampaignAccess
from campaigns.selectors.battle_pack import battle_battlefield
from campaigns.selectors.battles import battle_for_campaign
from campaigns.selectors.pack_names import participant_labels
from campaigns.selectors.result_fields import BATTLE_FIELDS, ROW_FIELDS, row_field
from campaigns.selectors.result_victory import ResultVictory, result_victory
from campaigns.selectors.steps import Step, campaign_steps, reopen_offer
from campaigns.selectors.table_record import result_initial_from_log
from campaigns.story import result_sentence_of
from engines.battlefield import objective_points
from engines.battlefield.exits import scores_exits
from engines.dice import LogEntry, log_from_data
from engines.enums import (
    Mishap,
    ObjectiveKind,
    SceneKind,
    SceneStatus,
    Side,
    WoundStatus,
)


@dataclass(frozen=True)
class ResultRules:
    """What this battle's result may hold: victory points where they are
    scored, rounds up to its length, killed outright only by the scene's rule,
    and one carrier for each carriable objective."""

    scores_victory_points: bool
    length: int
    outright_kill_rule: str = ""
    carriable_objectives: tuple[str, ...] = ()
    generated: bool = False
    """A generated scenario (§3.12): a side that routs or loses its last
    character loses, and victory points are scored as its setup sheet says."""
    objective_points: int = 0
    """What the battle's objectives are worth together (§3.12)."""
    victory: ResultVictory | None = None
    """A fixed scene's ways to win: the form suggests the outcome they give."""
    scores_exits: bool = False
    """A generated scenario that scores characters leaving by an edge (§3.12):
    the form has a line for those that left that way."""
    objective_worths: tuple[tuple[str, int], ...] = ()
    """Each carriable objective and the VP carrying it off makes."""
    carriers: tuple[tuple[str, str], ...] = ()
    """(character, objective) for each objective carried from the start."""

    @property
    def kills_outright(self) -> bool:
        return bool(self.outright_kill_rule.strip())

    @property
    def has_carriable_objective(self) -> bool:
        return bool(self.carriable_objectives)


def battle_result_rules(*, battle: Battle) -> ResultRules:
    """The battle's rules for its result, from the battlefield it was set up
    with (no query for a battle that stored it) and its scene's kill rule."""
    battlefield = battle_battlefield(battle, orders=False)
    return ResultRules(
        scores_victory_points=battlefield.scores_victory_points,
        length=battlefield.length,
        outright_kill_rule=battle.scene.outright_kill_rule,
        carriable_objectives=tuple(
            o.name for o in battlefield.objectives if o.kind is ObjectiveKind.CARRIABLE
        ),
        generated=battlefield.generated,
        objective_points=objective_points(battlefield),
        victory=None if battlefield.generated else result_victory(battle=battle),
        scores_exits=battlefield.generated and scores_exits(battle.scenario_name),
        objective_worths=tuple(
            (o.name, o.victory_points)
            for o in battlefield.objectives
            if o.kind is ObjectiveKind.CARRIABLE
        ),
        carriers=tuple(
            (o.carrier, o.name) for o in battlefield.objectives if o.carrier
        ),
    )


@dataclass(frozen=True)
class EntryRow:
    """One line of the result form: a character that took part."""

    participant: BattleParticipant
    open_wounds: int
    label: str = ""
    """Its name as the table page says it: numbered where two share it
    ("Boarder", "Boarder 2")."""

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
    """The characters the result form lists, in the battle's participant order,
    each with its open wounds as they stood before the battle (so a result
    sent again after it was applied is checked as it was the first time).

    A scout who missed the battle is not listed. Two queries.
    """
    participants = list(
        battle.participants.exclude(mishap=Mishap.MISSES)
        .select_related("character")
        .order_by("order", "id")
    )
    wounds = (
        PersistingWound.objects.filter(
            character_id__in=[p.character_id for p in participants]
        )
        .annotate(
            rested_at=Max(
                "healed_at_scene__log_entries__created_at",
                filter=Q(healed_at_scene__log_entries__kind=LogKind.REST),
            )
        )
        .values(
            "character_id",
            "status",
            "created_at",
            "battle_taken_id",
            "battle_taken__number",
            "healed_in_battle_id",
            "healed_in_battle__number",
            "rested_at",
        )
    )
    counts: dict[int, int] = {}
    for wound in wounds:
        if _open_before(wound, battle):
            counts[wound["character_id"]] = counts.get(wound["character_id"], 0) + 1
    labels = participant_labels(participants)
    return [
        EntryRow(
            participant=p,
            open_wounds=counts.get(p.character_id, 0),
            label=labels[p.character_id],
        )
        for p in participants
    ]


def _open_before(wound: Mapping[str, Any], battle: Battle) -> bool:
    """Whether the wound was open when the battle began: for a battle not yet
    resolved, whether it is open now; for a resolved one, it was not taken in
    that battle or a later one, and it healed (if it did) in or after it."""
    if battle.status != BattleStatus.RESOLVED:
        return wound["status"] == WoundStatus.OPEN
    taken = wound["battle_taken__number"]
    if wound["battle_taken_id"] == battle.pk or (
        taken is not None and taken > battle.number
    ):
        return False
    if battle.resolved_at is not None and wound["created_at"] > battle.resolved_at:
        return False
    if wound["status"] == WoundStatus.OPEN:
        return True
    if wound["healed_in_battle_id"] == battle.pk:
        return True
    healed_in = wound["healed_in_battle__number"]
    if healed_in is not None and healed_in > battle.number:
        return True
    rested_at = wound["rested_at"]
    return (
        rested_at is not None
        and battle.resolved_at is not None
        and rested_at > battle.resolved_at
    )


def battle_result_or_none(*, battle: Battle) -> BattleResult | None:
    """The battle's applied result with each character's line (two queries)."""
    return (
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


def result_initial(
    *,
    battle: Battle,
    result: BattleResult | None = None,
    rules: ResultRules | None = None,
) -> dict[str, Any]:
    """What the result form starts with: the result applied (for the back
    button), else the one entered before the battle was reopened, else
    nothing (the form's own defaults).

    This is the one place the form's starting values come from, so another
    source (a battle log kept at the table) can be added here. ``result`` is
    the battle's applied result when the caller has read it already;
    ``rules`` its rules (the table log's victory points need them).
    """
    if result is None and battle.status == BattleStatus.RESOLVED:
        result = battle_result_or_none(battle=battle)
    if result is not None:
        return _initial_from_result(result)
    if battle.reopened_entry:
        return _initial_from_entry(battle, battle.reopened_entry)
    return result_initial_from_log(battle=battle, rules=rules)


def _initial_from_result(result: BattleResult) -> dict[str, Any]:
    initial = {name: getattr(result, name) for name in BATTLE_FIELDS}
    for outcome in result.character_outcomes.all():
        for name in ROW_FIELDS:
            initial[row_field(outcome.participant_id, name)] = getattr(outcome, name)
    return initial


def result_entry_snapshot(*, result: BattleResult) -> dict[str, Any]:
    """A result as entered, kept on the battle when it is reopened: the
    battle's values, and each line under its participant's order (which an
    export and import keep, where ids change)."""
    snapshot: dict[str, Any] = {name: getattr(result, name) for name in BATTLE_FIELDS}
    snapshot["lines"] = {
        str(outcome.participant.order): {
            name: getattr(outcome, name) for name in ROW_FIELDS
        }
        for outcome in result.character_outcomes.select_related("participant")
    }
    return snapshot


def _initial_from_entry(battle: Battle, entry: dict[str, Any]) -> dict[str, Any]:
    initial = {name: entry[name] for name in BATTLE_FIELDS if name in entry}
    lines = entry.get("lines") or {}
    if lines:
        orders = dict(battle.participants.values_list("order", "pk"))
        for order, values in lines.items():
            pk = orders.get(int(order)) if str(order).isdigit() else None
            if pk is None or not isinstance(values, dict):
                continue
            for name in ROW_FIELDS:
                if name in values:
                    initial[row_field(pk, name)] = values[name]
    return initial


def roll_in_words(entry: LogEntry) -> str:
    """A §6.2 roll as a player says it: "Boromir fell — rolled 2, +1 hero:
    grievously wounded, misses the next battle"."""
    subject, _, what = entry.purpose.partition(": ")
    subject = isolated(subject)
    head = f"{subject} fell" if what == "fallen" else f"{subject}, {what or 'roll'}"
    rolled = ", ".join(str(die) for die in entry.dice)
    modifiers = "".join(f", {value:+d} {reason}" for reason, value in entry.modifiers)
    outcome = f": {entry.outcome}" if entry.outcome else ""
    return f"{head} — rolled {rolled}{modifiers}{outcome}"


@dataclass(frozen=True)
class ResolutionPage:
    """Everything the resolution page shows: the result, each character's line,
    every roll and every effect, and the way back (reopen) where it is allowed
    now, or why not."""

    battle: Battle
    result: BattleResult | None
    outcomes: tuple[CharacterOutcome, ...]
    rolls: tuple[LogEntry, ...]
    effects: tuple[Effect, ...]
    reopen: Step | None = None
    reopen_reason: str = ""
    current: Scene | None = None
    """The scene the story has moved on to, when it is another one."""
    labels: Mapping[int, str] = field(default_factory=dict)
    """Each character's name as the battle's other pages say it (by character
    id): numbered where two share it ("Boarder 2")."""

    @property
    def named_outcomes(self) -> list[tuple[CharacterOutcome, str]]:
        """Each character's line with its name as the other pages say it."""
        return [
            (
                o,
                self.labels.get(
                    o.participant.character_id, o.participant.character.name
                ),
            )
            for o in self.outcomes
        ]

    @property
    def scene(self):
        return self.battle.scene

    @property
    def result_sentence(self) -> str:
        if self.result is None:
            return ""
        return _result_sentence(self.result)

    @property
    def corrected(self) -> bool:
        """The result was applied, reopened and entered again (RULES §6.2:
        each character's rolls are its own, so a correction moved no one
        else's)."""
        return self.result is not None and bool(self.battle.reopened_entry)

    @property
    def rolls_in_words(self) -> list[str]:
        return [roll_in_words(entry) for entry in self.rolls]

    @property
    def changes(self) -> list[Effect]:
        """The effects a player reads: the commanders' history rows are
        bookkeeping behind the reputation and rating lines."""
        return [e for e in self.effects if e.target_model != "commanderchange"]

    @property
    def player_outcomes(self) -> list[CharacterOutcome]:
        return [o for o in self.outcomes if o.participant.side == Side.PLAYER]

    @property
    def ai_outcomes(self) -> list[CharacterOutcome]:
        return [o for o in self.outcomes if o.participant.side == Side.AI]


def _result_sentence(result: BattleResult) -> str:
    return result_sentence_of(result)


def _reopen(
    access: CampaignAccess, battle: Battle, result: BattleResult | None
) -> tuple[Step | None, str]:
    """The way back from an applied result, or why not now (none for a
    member, or before a result)."""
    if result is None or not access.can_edit:
        return None, ""
    return reopen_offer(
        campaign=access.campaign,
        battle=battle,
        steps=campaign_steps(campaign_id=battle.campaign_id),
    )


def resolution_page(*, access: CampaignAccess, battle_id: int) -> ResolutionPage:
    """The battle's resolution for the page; a fixed number of queries."""
    battle = battle_for_campaign(campaign=access.campaign, battle_id=battle_id)
    result = battle_result_or_none(battle=battle)
    offer, reason = _reopen(access, battle, result)
    current = None
    if result is not None:
        current = (
            Scene.objects.filter(campaign=access.campaign, status=SceneStatus.CURRENT)
            .exclude(kind=SceneKind.LARGER_BATTLE)
            .exclude(pk=battle.scene_id)
            .first()
        )
    return ResolutionPage(
        current=current,
        battle=battle,
        result=result,
        outcomes=tuple(result.character_outcomes.all()) if result else (),
        rolls=log_from_data(result.resolution_log) if result else (),
        effects=tuple(battle.effects.order_by("order", "id")) if result else (),
        reopen=offer,
        reopen_reason=reason,
        labels=participant_labels(list(battle.participants.all())),
    )


@dataclass(frozen=True)
class ResultPage:
    """The result form's page: the battle, its characters' lines, its rules
    (what the form asks), the values the form starts with and, for a result
    applied already, the way back or why not."""

    battle: Battle
    rows: tuple[EntryRow, ...]
    rules: ResultRules
    result: BattleResult | None
    initial: dict[str, Any]
    reopen: Step | None = None
    reopen_reason: str = ""
    not_now: str = ""
    """Why no result can be entered now ("" when it can)."""

    @property
    def scene(self):
        return self.battle.scene

    @property
    def reopened(self) -> bool:
        """The form starts from a result that was applied, then reopened."""
        return self.result is None and bool(self.battle.reopened_entry)


def result_page(*, access: CampaignAccess, battle_id: int) -> ResultPage:
    """The result form's page for ``battle_id`` (a fixed number of queries)."""
    battle = battle_for_campaign(campaign=access.campaign, battle_id=battle_id)
    result = battle_result_or_none(battle=battle)
    offer, reason = _reopen(access, battle, result)
    not_now = ""
    if result is None and battle.scene.status != SceneStatus.CURRENT:
        not_now = (
            f"Battle {battle.number} is for “{isolated(battle.scene.title)}”, which is "
            "not the campaign's current scene: its result cannot be entered."
        )
    rules = battle_result_rules(battle=battle)
    return ResultPage(
        battle=battle,
        rows=tuple(result_entry_rows(battle=battle)),
        rules=rules,
        result=result,
        initial=result_initial(battle=battle, result=result, rules=rules),
        reopen=offer,
        reopen_reason=reason,
        not_now=not_now,
    )
