"""A campaign's setting: its genre's words for the rules (issue 25 part 1)."""

from __future__ import annotations

from django.conf import settings
from django.core.validators import MaxLengthValidator
from django.db import models

from campaigns.validators import validate_printable


class Setting(models.Model):
    """Names and one-line descriptions, for one genre, of every troop type
    (RULES §2) and every scenario (§3.8–3.9), the scene's "castle nearby" in
    its own words, and its default event deck. A setting renames; the rule
    behind each name (scouting points, setup) is unchanged."""

    slug = models.SlugField(max_length=80, unique=True)
    name = models.CharField(max_length=80, validators=[validate_printable])
    description = models.TextField(
        blank=True, max_length=500, validators=[MaxLengthValidator(500)]
    )
    castle_words = models.CharField(
        max_length=120,
        default="A castle stands nearby",
        validators=[validate_printable],
        help_text="The scene's “castle nearby” in this setting's words.",
    )
    troop_words = models.JSONField(
        default=dict,
        blank=True,
        help_text="Each troop type's name and description: "
        '{"infantry": {"name": "Trooper", "description": "…"}, …}.',
    )
    scenario_words = models.JSONField(
        default=dict,
        blank=True,
        help_text="Each scenario's name and description, keyed by the rules' name.",
    )
    terrain_words = models.JSONField(
        default=dict,
        blank=True,
        help_text="Each kind of rolled terrain piece's name, keyed by the rules' "
        'word: {"woods": "scrub or wreckage", …}.',
    )
    event_deck = models.ForeignKey(
        "campaigns.EventDeck",
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="settings",
        help_text="The deck a new campaign of this setting draws its events from.",
    )
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="campaign_settings",
        help_text="The campaign builder who made it; none for the site's own.",
    )

    class Meta:
        ordering = ("name", "id")

    def __str__(self) -> str:
        return self.name

    def troop_name(self, troop_type: str) -> str:
        """The troop type's name in this setting (the rules' name if unset)."""
        words = (self.troop_words or {}).get(troop_type) or {}
        return str(words.get("name") or troop_type.replace("_", " ").capitalize())

    def terrain_word(self, piece: str) -> str:
        """A kind of rolled terrain piece in this setting (the rules' word if unset)."""
        return str((self.terrain_words or {}).get(piece) or piece)

    def scenario_name(self, scenario: str) -> str:
        words = (self.scenario_words or {}).get(scenario) or {}
        return str(words.get("name") or scenario)
