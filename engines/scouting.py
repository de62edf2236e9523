"""Scouting (RULES §2, §3 steps 1–6): stances, scouts, scores and mishaps.

Each rule table is a constant below, written in the order RULES.md gives it;
each roll goes through :class:`engines.dice.Dice` and is logged with the
outcome read from its table.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from engines.dice import Dice, LogEntry
from engines.enums import Mishap, Rating, Relation, Reputation, Stance, TroopType
from engines.text import number_word

# --- §2: the commander a company without one counts as led by -----------------

NO_COMMANDER_REPUTATION = Reputation.BOLD
NO_COMMANDER_RATING = Rating.POOR
"""A company with no commander counts as led by a Bold, poor commander (§2)."""

# --- §2: scouting points by troop type ----------------------------------------

SCOUTING_POINTS: dict[TroopType, int] = {
    TroopType.FLYER: 4,
    TroopType.AIRSHIP: 4,
    TroopType.MAGICIAN: 4,
    TroopType.ROGUE: 4,
    TroopType.MOUNTED_ARCHER: 3,
    TroopType.SKIRMISHER: 2,
    TroopType.AUXILIARY: 2,
    TroopType.LURKER: 2,
    TroopType.CAVALRY: 2,
}
OTHER_TROOP_SCOUTING_POINTS = 1
"""Every other type (infantry, archer, monster, ...) is worth 1."""


def scouting_points(troop_type: TroopType | str) -> int:
    return SCOUTING_POINTS.get(TroopType(troop_type), OTHER_TROOP_SCOUTING_POINTS)


# --- The characters taking part -----------------------------------------------


@dataclass(frozen=True)
class SetupCharacter:
    """One character taking part, as the scenario generator needs it.

    ``key`` is the site's character id as a string; ``company_order`` is the
    company's place in the scene and ``card_order`` the character's place in
    its company, so (company_order, card_order) is the card order of a side.
    """

    key: str
    name: str
    troop_type: TroopType
    company_order: int = 0
    card_order: int = 0
    company: str = ""
    """The key of its company (the site's company id), for dealing entry edges."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "key", str(self.key))
        object.__setattr__(self, "troop_type", TroopType(self.troop_type))

    @property
    def scouting_points(self) -> int:
        return scouting_points(self.troop_type)

    @property
    def card_position(self) -> tuple[int, int]:
        return (self.company_order, self.card_order)


def in_card_order(characters: Iterable[SetupCharacter]) -> list[SetupCharacter]:
    return sorted(characters, key=lambda c: c.card_position)


# --- §3.1: scouts allowed -----------------------------------------------------


SCOUT_SHARE = 3
"""§3.1: at most one scout in three characters taking part, rounded down."""
SCOUT_SHARE_WORDS = f"one in {number_word(SCOUT_SHARE)}"
"""The share in words, as the setup form and its messages say it."""


def scouts_allowed(characters_taking_part: int) -> int:
    """At most ⌊(characters taking part on that side) / 3⌋ scouts."""
    return characters_taking_part // SCOUT_SHARE


class SetupError(ValueError):
    """Inputs a form should refuse; ``field`` names the form field at fault."""

    def __init__(self, message: str, *, field: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.field = field


def validate_participants(
    *,
    player_characters: Sequence[SetupCharacter],
    ai_characters: Sequence[SetupCharacter],
    player_scouts: Sequence[str],
) -> None:
    """§3 inputs and §3.1: at least one character a side; scouts take part, ≤ ⌊n/3⌋."""
    if not player_characters:
        raise SetupError(
            "Pick at least one character to take part.", field="player_characters"
        )
    if not ai_characters:
        raise SetupError(
            "The AI side has no character fit to fight: it needs at least one.",
            field="ai_characters",
        )
    for field, characters in (
        ("player_characters", player_characters),
        ("ai_characters", ai_characters),
    ):
        keys = [c.key for c in characters]
        if len(set(keys)) != len(keys):
            raise SetupError("A character can take part only once.", field=field)
    taking_part = {c.key for c in player_characters}
    if any(key not in taking_part for key in player_scouts):
        raise SetupError(
            "A scout must be one of the characters taking part.",
            field="player_scouts",
        )
    picked = len(set(player_scouts))
    allowed = scouts_allowed(len(player_characters))
    if picked > allowed:
        limit = f"at most {allowed}" if allowed else "no scouts"
        raise SetupError(
            f"Too many scouts: {len(player_characters)} characters taking part "
            f"allow {limit} (a third, rounded down); {picked} were picked.",
            field="player_scouts",
        )


# --- §3.2: the AI stance ------------------------------------------------------

STANCE_MODIFIER: dict[Reputation, int] = {
    Reputation.CAUTIOUS: -1,
    Reputation.BOLD: 0,
    Reputation.RASH: +1,
}
STANCE_TABLE: tuple[tuple[int, Stance], ...] = (
    (2, Stance.DEFEND),  # 2 or less
    (4, Stance.RECON),  # 3 or 4
)
STANCE_OTHERWISE = Stance.ATTACK  # 5 or more


def stance_for_total(total: int) -> Stance:
    for highest, stance in STANCE_TABLE:
        if total <= highest:
            return stance
    return STANCE_OTHERWISE


def roll_ai_stance(reputation: Reputation | str, *, dice: Dice) -> Stance:
    """§3.2: D6, Cautious −1, Rash +1; ≤2 Defend, 3–4 Recon, ≥5 Attack."""
    reputation = Reputation(reputation)
    entry = dice.d6(
        "AI stance",
        modifiers=[(f"{reputation.label} commander", STANCE_MODIFIER[reputation])],
        outcome=lambda _dice, total: stance_for_total(total).label,
    )
    return stance_for_total(_total(entry))


# --- §3.3: the AI scout pool and its selection --------------------------------

SCOUT_SELECTED_ON = 4
SCOUT_SELECTION_MODIFIER: dict[Reputation, int] = {
    Reputation.CAUTIOUS: +1,
    Reputation.BOLD: 0,
    Reputation.RASH: -1,
}


def ai_scout_pool(characters: Sequence[SetupCharacter]) -> list[SetupCharacter]:
    """§3.3: the allowed number of AI characters with the most scouting points.

    Ties go by company order in the scene, then card order.
    """
    ranked = sorted(characters, key=lambda c: (-c.scouting_points, *c.card_position))
    return ranked[: scouts_allowed(len(characters))]


def select_ai_scouts(
    pool: Sequence[SetupCharacter], reputation: Reputation | str, *, dice: Dice
) -> list[SetupCharacter]:
    """§3.3: each of the pool, in pool order, is selected on D6 ≥ 4.

    Cautious +1, Rash −1 to that roll.
    """
    reputation = Reputation(reputation)
    modifier = SCOUT_SELECTION_MODIFIER[reputation]
    selected = []
    for character in pool:
        entry = dice.d6(
            f"AI scout selection: {character.name}",
            modifiers=[(f"{reputation.label} commander", modifier)],
            outcome=lambda _d, total: (
                "selected" if total >= SCOUT_SELECTED_ON else "not selected"
            ),
        )
        if _total(entry) >= SCOUT_SELECTED_ON:
            selected.append(character)
    return selected


# --- §3.4: the scouting score -------------------------------------------------

RATING_BONUS: dict[Rating, int] = {
    Rating.POOR: 0,
    Rating.AVERAGE: 2,
    Rating.SUPERIOR: 4,
}


def roll_score(
    side_label: str,
    scouts: Sequence[SetupCharacter],
    rating: Rating | str,
    *,
    dice: Dice,
) -> int:
    """§3.4: Σ scouting points of the selected scouts + rating bonus + D6."""
    rating = Rating(rating)
    modifiers = [
        (f"scout {c.name} ({c.troop_type.label.lower()})", c.scouting_points)
        for c in scouts
    ]
    modifiers.append((f"{rating.label} commander", RATING_BONUS[rating]))
    entry = dice.d6(
        f"{side_label} scouting score",
        modifiers=modifiers,
        outcome=lambda _d, total: f"score {total}",
    )
    return _total(entry)


# --- §3.5: scout mishaps ------------------------------------------------------

MISHAP_ON = 2
"""A mishap happens on 1–2 of the first D6; then the second D6 says which."""

MISHAP_TABLE: tuple[tuple[int, Mishap], ...] = (
    (2, Mishap.LOST),  # 1–2: starts the battle fallen
    (4, Mishap.MISSES),  # 3–4: does not deploy
    (6, Mishap.LATE),  # 5–6: reserve, arrives at its entry edge at round 2
)
LATE_ARRIVAL_ROUND = 2


def mishap_for(natural: int) -> Mishap:
    for highest, mishap in MISHAP_TABLE:
        if natural <= highest:
            return mishap
    raise ValueError(f"not a D6 face: {natural}")


def roll_mishap(
    side_label: str, character: SetupCharacter, *, dice: Dice
) -> Mishap | None:
    """§3.5: D6 per scout; on 1–2 roll again right away for what happened."""
    first = dice.d6(
        f"{side_label} scout mishap: {character.name}",
        outcome=lambda d, _t: "mishap, roll again" if d[0] <= MISHAP_ON else "safe",
    )
    if _natural(first) > MISHAP_ON:
        return None
    second = dice.d6(
        f"{side_label} mishap for {character.name}",
        outcome=lambda d, _t: mishap_for(d[0]).label,
    )
    return mishap_for(_natural(second))


# --- §3.6: comparison ---------------------------------------------------------

SURPRISE_FACTOR = 3


def compare_scores(higher: int, lower: int) -> Relation:
    """§3.6: equal → tied; the higher surprises if ≥ 3 × the lower, else outscouts."""
    if higher == lower:
        return Relation.TIED
    if higher < lower:
        raise ValueError("compare_scores takes the higher score first")
    if higher >= SURPRISE_FACTOR * lower:
        return Relation.SURPRISES
    return Relation.OUTSCOUTS


def _total(entry: LogEntry) -> int:
    assert entry.total is not None
    return entry.total


def _natural(entry: LogEntry) -> int:
    assert entry.natural is not None
    return entry.natural
