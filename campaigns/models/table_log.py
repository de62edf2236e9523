"""Table mode's battle log: the robot played on a phone, entry by entry.

A battle has at most one :class:`TableLog`. Its entries are kept in order
(``position`` 0, 1, 2 …): every round begun, every AI activation with the card
or dice it took and the answer, every defensive draw and random selection, and
the player's taps (a wound token, a fall, a rout, an objective carried off).

The log's random source is a pure function of its ``seed`` and of how many
numbers it has given (``engines.table.dice``), so each entry stores
the random state *after* it: ``draws`` and the AI deck's piles. The state before
an entry is the entry before it; undoing the last entry restores it exactly.
``version`` counts every change, so a tap sent from a page that is no longer
current is refused instead of interleaving with another phone's.
"""

from __future__ import annotations

from django.db import models
from django.utils import timezone

from campaigns.models._checks import choice_check
from engines.table.kinds import EntryKind
from engines.table.state import ENTRY_KINDS


class TableLog(models.Model):
    battle = models.OneToOneField(
        "campaigns.Battle", on_delete=models.CASCADE, related_name="table_log"
    )
    seed = models.BigIntegerField(
        help_text="The battle's set-up seed when the log began: its dice and cards "
        "come from it."
    )
    version = models.PositiveIntegerField(
        default=0, help_text="Counts every change: an entry added or undone."
    )
    started_at = models.DateTimeField(default=timezone.now)
    writer = models.CharField(
        max_length=64,
        blank=True,
        default="",
        help_text="Which phone wrote last (a digest of its session, never the "
        "session itself), so a refused tap can say whether another phone wrote.",
    )

    class Meta:
        ordering = ("battle", "id")
        verbose_name = "table log"

    def __str__(self) -> str:
        return f"Table log of {self.battle}"


class TableEntryKind(models.TextChoices):
    """The kinds of entry (:class:`engines.table.kinds.EntryKind`), named."""

    ROUND = EntryKind.ROUND.value, ENTRY_KINDS[EntryKind.ROUND]
    FIRST = EntryKind.FIRST.value, ENTRY_KINDS[EntryKind.FIRST]
    ACTIVATION = EntryKind.ACTIVATION.value, ENTRY_KINDS[EntryKind.ACTIVATION]
    DEFENCE = EntryKind.DEFENCE.value, ENTRY_KINDS[EntryKind.DEFENCE]
    SELECTION = EntryKind.SELECTION.value, ENTRY_KINDS[EntryKind.SELECTION]
    TAP = EntryKind.TAP.value, ENTRY_KINDS[EntryKind.TAP]
    END_ROUND = EntryKind.END_ROUND.value, ENTRY_KINDS[EntryKind.END_ROUND]
    ORDERS = EntryKind.ORDERS.value, ENTRY_KINDS[EntryKind.ORDERS]
    END = EntryKind.END.value, ENTRY_KINDS[EntryKind.END]


class TableEntry(models.Model):
    Kind = TableEntryKind

    log = models.ForeignKey(TableLog, on_delete=models.CASCADE, related_name="entries")
    position = models.PositiveIntegerField(help_text="0 for the first entry.")
    round = models.PositiveSmallIntegerField(default=0)
    kind = models.CharField(max_length=16, choices=Kind.choices)
    subject = models.CharField(
        max_length=24, blank=True, help_text="The character it is about, by key."
    )
    text = models.CharField(max_length=2000, help_text="The entry in one line.")
    data = models.JSONField(
        default=dict, blank=True, help_text="What was asked and answered, and the dice."
    )
    draws = models.PositiveIntegerField(
        default=0, help_text="Numbers the log's random source has given, after it."
    )
    deck = models.JSONField(
        default=dict, blank=True, help_text="The AI deck's piles after it."
    )
    created_at = models.DateTimeField(default=timezone.now)
    author = models.CharField(
        max_length=150,
        blank=True,
        help_text="Who tapped it: the username of the owner or member who wrote "
        "the entry, as it was then (blank: written before this was kept).",
    )

    class Meta:
        ordering = ("log", "position")
        verbose_name = "table log entry"
        verbose_name_plural = "table log entries"
        constraints = [
            models.UniqueConstraint(
                fields=["log", "position"],
                name="campaigns_tableentry_unique_position",
                violation_error_message="The log already has an entry here.",
            ),
            choice_check("kind", TableEntryKind.choices),
        ]

    def __str__(self) -> str:
        return f"{self.position + 1}. {self.text}"
