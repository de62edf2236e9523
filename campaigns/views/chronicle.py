"""The chronicle: the campaign's story so far, on screen and as a PDF."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from campaigns.printing.render import render_pdf
from campaigns.selectors.chronicle import campaign_chronicle, chronicle_page
from campaigns.views.common import campaign_for_request


@login_required
def chronicle(request: HttpRequest, slug: str) -> HttpResponse:
    campaign = campaign_for_request(request, slug)
    story, page_obj = chronicle_page(campaign=campaign, page=request.GET.get("page"))
    return render(
        request,
        "campaigns/chronicle.html",
        {"campaign": campaign, "chronicle": story, "page_obj": page_obj},
    )


@login_required
def chronicle_pdf(request: HttpRequest, slug: str) -> HttpResponse:
    campaign = campaign_for_request(request, slug)
    pdf = render_pdf(
        "print/chronicle.html",
        {"campaign": campaign, "chronicle": campaign_chronicle(campaign=campaign)},
    )
    response = HttpResponse(pdf, content_type="application/pdf")
    response["Content-Disposition"] = (
        f'inline; filename="{campaign.slug}-chronicle.pdf"'
    )
    return response
