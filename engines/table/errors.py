"""What the table engine says when an entry cannot be made."""

from __future__ import annotations


class TableRefused(Exception):
    """An entry the battle cannot take now, with the reason in the player's words.

    The app shows ``message`` where the page scrolls to (it becomes a form error)
    and saves nothing.
    """

    def __init__(self, message: str, *, code: str = "refused") -> None:
        super().__init__(message)
        self.message = message
        self.code = code
