"""A battle's pack as a worker leaves it: rendered and in storage (a page's GET
renders nothing, so a test that downloads a pack stores it first)."""

from __future__ import annotations

from campaigns.models import Battle
from campaigns.printing.pack_store import StoredPack, stored_pack

TEST_SITE = "http://testserver"
"""The address the test client reaches the site at: printed on its packs."""


def pack_stored_by_worker(battle: Battle, site_url: str = TEST_SITE) -> StoredPack:
    return stored_pack(battle=battle, site_url=site_url)
