"""A scratch Django setup with the large generated campaign, shared by bench parts."""

from __future__ import annotations

import os
import statistics
import time
from collections.abc import Callable
from pathlib import Path

RUNS = 7
PAGES = (
    "dashboard",
    "roster",
    "battle",
    "result",
    "chronicle",
    "table",
    "table_question",
)


def setup_django(workdir: Path, database_url: str | None = None) -> None:
    os.environ["DATABASE_URL"] = (
        database_url or f"sqlite:///{workdir / 'bench.sqlite3'}"
    )
    os.environ["MEDIA_ROOT"] = str(workdir / "media")
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.test")
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)


def median_time(action: Callable[[], object], runs: int = RUNS) -> float:
    """The median wall time of ``runs`` calls, after one warm-up call."""
    action()
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        action()
        times.append(time.perf_counter() - start)
    return round(statistics.median(times), 5)


def build_large(slug: str = "large", scale: float = 1.0, owner_name: str = "bench"):
    """The large campaign of SITE.md (scaled), a planned battle at its current
    scene, and the URLs of the benchmarked pages."""
    from django.contrib.auth import get_user_model
    from django.urls import reverse

    from bench.generate import GenerateSizes, campaign_generate
    from campaigns.models import Company
    from campaigns.selectors.lineup import scene_lineup
    from campaigns.services.battle_setup import battle_set_up

    owner, _ = get_user_model().objects.get_or_create(username=owner_name)
    base = GenerateSizes()
    sizes = GenerateSizes(
        scenes=int(base.scenes * scale),
        battles=int(base.battles * scale),
        companies=max(2, int(base.companies * scale)),
        characters=int(base.characters * scale),
        wounds=int(base.wounds * scale),
    )
    campaign = campaign_generate(owner=owner, slug=slug, sizes=sizes, seed=1)
    scene = campaign.current_scene()
    fit = scene_lineup(scene=scene).default_participant_ids()[:9]
    battle = battle_set_up(scene=scene, stance="attack", participant_ids=fit, seed=1)
    company = Company.objects.filter(campaign=campaign).order_by("pk").first()
    table = reverse("campaigns:battle_table", args=[slug, battle.pk])
    urls = {
        "dashboard": reverse("campaigns:dashboard", args=[slug]),
        "roster": reverse("campaigns:company", args=[slug, company.pk]),
        "battle": reverse("campaigns:battle_detail", args=[slug, battle.pk]),
        "result": reverse("campaigns:result_entry", args=[slug, battle.pk]),
        "chronicle": reverse("campaigns:chronicle", args=[slug]),
        "table": table,
        "table_question": f"{table}?{table_question(battle)}",
    }
    return owner, campaign, urls


def table_question(battle) -> str:
    """Round 1 begun at the table (the AI going first if the humans choose):
    the query of the next AI activation's first question, or of the people
    screen if no AI character is to act."""
    from campaigns.selectors.table_context import table_context
    from campaigns.services.table_log import table_entry_add
    from engines.table.moves import BeginRound, ChooseFirst
    from engines.table.state import state_fold

    def now():
        context = table_context(battle=battle)
        log = getattr(battle, "table_log", None)
        entries = list(log.entries.order_by("position")) if log else []
        return context, state_fold(context, entries), log.version if log else 0

    _, _, version = now()
    table_entry_add(
        battle=battle,
        version=version,
        action=BeginRound(sightings={}),
    )
    battle.refresh_from_db()
    context, state, version = now()
    if state.question().phase == "choose":
        table_entry_add(
            battle=battle,
            version=version,
            action=ChooseFirst(first="ai"),
        )
        context, state, _ = now()
    nxt = state.next_activation(context)
    return f"do=act&who={nxt.key}" if nxt is not None else "do=people"
