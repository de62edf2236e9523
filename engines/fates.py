"""The fate of characters after a battle (RULES §6.2).

Who is resolved:

- every player character that took part;
- every AI character flagged hero that took part;
- every unfit character (§2: flag set, or open wounds filling every slot) of a
  company that fought, though it did not take part: it rolls to heal its open
  wounds like a character that took no token. A company *fought* when at least
  one of its characters took part (:func:`companies_that_fought`); a company in
  the scene that sent nobody has not fought;
- any character that took part and is marked *killed outright* (decision: a
  scene rule that kills a character kills it whatever its side; it rolls no die,
  so the dice order is the same either way).

Every other character is untouched: "other AI characters are replenished for
the next battle" changes nothing the campaign stores.

Order: the site passes every character of the battle in any order; they are
resolved by ``(not is_player, company_order, card_order, key)`` — player
companies first, then card order — and the dice log lists them in that order.

Streams: each character rolls from its own random source, seeded by
:func:`fate_stream_seed` from the battle's resolution seed and the character's
place in the battle (its company's order there and its card order, which an
export and import keep), so the same seed and the same result give the same
rolls, and correcting one character's line (a token more, fallen or not)
never changes another character's rolls.

Unfit flags: a flag set before this battle is cleared when its company
fought; a grievous wound sets a new flag. The site applies them in that order,
clear old then set new (:class:`UnfitChanges`), so a flag set in this battle
stays set until the *next* battle of its company resolves.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from engines.dice import Dice, DiceLog, RandomSource
from engines.enums import Fate
from engines.wounds import Wound, is_unfit

# --- the rule tables ------------------------------------------------------------

KILLED_ON_NATURAL = 1
"""Fallen: a natural 1 is killed, hero or not."""

HERO_BONUS = ("hero", 1)
"""Fallen: a hero adds 1 to the die (after the natural 1 is read)."""


@dataclass(frozen=True)
class FallenBand:
    """One line of the fallen table: totals ``lowest``–``highest`` give ``fate``."""

    rule: str
    lowest: int
    highest: int
    fate: Fate
    new_persisting_wounds: int
    unfit_next_battle: bool
    outcome: str


FALLEN_BANDS: tuple[FallenBand, ...] = (
    FallenBand(
        "2–3",
        2,
        3,
        Fate.GRIEVOUSLY_WOUNDED,
        new_persisting_wounds=1,
        unfit_next_battle=True,
        outcome="grievously wounded, misses the next battle",
    ),
    FallenBand(
        "4+",
        4,
        7,
        Fate.RECOVERS,
        new_persisting_wounds=1,
        unfit_next_battle=False,
        outcome="recovers with a persisting wound",
    ),
)
"""Fallen, natural 2–6 (+1 for a hero): 2–3 grievously wounded, 4+ recovers."""

FALLEN_KILLED_OUTCOME = "killed"

TOKEN_BECOMES_WOUND = range(1, 3)
"""Not fallen: D6 per wound token, 1–2 it becomes a persisting wound, 3–6 it heals."""

TOKEN_WOUND_OUTCOME = "becomes a persisting wound"
TOKEN_HEALS_OUTCOME = "heals"

OPEN_WOUND_HEALS_ON = 6
"""Took no token (or unfit, company fought): each open wound heals on a 6."""

OPEN_WOUND_HEALS_OUTCOME = "heals"
OPEN_WOUND_STAYS_OUTCOME = "stays open"


# --- inputs and outputs ------------------------------------------------------------


@dataclass(frozen=True, kw_only=True)
class FateInput:
    """One character of a company in the battle, as the result entry left it."""

    key: str
    name: str
    is_player: bool
    """On the player side in this battle."""
    company: str
    """Its company's key: the engine works out which companies fought."""
    company_order: int
    card_order: int
    wound_slots: int
    is_hero: bool = False
    took_part: bool = False
    wound_tokens: int = 0
    fallen: bool = False
    killed_outright: bool = False
    open_wounds: tuple[Wound, ...] = ()
    """Its open persisting wounds before this battle, in the order they roll."""
    unfit: bool = False
    """Its unfit-for-the-next-battle flag, as set before this battle."""

    def __post_init__(self) -> None:
        if self.wound_tokens < 0:
            raise ValueError(f"{self.name}: wound tokens cannot be negative")

    @property
    def order(self) -> tuple[bool, int, int, str]:
        """Resolution order: player companies first, then company, then card."""
        return (not self.is_player, self.company_order, self.card_order, self.key)


@dataclass(frozen=True)
class CharacterFate:
    """What §6.2 decided for one character, why, and the dice that decided it."""

    key: str
    name: str
    fate: Fate
    reason: str
    dead: bool = False
    new_persisting_wounds: int = 0
    healed_wound_keys: tuple[str, ...] = ()
    unfit_next_battle: bool = False
    log: DiceLog = ()


@dataclass(frozen=True)
class UnfitChanges:
    """Unfit flags to change, applied in this order: clear, then set."""

    cleared: tuple[str, ...] = ()
    """Flags set before this battle whose company fought: they clear now."""
    newly_set: tuple[str, ...] = ()
    """Flags set by a grievous wound in this battle: they stay set."""

    def flag_after(self, key: str, flag_before: bool) -> bool:
        flag = flag_before and key not in self.cleared
        return flag or key in self.newly_set


@dataclass(frozen=True)
class FatesResult:
    """Every resolved character in resolution order, the unfit flags, the dice log."""

    fates: tuple[CharacterFate, ...]
    unfit: UnfitChanges
    log: DiceLog

    def fate_of(self, key: str) -> CharacterFate | None:
        """The character's fate, or None if §6.2 leaves it untouched."""
        return next((fate for fate in self.fates if fate.key == key), None)


# --- the rules ---------------------------------------------------------------------


def company_fought(took_part: Iterable[bool]) -> bool:
    """§6.2: a company fought a battle when at least one of its characters took part."""
    return any(took_part)


def companies_that_fought(characters: Iterable[FateInput]) -> frozenset[str]:
    """The keys of the companies that fought: those with a character taking part."""
    by_company: dict[str, list[bool]] = {}
    for character in characters:
        by_company.setdefault(character.company, []).append(character.took_part)
    return frozenset(
        company for company, flags in by_company.items() if company_fought(flags)
    )


def is_resolved(character: FateInput, fought: frozenset[str]) -> bool:
    """§6.2's scope: who gets a fate (see the module docstring).

    ``fought`` holds the companies that fought (:func:`companies_that_fought`).
    """
    if character.took_part:
        return character.is_player or character.is_hero or character.killed_outright
    return character.company in fought and is_unfit(
        character.unfit, len(character.open_wounds), character.wound_slots
    )


def resolution_order(characters: Iterable[FateInput]) -> tuple[FateInput, ...]:
    """The characters §6.2 resolves, in the order their dice are rolled."""
    characters = tuple(characters)
    fought = companies_that_fought(characters)
    return tuple(
        sorted((c for c in characters if is_resolved(c, fought)), key=lambda c: c.order)
    )


def unfit_changes(
    characters: Iterable[FateInput], fates: Iterable[CharacterFate]
) -> UnfitChanges:
    """Which unfit flags clear (old, company fought) and which are set (new)."""
    characters = tuple(characters)
    fought = companies_that_fought(characters)
    cleared = tuple(
        c.key
        for c in sorted(characters, key=lambda c: c.order)
        if c.unfit and c.company in fought
    )
    newly_set = tuple(fate.key for fate in fates if fate.unfit_next_battle)
    return UnfitChanges(cleared=cleared, newly_set=newly_set)


def _fallen_band(total: int) -> FallenBand:
    for band in FALLEN_BANDS:
        if band.lowest <= total <= band.highest:
            return band
    raise ValueError(f"no fallen band for a total of {total}")


def _read_fallen(dice: tuple[int, ...], total: int) -> str:
    if dice[0] == KILLED_ON_NATURAL:
        return FALLEN_KILLED_OUTCOME
    return _fallen_band(total).outcome


def _read_token(dice: tuple[int, ...], total: int) -> str:
    return TOKEN_WOUND_OUTCOME if total in TOKEN_BECOMES_WOUND else TOKEN_HEALS_OUTCOME


def _read_open_wound(dice: tuple[int, ...], total: int) -> str:
    if total == OPEN_WOUND_HEALS_ON:
        return OPEN_WOUND_HEALS_OUTCOME
    return OPEN_WOUND_STAYS_OUTCOME


def _resolve_fallen(character: FateInput, dice: Dice) -> CharacterFate:
    modifiers = [HERO_BONUS] if character.is_hero else []
    entry = dice.d6(
        f"{character.name}: fallen", modifiers=modifiers, outcome=_read_fallen
    )
    if entry.natural == KILLED_ON_NATURAL:
        return CharacterFate(
            key=character.key,
            name=character.name,
            fate=Fate.KILLED,
            reason="fallen: natural 1, killed",
            dead=True,
            log=(entry,),
        )
    assert entry.total is not None
    band = _fallen_band(entry.total)
    return CharacterFate(
        key=character.key,
        name=character.name,
        fate=band.fate,
        reason=f"fallen: {band.rule}, {band.outcome}",
        new_persisting_wounds=band.new_persisting_wounds,
        unfit_next_battle=band.unfit_next_battle,
        log=(entry,),
    )


def _resolve_tokens(character: FateInput, dice: Dice) -> CharacterFate:
    count = character.wound_tokens
    entries = tuple(
        dice.d6(
            f"{character.name}: wound token {number} of {count}",
            outcome=_read_token,
        )
        for number in range(1, count + 1)
    )
    new_wounds = sum(1 for entry in entries if entry.total in TOKEN_BECOMES_WOUND)
    return CharacterFate(
        key=character.key,
        name=character.name,
        fate=Fate.WOUNDED,
        reason=f"not fallen, {count} wound token{'s' if count > 1 else ''}",
        new_persisting_wounds=new_wounds,
        log=entries,
    )


def _resolve_healing(character: FateInput, dice: Dice, fate: Fate) -> CharacterFate:
    entries = tuple(
        dice.d6(
            f"{character.name}: {wound.name}, heals on a 6",
            outcome=_read_open_wound,
        )
        for wound in character.open_wounds
    )
    healed = tuple(
        wound.key
        for wound, entry in zip(character.open_wounds, entries, strict=True)
        if entry.total == OPEN_WOUND_HEALS_ON
    )
    reason = "took no token" if character.took_part else "unfit, its company fought"
    return CharacterFate(
        key=character.key,
        name=character.name,
        fate=fate,
        reason=reason,
        healed_wound_keys=healed,
        log=entries,
    )


def resolve_fate(character: FateInput, dice: Dice) -> CharacterFate:
    """One character's fate, its rolls made on (and logged by) ``dice``."""
    if not character.took_part:
        return _resolve_healing(character, dice, Fate.SAT_OUT)
    if character.killed_outright:
        return CharacterFate(
            key=character.key,
            name=character.name,
            fate=Fate.KILLED_OUTRIGHT,
            reason="killed outright by the scene's rule",
            dead=True,
        )
    if character.fallen:
        return _resolve_fallen(character, dice)
    if character.wound_tokens > 0:
        return _resolve_tokens(character, dice)
    return _resolve_healing(character, dice, Fate.UNHURT)


def fate_stream_seed(seed: int, character: FateInput) -> int:
    """§6.2: the seed of one character's own stream of resolution rolls.

    Derived from the battle's resolution seed and the character's place in the
    battle (company order, card order): stable across export and import, and
    independent of every other character's line.
    """
    text = f"fate:{seed}:{character.company_order}:{character.card_order}"
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big")


def resolve_fates(
    characters: Iterable[FateInput],
    *,
    seed: int,
    random_source: Callable[[int], RandomSource],
) -> FatesResult:
    """Resolve §6.2 for a battle: every fate, the unfit flags and the dice log.

    ``random_source(n)`` makes a random source seeded with ``n``
    (``random.Random`` in the site); each character's rolls come from the one
    made for :func:`fate_stream_seed`. The log lists them in resolution order.
    """
    characters = tuple(characters)
    if len({c.key for c in characters}) != len(characters):
        raise ValueError("every character must have its own key")
    fates = tuple(
        resolve_fate(c, Dice(random_source(fate_stream_seed(seed, c))))
        for c in resolution_order(characters)
    )
    return FatesResult(
        fates=fates,
        unfit=unfit_changes(characters, fates),
        log=tuple(entry for fate in fates for entry in fate.log),
    )
