"""A value worked out the first time it is read, then kept (for frozen,
unchanging objects).

:class:`once` is :func:`functools.cached_property` without its lock (Python
3.11's takes one at every first reading, which a playtest's millions of
readings pay for): the value is kept in the object's own dictionary, which a
later reading finds first. Use it on objects that never change.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Generic, TypeVar

T = TypeVar("T")


class once(Generic[T]):  # noqa: N801 - read as a decorator, like property
    """``read(obj)`` worked out when first read, then kept in ``obj``."""

    def __init__(self, read: Callable[[Any], T]) -> None:
        self.read = read
        self.name = getattr(read, "__name__", "")
        self.__doc__ = read.__doc__

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    def __get__(self, made: Any, owner: type | None = None) -> T:
        if made is None:
            raise AttributeError(self.name)
        value = self.read(made)
        made.__dict__[self.name] = value
        return value
