"""The addresses this machine can be reached at, for ``make run`` (plain Python:
the run settings read it before Django is set up)."""

from __future__ import annotations

import ipaddress
import socket
import subprocess

ANY_HOST = {"0.0.0.0", "::", ""}
LOOPBACK_NAMES = ["localhost", "127.0.0.1", "[::1]"]


def machine_addresses() -> list[str]:
    """This machine's IPv4 addresses on its networks (not loopback), as a phone
    on the same network would type them."""
    candidates: list[str] = []
    try:
        found = subprocess.run(
            ["hostname", "-I"], capture_output=True, text=True, timeout=5, check=False
        )
        candidates = found.stdout.split()
    except (OSError, subprocess.SubprocessError):
        pass
    if not candidates:
        try:
            infos = socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET)
            candidates = [str(info[4][0]) for info in infos]
        except OSError:
            pass
    addresses = []
    for candidate in candidates:
        try:
            address = ipaddress.ip_address(candidate)
        except ValueError:
            continue
        if address.version == 4 and not address.is_loopback:
            if candidate not in addresses:
                addresses.append(candidate)
    return addresses


def host_names(host: str) -> list[str]:
    """The names a request may carry in its Host header when the server listens
    on ``host``: every address of the machine when it listens on all of them."""
    if host not in ANY_HOST:
        return list(dict.fromkeys([host, *LOOPBACK_NAMES]))
    hostname = socket.gethostname()
    names = [*LOOPBACK_NAMES, *machine_addresses()]
    if hostname:
        names += [hostname, f"{hostname}.local"]
    return list(dict.fromkeys(names))


def site_addresses(host: str, port: int) -> list[str]:
    """Every URL the site can be opened at, the machine's own first."""
    hosts = [host] if host not in ANY_HOST else ["127.0.0.1", *machine_addresses()]
    return [f"http://{h}:{port}/" for h in hosts]
