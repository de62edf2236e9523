"""What a character's scene orders ask at the table (RULES §5 "Scene orders in
every doctrine").

The engine applies the orders (:mod:`engines.doctrines.obeying`); the table
page asks only what they need and the log cannot tell: how far the hunted
target is, whether the hunter sees it and whether it is free. Whether the
target (or a no-enemy-in-sight order's character) is on the table is read from
the log, never asked. A pursuer takes no hunt (§5.4 has its route).
"""

from __future__ import annotations

from typing import Any

from engines.doctrines import Decision, Pursuer, Situation
from engines.enums import Doctrine
from engines.orders.kinds import (
    Hunt,
    Moment,
    NoEnemyInSight,
    Order,
    PlaceKind,
    Shun,
    TargetKind,
)
from engines.orders.kinds import active as orders_active
from engines.table.decide import shun_key
from engines.table.keeping import (
    KEEP_KEY,
    NEAR_KEPT,
    keep_binding,
    keep_needed,
    keep_question,
    kept_areas,
)
from engines.table.kinds import Phase
from engines.table.questions import FAR, NEAREST, Walker
from engines.table.round_orders import end_orders_due, start_orders_due
from engines.table.state import Context, Fighter, State
from engines.table.staying import STAY_KEY, stay_binding, stay_needed


def binding(w: Walker) -> tuple[Order, ...]:
    """The orders binding this character this round, as the engine reads them."""
    return orders_binding(w.context, w.state, w.fighter)


def orders_binding(
    context: Context, state: State, fighter: Fighter
) -> tuple[Order, ...]:
    """The orders binding ``fighter`` in the state's round (every round before
    the battle begins)."""
    return orders_active(
        context.company(fighter.company).settings.orders,
        character=fighter.label,
        round_number=state.round or None,
    )


def hunted(w: Walker, hunt: Hunt) -> list[Fighter]:
    """The enemies on the table the hunt names, in card order."""
    match hunt.target_kind:
        case TargetKind.CARRIER:
            return [
                e for e in w.enemies if w.state.fighters[e.key].carrying == hunt.target
            ]
        case TargetKind.COMPANY:
            return [
                e for e in w.enemies if w.context.company(e.company).name == hunt.target
            ]
    return [e for e in w.enemies if hunt.target in (e.name, e.label)]


def ask_hunt(w: Walker) -> None:
    """Before the doctrine's own questions: where the hunted target is.

    Asked only when the hunt can bind a step: the character is not in melee
    (its contacts are known), carrying an objective or (but in a horde)
    routing.
    """
    if w.company.doctrine is Doctrine.PURSUIT:
        return
    hunt = next((o for o in binding(w) if isinstance(o, Hunt)), None)
    if hunt is None or w.carrying is not None:
        return
    if w.routing and w.company.doctrine is not Doctrine.HORDE:
        return  # a routing character routs (the horde reads its mode instead)
    targets = hunted(w, hunt)
    if not targets or w.melee():
        return
    why = f"Its {hunt.label}."
    target = w.who(
        "hunted",
        f"Which of the hunted is nearest to {w.name}?",
        targets,
        help=why,
    )
    if target is None:
        return
    distance = w.inches(
        "hunted_in",
        f"How far is {target.label} from {w.name}?",
        f"{why} Base edge to base edge, in inches.",
        also=(w.sees_too("hunted_seen", target), w.free_too("hunted_free", target)),
    )
    sees = w.visible(distance) and w.yes(
        "hunted_seen", f"Can {w.name} see {target.label}?", w.sight_help()
    )
    free = w.yes("hunted_free", f"Is {target.label} free: in base contact with no one?")
    w.foe(target, distance=distance, in_sight=sees, engaged=not free, told=True)


def place_on_table(w: Walker) -> None:
    """A no-enemy-in-sight order toward a character lapses while that character
    is off the table: the engine reads it from the enemies listed, so a
    character on the table is listed (out of sight, far) if nothing was asked
    of it."""
    order = next((o for o in binding(w) if isinstance(o, NoEnemyInSight)), None)
    if order is None or order.place is None:
        return
    if order.place.kind is not PlaceKind.CHARACTER:
        return
    for enemy in w.enemies:
        if order.place.name in (enemy.name, enemy.label):
            w.foes.setdefault(  # a placeholder: the questions may still ask it
                enemy.key,
                {"distance": FAR, "in_sight": False, "engaged": True, "unasked": True},
            )
            w.foes.pop("?", None)


def sight_for_order(w: Walker, trial: Decision) -> bool:
    """A decision a no-enemy-in-sight order made holds only while the character
    sees no enemy: where the doctrine's questions did not ask (the horde's
    wander), ask now. True when the answer changed the situation."""
    order = next((o for o in binding(w) if isinstance(o, NoEnemyInSight)), None)
    if order is None or trial.order != order.label:
        return False
    if any(facts.get("in_sight") for facts in w.foes.values()):
        return False
    if not w.yes(
        "sees_enemy",
        f"Can {w.name} see an enemy?",
        f"Its {order.label} holds only while it sees none. {w.sight_help()}",
    ):
        return False
    # Seen, the players say: in sight whatever the (round's) sight limit.
    w.foes["?"] = {"distance": FAR, "in_sight": True, "engaged": True, "lit": True}
    return True


def ask_shuns(w: Walker) -> None:
    """A shun with a condition binding this character: does it hold? (The
    engine takes the order only while it does: ``doctrine_decide``'s answers.)"""
    bound = binding(w)
    for index, order in enumerate(w.company.settings.orders):
        if isinstance(order, Shun) and order.condition and order in bound:
            w.yes(
                shun_key(index),
                f"{order.condition[:1].upper()}{order.condition[1:]}?",
                f"Its {order.label}: taken only while this holds.",
            )


def ask_shunned(w: Walker) -> None:
    """A shun that holds, the character not in melee: how far the shunned
    character is, whether it is seen and free (a shot may still take it); the
    questions after leave it out, so they find the next candidate (§5)."""
    if w.carrying is not None or (
        w.routing and w.company.doctrine is not Doctrine.HORDE
    ):
        return
    bound = binding(w)
    orders = w.company.settings.orders
    for index, order in enumerate(orders):
        if not isinstance(order, Shun) or order not in bound:
            continue
        if order.condition and w.answers.get(shun_key(index)) != "yes":
            continue
        target = next((e for e in w.enemies if order.target in (e.name, e.label)), None)
        if target is None or w.melee():
            continue
        why = f"Its {order.label}: it takes the next enemy instead."
        distance = w.inches(
            "shunned_in",
            f"How far is {target.label} from {w.name}?",
            f"{why} Base edge to base edge, in inches.",
            also=(
                w.sees_too("shunned_seen", target),
                w.free_too("shunned_free", target),
            ),
        )
        sees = w.visible(distance) and w.yes(
            "shunned_seen", f"Can {w.name} see {target.label}?", w.sight_help()
        )
        free = w.yes(
            "shunned_free", f"Is {target.label} free: in base contact with no one?"
        )
        w.foe(target, distance=distance, in_sight=sees, engaged=not free)
        w.enemies = [e for e in w.enemies if e is not target]
        w.passed_over.append(target)
        if w.answers.get("near") == target.key:
            w.answers.pop("near")  # the melee question's "nearest": ask again
        w.notes.append(f"{target.label} is left out of the questions below. {why}")


def ask_orders(w: Walker) -> None:
    """What the character's orders need, asked before its doctrine's questions
    (the horde's hunt: after them, see :func:`ask_orders_after`)."""
    if w.company.doctrine is Doctrine.PURSUIT:
        return
    ask_shuns(w)
    place_on_table(w)
    if w.company.doctrine is not Doctrine.HORDE:
        ask_hunt(w)
    ask_shunned(w)


def ask_orders_after(w: Walker, subject: Situation | Pursuer) -> Situation | Pursuer:
    """What the orders ask once the doctrine's questions are answered: the
    horde's hunted target, then how far a stay-within lets its move go."""
    subject = _horde_hunt(w, subject)
    ask_stay(w, subject)
    return subject


def ask_stay(
    w: Walker, subject: Situation | Pursuer, *, trial: Decision | None = None
) -> None:
    """A stay-within binding the character and a decision that moves it (not
    toward the place itself): how far it stands from the place, the one
    distance that says where its move must stop (:mod:`engines.table.staying`);
    a keep-out and a move that ends beside its target: whether the target
    stands in the area (:mod:`engines.table.keeping`). ``trial`` is the
    decision when it is not the doctrine's (a return fire's)."""
    orders = binding(w)
    order, keep = stay_binding(orders), keep_binding(orders)
    if order is None and not keep:
        return
    if trial is None:
        trial = w.trial(subject)
    if order is not None and stay_needed(order, trial):
        w.inches(
            STAY_KEY,
            f"How far is {w.name} from {order.place.words()}?",
            f"Its order: {order.words()}. Base edge to the nearest point of it, "
            "in inches.",
        )
    if keep and keep_needed(keep, trial):
        # Ticked beside the nearest enemy's distance, when the move ends at it.
        near = w.near is not None and trial.target == w.near.label
        beside = any(NEAR_KEPT == also[0] for a in w.asked for also in a.question.also)
        w.yes(
            NEAR_KEPT if near and beside else KEEP_KEY,
            keep_question(keep, trial),
            f"Its orders: {'; '.join(o.words() for o in keep)}. No move of it may "
            "end there.",
        )


def kept_beside(w: Walker) -> tuple[tuple[str, str, bool], ...]:
    """Whether the nearest enemy the melee question named stands in an area a
    keep-out names, as a tick box beside its distance (unticked at first): a
    move that would end beside it asks it (:func:`ask_stay`)."""
    keeps = keep_binding(binding(w))
    named = w.answers.get("melee", "").removeprefix(NEAREST)
    near = next((e for e in w.enemies if e.key == named), None)
    if not keeps or near is None:
        return ()
    return ((NEAR_KEPT, f"{near.label} stands in {kept_areas(keeps)}", False),)


def _horde_hunt(w: Walker, subject: Situation | Pursuer) -> Situation | Pursuer:
    """The horde asks for its hunted target only once its roll charges (its
    flow has then asked for the enemy it would charge without the hunt):
    the charge, or the shot instead, may then go to the hunted target."""
    if w.company.doctrine is not Doctrine.HORDE or not isinstance(subject, Situation):
        return subject
    if not any(key in w.foes for key in (e.key for e in w.enemies)):
        return subject
    before = set(w.foes)
    ask_hunt(w)
    added = set(w.foes) - before
    for key in added:
        target = w.context.fighter(key, w.state)
        if w.state.hurt(w.fighter):
            w.foes[key]["hurt_me"] = w.yes(
                "hunted_hurt", f"Did {target.label} hurt {w.name} this round?"
            )
    return w.situation()


def orders_shown(context: Context, state: State, fighter: Fighter) -> dict[str, Any]:
    """What the page shows at every activation of an AI character: the orders
    binding it now, in words, and its company's notes."""
    company = context.company(fighter.company)
    return {
        "walk_orders": tuple(
            order.words() for order in orders_binding(context, state, fighter)
        ),
        "walk_notes": company.notes,
    }


def round_order_lines(
    context: Context, state: State, *, phase: str
) -> tuple[tuple[str, str], ...]:
    """Each-round orders due now, as (moment, words) (§5: at its moment in the
    round), all rolled by the table (:mod:`engines.table.round_orders`): as a
    round begins, the orders before round 1 and the round's start orders
    (rolled before its random event); at the round's end, its end orders
    (after the horde's steps, where there is a horde)."""
    number = state.round
    if phase == Phase.BEGIN:
        due = start_orders_due(context, round_number=number + 1)
        moments = {
            Moment.BEFORE_FIRST: "Before round 1",
            Moment.START: f"Start of round {number + 1}, before its event",
        }
    elif phase in (Phase.END_ROUND, Phase.ORDERS):
        due = end_orders_due(context, state)
        after = ", after the horde's steps" if context.hordes else ""
        moments = {Moment.END: f"End of round {number}{after}"}
    else:
        return ()
    return tuple((moments[d.order.moment], d.words) for d in due)
