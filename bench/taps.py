"""Table mode's taps figure of SITE.md: ``table_taps_median``.

Every demo fighting scene is set up with seed 1 (default participants, stance
"attack" where the scenario is generated) and played at the table by a
truthful player on tables as they mostly are; the figure is the median of the
taps an AI activation takes, counted as ``tests.engines.table_player.taps``
counts them (one to open it, one per question screen, a distance off the
quick chips two, a tick box beside it only when it must be changed; the last
answer decides). ``table_taps_by_doctrine`` gives each doctrine's median; the same with
uniformly random truths (every fact at even odds) beside them
(``..._random_truths``), and ``begin_round_inputs_median``: the answers a
round's start asks for (what the AI sees, the start orders' questions).
The test ``tests/campaigns/test_table_taps.py`` holds it to at most 3.

Run it as ``python -m bench.taps`` (``make bench`` runs every part).
"""

from __future__ import annotations

import random
import statistics
import tempfile
from pathlib import Path
from typing import Any

from bench.large import setup_django
from bench.results_file import merge_results

PLAYS = 4
"""Battles played per scene, each with its own truthful player."""


def demo_contexts(workdir: Path) -> dict[str, Any]:
    """Every demo fighting scene's battle as table mode sees it (the database
    is left as it was)."""
    from django.conf import settings
    from django.db import transaction
    from django.test import override_settings

    from campaigns.models import Campaign, Scene
    from campaigns.selectors.lineup import scene_lineup
    from campaigns.selectors.table_context import table_context
    from campaigns.services.battle_setup import battle_set_up
    from campaigns.services.demo import demo_seed

    contexts = {}
    with (
        override_settings(
            DEMO_FIXTURES_DIR=Path(settings.BASE_DIR) / "fixtures",
            DEMO_LOGIN_FILE=workdir / ".demo-login",
        ),
        transaction.atomic(),
    ):
        login = demo_seed(password="x-demo-pass-1")
        campaign = Campaign.objects.get(slug=login.campaign_slug)
        for scene in campaign.scenes.order_by("order"):
            if not scene.is_fighting():
                continue
            campaign.scenes.update(status="pending")
            Scene.objects.filter(pk=scene.pk).update(status="current")
            if scene.parent_id:
                Scene.objects.filter(pk=scene.parent_id).update(status="current")
            scene.refresh_from_db()
            battle = battle_set_up(
                scene=scene,
                stance=None if scene.scenario_mode == "fixed" else "attack",
                participant_ids=scene_lineup(scene=scene).default_participant_ids(),
                seed=1,
            )
            contexts[scene.slug] = table_context(battle=battle)
        transaction.set_rollback(True)
    return contexts


def taps_by_doctrine(
    contexts: dict[str, Any], *, typical: bool = True
) -> dict[str, list[int]]:
    """Taps per AI activation, by the doctrine of the character activated
    (``typical``: tables as they mostly are; else every fact at even odds).
    The round starts' inputs are under ``BEGIN``."""
    from engines.enums import Doctrine
    from tests.engines.table_battles import Log
    from tests.engines.table_player import TruthfulPlayer

    found: dict[str, list[int]] = {d.value: [] for d in Doctrine}
    found[BEGIN] = []
    for slug, context in contexts.items():
        for n in range(PLAYS):
            player = TruthfulPlayer(
                Log(context), random.Random(f"{slug}:{n}"), typical=typical
            )
            counted = 0
            for _ in range(120):
                if player.step() is None:
                    break
                if len(player.taps) > counted:
                    entry = player.log.entries[-1]
                    fighter = context.fighter(entry.subject, player.log.state)
                    doctrine = context.company(fighter.company).doctrine
                    found[doctrine.value].append(player.taps[-1])
                    counted = len(player.taps)
            found[BEGIN].extend(player.begin_inputs)
    return found


BEGIN = "begin_round"
"""Where :func:`taps_by_doctrine` keeps the inputs each round's start took."""


def figures(
    found: dict[str, list[int]], random_truths: dict[str, list[int]] | None = None
) -> dict[str, Any]:
    """The figures: the median taps per AI activation (and per doctrine), the
    median inputs a round's start asks; with uniformly random truths beside."""
    begin = found.get(BEGIN, [])
    activations = {k: v for k, v in found.items() if k != BEGIN}
    every = [n for taps in activations.values() for n in taps]
    result: dict[str, Any] = {
        "table_taps_median": statistics.median(every),
        "table_taps_by_doctrine": {
            doctrine: statistics.median(taps)
            for doctrine, taps in activations.items()
            if taps
        },
        "begin_round_inputs_median": statistics.median(begin) if begin else 0,
        "begin_round_inputs_max": max(begin, default=0),
    }
    if random_truths is not None:
        other = figures(random_truths)
        result["table_taps_median_random_truths"] = other["table_taps_median"]
        result["table_taps_by_doctrine_random_truths"] = other["table_taps_by_doctrine"]
    return result


def main() -> int:
    with tempfile.TemporaryDirectory(prefix="bench-taps-") as tmp:
        setup_django(Path(tmp))
        contexts = demo_contexts(Path(tmp))
        result = figures(
            taps_by_doctrine(contexts),
            taps_by_doctrine(contexts, typical=False),
        )
    merge_results(result)
    for key, value in result.items():
        print(f"{key}: {value}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
