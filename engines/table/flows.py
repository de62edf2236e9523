"""Each doctrine's questions (RULES §5.1–§5.4): plain code asking through a
:class:`~engines.table.questions.Walker`, returning the engine's input built
from the answers alone."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import Any

from engines.cards import Card
from engines.doctrines import (
    Enemy,
    Friend,
    Pursuer,
    Situation,
    trigger_distance,
)
from engines.doctrines.horde import RALLY_WITHIN, WOUNDED_FRIEND_WITHIN
from engines.doctrines.pursuit import Ahead, PursuitDecision
from engines.enums import (
    Action,
    Cover,
    Doctrine,
    Drift,
    HordeMode,
    Side,
    Suit,
)
from engines.roles import DISORGANIZED_RULE
from engines.table.flow_priority import priority_flow
from engines.table.obeying import ask_orders, ask_orders_after, sight_for_order
from engines.table.questions import (
    FAR,
    REORGANIZE,
    Choice,
    Need,
    Walk,
    Walker,
)
from engines.table.state import Context, Fighter, State
from engines.text import inches

# --- §5.1 priority list ---------------------------------------------------------------


# --- §5.2 deck ------------------------------------------------------------------------


def _deck(w: Walker) -> Situation:
    if w.routing or w.melee():
        return w.situation()
    drawn = w.trial(w.situation())
    card = drawn.card
    assert card is not None and card.suit is not None
    w.preview.extend(entry.describe() for entry in drawn.log)
    trigger = trigger_distance(card)
    suit = card.suit
    if suit in (Suit.SPADES, Suit.HEARTS):
        near = w.nearest()
    else:
        near = None
        w.nearest_seen()
    seen = w.seen
    reached = seen is not None and _reaches(w, card, trigger, w.distance(seen))
    match suit:
        case Suit.SPADES:
            if reached and w.distance(seen) <= w.reach:
                return w.situation()
            if near is not None and trigger is not None:
                if seen is near and w.distance(near) <= trigger:
                    unseen = w.who(
                        "unseen",
                        f"Which enemy that {w.name} cannot see is closest to it?",
                        [e for e in w.enemies if e is not near],
                        none="None: it sees every enemy",
                        help=f"{w.sight_help()} The card charges one out of sight "
                        f"within {inches(trigger)}.",
                    )
                    if unseen is not None:
                        distance = w.inches("unseen_in", f"How far is {unseen.label}?")
                        w.foe(unseen, distance=distance, in_sight=False)
                        if distance <= trigger:
                            return w.situation()
                elif seen is not near and w.distance(near) <= trigger:
                    return w.situation()
            if near is not None:
                w.cover_toward = w.cover(
                    "cover", f"Moving toward {near.label}, what cover can it reach?"
                )
        case Suit.HEARTS:
            target = near or seen
            if target is not None:
                w.cover_toward = w.cover(
                    "cover", f"Moving toward {target.label}, what cover can it reach?"
                )
        case Suit.CLUBS:
            if reached and seen is not None:
                w.cover_toward = w.cover(
                    "cover", f"Moving toward {seen.label}, what cover can it reach?"
                )
        case Suit.DIAMONDS:
            w.some_enemy()
            if reached:
                w.cover_away = _cover_away(w)
                if w.trial(w.situation()).step in MOVE_AND_SHOOT_STEPS:
                    return w.situation()
            w.in_furthest_cover = w.yes(
                "furthest",
                f"Is {w.name} already in the cover furthest from the enemy on the "
                "table?",
            )
            if not w.in_furthest_cover and not reached:
                w.cover_away = _cover_away(w)
    return w.situation()


MOVE_AND_SHOOT_STEPS = frozenset(
    {f"{Suit.DIAMONDS.value}-1", f"{Suit.DIAMONDS.value}-picture"}
)


def _cover_away(w: Walker) -> Cover:
    return w.cover("cover_away", "Moving away from the enemy, what cover can it reach?")


def _reaches(w: Walker, card: Card, trigger: float | None, distance: float) -> bool:
    """Within the card's trigger (Ace to 10), or within range (J Q K): for ♣
    where its move toward the enemy would end (RULES §5.2 "Picture cards")."""
    if trigger is None:
        closer = w.move if card.suit is Suit.CLUBS else 0
        return distance <= w.reach + closer
    return distance <= trigger


# --- §5.3 horde -----------------------------------------------------------------------

ROLLED = frozenset({Action.MOVE_INTO_MELEE, Action.MOVE_TOWARD_ENEMY})
HURT_STEPS = frozenset({"normal-2", "frenzy-1"})


def _horde(w: Walker) -> Situation:
    if w.melee() or w.state.wounded(w.fighter):
        return w.situation()
    mode = w.state.mode(w.company)
    if mode is HordeMode.SCATTER:
        return w.situation()
    hurt = w.state.hurt(w.fighter)
    if mode is HordeMode.NORMAL:
        friends = [
            f
            for f in w.state.fighters_on_table(w.context, Side.AI)
            if f.company == w.fighter.company and f.key != w.fighter.key
        ]
        if any(w.state.wounded(f) for f in friends) and w.yes(
            "wounded_friend",
            f"Is a wounded {w.company.name} character within "
            f"{inches(WOUNDED_FRIEND_WITHIN)} of {w.name}?",
            "Wounded: no free wound slot left.",
        ):
            w.friends.append(
                Friend(
                    id="a wounded friend", distance=WOUNDED_FRIEND_WITHIN, wounded=True
                )
            )
        elif hurt:
            unwounded = [f for f in friends if not w.state.wounded(f)]
            count = 0
            if unwounded:
                count = int(
                    w.pick(
                        "rally",
                        f"How many unwounded {w.company.name} characters are within "
                        f"{inches(RALLY_WITHIN)} of {w.name}?",
                        [Choice(str(n), str(n)) for n in range(len(unwounded) + 1)],
                    )
                )
            w.friends.extend(
                Friend(id=f"friend {n}", distance=RALLY_WITHIN)
                for n in range(1, count + 1)
            )
    w.some_enemy()
    trial = w.trial(w.situation())
    if sight_for_order(w, trial):
        trial = w.trial(w.situation())
    if trial.action not in ROLLED:
        return w.situation()
    w.preview.append(trial.log[0].describe())
    w.foes.pop("?", None)
    if trial.step in HURT_STEPS:
        target = w.who(
            "hurt_by",
            f"Which enemy that hurt {w.name} this round is closest to it?",
            w.enemies,
            help="If only one enemy hurt it, that one.",
        )
        facts: dict[str, Any] = {"hurt_me": True}
        prefix = "hurt_by"
    else:
        target = w.who("near", f"Which enemy is nearest to {w.name}?", w.enemies)
        facts = {}
        prefix = "near"
    if target is None:
        return w.situation()
    distance = w.inches(
        f"{prefix}_in",
        f"How far is {target.label} from {w.name}?",
        also=(w.sees_too(f"{prefix}_seen", target),) if w.fighter.can_shoot else (),
    )
    sees = False
    if w.fighter.can_shoot and distance <= w.reach and w.visible(distance):
        sees = w.yes(
            f"{prefix}_seen", f"Can {w.name} see {target.label}?", w.sight_help()
        )
    w.foe(target, distance=distance, in_sight=sees, **facts)
    return w.situation()


# --- §5.4 pursuit ---------------------------------------------------------------------


def _pursuit(w: Walker) -> Pursuer:
    fighter = w.fighter
    quarry_names = set(w.company.settings.quarry)
    quarry = [e for e in w.enemies if e.name in quarry_names] or w.enemies
    base: dict[str, Any] = {
        "id": fighter.label,
        "card_order": fighter.card_order,
        "routing": w.routing,
        "follow_up": w.follow_up,
        "distance": FAR,
    }
    if w.routing:
        return Pursuer(**base)
    if w.enemies and w.yes("melee", f"Is {w.name} in base contact with an enemy?"):
        target = w.who("fighting", f"Which enemy is {w.name} fighting?", w.enemies)
        return Pursuer(**base, in_melee=True, quarry=target.label if target else None)
    dice = w.trial(Pursuer(**base))
    w.preview.extend(entry.describe() for entry in dice.log)
    target = w.who(
        "quarry",
        f"Which of the quarry is nearest to {w.name}?",
        quarry,
        help="The pursuers hunt " + ", ".join(f.label for f in quarry) + ".",
    )
    if target is None:
        return Pursuer(**base)
    base["quarry"] = target.label
    route = w.company.settings.route
    lever = w.company.settings.pursuit_lever
    base["distance"] = w.inches(
        "quarry_in",
        f"How far is {target.label} from {w.name}, along the route?",
        "The route: the way the chase runs"
        + (f" ({route})" if route else "")
        + "; measure along it, not straight across.",
        # Pursuers mostly chase from behind: ticked at first.
        also=((("behind", f"{w.name} is behind your rearmost model", True),))
        if lever
        else (),
    )
    if w.company.settings.pursuit_lever:
        base["behind_rearmost"] = w.yes(
            "behind",
            f"Is {w.name} behind your rearmost model?",
            "Your rearmost model: the one of yours furthest back along the route. "
            f"A pursuer behind it moves {inches(w.company.settings.pursuit_lever)} "
            "more.",
        )
    _pursuit_contact(w, base, target, _pursuit_drift(w, base, target))
    return Pursuer(**base)


def _pursuit_trial(w: Walker, base: dict[str, Any]) -> PursuitDecision:
    """The pursuer's decision on what is known so far (nothing drawn)."""
    trial = w.trial(Pursuer(**base))
    assert isinstance(trial, PursuitDecision)
    return trial


def _pursuit_drift(w: Walker, base: dict[str, Any], target: Fighter) -> PursuitDecision:
    """Whether its drift keeps it on the table (else how far it can drift)."""
    trial = _pursuit_trial(w, base)
    if trial.drift:
        way = "wide, away from" if trial.drift_side is Drift.WIDE else "in, toward"
        room_key = "room_wide" if trial.drift_side is Drift.WIDE else "room_in"
        if not w.yes(
            "room_ok",
            f"Can {w.name} drift {inches(trial.drift)} {way} {target.label}'s line "
            "and stay on the table?",
            "Drift: the sideways part of its move, from the gap between its two "
            "dice. The quarry's line: the line along the route through the quarry.",
        ):
            base[room_key] = w.inches(
                "room", f"How many inches can it drift {way.split(',')[0]}?"
            )
        trial = _pursuit_trial(w, base)
    return trial


def _pursuit_contact(
    w: Walker, base: dict[str, Any], target: Fighter, trial: PursuitDecision
) -> None:
    """Where its move ends: beside the quarry's line (its offset), and touching
    any of yours, who is then fought."""
    others = [e for e in w.enemies if e is not target]
    touching = [(f"touch_{e.key}", e) for e in others]
    if trial.forward >= base["distance"]:
        base["offset"] = w.inches(
            "offset",
            f"How far to the side of {target.label}'s line is {w.name}?",
            "The line along the route through the quarry: 0 when it is straight "
            "behind it.",
            # Whom its move ends touching, on the same screen: one tap fewer.
            also=tuple(
                (name, f"Its move ends touching {e.label}", False)
                for name, e in touching
            ),
        )
        trial = _pursuit_trial(w, base)
    if not others or trial.action is Action.MOVE_INTO_MELEE:
        return
    # Any of yours it ends its move touching is fought, not only the quarry
    # (the engine reads it as one ahead, where the move ends).
    if "offset" in base:
        touched = next(
            (e for name, e in touching if w.yes(name, f"Does it touch {e.label}?")),
            None,
        )
    else:
        touched = w.who(
            "contact",
            f"After its move ({trial.detail}), does {w.name} end in base "
            "contact with one of yours?",
            others,
            none="No, with none of them",
            help="If it does, it fights that one.",
        )
    if touched is not None:
        base["others"] = (
            Ahead(id=touched.label, along=trial.forward, offset=trial.lateral),
        )


NEAREST_NEXT = frozenset({Doctrine.PRIORITY, Doctrine.DECK})
"""Doctrines whose flow asks for the nearest enemy right after melee (the
priority list; the deck's ♠ and ♥)."""

FLOWS: dict[Doctrine, Callable[[Walker], Situation | Pursuer]] = {
    Doctrine.PRIORITY: priority_flow,
    Doctrine.DECK: _deck,
    Doctrine.HORDE: _horde,
    Doctrine.PURSUIT: _pursuit,
}


def _return_fire(w: Walker, attacker_label: str) -> Situation:
    """RULES §5.2 return fire: only its attacker matters — in sight and range,
    or within move. No card is drawn, so nothing is shown first."""
    attacker = next((e for e in w.enemies if e.label == attacker_label), None)
    if attacker is None:
        # Its attacker is gone from the table: nobody to return fire at.
        return replace(w.situation(), enemies=(_gone(attacker_label),))
    distance = w.inches(
        "attacker_in",
        f"How far is {attacker.label}, its attacker, from {w.name}?",
        also=(w.sees_too("attacker_seen", attacker),) if w.fighter.can_shoot else (),
    )
    sees = False
    if w.fighter.can_shoot and distance <= w.reach and w.visible(distance):
        sees = w.yes(
            "attacker_seen", f"Can {w.name} see {attacker.label}?", w.sight_help()
        )
    w.foe(attacker, distance=distance, in_sight=sees)
    return w.situation()


def _gone(label: str) -> Enemy:
    return Enemy(id=label or "its attacker", distance=FAR, in_sight=False)


def activation_walk(
    context: Context,
    state: State,
    fighter: Fighter,
    answers: Mapping[str, str],
    *,
    follow_up: bool = False,
) -> Walk:
    """The questions for ``fighter``'s activation: those answered, the next one,
    and the engine's input when none is left."""
    walker = Walker(context, state, fighter, dict(answers), follow_up=follow_up)
    walker.offer_nearest = walker.company.doctrine in NEAREST_NEXT
    subject: Situation | Pursuer | str | None = None
    question = None
    try:
        if state.return_fire == fighter.key and not follow_up:
            subject = _return_fire(walker, state.return_fire_at)
        elif (
            walker.mine.disorganized
            and not follow_up
            and not walker.routing
            and not walker.melee()
        ):
            subject = REORGANIZE
            walker.notes.append(DISORGANIZED_RULE)
        else:
            ask_orders(walker)
            subject = ask_orders_after(walker, FLOWS[walker.company.doctrine](walker))
    except Need as need:
        question = need.question
        subject = None
    return Walk(
        fighter=fighter,
        asked=tuple(walker.asked),
        question=question,
        preview=tuple(walker.preview),
        subject=subject,
        notes=tuple(walker.notes),
    )


def defence_walk(
    context: Context, state: State, fighter: Fighter, answers: Mapping[str, str]
) -> Walk:
    """The defensive draw asks who attacks."""
    walker = Walker(context, state, fighter, dict(answers))
    try:
        attacker = walker.who(
            "attacker", f"Who is attacking {walker.name}?", walker.enemies
        )
    except Need as need:
        return Walk(fighter=fighter, asked=tuple(walker.asked), question=need.question)
    subject = Situation(
        id=fighter.label,
        card_order=fighter.card_order,
        move=fighter.move,
        shooting_range=fighter.shooting_range,
        attacked_before_activating=True,
    )
    notes = (attacker.label,) if attacker is not None else ()
    return Walk(
        fighter=fighter,
        asked=tuple(walker.asked),
        question=None,
        subject=subject,
        notes=notes,
    )
