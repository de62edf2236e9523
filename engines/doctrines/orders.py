"""Scene orders on the AI card, printed where they act (RULES §5 "Scene orders in
every doctrine").

:func:`with_orders` takes a doctrine's card built for a battle's settings and
returns it with the company's orders written into it:

- a *hunt* changes the words of every step that picks "the nearest" or "the
  closest" and could pick the target;
- *with no enemy in sight* replaces the doctrine's last branch: the priority
  list's step 9; a step before each suit's "otherwise" and Overwatch branches
  of the deck; the horde's wander;
- a *shun* changes the words of every step that picks an enemy to charge, to
  fight among several in contact or to move toward (never a shot), and its
  "never into base contact" is a limit on moving;
- *rout toward* changes the routing line;
- *keep out*, *stay within* and *ignore terrain* sit together in one section,
  "Limits on moving";
- *each round* orders make one section the card prints in its round sequence.

The decision functions walk this same card, so a step's words and what the
robot does come from one table. The rules that apply the orders live in
:mod:`engines.doctrines.obeying`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from engines.doctrines.settings import DoctrineSettings
from engines.doctrines.steps import Procedure, Section, Step
from engines.enums import Action, Doctrine, Suit
from engines.orders.kinds import (
    LIMIT_KINDS,
    EachRound,
    Hunt,
    Moment,
    NoEnemyInSight,
    Order,
    RoutToward,
    Shun,
)
from engines.text import signed

LIMITS = "orders-limits"
"""The id of the card's "Limits on moving" section."""
ROUND = "orders-round"
"""The id of the card's each-round orders (printed in the round sequence)."""
NO_ENEMY = "no-enemy-order"
"""The suffix of the deck's no-enemy-in-sight steps (``spades-no-enemy-order``)."""

SHOT, MELEE, MOVE = "shot", "melee", "move"
"""What a step does with the enemy it picks (a shooting-only hunt binds only
shots; a hunt's attack modifier is printed where the step attacks)."""

HUNT_STEPS: dict[Doctrine, dict[str, tuple[str, str]]] = {
    Doctrine.PRIORITY: {
        "2": ("in contact (no roll)", MELEE),
        "3": ("in sight and within shooting range", SHOT),
        "4": ("in sight and within move + range", SHOT),
        "6": ("unengaged and within move", MELEE),
        "8": ("in sight", MOVE),
    },
    Doctrine.DECK: {
        "pre-melee": ("in contact", MELEE),
        "spades-1": ("in sight within trigger and range", SHOT),
        "spades-2": ("within trigger out of sight", MELEE),
        "spades-picture": ("in sight and range", SHOT),
        "spades-3": ("on the table", MOVE),
        "hearts-2": ("on the table", MOVE),
        **{
            f"{suit.value}-{step}": (words, SHOT)
            for suit in (Suit.HEARTS, Suit.CLUBS, Suit.DIAMONDS)
            for step, words in (
                ("1", "in sight within trigger and in range after the move"),
                ("picture", "in sight and in range after the move"),
            )
        },
    },
    Doctrine.HORDE: {
        "pre-melee": ("in contact", MELEE),
        "normal-1": ("on the table", MELEE),
        "normal-3": ("on the table", MELEE),
        "frenzy-2": ("on the table", MELEE),
    },
}
"""Each step that picks the nearest or closest enemy: when the hunted target is
one it could pick, and what the step does with it."""

SENTENCE_STEPS = {"2", "pre-melee", "normal-1", "normal-3"}
"""Steps whose words do not end on "the nearest": the hunt is a sentence of its
own there."""

OUT_OF_SIGHT_STEP = {Doctrine.PRIORITY: "8"}
"""The step that moves toward an enemy in sight (an *even out of sight* hunt
may move toward its target out of sight there)."""

NO_ENEMY_BEFORE = {
    Suit.SPADES: "spades-3",
    Suit.HEARTS: "hearts-2",
    Suit.CLUBS: "clubs-2",
    Suit.DIAMONDS: "diamonds-2",
}
"""The deck: the step each suit's no-enemy-in-sight order comes before."""


CONTACT_STEPS = {"2", "pre-melee"}
"""The steps that fight among enemies already in contact (a shunned one alone
in contact is fought on)."""
HURT_STEPS = {Doctrine.HORDE: {"normal-2", "frenzy-1"}}
"""Steps that charge the enemy that hurt it (a shun passes over it too)."""


def _shun_steps(doctrine: Doctrine) -> set[str]:
    """The steps a shun changes: those that pick an enemy to charge, to fight
    among several in contact or to move toward (§5)."""
    picks = {
        step for step, (_, does) in HUNT_STEPS.get(doctrine, {}).items() if does != SHOT
    }
    return picks | HURT_STEPS.get(doctrine, set()) | CONTACT_STEPS


def _shun_text(step: Step, shun: Shun) -> str:
    whom = f"{shun.target}{shun.while_words()}"
    if step.id in CONTACT_STEPS:
        return (
            f"{step.then} Scene order — {_who(shun)}among several in contact, not "
            f"{whom} (alone in contact with {shun.target}, it fights on)"
            f"{_when(shun)}."
        )
    return (
        f"{step.then} Scene order — {_who(shun)}never {whom}: the next one instead"
        f"{_when(shun)}."
    )


def _who(order: Order) -> str:
    return f"{order.who()}: " if order.characters else ""


def _when(order: Order) -> str:
    when = order.when()
    return f" ({when})" if when else ""


def _hunt_text(
    step: Step, hunt: Hunt, entry: tuple[str, str], doctrine: Doctrine
) -> str:
    when, does = entry
    if hunt.out_of_sight and OUT_OF_SIGHT_STEP.get(doctrine) == step.id:
        when = "on the table, even out of sight"
    modifier = ""
    if hunt.attack_modifier and does != MOVE:
        modifier = f", {signed(hunt.attack_modifier)} attack against the hunted"
    target = f"{_who(hunt)}{hunt.target_words()}"
    if step.id in SENTENCE_STEPS:
        whom = "the enemy it charges" if doctrine is Doctrine.HORDE else "its enemy"
        return (
            f"{step.then} Scene order — {target} is {whom} whenever {when}"
            f"{modifier}{_when(hunt)}."
        )
    then = step.then.rstrip(".")
    return f"{then} — {target} whenever {when}{modifier}{_when(hunt)}."


def _no_enemy_text(order: NoEnemyInSight) -> str:
    action = order.action_words()
    text = f"{_who(order)}{action[:1].upper()}{action[1:]}{_when(order)}"
    return text + (" (the others as below)." if order.characters else ".")


def _no_enemy_rule(turn, step):  # type: ignore[no-untyped-def]
    order = turn.no_enemy_order()
    return None if order is None else turn.follow_order(step, order)


def _round_step(index: int, order: EachRound) -> Step:
    label = {Moment.START: "Start", Moment.END: "End"}.get(order.moment, "Before 1")
    return Step(
        f"order-round-{index}",
        label,
        order.moment_words().capitalize()
        + (f", while {order.condition}" if order.condition else ""),
        (f"D6 {order.gate}+: " if order.gate else "")
        + order.effect_words()[:1].upper()
        + order.effect_words()[1:]
        + "."
        + (f" ({order.when()})" if order.round is None and order.when() else ""),
    )


def _step(
    step: Step,
    doctrine: Doctrine,
    hunts: list[Hunt],
    no_enemy: list[NoEnemyInSight],
    shuns: list[Shun],
    settings: DoctrineSettings,
) -> Step:
    for hunt in hunts:
        entry = HUNT_STEPS.get(doctrine, {}).get(step.id)
        if entry is None:
            continue
        if entry[1] == SHOT and not settings.shoots(hunt.characters):
            continue  # no hunter with a range: a shooting line would be dead text
        if entry[1] == SHOT or not hunt.shooting_only:
            step = replace(step, then=_hunt_text(step, hunt, entry, doctrine))
    if step.id in _shun_steps(doctrine):
        for shun in shuns:
            step = replace(step, then=_shun_text(step, shun))
    if step.id == "9" and doctrine is Doctrine.PRIORITY and no_enemy:
        then = " ".join(_no_enemy_text(o) for o in no_enemy)
        if any(o.characters for o in no_enemy):
            then = then.replace(" (the others as below).", ".") + " Others hold."
        step = replace(
            step,
            when="Otherwise (no enemy in sight)",
            then=then,
            actions=(Action.MOVE_TOWARD, Action.HOLD),
        )
    if step.id == "normal-3" and doctrine is Doctrine.HORDE and no_enemy:
        words = "; ".join(
            f"{_who(o)}"
            + ("holds" if o.place is None else f"goes toward {o.place.words()}")
            for o in no_enemy
        )
        step = replace(
            step,
            then=f"{step.then} With no enemy in sight a wander rolls no direction: "
            f"{words}.",
            actions=(*step.actions, Action.MOVE_TOWARD),
        )
    return step


def _rout(step: Step, orders: list[RoutToward]) -> Step:
    words = "; ".join(
        f"{o.who()}: toward the {o.edge.value} edge" if o.characters else ""
        for o in orders
    )
    whole = next((o for o in orders if not o.characters), None)
    target = "the nearest table edge" if whole is None else f"the {whole.edge} edge"
    extra = f" ({words})" if words.strip("; ") else ""
    return replace(step, then=f"Full move toward {target}{extra}; nothing else.")


def with_orders(procedure: Procedure) -> Procedure:
    """The card with its settings' scene orders written where they act."""
    settings = procedure.settings
    orders: tuple[Order, ...] = () if settings is None else settings.orders
    if not orders or procedure.doctrine is None or settings is None:
        return procedure
    doctrine = procedure.doctrine
    hunts = [o for o in orders if isinstance(o, Hunt)]
    no_enemy = [o for o in orders if isinstance(o, NoEnemyInSight)]
    shuns = [o for o in orders if isinstance(o, Shun)]
    if doctrine is Doctrine.PURSUIT:
        hunts, no_enemy = [], []  # a pursuer has its route instead (§5)
    routs = [o for o in orders if isinstance(o, RoutToward)]
    sections: list[Section] = []
    limits = tuple(
        o.words() + "." for o in orders if o.kind in LIMIT_KINDS or isinstance(o, Shun)
    )
    for section in procedure.sections:
        steps: list[Step] = []
        for step in section.steps:
            if step.id == "pre-rout" and routs:
                step = _rout(step, routs)
            if doctrine is Doctrine.DECK and no_enemy:
                suit = next(
                    (s for s, before in NO_ENEMY_BEFORE.items() if before == step.id),
                    None,
                )
                if suit is not None:
                    steps.append(
                        Step(
                            f"{suit.value}-{NO_ENEMY}",
                            f"{suit.symbol} order",
                            "Otherwise, with no enemy in sight",
                            " ".join(_no_enemy_text(o) for o in no_enemy),
                            rule=_no_enemy_rule,
                            actions=(Action.MOVE_TOWARD, Action.HOLD),
                        )
                    )
            steps.append(_step(step, doctrine, hunts, no_enemy, shuns, settings))
        sections.append(replace(section, steps=tuple(steps)))
        if limits and section is procedure.sections[0]:
            sections.append(
                Section(
                    id=LIMITS,
                    title="Limits on moving",
                    intro="On every move it makes (its follow-up, flight and "
                    "scatter too); 'within move' is measured along a path these "
                    "allow, going round a forbidden area by the shortest way.",
                    notes=limits,
                )
            )
    rounds = [o for o in orders if isinstance(o, EachRound)]
    if rounds:
        sections.append(
            Section(
                id=ROUND,
                title="Each round: scene orders",
                intro="Before the random event at the start of a round; after the "
                "end-of-round steps at its end. Roll with the battle's dice.",
                steps=tuple(_round_step(i, o) for i, o in enumerate(rounds, 1)),
            )
        )
    return replace(procedure, sections=tuple(sections))


class Cards:
    """A doctrine's card for each battle's settings (the generic one for
    None), built once: found first by the very settings object a battle
    passes at every decision, then by the settings' value (a new round's
    settings equal to an earlier round's find that card)."""

    KEPT = 64
    """Cards kept at most, by value and by object (then they are built again)."""

    def __init__(
        self, generic: Procedure, build: Callable[[DoctrineSettings], Procedure]
    ) -> None:
        self.generic = generic
        self.build = build
        self.by_value: dict[DoctrineSettings, Procedure] = {}
        self.by_object: dict[int, tuple[DoctrineSettings, Procedure]] = {}
        """By ``id(settings)``, the settings kept with it (so the id stays theirs)."""

    def __call__(self, settings: DoctrineSettings | None = None) -> Procedure:
        if settings is None:
            return self.generic
        kept = self.by_object.get(id(settings))
        if kept is not None and kept[0] is settings:
            return kept[1]
        found = self.by_value.get(settings)
        if found is None:
            found = with_orders(self.build(settings))
            if len(self.by_value) >= self.KEPT:
                self.by_value.clear()
            self.by_value[settings] = found
        if len(self.by_object) >= self.KEPT:
            self.by_object.clear()
        self.by_object[id(settings)] = (settings, found)
        return found
