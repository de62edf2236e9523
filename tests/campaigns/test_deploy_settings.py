"""The production settings pass Django's deployment checklist, and make run's
settings serve plain HTTP with DEBUG off, a generated secret key and the hosts
the server listens on."""

from __future__ import annotations

import os
import secrets
import subprocess
import sys
from pathlib import Path

import pytest
from django.conf import settings

from config.addresses import host_names, machine_addresses, site_addresses

ROOT = Path(settings.BASE_DIR)


def manage(*args: str, settings_module: str, **env: str) -> subprocess.CompletedProcess:
    environment = {
        key: value
        for key, value in os.environ.items()
        if key not in {"SECRET_KEY", "DEBUG", "ALLOWED_HOSTS", "MEDIA_ROOT"}
    }
    environment.update(DJANGO_SETTINGS_MODULE=settings_module, **env)
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env=environment,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def production_env(tmp_path: Path, **extra: str) -> dict[str, str]:
    return {
        "SECRET_KEY": secrets.token_urlsafe(50),
        "ALLOWED_HOSTS": "club.example.org",
        "DATABASE_URL": f"sqlite:///{tmp_path / 'db.sqlite3'}",
        **extra,
    }


def test_check_deploy_is_clean_under_the_production_settings(tmp_path):
    done = manage(
        "check",
        "--deploy",
        "--fail-level",
        "WARNING",
        settings_module="config.settings.production",
        **production_env(tmp_path),
    )
    assert (done.returncode, done.stderr) == (0, "")


def test_production_stores_packs_in_s3_when_a_bucket_is_named(tmp_path):
    done = manage(
        "shell",
        "--verbosity",
        "0",
        "-c",
        "from django.conf import settings; print(settings.STORAGES['default'])",
        settings_module="config.settings.production",
        **production_env(tmp_path, AWS_STORAGE_BUCKET_NAME="club-packs"),
    )
    assert "storages.backends.s3.S3Storage" in done.stdout
    assert "'bucket_name': 'club-packs'" in done.stdout


@pytest.fixture
def run_settings(tmp_path):
    """The run settings, read in a fresh process, with the secret key file in
    ``tmp_path``."""

    def read(expression: str, **env: str) -> str:
        done = manage(
            "shell",
            "--verbosity",
            "0",
            "-c",
            f"from django.conf import settings; print({expression})",
            settings_module="config.settings.run",
            SECRET_KEY_FILE=str(tmp_path / ".secret-key"),
            DATABASE_URL=f"sqlite:///{tmp_path / 'db.sqlite3'}",
            **env,
        )
        assert done.returncode == 0, done.stderr
        return done.stdout.strip()

    return read


def test_make_run_has_debug_off(run_settings):
    assert run_settings("settings.DEBUG") == "False"


def test_make_run_writes_a_secret_key_once_and_keeps_it(run_settings, tmp_path):
    first = run_settings("settings.SECRET_KEY")
    second = run_settings("settings.SECRET_KEY")
    key_file = tmp_path / ".secret-key"
    assert (first, len(first) >= 50) == (second, True)
    assert key_file.read_text().strip() == first
    assert oct(key_file.stat().st_mode & 0o777) == "0o600"


def test_make_run_on_loopback_answers_to_loopback_names_only(run_settings):
    hosts = run_settings("settings.ALLOWED_HOSTS", RUN_HOST="127.0.0.1")
    assert hosts == "['127.0.0.1', 'localhost', '[::1]']"


def test_make_run_on_every_address_lets_the_machines_addresses_in(run_settings):
    hosts = run_settings("','.join(settings.ALLOWED_HOSTS)", RUN_HOST="0.0.0.0")
    assert set(machine_addresses()) <= set(hosts.split(","))


def test_make_run_serves_static_files_through_whitenoise(run_settings):
    assert "whitenoise" in run_settings("settings.STORAGES['staticfiles']['BACKEND']")


def test_every_address_is_printed_when_listening_on_all():
    assert site_addresses("0.0.0.0", 8123) == [
        "http://127.0.0.1:8123/",
        *(f"http://{a}:8123/" for a in machine_addresses()),
    ]


def test_one_address_is_printed_when_listening_on_one():
    assert site_addresses("127.0.0.1", 8000) == ["http://127.0.0.1:8000/"]


def test_no_loopback_address_counts_as_the_machines():
    assert not [a for a in machine_addresses() if a.startswith("127.")]


def test_a_named_host_is_allowed_with_the_loopback_names():
    assert host_names("192.168.1.5")[0] == "192.168.1.5"
