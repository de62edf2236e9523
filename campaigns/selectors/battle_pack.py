"""Everything a battle pack prints, read in a fixed number of queries.

:func:`battle_pack_data` returns plain data (str, int, bool, None, lists and
dicts) and nothing else: the printing code lays it out, and the pack store
hashes it (:mod:`campaigns.printing.pack_store`), so a value that reaches the
paper is a value in this dict, and a change to any of them makes a new pack.
"""

from __future__ import annotations

import re
from typing import Any

from django.db.models import Prefetch, Q
from django.urls import NoReverseMatch, reverse

from campaigns.models import (
    Battle,
    BattleCompany,
    BattleParticipant,
    Campaign,
    PersistingWound,
)
from campaigns.models.battle import BattleStatus
from campaigns.models.company import SIDE_COLOURS
from campaigns.models.orders import orders_prefetch
from campaigns.models.victory import WayToWin, WinCondition, scene_victory
from campaigns.selectors.battlefield import scene_forces, scene_table
from campaigns.selectors.doctrine_settings import company_ranges, doctrine_settings
from campaigns.selectors.pack_names import card_labels, participant_labels
from campaigns.setting_words import Words, campaign_words
from campaigns.site_url import site_url as default_site_url
from campaigns.validators import HEX_COLOUR_PATTERN
from engines.battlefield import Battlefield, generated_battlefield, scene_battlefield
from engines.doctrines import order_rule, procedure
from engines.enums import (
    Doctrine,
    Edge,
    HordeMode,
    Mishap,
    ObjectiveKind,
    Rating,
    Relation,
    Reputation,
    Side,
    Stance,
    TroopType,
    WoundStatus,
)
from engines.events import event_deck_message
from engines.roles import Role
from engines.scouting import NO_COMMANDER_RATING, NO_COMMANDER_REPUTATION
from engines.victory import WayToWin as EngineWay
from engines.victory import victory_uses

DATA_VERSION = 6
"""Bump when the shape of the data changes (it is part of the pack's hash)."""


def battle_for_pack(*, campaign: Campaign, battle_id: int) -> Battle:
    """The campaign's battle ``battle_id`` (Battle.DoesNotExist for another
    campaign's battle), with everything the pack prints prefetched."""
    return pack_queryset(battle_id).get(campaign=campaign, pk=battle_id)


def battle_pack_data(*, battle: Battle, site_url: str | None = None) -> dict[str, Any]:
    """The pack's content as plain, JSON-serialisable data (see the module doc).

    ``site_url`` is the address printed for the result page
    (:func:`campaigns.site_url.site_url`); left out, the configured or local one.

    Seven queries at most (eight for a fixed scene: its ways to win), whatever
    the number of participants; fewer when
    ``battle`` came from :func:`battle_for_pack`.
    """
    if "companies" not in getattr(battle, "_prefetched_objects_cache", {}):
        battle = pack_queryset(battle.pk).get(pk=battle.pk)
    site_url = site_url or default_site_url()
    campaign = battle.campaign
    scene = battle.scene
    companies = [_company(bc) for bc in battle.companies.all()]
    colours = {c["id"]: c["colour"] for c in companies}
    battlefield = battle_battlefield(battle)
    # A battle played prints its characters as they stood at set-up
    # (campaigns.services.battle_snapshot), whatever healed or changed since; a
    # planned one as they stand (nothing but a correction changes them before
    # it is played), as does one set up before snapshots were kept.
    snapshot: dict[str, Any] = {}
    if battle.status != BattleStatus.PLANNED:
        snapshot = (battle.setup_data or {}).get("cards") or {}
    words = campaign_words(campaign)
    participants = list(battle.participants.all())
    labels = participant_labels(participants)
    present = [p for p in participants if p.mishap != Mishap.MISSES]
    people = [
        _participant(p, colours, snapshot.get(str(p.character_id)), words)
        | {"label": labels[p.character_id]}
        for p in participants
    ]
    return {
        "version": DATA_VERSION,
        "paper": campaign.paper_size,
        "site_url": site_url,
        "result_url": site_url + _result_path(campaign.slug, battle.pk),
        "campaign": {
            "name": campaign.name,
            "slug": campaign.slug,
            "random_events": campaign.random_events,
        },
        "battle": _battle(battle, words),
        "battlefield": card_labels(
            _battlefield_words(battlefield.to_data(), words), labels
        ),
        "scene": {
            "title": scene.title,
            "slug": scene.slug,
            "briefing": scene.briefing,
            "special_rules": scene.special_rules,
            "victory_conditions": scene.victory_conditions,
            "table_width": scene.table_width,
            "table_depth": scene.table_depth,
            "objectives": [
                {
                    "name": o.name,
                    "kind": ObjectiveKind(o.kind).label,
                    "victory_points": o.victory_points,
                }
                for o in scene.objectives.all()
            ],
            "special_wound": scene.special_wound_name,
            "special_wound_rule": {
                "name": scene.special_wound_name,
                "rules": scene.special_wound_rules,
                "heals_at_sanctuary": scene.special_wound_heals_at_sanctuary,
                "applies_to": scene.special_wound_applies_to,
                "attack": scene.special_wound_attack,
                "defence": scene.special_wound_defence,
                "move": scene.special_wound_move,
            },
            "outright_kill_rule": scene.outright_kill_rule,
            "reinforcements": scene.reinforcements,
            "reinforcement_cap": scene.reinforcement_cap,
            "quarry": sorted(c.name for c in scene.quarry.all()),
            "route": scene.route,
            "pursuit_bonus_inches": scene.pursuit_bonus_inches,
            "uses": _uses(scene, battlefield),
        },
        "companies": companies,
        "participants": people,
        "events": _events(campaign),
        "events_problem": _events_problem(campaign),
        "procedures": {
            str(c["id"]): words.all(
                procedure(
                    c["doctrine"],
                    doctrine_settings(
                        scene=scene,
                        starting_mode=c["starting_mode"],
                        orders=_force_orders(battlefield, c["id"]),
                        lit=battlefield.lit,
                        ranges=company_ranges(present, c["id"]),
                    ),
                ).to_data()
            )
            for c in companies
            if c["side"] == Side.AI
        },
        "ai_order": order_rule(
            {c["doctrine"] for c in companies if c["side"] == Side.AI},
            companies=sum(1 for c in companies if c["side"] == Side.AI),
        ),
    }


def battle_battlefield(battle: Battle, *, orders: bool = True) -> Battlefield:
    """The battlefield the battle was set up with; for a battle set up before
    battlefields were kept, the one its scene and setup give now (no cards
    dealt: the pack then says to deal them at the table). ``orders=False``
    leaves the AI's orders and single arrivals out (a page that shows neither)."""
    stored = (battle.setup_data or {}).get("battlefield")
    if stored:
        return Battlefield.from_data(stored)
    scene = battle.scene
    table = scene_table(
        scene=scene,
        features=scene.features.all(),
        objectives=scene.objectives.select_related("carried_by"),
    )
    companies = scene.scene_companies.select_related("company").order_by("order", "id")
    if orders:
        companies = companies.prefetch_related(*orders_prefetch())
    forces = scene_forces(companies, orders=orders)
    if (battle.setup_data or {}).get("fixed") or not battle.ai_stance:
        return scene_battlefield(table=table, forces=forces)
    placement = battle.objective_placement
    return generated_battlefield(
        battle.scenario_name,
        roles={Side(side): Role(role) for side, role in (battle.roles or {}).items()},
        table=table,
        forces=forces,
        placement=None
        if not placement
        else (
            placement["name"],
            ObjectiveKind(placement["kind"]),
            int(placement["clock"]),
            int(placement["inches"]),
        ),
    )


def _force_orders(battlefield: Battlefield, company_id: int) -> tuple:
    force = battlefield.force(str(company_id))
    return () if force is None else force.orders


# --- the queries --------------------------------------------------------------


def pack_queryset(battle_id: int):
    """The battle ``battle_id`` with everything its pack prints prefetched."""
    # The wounds the characters brought to this battle: open now and not taken
    # here, or healed by this very battle's resolution.
    wounds = PersistingWound.objects.filter(
        (Q(status=WoundStatus.OPEN) & ~Q(battle_taken_id=battle_id))
        | Q(healed_in_battle_id=battle_id)
    ).order_by("created_at", "id")
    participants = (
        BattleParticipant.objects.select_related("character__company")
        .prefetch_related(Prefetch("character__wounds", queryset=wounds))
        .order_by("order", "id")
    )
    companies = BattleCompany.objects.select_related(
        "company__commander", "company__reinforcement_template"
    ).order_by("order", "id")
    return Battle.objects.select_related(
        "campaign__event_deck", "campaign__setting", "scene"
    ).prefetch_related(
        Prefetch("participants", queryset=participants),
        Prefetch("companies", queryset=companies),
        "scene__objectives",
        "scene__quarry",
        "campaign__event_deck__events",
    )


# --- the parts ----------------------------------------------------------------


def _uses(scene: Any, battlefield: Battlefield) -> dict[str, Any]:
    """What the scene's ways to win make of its features and objectives (a
    generated battle scores by its own lines: none)."""
    if battlefield.generated:
        return {"exits": [], "objectives": {}}
    uses = victory_uses(scene_victory(scene, ways=_scene_ways(scene)))
    return {
        "exits": sorted(uses.exits),
        "objectives": {name: use.value for name, use in uses.objectives},
    }


def _scene_ways(scene: Any) -> list[EngineWay]:
    """A fixed scene's ways to win with their conditions, in one query (a
    generated battle asks nothing): the conditions joined to their way. A way
    with no condition names no exit and no objective, so leaving it out
    changes no use."""
    rows = (
        WinCondition.objects.filter(way__scene=scene)
        .select_related("way", "character", "company", "feature", "objective")
        .order_by("way__order", "way_id", "id")
    )
    ways: dict[int, tuple[WayToWin, list[WinCondition]]] = {}
    for row in rows:
        ways.setdefault(row.way_id, (row.way, []))[1].append(row)
    return [way.to_engine_with(conditions) for way, conditions in ways.values()]


def _battlefield_words(data: dict[str, Any], words: Words) -> dict[str, Any]:
    """A generated battlefield's engine-written names and lines in the
    setting's words (a scene's own battlefield is the builder's text)."""
    if not data.get("generated"):
        return data
    return {
        **data,
        "features": [
            {
                **f,
                "name": words.text(f["name"]),
                "objective": words.text(f["objective"]),
            }
            for f in data["features"]
        ],
        "objectives": [
            {**o, "name": words.text(o["name"])} for o in data["objectives"]
        ],
        "forces": [
            {
                **f,
                "notes": words.all(f["notes"]),
                "instructions": words.text(f["instructions"]),
            }
            for f in data["forces"]
        ],
        "scoring": words.all(data["scoring"]),
    }


def _battle(battle: Battle, words: Words) -> dict[str, Any]:
    """The battle's engine-written lines (scenario, setup, dice log) in the
    setting's words."""
    setup = battle.setup_data or {}
    rules = _battle_rules_words(battle, setup)
    return (rules if setup.get("fixed") else words.all(rules)) | {
        "coop_players": [str(name) for name in battle.coop_players or ()],
    }


def _battle_rules_words(battle: Battle, setup: dict) -> dict[str, Any]:
    return {
        "id": battle.pk,
        "number": battle.number,
        "status": battle.get_status_display(),
        "scenario_name": battle.scenario_name,
        "fixed": bool(setup.get("fixed")),
        "table_cell": battle.table_cell,
        "special_roll": battle.special_roll,
        "relation": _label(Relation, battle.relation),
        "higher_side": _label(Side, battle.higher_side),
        "player_stance": _label(Stance, battle.player_stance),
        "ai_stance": _label(Stance, battle.ai_stance),
        "player_score": battle.player_score,
        "ai_score": battle.ai_score,
        "setup_text": [p for p in battle.setup_text.split("\n\n") if p.strip()],
        "roles": {
            side: str(role).replace("_", " ")
            for side, role in sorted((battle.roles or {}).items())
        },
        "disorganized_sides": [
            _label(Side, s) for s in setup.get("disorganized_sides") or ()
        ],
        "first_activation": battle.first_activation,
        "objective": _placement(battle.objective_placement),
        "times_rolled": battle.times_rolled,
        "seed": str(battle.setup_seed),
        "dice_log": [dict(entry) for entry in battle.dice_log or ()],
    }


def _placement(placement: dict | None) -> dict[str, Any] | None:
    if not placement:
        return None
    return {
        "name": str(placement.get("name", "")),
        "kind": _label(ObjectiveKind, placement.get("kind", "")),
        "clock": int(placement["clock"]),
        "inches": int(placement["inches"]),
    }


def _company(bc: BattleCompany) -> dict[str, Any]:
    company = bc.company
    commander = company.commander
    template = company.reinforcement_template
    return {
        "id": company.pk,
        "name": company.name,
        "side": bc.side,
        "side_label": _label(Side, bc.side),
        "colour": _colour(company.colour, bc.side),
        "entry_edge": bc.entry_edge,
        "entry_edge_label": _label(Edge, bc.entry_edge),
        "leading": bc.leading,
        "doctrine": bc.doctrine,
        "doctrine_label": _label(Doctrine, bc.doctrine),
        "starting_mode": _label(HordeMode, bc.starting_mode),
        "reinforcement_template": template.name if template else "",
        "commander": {
            "name": commander.name if commander else "",
            "reputation": commander.reputation
            if commander
            else NO_COMMANDER_REPUTATION.value,
            "rating": commander.rating if commander else NO_COMMANDER_RATING.value,
            "reputation_label": _label(
                Reputation,
                commander.reputation if commander else NO_COMMANDER_REPUTATION,
            ),
            "rating_label": _label(
                Rating, commander.rating if commander else NO_COMMANDER_RATING
            ),
        },
    }


def _participant(
    p: BattleParticipant,
    colours: dict[int, str],
    card: dict[str, Any] | None,
    words: Words,
) -> dict[str, Any]:
    character = p.character
    live = {
        "troop_type": character.troop_type,
        "attack": character.attack,
        "defence": character.defence,
        "shooting_range": character.shooting_range,
        "move": character.move,
        "wound_slots": character.wound_slots,
        "hero": character.hero,
        "special_rules": character.special_rules,
    }
    values = {**live, **{k: v for k, v in (card or {}).items() if k in live}}
    wounds = (
        card["wounds"]
        if card is not None and "wounds" in card
        else [
            {
                "name": w.name,
                "rules": w.rules_text,
                "heals_at_sanctuary": w.heals_at_sanctuary,
                "attack": w.attack_modifier,
                "defence": w.defence_modifier,
                "move": w.move_modifier,
            }
            for w in character.wounds.all()
        ]
    )
    return {
        "id": p.pk,
        "order": p.order,
        "name": character.name,
        "company_id": character.company_id,
        "company": character.company.name,
        "colour": colours.get(
            character.company_id, _colour(character.company.colour, p.side)
        ),
        "side": p.side,
        "troop_type": words.text(_label(TroopType, values["troop_type"])),
        "attack": values["attack"],
        "defence": values["defence"],
        "shooting_range": values["shooting_range"],
        "move": values["move"],
        "wound_slots": values["wound_slots"],
        "hero": values["hero"],
        "special_rules": values["special_rules"],
        "scout": p.scout,
        "mishap": p.mishap,
        "mishap_label": _label(Mishap, p.mishap),
        "disorganized": p.disorganized,
        "reserve": p.reserve,
        "coop_player": p.coop_player,
        "wounds": [dict(w) for w in wounds],
    }


def _events(campaign: Campaign) -> list[dict[str, str]]:
    if not campaign.random_events or campaign.event_deck is None:
        return []
    return [
        {"card": e.card, "title": e.title, "text": e.text}
        for e in campaign.event_deck.events.all()
    ]


def _events_problem(campaign: Campaign) -> str:
    """What is wrong with the campaign's event deck, where random events are on."""
    if not campaign.random_events or campaign.event_deck is None:
        return ""
    codes = [e.card for e in campaign.event_deck.events.all()]
    return event_deck_message(codes) or ""


def _result_path(slug: str, battle_id: int) -> str:
    """The result entry page's path (that route may come later than the pack)."""
    try:
        return reverse(
            "campaigns:result_entry", kwargs={"slug": slug, "battle_id": battle_id}
        )
    except NoReverseMatch:
        return f"/campaigns/{slug}/battles/{battle_id}/result/"


def _colour(value: str, side: str) -> str:
    """A company colour safe to put in a style or SVG attribute."""
    if value and re.fullmatch(HEX_COLOUR_PATTERN, value):
        return value.lower()
    return SIDE_COLOURS.get(side, SIDE_COLOURS[Side.PLAYER.value])


def _label(enum, value) -> str:
    if value in (None, ""):
        return ""
    try:
        return enum(value).label
    except ValueError:
        return str(value)
