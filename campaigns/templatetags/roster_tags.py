"""Small filters for card values on the site's pages."""

from __future__ import annotations

from django import template

register = template.Library()


@register.filter
def signed(value: int | None) -> str:
    """A modifier as a card prints it: "+1", "0", "−2" (a true minus sign)."""
    if value is None:
        return "—"
    if value > 0:
        return f"+{value}"
    if value < 0:
        return f"\N{MINUS SIGN}{-value}"
    return "0"


@register.filter
def inches(value: int | None) -> str:
    """A distance in inches, or "—" when there is none (cannot shoot)."""
    if value is None:
        return "—"
    return f"{value}\N{QUOTATION MARK}"
