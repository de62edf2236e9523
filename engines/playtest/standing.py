"""What the battle loop knows of a character that the table cannot show
(RULES §7): its wounds, who hurt it this round, whether it routs."""

from __future__ import annotations

from typing import Final

from engines.enums import HordeMode


class Standing:
    """What the battle loop knows of one character that the table cannot show
    (a read-only record with its equality, as
    :class:`~engines.playtest.apply.Moved`: one is read at every change)."""

    __slots__ = (
        "wounded", "hurt_this_round", "hurt_by", "attacked_before_activating",
        "routing", "follow_up", "mode",
    )  # fmt: skip

    def __init__(
        self,
        *,
        wounded: bool = False,
        hurt_this_round: bool = False,
        hurt_by: tuple[str, ...] = (),
        attacked_before_activating: bool = False,
        routing: bool = False,
        follow_up: bool = False,
        mode: HordeMode = HordeMode.NORMAL,
    ) -> None:
        self.wounded: Final = wounded
        """No free wound slot: the next wound fells it."""
        self.hurt_this_round: Final = hurt_this_round
        self.hurt_by: Final = hurt_by
        """The enemies that wounded it this round."""
        self.attacked_before_activating: Final = attacked_before_activating
        self.routing: Final = routing
        self.follow_up: Final = follow_up
        self.mode: Final = mode

    def _fields(
        self,
    ) -> tuple[bool, bool, tuple[str, ...], bool, bool, bool, HordeMode]:
        return (
            self.wounded, self.hurt_this_round, self.hurt_by,
            self.attacked_before_activating, self.routing, self.follow_up, self.mode,
        )  # fmt: skip

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Standing):
            return NotImplemented
        return self._fields() == other._fields()

    def __hash__(self) -> int:
        return hash(self._fields())

    def __repr__(self) -> str:
        return f"Standing{self._fields()!r}"

    def attacked(self, attacked: bool) -> Standing:
        """The same standing, attacked before activating or not."""
        return Standing(
            wounded=self.wounded,
            hurt_this_round=self.hurt_this_round,
            hurt_by=self.hurt_by,
            attacked_before_activating=attacked,
            routing=self.routing,
            follow_up=self.follow_up,
            mode=self.mode,
        )


NOBODY = Standing()
