"""What the table engine says when an entry cannot be made."""

from __future__ import annotations

UNANSWERED = "unanswered"
"""The refusal's code when an activation or a draw still has a question open."""
NOT_NOW = "not_now"
"""The refusal's code when the battle does not offer the action now."""


class TableRefused(Exception):
    """An entry the battle cannot take now, with the reason in the player's words.

    The app shows ``message`` to the players and saves nothing; ``code`` says
    which kind of refusal it is (an unanswered question, an action the battle
    does not take now).
    """

    def __init__(self, message: str, *, code: str = "refused") -> None:
        super().__init__(message)
        self.message = message
        self.code = code
