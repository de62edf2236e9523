"""Names for the admin's tabular inline fields (issue 26 part 6).

A tabular inline's fields sit under a column header, with no ``<label>`` of
their own: ``{% inline_field field.field row %}`` renders the field as Django
would, with an ``aria-label`` naming its column and its row ("Attack
(character 2)"), so that a screen reader, and axe-core, can tell the boxes
apart."""

from __future__ import annotations

from django import template
from django.forms import BoundField
from django.utils.html import format_html
from django.utils.safestring import SafeString
from django.utils.text import capfirst

register = template.Library()


@register.simple_tag
def inline_row_name(inline_admin_formset, number: int, last: bool) -> str:
    """The row's words in its fields' names: "character 2", or "new
    character" for the hidden last row that "Add another" copies."""
    noun = inline_admin_formset.opts.verbose_name
    if last and inline_admin_formset.has_add_permission:
        return f"new {noun}"
    return f"{noun} {number}"


@register.simple_tag
def inline_field(bound: BoundField, row: str, label: str = "") -> SafeString:
    """The field's widget (and its hidden initial value, if any: what
    ``{{ field }}`` renders) with an ``aria-label`` of its column's label and
    its row."""
    if bound.is_hidden:
        return SafeString(str(bound))
    name = f"{capfirst(label or bound.label)} ({row})"
    html = bound.as_widget(attrs={"aria-label": name})
    if bound.field.show_hidden_initial:
        html = format_html("{}{}", html, bound.as_hidden(only_initial=True))
    return html
