"""A small playable scene for setup tests: six player characters, three AI."""

from __future__ import annotations

from dataclasses import dataclass

from campaigns.models import (
    Campaign,
    Character,
    Commander,
    Company,
    Scene,
    SceneCompany,
)


@dataclass
class Playable:
    campaign: Campaign
    scene: Scene
    players: list[Character]
    ai: list[Character]
    player_company: Company
    ai_company: Company
    ai_commander: Commander


def build_playable(campaign: Campaign, **scene_fields) -> Playable:
    scene_fields.setdefault("title", "Weathertop")
    scene_fields.setdefault("slug", "weathertop")
    scene_fields.setdefault("order", 10)
    scene_fields.setdefault("kind", "major")
    scene_fields.setdefault("status", "current")
    scene = Scene.objects.create(campaign=campaign, **scene_fields)
    hero = Commander.objects.create(
        campaign=campaign, name="Aragorn", reputation="bold", rating="superior"
    )
    wraith = Commander.objects.create(
        campaign=campaign, name="Witch-king", reputation="rash", rating="average"
    )
    fellowship = Company.objects.create(
        campaign=campaign, name="Fellowship", side="player", commander=hero
    )
    wraiths = Company.objects.create(
        campaign=campaign,
        name="Ringwraiths",
        side="ai",
        commander=wraith,
        default_doctrine="priority",
    )
    names = ["Frodo", "Sam", "Merry", "Pippin", "Strider", "Boromir"]
    types = ["rogue", "infantry", "rogue", "rogue", "skirmisher", "infantry"]
    players = [
        Character.objects.create(
            company=fellowship, name=name, troop_type=kind, wound_slots=3, card_order=i
        )
        for i, (name, kind) in enumerate(zip(names, types, strict=True), start=1)
    ]
    ai = [
        Character.objects.create(
            company=wraiths,
            name=name,
            troop_type="cavalry",
            wound_slots=3,
            card_order=i,
        )
        for i, name in enumerate(["Witch-king", "Khamûl", "Third Rider"], start=1)
    ]
    SceneCompany.objects.create(
        scene=scene, company=fellowship, side="player", entry_edge="south", leading=True
    )
    SceneCompany.objects.create(
        scene=scene, company=wraiths, side="ai", entry_edge="north", leading=True
    )
    return Playable(campaign, scene, players, ai, fellowship, wraiths, wraith)
