"""The one place a typed entry (:mod:`engines.table.written`) becomes the JSON
the log stores: ``{"inputs": {...}, ...what the entry made}``, key for key as
the log has always kept it, so logs old and new read alike."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engines.dice import log_to_data
from engines.table.entries import Initiative, Newcomer, OrderWound, RoundEvent
from engines.table.kinds import TapKind
from engines.table.written import (
    ActivationWritten,
    Arrived,
    CompanyRoutedWritten,
    DefenceWritten,
    EndRoundWritten,
    EndWritten,
    FighterTapWritten,
    FirstWritten,
    HordeDone,
    JoinedWritten,
    OrderDone,
    OrdersGiven,
    OrdersWritten,
    PickedUpWritten,
    PrintedStep,
    RoundWritten,
    RoutRolled,
    SelectionWritten,
    SideRoutedWritten,
    Written,
)

Json = dict[str, Any]


def entry_json(entry: Written) -> Json:
    """The entry's data as the log stores it."""
    match entry:
        case RoundWritten():
            return _round(entry)
        case FirstWritten(first=first):
            return {"inputs": {"first": first.value}, "first": first.value}
        case ActivationWritten():
            return _activation(entry)
        case DefenceWritten():
            return {
                "inputs": {"answers": dict(entry.answers)},
                "decision": dict(entry.decision.to_data()),
                "printed": _printed(entry.printed),
            }
        case SelectionWritten():
            return _selection(entry)
        case EndRoundWritten():
            return _end_round(entry)
        case OrdersWritten():
            return {
                "inputs": {"orders": _orders_given(entry.orders)},
                "scene_orders": [_order_done(d) for d in entry.scene_orders],
                "log": log_to_data(entry.log),
            }
        case EndWritten(reason=reason, side=side, beyond=beyond):
            said = "" if side is None else side.value
            ended: Json = {"reason": reason.value}
            if side is not None:
                ended["side"] = said
            inputs: Json = {"reason": reason.value, "side": said}
            if beyond is not None:
                inputs["beyond"] = ended["beyond"] = beyond
            return {"inputs": inputs, **ended}
    return _tap(entry)


def _tap(
    entry: CompanyRoutedWritten
    | SideRoutedWritten
    | FighterTapWritten
    | PickedUpWritten
    | JoinedWritten,
) -> Json:
    match entry:
        case CompanyRoutedWritten(company=company):
            tap = TapKind.COMPANY_ROUTED.value
            given = {"tap": tap, "company": company}
            return {"inputs": given, "tap": tap, "company": company}
        case SideRoutedWritten(side=side):
            tap = TapKind.SIDE_ROUTED.value
            given = {"tap": tap, "side": side.value}
            return {"inputs": given, "tap": tap, "side": side.value}
        case PickedUpWritten(key=key, objective=objective):
            tap = TapKind.PICKED_UP.value
            given = {"tap": tap, "key": key, "objective": objective}
            return {"inputs": given, "tap": tap, "objective": objective}
        case JoinedWritten(name=name, joiner=joiner):
            tap = TapKind.JOINED.value
            given = {"tap": tap, "key": name, "side": joiner.side.value}
            return {"inputs": given, "tap": tap, "joiner": _joiner(joiner)}
    return _fighter_tap(entry)


def _fighter_tap(entry: FighterTapWritten) -> Json:
    tap = entry.tap.value
    data: Json = {
        "inputs": {"tap": tap, "key": entry.key},
        "tap": tap,
        "falls": entry.falls,
    }
    if entry.objective is not None:
        data["objective"] = entry.objective
    if entry.rout_check is not None:
        data["rout_check"] = _rout(entry.rout_check)
    return data


def _rout(check: RoutRolled) -> Json:
    return {
        "due": check.due,
        "routs": check.routs,
        "reason": check.reason,
        "log": log_to_data(check.log),
    }


def _round(entry: RoundWritten) -> Json:
    given: Json = {"sightings": {k: dict(v) for k, v in entry.sightings_given.items()}}
    if entry.orders_given is not None:
        given["orders"] = _orders_given(entry.orders_given)
    if entry.picked:
        given["picked"] = True
    return {
        "inputs": given,
        "round": entry.round,
        "arrived": list(entry.arrived),
        "event": None if entry.event is None else _event(entry.event),
        "scene_orders": [_order_done(d) for d in entry.scene_orders],
        "initiative": _initiative(entry.initiative),
        "sees": entry.sees,
        "order": list(entry.order),
        "positions": dict(entry.positions),
        "sightings": {
            key: {"sees": seen.sees, "distance": seen.distance}
            for key, seen in entry.sightings.items()
        },
        "log": log_to_data(entry.log),
    }


def _event(event: RoundEvent) -> Json:
    data: Json = {
        "card": event.card,
        "step": event.step,
        "reason": event.reason,
        "title": event.title,
        "text": event.text,
    }
    if event.sight_limit is not None:
        data["sight_limit"] = event.sight_limit
    if event.toward_last_seen:
        data["toward_last_seen"] = True
    return data


def _initiative(ini: Initiative) -> Json:
    data: Json = {
        "winner": None if ini.winner is None else ini.winner.value,
        "first": None if ini.first is None else ini.first.value,
        "fixed": ini.fixed,
        "reason": ini.reason,
    }
    if not ini.fixed:  # a fixed first activation rolls nothing
        data["roll"] = ini.roll
    return data


def _orders_given(given: OrdersGiven) -> Json:
    return {
        "holds": list(given.holds),
        "chosen": {i: list(keys) for i, keys in given.chosen.items()},
    }


def _order_done(done: OrderDone) -> Json:
    return {
        "id": done.id,
        "company": done.company,
        "order": done.order,
        "acted": done.acted,
        "detail": done.detail,
        "wounded": list(done.wounded),
        "wounds": [_wound(w) for w in done.wounds],
        "notes": list(done.notes),
    }


def _wound(wound: OrderWound) -> Json:
    data: Json = {"key": wound.key, "falls": wound.falls}
    if wound.routs is not None:
        data["routs"] = wound.routs
    return data


def _activation(entry: ActivationWritten) -> Json:
    return {
        "inputs": {"answers": dict(entry.answers), "follow_up": entry.follow_up},
        "decision": dict(entry.decision.to_data()),
        "printed": _printed(entry.printed),
        "asked": [[text, shown] for text, shown in entry.asked],
        "doctrine": entry.doctrine.value,
    }


def _printed(step: PrintedStep) -> Json:
    return {
        "section": step.section,
        "label": step.label,
        "short": step.short,
        "text": step.text,
    }


def _selection(entry: SelectionWritten) -> Json:
    return {
        "inputs": {"keys": list(entry.keys), "purpose": entry.purpose},
        "winner": entry.winner,
        "dealt": [[name, card] for name, card in entry.dealt],
        "log": log_to_data(entry.log),
    }


def _end_round(entry: EndRoundWritten) -> Json:
    return {
        "inputs": {"lurkers": list(entry.lurkers), "placed": dict(entry.placed)},
        "hordes": [_horde(h) for h in entry.hordes],
    }


def _horde(done: HordeDone) -> Json:
    return {
        "company": done.company,
        "mode_before": done.mode_before.value,
        "mode": done.mode.value,
        "bled": list(done.bled),
        "removed": list(done.removed),
        "arrivals": [_arrival(a) for a in done.arrivals],
        "fallen_so_far": done.fallen_so_far,
        "steps": list(done.steps),
        "log": log_to_data(done.log),
    }


def _newcomer(newcomer: Newcomer) -> Json:
    return {
        "key": newcomer.key,
        "name": newcomer.name,
        "label": newcomer.label,
    }


def _joiner(joiner: Newcomer) -> Json:
    return {
        **_newcomer(joiner),
        "side": joiner.side.value,
        "company": joiner.company,
        **_body(joiner),
    }


def _body(newcomer: Newcomer) -> Mapping[str, Any]:
    return {
        "move": newcomer.move,
        "shooting_range": newcomer.shooting_range,
        "free_slots": newcomer.free_slots,
    }


def _arrival(arrived: Arrived) -> Json:
    return {
        **_newcomer(arrived.newcomer),
        **_body(arrived.newcomer),
        "near": arrived.near,
        "inches": arrived.inches,
        "clock": arrived.clock,
    }


__all__ = ["entry_json"]
