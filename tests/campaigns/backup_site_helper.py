"""``python -m tests.campaigns.backup_site_helper seed|write SECONDS|check``:
the demo on the database DATABASE_URL names, for the backup test.

``seed`` loads the demo; ``write`` plays its current scene over and over for
SECONDS (set up, apply a result, reopen it, discard the battle: every step a
transaction of many rows) and prints how many rounds it made; ``check`` prints
whether every campaign in the database is whole: the database passes its
integrity check, each campaign has one current scene, every resolved battle
has its whole result and every planned one none of it.
"""

from __future__ import annotations

import json
import sys
import tempfile
import time
from pathlib import Path


def seed() -> dict:
    from campaigns.services.demo import demo_seed

    login_file = Path(tempfile.mkdtemp(prefix="backup-site-")) / ".demo-login"
    login = demo_seed(password="backup-demo-pass-1", login_file=login_file)
    return {"slug": login.campaign_slug}


def write(seconds: float) -> dict:
    from campaigns.models import Campaign
    from campaigns.services.battle_discard import battle_discard
    from campaigns.services.result_reopen import result_reopen
    from tests.campaigns.transfer_helpers import play, set_up

    campaign = Campaign.objects.get()
    rounds = 0
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        battle = set_up(campaign, seed=rounds + 1)
        play(battle, outcome="victory")
        battle.refresh_from_db()
        result_reopen(battle=battle)
        battle.refresh_from_db()
        battle_discard(battle=battle)
        rounds += 1
    return {"rounds": rounds}


def check() -> dict:
    from django.db import connection

    from campaigns.models import Battle, BattleResult, Campaign, CharacterOutcome

    with connection.cursor() as cursor:
        cursor.execute("PRAGMA integrity_check")
        (integrity,) = cursor.fetchone()
    problems = [] if integrity == "ok" else [f"integrity: {integrity}"]
    for campaign in Campaign.objects.all():
        current = campaign.scenes.filter(status="current").count()
        if current != 1:
            problems.append(f"{campaign.slug}: {current} current scenes")
    for battle in Battle.objects.all():
        results = BattleResult.objects.filter(battle=battle).count()
        outcomes = CharacterOutcome.objects.filter(result__battle=battle).count()
        participants = battle.participants.count()
        whole = (
            (results, outcomes) == (1, participants)
            if battle.status == "resolved"
            else (results, outcomes) == (0, 0)
        )
        if not whole or participants == 0:
            problems.append(
                f"battle {battle.pk} ({battle.status}): {results} results, "
                f"{outcomes} outcomes of {participants}"
            )
    return {
        "campaigns": Campaign.objects.count(),
        "battles": Battle.objects.count(),
        "problems": problems,
    }


def main() -> None:
    import django

    django.setup()
    match sys.argv[1]:
        case "seed":
            out = seed()
        case "write":
            out = write(float(sys.argv[2]))
        case _:
            out = check()
    print(json.dumps(out))


if __name__ == "__main__":
    main()
