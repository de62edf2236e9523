"""A QR code as one SVG path, drawn from segno's module matrix.

The path is built from numbers only (no user text), so the template may print
it as an attribute value; there is no image file and no ``data:`` URL.
"""

from __future__ import annotations

import ipaddress
from dataclasses import dataclass
from urllib.parse import urlsplit

import segno

LOCAL_NAMES = ("localhost", "localhost.localdomain", "ip6-localhost")

QUIET_ZONE = 4
"""Modules of white border the QR specification asks for."""


@dataclass(frozen=True)
class QRCode:
    size: int
    """Modules across, quiet zone included: the SVG's viewBox is size × size."""
    path: str


def qr_code(url: str) -> QRCode:
    """The QR code of ``url``: one path of horizontal runs of dark modules."""
    matrix = segno.make(url, error="m").matrix
    commands = []
    for y, row in enumerate(matrix):
        x = 0
        while x < len(row):
            if not row[x]:
                x += 1
                continue
            start = x
            while x < len(row) and row[x]:
                x += 1
            commands.append(
                f"M{start + QUIET_ZONE} {y + QUIET_ZONE}h{x - start}v1h-{x - start}z"
            )
    return QRCode(size=len(matrix) + 2 * QUIET_ZONE, path="".join(commands))


def reachable_from_a_phone(url: str) -> bool:
    """False for an address only this machine can open (loopback, or no
    host): a QR code of it would be dead on any phone at the table."""
    host = (urlsplit(url).hostname or "").strip("[]").lower()
    if not host or host in LOCAL_NAMES or host.endswith(".localhost"):
        return False
    try:
        address = ipaddress.ip_address(host)
    except ValueError:
        return True
    return not (address.is_loopback or address.is_unspecified)
