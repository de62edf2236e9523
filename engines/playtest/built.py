"""The doctrines' inputs built fast, their rarer parts measured when read
(RULES §7; SITE.md ``playtest_s``).

A playtest builds hundreds of thousands of the doctrines' frozen inputs
(:class:`~engines.doctrines.Enemy`, :class:`~engines.doctrines.Situation`…).
Those classes are plain frozen dataclasses — no ``__post_init__``, no slots —
so :func:`built` makes one by filling its instance dictionary with every
field, which is what their ``__init__`` does one ``object.__setattr__`` at a
time: the object is the same, field for field, and equal to one its
constructor makes (``tests/engines/test_playtest_built.py`` holds the classes
to that).

:class:`Later` is a field measured the first time it is read and kept, for the
parts of a situation most decide functions never read (the friends only a
horde reads, the edges, the objectives the initiative does not look at): a
decision reads the very value an eager measure would have given it.
"""

from __future__ import annotations

from typing import Any, TypeVar

from engines.once import once

Made = TypeVar("Made")

FAST = "__post_init__"
"""What a class must not have for :func:`built` to make it."""


def built(cls: type[Made], fields: dict[str, Any]) -> Made:
    """An instance of the frozen dataclass ``cls`` with these fields (every
    one of them given), built without its ``__init__``."""
    made = object.__new__(cls)
    made.__dict__.update(fields)
    return made


Later = once
"""A field measured when first read (:class:`engines.once.once`)."""
