"""The site's middleware: forms arrive whole, and an empty 405 gets the site's
own page. Neither reads the database."""

from __future__ import annotations

from collections.abc import Callable

from django.core.exceptions import BadRequest
from django.http import HttpRequest, HttpResponse, UnreadablePostError

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
