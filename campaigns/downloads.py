"""Remembers, in the session, which battle packs this player has downloaded.

The dashboard's obvious next step for a planned battle is its pack until the
player has it, then the result. Asking the pack store whether the pack exists
would mean reading all of the pack's data on every dashboard (and the page must
stay within its query budget); the session is loaded anyway, so the pack view
notes a download there: battle id → the setup it showed (``times_rolled``, read
by the view's selector), so a re-rolled battle asks for its new pack.
"""

from __future__ import annotations

from django.http import HttpRequest

PACKS_SESSION_KEY = "packs_downloaded"


def packs_downloaded(request: HttpRequest) -> dict[str, int]:
    """``{battle id: times_rolled}`` of the packs downloaded in this session."""
    session = getattr(request, "session", None)
    if session is None:
        return {}
    return session.get(PACKS_SESSION_KEY, {})


def pack_download_note(
    request: HttpRequest, *, battle_id: int, times_rolled: int
) -> None:
    """Note that this session has the battle's pack as it is set up now."""
    packs = dict(packs_downloaded(request))
    if packs.get(str(battle_id)) != times_rolled:
        packs[str(battle_id)] = times_rolled
        request.session[PACKS_SESSION_KEY] = packs
