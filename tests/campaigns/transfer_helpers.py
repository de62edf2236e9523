"""Campaigns to export and import: the demo played for a while, row counts."""

from __future__ import annotations

from types import SimpleNamespace

from django.apps import apps
from django.contrib.auth import get_user_model

from campaigns.models import (
    Battle,
    Campaign,
    CampaignLogEntry,
    Commander,
    PersistingWound,
    Scene,
    SceneFeature,
)
from campaigns.selectors.lineup import scene_lineup
from campaigns.selectors.table_context import table_context
from campaigns.services.battle_notes import battle_notes_update
from campaigns.services.battle_setup import battle_reroll, battle_set_up
from campaigns.services.commanders import commander_change_by_hand
from campaigns.services.demo import demo_seed
from campaigns.services.result_apply import result_apply
from campaigns.services.table_log import table_entry_add
from engines.enums import SceneStatus
from engines.table.moves import BeginRound, TellTap


def table_counts() -> dict[str, int]:
    """Rows of every campaigns model and of the users: equal counts, nothing
    written."""
    models = [*apps.get_app_config("campaigns").get_models(), get_user_model()]
    return {m._meta.label: m._default_manager.count() for m in models}


def set_up(campaign: Campaign, *, seed: int = 1) -> Battle:
    """The current scene's battle with every fit player character."""
    scene = campaign.current_scene()
    fit = scene_lineup(scene=scene).default_participant_ids()
    return battle_set_up(scene=scene, stance="attack", participant_ids=fit, seed=seed)


RESOLUTION_SEED = 1
"""The played battles' fates: among them deaths and a character made unfit
(effects on characters, which the export tests look for)."""


def play(battle: Battle, *, outcome: str, fallen: int = 2):
    """Apply a result in which the first ``fallen`` characters of each side fell."""
    participants = list(battle.participants.order_by("order"))
    lines = {}
    for side in ("player", "ai"):
        for p in [p for p in participants if p.side == side][:fallen]:
            lines[str(p.pk)] = {"fallen": True}
    data = {"outcome": outcome, "end_reason": "objective", "characters": lines}
    return result_apply(battle=battle, data=data).result


def play_demo(
    *,
    settings,
    tmp_path,
    played: int = 2,
    planned: bool = True,
    by_hand: bool = True,
    fixtures_dir=None,
):
    """The demo campaign part-way through: ``played`` battles resolved through
    the services, then one planned and re-rolled
    (and begun at the table);
    a member, and (``by_hand``) a commander changed by hand, two wounds and a
    note added by hand. ``fixtures_dir``: the demo's documents from there."""
    settings.DEMO_LOGIN_FILE = tmp_path / ".demo-login"
    login = demo_seed(password="x-demo-pass-1", fixtures_dir=fixtures_dir)
    campaign = Campaign.objects.select_related("owner").get(slug=login.campaign_slug)
    owner = campaign.owner
    member = get_user_model().objects.create_user(username="sam-member")
    campaign.members.add(member)

    battles = []
    for number in range(played):
        battle = set_up(campaign, seed=number + 1)
        # The fates too come from a fixed seed, so the same effects every run.
        Battle.objects.filter(pk=battle.pk).update(resolution_seed=RESOLUTION_SEED)
        battle.refresh_from_db()
        play(battle, outcome="victory" if number % 2 == 0 else "defeat")
        battles.append(battle)
    if planned or not battles:
        battle = battle_reroll(battle=set_up(campaign, seed=7), seed=8)
        battle_notes_update(battle=battle, notes="Watch the gate.\nThen the bridge.")
        at_the_table(battle)
        battles.append(battle)

    if by_hand:
        _by_hand(campaign, battles)
    campaign.refresh_from_db()
    return SimpleNamespace(
        campaign=campaign,
        owner=owner,
        member=member,
        battles=battles,
        current=campaign.current_scene(),
        resolved=Scene.objects.filter(
            campaign=campaign, status=SceneStatus.RESOLVED.value
        ).count(),
    )


def at_the_table(battle: Battle) -> None:
    """Play the first round's start in table mode and tap a wound on the first
    player character: the battle gets a log of two entries."""
    table_entry_add(battle=battle, version=0, action=BeginRound(sightings={}))
    table_entry_add(
        battle=battle,
        version=1,
        action=TellTap(tap="wound", key=table_context(battle=battle).fighters[0].key),
    )


def _by_hand(campaign: Campaign, battles: list[Battle]) -> None:
    commander = Commander.objects.filter(campaign=campaign).order_by("name").first()
    commander_change_by_hand(
        commander=commander,
        reputation="cautious",
        rating="superior",
        reason="Tested by hand",
        user=campaign.owner,
    )
    character = battles[-1].participants.order_by("order").first().character
    PersistingWound.objects.create(
        character=character,
        name="Morgul blade",
        rules_text="−1 to move.",
        heals_at_sanctuary=False,
        battle_taken=battles[-1],
    )
    sanctuary = Scene.objects.filter(campaign=campaign, kind="sanctuary").first()
    PersistingWound.objects.create(
        character=character,
        status="healed",
        healed_at_scene=sanctuary,
        healed_in_battle=battles[0],
    )
    CampaignLogEntry.objects.create(
        campaign=campaign, kind="note", text="A note by hand.", scene=sanctuary
    )
    SceneFeature.objects.create(
        scene=battles[-1].scene,
        name="A hedge by hand",
        x=2,
        y=3,
        width=10,
        depth=1,
        cover="soft",
    )
