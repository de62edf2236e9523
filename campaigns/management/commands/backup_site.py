"""``python manage.py backup_site -o FILE`` (SITE.md "Commands"): a consistent
copy of the whole site's database, taken while the site runs.

SQLite: the online backup API copies the database in one step under one read
transaction, which in WAL mode never blocks the site's writers; the copy is
one moment's state (a write committed meanwhile is wholly in or wholly out).
PostgreSQL: ``pg_dump`` in its custom format, one transaction's snapshot.
The copy is written next to FILE and renamed into place when whole, so FILE is
never half a backup. The README says how to
restore each.
"""

from __future__ import annotations

import os
import re
import shutil
import sqlite3
import subprocess
import tempfile
from glob import glob
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError
from django.db import connection


class Command(BaseCommand):
    help = (
        "Write a consistent copy of the site's database to FILE while the site "
        "runs (README: Backups)."
    )

    def add_arguments(self, parser) -> None:
        parser.add_argument(
            "-o", "--output", required=True, help="The file to write the copy to."
        )

    def handle(self, *args, output: str, **options) -> None:
        target = Path(output)
        if target.is_dir():
            raise CommandError(f"{output} is a directory: give a file name.")
        if not target.parent.is_dir():
            raise CommandError(f"Cannot write {output}: no directory {target.parent}.")
        fd, partial = tempfile.mkstemp(
            prefix=f".{target.name}.", suffix=".partial", dir=target.parent
        )
        os.close(fd)
        try:
            match connection.vendor:
                case "sqlite":
                    _sqlite_backup(Path(partial))
                case "postgresql":
                    _pg_dump(Path(partial))
                case vendor:
                    raise CommandError(f"No backup for a {vendor} database.")
            os.replace(partial, target)
        except OSError as error:
            raise CommandError(
                f"Cannot write {output}: {error.strerror or error}."
            ) from error
        finally:
            Path(partial).unlink(missing_ok=True)
        size = target.stat().st_size
        self.stdout.write(
            f"Backed up the {connection.vendor} database to {output} ({size:,} bytes)."
        )


def _sqlite_backup(partial: Path) -> None:
    connection.ensure_connection()
    source = connection.connection
    copy = sqlite3.connect(partial)
    # The schema's check constraints use REGEXP, which Django adds to its own
    # connections only; the check below evaluates them.
    copy.create_function("REGEXP", 2, _regexp, deterministic=True)
    try:
        source.backup(copy)
        (check,) = copy.execute("PRAGMA quick_check").fetchone()
        if check != "ok":
            raise CommandError(f"The copy failed its check: {check}.")
        copy.execute("PRAGMA journal_mode=DELETE")
    except sqlite3.Error as error:
        raise CommandError(f"The SQLite backup failed: {error}.") from error
    finally:
        copy.close()


def _regexp(pattern: str | None, value: object) -> bool | None:
    if pattern is None or value is None:
        return None
    return re.search(pattern, str(value)) is not None


def _pg_dump(partial: Path) -> None:
    program = shutil.which("pg_dump") or next(
        iter(sorted(glob("/usr/lib/postgresql/*/bin/pg_dump"), reverse=True)), None
    )
    if program is None:
        raise CommandError(
            "pg_dump is not installed (Debian: apt-get install postgresql-client)."
        )
    db = connection.settings_dict
    env = {**os.environ}
    if db.get("PASSWORD"):
        env["PGPASSWORD"] = str(db["PASSWORD"])
    command = [program, "--format=custom", "--no-owner", f"--file={partial}"]
    for flag, key in (("--host", "HOST"), ("--port", "PORT"), ("--username", "USER")):
        if db.get(key):
            command.append(f"{flag}={db[key]}")
    command.append(str(db["NAME"]))
    done = subprocess.run(command, env=env, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        reason = " ".join(done.stderr.split()) or f"exit {done.returncode}"
        raise CommandError(f"pg_dump failed: {reason}")
