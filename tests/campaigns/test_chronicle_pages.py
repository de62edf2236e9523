"""The screen chronicle pages by top-level scene; the PDF keeps the whole story."""

from __future__ import annotations

import pytest
from django.urls import reverse

from bench.generate import GenerateSizes, campaign_generate
from campaigns.selectors.chronicle import CHRONICLE_PAGE

pytestmark = pytest.mark.django_db


@pytest.fixture
def long_story(user):
    sizes = GenerateSizes(scenes=60, battles=40, companies=4, characters=20, wounds=40)
    return campaign_generate(owner=user, slug="long", sizes=sizes, seed=2)


def titles(response) -> list[str]:
    return [entry.scene.title for entry in response.context["page"].chronicle.scenes]


def test_first_page_holds_the_first_top_level_scenes(client, user, long_story):
    client.force_login(user)
    response = client.get(reverse("campaigns:chronicle", args=["long"]))
    shown = titles(response)
    assert (len(shown), shown[0]) == (CHRONICLE_PAGE, "Scene 1")


def test_second_page_goes_on_where_the_first_stopped(client, user, long_story):
    client.force_login(user)
    url = reverse("campaigns:chronicle", args=["long"])
    first = titles(client.get(url))
    second = titles(client.get(url, {"page": 2}))
    assert second and not set(first) & set(second)


@pytest.mark.parametrize("page", ["0", "-3", "abc", "99999", "1e9"])
def test_a_bad_page_number_shows_a_page_not_an_error(client, user, long_story, page):
    client.force_login(user)
    response = client.get(reverse("campaigns:chronicle", args=["long"]), {"page": page})
    assert response.status_code == 200
