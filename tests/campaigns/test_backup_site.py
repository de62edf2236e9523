"""``manage.py backup_site -o FILE``: copies taken while the site writes, put
back as the README says (the file copied over the database), hold every
campaign whole; bad arguments are one-line errors. The SQLite copies run on a
scratch database of make run's settings, once, in the SQLite pass."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command
from django.db import connection

from tests.campaigns import serve_helpers
from tests.campaigns.serve_helpers import ROOT

WRITE_S = 15
BACKUPS = 4


def helper(env: dict[str, str], *args: str) -> dict:
    done = subprocess.run(
        [sys.executable, "-m", "tests.campaigns.backup_site_helper", *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
        check=True,
    )
    return json.loads(done.stdout.splitlines()[-1])


def backup(env: dict[str, str], target: Path) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "manage.py", "backup_site", "-o", str(target)],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


@pytest.mark.skipif(connection.vendor != "sqlite", reason="runs in the SQLite pass")
def test_backups_taken_during_writes_restore_every_campaign_whole(tmp_path):
    """Four copies while results are applied, reopened and battles set up and
    discarded in a loop: each copy, restored, passes SQLite's integrity check
    and holds the demo campaign whole, with no battle half-written."""
    site = tmp_path / "site"
    site.mkdir()
    env = serve_helpers.run_env(site, static=False)
    helper(env, "seed")
    writer = subprocess.Popen(
        [sys.executable, "-m", "tests.campaigns.backup_site_helper", "write"]
        + [str(WRITE_S)],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    copies, answers = [], []
    time.sleep(2)
    for number in range(BACKUPS):
        copy = tmp_path / f"backup-{number}.sqlite3"
        answers.append(backup(env, copy))
        copies.append(copy)
        time.sleep(WRITE_S / (BACKUPS + 2))
    out, err = writer.communicate(timeout=300)
    assert (writer.returncode, err[-500:]) == (0, "")
    assert json.loads(out.splitlines()[-1])["rounds"] > 0

    assert [a.returncode for a in answers] == [0] * BACKUPS, [a.stderr for a in answers]
    checked = []
    for number, copy in enumerate(copies):
        restored = tmp_path / f"restored-{number}" / "db.sqlite3"
        restored.parent.mkdir()
        shutil.copyfile(copy, restored)  # the README's restore: copy it into place
        checked.append(
            helper({**env, "DATABASE_URL": f"sqlite:///{restored}"}, "check")
        )
    assert [(c["campaigns"], c["problems"]) for c in checked] == [(1, [])] * BACKUPS


@pytest.mark.django_db
def test_backup_into_a_missing_directory_is_a_one_line_error(tmp_path):
    with pytest.raises(CommandError) as excinfo:
        call_command("backup_site", "-o", str(tmp_path / "nowhere" / "copy"))
    assert str(excinfo.value) == (
        f"Cannot write {tmp_path / 'nowhere' / 'copy'}: no directory "
        f"{tmp_path / 'nowhere'}."
    )


@pytest.mark.django_db
def test_backup_onto_a_directory_is_a_one_line_error(tmp_path):
    with pytest.raises(CommandError) as excinfo:
        call_command("backup_site", "-o", str(tmp_path))
    assert str(excinfo.value) == f"{tmp_path} is a directory: give a file name."


@pytest.mark.django_db
@pytest.mark.skipif(connection.vendor != "postgresql", reason="the PostgreSQL pass")
def test_a_postgresql_backup_is_a_pg_dump_archive_of_every_table(tmp_path, campaign):
    """pg_restore reads the copy back: the campaigns' table and its rows."""
    target = tmp_path / "site.dump"
    call_command("backup_site", "-o", str(target))
    program = (
        shutil.which("pg_restore")
        or sorted(Path("/usr/lib/postgresql").glob("*/bin/pg_restore"))[-1]
    )
    listed = subprocess.run(
        [str(program), "--list", str(target)],
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    ).stdout
    assert "TABLE DATA public campaigns_campaign" in listed
