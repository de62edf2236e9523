"""``python -m tests.campaigns.fault_site prepare|check``: the demo on the
database DATABASE_URL names, for the fault tests' own server.

``prepare`` loads the demo, sets up its first battle and logs the demo user in,
printing ``{"slug", "battle", "fallen", "cookie"}`` as JSON; ``check`` prints
whether the battle is in one consistent state: resolved with its whole result,
or planned with nothing of one.
"""

from __future__ import annotations

import json
import sys
import tempfile
from pathlib import Path


def prepare() -> dict:
    from django.conf import settings
    from django.contrib.sessions.backends.db import SessionStore

    from campaigns.models import Campaign
    from campaigns.selectors.lineup import scene_lineup
    from campaigns.services.battle_setup import battle_set_up
    from campaigns.services.demo import demo_seed

    login_file = Path(tempfile.mkdtemp(prefix="fault-site-")) / ".demo-login"
    login = demo_seed(password="fault-demo-pass-1", login_file=login_file)
    campaign = Campaign.objects.get(slug=login.campaign_slug)
    scene = campaign.current_scene()
    fit = [c.character.pk for c in scene_lineup(scene=scene).player if c.fit]
    battle = battle_set_up(scene=scene, stance="attack", participant_ids=fit, seed=1)
    session = SessionStore()
    session["_auth_user_id"] = str(campaign.owner.pk)
    session["_auth_user_backend"] = "django.contrib.auth.backends.ModelBackend"
    session["_auth_user_hash"] = campaign.owner.get_session_auth_hash()
    session.create()
    fallen = battle.participants.filter(side="player").order_by("order").first()
    return {
        "slug": campaign.slug,
        "battle": battle.pk,
        "fallen": fallen.pk,
        "cookie": f"{settings.SESSION_COOKIE_NAME}={session.session_key}",
    }


def check(battle_id: int) -> dict:
    from campaigns.models import Battle, BattleResult, CharacterOutcome, Effect

    battle = Battle.objects.get(pk=battle_id)
    results = BattleResult.objects.filter(battle=battle).count()
    outcomes = CharacterOutcome.objects.filter(result__battle=battle).count()
    effects = Effect.objects.filter(battle=battle).count()
    current = battle.campaign.current_scene()
    participants = battle.participants.count()
    if battle.status == "resolved":
        whole = (
            results == 1
            and outcomes == participants
            and effects > 0
            and current.pk != battle.scene_id
        )
    else:
        whole = (results, outcomes, effects) == (0, 0, 0) and (
            current.pk == battle.scene_id
        )
    return {"status": battle.status, "results": results, "consistent": whole}


def main() -> None:
    import django

    django.setup()
    action = sys.argv[1]
    out = prepare() if action == "prepare" else check(int(sys.argv[2]))
    print(json.dumps(out))


if __name__ == "__main__":
    main()
