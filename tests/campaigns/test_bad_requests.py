"""A post the site cannot take gets the site's own 400 page saying why, and no
server error: one too large is told the limit ("too large: at most 2.5 MB");
one whose body cannot be read (the connection reset while it was read) is
told to send it again, with nothing in the log at error level."""

from __future__ import annotations

import io
import logging

import pytest
from django.core.handlers.wsgi import WSGIHandler

from campaigns.views.errors import size_in_mb

pytestmark = pytest.mark.django_db

CSRF = "c" * 32  # an unmasked CSRF secret: the cookie and the header agree


class ResetStream(io.RawIOBase):
    """A request body whose connection resets after ``good`` bytes."""

    def __init__(self, good: bytes):
        self.good = io.BytesIO(good)

    def readable(self) -> bool:
        return True

    def readinto(self, buffer) -> int:
        chunk = self.good.read(len(buffer))
        if not chunk:
            raise ConnectionResetError(104, "Connection reset by peer")
        buffer[: len(chunk)] = chunk
        return len(chunk)


def wsgi_post(path: str, stream, length: int, content_type: str) -> tuple[str, str]:
    environ = {
        "REQUEST_METHOD": "POST",
        "PATH_INFO": path,
        "SERVER_NAME": "testserver",
        "SERVER_PORT": "80",
        "wsgi.url_scheme": "http",
        "wsgi.input": stream,
        "wsgi.errors": io.StringIO(),
        "CONTENT_LENGTH": str(length),
        "CONTENT_TYPE": content_type,
        "HTTP_COOKIE": f"csrftoken={CSRF}",
        "HTTP_X_CSRFTOKEN": CSRF,
    }
    statuses = []
    body = WSGIHandler()(environ, lambda status, headers: statuses.append(status))
    return statuses[0], b"".join(body).decode()


@pytest.mark.parametrize(
    ("size", "told"), [(2_621_440, "2.5"), (1_048_576, "1"), (3_145_728, "3")]
)
def test_sizes_are_told_in_mb(size, told):
    assert size_in_mb(size) == told


def test_an_oversize_post_is_told_the_limit(client, user):
    """3 MB of form: a 400 page that says the limit, not "did not arrive"."""
    client.force_login(user)
    response = client.post(
        "/accounts/logout/",
        "x=" + "a" * 3_000_000,
        content_type="application/x-www-form-urlencoded",
    )
    html = response.content.decode()
    assert (response.status_code, "too large: at most 2.5 MB" in html) == (400, True)


@pytest.mark.parametrize(
    "content_type",
    ["application/x-www-form-urlencoded", "multipart/form-data; boundary=xyz"],
)
def test_a_post_reset_while_read_is_the_sites_400_and_no_error(caplog, content_type):
    """The body breaks off after 10 of its 500 bytes: the site's 400 page, and
    no record at error level (a 500 would log one)."""
    with caplog.at_level(logging.WARNING):
        status, html = wsgi_post(
            "/accounts/login/",
            ResetStream(b"username=f"),
            500,
            content_type,
        )
    errors = [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR]
    assert (status.split()[0], "<title>" in html, errors) == ("400", True, [])
