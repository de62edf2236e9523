"""Every page of the demo, as its owner reads it: a 200, strict HTML with a
title, no inline script or style (the CSP forbids them); a missing or malformed
id is a 404, never a 500."""

from __future__ import annotations

from pathlib import Path

import html5lib
import pytest
from django.urls import reverse

from campaigns.models import Battle, Campaign, Character, Company
from campaigns.selectors.lineup import scene_lineup
from campaigns.services.battle_setup import battle_set_up
from campaigns.services.demo import demo_seed
from campaigns.services.result_apply import result_apply

pytestmark = pytest.mark.django_db

PASSWORD = "pages-demo-pw-1"


@pytest.fixture
def demo(settings, tmp_path) -> Campaign:
    settings.DEMO_LOGIN_FILE = tmp_path / ".demo-login"
    settings.DEMO_FIXTURES_DIR = Path(settings.BASE_DIR) / "fixtures"
    login = demo_seed(password=PASSWORD)
    return Campaign.objects.get(slug=login.campaign_slug)


def set_up(campaign: Campaign) -> Battle:
    scene = campaign.current_scene()
    fit = scene_lineup(scene=scene).default_participant_ids()
    return battle_set_up(scene=scene, stance="attack", participant_ids=fit, seed=3)


@pytest.fixture
def played(demo, client):
    """The demo with its first battle resolved and the next one planned."""
    first = set_up(demo)
    result_apply(
        battle=first,
        data={"outcome": "victory", "end_reason": "objective", "characters": {}},
    )
    second = set_up(demo)
    client.login(username="demo", password=PASSWORD)
    return demo, first, second


def demo_pages(campaign: Campaign, resolved: Battle, planned: Battle) -> dict:
    slug = campaign.slug
    company = Company.objects.filter(campaign=campaign).first()
    character = Character.objects.filter(company=company).first()
    scene = planned.scene
    on = {"slug": slug}
    return {
        "home": reverse("campaigns:home"),
        "dashboard": reverse("campaigns:dashboard", kwargs=on),
        "company": reverse(
            "campaigns:company", kwargs={**on, "company_id": company.pk}
        ),
        "character": reverse(
            "campaigns:character", kwargs={**on, "character_id": character.pk}
        ),
        "scene": reverse("campaigns:scene_detail", kwargs={**on, "scene": scene.slug}),
        "larger battle": reverse(
            "campaigns:scene_detail", kwargs={**on, "scene": "helms-deep"}
        ),
        "sanctuary": reverse(
            "campaigns:scene_detail", kwargs={**on, "scene": "rivendell"}
        ),
        "setup": reverse("campaigns:battle_setup", kwargs={**on, "scene": scene.slug}),
        "battle": reverse(
            "campaigns:battle_detail", kwargs={**on, "battle_id": planned.pk}
        ),
        "resolved battle": reverse(
            "campaigns:battle_detail", kwargs={**on, "battle_id": resolved.pk}
        ),
        "result": reverse(
            "campaigns:result_entry", kwargs={**on, "battle_id": planned.pk}
        ),
        "resolution": reverse(
            "campaigns:resolution", kwargs={**on, "battle_id": resolved.pk}
        ),
        "chronicle": reverse("campaigns:chronicle", kwargs=on),
    }


PAGE_NAMES = [
    "home",
    "dashboard",
    "company",
    "character",
    "scene",
    "larger battle",
    "sanctuary",
    "setup",
    "battle",
    "resolved battle",
    "result",
    "resolution",
    "chronicle",
]


def parse(content: bytes):
    return html5lib.HTMLParser(strict=True, namespaceHTMLElements=False).parse(content)


def report(response) -> dict:
    """What a page must get right: its status, strict HTML, a title, and no
    inline script or style."""
    try:
        tree = parse(response.content)
    except html5lib.html5parser.ParseError as error:
        return {"status": response.status_code, "html": f"parse error: {error}"}
    title = tree.find("head/title")
    inline = [
        element.tag
        for element in tree.iter()
        if isinstance(element.tag, str)
        and (
            "style" in element.attrib
            or element.tag == "style"
            or (element.tag == "script" and "src" not in element.attrib)
        )
    ]
    return {
        "status": response.status_code,
        "html": "strict",
        "titled": bool(title is not None and (title.text or "").strip()),
        "inline script or style": inline,
    }


GOOD_PAGE = {
    "status": 200,
    "html": "strict",
    "titled": True,
    "inline script or style": [],
}


@pytest.mark.parametrize("name", PAGE_NAMES)
def test_every_demo_page_is_a_titled_strict_html_200_without_inline_code(
    played, client, name
):
    """The owner opens the page; it parses strictly, has a title, and has no
    style attribute, <style> or inline <script>."""
    campaign, resolved, planned = played
    response = client.get(demo_pages(campaign, resolved, planned)[name])
    assert report(response) == GOOD_PAGE


def bad_paths(campaign: Campaign, stranger: Campaign) -> list[str]:
    slug = campaign.slug
    base = f"/campaigns/{slug}"
    other_company = Company.objects.create(
        campaign=stranger, name="Elsewhere", side="player"
    )
    other_character = Character.objects.create(company=other_company, name="Nobody")
    return [
        "/campaigns/no-such-campaign/",
        f"/campaigns/{stranger.slug}/",
        f"{base}/companies/999999/",
        f"{base}/companies/{other_company.pk}/",
        f"{base}/companies/abc/",
        f"{base}/companies/-1/",
        f"{base}/characters/999999/",
        f"{base}/characters/{other_character.pk}/",
        f"{base}/characters/1x/",
        f"{base}/scenes/no-such-scene/",
        f"{base}/scenes/no-such-scene/setup/",
        f"{base}/battles/999999/",
        f"{base}/battles/abc/",
        f"{base}/battles/999999/result/",
        f"{base}/battles/999999/resolution/",
        f"{base}/companies/99999999999999999999999/",
    ]


def test_a_missing_or_malformed_id_is_a_404(played, client, django_user_model):
    """Every bad id gives the site's 404 page, with a title."""
    campaign, _, _ = played
    stranger = Campaign.objects.create(
        owner=django_user_model.objects.create_user(username="saruman"),
        name="Isengard's plans",
        slug="isengard-plans",
    )
    statuses = {
        path: client.get(path).status_code for path in bad_paths(campaign, stranger)
    }
    assert set(statuses.values()) == {404}, statuses


def test_the_404_page_is_the_sites_own(played, client):
    """The 404 page is strict HTML with a title and the way back home."""
    response = client.get("/campaigns/no-such-campaign/")
    tree = parse(response.content)
    assert tree.find("head/title").text.startswith("Not found")
    assert reverse("campaigns:home") in response.content.decode()


def test_an_anonymous_visitor_is_sent_to_log_in(demo, client):
    """Campaign pages redirect to the login page, keeping where they were."""
    path = reverse("campaigns:dashboard", kwargs={"slug": demo.slug})
    response = client.get(path)
    assert response.status_code == 302
    assert response["Location"] == f"{reverse('login')}?next={path}"


def test_the_login_page_parses_and_has_a_title(client):
    """The login page is strict HTML with labelled fields."""
    response = client.get(reverse("login"))
    tree = parse(response.content)
    labels = {label.get("for") for label in tree.iter("label")}
    assert {"id_username", "id_password"} <= labels


def test_logging_out_is_a_post_that_ends_the_session(demo, client):
    """The header's log-out button posts to Django's LogoutView."""
    client.login(username="demo", password=PASSWORD)
    response = client.post(reverse("logout"))
    assert response.status_code == 302
    assert client.get(reverse("campaigns:home")).status_code == 302
