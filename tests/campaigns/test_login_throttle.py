"""Logins are throttled by django-axes (SITE.md "Access"): after 5 failed logins
for one username from one address, that pair is locked out for 15 minutes, on
the site's login and the admin's alike; the login page says so plainly; the
admin can lift it. The test settings turn axes off; these tests turn it on."""

from __future__ import annotations

from datetime import timedelta

import pytest
from axes.models import AccessAttempt
from django.urls import reverse
from django.utils import timezone

pytestmark = pytest.mark.django_db

LOGIN = "/accounts/login/"
ADMIN_LOGIN = "/admin/login/"
HOME = "/"
HOME_URL = reverse("campaigns:home")


@pytest.fixture(autouse=True)
def axes_on(settings):
    settings.AXES_ENABLED = True


def _log_in(client, password, *, username="frodo", address="127.0.0.1", url=LOGIN):
    return client.post(
        url,
        {"username": username, "password": password, "next": HOME},
        REMOTE_ADDR=address,
    )


def _fail(client, times, **kwargs):
    return [_log_in(client, "wrong", **kwargs) for _ in range(times)][-1]


def _logged_in(response) -> bool:
    return response.status_code == 302 and response["Location"] == HOME


def _text(response) -> str:
    return " ".join(response.content.decode().replace("&#x27;", "'").split())


def _alert(response) -> str:
    return _text(response).split('role="alert">')[1].split("</div>")[0]


def test_the_settings_are_five_failures_for_fifteen_minutes(settings):
    assert (
        settings.AXES_FAILURE_LIMIT,
        settings.AXES_COOLOFF_TIME,
        settings.AXES_LOCKOUT_PARAMETERS,
    ) == (5, timedelta(minutes=15), [["username", "ip_address"]])


def test_four_failures_do_not_lock_the_login(client, user):
    _fail(client, 4)
    assert _logged_in(_log_in(client, "pw"))


def test_the_fifth_failure_locks_the_pair_out(client, user):
    assert _fail(client, 5).status_code == 429


def test_a_locked_out_pair_is_refused_even_with_the_right_password(client, user):
    _fail(client, 5)
    response = _log_in(client, "pw")
    assert (response.status_code, "_auth_user_id" in client.session) == (429, False)


def test_the_login_page_says_so_plainly(client, user):
    text = _text(_fail(client, 5))
    assert (
        "Too many failed logins" in text
        and "paused for 15 minutes" in text
        and "ask the site's admin to lift the lock" in text
    )


def test_the_lockout_says_the_same_for_a_username_that_does_not_exist(client, user):
    """No page tells whether a username exists."""
    known = _fail(client, 5, username="frodo")
    unknown = _fail(client, 5, username="nobody-here")
    assert (known.status_code, _alert(known)) == (unknown.status_code, _alert(unknown))


def test_another_address_may_still_log_in_as_that_user(client, user):
    _fail(client, 5)
    assert _logged_in(_log_in(client, "pw", address="10.0.0.2"))


def test_the_lock_ends_after_fifteen_minutes(client, user):
    _fail(client, 5)
    AccessAttempt.objects.update(
        attempt_time=timezone.now() - timedelta(minutes=15, seconds=1)
    )
    assert _logged_in(_log_in(client, "pw"))


def test_the_lock_still_holds_before_fifteen_minutes(client, user):
    _fail(client, 5)
    AccessAttempt.objects.update(
        attempt_time=timezone.now() - timedelta(minutes=14, seconds=50)
    )
    assert _log_in(client, "pw").status_code == 429


def test_a_successful_login_clears_the_count(client, user):
    """A player who mistypes now and then is never locked out by it."""
    _fail(client, 4)
    _log_in(client, "pw")
    client.logout()
    _fail(client, 4)
    assert _logged_in(_log_in(client, "pw"))


def test_the_admin_login_is_throttled_too(client, django_user_model):
    django_user_model.objects.create_user(username="boss", password="pw", is_staff=True)
    _fail(client, 5, username="boss", url=ADMIN_LOGIN)
    response = _log_in(client, "pw", username="boss", url=ADMIN_LOGIN)
    assert (response.status_code, "_auth_user_id" in client.session) == (429, False)


def test_the_admin_can_lift_a_lock(client, user, admin_client):
    _fail(client, 5)
    attempt = AccessAttempt.objects.get(username="frodo")
    admin_client.post(
        reverse("admin:axes_accessattempt_changelist"),
        {"action": "delete_selected", "_selected_action": [attempt.pk], "post": "yes"},
    )
    assert _logged_in(_log_in(client, "pw"))


def test_the_admin_lists_the_locks(client, user, admin_client):
    _fail(client, 5)
    page = admin_client.get(reverse("admin:axes_accessattempt_changelist"))
    assert "frodo" in page.content.decode()


def _fail_through_proxy(client, times, forwarded):
    for _ in range(times):
        client.post(
            LOGIN,
            {"username": "frodo", "password": "wrong"},
            REMOTE_ADDR="127.0.0.1",
            HTTP_X_FORWARDED_FOR=forwarded,
        )


def test_behind_a_proxy_the_lock_is_the_players_address_not_the_proxys(
    client, user, settings
):
    """With PROXY_COUNT=1 (nginx in front), five failures from one player do
    not lock the username for a player at another address."""
    settings.PROXY_COUNT = 1
    _fail_through_proxy(client, 5, "203.0.113.7")
    response = client.post(
        LOGIN,
        {"username": "frodo", "password": "pw", "next": HOME},
        REMOTE_ADDR="127.0.0.1",
        HTTP_X_FORWARDED_FOR="198.51.100.2",
    )
    assert _logged_in(response)


def test_behind_a_proxy_a_forged_forwarded_address_does_not_escape_the_lock(
    client, user, settings
):
    """A client may write its own X-Forwarded-For; the proxy appends the real
    address, and that last entry is the one counted."""
    settings.PROXY_COUNT = 1
    for n in range(5):
        client.post(
            LOGIN,
            {"username": "frodo", "password": "wrong"},
            REMOTE_ADDR="127.0.0.1",
            HTTP_X_FORWARDED_FOR=f"10.9.9.{n}, 203.0.113.7",
        )
    response = client.post(
        LOGIN,
        {"username": "frodo", "password": "pw"},
        REMOTE_ADDR="127.0.0.1",
        HTTP_X_FORWARDED_FOR="10.1.1.1, 203.0.113.7",
    )
    assert response.status_code == 429


def test_without_a_proxy_the_forwarded_header_is_ignored(client, user, settings):
    settings.PROXY_COUNT = 0
    for n in range(5):
        client.post(
            LOGIN,
            {"username": "frodo", "password": "wrong"},
            HTTP_X_FORWARDED_FOR=f"10.9.9.{n}",
        )
    assert _log_in(client, "pw").status_code == 429
