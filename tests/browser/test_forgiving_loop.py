"""The play loop forgives mistakes, in a real browser at desktop and phone
widths (issue 13): a wrong line-up is discarded and set up again; a
contradictory result is sent back with messages naming its fields; a result is
entered, reopened (the form keeps what was entered), changed and applied; a
rest is taken and undone; the back button after applying changes nothing.

Everything is found by its visible label. Every page visited must fit its
width, fetch nothing from another origin and carry a title.
"""

from __future__ import annotations

import re

import pytest
from django.urls import reverse
from playwright.sync_api import Page, expect

from campaigns.models import Battle, Character, PersistingWound, Scene
from campaigns.selectors.lineup import scene_lineup
from campaigns.services.demo import DEMO_CAMPAIGN_SLUG, demo_seed
from tests.browser.conftest import DEMO_PASSWORD, DESKTOP, PHONE, Visit
from tests.browser.test_campaign_loop import BREE_WON, log_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

CAMPAIGN = "The War of the Ring"
VIEWPORTS = pytest.mark.parametrize(
    ("viewport", "width"), [(DESKTOP, "desktop"), (PHONE, "phone")]
)


@pytest.fixture
def demo(settings, tmp_path):
    settings.DEMO_LOGIN_FILE = tmp_path / "demo-login"
    return demo_seed(password=DEMO_PASSWORD)


def dashboard(visit: Visit) -> None:
    visit.page.goto(
        visit.url(reverse("campaigns:dashboard", kwargs={"slug": DEMO_CAMPAIGN_SLUG}))
    )


def set_up_bree(visit: Visit) -> None:
    """From the dashboard, set up Bree's battle with the line-up as offered."""
    page = visit.page
    dashboard(visit)
    page.get_by_role("link", name="Set up battle").click()
    page.get_by_role("button", name="Set up battle").click()
    expect(
        page.get_by_role("heading", name=re.compile(r"^Battle \d+: Bree"))
    ).to_be_visible()


def stays_behind() -> str | None:
    """A character Bree lets stay behind (the last one offered), unless the
    scene needs every one of them."""
    offered = scene_lineup(scene=Scene.objects.get(slug="bree")).default_participants()
    if not offered:
        return None
    least = offered[-1].scene_company.min_characters or 1
    return offered[-1].character.name if len(offered) > least else None


def enter_result_page(visit: Visit) -> None:
    page = visit.page
    page.get_by_role("link", name="Enter result").click()
    expect(
        page.get_by_role("heading", name=re.compile("Result of battle"))
    ).to_be_visible()


def apply(page: Page) -> None:
    page.get_by_role("button", name="Apply the result").click()


def done(visit: Visit) -> None:
    assert visit.foreign_requests == []
    assert visit.console_errors == []


@VIEWPORTS
def test_a_wrong_line_up_is_discarded_and_set_up_again(open_tab, demo, viewport, width):
    visit = open_tab(viewport, name=f"discard-{width}")
    page = visit.page
    log_in(visit, demo.username, DEMO_PASSWORD)
    set_up_bree(visit)
    visit.check("battle with the wrong line-up")

    page.get_by_role("link", name="Discard this battle").click()
    expect(page.get_by_role("heading", name="Discard battle 1?")).to_be_visible()
    expect(
        page.get_by_text("stays the current scene, ready to be set up again")
    ).to_be_visible()
    visit.check("discard confirm")
    assert Battle.objects.count() == 1, "the confirm page changed nothing"
    page.get_by_role("button", name="Discard battle 1").click()

    expect(page.get_by_text("Battle 1 is discarded.")).to_be_visible()
    expect(page.get_by_role("heading", name="Set up the battle: Bree")).to_be_visible()
    # Co-op is off: no name boxes take room on the phone until it is switched on.
    boxes = page.locator(".coop-col input")
    expect(boxes.first).to_be_hidden()
    row = page.locator("fieldset.lineup tbody tr").first.bounding_box()
    assert row["height"] < 130, f"a character's row is {row['height']}px high"
    page.get_by_label("Co-op: more than one player").check()
    expect(boxes.first).to_be_visible()
    page.get_by_label("Co-op: more than one player").uncheck()
    left_out = stays_behind()
    if left_out:
        page.get_by_label(f"{left_out} takes part").uncheck()
    visit.check("set up again")
    page.get_by_role("button", name="Set up battle").click()

    expect(
        page.get_by_role("heading", name=re.compile(r"^Battle 1: Bree"))
    ).to_be_visible()
    battle = Battle.objects.get()
    names = [p.character.name for p in battle.participants.all()]
    assert left_out is None or left_out not in names
    dashboard(visit)
    expect(
        page.get_by_text(re.compile("was discarded before it was fought"))
    ).to_be_visible()
    visit.check("dashboard after the discard")
    done(visit)


@VIEWPORTS
def test_a_contradictory_result_is_sent_back_with_its_reasons(
    open_tab, demo, viewport, width
):
    visit = open_tab(viewport, name=f"contradiction-{width}")
    page = visit.page
    log_in(visit, demo.username, DEMO_PASSWORD)
    set_up_bree(visit)
    enter_result_page(visit)
    # The form asks "killed outright" only where the scene has such a rule.
    asks = bool(Scene.objects.get(slug="bree").outright_kill_rule)
    heads = page.get_by_role("columnheader", name=re.compile("Killed outright"))
    expect(heads).to_have_count(2 if asks else 0)

    page.get_by_role("radio", name="Victory").check()
    page.get_by_label("How the battle ended").select_option("rout")
    page.get_by_label("Your side routed").check()
    page.get_by_label("Frodo Baggins: carried objective off").check()
    page.get_by_label("Samwise Gamgee: carried objective off").check()
    apply(page)

    expect(page.get_by_text("Nothing was saved")).to_be_visible()
    expect(
        page.get_by_text(
            "Your side routed and the AI side did not, so this is not a victory"
        )
    ).to_be_visible()
    expect(
        page.get_by_text(re.compile(r"One character carries each objective off"))
    ).to_be_visible()
    visit.check("contradictory result")
    assert Battle.objects.get().status == "planned"

    page.get_by_label("Your side routed").uncheck()
    page.get_by_label("The AI side routed").check()
    page.get_by_label("Samwise Gamgee: carried objective off").uncheck()
    apply(page)
    expect(page.get_by_text("A victory: the AI side routed.")).to_be_visible()
    visit.check("resolution after correcting")
    done(visit)


@VIEWPORTS
def test_a_result_is_reopened_with_what_was_entered_changed_and_applied(
    open_tab, demo, viewport, width
):
    visit = open_tab(viewport, name=f"reopen-{width}")
    page = visit.page
    log_in(visit, demo.username, DEMO_PASSWORD)
    set_up_bree(visit)
    enter_result_page(visit)
    page.get_by_role("radio", name="Victory").check()
    page.get_by_label("How the battle ended").select_option("objective")
    page.get_by_label("Peregrin Took: fallen").check()
    page.get_by_label(BREE_WON).check()
    page.get_by_label("Rounds played").fill("5")
    apply(page)
    expect(
        page.get_by_role("heading", name=re.compile("Resolution of battle 1"))
    ).to_be_visible()

    page.get_by_role("link", name="Reopen battle 1's result").click()
    expect(
        page.get_by_role("heading", name="Reopen battle 1's result?")
    ).to_be_visible()
    expect(page.get_by_text("Undo: Bree: resolved, victory")).to_be_visible()
    visit.check("reopen confirm")
    page.get_by_role("button", name="Reopen battle 1's result").click()

    expect(
        page.get_by_text(re.compile("as it was entered before it was reopened"))
    ).to_be_visible()
    expect(page.get_by_role("radio", name="Victory")).to_be_checked()
    expect(page.get_by_label("Peregrin Took: fallen")).to_be_checked()
    expect(page.get_by_label("Rounds played")).to_have_value("5")
    visit.check("reopened form")
    page.get_by_role("radio", name="Draw").check()
    page.get_by_label(BREE_WON).uncheck()
    apply(page)

    expect(page.get_by_text("A draw: the objective decided it.")).to_be_visible()
    assert Scene.objects.get(slug="bree").outcome == "draw"
    visit.check("resolution after the change")
    done(visit)


@pytest.fixture
def at_rivendell(demo):
    """The story has reached Rivendell; Frodo carries a wound that heals there."""
    rivendell = Scene.objects.get(slug="rivendell")
    Scene.objects.filter(campaign=rivendell.campaign, order__lt=rivendell.order).update(
        status="resolved", outcome="victory"
    )
    Scene.objects.filter(pk=rivendell.pk).update(status="current")
    frodo = Character.objects.get(name="Frodo Baggins")
    PersistingWound.objects.create(character=frodo, name="knife cut")
    return demo


def next_after_rivendell() -> str:
    """The scene the story moves on to after Rivendell."""
    rivendell = Scene.objects.get(slug="rivendell")
    later = Scene.objects.filter(
        campaign=rivendell.campaign, order__gt=rivendell.order, parent=None
    ).exclude(kind="larger_battle")
    return later.order_by("order").first().title


@VIEWPORTS
def test_a_rest_is_taken_and_undone(open_tab, at_rivendell, viewport, width):
    visit = open_tab(viewport, name=f"rest-{width}")
    page = visit.page
    log_in(visit, at_rivendell.username, DEMO_PASSWORD)
    dashboard(visit)
    page.get_by_role("link", name="Rest here").click()
    expect(page.get_by_role("heading", name="Rest at Rivendell?")).to_be_visible()
    expect(page.get_by_text("Frodo Baggins's knife cut heals.")).to_be_visible()
    visit.check("rest confirm")
    page.get_by_role("button", name="Rest at Rivendell").click()

    after = next_after_rivendell()
    expect(page.get_by_role("heading", name=f"Now: {after}")).to_be_visible()
    page.get_by_role("link", name="Undo the rest at Rivendell").click()
    expect(
        page.get_by_text("Undo: Frodo Baggins: knife cut healed at Rivendell")
    ).to_be_visible()
    visit.check("undo confirm")
    page.get_by_role("button", name="Undo the rest at Rivendell").click()

    expect(page.get_by_role("heading", name="Now: Rivendell")).to_be_visible()
    expect(
        page.get_by_text(re.compile("The rest at Rivendell is undone"))
    ).to_be_visible()
    assert PersistingWound.objects.get(name="knife cut").status == "open"
    visit.check("dashboard after the undo")
    done(visit)


@VIEWPORTS
def test_the_back_button_after_applying_changes_nothing(
    open_tab, demo, viewport, width
):
    visit = open_tab(viewport, name=f"back-{width}")
    page = visit.page
    log_in(visit, demo.username, DEMO_PASSWORD)
    set_up_bree(visit)
    enter_result_page(visit)
    page.get_by_role("radio", name="Defeat").check()
    page.get_by_label("How the battle ended").select_option("conceded")
    page.get_by_label("Wound tokens taken by Meriadoc Brandybuck").fill("2")
    apply(page)
    expect(
        page.get_by_role("heading", name=re.compile("Resolution of battle 1"))
    ).to_be_visible()
    effects = Battle.objects.get().effects.count()

    page.go_back()
    expect(
        page.get_by_role("heading", name=re.compile("Result of battle 1"))
    ).to_be_visible()
    visit.check("back on the form")
    apply(page)
    expect(
        page.get_by_text("This result was already applied; nothing changed.")
    ).to_be_visible()
    assert Battle.objects.get().effects.count() == effects
    visit.check("sent again")
    done(visit)
