"""Frozen dataclasses built without their ``__init__`` (RULES §7; SITE.md
``playtest_s``).

A playtest makes hundreds of thousands of the doctrines' frozen values (each
enemy as a character reads it, each situation, each decision). A frozen
dataclass's generated ``__init__`` sets its fields one ``object.__setattr__``
at a time, in Python even in the compiled engine; :func:`built` fills the
instance dictionary with every field at once. The object is the same, field
for field, and equal to one its constructor makes
(``tests/engines/test_playtest_built.py`` holds each class to that). Only
classes with neither ``__post_init__`` nor slots can be built so, and in the
compiled engine only those left Python classes
(``@mypyc_attr(native_class=False)``).
"""

from __future__ import annotations

from typing import Any, TypeVar

Made = TypeVar("Made")

FAST = "__post_init__"
"""What a class must not have for :func:`built` to make it."""


def built(cls: type[Made], fields: dict[str, Any]) -> Made:
    """An instance of the frozen dataclass ``cls`` with these fields (every
    one of them given), built without its ``__init__``."""
    made = object.__new__(cls)
    made.__dict__.update(fields)
    return made
