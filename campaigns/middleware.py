"""Remembers, in the session, which battle packs this player has downloaded.

The dashboard's obvious next step for a planned battle is its pack until the
player has it, then the result. Asking the pack store whether the pack exists
would mean reading all of the pack's data on every dashboard (and the page must
stay within its query budget); the session is loaded anyway, so a downloaded
pack is noted there: battle id → the setup it showed (``times_rolled``), so a
re-rolled battle asks for its new pack. One small query per pack download.
"""

from __future__ import annotations

from collections.abc import Callable

from django.core.exceptions import BadRequest
from django.http import HttpRequest, HttpResponse, UnreadablePostError

from campaigns.models import Battle

PACKS_SESSION_KEY = "packs_downloaded"
PACK_VIEW = "campaigns:battle_pack"


def packs_downloaded(request: HttpRequest) -> dict[str, int]:
    """``{battle id: times_rolled}`` of the packs downloaded in this session."""
    session = getattr(request, "session", None)
    if session is None:
        return {}
    return session.get(PACKS_SESSION_KEY, {})


def pack_downloaded(request: HttpRequest, battle: Battle) -> bool:
    """Whether this session downloaded the battle's pack as it is set up now."""
    return packs_downloaded(request).get(str(battle.pk)) == battle.times_rolled


class PackDownloadMiddleware:
    """After a successful pack response, note the battle in the session."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]):
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        match = getattr(request, "resolver_match", None)
        if (
            match is not None
            and match.view_name == PACK_VIEW
            and response.status_code in (200, 304)
            and hasattr(request, "session")
        ):
            self._note(request, match.kwargs["battle_id"])
        return response

    def _note(self, request: HttpRequest, battle_id: int) -> None:
        times_rolled = (
            Battle.objects.filter(pk=battle_id)
            .values_list("times_rolled", flat=True)
            .first()
        )
        if times_rolled is None:
            return
        packs = dict(packs_downloaded(request))
        if packs.get(str(battle_id)) != times_rolled:
            packs[str(battle_id)] = times_rolled
            request.session[PACKS_SESSION_KEY] = packs


FORM_CONTENT_TYPE = "application/x-www-form-urlencoded"
MULTIPART = "multipart/form-data"


class CompleteFormMiddleware:
    """Refuses a form whose body arrived shorter than its Content-Length.

    A POST cut off mid-request (a phone leaving the Wi-Fi, a closed tab) would
    otherwise be read as far as it came: its first fields may make a valid form
    on their own (a result without its character lines). Such a request gets a
    400 and no view sees it, so a form is applied whole or not at all. Only
    urlencoded forms are read whole here (they are small); a file upload is
    parsed by its own streaming upload handlers (as the CSRF check would). A
    body that cannot be read at all (the connection reset while it was read),
    here or in a view, is the same 400, not a server error.
    """

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]):
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if request.method == "POST" and request.content_type == MULTIPART:
            # Parsed here rather than by the CSRF check, which would take a
            # body it could not read for an empty form.
            try:
                request.POST  # noqa: B018
            except UnreadablePostError as error:
                raise BadRequest(
                    "The form could not be read: send it again."
                ) from error
        if request.method == "POST" and request.content_type == FORM_CONTENT_TYPE:
            try:
                expected = int(request.META.get("CONTENT_LENGTH") or 0)
            except ValueError:
                expected = 0
            try:
                body = request.body
            except UnreadablePostError as error:
                raise BadRequest(
                    "The form could not be read: send it again."
                ) from error
            if expected and len(body) < expected:
                raise BadRequest("The form arrived incomplete: send it again.")
        return self.get_response(request)

    def process_exception(
        self, request: HttpRequest, exception: Exception
    ) -> HttpResponse | None:
        if isinstance(exception, UnreadablePostError):
            from campaigns.views.errors import bad_request

            return bad_request(request, exception)
        return None


class MethodNotAllowedPageMiddleware:
    """An empty 405 (Django's ``HttpResponseNotAllowed``: the logout page asked
    for by GET, an admin action) becomes the site's own 405 page, naming the
    methods the address takes."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]):
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        if (
            response.status_code == 405
            and not getattr(response, "streaming", False)
            and not response.content
        ):
            from campaigns.views.common import method_not_allowed

            allowed = [m.strip() for m in response.get("Allow", "").split(",") if m]
            return method_not_allowed(request, allowed)
        return response
