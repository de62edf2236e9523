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


class TerrainKind(RuleEnum):
    """What a terrain feature is, so the diagram can draw it (§1 "Terrain kind")."""

    OPEN = "open"
    WOODS = "woods"
    WATER = "water"
    ROAD = "road"
    BUILDING = "building"
    WALL = "wall"
    HILL = "hill"
    OTHER = "other"


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


class Deployment(RuleEnum):
    """Where a company deploys (§1 "The battlefield as data")."""

    EDGE = "edge"
    """A band along its entry edge, ``depth`` inches deep."""
    CENTRE = "centre"
    """A circle at the centre of the table, ``radius`` inches."""
    RECTANGLE = "rectangle"
    """A rectangle: x, y, width, depth in inches from the north-west corner."""
    ANYWHERE = "anywhere"
    """Anywhere on the table at least N inches from every enemy."""

    __labels__ = {
        "edge": "Along its entry edge",
        "centre": "Centre of the table (a circle)",
        "rectangle": "A rectangle on the table",
        "anywhere": "Anywhere, away from the enemy",
    }


class Shape(RuleEnum):
    """A terrain feature's outline."""

    RECTANGLE = "rectangle"
    CIRCLE = "circle"


class WoundSide(RuleEnum):
    """Whose persisting wounds a scene's special wound becomes (§1)."""

    PLAYER = "player"
    AI = "ai"
    BOTH = "both"

    __labels__ = {
        "player": "The player's characters",
        "ai": "The AI's characters",
        "both": "Both sides",
    }

    def covers(self, side: str) -> bool:
        return self is WoundSide.BOTH or self.value == str(side)


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


class Suit(RuleEnum):
    """A playing-card suit, from the highest (♠) to the lowest (♦) (§5.2)."""

    SPADES = "spades"
    HEARTS = "hearts"
    CLUBS = "clubs"
    DIAMONDS = "diamonds"

    @property
    def symbol(self) -> str:
        return {"spades": "♠", "hearts": "♥", "clubs": "♣", "diamonds": "♦"}[self.value]

    @property
    def letter(self) -> str:
        """The suit's letter in a card code (``QH`` is the queen of hearts)."""
        return self.value[0].upper()


class Intent(RuleEnum):
    """What a suit means when the deck doctrine draws for an activation (§5.2)."""

    HARM = "harm"
    MEASURED = "measured"
    WAIT = "wait"
    DISCRETION = "discretion"


class Cover(RuleEnum):
    """Cover a character can reach, from none to the best (§0)."""

    NONE = "none"
    SOFT = "soft"
    HARD = "hard"

    __labels__ = {"none": "No cover", "soft": "Soft cover", "hard": "Hard cover"}

    @property
    def rank(self) -> int:
        """0 for none, 1 for soft, 2 for hard: higher is better."""
        return ("none", "soft", "hard").index(self.value)


class Drift(RuleEnum):
    """Which way a pursuer drifts (§5.4)."""

    WIDE = "wide"
    IN = "in"
    BALANCED = "balanced"

    __labels__ = {
        "wide": "Drifts wide (away from the quarry's line)",
        "in": "Cuts in (toward the quarry's line)",
        "balanced": "Balanced: no drift, a bonus forward",
    }


class Action(RuleEnum):
    """What an AI character does, as a doctrine decides it (§4 actions, §5)."""

    ROUT = "rout"
    CONTINUE_MELEE = "continue_melee"
    MOVE_TO_EDGE = "move_to_edge"
    SHOOT = "shoot"
    MOVE_AND_SHOOT = "move_and_shoot"
    MOVE_INTO_MELEE = "move_into_melee"
    CHARGE = "charge"
    """A table's "charge": a decision resolves it to melee, a move toward or a shot."""
    MOVE_TO_OBJECTIVE = "move_to_objective"
    MOVE_TOWARD_OBJECTIVE = "move_toward_objective"
    MOVE_TOWARD_ENEMY = "move_toward_enemy"
    MOVE_TOWARD = "move_toward"
    """Toward the place a scene order names (§1 "Scene orders")."""
    MOVE_AWAY = "move_away"
    FLEE = "flee"
    WANDER = "wander"
    PURSUE = "pursue"
    SCATTER = "scatter"
    OVERWATCH = "overwatch"
    HOLD = "hold"
    NO_ACTION = "no_action"
    RETURN_FIRE = "return_fire"
    BRACE = "brace"
    DIVE_FOR_COVER = "dive_for_cover"

    __labels__ = {
        "rout": "Rout: full move toward the nearest table edge",
        "continue_melee": "Continue the melee",
        "move_to_edge": "Move toward the nearest table edge",
        "shoot": "Shoot",
        "move_and_shoot": "Move and shoot",
        "move_into_melee": "Move into melee",
        "charge": "Charge: move into melee if within move, else full move toward",
        "move_to_objective": "Move to the objective",
        "move_toward_objective": "Move toward the objective",
        "move_toward_enemy": "Move toward the enemy",
        "move_toward": "Full move toward the place the scene orders",
        "move_away": "Full move away from the enemy",
        "flee": "Flee the rolled distance straight away from the nearest enemy",
        "wander": "Wander the rolled distance toward a direction roll",
        "pursue": "Pursue along the route",
        "scatter": "Scatter the rolled distance toward the nearest table edge",
        "overwatch": "Overwatch",
        "hold": "Hold",
        "no_action": "Does not act",
        "return_fire": "Return fire",
        "brace": "Brace",
        "dive_for_cover": "Dive for cover",
    }


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
