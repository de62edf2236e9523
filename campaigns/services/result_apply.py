"""Applying a battle's result (RULES §6.2–§6.5): fates, wounds, deaths, unfit
flags, commanders, the scene and the next one — once, and reversibly."""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Prefetch
from django.utils import timezone

from campaigns.bidi import isolated
from campaigns.models import (
    Battle,
    BattleCompany,
    BattleResult,
    CampaignLogEntry,
    Character,
    CharacterOutcome,
    PersistingWound,
    Scene,
)
from campaigns.models.battle import BattleStatus
from campaigns.models.result import EffectKind
from campaigns.selectors.result import EntryRow, result_entry_rows
from campaigns.selectors.wounds import engine_wounds
from campaigns.services.effects import Ledger
from campaigns.services.locks import campaign_locked
from campaigns.services.pack_render import battle_packs_schedule
from campaigns.services.result_commanders import commanders_after_battle
from campaigns.services.result_entry import ResultEntry, result_entry_clean
from campaigns.services.scene_progress import scene_advance
from campaigns.setting_words import scenario_said
from campaigns.story import (
    CommanderLine,
    FateLine,
    battle_story,
    result_sentence_of,
    story_text,
)
from engines.aftermath import (
    CharacterFate,
    FateInput,
    FatesResult,
    resolve_fates,
)
from engines.dice import log_to_data
from engines.enums import (
    Fate,
    SceneStatus,
    Side,
    WoundSide,
    WoundStatus,
)
from engines.wounds import DEFAULT_WOUND_NAME

BATTLE_GONE = "This battle was discarded: there is no battle to enter a result for."
REOPEN_FIRST = (
    "A different result has already been applied to this battle: to change it, "
    "reopen it first."
)


@dataclass(frozen=True)
class ResultApplied:
    """The battle's result, and whether this call applied it (False: the same
    result had been applied already, and nothing changed)."""

    result: BattleResult
    applied_now: bool


def result_apply(*, battle: Battle, data: Mapping[str, Any]) -> ResultApplied:
    """Check the result, resolve every fate and apply every effect of it.

    Runs under the campaign's lock (and the battle's row lock) for the whole
    transaction, so a double click, the back button or two tabs apply a result
    once, and a discard or a reopen at the same moment waits its turn. The same
    result again returns the applied one unchanged (``applied_now`` False); a
    different one is refused until the battle is reopened. Raises
    ValidationError (keyed by result form field) and saves nothing when the
    result breaks a rule.
    """
    with transaction.atomic():
        battle = campaign_locked(
            model=Battle,
            pk=battle.pk,
            campaign_id=battle.campaign_id,
            missing=BATTLE_GONE,
        )
        scene = Scene.objects.get(pk=battle.scene_id)
        rows = result_entry_rows(battle=battle)
        entry = result_entry_clean(battle=battle, data=data, rows=rows)
        fingerprint = entry.fingerprint()
        existing = BattleResult.objects.filter(battle=battle).first()
        if existing is not None:
            if existing.fingerprint != fingerprint:
                raise ValidationError(REOPEN_FIRST)
            return ResultApplied(result=existing, applied_now=False)
        _check_can_apply(battle, scene)

        ledger = Ledger(campaign_id=battle.campaign_id, battle=battle, scene=scene)
        companies = list(
            BattleCompany.objects.filter(battle=battle)
            .select_related("company")
            .order_by("order", "id")
        )
        characters = _characters(battle, companies)
        sides = _sides(battle, companies, characters)
        fates = resolve_fates(
            _fate_inputs(companies, characters, sides, rows, entry),
            seed=battle.resolution_seed,
            random_source=random.Random,
        )
        result = BattleResult.objects.create(
            battle=battle,
            outcome=entry.outcome,
            end_reason=entry.end_reason,
            player_routed=entry.player_routed,
            ai_routed=entry.ai_routed,
            player_victory_points=entry.player_victory_points,
            ai_victory_points=entry.ai_victory_points,
            rounds_played=entry.rounds_played,
            fingerprint=fingerprint,
            resolution_log=log_to_data(fates.log),
            overruled=data.get("overruled") or "",  # against the ways to win
        )
        _save_outcomes(result, rows, entry, fates)
        new_wounds, healed = _apply_fates(
            ledger, battle, scene, characters, sides, fates
        )
        moved = commanders_after_battle(ledger, battle, scene, companies, entry)
        ledger.note(
            CampaignLogEntry.Kind.RESULT,
            _result_text(
                battle,
                scene,
                entry,
                fates,
                _Told(new_wounds, healed, moved, _tokens(rows, entry)),
            ),
            first=True,
        )
        scene_advance(ledger=ledger, scene=scene, outcome=entry.outcome)
        ledger.change(
            battle,
            EffectKind.BATTLE_STATUS,
            f"Battle {battle.number} resolved",
            status=BattleStatus.RESOLVED.value,
            resolved_at=timezone.now(),
        )
        ledger.save()
        # The pack prints the battle's status and its characters' wounds.
        battle_packs_schedule(battle_ids=[battle.pk])
    return ResultApplied(result=result, applied_now=True)


def _check_can_apply(battle: Battle, scene: Scene) -> None:
    if battle.status == BattleStatus.RESOLVED:
        raise ValidationError(REOPEN_FIRST)
    if scene.status != SceneStatus.CURRENT:
        raise ValidationError(
            f"Battle {battle.number} is for “{isolated(scene.title)}”, which is not "
            "the campaign's current scene: its result cannot be entered."
        )


@dataclass(frozen=True)
class _Told:
    """What the resolution did, for its story: new wounds by character key,
    wounds healed (character, wound), commanders moved, tokens by character."""

    new_wounds: Mapping[str, list[str]]
    healed: list[tuple[str, str]]
    moved: list[CommanderLine]
    tokens: Mapping[int, int]


def _result_text(
    battle: Battle, scene: Scene, entry: ResultEntry, fates: FatesResult, told: _Told
) -> str:
    """The battle's story for the campaign log, as the chronicle tells it."""
    lines = [
        FateLine(
            name=fate.name,
            fate=fate.fate.value,
            wound_tokens=told.tokens.get(int(fate.key), 0),
            new_wounds=tuple(told.new_wounds.get(fate.key, ())),
        )
        for fate in fates.fates
    ]
    return story_text(
        battle_story(
            number=battle.number,
            scene=scene.title,
            scenario=scenario_said(battle.campaign, battle.scenario_name),
            result=result_sentence_of(entry),
            fates=lines,
            healed=told.healed,
            commanders=told.moved,
        )
    )


def _tokens(rows: list[EntryRow], entry: ResultEntry) -> dict[int, int]:
    """Wound tokens taken, by character id."""
    return {
        row.participant.character_id: entry.line_for(row.participant.pk).wound_tokens
        for row in rows
    }


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
                open_wounds=engine_wounds(character.open),
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
                left_battle=line.left_battle,
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
) -> tuple[dict[str, list[str]], list[tuple[str, str]]]:
    """Apply each fate; return the names of the new wounds (by character key)
    and the wounds healed (character, wound) for the story."""
    by_key = {str(c.pk): c for c in characters}
    wounds = {str(w.pk): w for c in characters for w in c.open}
    new_wounds: dict[str, list[str]] = {}
    healed: list[tuple[str, str]] = []
    for fate in fates.fates:
        character = by_key[fate.key]
        who = isolated(character.name)
        if fate.dead:
            ledger.change(
                character,
                EffectKind.DEATH,
                _death_text(character, fate, scene),
                alive=False,
            )
        for _ in range(fate.new_persisting_wounds):
            wound = _new_wound(character, battle, scene, sides[character.pk])
            new_wounds.setdefault(fate.key, []).append(wound.name)
            ledger.created(
                wound,
                EffectKind.WOUND_OPENED,
                f"{who} carries a new persisting wound"
                + ("" if wound.name == DEFAULT_WOUND_NAME else f": {wound.name}"),
            )
        for key in fate.healed_wound_keys:
            wound = wounds[key]
            healed.append((character.name, wound.name))
            ledger.change(
                wound,
                EffectKind.WOUND_HEALED,
                f"{who}: {isolated(wound.name)} healed (rolled a 6)",
                status=WoundStatus.HEALED.value,
                healed_in_battle_id=battle.pk,
            )
    for key in fates.unfit.cleared:
        ledger.change(
            by_key[key],
            EffectKind.UNFIT_CLEARED,
            f"{isolated(by_key[key].name)} is fit again: the company has fought "
            "its next battle",
            unfit_next_battle=False,
        )
    for key in fates.unfit.newly_set:
        ledger.change(
            by_key[key],
            EffectKind.UNFIT_SET,
            f"{isolated(by_key[key].name)} is unfit for the company's next battle",
            unfit_next_battle=True,
        )
    return new_wounds, healed


def _death_text(character: Character, fate: CharacterFate, scene: Scene) -> str:
    """The cause of a death, truthfully: the scene's rule that killed the
    character outright, or the fall it did not survive."""
    if fate.fate == Fate.KILLED_OUTRIGHT:
        rule = " ".join(scene.outright_kill_rule.split())
        cause = f"by the scene's rule: {rule}" if rule else "(as entered)"
        return f"{isolated(character.name)} died, killed outright {cause}"
    if fate.fate == Fate.KILLED:
        return f"{isolated(character.name)} fell and died (rolled a natural 1)"
    return f"{isolated(character.name)} died ({fate.reason})"


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
