"""The result form's ways to win (issue 31, item 5): the questions the scene's
ways need, the outcome they suggest, and the owner's reason for overruling it.

The outcome stays the owner's to choose: an outcome other than the suggested
one is refused only until a reason is given, and the reason is kept with the
result (the chronicle tells it). The rules are the engine's
(:func:`campaigns.selectors.result_victory.result_verdict`).
"""

from __future__ import annotations

from typing import Any

from django import forms

from campaigns.selectors.result_victory import (
    OUTCOME_WORDS,
    ResultVictory,
    overruled_text,
    result_verdict,
)
from campaigns.validators import validate_printable
from engines.enums import EndReason, Outcome

OVERRULE = "overrule_reason"
QUESTION = "victory_{}"


def victory_fields_add(form: forms.Form, rv: ResultVictory) -> None:
    """Add the scene's questions and the overrule reason to ``form``."""
    for n, question in enumerate(rv.questions):
        form.fields[QUESTION.format(n)] = forms.BooleanField(
            label=question.text, required=False
        )
    form.fields[OVERRULE] = forms.CharField(
        label="Your reason, if your outcome is not the one the ways to win give",
        required=False,
        max_length=300,
        validators=[validate_printable],
        help_text="Kept with the result: the chronicle tells it.",
    )


def victory_questions(form: forms.Form) -> list[forms.BoundField]:
    """The questions' bound fields, for the template."""
    return [form[name] for name in form.fields if name.startswith("victory_")]


def victory_check(form: Any, rv: ResultVictory, data: dict[str, Any]) -> None:
    """Judge the entered result; refuse another outcome without a reason.
    Sets ``form.victory_verdict`` (for the page) and ``form.victory_overruled``
    (for the result service: '' when the outcome is the suggested one)."""
    cleaned = form.cleaned_data
    answers = {
        q.key: bool(cleaned.get(QUESTION.format(n))) for n, q in enumerate(rv.questions)
    }
    verdict = result_verdict(rv=rv, rows=form.rows, data=data, answers=answers)
    form.victory_verdict = verdict
    form.victory_overruled = ""
    chosen = cleaned.get("outcome")
    if not chosen or verdict.outcome is None or chosen == verdict.outcome:
        return
    if cleaned.get("end_reason") == EndReason.CONCEDED and chosen != Outcome.DRAW:
        # A side that conceded lost, whatever the ways to win had reached.
        return
    reason = (cleaned.get(OVERRULE) or "").strip()
    if not reason:
        form.add_error(
            OVERRULE,
            f"The ways to win give {OUTCOME_WORDS[verdict.outcome]}, not "
            f"{OUTCOME_WORDS[Outcome(chosen)]}: {verdict.reason} Choose that "
            "outcome, or say why you overrule them.",
        )
        return
    form.victory_overruled = overruled_text(verdict, chosen, reason)
