"""Posting admin change forms as a browser would: every field of the page's form
and of its inline rows, as rendered, for a test to change a few and submit."""

from __future__ import annotations

from typing import Any

from django.urls import reverse


def admin_url(model, view: str, *args) -> str:
    meta = model._meta
    return reverse(f"admin:{meta.app_label}_{meta.model_name}_{view}", args=args)


def _field_values(form, prefix: str = "") -> dict[str, Any]:
    data: dict[str, Any] = {}
    for name, field in form.fields.items():
        if field.disabled:
            continue
        value = form[name].value()
        key = f"{prefix}{name}"
        if value is None or value is False:
            continue
        if value is True:
            data[key] = "on"
        elif isinstance(value, list | tuple):
            data[key] = [str(v) for v in value]
        else:
            data[key] = str(value)
    return data


class FormData(dict):
    """Posted values, and each inline's defaults for a new row."""

    defaults: dict[str, dict[str, Any]]


def page_form_data(response) -> FormData:
    """The admin page's form and inline rows as they would be posted unchanged
    (blank extra rows included: they count as untouched)."""
    context = response.context
    form = context["adminform"].form
    data = FormData(_field_values(form))
    data.defaults = {}
    for inline in context["inline_admin_formsets"]:
        formset = inline.formset
        empty = formset.empty_form
        data.defaults[formset.prefix] = {
            key.split("-", 2)[2]: value
            for key, value in _field_values(empty, f"{empty.prefix}-").items()
        }
        management = formset.management_form
        for key in ("TOTAL_FORMS", "INITIAL_FORMS", "MIN_NUM_FORMS", "MAX_NUM_FORMS"):
            data[f"{formset.prefix}-{key}"] = str(management[key].value())
        for inline_form in formset.forms:
            data.update(_field_values(inline_form, f"{inline_form.prefix}-"))
    return data


def set_rows(data: dict[str, Any], prefix: str, rows: list[dict[str, Any]]) -> None:
    """Replace the inline ``prefix``'s new rows by ``rows`` (after its existing
    ones), each on top of a new row's defaults as the page shows them."""
    initial = int(data[f"{prefix}-INITIAL_FORMS"])
    for key in [k for k in data if k.startswith(f"{prefix}-")]:
        parts = key.split("-")
        if len(parts) >= 3 and parts[1].isdigit() and int(parts[1]) >= initial:
            del data[key]
    defaults = getattr(data, "defaults", {}).get(prefix, {})
    for offset, row in enumerate(rows):
        number = initial + offset
        for name, value in {**defaults, **row}.items():
            if value is True:
                value = "on"
            if value is None or value is False:
                continue
            data[f"{prefix}-{number}-{name}"] = value
    data[f"{prefix}-TOTAL_FORMS"] = str(initial + len(rows))


def errors_of(response) -> list[str]:
    """Every error the admin page shows: the form's, its inline rows' and the
    inlines' own."""
    if response.status_code != 200 or response.context is None:
        return []
    found = []
    adminform = response.context.get("adminform")
    if adminform is not None:
        for field, messages in adminform.form.errors.items():
            found.extend(f"{field}: {m}" for m in messages)
    for inline in response.context.get("inline_admin_formsets", ()):
        formset = inline.formset
        found.extend(str(m) for m in formset.non_form_errors())
        for form in formset.forms:
            for field, messages in form.errors.items():
                found.extend(f"{form.prefix}-{field}: {m}" for m in messages)
    return found
