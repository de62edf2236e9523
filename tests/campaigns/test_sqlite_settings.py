"""SQLite is configured for a web server: WAL journal, a busy timeout and
transactions that take the write lock when they begin."""

from __future__ import annotations

import pytest
from django.conf import settings
from django.db import connection

pytestmark = [
    pytest.mark.django_db,
    pytest.mark.skipif(connection.vendor != "sqlite", reason="SQLite only"),
]


def pragma(name: str):
    with connection.cursor() as cursor:
        cursor.execute(f"PRAGMA {name}")
        return cursor.fetchone()[0]


def test_the_journal_is_write_ahead():
    assert pragma("journal_mode") == "wal"


def test_a_write_waits_for_the_lock_instead_of_failing_at_once():
    assert pragma("busy_timeout") == settings.SQLITE_BUSY_TIMEOUT * 1000


def test_transactions_take_the_write_lock_when_they_begin():
    assert connection.transaction_mode == "IMMEDIATE"


def test_the_project_database_gets_the_same_options():
    assert settings.DATABASES["default"]["OPTIONS"] == settings.SQLITE_OPTIONS
