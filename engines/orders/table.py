"""What the table page asks and calls for a company with scene orders (RULES §5).

- :func:`order_questions` — the yes/no questions an order needs before an
  activation (is Frodo on the table? within move?) or before an each-round
  order (are Boromir and Lurtz both on the table?);
- :func:`order_decide` — the doctrine's decision on a whole situation with the
  orders applied (a conditional shun passed only while the players say it
  holds: :func:`engines.orders.kinds.holding`); a decision an order made
  names it (``Decision.order``).

Not imported by :mod:`engines.orders` itself (it needs the doctrines, which
need the order kinds).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace

from engines.cards import Deck
from engines.dice import RandomSource
from engines.doctrines import (
    Decision,
    DoctrineSettings,
    Situation,
    deck_activate,
    horde_decide,
    priority_decide,
)
from engines.enums import Doctrine
from engines.orders.kinds import (
    EachRound,
    Hunt,
    NoEnemyInSight,
    Order,
    PlaceKind,
    Shun,
    TargetKind,
    active,
)


@dataclass(frozen=True)
class Question:
    """A yes/no question the players answer for an order."""

    key: str
    text: str
    order: str
    """The order that asks it, in words."""


def order_questions(
    orders: Iterable[Order],
    *,
    character: str,
    doctrine: Doctrine | str,
    round_number: int | None = None,
) -> tuple[Question, ...]:
    """The questions this character's orders need this round, in order.

    Each-round orders are asked of the company (``character`` is ignored for
    them); a pursuer asks only its limits' (none: distances are along its route).
    """
    doctrine = Doctrine(doctrine)
    asked: list[Question] = []
    for index, order in enumerate(orders):
        key = f"order-{index}"
        if isinstance(order, EachRound):
            if order.condition:
                asked.append(
                    Question(
                        f"{key}-condition", f"{_cap(order.condition)}?", order.words()
                    )
                )
            continue
        if doctrine is Doctrine.PURSUIT or order not in active(
            (order,), character=character, round_number=round_number
        ):
            continue
        if isinstance(order, Shun):
            if order.condition:  # asked; the order is passed only while it holds
                asked.append(
                    Question(
                        f"{key}-condition", f"{_cap(order.condition)}?", order.words()
                    )
                )
        elif isinstance(order, Hunt):
            who = _target(order)
            asked += [
                Question(f"{key}-on-table", f"Is {who} on the table?", order.words()),
                Question(f"{key}-in-sight", f"Is {who} in sight?", order.words()),
                Question(
                    f"{key}-in-range",
                    f"Is {who} within shooting range?",
                    order.words(),
                ),
            ]
            if not order.shooting_only:
                asked += [
                    Question(
                        f"{key}-within-move",
                        f"Is {who} within move (along a path its limits allow)?",
                        order.words(),
                    ),
                    Question(
                        f"{key}-in-contact",
                        f"Is {who} in base contact with it?",
                        order.words(),
                    ),
                ]
        elif (
            isinstance(order, NoEnemyInSight)
            and order.place is not None
            and order.place.kind is PlaceKind.CHARACTER
        ):
            asked.append(
                Question(
                    f"{key}-on-table",
                    f"Is {order.place.name} on the table?",
                    order.words(),
                )
            )
    return tuple(asked)


def order_decide(
    doctrine: Doctrine | str,
    situation: Situation,
    *,
    orders: Iterable[Order],
    settings: DoctrineSettings | None = None,
    rng: RandomSource | None = None,
    deck: Deck | None = None,
) -> Decision:
    """The doctrine's decision with the company's orders applied (§5).

    Priority and horde roll with ``rng``; the deck doctrine draws from
    ``deck``. A pursuer is decided by :func:`engines.doctrines.pursuit_decide`
    (its orders are limits and the rout line only).
    """
    settings = replace(settings or DoctrineSettings(), orders=tuple(orders))
    match Doctrine(doctrine):
        case Doctrine.DECK:
            if deck is None:
                raise ValueError("the deck doctrine draws from the battle's deck")
            return deck_activate(situation, deck=deck, settings=settings)
        case Doctrine.HORDE:
            if rng is None:
                raise ValueError("a horde decision rolls dice")
            return horde_decide(situation, rng=rng, settings=settings)
        case Doctrine.PRIORITY:
            if rng is None:
                raise ValueError("a priority decision may roll dice")
            return priority_decide(situation, rng=rng, settings=settings)
    raise ValueError("a pursuer is decided by pursuit_decide")


def _target(hunt: Hunt) -> str:
    if hunt.target_kind is TargetKind.COMPANY:
        return f"a character of {hunt.target}"
    return hunt.target_words()


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]
