"""The rules' numbers on the site's pages come from the engine, not the template."""

from __future__ import annotations

from django.template import Context, Template

from engines.combat import AI_INITIATIVE_CHOICE, initiative_rows
from engines.reputation import VICTORIES_TO_RISE


def render(source: str) -> str:
    return Template("{% load rules_tags %}" + source).render(Context())


def test_victories_to_rise_is_the_engines_number() -> None:
    assert render("{% victories_to_rise %}") == str(VICTORIES_TO_RISE)


def test_the_initiative_roll_prints_the_engines_table() -> None:
    text = render("{% initiative_roll %}")
    assert all(f"{roll} {who}" in text for roll, who in initiative_rows())


def test_the_ais_initiative_choice_is_the_engines_text() -> None:
    assert render("{% ai_initiative_choice %}") == AI_INITIATIVE_CHOICE
