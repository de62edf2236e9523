"""The chronicle tells the story (issue 25 part 6, issue 24 part 14): the
scene's own words after a victory or a defeat, the moments of the table log,
the commanders as they were, discards and reopenings where they happened; on
paper, a first page that is more than a title, the table log as highlights
with the full log in an appendix, and notes that print (emoji refused)."""

from __future__ import annotations

import io

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse
from pypdf import PdfReader

from campaigns.models import Scene
from campaigns.selectors.table_context import table_context
from campaigns.services.battle_discard import battle_discard
from campaigns.services.battle_notes import battle_notes_update
from campaigns.services.result_apply import result_apply
from campaigns.services.result_reopen import result_reopen
from campaigns.services.table_log import table_entry_add
from engines.table.moves import BeginRound, TellTap

pytestmark = pytest.mark.django_db


def page(client, campaign) -> str:
    url = reverse("campaigns:chronicle", kwargs={"slug": campaign.slug})
    html = client.get(url).content.decode()
    return html.replace("<bdi>", "").replace("</bdi>", "").replace("&#x27;", "'")


def pdf_pages(client, campaign) -> list[str]:
    url = reverse("campaigns:chronicle_pdf", kwargs={"slug": campaign.slug})
    reader = PdfReader(io.BytesIO(client.get(url).content))
    return [" ".join((p.extract_text() or "").split()) for p in reader.pages]


@pytest.fixture
def scene_words(skirmish):
    Scene.objects.filter(pk=skirmish.scene.pk).update(
        after_victory_text="The hobbits were safe in the boats by nightfall.",
        after_defeat_text="The Uruk-hai carried the hobbits off towards Isengard.",
    )


@pytest.mark.parametrize(
    ("outcome", "told", "untold"),
    [
        ("victory", "safe in the boats", "carried the hobbits off"),
        ("defeat", "carried the hobbits off", "safe in the boats"),
        ("draw", None, "carried the hobbits off"),
    ],
)
def test_a_battle_is_told_with_the_scenes_words_for_its_outcome(
    owner, skirmish, result_data, scene_words, outcome, told, untold
):
    battle = skirmish.set_up()
    result_apply(battle=battle, data=result_data(battle, outcome))
    html = page(owner, skirmish.campaign)
    assert (told is None or told in html, untold in html) == (True, False)


def test_a_discard_is_told_where_it_happened(owner, skirmish, result_data):
    """The discarded setup stands before the battle fought in its place."""
    battle_discard(battle=skirmish.set_up())
    fought = skirmish.set_up()
    result_apply(battle=fought, data=result_data(fought))
    html = page(owner, skirmish.campaign)
    discarded = html.index("Battle 1 at Amon Hen")
    assert "was discarded before it was fought" in html
    assert discarded < html.index(f'id="battle-{fought.number}"')


def test_a_reopening_is_told_in_its_battle(owner, skirmish, result_data):
    battle = skirmish.set_up()
    result_apply(battle=battle, data=result_data(battle, "victory"))
    result_reopen(battle=battle)
    battle.refresh_from_db()
    result_apply(battle=battle, data=result_data(battle, "defeat"))
    assert "Its result was reopened once and entered again" in page(
        owner, skirmish.campaign
    )


def test_a_battle_shows_its_commanders_as_they_were(owner, skirmish, result_data):
    """Aragorn led battle 1 as Bold; its victory made him Rash, which the
    chronicle does not print back onto battle 1."""
    first = skirmish.set_up()
    result_apply(battle=first, data=result_data(first, "victory"))
    html = page(owner, skirmish.campaign)
    assert (
        "Aragorn (Bold, average) led your side." in html,
        "Aragorn (Rash" in html,
    ) == (
        True,
        False,
    )


def played_at_the_table(skirmish, result_data):
    """Amon Hen played in table mode: round 1, then the first character
    falls; then the result applied."""
    battle = skirmish.set_up()
    table_entry_add(battle=battle, version=0, action=BeginRound(sightings={}))
    table_entry_add(
        battle=battle,
        version=1,
        action=TellTap(tap="wound", key=table_context(battle=battle).fighters[0].key),
    )
    table_entry_add(
        battle=battle,
        version=2,
        action=TellTap(tap="fell", key=table_context(battle=battle).fighters[1].key),
    )
    result_apply(battle=battle, data=result_data(battle))
    return battle


def test_the_table_logs_moments_are_told_and_a_wound_token_is_not(
    owner, skirmish, result_data
):
    played_at_the_table(skirmish, result_data)
    html = page(owner, skirmish.campaign)
    moments = html[html.index('class="chronicle-moments"') :]
    moments = moments[: moments.index("</ul>")]
    assert ("Round 1: Merry fell." in moments, "wound token" in moments) == (
        True,
        False,
    )


def test_the_pdfs_first_page_is_more_than_a_title(owner, skirmish, result_data):
    battle = skirmish.set_up()
    result_apply(battle=battle, data=result_data(battle, "victory"))
    first = pdf_pages(owner, skirmish.campaign)[0]
    assert "1 battle fought: 1 victory." in first and "Amon Hen" in first


def test_the_pdf_tells_moments_and_keeps_the_full_log_in_an_appendix(
    owner, skirmish, result_data
):
    played_at_the_table(skirmish, result_data)
    pages = pdf_pages(owner, skirmish.campaign)
    story, appendix = " ".join(pages[:-1]), pages[-1]
    assert (
        "Round 1: Merry fell." in story,
        "took a wound token" in story,
        "Appendix" in appendix and "took a wound token" in appendix,
    ) == (True, False, True)


def test_emoji_in_notes_are_refused_with_the_printed_fields_message(skirmish):
    battle = skirmish.set_up()
    with pytest.raises(ValidationError, match="cannot show 🐉"):
        battle_notes_update(battle=battle, notes="Here be 🐉 dragons")


def test_the_notes_form_says_why_an_emoji_is_refused(owner, skirmish):
    battle = skirmish.set_up()
    url = reverse(
        "campaigns:battle_notes",
        kwargs={"slug": skirmish.campaign.slug, "battle_id": battle.pk},
    )
    html = owner.post(url, {"notes": "Gone 🙂"}).content.decode()
    battle.refresh_from_db()
    assert ("cannot show 🙂" in html, battle.notes) == (True, "")


def test_a_resolved_battles_page_shows_its_commanders_as_they_were(
    owner, skirmish, result_data
):
    """The battle page too: Aragorn led battle 1 as Bold, whatever he is now."""
    first = skirmish.set_up()
    result_apply(battle=first, data=result_data(first, "victory"))
    html = owner.get(
        reverse(
            "campaigns:battle_detail",
            kwargs={"slug": skirmish.campaign.slug, "battle_id": first.pk},
        )
    ).content.decode()
    html = html.replace("<bdi>", "").replace("</bdi>", "")
    told = ("Aragorn (Bold, average) led your side." in html, "Aragorn (Rash" in html)
    assert told == (True, False)


@pytest.mark.parametrize(
    ("kind", "data", "text", "told"),
    [
        (
            "round",
            {"event": {"card": "Q♥", "title": "Reinforcements."}},
            "Round 2 begins.",
            "Round 2: the Q♥ drawn brought “Reinforcements”.",
        ),
        ("round", {"event": None}, "Round 2 begins.", ""),
        (
            "tap",
            {"tap": "carried_off"},
            "Sam carried an objective off.",
            "Round 2: Sam carried an objective off.",
        ),
        (
            "tap",
            {"tap": "wound", "falls": True},
            "Sam took a wound and fell.",
            "Round 2: Sam took a wound and fell.",
        ),
        ("tap", {"tap": "wound", "falls": False}, "Sam took a wound token.", ""),
        ("activation", {}, "Uglúk charges Sam.", ""),
        (
            "end",
            {},
            "The battle ends: the AI side routed.",
            "Round 2: The battle ends: the AI side routed.",
        ),
    ],
)
def test_the_moments_of_a_table_log(kind, data, text, told):
    """Falls, routs, events drawn, objectives carried off and the end are
    moments; a wound token kept on its feet, an activation, a round without an
    event are not."""
    from campaigns.models import TableEntry
    from campaigns.selectors.chronicle_story import _moment

    assert _moment(TableEntry(kind=kind, round=2, text=text, data=data)) == told
