"""Filters for the print templates (the battle pack)."""

from __future__ import annotations

from django import template

from campaigns.bidi import isolated

register = template.Library()


@register.filter
def isolate(value: object) -> str:
    """A name kept from turning the line around it (FSI … PDI where it could).

    On paper a name is isolated with the Unicode isolates rather than
    ``<bdi>``: the same effect, without an inline box around every name for
    WeasyPrint to lay out. The value is escaped as usual."""
    return isolated(str(value))
