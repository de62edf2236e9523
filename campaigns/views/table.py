"""Table mode: the AI on a phone beside the paper, and the battle log.

One URL. A GET shows the page as its query string asks (the selector builds
it); a POST names an ``action`` and the log ``version`` the page showed, calls
the table services and redirects (Post/Redirect/Get), with a message when the
log had changed on another phone or the input was refused.
"""

from __future__ import annotations

from collections.abc import Callable
from urllib.parse import urlencode

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse, QueryDict
from django.shortcuts import redirect
from django.urls import reverse

from campaigns.models import Battle
from campaigns.selectors.table import answers_from, battle_for_table, table_page
from campaigns.services.table_log import (
    TableLogStale,
    table_entry_add,
    table_entry_undo,
    table_log_restart,
)
from campaigns.services.table_state import Context, State
from campaigns.services.table_turns import (
    Draft,
    activation_decide,
    battle_end,
    defence_draw,
    first_choose,
    random_select,
    round_begin,
    round_end,
    tap_record,
)
from campaigns.views.common import (
    access_for_request,
    method_not_allowed,
    render_page,
)

Maker = Callable[[Context, State], Draft]


@login_required
def battle_table(request: HttpRequest, slug: str, battle_id: int) -> HttpResponse:
    access = access_for_request(request, slug, owner_only=True)
    if request.method not in ("GET", "HEAD", "POST"):
        return method_not_allowed(request, ["GET", "POST"])
    battle = battle_for_table(campaign=access.campaign, battle_id=battle_id)
    if request.method == "POST":
        return _post(request, battle)
    page = table_page(battle=battle, can_edit=access.can_edit, query=request.GET)
    return render_page(
        request,
        "campaigns/table_page.html",
        access=access,
        page=page,
        battle=battle,
        scene=battle.scene,
    )


def _url(battle: Battle, query: dict[str, str] | None = None) -> str:
    url = reverse(
        "campaigns:battle_table",
        kwargs={"slug": battle.campaign.slug, "battle_id": battle.pk},
    )
    return f"{url}?{urlencode(query)}" if query else url


def _post(request: HttpRequest, battle: Battle) -> HttpResponse:
    data = request.POST
    action = data.get("action", "")
    try:
        version = int(data.get("version", ""))
    except ValueError:
        messages.error(request, "This page is out of date: here is the battle now.")
        return redirect(_url(battle))
    try:
        if action == "undo":
            taken = table_entry_undo(battle=battle, version=version)
            messages.success(request, f"Taken back: {taken.text}")
        elif action == "restart":
            table_log_restart(battle=battle, version=version)
            messages.success(request, "The log begins again from the new set-up.")
        else:
            make = _maker(action, data)
            if make is None:
                messages.error(request, "That is not something this page does.")
                return redirect(_url(battle))
            table_entry_add(battle=battle, version=version, make=make)
    except TableLogStale as stale:
        messages.error(request, " ".join(stale.messages))
        return redirect(_url(battle))
    except ValidationError as error:
        messages.error(request, " ".join(error.messages))
        return redirect(_back(battle, action, data))
    return redirect(_url(battle))


def _back(battle: Battle, action: str, data: QueryDict) -> str:
    """After a refused question's answer: the same question again."""
    if action in ("activate", "defend"):
        query = {"do": "act" if action == "activate" else "defend"}
        query["who"] = data.get("who", "")
        if data.get("follow") == "1":
            query["follow"] = "1"
        query |= answers_from(_answers(data))
        return _url(battle, query)
    if action in ("select", "end"):
        return _url(battle, {"do": action})
    return _url(battle)


ACTION_FIELDS = frozenset({"action", "version", "csrfmiddlewaretoken"})


def _answers(data: QueryDict) -> QueryDict:
    """The POST's answers alone (the activation's hidden fields)."""
    answers = data.copy()
    for name in ACTION_FIELDS:
        answers.pop(name, None)
    return answers


def _maker(action: str, data: QueryDict) -> Maker | None:
    """The table service an action calls, with the POST's inputs."""
    match action:
        case "begin":
            keys = data.getlist("fighter")
            seeing = set(data.getlist("sees"))
            sightings = {
                key: {"sees": key in seeing, "distance": data.get(f"near-{key}", "")}
                for key in keys
            }
            return lambda c, s: round_begin(c, s, sightings=sightings)
        case "first":
            first = data.get("first", "")
            return lambda c, s: _checked(first_choose, c, s, first=first)
        case "activate":
            key, follow = data.get("who", ""), data.get("follow") == "1"
            answers = answers_from(_answers(data))
            return lambda c, s: activation_decide(
                c, s, key=key, answers=answers, follow_up=follow
            )
        case "defend":
            key = data.get("who", "")
            answers = answers_from(_answers(data))
            return lambda c, s: defence_draw(c, s, key=key, answers=answers)
        case "select":
            keys, purpose = data.getlist("pick"), data.get("purpose", "")
            return lambda c, s: random_select(c, s, keys=keys, purpose=purpose)
        case "tap":
            tap, key, side = data.get("tap", ""), data.get("key", ""), data.get("side")
            company = data.get("company")
            return lambda c, s: tap_record(
                c,
                s,
                tap=tap,
                key=key,
                company=int(company) if company and company.isdigit() else None,
                side=side or "",
            )
        case "end_round":
            lurkers = data.getlist("lurker")
            return lambda c, s: round_end(c, s, lurkers=lurkers)
        case "end":
            reason = data.get("reason", "")
            return lambda c, s: battle_end(c, s, reason=reason)
    return None


def _checked(function, context: Context, state: State, **inputs) -> Draft:
    """A service whose input names a choice: a bad one is a refused input."""
    try:
        return function(context, state, **inputs)
    except ValueError as error:
        raise ValidationError("Choose one of the answers offered.") from error
