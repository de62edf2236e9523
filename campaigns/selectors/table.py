"""The table-mode page: the robot on a phone beside the paper.

:func:`table_page` reads the battle's log, folds it into how the battle stands,
and returns a :class:`TablePage` — what to show now (begin a round, who goes
first, the next AI activation, the end of round, the end), the question being
asked, the last answer, the characters with their taps, and the log. It reads
the engine only through the services' trial runs; it writes nothing.

The page's *screen* comes from its query string (``do``): the main screen, an
activation (``act``), a defensive draw (``defend``), a random selection
(``select``), the characters (``people``) and the end of the battle (``end``).
Answers already given travel in the query string too, so every step of a
question is a plain link or GET form, and only a decision is a POST.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.shortcuts import get_object_or_404
from django.urls import reverse

from campaigns.models import Battle, Campaign, TableEntry, TableLog
from campaigns.models.battle import BattleStatus
from campaigns.presenters.table_answer import last_answer, log_line
from campaigns.presenters.table_begin import begin_values, choices_values
from campaigns.presenters.table_end import ending_values
from campaigns.presenters.table_page import (
    answers_from,
    candidates,
    coop_line,
    defenders,
    end_choices,
    groups,
    initiative_line,
    order_lines,
    phase_of,
    side_taps,
    walk_for,
)
from campaigns.presenters.table_screen import TablePage
from campaigns.selectors.table_cache import table_context_kept, table_log_folded
from campaigns.selectors.table_victory import (
    table_beyond_side,
    table_scores_exits,
    table_victory,
)
from campaigns.selectors.table_words import table_values_words
from campaigns.setting_words import campaign_words
from engines.doctrines.horde import LURK_BEYOND
from engines.enums import EndReason, Side
from engines.table.horde_end import lurker_rows, round_end_walk
from engines.table.obeying import round_order_lines
from engines.table.round_orders import order_asks
from engines.table.state import Context, State, state_start
from engines.table.victory import beyond_question
from engines.text import inches

SCREENS = ("act", "defend", "select", "people", "end")
LOG_SHOWN = 20
"""The log's lines the main screen shows, the last first (a phone's page stays
light however long the battle; the battle page shows them all)."""


TableBattle = Battle
"""The battle a table page reads, as :func:`battle_for_table` loads it (views
name it so, importing no model)."""


def battle_for_table(*, campaign: Campaign, battle_id: int) -> TableBattle:
    """The campaign's battle with its scene and the campaign's event deck (404
    for another campaign's battle)."""
    queryset = Battle.objects.filter(campaign=campaign).select_related(
        "scene", "campaign__event_deck", "campaign__setting"
    )
    return get_object_or_404(queryset, pk=battle_id)


def _log_now(battle: Battle) -> tuple[Context, State | None, list[TableEntry], int]:
    """The battle's context, its log's state (None when the log does not fit
    the battle), the log's last entries (``LOG_SHOWN`` at least, or all) and
    its version: a fixed number of queries, whatever the log's length."""
    log = TableLog.objects.filter(battle=battle).first()
    seed = log.seed if log is not None else battle.setup_seed
    version = log.version if log is not None else 0
    context = table_context_kept(battle=battle, seed=seed, version=version)
    state: State | None = None
    entries: list[TableEntry] = []
    whole = False
    if seed == battle.setup_seed:
        state, entries, whole = table_log_folded(
            battle=battle, log=log, context=context
        )
    if not whole and len(entries) < LOG_SHOWN and log is not None:
        tail = log.entries.order_by("-position").defer("deck")[:LOG_SHOWN]
        entries = list(reversed(tail))
    return context, state, entries, version


def table_page(
    *, battle: Battle, can_edit: bool, query: Mapping[str, Any]
) -> TablePage:
    """The page for ``battle`` as its query string asks (a fixed number of
    queries, whatever the battle's size or the log's length)."""
    context, state, entries, version = _log_now(battle)
    stale_seed = state is None
    if state is None:
        # A log that no longer fits the battle is shown, not played on.
        stale_seed, state = True, state_start(context)
    writable = can_edit and battle.status == BattleStatus.PLANNED and not stale_seed
    slug = battle.campaign.slug
    url = reverse(
        "campaigns:battle_table", kwargs={"slug": slug, "battle_id": battle.pk}
    )
    screen = str(query.get("do", ""))
    if screen not in SCREENS or (not writable and screen != "people"):
        screen = ""
    phase = phase_of(context, state)
    skipping = phase == "activate" and query.get("skip") == "1" and writable
    if skipping:
        phase = phase_of(context, state, skipping=True)
    nxt = state.next_activation(context)
    deck = state.deck or {}
    rows, person = groups(context, state, str(query.get("who", "")), writable)
    values: dict[str, Any] = {
        "campaign": battle.campaign,
        "battle": battle,
        "url": url,
        "can_edit": can_edit,
        "writable": writable,
        "version": version,
        "round": state.round,
        "length": context.length,
        "phase": phase,
        "skipping": skipping,
        "screen": screen,
        "stale_seed": stale_seed,
        "event": state.event,
        "initiative": initiative_line(state),
        "first": "" if state.first is None else state.first.value,
        "order": order_lines(context, state, nxt),
        "coop": coop_line(context, state),
        "answer": last_answer(context, state, entries, url),
        "log_count": len(entries) if stale_seed else state.entries,
        "battle_url": reverse(
            "campaigns:battle_detail", kwargs={"slug": slug, "battle_id": battle.pk}
        ),
        "undo_text": entries[-1].text if entries else "",
        "events_problem": context.events_problem,
        "events_on": context.events is not None,
        "result_url": reverse(
            "campaigns:result_entry", kwargs={"slug": slug, "battle_id": battle.pk}
        ),
        "ended": EndReason(state.ended).label if state.ended else "",
        "you_start": state.first is Side.PLAYER and not state.activated,
        "deck_left": len(deck.get("draw_pile", ())),
        "deck_discards": len(deck.get("discards", ())),
        "groups": rows,
        "person": person if screen == "people" else None,
        "side_taps": side_taps(state, writable),
        "defenders": defenders(context, state),
        "has_carriables": bool(context.carriable_objectives),
        "has_objectives": bool(context.objectives or context.fixed_objectives),
    }
    values |= _ending(battle, context, state, query, phase=phase)
    phase = values["phase"]
    if phase == "won" and values["screen"] != "people":
        values["screen"] = screen = ""
    if nxt is not None:
        values |= {
            "next_return_fire": state.return_fire_at or "?"
            if state.return_fire == nxt.key
            else "",
            "next_label": nxt.label,
            "next_key": nxt.key,
            "next_doctrine": context.company(nxt.company).doctrine.label,
        }
    if phase in ("begin", "end_round", "orders"):
        values["round_orders"] = round_order_lines(context, state, phase=phase)
        values["order_asks"] = order_asks(context, state, phase=phase)
    if phase == "begin" and writable:
        values |= begin_values(context, state, query)
    if phase == "activate":
        values |= choices_values(context, state)
    if phase == "end_round":
        values["lurkers"] = lurker_rows(context, state)
        values["lurk_beyond"] = inches(LURK_BEYOND)
        if writable:
            values["end_walk"] = round_end_walk(
                context, state, answers=answers_from(query)
            )
    if screen in ("act", "defend"):
        values |= walk_for(
            context, state, answers_from(query), query, screen=screen, url=url
        )
        if values["walk"] is None and screen == "act":
            values["screen"] = ""
    if not values["screen"]:  # the main screen: the log's last lines
        values["log"] = tuple(reversed([log_line(e) for e in entries[-LOG_SHOWN:]]))
    if screen == "select":
        values["candidates"] = candidates(context, state)
    if screen == "end":
        values["end_reasons"] = end_choices()
    if screen == "end" or values.get("ending_text"):
        values["beyond_question"] = beyond_question(table_beyond_side(battle=battle))
    return TablePage(**table_values_words(values, campaign_words(battle.campaign)))


def _ending(
    battle: Battle,
    context: Context,
    state: State,
    query: Mapping[str, Any],
    *,
    phase: str,
) -> dict[str, Any]:
    """The battle's end by its scene's rules (a way to win met, a side out of
    the battle; the outcome at the end of the last round)."""
    if state.ended or not state.round:
        return {}
    return ending_values(
        context,
        state,
        table_victory(battle=battle),
        query,
        phase=phase,
        scores_exits=table_scores_exits(battle=battle),
    )


# --- what comes now -------------------------------------------------------------------
