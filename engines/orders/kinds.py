"""Scene orders: a scene's rules for its robot, as data (RULES §1 "Scene orders").

Each order belongs to one AI company, applies to all of its characters or only
to named ones, and may hold only from and/or until a round. The kinds are
frozen dataclasses: :class:`Hunt`, :class:`NoEnemyInSight`, :class:`KeepOut`,
:class:`StayWithin`, :class:`IgnoreTerrain`, :class:`Shun`,
:class:`RoutToward` and :class:`EachRound` (places:
:mod:`engines.orders.places`). §5 says how each enters each doctrine; the doctrines read
them from their settings (``DoctrineSettings.orders``), and
:mod:`engines.doctrines.orders` prints them on the card where they act.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from engines.enums import Edge, RuleEnum
from engines.orders.places import Place as Place
from engines.orders.places import PlaceKind as PlaceKind
from engines.orders.places import the as the
from engines.text import inches, signed, words

SCENE_ORDER = "scene order"
"""How a decision made by an order names its step: "scene order: hunts Frodo"."""


class OrderKind(RuleEnum):
    HUNT = "hunt"
    NO_ENEMY = "no_enemy_in_sight"
    KEEP_OUT = "keep_out"
    STAY_WITHIN = "stay_within"
    IGNORE_TERRAIN = "ignore_terrain"
    SHUN = "shun"
    ROUT_TOWARD = "rout_toward"
    EACH_ROUND = "each_round"

    __labels__ = {
        "hunt": "Hunt",
        "no_enemy_in_sight": "With no enemy in sight",
        "keep_out": "Keep out",
        "stay_within": "Stay within",
        "ignore_terrain": "Ignore terrain",
        "shun": "Shun",
        "rout_toward": "Rout toward",
        "each_round": "Each round",
    }


class TargetKind(RuleEnum):
    """Whom a hunt (or an each-round attack) names."""

    CHARACTER = "character"
    CARRIER = "carrier"
    COMPANY = "company"

    __labels__ = {
        "character": "A named player character",
        "carrier": "Whoever carries a named objective",
        "company": "The nearest character of a named player company",
    }


class Moment(RuleEnum):
    START = "start"
    END = "end"
    BEFORE_FIRST = "before_first"

    __labels__ = {
        "start": "At the start of the round",
        "end": "At the end of the round",
        "before_first": "Before round 1",
    }


class Victim(RuleEnum):
    """Whom an each-round attack strikes."""

    CHARACTER = "character"
    DEALT = "dealt"
    CHOSEN = "chosen"

    __labels__ = {
        "character": "A named character",
        "dealt": "The character of a named company dealt the highest card",
        "chosen": "The character each player general chooses",
    }


PLURAL_VERBS = {
    "hunts": "hunt",
    "holds": "hold",
    "moves": "move",
    "keeps": "keep",
    "stays": "stay",
    "ignores": "ignore",
    "routs": "rout",
    "shuns": "shun",
}
"""An order's verbs, as several characters' subject needs them."""


def plural_verb(text: str) -> str:
    """'ignores terrain' → 'ignore terrain': the order's first verb in the plural."""
    out = text.split(" ")
    for index, word in enumerate(out):
        if word in PLURAL_VERBS:
            out[index] = PLURAL_VERBS[word]
            break
    return " ".join(out)


@dataclass(frozen=True, kw_only=True)
class Order:
    """What every order has: who it binds and when."""

    characters: tuple[str, ...] = ()
    """The named characters it binds; empty: the whole company."""
    from_round: int | None = None
    until_round: int | None = None
    source: str = "scene"
    """"scene" or "scenario" (a generated scenario's own order, §5)."""

    kind = OrderKind.HUNT  # each kind sets its own

    def __post_init__(self) -> None:
        object.__setattr__(self, "characters", tuple(self.characters))
        if (
            self.from_round is not None
            and self.until_round is not None
            and self.from_round > self.until_round
        ):
            raise ValueError("an order's first round cannot come after its last")

    def binds(self, character: str) -> bool:
        return not self.characters or character in self.characters

    def holds_in(self, round_number: int | None) -> bool:
        """Whether it holds in this round (an unknown round: every round)."""
        if round_number is None:
            return True
        if self.from_round is not None and round_number < self.from_round:
            return False
        return self.until_round is None or round_number <= self.until_round

    def what(self) -> str:
        raise NotImplementedError

    def who(self) -> str:
        """'' for the whole company, else 'Lurtz' / 'Lurtz and Ugluk'."""
        return words(self.characters)

    def when(self) -> str:
        if self.from_round is not None and self.until_round is not None:
            if self.from_round == self.until_round:
                return f"in round {self.from_round}"
            return f"from round {self.from_round} to round {self.until_round}"
        if self.from_round is not None:
            return f"from round {self.from_round}"
        if self.until_round is not None:
            return f"until round {self.until_round}"
        return ""

    def words(self) -> str:
        """The whole order in words: 'Lurtz hunts Boromir, shooting only';
        the verb agrees with several names ('Lurtz and Ugluk hunt Boromir')."""
        text = self.what()
        who = self.who()
        if len(self.characters) > 1:
            text = plural_verb(text)
        text = f"{who} {text}" if who else text[:1].upper() + text[1:]
        when = self.when()
        return f"{text} ({when})" if when else text

    @property
    def label(self) -> str:
        """How a decision names it as its step: 'scene order: hunts Frodo'."""
        return f"{SCENE_ORDER}: {self.what()}"

    def to_data(self) -> dict[str, Any]:
        data: dict[str, Any] = {"kind": self.kind.value}
        for name in self.__dataclass_fields__:
            value = getattr(self, name)
            if isinstance(value, Place):
                value = value.to_data()
            elif isinstance(value, tuple):
                value = list(value)
            elif isinstance(value, RuleEnum):
                value = value.value
            data[name] = value
        return data


@dataclass(frozen=True, kw_only=True)
class Hunt(Order):
    target: str
    target_kind: TargetKind = TargetKind.CHARACTER
    shooting_only: bool = False
    out_of_sight: bool = False
    attack_modifier: int = 0

    kind = OrderKind.HUNT

    def __post_init__(self) -> None:
        super().__post_init__()
        object.__setattr__(self, "target_kind", TargetKind(self.target_kind))
        if not -2 <= self.attack_modifier <= 2:
            raise ValueError("a hunt's attack modifier is −2 to +2")

    def target_words(self) -> str:
        match self.target_kind:
            case TargetKind.CARRIER:
                return f"whoever carries {the(self.target)}"
            case TargetKind.COMPANY:
                return f"the nearest of {the(self.target)}"
        return self.target

    def what(self) -> str:
        extras = []
        if self.shooting_only:
            extras.append("shooting only")
        if self.out_of_sight:
            extras.append("even out of sight")
        if self.attack_modifier:
            extras.append(f"{signed(self.attack_modifier)} attack against it")
        return f"hunts {self.target_words()}" + "".join(f", {e}" for e in extras)


@dataclass(frozen=True, kw_only=True)
class NoEnemyInSight(Order):
    place: Place | None = None
    """None: it holds."""

    kind = OrderKind.NO_ENEMY

    def action_words(self) -> str:
        if self.place is None:
            return "hold"
        return f"full move toward {self.place.words()}"

    def what(self) -> str:
        if self.place is None:
            return "holds with no enemy in sight"
        return f"with no enemy in sight moves toward {self.place.words()}"


@dataclass(frozen=True, kw_only=True)
class KeepOut(Order):
    area: Place
    """A feature, or an edge (the band within ``widen`` inches of it)."""
    widen: float = 0
    except_through: str = ""

    kind = OrderKind.KEEP_OUT

    def what(self) -> str:
        if self.area.kind is PlaceKind.EDGE:
            text = f"keeps out of the {inches(self.widen)} along {self.area.words()}"
        elif self.widen:
            text = (
                f"keeps out of {self.area.words()} and {inches(self.widen)} around it"
            )
        else:
            text = f"keeps out of {self.area.words()}"
        if self.except_through:
            text += f", except through {the(self.except_through)}"
        return text


@dataclass(frozen=True, kw_only=True)
class StayWithin(Order):
    distance: float
    place: Place

    kind = OrderKind.STAY_WITHIN

    def what(self) -> str:
        return f"stays within {inches(self.distance)} of {self.place.words()}"


@dataclass(frozen=True, kw_only=True)
class IgnoreTerrain(Order):
    kind = OrderKind.IGNORE_TERRAIN

    def what(self) -> str:
        return "ignores terrain when moving"


@dataclass(frozen=True, kw_only=True)
class Shun(Order):
    """Never moves into base contact with a named player character, optionally
    only while a yes/no condition the players answer holds (the caller asks it
    and passes the order only while it holds, :func:`holding`)."""

    target: str
    condition: str = ""
    """A yes/no question the players answer; blank: always."""

    kind = OrderKind.SHUN

    def __post_init__(self) -> None:
        super().__post_init__()
        if not self.target:
            raise ValueError("a shun order names the character shunned")

    def while_words(self) -> str:
        return f" while {self.condition}" if self.condition else ""

    def what(self) -> str:
        return f"shuns {self.target}{self.while_words()} (never into base contact)"


@dataclass(frozen=True, kw_only=True)
class RoutToward(Order):
    edge: Edge

    kind = OrderKind.ROUT_TOWARD

    def __post_init__(self) -> None:
        super().__post_init__()
        object.__setattr__(self, "edge", Edge(self.edge))

    def what(self) -> str:
        return f"routs toward the {self.edge.value} edge"


@dataclass(frozen=True, kw_only=True)
class EachRound(Order):
    moment: Moment = Moment.END
    round: int | None = None
    """Only this round; None: every round (``from_round``/``until_round`` apply)."""
    condition: str = ""
    """A yes/no question the players answer; blank: always."""
    attack_bonus: int | None = None
    """D6 + this against the victim's defence; None: ``effect`` in words."""
    victim: Victim = Victim.CHARACTER
    victim_name: str = ""
    """The named character, or the company a card is dealt among."""
    effect: str = ""
    gate: int | None = None
    """Roll D6: on this or more the order acts; None: no roll."""

    kind = OrderKind.EACH_ROUND

    def __post_init__(self) -> None:
        super().__post_init__()
        object.__setattr__(self, "moment", Moment(self.moment))
        object.__setattr__(self, "victim", Victim(self.victim))
        if self.gate is not None and not 2 <= self.gate <= 6:
            raise ValueError("a gate roll needs 2 to 6 on a D6")
        if self.attack_bonus is None and not self.effect:
            raise ValueError("an each-round order is an attack or an effect")

    def due(self, moment: Moment, round_number: int) -> bool:
        """Whether it acts at this moment of this round (before round 1: 0)."""
        if self.moment is Moment.BEFORE_FIRST:
            return moment is Moment.BEFORE_FIRST
        if moment is not self.moment:
            return False
        if self.round is not None:
            return round_number == self.round
        return self.holds_in(round_number)

    def moment_words(self) -> str:
        if self.moment is Moment.BEFORE_FIRST:
            return "before round 1"
        edge = "start" if self.moment is Moment.START else "end"
        if self.round is not None:
            return f"at the {edge} of round {self.round}"
        return f"at the {edge} of each round"

    def victim_words(self) -> str:
        match self.victim:
            case Victim.DEALT:
                return f"the one of {the(self.victim_name)} dealt the highest card"
            case Victim.CHOSEN:
                return "the character each player general chooses"
        return self.victim_name

    def effect_words(self) -> str:
        if self.attack_bonus is None:
            return self.effect
        bonus = signed(self.attack_bonus)
        text = (
            f"an attack D6 {bonus[0]} {bonus[1:]} against the defence of "
            f"{self.victim_words()}"
        )
        return text + (f" ({self.effect})" if self.effect else "")

    def what(self) -> str:
        text = self.moment_words()
        if self.condition:
            text += f", while {self.condition}"
        if self.gate is not None:
            text += f", D6 {self.gate}+"
        return f"{text}: {self.effect_words()}"

    def words(self) -> str:
        # The whole company's each-round order is the scene's, not a character's.
        text = self.what()
        text = text[:1].upper() + text[1:]
        when = self.when() if self.round is None else ""
        return f"{text} ({when})" if when else text


ORDER_TYPES: dict[OrderKind, type[Order]] = {
    OrderKind.HUNT: Hunt,
    OrderKind.NO_ENEMY: NoEnemyInSight,
    OrderKind.KEEP_OUT: KeepOut,
    OrderKind.STAY_WITHIN: StayWithin,
    OrderKind.IGNORE_TERRAIN: IgnoreTerrain,
    OrderKind.SHUN: Shun,
    OrderKind.ROUT_TOWARD: RoutToward,
    OrderKind.EACH_ROUND: EachRound,
}
LIMIT_KINDS = (OrderKind.KEEP_OUT, OrderKind.STAY_WITHIN, OrderKind.IGNORE_TERRAIN)
"""Limits on every move the character makes (§5)."""


def order_from_data(data: Mapping[str, Any]) -> Order:
    kind = OrderKind(data["kind"])
    cls = ORDER_TYPES[kind]
    values: dict[str, Any] = {}
    for name in cls.__dataclass_fields__:
        if name not in data:
            continue
        value = data[name]
        if name in ("place", "area") and value is not None:
            value = Place.from_data(value)
        elif name == "characters":
            value = tuple(value)
        values[name] = value
    return cls(**values)


def orders_to_data(orders: Iterable[Order]) -> list[dict[str, Any]]:
    return [order.to_data() for order in orders]


def orders_from_data(data: Iterable[Mapping[str, Any]]) -> tuple[Order, ...]:
    return tuple(order_from_data(item) for item in data)


def active(
    orders: Iterable[Order], *, character: str, round_number: int | None = None
) -> tuple[Order, ...]:
    """The orders binding this character in this round."""
    return tuple(
        order
        for order in orders
        if order.binds(character) and order.holds_in(round_number)
    )


def of_kind(orders: Iterable[Order], cls: type[Order]) -> Order | None:
    """The first order of a kind (a scene's own comes before a scenario's)."""
    return next((order for order in orders if isinstance(order, cls)), None)


def merged(scene: Sequence[Order], scenario: Sequence[Order]) -> tuple[Order, ...]:
    """§5: a scene's own order of the same kind takes the place of the scenario's."""
    kinds = {order.kind for order in scene}
    return (*scene, *(order for order in scenario if order.kind not in kinds))


def holding(
    orders: Iterable[Order], holds: Callable[[Order], bool]
) -> tuple[Order, ...]:
    """The orders without the conditional shun orders whose condition the
    players answered "no" (``holds`` gives their answer)."""
    return tuple(
        o for o in orders if not (isinstance(o, Shun) and o.condition) or holds(o)
    )
