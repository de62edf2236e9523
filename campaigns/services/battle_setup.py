"""Battle setup (RULES §3): from the current scene and the player's choices to a
planned battle, with every roll seeded and logged.

Runs under a lock: the campaign's row, then the scene's, are locked
(``select_for_update``) so two simultaneous setups of one scene make one planned
battle, and a setup never lands while the step before it is being taken back;
the database's one-planned-battle-per-scene constraint is the last line.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.utils import timezone

from campaigns.bidi import isolated
from campaigns.models import (
    Battle,
    BattleCompany,
    BattleParticipant,
    CampaignLogEntry,
    Scene,
)
from campaigns.models.battle import BattleStatus, new_seed
from campaigns.selectors.battlefield import scene_forces, scene_table
from campaigns.selectors.lineup import LineupCharacter, SceneLineup, scene_lineup
from campaigns.services.battle_snapshot import SNAPSHOT_KEY, cards_snapshot
from campaigns.services.locks import campaign_locked
from campaigns.services.pack_render import pack_render_schedule
from campaigns.setting_words import scenario_said
from campaigns.site_url import site_url as default_site_url
from campaigns.validators import unprintable, visible
from engines.enums import (
    Doctrine,
    Mishap,
    Rating,
    Reputation,
    Scenario,
    ScenarioMode,
    SceneStatus,
    Side,
    Stance,
)
from engines.scenario import (
    NO_COMMANDER_RATING,
    NO_COMMANDER_REPUTATION,
    SetupCharacter,
    SetupError,
    SetupInputs,
    SetupResult,
    generate_setup,
)
from engines.scouting import SCOUT_SHARE_WORDS, scouts_allowed

MAX_SEED = 2**63 - 1
SEED_RANGE_MESSAGE = (
    f"A seed is a whole number (0 or more) of at most {len(str(MAX_SEED)) - 1} "
    "digits: shorten it, or leave it empty for a fresh one."
)
# The engine names the input at fault; the form names its fields differently.
FORM_FIELDS = {
    "player_characters": "participants",
    "player_scouts": "scouts",
    "stance": "stance",
}
COOP_NAME_MAX = 40


def battle_set_up(
    *,
    scene: Scene,
    stance: Stance | str | None,
    participant_ids: Sequence[int],
    scout_ids: Sequence[int] = (),
    coop_players: Mapping[int, str] | None = None,
    seed: int | None = None,
    site_url: str | None = None,
) -> Battle:
    """Run §3 for the scene's current battle and save it as a planned battle.

    ``stance`` is None for a fixed scenario (no stance is asked there). Raises
    ValidationError (keyed by form field where one is to blame) and saves
    nothing when the choices break a rule. Once saved, the battle's pack is
    sent to be rendered in the background, printing ``site_url`` (the address
    the player reached the site at; None: the configured or local one).
    """
    try:
        with transaction.atomic():
            scene = campaign_locked(
                model=Scene,
                pk=scene.pk,
                campaign_id=scene.campaign_id,
                missing="This scene no longer exists.",
                related=("campaign",),
            )
            _check_scene(scene)
            lineup = scene_lineup(scene=scene)
            players = _chosen_participants(lineup, participant_ids)
            scouts = _chosen_scouts(scene, players, scout_ids)
            coop = _coop_names(players, coop_players or {})
            seed = _seed(seed)
            result = _generate(
                scene, lineup, _stance(scene, stance), players, scouts, seed
            )
            battle = Battle(
                campaign=scene.campaign,
                scene=scene,
                status=BattleStatus.PLANNED,
                setup_seed=seed,
                resolution_seed=new_seed(),
                coop_players=_ordered_unique(coop.values()),
            )
            _apply_result(battle, result)
            battle.save()
            _save_lineup(battle, lineup, players, result, coop)
            CampaignLogEntry.objects.create(
                campaign=scene.campaign,
                battle=battle,
                scene=scene,
                kind=CampaignLogEntry.Kind.SETUP,
                text=_log_text(battle, scene, "set up"),
            )
            pack_render_schedule(battle=battle, site_url=site_url or default_site_url())
    except IntegrityError as error:
        raise ValidationError(
            "This scene already has a planned battle: open it to re-roll it, "
            "discard it or enter its result."
        ) from error
    return battle


def battle_reroll(
    *, battle: Battle, seed: int | None = None, site_url: str | None = None
) -> Battle:
    """Roll a planned battle's setup again with a new seed.

    The earlier setup is kept in ``previous_setups`` and counted in
    ``times_rolled``, which the battle page and the pack print: honesty in solo play.
    The new pack is sent to be rendered as :func:`battle_set_up` does.
    """
    with transaction.atomic():
        battle = campaign_locked(
            model=Battle,
            pk=battle.pk,
            campaign_id=battle.campaign_id,
            missing="This battle was discarded: set up a new one.",
            related=("scene__campaign",),
        )
        if battle.status != BattleStatus.PLANNED:
            raise ValidationError("Only a planned battle can be re-rolled.")
        scene = battle.scene
        old_participants = list(
            battle.participants.filter(side=Side.PLAYER).order_by("order", "id")
        )
        lineup = scene_lineup(scene=scene)
        by_id = lineup.by_id()
        players = [
            by_id[p.character_id] for p in old_participants if p.character_id in by_id
        ]
        scouts = [by_id[p.character_id] for p in old_participants if p.scout]
        coop = {p.character_id: p.coop_player for p in old_participants}
        seed = _seed(seed)
        try:
            result = _generate(
                scene,
                lineup,
                _stance(scene, battle.player_stance or None),
                players,
                scouts,
                seed,
            )
        except SetupError as error:
            raise ValidationError(str(error)) from error
        battle.previous_setups = [
            *battle.previous_setups,
            {
                "roll": battle.times_rolled,
                "seed": battle.setup_seed,
                "scenario_name": battle.scenario_name,
                "rolled_at": battle.updated_at.isoformat() if battle.updated_at else "",
                "setup": battle.setup_data,
            },
        ]
        battle.times_rolled += 1
        battle.setup_seed = seed
        _apply_result(battle, result)
        battle.save()
        battle.participants.all().delete()
        battle.companies.all().delete()
        _save_lineup(battle, lineup, players, result, coop)
        CampaignLogEntry.objects.create(
            campaign=scene.campaign,
            battle=battle,
            scene=scene,
            kind=CampaignLogEntry.Kind.REROLL,
            text=_log_text(battle, scene, f"re-rolled (roll {battle.times_rolled})"),
        )
        pack_render_schedule(battle=battle, site_url=site_url or default_site_url())
    return battle


# --- Validation -------------------------------------------------------------------


def _check_scene(scene: Scene) -> None:
    if not scene.is_fighting():
        raise ValidationError(f"“{isolated(scene.title)}” is not fought as a battle.")
    if scene.status != SceneStatus.CURRENT:
        raise ValidationError(
            f"“{isolated(scene.title)}” is not the campaign's current scene: only the "
            "current scene can be set up."
        )
    if scene.battles.filter(status=BattleStatus.PLANNED).exists():
        raise ValidationError(
            "This scene already has a planned battle: open it to re-roll it, "
            "discard it or enter its result."
        )


def _stance(scene: Scene, stance: Stance | str | None) -> Stance | None:
    """The player's stance: asked for a generated scenario, none for a fixed one."""
    if scene.scenario_mode == ScenarioMode.FIXED:
        return None
    if not stance:
        raise ValidationError(
            {"stance": "Choose your stance: attack, recon or defend."}
        )
    return Stance(stance)


def _chosen_participants(
    lineup: SceneLineup, participant_ids: Sequence[int]
) -> list[LineupCharacter]:
    players = lineup.of_side(Side.PLAYER)
    by_id = {c.character.pk: c for c in players}
    try:
        wanted = {int(raw) for raw in participant_ids}
    except (TypeError, ValueError) as error:
        raise ValidationError(
            {"participants": "Pick characters from the list."}
        ) from error
    unknown = wanted - set(by_id)
    if unknown:
        raise ValidationError(
            {"participants": "Only the player's characters in this scene can fight."}
        )
    chosen = [c for c in players if c.character.pk in wanted]
    forbidden = [c for c in chosen if not c.allowed]
    if forbidden:
        names = ", ".join(c.character.name for c in forbidden)
        rules = " ".join(
            f"{isolated(limits.name)}: {limits.describe()}"
            for limits in _limits(lineup, forbidden)
        )
        raise ValidationError(
            {
                "participants": f"{names} cannot take part in "
                f"{isolated(lineup.scene.title)}. "
                f"{rules}"
            }
        )
    unfit = [c for c in chosen if not c.fit]
    if unfit:
        names = ", ".join(
            f"{isolated(c.character.name)} ({c.reason.lower()})" for c in unfit
        )
        raise ValidationError({"participants": f"Cannot fight: {names}."})
    if not chosen:
        raise ValidationError(
            {"participants": "Pick at least one character to take part."}
        )
    for scene_company in lineup.scene_companies:
        if scene_company.side != Side.PLAYER:
            continue
        count = sum(1 for c in chosen if c.scene_company.pk == scene_company.pk)
        least, most = scene_company.min_characters, scene_company.max_characters
        name = scene_company.company.name
        if most is not None and count > most:
            raise ValidationError(
                {
                    "participants": f"At most {most} of {name} may take part in "
                    f"{isolated(lineup.scene.title)}; {count} were picked."
                }
            )
        if least is not None and count < least:
            raise ValidationError(
                {
                    "participants": f"At least {least} of {name} must take part in "
                    f"{isolated(lineup.scene.title)}; {count} were picked."
                }
            )
    _check_ai_side(lineup)
    return chosen


def _limits(lineup: SceneLineup, characters: Sequence[LineupCharacter]):
    seen = []
    for c in characters:
        if c.scene_company not in seen:
            seen.append(c.scene_company)
    return [lineup.limits(sc) for sc in seen]


def _check_ai_side(lineup: SceneLineup) -> None:
    """The AI side needs someone to fight, and each AI company its least number."""
    fighting = lineup.ai_fighting()
    if not fighting:
        raise ValidationError(
            "Nobody can fight on the AI side: every AI character this scene allows "
            "is dead or unfit."
        )
    for scene_company in lineup.scene_companies:
        least = scene_company.min_characters
        if scene_company.side != Side.AI or least is None:
            continue
        count = sum(1 for c in fighting if c.scene_company.pk == scene_company.pk)
        if count < least:
            raise ValidationError(
                f"{isolated(scene_company.company.name)} needs at least {least} "
                f"characters in {isolated(lineup.scene.title)}, but only {count} can "
                "fight."
            )


def _chosen_scouts(
    scene: Scene, players: list[LineupCharacter], scout_ids: Sequence[int]
) -> list[LineupCharacter]:
    try:
        wanted = {int(raw) for raw in scout_ids}
    except (TypeError, ValueError) as error:
        raise ValidationError({"scouts": "Pick scouts from the list."}) from error
    if not wanted:
        return []
    if scene.scenario_mode == ScenarioMode.FIXED:
        raise ValidationError(
            {"scouts": "This scene has a fixed scenario: there is no scouting."}
        )
    by_id = {c.character.pk: c for c in players}
    if wanted - set(by_id):
        raise ValidationError(
            {"scouts": "A scout must be one of the characters taking part."}
        )
    allowed = scouts_allowed(len(players))
    if len(wanted) > allowed:
        raise ValidationError(
            {
                "scouts": f"Too many scouts: {len(wanted)} picked, at most {allowed} "
                f"allowed for {len(players)} characters taking part "
                f"({SCOUT_SHARE_WORDS}, rounded down)."
            }
        )
    return [c for c in players if c.character.pk in wanted]


def _coop_names(
    players: list[LineupCharacter], coop_players: Mapping[int, str]
) -> dict[int, str]:
    names = {}
    for c in players:
        name = " ".join(str(coop_players.get(c.character.pk, "")).split())
        if len(name) > COOP_NAME_MAX:
            raise ValidationError(
                {"coop": f"A player's name has at most {COOP_NAME_MAX} characters."}
            )
        if name and not visible(name):
            raise ValidationError(
                {
                    "coop": "A player's name has nothing visible in it: write it in "
                    "letters."
                }
            )
        missing = unprintable(name)
        if missing:
            raise ValidationError(
                {
                    "coop": f"The printed pack cannot show {' '.join(missing[:5])} "
                    f"in {name}: use letters, numbers and ordinary punctuation."
                }
            )
        names[c.character.pk] = name
    return _deal_unassigned(names)


def _deal_unassigned(names: dict[int, str]) -> dict[int, str]:
    """RULES §4: every character belongs to a general; those the players left
    without one are dealt round-robin, in card order, to the generals named."""
    generals = _ordered_unique(name for name in names.values() if name)
    if not generals:
        return names
    dealt = iter(range(len(names)))
    return {
        pk: name or generals[next(dealt) % len(generals)] for pk, name in names.items()
    }


def _seed(seed: int | None) -> int:
    if seed is None:
        return new_seed()
    if not 0 <= int(seed) <= MAX_SEED:
        raise ValidationError({"seed": SEED_RANGE_MESSAGE})
    return int(seed)


# --- The engine -------------------------------------------------------------------


def _setup_character(c: LineupCharacter) -> SetupCharacter:
    return SetupCharacter(
        key=str(c.character.pk),
        name=isolated(c.character.name),
        troop_type=c.character.troop_type,
        company_order=c.company_order,
        card_order=c.character.card_order,
        company=str(c.scene_company.company_id),
    )


def _commander_values(scene_company: Any) -> tuple[Reputation, Rating]:
    commander = scene_company.company.commander if scene_company else None
    if commander is None:
        return NO_COMMANDER_REPUTATION, NO_COMMANDER_RATING
    return Reputation(commander.reputation), Rating(commander.rating)


def _fixed_scenario(scene: Scene) -> tuple[str | None, str]:
    if scene.scenario_mode != ScenarioMode.FIXED:
        return None, ""
    if scene.fixed_scenario:
        return scene.fixed_scenario, scene.custom_scenario_setup
    return scene.custom_scenario_name, scene.custom_scenario_setup


def _generate(
    scene: Scene,
    lineup: SceneLineup,
    stance: Stance | None,
    players: list[LineupCharacter],
    scouts: list[LineupCharacter],
    seed: int,
) -> SetupResult:
    ai_reputation, ai_rating = _commander_values(lineup.leading(Side.AI))
    _, player_rating = _commander_values(lineup.leading(Side.PLAYER))
    fixed, fixed_text = _fixed_scenario(scene)
    inputs = SetupInputs(
        player_stance=stance,
        player_characters=tuple(_setup_character(c) for c in players),
        ai_characters=tuple(_setup_character(c) for c in lineup.ai_fighting()),
        player_scouts=tuple(str(c.character.pk) for c in scouts),
        ai_reputation=ai_reputation,
        ai_rating=ai_rating,
        player_rating=player_rating,
        castle_nearby=scene.castle_nearby,
        fixed_scenario=fixed,
        fixed_setup_text=fixed_text,
        fixed_player_role=scene.fixed_player_role or None,
        table=scene_table(
            scene=scene,
            features=scene.features.all(),
            objectives=scene.objectives.select_related("carried_by"),
        ),
        forces=scene_forces(lineup.scene_companies),
    )
    try:
        return generate_setup(inputs, rng=random.Random(seed))
    except SetupError as error:
        field = FORM_FIELDS.get(getattr(error, "field", None) or "")
        message = getattr(error, "message", None) or str(error)
        raise ValidationError({field: message} if field else message) from error


def _apply_result(battle: Battle, result: SetupResult) -> None:
    """Copy the engine's decisions onto the battle row."""
    scenario = str(result.scenario)
    battle.player_stance = result.player_stance.value if result.player_stance else ""
    battle.ai_stance = result.ai_stance.value if result.ai_stance else ""
    battle.player_score = result.player_score
    battle.ai_score = result.ai_score
    battle.relation = result.relation.value if result.relation else ""
    battle.higher_side = result.higher.value if result.higher else ""
    battle.table_cell = result.table_cell.value if result.table_cell else ""
    battle.special_roll = result.special_roll
    battle.scenario = scenario if scenario in Scenario._value2member_map_ else ""
    battle.scenario_name = scenario
    battle.setup_text = "\n\n".join(result.setup_text)
    battle.roles = {
        side.value: role.value
        for side, role in ((Side.PLAYER, result.player_role), (Side.AI, result.ai_role))
        if role is not None
    }
    battle.objective_placement = (
        None
        if result.objective is None
        else {
            "name": result.objective.name,
            "kind": result.objective.kind.value,
            "clock": result.objective.clock,
            "inches": result.objective.inches,
        }
    )
    battle.first_activation = (
        result.first_activation.value if result.first_activation else ""
    )
    battle.setup_data = result.to_data()
    battle.dice_log = battle.setup_data["log"]


def _save_lineup(
    battle: Battle,
    lineup: SceneLineup,
    players: list[LineupCharacter],
    result: SetupResult,
    coop: Mapping[int, str],
) -> None:
    scene = lineup.scene
    BattleCompany.objects.bulk_create(
        BattleCompany(
            battle=battle,
            company=sc.company,
            side=sc.side,
            entry_edge=sc.entry_edge,
            leading=sc.leading,
            doctrine=sc.doctrine(),
            starting_mode=scene.horde_start_mode
            if sc.doctrine() == Doctrine.HORDE
            else "",
            order=position,
        )
        for position, sc in enumerate(lineup.scene_companies)
    )
    states = {c.key: c for c in result.characters}
    fighting = [*players, *lineup.ai_fighting()]
    rows = []
    for order, c in enumerate(fighting, start=1):
        state = states.get(str(c.character.pk))
        mishap = state.mishap if state else None
        rows.append(
            BattleParticipant(
                battle=battle,
                character=c.character,
                side=c.side,
                order=order,
                scout=bool(state and state.scout),
                mishap=mishap.value if mishap else "",
                disorganized=bool(state and state.disorganized),
                reserve=mishap is Mishap.LATE,
                coop_player=coop.get(c.character.pk, ""),
            )
        )
    BattleParticipant.objects.bulk_create(rows)
    # The pack prints the participants as they stand now, however often later.
    battle.setup_data = {
        **battle.setup_data,
        SNAPSHOT_KEY: cards_snapshot(characters=[c.character for c in fighting]),
    }
    battle.save(update_fields=["setup_data"])


def _ordered_unique(names: Any) -> list[str]:
    seen: list[str] = []
    for name in names:
        if name and name not in seen:
            seen.append(name)
    return seen


def _log_text(battle: Battle, scene: Scene, verb: str) -> str:
    return (
        f"Battle {battle.number} at {isolated(scene.title)} {verb}: "
        f"{scenario_said(battle.campaign, battle.scenario_name)} "
        f"(seed {battle.setup_seed}, {timezone.now():%Y-%m-%d})."
    )[:500]
