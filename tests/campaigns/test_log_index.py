"""The campaign log is read in order without sorting it whole: the chronicle
forwards, the dashboard's newest entries backwards (SITE.md ``page_p50_s``)."""

from __future__ import annotations

from io import StringIO

import pytest
from django.core.management import call_command
from django.db import connection

from campaigns.models import CampaignLogEntry
from campaigns.selectors.dashboard import latest_log_entries


@pytest.mark.django_db
def test_the_models_and_their_migrations_agree():
    out = StringIO()
    call_command("makemigrations", "--check", "--dry-run", stdout=out)
    assert "No changes detected" in out.getvalue()


@pytest.mark.django_db
def test_the_newest_entries_are_read_from_the_index_not_sorted(campaign):
    for n in range(30):
        CampaignLogEntry.objects.create(
            campaign=campaign, kind=CampaignLogEntry.Kind.NOTE, text=f"note {n}"
        )
    newest = latest_log_entries(campaign=campaign, limit=5)
    assert [e.text for e in newest] == [f"note {n}" for n in range(29, 24, -1)]
    if connection.vendor != "sqlite":
        pytest.skip("the plan is read from SQLite's EXPLAIN QUERY PLAN")
    query = (
        CampaignLogEntry.objects.filter(campaign=campaign)
        .exclude(kind=CampaignLogEntry.Kind.EFFECT)
        .select_related("battle", "scene")
        .order_by("-created_at", "-order", "-id")[:5]
    )
    sql, params = query.query.sql_with_params()
    with connection.cursor() as cursor:
        cursor.execute("EXPLAIN QUERY PLAN " + sql, params)
        plan = " ".join(str(row[-1]) for row in cursor.fetchall())
    assert "campaign_log_in_order" in plan
    assert "TEMP B-TREE" not in plan
