"""What each value of a document may be: its type, and text and JSON the
databases can store."""

from __future__ import annotations

import math
from datetime import UTC, datetime
from typing import Any

from django.db import models
from django.utils.dateparse import parse_datetime

from campaigns.transfer.document import (
    BOOL,
    CAMPAIGN_MARK,
    DATETIME,
    INT,
    JSON,
    REF,
    REFS,
    TARGET,
    TEXT,
    TYPE_MESSAGES,
    USER,
    USERS,
    Value,
)
from campaigns.transfer.parse import LongNumber

MAX_JSON_DEPTH = 32


def is_ref(raw: Any) -> bool:
    return isinstance(raw, int) and not isinstance(raw, bool)


def text_problem(text: str) -> str | None:
    """Why a string cannot be stored (NUL, or half a surrogate pair), or None."""
    if "\x00" in text:
        return "must not contain NUL characters"
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return "must be valid Unicode text"
    return None


def json_problem(value: Any) -> str | None:
    """Why ``value`` cannot be stored as JSON here, or None."""
    stack = [(value, 0)]
    while stack:
        item, depth = stack.pop()
        if depth > MAX_JSON_DEPTH:
            return f"is nested deeper than {MAX_JSON_DEPTH} levels"
        if isinstance(item, str):
            if problem := text_problem(item):
                return problem
        elif isinstance(item, float):
            if not math.isfinite(item):
                return "must not contain NaN or infinity"
        elif isinstance(item, dict):
            for key, inner in item.items():
                if not isinstance(key, str) or text_problem(key):
                    return "has a key that is not text"
                stack.append((inner, depth + 1))
        elif isinstance(item, list):
            stack.extend((inner, depth + 1) for inner in item)
        elif isinstance(item, LongNumber):
            return f"holds a number far too large ({item.digits:,} digits)"
        elif item is not None and not isinstance(item, bool | int):
            return "is not JSON"
    return None


def check_value(value: Value, given: Any) -> tuple[Any, str | None]:
    """(the value to build with, None) or (None, why not) for any value of a
    kind; refs are whole numbers here, whether they point somewhere is checked
    later."""
    if isinstance(given, LongNumber):
        return None, given.message
    if value.type in (REF, TARGET):
        if given is None and value.field.null:
            return None, None
        if is_ref(given) or (value.type == TARGET and given == CAMPAIGN_MARK):
            return given, None
        return None, TYPE_MESSAGES[REF]
    if value.type == REFS:
        if not isinstance(given, list) or not all(is_ref(r) for r in given):
            return None, TYPE_MESSAGES[REFS]
        if len(set(given)) != len(given):
            return None, "lists a ref twice"
        return given, None
    if value.type == USER:
        if given is not None and not isinstance(given, str):
            return None, TYPE_MESSAGES[USER]
        return given, None
    if value.type == USERS:
        if not isinstance(given, list) or not all(
            isinstance(name, str) and not text_problem(name) for name in given
        ):
            return None, TYPE_MESSAGES[USERS]
        if len(set(given)) != len(given):
            return None, "lists a username twice"
        return given, None
    return check_scalar(value, given)


def check_scalar(value: Value, raw: Any) -> tuple[Any, str | None]:
    """(the Python value, None) or (None, why not) for a non-reference value."""
    f = value.field
    if raw is None:
        if f.null:
            return None, None
        if value.type == JSON:
            return None, _json_shape(f)
        return None, TYPE_MESSAGES[value.type]
    if isinstance(raw, LongNumber):
        return None, raw.message
    if value.type == TEXT:
        if not isinstance(raw, str):
            return None, TYPE_MESSAGES[TEXT]
        problem = text_problem(raw)
        return (None, problem) if problem else (raw, None)
    if value.type == INT:
        return (raw, None) if is_ref(raw) else (None, TYPE_MESSAGES[INT])
    if value.type == BOOL:
        return (raw, None) if isinstance(raw, bool) else (None, TYPE_MESSAGES[BOOL])
    if value.type == DATETIME:
        parsed = _datetime(raw)
        return (parsed, None) if parsed else (None, TYPE_MESSAGES[DATETIME])
    problem = json_problem(raw)
    if problem:
        return None, problem
    default = f.get_default()
    if isinstance(default, dict) and not isinstance(raw, dict):
        return None, _json_shape(f)
    if isinstance(default, list) and not isinstance(raw, list):
        return None, _json_shape(f)
    return raw, None


def _json_shape(f: models.Field) -> str:
    default = f.get_default()
    shape = "an object" if isinstance(default, dict) else "a list"
    if default is None:
        shape = "JSON"
    return f"must be {shape}{' or null' if f.null else ''}"


def _datetime(raw: Any) -> datetime | None:
    if not isinstance(raw, str):
        return None
    try:
        parsed = parse_datetime(raw)
    except ValueError:
        return None
    if parsed is not None and parsed.tzinfo is None:
        parsed = parsed.replace(tzinfo=UTC)
    return parsed
