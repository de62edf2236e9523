"""Starter campaigns, as data: one short campaign per setting, ready to play.

Each has three scenes (two fights and a last stand) and two companies a side;
every scene brings all four companies, the first of each side leading it, and
generates its scenario (RULES §3). ``campaign_start`` builds one.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class StarterCharacter:
    name: str
    troop_type: str
    attack: int = 0
    defence: int = 0
    shooting_range: int | None = None
    move: int = 6
    wound_slots: int = 2
    hero: bool = False


@dataclass(frozen=True)
class StarterCompany:
    name: str
    side: str
    edge: str
    commander: str
    reputation: str
    rating: str
    doctrine: str
    characters: tuple[StarterCharacter, ...]


@dataclass(frozen=True)
class StarterScene:
    slug: str
    title: str
    briefing: str
    victory_conditions: str


@dataclass(frozen=True)
class Starter:
    description: str
    companies: tuple[StarterCompany, ...]
    scenes: tuple[StarterScene, ...]


C = StarterCharacter

FANTASY = Starter(
    description="A border keep, a raid from the hills and a long night after it.",
    companies=(
        StarterCompany(
            "The Keep's Guard",
            "player",
            "south",
            "Captain Maren",
            "bold",
            "average",
            "priority",
            (
                C("Captain Maren", "infantry", 1, 1, wound_slots=3, hero=True),
                C("Tolly", "archer", 0, 0, shooting_range=18),
                C("Brannoc", "infantry", 0, 1),
            ),
        ),
        StarterCompany(
            "The Wardens",
            "player",
            "south",
            "Elsa Fairwind",
            "cautious",
            "average",
            "priority",
            (
                C("Elsa Fairwind", "skirmisher", 0, 0, shooting_range=12, hero=True),
                C("Wick", "rogue", 0, 0),
            ),
        ),
        StarterCompany(
            "Hill Raiders",
            "ai",
            "north",
            "Grask One-Ear",
            "rash",
            "poor",
            "priority",
            (
                C("Grask One-Ear", "infantry", 1, 0, wound_slots=3, hero=True),
                C("Raider", "infantry"),
                C("Raider archer", "archer", shooting_range=18),
            ),
        ),
        StarterCompany(
            "Wolf Pack",
            "ai",
            "north",
            "Old Grey",
            "bold",
            "poor",
            "horde",
            (
                C("Old Grey", "monster", 1, 0, move=8),
                C("Wolf", "monster", move=8, wound_slots=1),
                C("Wolf", "monster", move=8, wound_slots=1),
            ),
        ),
    ),
    scenes=(
        StarterScene(
            "the-ford",
            "The Ford",
            "Raiders have crossed the river below the keep. Meet them at the ford "
            "before they reach the farms.",
            "Drive the raiders back across the river.",
        ),
        StarterScene(
            "the-burning-mill",
            "The Burning Mill",
            "Smoke over the mill: the raiders and their wolves are inside the walls.",
            "Save the miller's family, or at least the grain.",
        ),
        StarterScene(
            "the-long-night",
            "The Long Night",
            "Grask comes for the keep itself. Hold until dawn.",
            "Hold the gate until the last round.",
        ),
    ),
)

SCIENCE_FICTION = Starter(
    description="A mining colony, a pirate landing and the fight for the reactor.",
    companies=(
        StarterCompany(
            "Colony Security",
            "player",
            "south",
            "Marshal Okafor",
            "bold",
            "average",
            "priority",
            (
                C(
                    "Marshal Okafor",
                    "infantry",
                    1,
                    1,
                    shooting_range=18,
                    wound_slots=3,
                    hero=True,
                ),
                C("Deputy Lin", "infantry", 0, 1, shooting_range=18),
                C("Rook", "skirmisher", 0, 0, shooting_range=12),
            ),
        ),
        StarterCompany(
            "Survey Team",
            "player",
            "south",
            "Dr. Vasquez",
            "cautious",
            "average",
            "priority",
            (
                C("Dr. Vasquez", "auxiliary", 0, 0, shooting_range=12, hero=True),
                C("Drone pilot Ash", "lurker", 0, 0, shooting_range=12),
            ),
        ),
        StarterCompany(
            "Void Pirates",
            "ai",
            "north",
            "Captain Sable",
            "rash",
            "poor",
            "deck",
            (
                C(
                    "Captain Sable",
                    "infantry",
                    1,
                    0,
                    shooting_range=18,
                    wound_slots=3,
                    hero=True,
                ),
                C("Boarder", "infantry", 0, 0, shooting_range=12),
                C("Boarder", "infantry", 0, 0, shooting_range=12),
            ),
        ),
        StarterCompany(
            "Feral Drones",
            "ai",
            "north",
            "Hive node",
            "bold",
            "poor",
            "horde",
            (
                C("Hive node", "monster", 0, 1, wound_slots=2),
                C("Drone", "monster", move=8, wound_slots=1),
                C("Drone", "monster", move=8, wound_slots=1),
            ),
        ),
    ),
    scenes=(
        StarterScene(
            "landing-pad",
            "The Landing Pad",
            "A shuttle without a beacon has set down on pad three.",
            "Stop the boarders before they reach the habitat locks.",
        ),
        StarterScene(
            "the-mine",
            "Shaft Nine",
            "The pirates freed the mining drones. Something is wrong with them.",
            "Shut down the hive node or get the miners out.",
        ),
        StarterScene(
            "the-reactor",
            "The Reactor",
            "Sable wants the fuel cells. Without them the colony freezes.",
            "Keep the reactor hall to the last round.",
        ),
    ),
)

HISTORICAL = Starter(
    description="Normandy, June 1944: a bridge, a farm and a crossroads.",
    companies=(
        StarterCompany(
            "2nd Platoon",
            "player",
            "south",
            "Lt. Harris",
            "bold",
            "average",
            "priority",
            (
                C(
                    "Lt. Harris",
                    "infantry",
                    1,
                    1,
                    shooting_range=12,
                    wound_slots=3,
                    hero=True,
                ),
                C("Bren team", "infantry", 1, 0, shooting_range=24),
                C("Rifle section", "infantry", 0, 0, shooting_range=24),
            ),
        ),
        StarterCompany(
            "Recce Section",
            "player",
            "south",
            "Sgt. Doyle",
            "cautious",
            "average",
            "priority",
            (
                C("Sgt. Doyle", "skirmisher", 0, 0, shooting_range=18, hero=True),
                C("Sniper", "skirmisher", 1, 0, shooting_range=30),
            ),
        ),
        StarterCompany(
            "Grenadier Squad",
            "ai",
            "north",
            "Feldwebel Kraus",
            "bold",
            "average",
            "deck",
            (
                C(
                    "Feldwebel Kraus",
                    "infantry",
                    1,
                    1,
                    shooting_range=18,
                    wound_slots=3,
                    hero=True,
                ),
                C("MG team", "infantry", 1, 0, shooting_range=30),
                C("Grenadiers", "infantry", 0, 0, shooting_range=24),
            ),
        ),
        StarterCompany(
            "Armoured Car",
            "ai",
            "north",
            "Unteroffizier Brandt",
            "rash",
            "poor",
            "priority",
            (
                C(
                    "Armoured car",
                    "cavalry",
                    1,
                    2,
                    shooting_range=24,
                    move=10,
                    wound_slots=4,
                    hero=True,
                ),
            ),
        ),
    ),
    scenes=(
        StarterScene(
            "the-bridge",
            "The Bridge",
            "Dawn after the drop: the canal bridge must be held for the column.",
            "Hold the bridge.",
        ),
        StarterScene(
            "the-farm",
            "Le Mesnil Farm",
            "The grenadiers have dug in around a farm on the road south.",
            "Clear the farm.",
        ),
        StarterScene(
            "the-crossroads",
            "The Crossroads",
            "The armoured car leads the counter-attack down the main road.",
            "Keep the crossroads until relieved.",
        ),
    ),
)

STARTERS: dict[str, Starter] = {
    "fantasy": FANTASY,
    "science-fiction": SCIENCE_FICTION,
    "historical": HISTORICAL,
}
"""The starter of each shipped setting, by the setting's slug."""
