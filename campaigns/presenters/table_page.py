"""The table page's presenter: its pieces read from the battle's state (what
comes now, the AI's order, the characters with the taps they offer, the
questions with their links and hidden fields).

No database here: the selector adds the campaign's page around them.
Entries are anything with ``kind``, ``position``, ``round``, ``subject``,
``text`` and ``data`` (the app's rows, or the engine's drafts).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any
from urllib.parse import urlencode

from campaigns.presenters.table_pieces import (
    Change,
    FighterRow,
    Group,
    OrderLine,
    Tap,
)
from engines.combat import activation_order
from engines.enums import Doctrine, EndReason, Side
from engines.table.flows import activation_walk, defence_walk
from engines.table.moves import defenders as deck_defenders
from engines.table.moves import selectable
from engines.table.obeying import orders_shown
from engines.table.questions import MANY, NEAREST, WITH
from engines.table.state import Context, Fighter, State, TableCompany
from engines.table.taps import ENDED_BY, free_carriables

RESERVED = frozenset({"do", "who", "follow", "skip", "asked"})
MANY_ANSWERS = frozenset({"contacts", "lurker"})
"""Answers that may come as several values (ticked boxes)."""

TOLD_BY_MELEE = {"near": NEAREST, "contacts": WITH}
"""Answers the melee question's one tap gave ("No — X is nearest", "Yes —
with X"): the answered list shows that tap once, not its answer again."""


def answers_from(query: Mapping[str, Any]) -> dict[str, str]:
    """The answers in a query string (a QueryDict, or a plain mapping of values
    or of lists of values): ticked boxes joined by commas, anything else its
    last value given (a quick distance tapped beside an empty number field)."""
    getlist = getattr(query, "getlist", None)
    result = {}
    for name in query:
        if name in RESERVED or name.startswith("csrf"):
            continue
        values = getlist(name) if getlist else query[name]
        if not isinstance(values, list | tuple):
            values = [values]
        values = [str(v).strip() for v in values if str(v).strip()]
        if not values:
            continue
        result[name] = ",".join(values) if name in MANY_ANSWERS else values[-1]
    return result


def side_taps(state: State, writable: bool) -> tuple[Tap, ...]:
    if not writable or not state.round or state.ended:
        return ()
    return (
        Tap("side_routed", "Your side routed", side=Side.PLAYER.value, quiet=True),
        Tap("side_routed", "The AI side routed", side=Side.AI.value, quiet=True),
    )


def candidates(context: Context, state: State) -> tuple[tuple[str, str, str], ...]:
    """Everyone on the table, your side first, in card order."""
    return tuple((f.key, f.label, f.side.value) for f in selectable(context, state))


def phase_of(context: Context, state: State, *, skipping: bool = False) -> str:
    """What comes now (:meth:`State.question`'s phase)."""
    return state.question(skipping=skipping).phase


def initiative_line(state: State) -> str:
    """This round's initiative roll and what it gave, in words."""
    ini = state.initiative
    if ini is None:
        return ""
    if ini.fixed:
        return ini.reason
    return f"D6 {ini.roll}: {ini.reason}" if ini.roll else ""


def order_lines(context: Context, state: State, nxt: Fighter | None) -> tuple:
    lines = []
    for key in state.order:
        fighter = context.fighter(key, state)
        if nxt is not None and key == nxt.key:
            status = "next"
        elif key in state.activated:
            status = "done"
        elif not state.on_table(fighter):
            status = "out"
        else:
            status = "waiting"
        lines.append(OrderLine(fighter.label, status))
    return tuple(lines)


def coop_line(context: Context, state: State) -> str:
    """The co-op turn order this round: human 1, the AI, human 2, the AI…"""
    if len(context.coop_players) < 2:
        return ""
    names = activation_order(
        context.coop_players, ai_first=state.first is Side.AI, ai_name="the AI"
    )
    return ", ".join(names) + ", and so on."


def defenders(context: Context, state: State) -> tuple[tuple[str, str], ...]:
    """Deck characters on the table that have not activated this round."""
    return tuple((f.key, f.label) for f in deck_defenders(context, state))


# --- the characters and their taps ----------------------------------------------------


def groups(
    context: Context, state: State, who: str, writable: bool
) -> tuple[tuple[Group, ...], FighterRow | None]:
    person = None
    groups = []
    for company in context.companies:
        rows = []
        for fighter in sorted(
            (f for f in state.all_fighters(context) if f.company == company.order),
            key=lambda f: f.card_order,
        ):
            row = _row(context, state, company, fighter, writable)
            rows.append(row)
            if fighter.key == who:
                person = row
        routed = state.companies[company.order].routed
        tap = None
        if writable and state.round and not state.ended and not routed:
            tap = Tap(
                "company_routed",
                f"{company.name} routed",
                company=company.order,
                quiet=True,
            )
        groups.append(
            Group(
                name=company.name,
                side=company.side.value,
                rows=tuple(rows),
                routed=routed,
                tap=tap,
            )
        )
    return tuple(groups), person


def _row(
    context: Context,
    state: State,
    company: TableCompany,
    fighter: Fighter,
    writable: bool,
) -> FighterRow:
    mine = state.fighters[fighter.key]
    flags = []
    if mine.fallen:
        status = "fallen"
    elif mine.lurked:
        status = "lurked away (back in the pool)"
    elif mine.left:
        status = "left the table"
    elif fighter.arrives > max(state.round, 1):
        status = f"comes on in round {fighter.arrives}"
    else:
        status = "on the table"
    if state.routing(fighter) and not mine.fallen:
        flags.append("routing")
    if mine.disorganized and not mine.fallen:
        flags.append("disorganized")
    if mine.carrying:
        flags.append(f"carrying {mine.carrying}")
    if mine.carried_off:
        flags.append("carried an objective off")
    if state.hurt(fighter) and not mine.fallen:
        flags.append("hurt this round")
    if company.horde and state.wounded(fighter) and not mine.fallen:
        flags.append("wounded: no free slot")
    if fighter.key in state.activated:
        flags.append("activated")
    taps: list[Tap] = []
    on_table = state.on_table(fighter) and state.round > 0
    if writable and on_table and not state.ended:
        wound = "Wound token"
        if mine.wounds >= fighter.free_slots:
            wound = "Wound (no free slot: it falls)"
        taps = [
            Tap("wound", wound, key=fighter.key),
            Tap("fell", "Fell", key=fighter.key),
            Tap("routed", "Routed", key=fighter.key, quiet=True),
            Tap("left", "Left the table", key=fighter.key, quiet=True),
        ]
        if mine.carrying or fighter.side is Side.PLAYER:
            taps.append(
                Tap(
                    "carried_off",
                    "Carried an objective off",
                    key=fighter.key,
                    quiet=True,
                )
            )
        if mine.carrying and fighter.side is Side.AI:
            taps.append(
                Tap("dropped", "Dropped its objective", key=fighter.key, quiet=True)
            )
        if not mine.carrying:
            taps.extend(
                Tap(
                    "picked_up",
                    f"Picked up {name}",
                    key=fighter.key,
                    quiet=True,
                    objective=name,
                )
                for name in free_carriables(context, state)
            )
        if fighter.key not in state.activated:
            taps.append(
                Tap(
                    "activated",
                    "Counts as activated this round",
                    key=fighter.key,
                    quiet=True,
                )
            )
    elif writable and state.just_came(fighter) and not state.ended:
        taps = [Tap("left", "Left the table", key=fighter.key, quiet=True)]
    return FighterRow(
        key=fighter.key,
        label=fighter.label,
        company=company.name,
        side=fighter.side.value,
        doctrine=company.doctrine.label if company.side is Side.AI else "",
        status=status,
        wounds=mine.wounds,
        free_slots=fighter.free_slots,
        flags=tuple(flags),
        on_table=on_table,
        taps=tuple(taps),
    )


# --- the questions --------------------------------------------------------------------


def walk_for(
    context: Context,
    state: State,
    answers: Mapping[str, str],
    query: Mapping[str, Any],
    *,
    screen: str,
    url: str,
) -> dict[str, Any]:
    """The questions of an activation (``act``) or a defensive draw (``defend``)
    for the character ``query["who"]``, with a link to change each answer."""
    key = str(query.get("who", ""))
    try:
        fighter = context.fighter(key, state)
    except KeyError:
        return {"walk": None}
    if fighter.side is not Side.AI or not state.on_table(fighter) or not state.round:
        return {"walk": None}
    follow_up = screen == "act" and query.get("follow") == "1"
    if follow_up and state.follow_up != key:
        follow_up = False
    if screen == "defend":
        if context.company(fighter.company).doctrine is not Doctrine.DECK:
            return {"walk": None}
        walk = defence_walk(context, state, fighter, answers)
    else:
        walk = activation_walk(context, state, fighter, answers, follow_up=follow_up)
    question = walk.question
    if (
        question is not None
        and not question.error
        and query.get("asked") == question.name
        and question.ask == MANY
    ):
        # The question came back with nothing ticked: say why it is asked again.
        walk = replace(
            walk,
            question=replace(
                question,
                error="Nothing was ticked: tick at least one. If there is none, "
                "change the answer above that led here.",
            ),
        )
    base = {"do": screen, "who": key} | ({"follow": "1"} if follow_up else {})
    changes = []
    for n, asked in enumerate(walk.asked):
        told = TOLD_BY_MELEE.get(asked.question.name)
        if told and walk.answers.get("melee", "").startswith(told):
            continue  # the melee answer listed above already says it
        before = {a.question.name: a.value for a in walk.asked[:n]}
        changes.append(Change(asked, f"{url}?{urlencode(base | before)}"))
    return {
        "walk": walk,
        "walk_doctrine": context.company(fighter.company).doctrine.value,
        **(orders_shown(context, state, fighter) if screen == "act" else {}),
        "walk_follow_up": follow_up,
        "walk_routing": _routs(context, state, fighter, screen),
        "hidden": tuple((base | _told_beside(walk, answers) | walk.answers).items()),
        "changes": tuple(changes),
    }


def _routs(context: Context, state: State, fighter: Fighter, screen: str) -> bool:
    """Its activation is its rout (a horde reads its mode instead)."""
    company = context.company(fighter.company)
    return screen == "act" and state.routing(fighter) and not company.horde


def _told_beside(walk: Any, answers: Mapping[str, str]) -> dict[str, str]:
    """The answers ticked beside a question answered (whether it sees it,
    whether it is free) that the walk has not read yet: kept for the next
    screen, so a later question does not ask them again."""
    return {
        name: answers[name]
        for asked in walk.asked
        for name, _words, _ticked in asked.question.also
        if name in answers
    }


def end_choices() -> tuple[tuple[str, str, str], ...]:
    """The end screen's buttons: (reason, side, label). An objective or a
    concession names the side, so the result form can fill in the outcome."""
    choices = []
    for reason in EndReason:
        if reason in ENDED_BY:
            for side, who in ((Side.PLAYER, "your side"), (Side.AI, "the AI side")):
                label = f"{reason.label}: {who} {ENDED_BY[reason]}"
                choices.append((reason.value, side.value, label))
        else:
            choices.append((reason.value, "", reason.label))
    return tuple(choices)
