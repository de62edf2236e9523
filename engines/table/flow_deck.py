"""The deck's questions (RULES §5.2), in its card's own order: the pre-activation
steps first (no card drawn), then the card drawn (shown, not asked), then the
steps of the drawn suit's section (:func:`deck_steps`), each asking what its
condition needs (:data:`DECK_ASKS`); the first step that applies ends the
questions, and the engine decides on the answers. Reorder the card's steps and
the questions follow."""

from __future__ import annotations

from dataclasses import dataclass

from engines.cards import Card
from engines.doctrines import Situation, trigger_distance
from engines.doctrines.deck import card as deck_card
from engines.doctrines.settings import DoctrineSettings
from engines.doctrines.situation import MELEE_STEP, ROUT_STEP
from engines.doctrines.steps import PRE_ACTIVATION, Step
from engines.enums import Cover, Suit
from engines.table.flow_steps import Ask, steps_walk
from engines.table.obeying import kept_beside
from engines.table.questions import Walker
from engines.table.state import Fighter
from engines.text import inches


def deck_flow(w: Walker) -> Situation:
    """The deck's questions, in its card's order of steps."""
    settings = w.company.settings
    known = _Drawn()
    if steps_walk(deck_steps(settings, PRE_ACTIVATION), PRE_ASKS, w, known):
        return w.situation()
    drawn = w.trial(w.situation())
    card = drawn.card
    assert card is not None and card.suit is not None
    w.preview.extend(entry.describe() for entry in drawn.log)
    known.card, known.trigger = card, trigger_distance(card)
    if card.suit in (Suit.SPADES, Suit.HEARTS):
        known.near = w.nearest(also=kept_beside(w))
    elif _near_told(w):
        w.nearest(also=kept_beside(w))  # the nearest seen: the one told, if seen
    else:
        w.nearest_seen()
    if card.suit is Suit.DIAMONDS:
        w.some_enemy()  # it moves away from any enemy, seen or not
    seen = known.seen = w.seen
    known.reached = seen is not None and _reaches(
        w, card, known.trigger, w.distance(seen)
    )
    steps_walk(deck_steps(settings, card.suit.value), DECK_ASKS, w, known)
    return w.situation()


def _near_told(w: Walker) -> bool:
    """Whether the nearest enemy is known before the card (the melee question
    named it, or there is one enemy): ♣ and ♦ read the nearest enemy in sight,
    which is that one whenever it is seen, so its distance is asked with the
    sight beside it (one screen fewer when it is seen). Answers given the
    older way (the nearest seen asked outright) are read as they were."""
    if "seen" in w.answers and "near_in" not in w.answers:
        return False
    return bool(w.answers.get("near")) or len(w.enemies) == 1


def deck_steps(settings: DoctrineSettings, section: str) -> tuple[Step, ...]:
    """A section of the deck card (the pre-activation, or a suit's), in the
    order the engine walks it."""
    return deck_card(settings).section(section).steps


@dataclass
class _Drawn:
    """What one activation's questions have learnt, shared between steps."""

    card: Card | None = None
    trigger: float | None = None
    near: Fighter | None = None
    seen: Fighter | None = None
    reached: bool = False
    """The enemy in sight is within the trigger (J Q K: within range)."""
    cover_toward: Cover | None = None
    cover_away: Cover | None = None
    shoots: bool | None = None
    """The engine's trial fires a move-and-shoot step (♦)."""


def _reaches(w: Walker, card: Card, trigger: float | None, distance: float) -> bool:
    """Within the card's trigger (Ace to 10), or within range (J Q K): for ♣
    where its move toward the enemy would end (RULES §5.2 "Picture cards")."""
    if trigger is None:
        closer = w.move if card.suit is Suit.CLUBS else 0
        return distance <= w.reach + closer
    return distance <= trigger


# --- pre-activation -------------------------------------------------------------------


def _ask_rout(w: Walker, known: _Drawn) -> bool:
    return w.routing


def _ask_melee(w: Walker, known: _Drawn) -> bool:
    return w.melee()


PRE_ASKS: dict[str, Ask[_Drawn]] = {ROUT_STEP.id: _ask_rout, MELEE_STEP.id: _ask_melee}


# --- ♠ --------------------------------------------------------------------------------


def _ask_spade_shoot(w: Walker, known: _Drawn) -> bool:
    """♠1: an enemy in sight within trigger and shooting range."""
    return known.trigger is not None and _shoots_seen(w, known)


def _ask_spade_picture(w: Walker, known: _Drawn) -> bool:
    """♠ J Q K: the closest enemy in sight within shooting range."""
    return known.trigger is None and _shoots_seen(w, known)


def _shoots_seen(w: Walker, known: _Drawn) -> bool:
    return known.reached and w.distance(known.seen) <= w.reach


def _ask_spade_unseen(w: Walker, known: _Drawn) -> bool:
    """♠2: an enemy within trigger but not in sight (Ace to 10 only)."""
    near, seen, trigger = known.near, known.seen, known.trigger
    if near is None or trigger is None or w.distance(near) > trigger:
        return False
    if seen is not near:
        return True
    unseen = w.who(
        "unseen",
        f"Which enemy that {w.name} cannot see is closest to it?",
        [e for e in w.enemies if e is not near],
        none="None: it sees every enemy",
        help=f"{w.sight_help()} The card charges one out of sight "
        f"within {inches(trigger)}.",
    )
    if unseen is None:
        return False
    distance = w.inches("unseen_in", f"How far is {unseen.label}?")
    w.foe(unseen, distance=distance, in_sight=False)
    return distance <= trigger


def _ask_spade_otherwise(w: Walker, known: _Drawn) -> bool:
    """♠3: full move toward the nearest enemy, ending in the best cover."""
    if known.near is not None:
        _cover_toward(w, known, known.near)
    return True


# --- ♥ ♣ ♦ ----------------------------------------------------------------------------


def _ask_heart_cover(w: Walker, known: _Drawn) -> bool:
    """♥: it moves only if it can end in cover (its move and shoot too)."""
    target = known.near or known.seen
    if target is not None:
        _cover_toward(w, known, target)
    return False


def _ask_heart_otherwise(w: Walker, known: _Drawn) -> bool:
    """♥2: otherwise, if it can end in cover, move toward the nearest enemy."""
    _ask_heart_cover(w, known)
    return True


def _ask_club_shoot(w: Walker, known: _Drawn) -> bool:
    """♣1, ♣ J Q K: move and shoot, only into hard cover."""
    if known.reached and known.seen is not None:
        _cover_toward(w, known, known.seen)
    return False


def _ask_diamond_shoot(w: Walker, known: _Drawn) -> bool:
    """♦1, ♦ J Q K: move (away) and shoot, when it reaches an enemy in sight."""
    if not known.reached:
        return False
    _cover_away(w, known)
    if known.shoots is None:
        known.shoots = w.trial(w.situation()).step in MOVE_AND_SHOOT_STEPS
    return known.shoots


def _ask_diamond_stays(w: Walker, known: _Drawn) -> bool:
    """♦2: it already stands in the cover furthest from the enemy."""
    w.in_furthest_cover = w.yes(
        "furthest",
        f"Is {w.name} already in the cover furthest from the enemy on the table?",
    )
    return w.in_furthest_cover


def _ask_diamond_otherwise(w: Walker, known: _Drawn) -> bool:
    """♦3: full move away, ending in the best cover reachable."""
    _cover_away(w, known)
    return True


def _cover_toward(w: Walker, known: _Drawn, target: Fighter) -> None:
    if known.cover_toward is None:
        known.cover_toward = w.cover_toward = w.cover(
            "cover", f"Moving toward {target.label}, what cover can it reach?"
        )


def _cover_away(w: Walker, known: _Drawn) -> None:
    if known.cover_away is None:
        known.cover_away = w.cover_away = w.cover(
            "cover_away", "Moving away from the enemy, what cover can it reach?"
        )


MOVE_AND_SHOOT_STEPS = frozenset(
    {f"{Suit.DIAMONDS.value}-1", f"{Suit.DIAMONDS.value}-picture"}
)


def _suit(suit: Suit, *asks: tuple[str, Ask[_Drawn]]) -> dict[str, Ask[_Drawn]]:
    return {f"{suit.value}-{step}": ask for step, ask in asks}


DECK_ASKS: dict[str, Ask[_Drawn]] = {
    **_suit(
        Suit.SPADES,
        ("1", _ask_spade_shoot),
        ("2", _ask_spade_unseen),
        ("picture", _ask_spade_picture),
        ("3", _ask_spade_otherwise),
    ),
    **_suit(
        Suit.HEARTS,
        ("1", _ask_heart_cover),
        ("picture", _ask_heart_cover),
        ("2", _ask_heart_otherwise),
    ),
    **_suit(Suit.CLUBS, ("1", _ask_club_shoot), ("picture", _ask_club_shoot)),
    **_suit(
        Suit.DIAMONDS,
        ("1", _ask_diamond_shoot),
        ("picture", _ask_diamond_shoot),
        ("2", _ask_diamond_stays),
        ("3", _ask_diamond_otherwise),
    ),
}
"""What each step of a suit asks, by the step's id (an overwatch asks nothing).
True: the step applies."""


__all__ = ["DECK_ASKS", "deck_flow", "deck_steps"]
