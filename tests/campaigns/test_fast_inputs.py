"""The result form's inputs written in Python (campaigns/forms/fast_inputs.py)
are exactly what Django's widget templates write: the page is the same, byte
for byte, blank, filled in, and sent back with errors."""

from __future__ import annotations

import re

import pytest

from campaigns.forms.result import ResultForm
from campaigns.selectors.battles import battle_url as url

pytestmark = pytest.mark.django_db


@pytest.fixture
def battle(skirmish):
    return skirmish.set_up()


TOKEN = re.compile(r'name="csrfmiddlewaretoken" value="[^"]+"')


def both_ways(monkeypatch, fetch) -> tuple[str, str]:
    """The page with the inputs written in Python, then by the templates
    (the CSRF token, masked afresh for each response, set aside)."""
    fast = fetch()
    monkeypatch.setattr(ResultForm, "default_renderer", None)
    slow = fetch()
    monkeypatch.undo()
    return TOKEN.sub("", fast), TOKEN.sub("", slow)


def test_a_blank_result_form_is_written_as_the_templates_write_it(
    owner, battle, monkeypatch
):
    fast, slow = both_ways(
        monkeypatch, lambda: owner.get(url("result_entry", battle)).content.decode()
    )
    assert fast == slow
    assert 'type="checkbox"' in fast and 'type="number"' in fast


def test_a_result_form_sent_back_with_errors_is_written_the_same(
    owner, battle, monkeypatch
):
    """Errors add aria-invalid and the values typed come back: the same."""
    pid = battle.participants.order_by("order").first().pk
    data = {
        "outcome": "victory",
        "end_reason": "",
        f"p{pid}-wound_tokens": "<b>x</b>",
        f"p{pid}-fallen": "on",
    }
    fast, slow = both_ways(
        monkeypatch,
        lambda: owner.post(url("result_entry", battle), data).content.decode(),
    )
    assert fast == slow
    assert 'aria-invalid="true"' in fast
    assert "&lt;b&gt;x&lt;/b&gt;" in fast


def test_the_result_forms_inputs_are_written_in_python(owner, battle, monkeypatch):
    """Every checkbox and number of the character rows takes the Python way."""
    from campaigns.forms import fast_inputs

    written = []
    real = fast_inputs.input_html
    monkeypatch.setattr(
        fast_inputs, "input_html", lambda widget: written.append(widget) or real(widget)
    )
    html = owner.get(url("result_entry", battle)).content.decode()
    rows = html.count('type="checkbox"') + html.count('type="number"')
    assert len(written) >= rows > 0
