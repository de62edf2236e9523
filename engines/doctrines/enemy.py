"""An enemy as an AI character reads it (RULES §5): one entry of a
:class:`~engines.doctrines.situation.Situation`'s enemies."""

from __future__ import annotations

from typing import Final


class Enemy:
    """An enemy (player) character as this AI character sees it.

    A situation lists its enemies in the player's card order (§5.1 numbers
    several melee opponents in that order).

    A read-only record with its equality (a plain class, not a dataclass: a
    playtest reads thousands a battle, and the compiled engine makes and reads
    a plain class's fields directly). Whether it is in sight is a property, so
    that a reading may measure it only when a decide function asks
    (:class:`engines.playtest.situation.MeasuredEnemy`).
    """

    __slots__ = (
        "id", "distance", "_in_sight", "in_contact", "engaged", "hurt_me",
        "company", "carrying", "lit",
    )  # fmt: skip

    def __init__(
        self,
        *,
        id: str,
        distance: float,
        in_sight: bool = True,
        in_contact: bool = False,
        engaged: bool = False,
        hurt_me: bool = False,
        company: str = "",
        carrying: str | None = None,
        lit: bool = False,
    ) -> None:
        self.id: Final = id
        self.distance: Final = distance
        """Inches, base edge to base edge; 0 when in base contact."""
        self._in_sight: Final = in_sight
        self.in_contact: Final = in_contact
        """In base contact with this character: they are in melee."""
        self.engaged: Final = engaged
        """In base contact with any model (the opposite of *unengaged*, §0)."""
        self.hurt_me: Final = hurt_me
        """It wounded this character this round (§5.3 charges the enemy that
        hurt it)."""
        self.company: Final = company
        """Its company's name (a hunt may name a company, §1 "Scene orders")."""
        self.carrying: Final = carrying
        """The objective it carries (a hunt may name whoever carries it)."""
        self.lit: Final = lit
        """It stands within a lit feature's reach: seen from any distance,
        whatever the sight limit (RULES §1)."""

    @property
    def in_sight(self) -> bool:
        return self._in_sight

    def fields(self) -> EnemyFields:
        """Its fields in order: id, distance, in_sight, in_contact, engaged,
        hurt_me, company, carrying, lit."""
        return (
            self.id, self.distance, self.in_sight, self.in_contact, self.engaged,
            self.hurt_me, self.company, self.carrying, self.lit,
        )  # fmt: skip

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Enemy):
            return NotImplemented
        return self.fields() == other.fields()

    def __hash__(self) -> int:
        return hash(self.fields())

    def __repr__(self) -> str:
        named = ", ".join(
            f"{name}={value!r}"
            for name, value in zip(ENEMY_FIELDS, self.fields(), strict=True)
        )
        return f"Enemy({named})"

    def unseen(self) -> Enemy:
        """The same enemy, out of sight."""
        return Enemy(
            id=self.id, distance=self.distance, in_sight=False,
            in_contact=self.in_contact, engaged=self.engaged, hurt_me=self.hurt_me,
            company=self.company, carrying=self.carrying, lit=self.lit,
        )  # fmt: skip


EnemyFields = tuple[str, float, bool, bool, bool, bool, str, str | None, bool]
ENEMY_FIELDS = (
    "id", "distance", "in_sight", "in_contact", "engaged", "hurt_me", "company",
    "carrying", "lit",
)  # fmt: skip
"""An :class:`Enemy`'s fields, in order (as its constructor names them)."""
