"""The scene's playtest page (SITE.md: ``/campaigns/<slug>/scenes/<scene>/playtest/``,
RULES §7): the latest kept report, and the owner's form that runs a new one on
the task worker. A GET never enqueues."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect

from campaigns.forms.playtest import PlaytestForm
from campaigns.selectors.playtest_page import playtest_page
from campaigns.services.playtest import playtest_ask
from campaigns.views.common import access_for_request, method_not_allowed, render_page

TEMPLATE = "campaigns/scene_playtest.html"


@login_required
def scene_playtest(request: HttpRequest, slug: str, scene: str) -> HttpResponse:
    access = access_for_request(request, slug, owner_only=True)
    if request.method not in ("GET", "HEAD", "POST"):
        return method_not_allowed(request, ["GET", "POST"])
    page = playtest_page(access=access, slug=scene, report_id=request.GET.get("report"))
    if page.lineup is None:
        if request.method == "POST":
            messages.error(request, f"Nothing was run. {page.not_fighting}")
        return render_page(request, TEMPLATE, access=access, page=page)
    form = PlaytestForm(
        request.POST or None, lineup=page.lineup, initial=_picked(request)
    )
    if request.method == "POST" and form.is_valid():
        asked = playtest_ask(
            scene=page.scene,
            stance=form.chosen_stance(),
            participant_ids=form.participant_ids(),
            battles=form.cleaned_data["battles"],
            seed=form.cleaned_data["seed"],
            user=request.user if request.user.is_authenticated else None,
        )
        if asked.started:
            messages.success(request, "The playtest is on its way to the worker.")
        else:
            messages.info(request, asked.why_not)
        return redirect(request.path)
    return render_page(request, TEMPLATE, access=access, page=page, form=form)


def _picked(request: HttpRequest) -> dict:
    """The stance and characters a link picked (the set-up form's "run one"):
    only shown as the form's initial choice; the POST is what counts."""
    picked: dict[str, str | list[str]] = {}
    if request.GET.get("stance"):
        picked["stance"] = request.GET["stance"]
    if request.GET.getlist("participants"):
        picked["participants"] = request.GET.getlist("participants")
    return picked
