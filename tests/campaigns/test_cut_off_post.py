"""A result POST cut off mid-request applies nothing; sent whole, it applies
all of it. Over a real socket to the live server, as a phone losing the Wi-Fi
halfway through sending the form would."""

from __future__ import annotations

import socket
from urllib.parse import urlencode, urlsplit

import pytest
from django.urls import reverse

from campaigns.models import BattleResult, CharacterOutcome

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.usefixtures("no_worker"),
]

CSRF = "a" * 32  # an unmasked CSRF secret: the cookie and the field agree


@pytest.fixture
def session(client, user) -> str:
    client.force_login(user)
    return client.cookies["sessionid"].value


def send(live_server, path: str, body: bytes, *, session: str, cut_at: int | None):
    """POST ``body`` over a raw socket; with ``cut_at``, close after that many
    bytes of it. Returns the status line (empty when none came back)."""
    address = urlsplit(live_server.url)
    head = (
        f"POST {path} HTTP/1.1\r\n"
        f"Host: {address.hostname}:{address.port}\r\n"
        f"Cookie: sessionid={session}; csrftoken={CSRF}\r\n"
        "Content-Type: application/x-www-form-urlencoded\r\n"
        f"Content-Length: {len(body)}\r\n"
        "Connection: close\r\n\r\n"
    ).encode()
    with socket.create_connection((address.hostname, address.port), timeout=30) as s:
        s.sendall(head + (body if cut_at is None else body[:cut_at]))
        s.shutdown(socket.SHUT_WR)
        reply = b""
        while chunk := s.recv(65536):
            reply += chunk
    return reply.split(b"\r\n", 1)[0].decode()


def result_body(battle, skirmish) -> tuple[bytes, int]:
    """The result form's body, and where its character lines begin (the form
    is valid without them: a cut there would apply a result missing them)."""
    boromir = battle.participants.get(character=skirmish.boromir).pk
    head = urlencode(
        {"csrfmiddlewaretoken": CSRF, "outcome": "victory", "end_reason": "objective"}
    )
    lines = urlencode({f"p{boromir}-fallen": "on"})
    return f"{head}&{lines}".encode(), len(head) + 1


def test_a_result_cut_off_mid_request_applies_nothing(live_server, skirmish, session):
    battle = skirmish.set_up()
    body, lines_start = result_body(battle, skirmish)
    path = reverse("campaigns:result_entry", args=[battle.campaign.slug, battle.pk])
    status = send(live_server, path, body, session=session, cut_at=lines_start)
    battle.refresh_from_db()
    assert (status.split()[1:2], battle.status, BattleResult.objects.count()) == (
        ["400"],
        "planned",
        0,
    )


def test_a_result_sent_whole_applies_all_of_it(live_server, skirmish, session):
    battle = skirmish.set_up()
    body, _ = result_body(battle, skirmish)
    path = reverse("campaigns:result_entry", args=[battle.campaign.slug, battle.pk])
    status = send(live_server, path, body, session=session, cut_at=None)
    fallen = CharacterOutcome.objects.get(participant__character=skirmish.boromir)
    assert (status.split()[1], fallen.fallen) == ("302", True)
