"""The chronicle: the campaign's story so far, on screen and as a PDF."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse

from campaigns.printing.render import render_pdf
from campaigns.selectors.chronicle import campaign_chronicle, chronicle_screen_page
from campaigns.views.common import access_for_request, render_page


@login_required
def chronicle(request: HttpRequest, slug: str) -> HttpResponse:
    access = access_for_request(request, slug)
    page = chronicle_screen_page(campaign=access.campaign, page=request.GET.get("page"))
    return render_page(request, "campaigns/chronicle.html", access=access, page=page)


@login_required
def chronicle_pdf(request: HttpRequest, slug: str) -> HttpResponse:
    access = access_for_request(request, slug)
    campaign = access.campaign
    pdf = render_pdf(
        "print/chronicle.html",
        {"campaign": campaign, "chronicle": campaign_chronicle(campaign=campaign)},
    )
    response = HttpResponse(pdf, content_type="application/pdf")
    response["Content-Disposition"] = (
        f'inline; filename="{campaign.slug}-chronicle.pdf"'
    )
    return response
