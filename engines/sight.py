"""A battle's sight limit and its lit features, in one line (RULES §1 "The
battlefield as data").

A feature may be **lit**: a character within N" of it can be seen from any
distance, whatever the sight limit (Weathertop's campfire). The setup sheet,
the AI card and the table page state the limit and its lit exceptions together,
with :func:`sight_line`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from engines.orders.places import the
from engines.text import inches, words


@dataclass(frozen=True, kw_only=True)
class Lit:
    """A lit feature: a character within ``within`` inches of it is seen from
    any distance."""

    feature: str
    within: float

    def __post_init__(self) -> None:
        if self.within <= 0:
            raise ValueError("a lit feature lights a positive number of inches")

    def words(self, mark: Callable[[float], str] = inches) -> str:
        return f"within {mark(self.within)} of {the(self.feature)}"

    def to_data(self) -> dict[str, Any]:
        return {"feature": self.feature, "within": self.within}

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> Lit:
        return cls(feature=str(data["feature"]), within=data["within"])


def lit_words(lit: Iterable[Lit], mark: Callable[[float], str] = inches) -> str:
    """'within 6″ of the campfire' / '… or within 3″ of the beacon'."""
    return words((item.words(mark) for item in lit), last="or")


def sight_line(
    limit: float | None,
    lit: Iterable[Lit] = (),
    *,
    shoots: bool = False,
    mark: Callable[[float], str] = inches,
    span: str = "in this battle",
) -> str:
    """The sight limit and its lit exceptions in one sentence ('' without a
    limit): 'Nobody sees further than 12″ in this battle, but a character
    within 6″ of the campfire can be seen from any distance.' (``span``: for
    how long, "this round" for an event's)."""
    if limit is None:
        return ""
    verb = "sees or shoots" if shoots else "sees"
    text = f"Nobody {verb} further than {mark(limit)} {span}"
    lit = tuple(lit)
    if lit:
        text += (
            f", but a character {lit_words(lit, mark)} (lit) can be seen from any "
            "distance"
        )
    return text + "."
