"""Folded states kept between reads (engines/table/kept.py): a read after the
log grew folds only the new entries and gives the state a whole fold gives; an
undo, an undo followed by a new entry, or a restart is seen and the log folded
afresh; what a reader does to its state never reaches the kept one."""

from __future__ import annotations

import random
from dataclasses import dataclass
from itertools import count
from typing import Any

from engines.enums import Doctrine
from engines.table.kept import FoldKeeper
from engines.table.state import state_fold
from tests.engines.table_battles import Log, battle_context
from tests.engines.table_player import TruthfulPlayer

IDS = count(1)


@dataclass
class Row:
    """A saved entry: a draft with the id the database gave it."""

    draft: Any
    pk: int

    def __getattr__(self, name: str) -> Any:
        return getattr(self.draft, name)


class Table:
    """A battle's log as rows, read through a keeper like the app's pages."""

    def __init__(self, seed: int = 4) -> None:
        self.context = battle_context(Doctrine.PRIORITY, seed=seed)
        self.player = TruthfulPlayer(Log(self.context), random.Random(seed))
        self.rows: list[Row] = []
        self.keeper = FoldKeeper()
        self.read: list[str] = []

    def play(self, n: int) -> None:
        for _ in range(n):
            draft = self.player.step()
            assert draft is not None
            self.rows.append(Row(draft, next(IDS)))

    def undo(self) -> None:
        self.rows.pop()
        self.player.log.undo()

    def fold(self):
        def since(position: int) -> list[Row]:
            self.read.append(f"since {position}")
            return self.rows[position:]

        def everything() -> list[Row]:
            self.read.append("everything")
            return list(self.rows)

        state, _, _ = self.keeper.fold(
            "log", self.context, since=since, everything=everything
        )
        return state


def test_a_read_after_the_log_grew_folds_only_the_new_entries():
    table = Table()
    table.play(12)
    assert table.fold() == state_fold(table.context, table.rows)
    table.play(5)
    assert table.fold() == state_fold(table.context, table.rows)
    assert table.read == ["everything", "since 11"]


def test_a_read_of_an_unchanged_log_folds_nothing():
    table = Table()
    table.play(8)
    first = table.fold()
    again = table.fold()
    assert again == first and again is not first
    assert table.read == ["everything", "since 7"]


def test_an_undo_is_seen_and_the_log_folded_afresh():
    table = Table()
    table.play(10)
    table.fold()
    table.undo()
    assert table.fold() == state_fold(table.context, table.rows)
    assert table.read == ["everything", "since 9", "everything"]


def test_an_undo_then_a_new_entry_at_the_same_place_is_seen():
    """The new entry sits where the undone one did, with another id."""
    table = Table()
    table.play(10)
    table.fold()
    table.undo()
    table.play(1)
    assert table.fold() == state_fold(table.context, table.rows)
    assert table.read[-1] == "everything"


def test_a_restarted_log_is_folded_afresh():
    table = Table()
    table.play(6)
    table.fold()
    table.rows.clear()
    assert table.fold() == state_fold(table.context, [])
    assert table.read[-1] == "everything"


def test_a_readers_changes_never_reach_the_kept_state():
    table = Table()
    table.play(10)
    mine = table.fold()
    key = next(iter(mine.fighters))
    mine.fighters[key].wounds += 5
    mine.activated.add("nobody")
    mine.gone.add("the Ring")
    assert table.fold() == state_fold(table.context, table.rows)


def test_the_least_recently_read_logs_go_first():
    keeper = FoldKeeper(most=2)
    table = Table()
    table.play(3)
    for key in ("a", "b", "c"):
        keeper.fold(
            key,
            table.context,
            since=lambda p: table.rows[p:],
            everything=lambda: list(table.rows),
        )
    assert list(keeper._kept) == ["b", "c"]


def test_whole_battles_read_between_every_entry_agree_with_a_whole_fold():
    """Read after every entry (undoing now and then): always the whole fold."""
    for seed in range(6):
        table = Table(seed)
        rng = random.Random(seed)
        for _ in range(60):
            if table.rows and rng.random() < 0.15:
                table.undo()
            else:
                draft = table.player.step()
                if draft is None:
                    break
                table.rows.append(Row(draft, next(IDS)))
            assert table.fold() == state_fold(table.context, table.rows)
