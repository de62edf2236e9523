"""The shapes of the JSON values the site reads back: dice logs, battle setups
and earlier setups, the placed objective, roles, co-op names and effect
snapshots. Each check takes the value, its path and ``add(path, message)``."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from functools import cache
from typing import Any

from django.core.exceptions import ValidationError
from django.db import models

from campaigns.transfer.document import TEXT, TYPE_MESSAGES, Kind, value_type
from campaigns.transfer.refs import snapshot_kinds
from campaigns.transfer.values import check_scalar, is_ref
from engines.dice import log_from_data
from engines.enums import ObjectiveKind, Side
from engines.scenario import SetupResult

Add = Callable[[str, str], None]


def _check_log(log: Any, path: str, add: Add) -> None:
    for index, entry in enumerate(log):
        try:
            if not isinstance(entry, dict):
                raise TypeError
            log_from_data([entry])
        except (KeyError, TypeError, ValueError, AttributeError):
            add(f"{path}[{index}]", "not a dice log entry")


def _check_setup(setup: Any, path: str, add: Add) -> None:
    if setup == {}:
        return
    try:
        if not isinstance(setup, dict):
            raise TypeError
        SetupResult.from_data(setup)
    except (KeyError, TypeError, ValueError, AttributeError):
        add(path, "not a battle setup")


def _check_previous(previous: Any, path: str, add: Add) -> None:
    for index, earlier in enumerate(previous):
        where = f"{path}[{index}]"
        if not isinstance(earlier, dict):
            add(where, "must be an object")
        elif earlier.get("setup") is not None:
            _check_setup(earlier["setup"], f"{where}.setup", add)


def _check_placement(placement: Any, path: str, add: Add) -> None:
    try:
        if not isinstance(placement, dict):
            raise TypeError
        if not isinstance(placement["name"], str):
            raise TypeError
        ObjectiveKind(placement["kind"])
        for key in ("clock", "inches"):
            if not is_ref(placement[key]):
                raise TypeError
    except (KeyError, TypeError, ValueError):
        add(path, "not an objective placement (name, kind, clock, inches)")


def _check_roles(roles: Any, path: str, add: Add) -> None:
    for side, role in roles.items():
        if side not in Side._value2member_map_ or not isinstance(role, str):
            add(f"{path}.{side}", "must be a side's role")


def _check_names(names: Any, path: str, add: Add) -> None:
    for index, name in enumerate(names):
        if not isinstance(name, str):
            add(f"{path}[{index}]", TYPE_MESSAGES[TEXT])


SHAPES: tuple[tuple[str, str, Callable[[Any, str, Add], None]], ...] = (
    ("battles", "dice_log", _check_log),
    ("battles", "setup_data", _check_setup),
    ("battles", "previous_setups", _check_previous),
    ("battles", "objective_placement", _check_placement),
    ("battles", "roles", _check_roles),
    ("battles", "coop_players", _check_names),
    ("battle_results", "resolution_log", _check_log),
)
"""(collection, key, check) for JSON values whose shape the site relies on."""


@cache
def _columns(model: type[models.Model]) -> dict[str, models.Field]:
    return {f.attname: f for f in model._meta.concrete_fields}


def snapshot_problems(
    kind: Kind, snapshot: Any, path: str
) -> Iterator[tuple[str, str]]:
    """(path, message) for each way an effect's before / after is not a snapshot
    of a row of ``kind``: its keys are the row's columns, its plain values valid
    for them (refs are checked with the others)."""
    if not isinstance(snapshot, dict):
        yield path, "must be an object or null"
        return
    refers = snapshot_kinds(kind.model)
    fields = _columns(kind.model)
    for attname, raw in snapshot.items():
        where = f"{path}.{attname}"
        if attname not in fields:
            yield where, f"not a field of a {kind.label}"
        elif refers[attname] is None and raw is not None:
            problem = _column_problem(fields[attname], raw)
            if problem:
                yield where, problem


def _column_problem(f: models.Field, raw: Any) -> str | None:
    checked, problem = check_scalar(value_type(f, {}), raw)
    if problem is None:
        try:
            f.validate(checked, None)
            f.run_validators(checked)
        except ValidationError as exc:
            problem = " ".join(exc.messages)
    return problem
