"""The battle page is the table's setup on screen (issue 25 part 4): the
diagram, the table size, where each company deploys or arrives, length and
scoring, special rules; the pack's readiness updates by itself (a page without
scripts reloads); actions that take something back look apart."""

from __future__ import annotations

import re

import pytest

from campaigns.models import Scene
from campaigns.printing.battle_pack import battle_pack_html
from campaigns.selectors.battles import battle_url as url
from campaigns.services.battle_setup import battle_set_up
from campaigns.services.result_apply import result_apply
from tests.campaigns.setup_helpers import build_playable
from tests.campaigns.table_helpers import with_events

pytestmark = pytest.mark.django_db


@pytest.fixture
def playable(campaign):
    return build_playable(campaign)


@pytest.fixture
def planned(playable):
    Scene.objects.filter(pk=playable.scene.pk).update(
        special_rules="The bridge may be crossed by one character a round."
    )
    return battle_set_up(
        scene=playable.scene,
        stance="attack",
        participant_ids=[c.pk for c in playable.players],
        seed=8,
    )


@pytest.fixture
def html(owner, planned) -> str:
    return owner.get(url("battle_detail", planned)).content.decode()


def test_the_battle_page_draws_the_table(html, planned):
    """The diagram, scaled to the screen, and the table's size."""
    scene = planned.scene
    assert (
        'class="table-diagram"' in html,
        f"Table {scene.table_width}″ × {scene.table_depth}″." in html,
    ) == (True, True)


def svg_drawing(html: str) -> str:
    """The table diagram's drawing: what its <svg> holds, spaces squashed."""
    start = html.index(">", html.index('aria-label="Table diagram"')) + 1
    return re.sub(r"\s+", " ", html[start : html.index("</svg>", start)]).strip()


def test_the_battle_page_draws_the_setup_sheets_diagram(html, planned):
    """Screen and paper never disagree: the battle page's diagram draws what
    the pack's setup sheet draws, shape for shape."""
    printed = battle_pack_html(planned, site_url="http://testserver")
    assert svg_drawing(html) == svg_drawing(printed)
    assert 'class="zone"' in svg_drawing(html)


def test_the_battle_page_says_where_each_company_sets_up(html, planned):
    legend = html[html.index("table-setup__legend") :]
    legend = legend[: legend.index("</ul>")]
    for bc in planned.companies.select_related("company"):
        assert bc.company.name in legend


def test_the_battle_page_gives_length_and_special_rules(html):
    assert ("The battle lasts" in html, "crossed by one character a round" in html) == (
        True,
        True,
    )


def test_the_battle_page_says_the_length_once_and_whether_events_are_drawn(
    owner, planned
):
    """A generated scenario's scoring says the length: it is not said twice;
    the page says whether random events are drawn, on or off."""
    off = owner.get(url("battle_detail", planned)).content.decode()
    with_events(planned.campaign)
    on = owner.get(url("battle_detail", planned)).content.decode()
    assert (
        off.count("The battle lasts 6 rounds"),
        "Random events are off in this campaign." in off,
        "Random events: a card from the AI deck" in on,
    ) == (1, True, True)


def test_a_page_waiting_for_its_pack_reloads_itself_without_scripts(
    no_worker, owner, playable, django_capture_on_commit_callbacks
):
    """No worker takes the pack's task (the queue is stopped before the battle
    is set up, and the set-up's commit queues it): the page waits for the pack
    and reloads itself."""
    with django_capture_on_commit_callbacks(execute=True):
        battle = battle_set_up(
            scene=playable.scene,
            stance="attack",
            participant_ids=[c.pk for c in playable.players],
            seed=8,
            site_url="http://testserver",
        )
    page = owner.get(url("battle_detail", battle)).content.decode()
    assert (
        "Preparing your pack" in page,
        '<noscript><meta http-equiv="refresh"' in page,
    ) == (True, True)


def test_re_roll_and_discard_look_apart_from_the_next_step(html):
    """The undoing actions carry their own class, never the quiet or the main
    button's."""
    classes = [
        button_class(html, label)
        for label in ("Re-roll the setup", "Discard this battle", "Enter result")
    ]
    assert (classes[:2], "button--back" in classes[2]) == (
        ["button button--back", "button button--back"],
        False,
    )


def test_reopen_looks_apart_on_the_resolution_page(owner, planned, result_data):
    result_apply(battle=planned, data=result_data(planned))
    html = owner.get(url("resolution", planned)).content.decode()
    assert button_class(html, "Reopen battle 1's result") == "button button--back"


def button_class(html: str, label: str) -> str:
    """The class of the link button reading ``label``."""
    html = html.replace("&#x27;", "'")
    pattern = (
        r'<a class="([^"]+)" href="[^"]*">(?:<span aria-hidden="true">[^<]*</span>)?'
        + re.escape(label)
        + "</a>"
    )
    found = re.search(pattern, html)
    assert found, label
    return found.group(1)
