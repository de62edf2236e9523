"""Table mode: the AI on a phone beside the paper, and the battle log.

One URL. A GET shows the page as its query string asks (the selector builds
it); a POST names an ``action`` and the log ``version`` the page showed, calls
the table services and redirects (Post/Redirect/Get), with a message when the
log had changed on another phone or the input was refused.
"""

from __future__ import annotations

import hashlib
from urllib.parse import urlencode

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.urls import reverse

from campaigns.forms.table_actions import table_action
from campaigns.selectors.table import TableBattle, battle_for_table, table_page
from campaigns.services.table_log import (
    TableLogStale,
    table_entry_add,
    table_entry_undo,
    table_log_restart,
)
from campaigns.views.common import (
    access_for_request,
    method_not_allowed,
    render_page,
)
from engines.table.errors import UNANSWERED


@login_required
def battle_table(request: HttpRequest, slug: str, battle_id: int) -> HttpResponse:
    # Members write the table log too (they are the other generals at the
    # table); every write below still checks the log's version and the battle.
    access = access_for_request(request, slug)
    if request.method not in ("GET", "HEAD", "POST"):
        return method_not_allowed(request, ["GET", "POST"])
    battle = battle_for_table(campaign=access.campaign, battle_id=battle_id)
    if request.method == "POST":
        return _post(request, battle)
    try:
        page = table_page(battle=battle, can_edit=access.can_play, query=request.GET)
    except Exception:  # discarded half-way through the reads: its 404, else raise
        battle_for_table(campaign=access.campaign, battle_id=battle_id)
        raise
    return render_page(
        request,
        "campaigns/table_page.html",
        access=access,
        page=page,
        battle=battle,
        scene=battle.scene,
    )


def phone_of(request: HttpRequest) -> str:
    """Which phone writes: a digest of its session (never the session key)."""
    if not request.session.session_key:
        request.session.save()
    key = request.session.session_key or ""
    return hashlib.sha256(key.encode()).hexdigest()[:32]


def _post(request: HttpRequest, battle: TableBattle) -> HttpResponse:
    """Add, undo or restart as the POST asks, then back to the page."""

    def _url(query: dict[str, str] | None = None) -> str:
        url = reverse(
            "campaigns:battle_table",
            kwargs={"slug": battle.campaign.slug, "battle_id": battle.pk},
        )
        return f"{url}?{urlencode(query)}" if query else url

    asked = table_action(request.POST)
    writer = phone_of(request)
    if asked.version is None:
        messages.error(request, "This page is out of date: here is the battle now.")
        return redirect(_url())
    try:
        if asked.action == "undo":
            taken = table_entry_undo(
                battle=battle, version=asked.version, writer=writer
            )
            messages.success(request, f"Taken back: {taken.text}")
        elif asked.action == "restart":
            table_log_restart(battle=battle, version=asked.version, writer=writer)
            messages.success(request, "The log begins again from the new set-up.")
        elif asked.move is None:
            messages.error(request, "That is not something this page does.")
            return redirect(_url())
        else:
            table_entry_add(
                battle=battle,
                version=asked.version,
                action=asked.move,
                writer=writer,
                author=request.user.get_username(),
            )
    except TableBattle.DoesNotExist:  # discarded since this request loaded it
        raise Http404("This battle was discarded.") from None
    except TableLogStale as stale:
        messages.error(request, " ".join(stale.messages))
        return redirect(_url())
    except ValidationError as error:
        if error.code == UNANSWERED:
            # An answer that leaves another question: ask it (nothing written).
            return redirect(_url(asked.back))
        messages.error(request, " ".join(error.messages))
        return redirect(_url(asked.back))
    return redirect(_url(asked.then))
