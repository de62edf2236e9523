"""The three settings the site ships, as data (issue 25 part 1).

A setting renames and describes, for its genre, every troop type of RULES §2
(the rule behind each — its scouting points — is unchanged) and every scenario
of RULES §3.8–3.9, says the scene's "castle nearby" in its own words, and names
its default event deck. The words here are written to ``Setting`` rows by a
migration; an admin may add and edit settings of their own.
"""

from __future__ import annotations

from typing import Any

from engines.enums import Scenario, TroopType

T = TroopType
S = Scenario

FANTASY_TROOPS = {
    T.FLYER: ("Flyer", "Winged: eagles, fell beasts, bats."),
    T.AIRSHIP: ("Airship", "A flying craft or great beast carrying riders."),
    T.MAGICIAN: ("Magician", "A wizard, witch or priest who wields magic."),
    T.ROGUE: ("Rogue", "A thief, scout or hunter who moves unseen."),
    T.MOUNTED_ARCHER: ("Mounted archer", "A rider who shoots from the saddle."),
    T.SKIRMISHER: ("Skirmisher", "Light troops in open order."),
    T.AUXILIARY: ("Auxiliary", "Allies, levies and hangers-on."),
    T.LURKER: ("Lurker", "Something that waits in the dark."),
    T.CAVALRY: ("Cavalry", "Riders who charge."),
    T.INFANTRY: ("Infantry", "Warriors on foot."),
    T.ARCHER: ("Archer", "Bows and crossbows on foot."),
    T.MONSTER: ("Monster", "Trolls, beasts and horrors."),
}

SCIENCE_FICTION_TROOPS = {
    T.FLYER: ("Jump trooper", "Jump packs, drones and winged aliens."),
    T.AIRSHIP: ("Gunship", "A hovering craft with a crew."),
    T.MAGICIAN: ("Psyker", "A mind that bends the battlefield."),
    T.ROGUE: ("Infiltrator", "Cloaked scouts and saboteurs."),
    T.MOUNTED_ARCHER: ("Bike gunner", "Fast riders who shoot on the move."),
    T.SKIRMISHER: ("Scout", "Light troops in loose order."),
    T.AUXILIARY: ("Militia", "Colonists, conscripts and crew."),
    T.LURKER: ("Ambusher", "Something that hides in the vents."),
    T.CAVALRY: ("Assault walker", "A fast machine that charges home."),
    T.INFANTRY: ("Trooper", "Soldiers on foot."),
    T.ARCHER: ("Heavy weapon team", "A support weapon and its crew."),
    T.MONSTER: ("Xenoform", "A large alien creature or war machine."),
}

HISTORICAL_TROOPS = {
    T.FLYER: ("Paratrooper", "Troops who arrive from the air."),
    T.AIRSHIP: ("Spotter aircraft", "An observation balloon or aircraft."),
    T.MAGICIAN: ("Officer", "A commander whose orders steady the line."),
    T.ROGUE: ("Sniper", "A marksman or raider who works alone."),
    T.MOUNTED_ARCHER: ("Mounted rifles", "Dragoons, cossacks, mounted infantry."),
    T.SKIRMISHER: ("Light infantry", "Riflemen and voltigeurs in open order."),
    T.AUXILIARY: ("Irregulars", "Partisans, militia and volunteers."),
    T.LURKER: ("Scout", "Pathfinders who hide and watch."),
    T.CAVALRY: ("Cavalry", "Horsemen, or an armoured car."),
    T.INFANTRY: ("Line infantry", "Riflemen and grenadiers."),
    T.ARCHER: ("Support weapon", "A machine gun, mortar or light gun and crew."),
    T.MONSTER: ("Armour", "A tank or heavy armoured vehicle."),
}

FANTASY_SCENARIOS = {s: (s.value, "") for s in Scenario}

SCIENCE_FICTION_SCENARIOS = {
    **{s: (s.value, "") for s in Scenario},
    S.SEIZE_MAGIC_ITEM: ("Recover the Artefact", "An alien device lies in the open."),
    S.WIZARDS_TOWER: ("The Relay Station", "A comms tower both sides want."),
    S.TREASURE_RAID: ("Salvage Raid", "Crates of salvage to carry off."),
    S.DRAGONS_LAIR: ("The Nest", "Something large lives here."),
    S.RIVER_CROSSING: ("The Chasm Bridge", "A single crossing over a gorge."),
    S.URBAN_ASSAULT: ("Hab-block Assault", "Fighting through a habitat."),
    S.AMPHIBIOUS_LANDING: ("Dropship Landing", "Troops land under fire."),
}

HISTORICAL_SCENARIOS = {
    **{s: (s.value, "") for s in Scenario},
    S.SEIZE_MAGIC_ITEM: ("Capture the Documents", "Orders or maps to seize."),
    S.WIZARDS_TOWER: ("The Observation Post", "A church tower or hilltop post."),
    S.TREASURE_RAID: ("Supply Raid", "Fuel, food and ammunition to carry off."),
    S.DRAGONS_LAIR: ("The Gun Emplacement", "A heavy gun dug in."),
    S.URBAN_ASSAULT: ("Street Fighting", "House to house through a town."),
}

SCIENCE_FICTION_OBJECTIVES = {
    S.SEIZE_MAGIC_ITEM: "artefact",
    S.WIZARDS_TOWER: "relay station",
    S.TREASURE_RAID: "salvage",
    S.DRAGONS_LAIR: "nest",
    S.SIEGE: "bunker",
}

HISTORICAL_OBJECTIVES = {
    S.SEIZE_MAGIC_ITEM: "documents",
    S.WIZARDS_TOWER: "observation post",
    S.TREASURE_RAID: "supplies",
    S.DRAGONS_LAIR: "gun emplacement",
    S.SIEGE: "strongpoint",
}
"""The piece a special scenario (and a Siege's castle) puts on the table, in
the setting's words; the fantasy setting keeps the rules' own."""

FANTASY_TERRAIN = {
    "woods": "woods",
    "rocks": "rocks",
    "hedge": "hedge",
    "wall": "wall",
    "building or ruin": "cottage or ruin",
    "hill": "hill",
}
SCIENCE_FICTION_TERRAIN = {
    "woods": "scrub or wreckage",
    "rocks": "boulders",
    "hedge": "wire fence",
    "wall": "blast wall",
    "building or ruin": "hab module or ruin",
    "hill": "rise",
}
HISTORICAL_TERRAIN = {
    "woods": "orchard or copse",
    "rocks": "rocky outcrop",
    "hedge": "hedgerow",
    "wall": "stone wall",
    "building or ruin": "farmhouse or ruin",
    "hill": "hill",
}
"""Each kind of rolled terrain piece (RULES §3.13, keyed by the rules' word:
``engines.battlefield.terrain.Piece``) in the setting's words."""

SHIPPED: tuple[dict[str, Any], ...] = (
    {
        "slug": "fantasy",
        "name": "Fantasy",
        "description": "Swords, sorcery and monsters.",
        "castle_words": "A castle stands nearby",
        "deck_slug": "middle-earth",
        "troops": FANTASY_TROOPS,
        "scenarios": FANTASY_SCENARIOS,
        "terrain": FANTASY_TERRAIN,
    },
    {
        "slug": "science-fiction",
        "name": "Science fiction",
        "description": "Lasers, aliens and starships.",
        "castle_words": "A fortified bunker stands nearby",
        "deck_slug": "streets",
        "troops": SCIENCE_FICTION_TROOPS,
        "scenarios": SCIENCE_FICTION_SCENARIOS,
        "objectives": SCIENCE_FICTION_OBJECTIVES,
        "terrain": SCIENCE_FICTION_TERRAIN,
    },
    {
        "slug": "historical",
        "name": "Historical",
        "description": "Black powder to the Second World War.",
        "castle_words": "A fortified village or strongpoint stands nearby",
        "deck_slug": "fortunes-of-war",
        "troops": HISTORICAL_TROOPS,
        "scenarios": HISTORICAL_SCENARIOS,
        "objectives": HISTORICAL_OBJECTIVES,
        "terrain": HISTORICAL_TERRAIN,
    },
)
"""The shipped settings; ``deck_slug`` names the default deck where the site
has it."""


def words_data(setting: dict) -> tuple[dict, dict]:
    """A shipped setting's troop and scenario words as stored (JSON)."""
    troops = {
        t.value: {"name": name, "description": text}
        for t, (name, text) in setting["troops"].items()
    }
    objectives = setting.get("objectives", {})
    scenarios = {
        s.value: {"name": name, "description": text}
        | ({"objective": objectives[s]} if s in objectives else {})
        for s, (name, text) in setting["scenarios"].items()
    }
    return troops, scenarios
