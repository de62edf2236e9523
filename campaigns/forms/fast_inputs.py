"""Plain ``<input>`` widgets written in Python, for a form with a great many
of them (the result form: one per character and column). Django renders each
widget through a template, which costs the result page much of its time;
this renderer writes the same markup as Django's ``input.html`` and
``attrs.html`` directly, and leaves every other widget to the templates."""

from __future__ import annotations

from typing import Any

from django.forms.renderers import DjangoTemplates
from django.utils.html import format_html
from django.utils.safestring import SafeString, mark_safe

PLAIN_INPUTS = frozenset(
    f"django/forms/widgets/{name}.html"
    for name in ("checkbox", "number", "hidden", "text")
)


def input_html(widget: dict[str, Any]) -> SafeString:
    """What ``django/forms/widgets/input.html`` makes of the widget's context."""
    value = widget["value"]
    parts = [format_html('<input type="{}" name="{}"', widget["type"], widget["name"])]
    if value is not None:
        parts.append(format_html(' value="{}"', str(value)))
    for name, attr in widget["attrs"].items():
        if attr is True:
            parts.append(format_html(" {}", name))
        elif attr is not False:
            parts.append(format_html(' {}="{}"', name, str(attr)))
    return mark_safe("".join(parts) + ">")  # every part is escaped above


class PlainInputsInPython(DjangoTemplates):
    def render(self, template_name: str, context: dict, request: Any = None) -> str:
        if template_name in PLAIN_INPUTS:
            return input_html(context["widget"])
        return super().render(template_name, context, request)
