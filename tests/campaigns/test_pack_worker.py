"""Real ``db_worker`` processes on PostgreSQL (the database several machines
share): a worker renders and stores the pack the setup asked for; two workers
take distinct tasks; a worker killed mid-render (SIGKILL) leaves a render that
the next worker does, and the page never stays "preparing".

Skipped on SQLite: they run in the PostgreSQL pass of ``make test``.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from datetime import timedelta
from pathlib import Path

import pytest
from django.conf import settings as django_settings
from django.core.files.storage import default_storage
from django.db import connection
from django.urls import reverse
from django.utils import timezone

from campaigns.printing.models import PackRender
from campaigns.printing.pack_store import pack_path
from campaigns.selectors.pack_status import STALE_MESSAGE
from campaigns.services.pack_render import pack_renders_sweep

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(
        connection.vendor != "postgresql", reason="db_worker tests run on PostgreSQL"
    ),
]

ROOT = Path(django_settings.BASE_DIR)
WORKER_TIMEOUT = 90


@pytest.fixture(autouse=True)
def database_tasks(settings, tmp_path):
    settings.TASKS = {"default": {"BACKEND": "django_tasks_db.DatabaseBackend"}}
    settings.MEDIA_ROOT = tmp_path / "media"


def worker_env(tmp_path: Path, **extra: str) -> dict[str, str]:
    db = connection.settings_dict
    url = (
        f"postgres://{db['USER']}:{db['PASSWORD'] or ''}@{db['HOST']}:{db['PORT']}"
        f"/{db['NAME']}"
    )
    return {
        **os.environ,
        "DATABASE_URL": url,
        "DJANGO_SETTINGS_MODULE": "config.settings.test",
        "TASKS_BACKEND": "django_tasks_db.DatabaseBackend",
        "MEDIA_ROOT": str(tmp_path / "media"),
        **extra,
    }


class Workers:
    """Start ``pack_worker`` processes; every one is stopped at the end."""

    def __init__(self, tmp_path: Path):
        self.tmp_path = tmp_path
        self.processes: list[subprocess.Popen] = []

    def start(self, *args: str, **env: str) -> subprocess.Popen:
        process = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "tests.campaigns.pack_worker",
                "--no-startup-delay",
                "--interval",
                "0.1",
                "--no-reload",
                *args,
            ],
            cwd=ROOT,
            env=worker_env(self.tmp_path, **env),
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
        )
        self.processes.append(process)
        return process

    def finish(self, process: subprocess.Popen) -> str:
        output, _ = process.communicate(timeout=WORKER_TIMEOUT)
        assert process.returncode == 0, output.decode()
        return output.decode()

    def stop_all(self) -> None:
        for process in self.processes:
            if process.poll() is None:
                process.kill()
            process.communicate(timeout=30)


@pytest.fixture
def workers(tmp_path):
    pool = Workers(tmp_path)
    yield pool
    pool.stop_all()


def task_rows():
    from django_tasks_db.models import DBTaskResult

    return DBTaskResult.objects.filter(task_path="campaigns.tasks.pack_render")


def battle_page(client, battle) -> str:
    url = reverse(
        "campaigns:battle_detail",
        kwargs={"slug": battle.campaign.slug, "battle_id": battle.pk},
    )
    return client.get(url).content.decode()


def test_a_worker_renders_and_stores_the_pack_the_setup_asked_for(
    make_pack_battle, workers
):
    battle = make_pack_battle(players=2, ai=2)
    assert list(task_rows().values_list("status", flat=True)) == ["READY"]
    workers.finish(workers.start("--batch"))
    render = PackRender.objects.get(battle=battle)
    with default_storage.open(pack_path(render.key), "rb") as pdf:
        head = pdf.read(5)
    assert (render.status, head) == ("stored", b"%PDF-")


def test_the_battle_page_offers_the_pack_the_worker_stored(
    make_pack_battle, workers, client, user
):
    battle = make_pack_battle(players=2, ai=2, site_url="http://testserver")
    client.force_login(user)
    assert "Preparing your pack…" in battle_page(client, battle)
    workers.finish(workers.start("--batch", PACK_WORKER_STAND_IN="1"))
    assert "Download battle pack" in battle_page(client, battle)


def test_two_workers_take_distinct_tasks(make_pack_battle, workers):
    """Six renders of 0.4 s, two workers at once: each task runs once, and
    both workers take some."""
    battles = [make_pack_battle(players=1, ai=1) for _ in range(6)]
    stand_in = {"PACK_WORKER_STAND_IN": "1", "PACK_WORKER_SECONDS": "0.4"}
    first = workers.start("--batch", "--worker-id", "one", **stand_in)
    second = workers.start("--batch", "--worker-id", "two", **stand_in)
    workers.finish(first)
    workers.finish(second)
    ran_by = [row.worker_ids for row in task_rows()]
    assert sorted(len(ids) for ids in ran_by) == [1] * 6
    assert {ids[0] for ids in ran_by} == {"one", "two"}
    assert PackRender.objects.filter(status="stored").count() == len(battles)


def test_a_worker_killed_mid_render_leaves_a_render_the_next_worker_does(
    make_pack_battle, workers, client, user, tmp_path
):
    battle = make_pack_battle(players=2, ai=2, site_url="http://testserver")
    marker = tmp_path / "rendering"
    doomed = workers.start(
        PACK_WORKER_STAND_IN="1",
        PACK_WORKER_SECONDS="60",
        PACK_WORKER_MARKER=str(marker),
    )
    deadline = time.monotonic() + WORKER_TIMEOUT
    while not marker.exists():
        assert time.monotonic() < deadline, "the worker never started the render"
        assert doomed.poll() is None, doomed.communicate()[0].decode()
        time.sleep(0.1)
    doomed.send_signal(signal.SIGKILL)
    doomed.wait(timeout=30)
    render = PackRender.objects.get(battle=battle)
    assert render.status == "running"

    # Past the time limit and its grace, the page says no worker finished it
    # (a GET asks for nothing), and the supervisor's sweep sends it again.
    PackRender.objects.filter(pk=render.pk).update(
        started_at=timezone.now() - timedelta(hours=1)
    )
    client.force_login(user)
    assert STALE_MESSAGE in battle_page(client, battle)
    assert pack_renders_sweep() == 1
    assert "Preparing your pack…" in battle_page(client, battle)
    workers.finish(workers.start("--batch", PACK_WORKER_STAND_IN="1"))
    render.refresh_from_db()
    assert (render.status, render.attempts) == ("stored", 2)
    assert "Download battle pack" in battle_page(client, battle)
