"""The battle layer (RULES §4): attacks, wounds, rout checks, initiative, co-op order.

The site does not fight battles; it prints these rules on the cards and the
setup sheet. The functions are the same rules as code, so the printed quick
reference, the tests and any tool that plays a battle agree.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engines.dice import Dice, DiceLog, LogEntry, Modifier
from engines.enums import Side
from engines.text import signed, spaced

# --- Attack -------------------------------------------------------------------

ALWAYS_MISSES = 1
"""A natural 1 always misses."""
ALWAYS_WOUNDS = 6
"""A natural 6 always wounds."""
WOUNDS_ABOVE = 3
"""Otherwise a total above 3 wounds."""
MOVE_AND_SHOOT_PENALTY = -1
"""Move and shoot: −1 to the roll (adaptation: the source says "a penalty")."""

DEFAULT_MOVE = 6
"""§2: a character's move in inches unless its card says otherwise."""
ROUTS_ON = 3
"""Rout check: D6, on 3 or less the company routs."""

ATTACK_QUICK_REFERENCE: tuple[tuple[str, str], ...] = (
    ("Attack roll", "D6 + attacker's attack modifier − target's defence modifier"),
    ("Move and shoot", f"{signed(MOVE_AND_SHOOT_PENALTY)} to the roll"),
    (f"Natural {ALWAYS_MISSES}", "always misses"),
    (f"Natural {ALWAYS_WOUNDS}", "always wounds"),
    (
        "Otherwise",
        f"a total above {WOUNDS_ABOVE} wounds ({WOUNDS_ABOVE + 1} or more)",
    ),
    ("Wound", "fills the next free wound slot; with no free slot the character falls"),
    (
        "Rout check",
        "when a character falls and its company has lost more than half of its "
        f"characters: D6, on {ROUTS_ON} or less the company routs",
    ),
)
"""What the printed card shows of §4, as (term, rule) rows."""


@dataclass(frozen=True)
class AttackResult:
    natural: int
    total: int
    wounds: bool
    reason: str
    entry: LogEntry


def attack_outcome(natural: int, total: int) -> tuple[bool, str]:
    """§4: whether an attack with this natural die and total wounds, and why."""
    if natural == ALWAYS_MISSES:
        return False, "a natural 1 always misses"
    if natural == ALWAYS_WOUNDS:
        return True, "a natural 6 always wounds"
    if total > WOUNDS_ABOVE:
        return True, f"a total above {WOUNDS_ABOVE} wounds"
    return False, f"a total of {WOUNDS_ABOVE} or less misses"


def attack(
    attack_mod: int,
    defence_mod: int,
    *,
    moved_and_shot: bool = False,
    modifiers: Sequence[Modifier] = (),
    dice: Dice,
    purpose: str = "attack",
) -> AttackResult:
    """§4: D6 + attack modifier − defence modifier (−1 for move and shoot).

    ``modifiers`` carries any other named modifier (a doctrine's "dive for
    cover", say) and is logged with the roll.
    """
    mods: list[Modifier] = [
        ("attack modifier", attack_mod),
        ("defence modifier", -defence_mod),
    ]
    if moved_and_shot:
        mods.append(("move and shoot", MOVE_AND_SHOOT_PENALTY))
    mods.extend(modifiers)

    def read(faces: tuple[int, ...], total: int) -> str:
        wounds, reason = attack_outcome(faces[0], total)
        return f"{'wounds' if wounds else 'misses'} ({reason})"

    entry = dice.d6(purpose, modifiers=mods, outcome=read)
    assert entry.natural is not None and entry.total is not None
    wounds, reason = attack_outcome(entry.natural, entry.total)
    return AttackResult(entry.natural, entry.total, wounds, reason, entry)


# --- Wounds -------------------------------------------------------------------


@dataclass(frozen=True)
class WoundResult:
    """Where a wound went: the slot it filled (1-based), or the character fell."""

    slot: int | None
    falls: bool


def take_wound(*, filled: int, slots: int) -> WoundResult:
    """§4: a wound fills the next free slot; with no free slot the character falls.

    ``filled`` counts the slots already marked, persisting wounds included (§6.3).
    """
    if filled < slots:
        return WoundResult(slot=filled + 1, falls=False)
    return WoundResult(slot=None, falls=True)


# --- Rout check ---------------------------------------------------------------


@dataclass(frozen=True)
class RoutCheck:
    """Whether a rout check was due at a fall, its roll, and whether it routed."""

    due: bool
    routs: bool
    reason: str
    entry: LogEntry | None = None


def rout_check_due(*, characters: int, lost: int, horde: bool = False) -> bool:
    """More than half lost (exactly half is not enough); hordes never check.

    ``characters`` counts those deployed at round 1 plus any that arrived later;
    ``lost`` counts those fallen or gone off the table, the one just fallen
    included.
    """
    return not horde and 2 * lost > characters


def rout_check(
    company: str,
    *,
    characters: int,
    lost: int,
    horde: bool = False,
    dice: Dice,
) -> RoutCheck:
    """§4: at a fall, roll D6 if the company has lost more than half; ≤3 routs."""
    if horde:
        return RoutCheck(
            due=False,
            routs=False,
            reason="a horde company takes no rout check: it scatters instead",
        )
    if not rout_check_due(characters=characters, lost=lost):
        return RoutCheck(
            due=False,
            routs=False,
            reason=f"lost {lost} of {characters}: not more than half, no check",
        )
    entry = dice.d6(
        f"rout check: {company} (lost {lost} of {characters})",
        outcome=lambda d, _t: "routs" if d[0] <= ROUTS_ON else "holds",
    )
    assert entry.natural is not None
    routs = entry.natural <= ROUTS_ON
    return RoutCheck(
        due=True,
        routs=routs,
        reason=f"lost {lost} of {characters}, more than half: "
        f"D6 {entry.natural} → {'routs' if routs else 'holds'}",
        entry=entry,
    )


# --- Rounds -------------------------------------------------------------------

INITIATIVE_TABLE: tuple[tuple[int, Side], ...] = (
    (3, Side.AI),  # 1–3: the AI side wins the initiative
    (6, Side.PLAYER),  # 4–6: the humans win it
)
"""§4: the highest face of each band and the side that wins the initiative."""

WINS_THE_INITIATIVE = {
    Side.AI: "the AI side wins the initiative",
    Side.PLAYER: "the humans win the initiative",
}


def initiative_rows() -> tuple[tuple[str, str], ...]:
    """The initiative table as printed: ("1–3", "the AI side wins the initiative")."""
    rows, low = [], 1
    for high, side in INITIATIVE_TABLE:
        rows.append((spaced(low, high), WINS_THE_INITIATIVE[side]))
        low = high + 1
    return tuple(rows)


ARRIVALS_RULE = (
    "Place the characters arriving this round, as the setup sheet says: from then "
    "on they count for sight, the activation order and everything else."
)
"""§4's start of a round, first step: arrivals are placed before anything else."""

INITIATIVE_RULE = (
    "Each round one human general (the first named, in co-op) rolls D6: "
    + "; ".join(f"{roll} {who}" for roll, who in initiative_rows())
    + ". The winner chooses who activates first."
)
"""§4's initiative roll, as the setup sheet and the AI cards print it."""

AI_INITIATIVE_CHOICE = (
    "When the AI side wins the initiative it goes first if any AI character has "
    "an enemy in sight at the start of the round; otherwise it lets the humans "
    "go first."
)
"""§4: the AI's choice, as the setup sheet and every AI card print it."""


def initiative_for(natural: int) -> Side:
    """The side that wins the initiative on this D6 face."""
    for highest, side in INITIATIVE_TABLE:
        if natural <= highest:
            return side
    raise ValueError(f"not a D6 face: {natural}")


def roll_initiative(*, dice: Dice, round_number: int | None = None) -> Side:
    """§4: one human general rolls D6: 1–3 the AI side wins, 4–6 the humans."""
    purpose = (
        "initiative" if round_number is None else f"initiative, round {round_number}"
    )
    entry = dice.d6(
        purpose, outcome=lambda d, _t: WINS_THE_INITIATIVE[initiative_for(d[0])]
    )
    assert entry.natural is not None
    return initiative_for(entry.natural)


def ai_initiative_choice(*, enemy_in_sight: bool) -> Side:
    """§4: the side the AI sends first when it wins the initiative.

    ``enemy_in_sight``: any AI character has an enemy in sight at the start of
    the round (:func:`engines.doctrines.ai_sees_an_enemy` works it out from
    the AI characters' situations).
    """
    return Side.AI if enemy_in_sight else Side.PLAYER


@dataclass(frozen=True)
class Initiative:
    """A round's initiative: the roll, who won it, who activates first, and why.

    ``first`` is None when the humans won and have not said yet whom they send
    first (they choose; the engine does not choose for them).
    """

    winner: Side
    first: Side | None
    reason: str
    log: DiceLog


def initiative(
    *,
    dice: Dice,
    ai_enemy_in_sight: bool,
    humans_choice: Side | None = None,
    round_number: int | None = None,
) -> Initiative:
    """§4: roll the initiative; if the AI side wins, make its choice."""
    start = len(dice.log)
    winner = roll_initiative(dice=dice, round_number=round_number)
    first: Side | None
    if winner is Side.AI:
        first = ai_initiative_choice(enemy_in_sight=ai_enemy_in_sight)
        if first is Side.AI:
            reason = "the AI side wins and goes first: an AI character sees an enemy"
        else:
            reason = (
                "the AI side wins and lets the humans go first: no AI character "
                "sees an enemy"
            )
    else:
        first = None if humans_choice is None else Side(humans_choice)
        reason = "the humans win and choose who goes first"
    return Initiative(
        winner=winner, first=first, reason=reason, log=tuple(dice.log[start:])
    )


AI_GENERAL = "AI"


def activation_order(
    players: Sequence[str], *, ai_first: bool = False, ai_name: str = AI_GENERAL
) -> tuple[str, ...]:
    """§4 co-op: human 1, the AI, human 2, the AI, and so on (one cycle).

    With one human this is plain alternation. ``ai_first`` gives the order when
    the initiative roll sends the AI first.
    """
    names = [name.strip() for name in players if name.strip()]
    if not names:
        raise ValueError("activation_order needs at least one named player")
    order: list[str] = []
    for name in names:
        order.extend([ai_name, name] if ai_first else [name, ai_name])
    return tuple(order)
