"""Writes to a battle's table log: add an entry, undo the last one, start over.

Each write names the log's ``version`` the page was built from. It runs under
the log row's lock: one transaction moves the version from the one the page
saw to the next (a compare-and-set ``UPDATE``), folds the entries once, asks
the engine for the entry the typed action makes (refused when the battle, as its
page judges it by the scene's rules too, does not offer it now) and saves it. A
write from a page no longer current (another phone wrote since, or this one from
another tab) finds another version and is refused with :class:`TableLogStale`,
changing nothing: two phones never interleave entries. The log keeps a digest of
its last writer's session, so the refusal says "on another phone" only when it was.
"""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.db.models import F

from campaigns.models import Battle, TableEntry, TableLog
from campaigns.models.battle import BattleStatus
from campaigns.selectors.table_context import table_context
from campaigns.selectors.table_victory import table_scores_exits, table_victory
from campaigns.services.locks import campaign_locked
from engines.table.errors import TableRefused
from engines.table.moves import Action, action_take
from engines.table.state import state_fold, state_fold_or_none
from engines.table.victory import table_ending

STALE_ELSEWHERE = (
    "Not recorded: the battle log changed on another phone since this page was "
    "shown. Here it is as it stands now: check it and tap again."
)
STALE_HERE = (
    "Not recorded: this page was out of date (the log changed since it was shown "
    "here, in another tab or before going back). Here it is as it stands now: "
    "check it and tap again."
)


class TableLogStale(ValidationError):
    """The page's version of the log is not the log's: nothing was written.
    ``elsewhere``: another phone wrote since (else this one did)."""

    def __init__(self, *, elsewhere: bool = True) -> None:
        self.elsewhere = elsewhere
        super().__init__(STALE_ELSEWHERE if elsewhere else STALE_HERE, code="stale")


def _locked(battle: Battle, version: int, writer: str) -> TableLog:
    """The battle's log, its version moved on from ``version`` and ``writer``
    noted as its last writer (the caller is in a transaction); TableLogStale
    when the log is at another version, saying whether another phone wrote.
    The battle is read again first, under the campaign's lock: discarded
    meanwhile (``Battle.DoesNotExist``), fought or re-rolled."""
    try:
        fresh = campaign_locked(
            model=Battle,
            pk=battle.pk,
            campaign_id=battle.campaign_id,
            missing="This battle was discarded.",
        )
    except ValidationError:
        raise Battle.DoesNotExist("This battle was discarded.") from None
    battle.status, battle.setup_seed = fresh.status, fresh.setup_seed
    if battle.status != BattleStatus.PLANNED:
        raise ValidationError(
            "This battle is no longer planned: its table log is kept as it is."
        )
    try:
        with transaction.atomic():
            log, _ = TableLog.objects.get_or_create(
                battle=battle, defaults={"seed": battle.setup_seed}
            )
    except IntegrityError:
        raise TableLogStale() from None
    moved = TableLog.objects.filter(pk=log.pk, version=version).update(
        version=F("version") + 1, writer=writer
    )
    if not moved:
        last = TableLog.objects.filter(pk=log.pk).values_list("writer", flat=True)
        raise TableLogStale(elsewhere=not writer or last.first() != writer)
    log.version = version + 1
    log.writer = writer
    return log


def table_entry_add(
    *,
    battle: Battle,
    version: int,
    action: Action,
    writer: str = "",
    author: str = "",
) -> TableEntry:
    """Add the entry ``action`` makes to the log as it stands; ``author``: the
    username of the owner or member who tapped it, kept on the entry.

    Runs under the log's lock (the version's compare-and-set) and folds the log
    once. An action the battle does not take now (:func:`action_take`), a bad
    input or a stale version changes nothing: a ValidationError whose code is
    the refusal's (``unanswered``: a question is still open).
    """
    with transaction.atomic():
        log = _locked(battle, version, writer)
        if log.seed != battle.setup_seed:
            raise ValidationError(
                "The set-up was re-rolled after this log began: start the log again."
            )
        entries = list(log.entries.order_by("position"))
        context = table_context(battle=battle, seed=log.seed)
        state = state_fold(context, entries)
        victory = table_victory(battle=battle)
        exits = table_scores_exits(battle=battle)
        ending = table_ending(context, state, victory, scores_exits=exits)
        try:
            draft = action_take(context, state, action, ending=ending)
        except TableRefused as refused:
            raise ValidationError(refused.message, code=refused.code) from None
        return TableEntry.objects.create(
            log=log,
            position=len(entries),
            round=draft.round,
            kind=draft.kind,
            subject=draft.subject,
            text=draft.text[: TableEntry._meta.get_field("text").max_length],
            data=draft.data,
            draws=draft.draws,
            deck=draft.deck,
            author=author[: TableEntry._meta.get_field("author").max_length],
        )


def table_entry_undo(*, battle: Battle, version: int, writer: str = "") -> TableEntry:
    """Take back the log's last entry: the dice and the deck are where they
    were before it. Returns the entry taken back (no longer saved)."""
    with transaction.atomic():
        log = _locked(battle, version, writer)
        last = log.entries.order_by("-position").first()
        if last is None:
            raise ValidationError("The log is empty: there is nothing to undo.")
        last.delete()
        return last


def table_log_restart(*, battle: Battle, version: int, writer: str = "") -> TableLog:
    """Empty the log and begin it again from the battle's current seed (only
    one that no longer fits the battle, as its page offers)."""
    with transaction.atomic():
        log = _locked(battle, version, writer)
        rows = log.entries.order_by("position")
        context = table_context(battle=battle, seed=log.seed)
        if log.seed == battle.setup_seed and state_fold_or_none(context, rows):
            raise ValidationError("Not recorded: this log fits the battle's set-up.")
        log.entries.all().delete()
        log.seed = battle.setup_seed
        TableLog.objects.filter(pk=log.pk).update(seed=log.seed)
        return log
