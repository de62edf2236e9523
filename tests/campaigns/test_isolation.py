"""Every sentence the site or a PDF builds around a user's text isolates it:
with every name of the demo ending in a right-to-left override (U+202E, which
turns everything after it around), each place such a name is written, on
every page a player can open and in the HTML the battle pack and the
chronicle PDF are made from (legends, footers and the table diagram
included), sits inside ``<bdi>`` (screen) or the isolates FSI … PDI (paper and
plain text), so the override ends with the name."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from urllib.parse import urlsplit

import html5lib
import pytest
from django.conf import settings as django_settings
from django.template.loader import render_to_string

from campaigns.bidi import FSI, PDI
from campaigns.models import Battle
from campaigns.printing.battle_pack import battle_pack_html
from campaigns.selectors.chronicle import campaign_chronicle
from tests.campaigns.transfer_helpers import play_demo

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("no_worker")]

RLO = "\u202e"
NAMED = {
    "campaign": ["name"],
    "event_deck": ["name"],
    "commanders": ["name"],
    "companies": ["name"],
    "characters": ["name"],
    "scenes": ["title"],
    "objectives": ["name"],
    "scene_features": ["name"],
}
SKIPPED_TAGS = {"script", "style", "textarea", "option"}
"""Text that is not set in a sentence: code, a field's own value."""
FOOTER_ATTRIBUTES = ("data-title", "data-part")
"""Attributes the printed page's running footer is made from."""


def turned(value: str, limit: int) -> str:
    return value[: limit - 1] + RLO


def turned_fixtures(root: Path) -> Path:
    """The demo's documents with every name and title ending in U+202E."""
    source = Path(django_settings.BASE_DIR) / "fixtures"
    target = root / "fixtures"
    shutil.copytree(source, target)
    path = target / "demo" / "war_of_the_ring.json"
    document = json.loads(path.read_text())
    for key, fields in NAMED.items():
        items = document[key]
        for item in items if isinstance(items, list) else [items]:
            for field in fields:
                item[field] = turned(item[field], 40)
    for event in document["event_deck"]["events"]:
        event["title"] = turned(event["title"], 80)
    path.write_text(json.dumps(document))
    return target


@pytest.fixture
def world(settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path / "media"
    return play_demo(
        settings=settings, tmp_path=tmp_path, fixtures_dir=turned_fixtures(tmp_path)
    )


def unisolated(html: str, *, paper: bool = False) -> list[str]:
    """Each text around a U+202E that is not isolated: not inside ``<bdi>``
    (on screen), nor between FSI and PDI in its own text."""
    tree = html5lib.parse(html, namespaceHTMLElements=False)
    found: list[str] = []

    def tag(element) -> str:
        return str(element.tag).rsplit("}", 1)[-1].lower()

    def check(text: str | None, inside_bdi: bool, where: str) -> None:
        if not text or RLO not in text:
            return
        if inside_bdi and not paper:
            return
        depth = 0
        for char in text:
            if char == FSI:
                depth += 1
            elif char == PDI:
                depth = max(0, depth - 1)
            elif char == RLO and depth == 0:
                found.append(f"<{where}> {text.strip()[:80]!r}")
                return

    def walk(element, inside_bdi: bool) -> None:
        name = tag(element)
        if name in SKIPPED_TAGS:
            return
        for attribute in FOOTER_ATTRIBUTES:
            check(element.get(attribute), False, f"{name} {attribute}")
        here = inside_bdi or name == "bdi"
        check(element.text, here, name)
        for child in element:
            walk(child, here)
            check(child.tail, here, name)

    walk(tree, False)
    return found


def site_pages(client, world) -> dict[str, str]:
    """Every page of the campaign a link on its pages leads to (PDFs and the
    export aside), from the list of campaigns on."""
    start = f"/campaigns/{world.campaign.slug}/"
    queue, seen, pages = ["/", start], set(), {}
    while queue and len(pages) < 150:
        url = queue.pop(0)
        if url in seen:
            continue
        seen.add(url)
        response = client.get(url)
        if response.status_code != 200 or "html" not in response["Content-Type"]:
            continue
        html = response.content.decode()
        pages[url] = html
        tree = html5lib.parse(html, namespaceHTMLElements=False)
        for link in tree.iter("a"):
            href = urlsplit(link.get("href") or "")
            if href.netloc or not href.path.startswith(start):
                continue
            if href.path.endswith((".pdf", ".json")):
                continue
            queue.append(href.path)
    return pages


def test_every_page_isolates_every_name(client, world):
    client.force_login(world.owner)
    pages = site_pages(client, world)
    problems = {url: unisolated(html) for url, html in pages.items()}
    assert (len(pages) > 20, {u: p for u, p in problems.items() if p}) == (True, {})


def test_the_battle_pack_isolates_every_name(world):
    battle = Battle.objects.filter(campaign=world.campaign, status="planned").get()
    assert unisolated(battle_pack_html(battle), paper=True) == []


def test_the_chronicle_pdf_isolates_every_name(world):
    html = render_to_string(
        "print/chronicle.html",
        {
            "campaign": world.campaign,
            "chronicle": campaign_chronicle(campaign=world.campaign),
        },
    )
    assert unisolated(html, paper=True) == []
