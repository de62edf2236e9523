"""A campaign's setting's words on its pages (issue 25 part 1):
``{{ character.troop_type|troop_word:campaign }}``,
``{{ battle.scenario_name|scenario_word:campaign }}``. Without a setting, the
rules' own names."""

from __future__ import annotations

from django import template

from campaigns.setting_words import campaign_words
from engines.enums import TroopType

register = template.Library()


@register.filter
def troop_word(troop_type: str, campaign) -> str:
    setting = getattr(campaign, "setting", None)
    if setting is not None:
        return setting.troop_name(str(troop_type))
    try:
        return TroopType(troop_type).label
    except ValueError:
        return str(troop_type)


@register.filter
def scenario_word(scenario: str, campaign) -> str:
    """A rules scenario's name in the setting's words (a scene's own scenario
    name is kept as written)."""
    setting = getattr(campaign, "setting", None)
    if setting is None or not scenario:
        return scenario
    return setting.scenario_name(str(scenario))


@register.filter
def setting_text(text: str, campaign) -> str:
    """Engine-written text (an objective's piece, a logged line) told in the
    campaign's setting's words."""
    return campaign_words(campaign).text(text)
