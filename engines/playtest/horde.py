"""The horde's end of round on the abstract table (RULES §4, §5.3, §7).

At the end of each round every horde company on the table is read off it
(:func:`~engines.playtest.situation.horde_round_for`: its members, their
wounds, their nearest enemies, the players' positions) and handed to
:func:`engines.doctrines.horde_end_of_round`, the function the card and the
table page follow: bleeding, reinforcements, lurking, consolidation, in that
order. Its dice are added to the battle's log; the characters it bleeds fall
(a horde takes no rout check), the lurkers it removes go back to the pool
(off the table, not lost), and each reinforcement comes on as a copy of the
company's reinforcement character at the point rolled (the nearest free spot
to it). Its new mode holds from the next round on.
"""

from __future__ import annotations

import math
from dataclasses import replace

from engines.doctrines import HordeRound, horde_end_of_round
from engines.enums import Doctrine, Side
from engines.playtest.deploy import piece_of
from engines.playtest.fight import Fight, fall
from engines.playtest.geometry import Point
from engines.playtest.situation import horde_round_for
from engines.playtest.spec import Character, Company
from engines.playtest.terrain import BASE

RING_STEPS = 12
"""Spots tried on each ring round a crowded arrival point."""


def horde_end(state: Fight) -> None:
    """Every horde company's end of round, in the scene's company order."""
    for company in state.spec.companies:
        if company.doctrine is not Doctrine.HORDE:
            continue
        if not any(p.company == company.name for p in state.table.pieces):
            continue
        _end(state, company)
        if state.verdict is not None and state.verdict.ended:
            return


def _end(state: Fight, company: Company) -> None:
    settings = state.settings[company.name]
    horde = horde_round_for_company(state, company)
    result = horde_end_of_round(horde, rng=state.dice.rng, settings=settings)
    state.dice.log.extend(result.log)
    state.modes[company.name] = result.mode
    state.touch()
    for key in result.fallen:
        if state.table.has(key):
            state.bled.append(key)
            fall(state, key)
    for key in result.removed:
        if state.table.has(key):
            state.table = state.table.without(key)
    template = company.template
    if template is None:
        return
    for arrival in result.arrivals:
        at = (
            None
            if arrival.position is None
            else (arrival.position.x, arrival.position.y)
        )
        spot = _free_near(state, at)
        if spot is not None:
            _reinforce(state, company, template, spot)


def horde_round_for_company(state: Fight, company: Company) -> HordeRound:
    """The horde company as its end of round reads it, off the table."""
    fallen = sum(1 for k in state.fallen if state.character(k).company == company.name)
    return horde_round_for(
        state.table,
        company.name,
        mode=state.mode(company.name),
        fallen_so_far=fallen,
        standings=state.standings(),
    )


def _free_near(state: Fight, at: Point | None) -> Point | None:
    if at is None:
        return None
    ground = state.table.ground
    for ring in range(0, 6):
        steps = 1 if ring == 0 else RING_STEPS
        for n in range(steps):
            angle = 2 * math.pi * n / steps
            spot = (
                at[0] + ring * BASE * math.cos(angle),
                at[1] + ring * BASE * math.sin(angle),
            )
            if not ground.inside_table(spot) or state.table.crowded(spot):
                continue
            if any(area.contains(spot) for area in ground.obstacles):
                continue
            return spot
    return None


def _reinforce(state: Fight, company: Company, template: Character, at: Point) -> None:
    state.reinforced += 1
    name = f"{template.name} ({state.reinforced})"
    character = replace(
        template,
        name=name,
        side=Side.AI,
        company=company.name,
        card_order=10_000 + state.reinforced,
        filled=0,
        arrives=state.round,
        carrying=None,
    )
    state.chars[name] = character
    state.came.append(name)
    state.table = state.table.with_pieces([piece_of(character, at)])
