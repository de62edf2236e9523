"""Deployment settings: check --deploy is clean, and every page carries a CSP."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.urls import reverse

ROOT = Path(__file__).resolve().parents[2]


def test_check_deploy_is_clean_under_production_settings():
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "config.settings.production",
        "SECRET_KEY": "x7!" + "k9Qz$w2#Lm4^pR8&vT1*bN6(cY3)hJ5_fD0+gS" * 2,
        "ALLOWED_HOSTS": "campaigns.example.org",
        "DEBUG": "0",
        "DATABASE_URL": "sqlite:///:memory:",
    }
    result = subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stdout + result.stderr


def test_production_refuses_to_start_without_a_secret_key():
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "config.settings.production",
        "SECRET_KEY": "",
        "DEBUG": "0",
    }
    result = subprocess.run(
        [sys.executable, "manage.py", "check"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert "SECRET_KEY must be set" in result.stderr


@pytest.mark.django_db
def test_pages_send_a_content_security_policy_without_unsafe_inline(client, user):
    client.force_login(user)
    policy = client.get(reverse("campaigns:home"))["Content-Security-Policy"]
    assert "script-src 'self'" in policy
    assert "unsafe-inline" not in policy


@pytest.mark.django_db
def test_an_oversized_request_body_is_refused_with_400_not_500(client, user):
    from django.conf import settings

    body = {"username": "x" * (settings.DATA_UPLOAD_MAX_MEMORY_SIZE + 1)}
    response = client.post(reverse("login"), body)
    assert response.status_code == 400


@pytest.mark.django_db
def test_too_many_fields_are_refused_with_400(client, user):
    from django.conf import settings

    fields = {f"f{n}": "1" for n in range(settings.DATA_UPLOAD_MAX_NUMBER_FIELDS + 1)}
    response = client.post(reverse("login"), fields)
    assert response.status_code == 400
