"""Rules every AI card prints, whatever its doctrine (RULES §4, §5 intro).

- the follow-up activation after felling an enemy in melee (§4): the whole
  procedure again at half move, for every doctrine;
- the activation order of the AI side (§5 intro): characters with an enemy in
  sight first, closest first, ties by card order; a pursuer counts its quarry
  as its enemy and as in sight (003), so pursuers go closest to the quarry
  first;
- the AI's initiative choice (§4, from 000) lives with the initiative roll in
  :mod:`engines.combat`.

The texts are built from the constants the decision functions use.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from engines.enums import Doctrine
from engines.sight import lit_words
from engines.text import inches

if TYPE_CHECKING:
    from engines.doctrines.settings import DoctrineSettings

# --- §4: the follow-up activation -----------------------------------------------------

FOLLOW_UP_SHARE = 0.5
"""A follow-up activation uses half of every distance that comes from the move."""
FOLLOW_UP = "follow-up"
"""The id of the follow-up step on every card."""

_SHARE_WORDS = {0.5: ("half", "halved")}


def share_word(share: float = FOLLOW_UP_SHARE, *, verb: bool = False) -> str:
    """The follow-up share in words: "half" (or "halved")."""
    return _SHARE_WORDS[share][verb]


FOLLOW_UP_WHEN = "It fells its enemy in melee (at most once per activation)"
FOLLOW_UP_RULE = (
    f"One more activation at {share_word()} move: the whole procedure again from "
    f"pre-activation, with every distance that uses its move "
    f"{share_word(verb=True)}, so one still in contact with another enemy "
    "continues the melee."
)
"""The follow-up as every card prints it (each doctrine adds how it halves)."""

# --- §5: the activation order ---------------------------------------------------------

ORDER_RULE = (
    "Characters with an enemy in sight first, each group closest to an enemy "
    "first; ties by card order."
)
"""The activation order of the priority, deck and horde doctrines."""
PURSUIT_ORDER_RULE = (
    "Pursuers count their quarry as their enemy and as in sight: closest to the "
    "quarry first; ties by card order."
)
"""The activation order of pursuers."""
MIXED_ORDER_RULE = (
    f"{ORDER_RULE} A pursuer counts its quarry as its enemy and as in sight, so "
    "it goes among the characters that see an enemy, by its distance to the quarry."
)
"""The order of an AI side with pursuers and characters of other doctrines."""

ORDER_RULES: dict[Doctrine, str] = {
    Doctrine.PRIORITY: ORDER_RULE,
    Doctrine.DECK: ORDER_RULE,
    Doctrine.HORDE: ORDER_RULE,
    Doctrine.PURSUIT: PURSUIT_ORDER_RULE,
}


SIDE_ORDER = "One order for the whole AI side, across its companies: "
"""What a card of an AI side of several companies says before the order."""
CARD_TIES = "ties by card order."
ORDER_WHEN = "Each time the AI activates, read it among those yet to act."
"""When the order is read: at each AI activation, as the table stands then."""
COMPANY_TIES = "ties by the companies' order in the scene, then card order."


def order_rule(doctrines: Iterable[Doctrine | str], *, companies: int = 1) -> str:
    """The activation order an AI side prints, for the doctrines its companies use.

    One rule orders the whole AI side, across its companies (RULES §5): a side
    of pursuers alone prints the pursuers' order, a side without pursuers the
    general one, and a side with both the general order with the pursuers'
    reading of it. A side of several companies says so, and breaks ties by
    the companies' order in the scene before card order.
    """
    used = {Doctrine(doctrine) for doctrine in doctrines}
    if used == {Doctrine.PURSUIT}:
        text = PURSUIT_ORDER_RULE
    elif Doctrine.PURSUIT in used:
        text = MIXED_ORDER_RULE
    else:
        text = ORDER_RULE
    if companies < 2:
        return f"{text} {ORDER_WHEN}"
    return f"{SIDE_ORDER}{text.replace(CARD_TIES, COMPANY_TIES)} {ORDER_WHEN}"


# --- the scene's sight limit ----------------------------------------------------------


def sight_notes(settings: DoctrineSettings | None) -> tuple[str, ...]:
    """What a card prints of this battle's sight limit (nothing without one)."""
    if settings is None or settings.sight_limit is None:
        return ()
    text = (
        f"Nobody sees further than {inches(settings.sight_limit)} in this battle: "
        "nothing further away is in sight"
    )
    if settings.lit:
        text += (
            f", but a character {lit_words(settings.lit)} (lit) can be seen from "
            "any distance"
        )
    return (text + ".",)
