"""Battle setup (RULES §3): from the current scene and the player's choices to a
planned battle, with every roll seeded and logged.

Runs under a lock: the campaign's row, then the scene's, are locked
(``select_for_update``) so two simultaneous setups of one scene make one planned
battle, and a setup never lands while the step before it is being taken back;
the database's one-planned-battle-per-scene constraint is the last line.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction

from campaigns.models import Battle, CampaignLogEntry, Scene
from campaigns.models.battle import BattleStatus, new_seed
from campaigns.selectors.lineup import scene_lineup
from campaigns.services.battle_setup_checks import (
    COOP_NAME_MAX,
    MAX_SEED,
    SEED_RANGE_MESSAGE,
    _check_scene,
    _chosen_participants,
    _chosen_scouts,
    _coop_names,
    _ordered_unique,
    _seed,
    _stance,
)
from campaigns.services.battle_setup_save import (
    _apply_result,
    _generate,
    _log_text,
    _save_lineup,
)
from campaigns.services.locks import campaign_locked
from campaigns.services.pack_render import pack_render_schedule
from campaigns.site_url import site_url as default_site_url
from engines.enums import Side, Stance
from engines.scenario import SetupError

__all__ = [
    "COOP_NAME_MAX",
    "MAX_SEED",
    "SEED_RANGE_MESSAGE",
    "battle_reroll",
    "battle_set_up",
]


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
