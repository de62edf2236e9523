"""Applying a battle's result (RULES §6.2–§6.5): fates, wounds, deaths, unfit
flags, commanders, the scene and the next one — once, and reversibly.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Prefetch
from django.utils import timezone

from campaigns.models import (
    Battle,
    BattleCompany,
    BattleResult,
    CampaignLogEntry,
    Character,
    CharacterOutcome,
    Commander,
    CommanderChange,
    PersistingWound,
    Scene,
)
from campaigns.models.battle import BattleStatus
from campaigns.models.result import EffectKind
from campaigns.selectors.result import EntryRow, result_entry_rows
from campaigns.services.effects import Ledger
from campaigns.services.result_entry import ResultEntry, result_entry_clean
from campaigns.services.scene_progress import scene_advance
from engines.aftermath import (
    FateInput,
    FatesResult,
    Wound,
    commander_after_battle,
    resolve_fates,
    side_outcome,
)
from engines.dice import log_to_data
from engines.enums import (
    Outcome,
    Rating,
    Reputation,
    SceneStatus,
    Side,
    WoundSide,
    WoundStatus,
)
from engines.wounds import DEFAULT_WOUND_NAME

REOPEN_FIRST = (
    "A different result has already been applied to this battle: to change it, "
    "reopen it first."
)


def result_apply(*, battle: Battle, data: Mapping[str, Any]) -> BattleResult:
    """Check the result, resolve every fate and apply every effect of it.

    Runs under a lock: the battle's row is locked (``select_for_update``) for
    the whole transaction, so a double click, the back button or two tabs
    apply a result once. The same result again returns the applied one
    unchanged (``applied_now`` False); a different one is refused until the
    battle is reopened. Raises ValidationError (keyed by result form field)
    and saves nothing when the result breaks a rule.
    """
    with transaction.atomic():
        battle = Battle.objects.select_for_update().get(pk=battle.pk)
        scene = Scene.objects.get(pk=battle.scene_id)
        rows = result_entry_rows(battle=battle)
        entry = result_entry_clean(battle=battle, data=data, rows=rows)
        fingerprint = entry.fingerprint()
        existing = BattleResult.objects.filter(battle=battle).first()
        if existing is not None:
            if existing.fingerprint != fingerprint:
                raise ValidationError(REOPEN_FIRST)
            existing.applied_now = False
            return existing
        _check_can_apply(battle, scene)

        ledger = Ledger(campaign_id=battle.campaign_id, battle=battle, scene=scene)
        ledger.note(CampaignLogEntry.Kind.RESULT, _result_text(battle, scene, entry))
        companies = list(
            BattleCompany.objects.filter(battle=battle)
            .select_related("company")
            .order_by("order", "id")
        )
        characters = _characters(battle, companies)
        sides = _sides(battle, companies, characters)
        fates = resolve_fates(
            _fate_inputs(companies, characters, sides, rows, entry),
            rng=random.Random(battle.resolution_seed),
        )
        result = BattleResult.objects.create(
            battle=battle,
            outcome=entry.outcome,
            end_reason=entry.end_reason,
            player_routed=entry.player_routed,
            ai_routed=entry.ai_routed,
            player_victory_points=entry.player_victory_points,
            ai_victory_points=entry.ai_victory_points,
            fingerprint=fingerprint,
            resolution_log=log_to_data(fates.log),
        )
        _save_outcomes(result, rows, entry, fates)
        _apply_fates(ledger, battle, scene, characters, sides, fates)
        _apply_commanders(ledger, battle, scene, companies, entry)
        scene_advance(ledger=ledger, scene=scene, outcome=entry.outcome)
        ledger.change(
            battle,
            EffectKind.BATTLE_STATUS,
            f"Battle {battle.number} resolved",
            status=BattleStatus.RESOLVED.value,
            resolved_at=timezone.now(),
        )
        ledger.save()
    result.applied_now = True
    return result


def _check_can_apply(battle: Battle, scene: Scene) -> None:
    if battle.status == BattleStatus.RESOLVED:
        raise ValidationError(REOPEN_FIRST)
    if scene.status != SceneStatus.CURRENT:
        raise ValidationError(
            f"Battle {battle.number} is for “{scene.title}”, which is not the "
            "campaign's current scene: its result cannot be entered."
        )


def _result_text(battle: Battle, scene: Scene, entry: ResultEntry) -> str:
    text = (
        f"Battle {battle.number} at {scene.title}: {entry.outcome.label.lower()} "
        f"for the player, ended by {entry.end_reason.label.lower()}"
    )
    routed = [
        label
        for label, flag in (("player", entry.player_routed), ("AI", entry.ai_routed))
        if flag
    ]
    if routed:
        text += f"; {' and '.join(routed)} side routed"
    if entry.player_victory_points is not None or entry.ai_victory_points is not None:
        text += (
            f"; victory points {entry.player_victory_points or 0}–"
            f"{entry.ai_victory_points or 0}"
        )
    return text + "."


# --- the fates (§6.2) ------------------------------------------------------------


def _characters(battle: Battle, companies: list[BattleCompany]) -> list[Character]:
    """Every character of the companies that fought: alive, or taking part."""
    open_wounds = PersistingWound.objects.filter(status=WoundStatus.OPEN).order_by(
        "created_at", "id"
    )
    taking_part = set(battle.participants.values_list("character_id", flat=True))
    characters = (
        Character.objects.filter(company_id__in=[bc.company_id for bc in companies])
        .prefetch_related(Prefetch("wounds", queryset=open_wounds, to_attr="open"))
        .order_by("company_id", "card_order", "id")
    )
    return [c for c in characters if c.alive or c.pk in taking_part]


def _sides(
    battle: Battle, companies: list[BattleCompany], characters: list[Character]
) -> dict[int, str]:
    """Each character's side in this battle: as it took part, else its company's."""
    company = {bc.company_id: bc for bc in companies}
    taking_part = dict(battle.participants.values_list("character_id", "side"))
    return {
        c.pk: taking_part.get(c.pk) or company[c.company_id].side for c in characters
    }


def _fate_inputs(
    companies: list[BattleCompany],
    characters: list[Character],
    sides: dict[int, str],
    rows: list[EntryRow],
    entry: ResultEntry,
) -> list[FateInput]:
    company = {bc.company_id: bc for bc in companies}
    lines = {
        row.participant.character_id: entry.line_for(row.participant.pk) for row in rows
    }
    inputs = []
    for character in characters:
        line = lines.get(character.pk)
        side = sides[character.pk]
        inputs.append(
            FateInput(
                key=str(character.pk),
                name=character.name,
                is_player=side == Side.PLAYER,
                company=str(character.company_id),
                company_order=company[character.company_id].order,
                card_order=character.card_order,
                wound_slots=character.wound_slots,
                is_hero=character.hero,
                took_part=line is not None,
                wound_tokens=line.wound_tokens if line else 0,
                fallen=bool(line and line.fallen),
                killed_outright=bool(line and line.killed_outright),
                open_wounds=tuple(
                    Wound(
                        key=str(wound.pk),
                        name=wound.name,
                        heals_at_sanctuary=wound.heals_at_sanctuary,
                    )
                    for wound in character.open
                ),
                unfit=character.unfit_next_battle,
            )
        )
    return inputs


def _save_outcomes(
    result: BattleResult, rows: list[EntryRow], entry: ResultEntry, fates: FatesResult
) -> None:
    outcomes = []
    for row in rows:
        line = entry.line_for(row.participant.pk)
        fate = fates.fate_of(str(row.participant.character_id))
        outcomes.append(
            CharacterOutcome(
                result=result,
                participant=row.participant,
                wound_tokens=line.wound_tokens,
                fallen=line.fallen,
                routed=line.routed,
                carried_objective=line.carried_objective,
                killed_outright=line.killed_outright,
                fate=fate.fate.value if fate else "",
            )
        )
    CharacterOutcome.objects.bulk_create(outcomes)


def _apply_fates(
    ledger: Ledger,
    battle: Battle,
    scene: Scene,
    characters: list[Character],
    sides: dict[int, str],
    fates: FatesResult,
) -> None:
    by_key = {str(c.pk): c for c in characters}
    wounds = {str(w.pk): w for c in characters for w in c.open}
    for fate in fates.fates:
        character = by_key[fate.key]
        if fate.dead:
            ledger.change(
                character,
                EffectKind.DEATH,
                f"{character.name} died ({fate.reason})",
                alive=False,
            )
        for _ in range(fate.new_persisting_wounds):
            wound = _new_wound(character, battle, scene, sides[character.pk])
            ledger.created(
                wound,
                EffectKind.WOUND_OPENED,
                f"{character.name} has a new persisting wound: {wound.name}",
            )
        for key in fate.healed_wound_keys:
            wound = wounds[key]
            ledger.change(
                wound,
                EffectKind.WOUND_HEALED,
                f"{character.name}: {wound.name} healed (rolled a 6)",
                status=WoundStatus.HEALED.value,
                healed_in_battle_id=battle.pk,
            )
    for key in fates.unfit.cleared:
        ledger.change(
            by_key[key],
            EffectKind.UNFIT_CLEARED,
            f"{by_key[key].name} is fit again: the company has fought its next battle",
            unfit_next_battle=False,
        )
    for key in fates.unfit.newly_set:
        ledger.change(
            by_key[key],
            EffectKind.UNFIT_SET,
            f"{by_key[key].name} is unfit for the company's next battle",
            unfit_next_battle=True,
        )


def _new_wound(
    character: Character, battle: Battle, scene: Scene, side: str
) -> PersistingWound:
    """The scene's special wound for the side(s) it applies to, else a plain one."""
    special = bool(scene.special_wound_name) and WoundSide(
        scene.special_wound_applies_to or WoundSide.PLAYER
    ).covers(side)
    if not special:
        return PersistingWound.objects.create(
            character=character, name=DEFAULT_WOUND_NAME, battle_taken=battle
        )
    return PersistingWound.objects.create(
        character=character,
        name=scene.special_wound_name,
        rules_text=scene.special_wound_rules,
        heals_at_sanctuary=scene.special_wound_heals_at_sanctuary,
        attack_modifier=scene.special_wound_attack,
        defence_modifier=scene.special_wound_defence,
        move_modifier=scene.special_wound_move,
        battle_taken=battle,
    )


# --- the commanders (§6.4) -------------------------------------------------------


def _apply_commanders(
    ledger: Ledger,
    battle: Battle,
    scene: Scene,
    companies: list[BattleCompany],
    entry: ResultEntry,
) -> None:
    leading = {bc.side: bc.company.commander_id for bc in companies if bc.leading}
    commanders = Commander.objects.select_for_update().in_bulk(
        [pk for pk in leading.values() if pk is not None]
    )
    routed = {Side.PLAYER: entry.player_routed, Side.AI: entry.ai_routed}
    for side in (Side.PLAYER, Side.AI):
        commander = commanders.get(leading.get(side.value))
        if commander is None:
            continue
        step = commander_after_battle(
            Reputation(commander.reputation),
            Rating(commander.rating),
            commander.victories_since_rating_change,
            side_outcome(Outcome(entry.outcome), side),
            routed[side],
        )
        why = f"Battle {battle.number} at {scene.title}"
        if step.reputation_changed:
            _commander_change(
                ledger,
                battle,
                commander,
                CommanderChange.Field.REPUTATION,
                step.reputation,
                f"{why}: {step.reputation_reason}",
            )
        if step.rating_changed:
            _commander_change(
                ledger,
                battle,
                commander,
                CommanderChange.Field.RATING,
                step.rating,
                f"{why}: {step.rating_reason}",
            )
        before = commander.victories_since_rating_change
        ledger.change(
            commander,
            EffectKind.VICTORIES,
            f"{commander.name}: victories since the last rating change "
            f"{before} → {step.victories_since_rating_change}",
            victories_since_rating_change=step.victories_since_rating_change,
        )


def _commander_change(
    ledger: Ledger,
    battle: Battle,
    commander: Commander,
    field: str,
    new: Reputation | Rating,
    reason: str,
) -> None:
    enum = Reputation if field == CommanderChange.Field.REPUTATION else Rating
    old = enum(getattr(commander, field))
    kind = EffectKind.REPUTATION if enum is Reputation else EffectKind.RATING
    ledger.change(
        commander,
        kind,
        f"{commander.name}: {old.label} → {new.label} ({reason})",
        **{field: new.value},
    )
    history = CommanderChange.objects.create(
        commander=commander,
        field=field,
        old_value=old.value,
        new_value=new.value,
        reason=reason[:200],
        battle=battle,
    )
    ledger.created(
        history,
        EffectKind.OTHER,
        f"{commander.name}'s history: {field} {old.label} → {new.label}",
        log=False,
    )
