"""The campaign's read pages: dashboard, scene, company and character."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse

from campaigns.downloads import packs_downloaded
from campaigns.selectors.dashboard import dashboard_page
from campaigns.selectors.roster import character_page, company_page
from campaigns.selectors.scenes import scene_page
from campaigns.site_url import site_url
from campaigns.views.common import access_for_request, render_page


@login_required
def dashboard(request: HttpRequest, slug: str) -> HttpResponse:
    access = access_for_request(request, slug)
    page = dashboard_page(
        access=access,
        timeline_page=request.GET.get("scenes"),
        packs_downloaded=packs_downloaded(request),
        site_url=site_url(request),
    )
    return render_page(
        request, "campaigns/campaign_detail.html", access=access, page=page
    )


@login_required
def scene_detail(request: HttpRequest, slug: str, scene: str) -> HttpResponse:
    access = access_for_request(request, slug)
    page = scene_page(
        access=access,
        slug=scene,
        packs_downloaded=packs_downloaded(request),
        site_url=site_url(request),
    )
    return render_page(request, "campaigns/scene_detail.html", access=access, page=page)


@login_required
def company_detail(request: HttpRequest, slug: str, company_id: int) -> HttpResponse:
    access = access_for_request(request, slug)
    page = company_page(
        campaign=access.campaign, company_id=company_id, page=request.GET.get("page")
    )
    return render_page(
        request,
        "campaigns/company_detail.html",
        access=access,
        page=page,
        company=page.company,
        commander=page.commander,
        page_obj=page.page_obj,
        roster=page.roster,
    )


@login_required
def character_detail(
    request: HttpRequest, slug: str, character_id: int
) -> HttpResponse:
    access = access_for_request(request, slug)
    page = character_page(
        campaign=access.campaign,
        character_id=character_id,
        page=request.GET.get("page"),
    )
    return render_page(
        request,
        "campaigns/character_detail.html",
        access=access,
        page=page,
        company=page.company,
        character=page.character,
        entry=page.entry,
        wounds=page.wounds,
        page_obj=page.page_obj,
        battle_lines=page.battle_lines,
    )
