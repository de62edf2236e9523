"""Every rule enumeration of RULES.md, owned by the engine.

The site builds its model choices from these (``Enum.choices()``), so a rule
concept is named once, here. Values are stable strings stored in the database
and in exported campaigns; labels are what a player reads.
"""

from __future__ import annotations

from enum import StrEnum


class RuleEnum(StrEnum):
    """A StrEnum whose members carry a human label and build form choices."""

    @property
    def label(self) -> str:
        labels = getattr(type(self), "__labels__", None) or {}
        return labels.get(self.value) or self.value.replace("_", " ").capitalize()

    @classmethod
    def choices(cls) -> list[tuple[str, str]]:
        return [(member.value, member.label) for member in cls]


# --- §0 / §1: the table and the narrative layer -------------------------------


class Edge(RuleEnum):
    NORTH = "north"
    EAST = "east"
    SOUTH = "south"
    WEST = "west"
    CENTRE = "centre"


class Side(RuleEnum):
    PLAYER = "player"
    AI = "ai"

    __labels__ = {"player": "Player", "ai": "AI"}


class SceneKind(RuleEnum):
    MAJOR = "major"
    LARGER_BATTLE = "larger_battle"
    SUB_SCENE = "sub_scene"
    SANCTUARY = "sanctuary"

    __labels__ = {
        "major": "Major scene",
        "larger_battle": "Larger battle",
        "sub_scene": "Sub-scene",
        "sanctuary": "Sanctuary",
    }


class SceneStatus(RuleEnum):
    PENDING = "pending"
    CURRENT = "current"
    RESOLVED = "resolved"


class Outcome(RuleEnum):
    """The outcome of a battle or scene for the player side."""

    VICTORY = "victory"
    DEFEAT = "defeat"
    DRAW = "draw"


class ScenarioMode(RuleEnum):
    GENERATE = "generate"
    FIXED = "fixed"

    __labels__ = {
        "generate": "Generate (scenario generator)",
        "fixed": "Fixed scenario",
    }


class ObjectiveKind(RuleEnum):
    CARRIABLE = "carriable"
    FIXED = "fixed"


# --- §2: characters and commanders --------------------------------------------


class TroopType(RuleEnum):
    FLYER = "flyer"
    AIRSHIP = "airship"
    MAGICIAN = "magician"
    ROGUE = "rogue"
    MOUNTED_ARCHER = "mounted_archer"
    SKIRMISHER = "skirmisher"
    AUXILIARY = "auxiliary"
    LURKER = "lurker"
    CAVALRY = "cavalry"
    INFANTRY = "infantry"
    ARCHER = "archer"
    MONSTER = "monster"


class Reputation(RuleEnum):
    """In order from Cautious to Rash: §6.4 steps along this order."""

    CAUTIOUS = "cautious"
    BOLD = "bold"
    RASH = "rash"


class Rating(RuleEnum):
    """In order from poor to superior: §6.4 steps along this order."""

    POOR = "poor"
    AVERAGE = "average"
    SUPERIOR = "superior"


# --- §3: battle setup -----------------------------------------------------------


class Stance(RuleEnum):
    ATTACK = "attack"
    RECON = "recon"
    DEFEND = "defend"


class Relation(RuleEnum):
    OUTSCOUTS = "outscouts"
    TIED = "tied"
    SURPRISES = "surprises"


class Mishap(RuleEnum):
    LOST = "lost"
    MISSES = "misses"
    LATE = "late"

    __labels__ = {
        "lost": "Lost (starts fallen)",
        "misses": "Misses the battle",
        "late": "Late (in reserve, arrives round 2)",
    }


class TableCell(RuleEnum):
    """A cell of the §3.7 outcome table, named exactly as RULES.md writes it."""

    PITCHED_BATTLE = "Pitched Battle"
    ASSAULT = "Assault"
    SPECIAL = "Special"
    ASSAULT_SPECIAL = "Assault Special"
    SURPRISE_ATTACK = "Surprise Attack"
    SURPRISE_ASSAULT = "Surprise Assault"
    SKIRMISH = "Skirmish"
    AMBUSH = "Ambush"
    DISPUTED_BORDER = "Disputed Border"
    TRAP = "Trap"

    @property
    def label(self) -> str:
        return self.value


class Scenario(RuleEnum):
    """A final scenario (§3.8, §3.9), Siege included."""

    PITCHED_BATTLE = "Pitched Battle"
    ASSAULT = "Assault"
    SIEGE = "Siege"
    SURPRISE_ASSAULT = "Surprise Assault"
    SURPRISE_ATTACK = "Surprise Attack"
    AMBUSH = "Ambush"
    SKIRMISH = "Skirmish"
    TRAP = "Trap"
    DISPUTED_BORDER = "Disputed Border"
    SEIZE_MAGIC_ITEM = "Seize Magic Item"
    WIZARDS_TOWER = "Wizard's Tower"
    TREASURE_RAID = "Treasure Raid"
    DRAGONS_LAIR = "Dragon's Lair"
    SURPRISE_ENCOUNTER = "Surprise Encounter"
    RIVER_CROSSING = "River Crossing"
    URBAN_ASSAULT = "Urban Assault"
    AMPHIBIOUS_LANDING = "Amphibious Landing"

    @property
    def label(self) -> str:
        return self.value


# --- §5: AI doctrines -------------------------------------------------------------


class Doctrine(RuleEnum):
    PRIORITY = "priority"
    DECK = "deck"
    HORDE = "horde"
    PURSUIT = "pursuit"

    __labels__ = {
        "priority": "Priority list",
        "deck": "Deck",
        "horde": "Horde",
        "pursuit": "Pursuit",
    }


class HordeMode(RuleEnum):
    NORMAL = "normal"
    FRENZY = "frenzy"
    SCATTER = "scatter"


# --- §6: after the battle ---------------------------------------------------------


class EndReason(RuleEnum):
    ROUT = "rout"
    OBJECTIVE = "objective"
    LAST_CHARACTER_LOST = "last_character_lost"
    CONCEDED = "conceded"


class Fate(RuleEnum):
    """What §6.2 decided for one character."""

    KILLED_OUTRIGHT = "killed_outright"
    KILLED = "killed"
    GRIEVOUSLY_WOUNDED = "grievously_wounded"
    RECOVERS = "recovers"
    WOUNDED = "wounded"
    UNHURT = "unhurt"
    SAT_OUT = "sat_out"

    __labels__ = {
        "killed_outright": "Killed outright",
        "killed": "Killed",
        "grievously_wounded": "Grievously wounded",
        "recovers": "Recovers with a persisting wound",
        "wounded": "Tokens resolved",
        "unhurt": "Unhurt",
        "sat_out": "Unfit, sat the battle out",
    }


class WoundStatus(RuleEnum):
    OPEN = "open"
    HEALED = "healed"
