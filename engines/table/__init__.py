"""Table mode's battle flow as a pure game: the robot played on a phone.

In OpenSpiel's shape: a battle is its :class:`~engines.table.context.Context`
(who fights, set up once) and a :class:`~engines.table.state.State` rebuilt by
folding the log's entries in order (:func:`~engines.table.state.state_fold`,
``state.apply(entry)``), each stored entry read once into its typed
:class:`~engines.table.entries.Entry`. ``state.question()`` says what the
battle needs next (begin a round, who goes first, an AI activation, the horde's
end of round); :func:`~engines.table.moves.legal_actions` says which actions it
takes now, and :func:`~engines.table.moves.action_take` makes the entry of a
typed action (refusing any other). :mod:`engines.table.flows` asks the
questions one activation needs, and :mod:`engines.table.turns` and
:mod:`engines.table.taps` make each kind of entry: the engine's decision,
every roll and card through the battle's own
:class:`~engines.table.dice.TableRandom` (chance is part of the entry that
draws it, and stored in it), and the random state after it.

An entry that cannot be made now raises :class:`TableRefused` with the reason
in the player's words. No Django and no page here: the app loads, locks and
saves the log, reads a POST into a typed action (``campaigns.forms``) and
builds the page — URLs, form fields, button words — in
``campaigns.presenters``.
"""

from engines.table.errors import TableRefused

__all__ = ["TableRefused"]
