"""Run functions in threads released together, each on its own DB connection."""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

import pytest
from django.db import connection


def concurrent_database() -> pytest.MarkDecorator:
    """Skip unless threads get real concurrent connections: PostgreSQL, or the
    SQLite test database in a file (config/settings/test.py), never in memory."""
    in_memory = connection.vendor == "sqlite" and connection.is_in_memory_db()
    return pytest.mark.skipif(
        in_memory, reason="real concurrent connections need a database file"
    )


def run_together(*functions: Callable[[], Any]) -> list[Any]:
    """Start every function at once (a Barrier) and return each result or error."""
    barrier = threading.Barrier(len(functions))
    results: list[Any] = [None] * len(functions)

    def worker(index: int, function: Callable[[], Any]) -> None:
        try:
            barrier.wait(timeout=10)
            results[index] = function()
        except Exception as error:  # noqa: BLE001 - the test inspects it
            results[index] = error
        finally:
            connection.close()

    threads = [
        threading.Thread(target=worker, args=(i, f)) for i, f in enumerate(functions)
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    return results
