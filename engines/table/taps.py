"""What the players tell the log (a wound, a fall, a rout, an objective carried
off), the horde's end of round and the battle's end."""

from __future__ import annotations

from engines.combat import ROUTS_ON, rout_check, rout_check_due, take_wound
from engines.dice import Dice
from engines.doctrines.horde import LURK_BEYOND
from engines.enums import EndReason, Side
from engines.table.context import DEFAULT_MOVE
from engines.table.dice import TableRandom
from engines.table.draft import Draft, entry_draft, table_refusal, table_source
from engines.table.entries import Newcomer
from engines.table.kinds import TapKind
from engines.table.state import Context, Fighter, State, unique_labels
from engines.table.written import (
    CompanyRoutedWritten,
    EndWritten,
    FighterTapWritten,
    JoinedWritten,
    PickedUpWritten,
    RoutRolled,
    SideRoutedWritten,
)

LURK_FAR = float(LURK_BEYOND + 1)
"""A lurker's distance to the nearest enemy: past the distance lurking reads."""


# --- taps -----------------------------------------------------------------------------

TAPS = {
    TapKind.WOUND: "took a wound token",
    TapKind.FELL: "fell",
    TapKind.ROUTED: "routed",
    TapKind.LEFT: "left the table",
    TapKind.CARRIED_OFF: "carried an objective off the table",
    TapKind.DROPPED: "dropped its objective",
    TapKind.ACTIVATED: "counts as activated this round",
    TapKind.PICKED_UP: "picked up an objective",
}


def tap_record(
    context: Context,
    state: State,
    *,
    tap: str,
    key: str = "",
    company: int | None = None,
    side: str = "",
    objective: str = "",
) -> Draft:
    """What the player tells the log: a wound, a fall, a rout, an objective
    picked up or carried off; a company or a side routed. A fall of an AI
    character rolls its company's rout check (a horde scatters instead)."""
    if state.round == 0 or state.ended:
        raise table_refusal("Taps are kept from the first round until the battle ends.")
    try:
        told = TapKind(tap)
    except ValueError:
        raise table_refusal("That is not something the log keeps.") from None
    if told is TapKind.COMPANY_ROUTED:
        return _company_routed(context, state, company)
    if told is TapKind.SIDE_ROUTED:
        return _side_routed(state, side)
    if told is TapKind.JOINED:
        return _joined(context, state, name=key, side=side)
    if told not in TAPS:
        raise table_refusal("That is not something the log keeps.")
    return _fighter_tap(context, state, told, key=key, objective=objective)


def _company_routed(context: Context, state: State, company: int | None) -> Draft:
    try:
        routed = context.company(int(company if company is not None else -1))
    except (StopIteration, ValueError):
        raise table_refusal("No such company in this battle.") from None
    return entry_draft(
        CompanyRoutedWritten(company=routed.order), state, text=f"{routed.name} routed."
    )


def _side_routed(state: State, side: str) -> Draft:
    if side not in (Side.PLAYER.value, Side.AI.value):
        raise table_refusal("Say which side routed.")
    who = "Your side" if side == Side.PLAYER.value else "The AI side"
    return entry_draft(SideRoutedWritten(side=Side(side)), state, text=f"{who} routed.")


def _fighter_tap(
    context: Context, state: State, told: TapKind, *, key: str, objective: str
) -> Draft:
    """A tap on one character of the battle: checked, its words, its fall's
    rout check."""
    try:
        fighter = context.fighter(key, state)
    except KeyError:
        raise table_refusal("No such character in this battle.") from None
    mine = state.fighters[key]
    if mine.fallen or (mine.left and told is not TapKind.ROUTED):
        raise table_refusal(f"{fighter.label} is no longer on the table.")
    if fighter.arrives > state.round and not (
        told is TapKind.LEFT and state.just_came(fighter)
    ):
        raise table_refusal(f"{fighter.label} has not come on yet.")
    falls = False
    words = TAPS[told]
    if told is TapKind.WOUND:
        falls = take_wound(filled=mine.wounds, slots=fighter.free_slots).falls
        if falls:
            words = "took a wound with no free slot left, and fell"
    if (
        told in (TapKind.CARRIED_OFF, TapKind.DROPPED)
        and not mine.carrying
        and fighter.side is Side.AI
    ):
        raise table_refusal(f"{fighter.label} carries no objective.")
    carried = mine.carrying if told is TapKind.CARRIED_OFF and mine.carrying else None
    if told is TapKind.PICKED_UP:
        return _picked_up(context, state, fighter, objective)
    if told is TapKind.ACTIVATED and key in state.activated:
        raise table_refusal(f"{fighter.label} has already activated this round.")
    text = f"{fighter.label} {words}."
    fells = told is TapKind.FELL or falls
    if fells and mine.carrying:
        text += f" {mine.carrying} drops where it stood."
    rng = check = None
    if fells:
        rng, check, note = _rout_check(context, state, fighter)
        if note:
            text += f" {note}"
    written = FighterTapWritten(
        tap=told, key=key, falls=falls, objective=carried, rout_check=check
    )
    return entry_draft(written, state, text=text, rng=rng, subject=key)


def _rout_check(
    context: Context, state: State, fighter: Fighter
) -> tuple[TableRandom | None, RoutRolled | None, str]:
    """At a fall: the AI company's rout check, rolled here; for the player's
    company, whether one is due (the player rolls it)."""
    company = context.company(fighter.company)
    if state.companies[company.order].routed:
        return None, None, ""
    characters, lost = state.lost(context, company)
    lost += 1
    if company.side is Side.PLAYER:
        if rout_check_due(characters=characters, lost=lost):
            return (
                None,
                None,
                f"Rout check for {company.name}: lost {lost} of {characters} — roll "
                f"D6, on {ROUTS_ON} or less it routs (tap it if it does).",
            )
        return None, None, ""
    rng = table_source(context, state)
    dice = Dice(rng)
    check = rout_check(
        company.name,
        characters=characters,
        lost=lost,
        horde=company.horde,
        dice=dice,
    )
    data = RoutRolled(
        due=check.due, routs=check.routs, reason=check.reason, log=tuple(dice.log)
    )
    note = f"{company.name}: {check.reason}."
    if check.routs:
        note += " All its characters rout from now on."
    return (rng if check.due else None), data, note


# --- the end --------------------------------------------------------------------------


def free_carriables(context: Context, state: State) -> list[str]:
    """Carriable objectives on the table that nobody carries."""
    carried = {f.carrying for f in state.fighters.values() if f.carrying}
    return [
        name
        for name in context.carriable_objectives
        if name not in carried and name not in state.gone
    ]


def _picked_up(
    context: Context, state: State, fighter: Fighter, objective: str
) -> Draft:
    """A character picks up a carriable objective: from now it moves with it
    (to the AI its carrier is an enemy like any other), and drops it where it
    stood if it falls."""
    if state.fighters[fighter.key].carrying:
        raise table_refusal(f"{fighter.label} already carries an objective.")
    if objective not in free_carriables(context, state):
        raise table_refusal("That objective is not lying on the table to pick up.")
    return entry_draft(
        PickedUpWritten(key=fighter.key, objective=objective),
        state,
        text=f"{fighter.label} picks up {objective}.",
        subject=fighter.key,
    )


JOINER_SLOTS = 1
"""Wound slots of a character an event brings into the battle."""


def _joined(context: Context, state: State, *, name: str, side: str) -> Draft:
    """An event brings a character onto a side for this battle (RULES §5.2's
    event deck: "A Ranger of the North"): it is on the table from now, can be
    chosen as nearest, wounded and fall. ``name`` comes isolated from the app."""
    name = " ".join(name.split())
    if not name:
        raise table_refusal("Give the name of the character who joins.")
    try:
        who = Side(side)
    except ValueError:
        raise table_refusal("Say which side it joins.") from None
    company = next(c for c in context.companies if c.side is who)
    taken = {f.label for f in state.all_fighters(context)}
    (label,) = unique_labels([name], taken)
    key = f"j{company.order}.{sum(k.startswith('j') for k in state.extra) + 1}"
    joiner = Newcomer(
        key=key,
        name=name,
        label=label,
        side=who,
        company=company.order,
        move=DEFAULT_MOVE,
        shooting_range=None,
        free_slots=JOINER_SLOTS,
    )
    party = "your side" if who is Side.PLAYER else "the AI side"
    return entry_draft(
        JoinedWritten(name=name, joiner=joiner),
        state,
        text=f"{label} joins {party} for this battle.",
        subject=key,
    )


ENDED_BY = {
    EndReason.OBJECTIVE: "achieved the objective",
    EndReason.LAST_CHARACTER_LOST: "lost its last character",
    EndReason.CONCEDED: "conceded",
}
"""The endings that name a side: who achieved the objective, who lost its
last character, who conceded."""


def battle_end(
    context: Context,
    state: State,
    *,
    reason: str,
    side: str = "",
    beyond: int | None = None,
) -> Draft:
    """The battle is over: how it ended, for an objective or a concession
    which side, and in a River Crossing how many of the attacker's characters
    stand beyond the river (the result form reads it and fills in the outcome
    and the VP)."""
    if state.ended:
        raise table_refusal("The battle has already ended.")
    try:
        why = EndReason(reason)
    except ValueError:
        raise table_refusal("Say how the battle ended.") from None
    text = f"The battle ends: {why.label.lower()}."
    who: Side | None = None
    if side and why in ENDED_BY:
        try:
            who = Side(side)
        except ValueError:
            raise table_refusal("Say which side.") from None
        name = "Your side" if who is Side.PLAYER else "The AI side"
        text = f"The battle ends: {name.lower()} {ENDED_BY[why]}."
    if beyond is not None:
        if not 0 <= beyond <= len(state.all_fighters(context)):
            raise table_refusal(
                "Say how many of the attacker's characters stand beyond the "
                "river (a whole number, 0 or more)."
            )
        text += f" Beyond the river at the end: {beyond}."
    return entry_draft(
        EndWritten(reason=why, side=who, beyond=beyond), state, text=text
    )
