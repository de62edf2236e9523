"""The battle pack (issue 5): the paper that runs the robot opponent at the table.

The PDF is read back with pypdf and pdfplumber and checked for what a player
looks for: pages, names, the doctrine's every step, the wounds already marked,
cards that hold their text, both paper sizes. Layout details that need no PDF
are checked on the HTML, which is quicker.
"""

from __future__ import annotations

import math
import re

import pytest
from django.urls import reverse
from django.utils.html import escape

from campaigns.models import (
    BattleParticipant,
    Character,
    Company,
    Event,
    EventDeck,
    PersistingWound,
)
from campaigns.printing.battle_pack import (
    battle_pack_context,
    battle_pack_html,
    battle_pack_pdf,
)
from campaigns.printing.render import StaticOnlyFetcher, html_to_pdf, static_root
from campaigns.selectors.battle_pack import battle_pack_data
from campaigns.selectors.doctrine_settings import doctrine_settings
from engines.doctrines import procedure as procedure_of
from engines.events import EVENT_KEYS
from tests.campaigns.pack_helpers import (
    cell_lines,
    cell_texts,
    chars_outside_cards,
    page_sizes,
    page_texts,
    pages_with,
    squash,
)
from tests.campaigns.stored_packs import pack_stored_by_worker

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def media(settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path / "media"


def prose(length: int, seed: str = "") -> str:
    """Ordinary words, exactly ``length`` characters long."""
    words = (
        f"{seed} Strikes twice when the wind is against him; his blows shake "
        "shields and his voice steadies the line while the enemy wavers. "
    )
    return (words * (length // len(words) + 1))[:length].strip().ljust(length, "x")


# --- pages and names ---------------------------------------------------------------


@pytest.fixture
def battle(make_pack_battle):
    return make_pack_battle(players=4, ai=3)


@pytest.fixture
def pdf(battle):
    return battle_pack_pdf(battle)


def test_the_pack_has_a_page_for_each_part(battle, pdf):
    """Setup sheet, one AI card, one sheet of seven cards, the result form."""
    assert len(page_texts(pdf)) == 4


def test_every_participant_is_named(battle, pdf):
    text = " ".join(page_texts(pdf))
    names = [p.character.name for p in battle.participants.select_related("character")]
    assert [name for name in names if name not in text] == []


def test_the_scenario_is_named_on_the_setup_sheet(battle, pdf):
    assert battle.scenario_name in page_texts(pdf)[0]


def test_the_setup_sheet_prints_the_seed_and_the_dice_log(battle, pdf):
    from engines.dice import LogEntry

    first = page_texts(pdf)[0]
    lines = [LogEntry.from_dict(e).describe() for e in battle.dice_log]
    assert str(battle.setup_seed) in first and all(
        squash(line) in first for line in lines
    )


def test_the_renderer_fetches_only_the_print_css_and_fonts(battle):
    fetcher = StaticOnlyFetcher(static_root=static_root())
    html_to_pdf(battle_pack_html(battle), fetcher=fetcher)
    assert (fetcher.refused, [u.rsplit("/", 1)[-1] for u in fetcher.served]) == (
        [],
        ["print.css", "DejaVuSansCondensed.ttf", "DejaVuSansCondensed-Bold.ttf"],
    )


# --- the AI reference cards ----------------------------------------------------------


def doctrine_lines(battle) -> list[str]:
    """Everything the engine's step table prints for the battle's AI company,
    with this battle's settings."""
    data = battle_pack_data(battle=battle)
    (company,) = [c for c in data["companies"] if c["side"] == "ai"]
    settings = doctrine_settings(
        scene=battle.scene, starting_mode=company["starting_mode"]
    )
    procedure = procedure_of(company["doctrine"], settings)
    lines = []
    for section in procedure.sections:
        lines += [section.title, section.intro, *section.notes]
        for step in section.steps:
            lines += [step.when, step.then]
            for table in step.tables:
                lines += [table.title]
                lines += [f"{row.roll} {row.result}" for row in table.rows]
    for table in procedure.tables:
        lines += [table.title] + [f"{row.roll} {row.result}" for row in table.rows]
    lines += procedure.notes
    return [squash(line) for line in lines if line]


@pytest.mark.parametrize("doctrine", ["priority", "deck", "horde", "pursuit"])
def test_the_ai_card_prints_every_step_of_its_doctrine_on_one_page(
    make_pack_battle, doctrine
):
    """Every step, word for word (with the pack's one inch mark), on one page
    for a small company and no random events; the deck's card, with its suits,
    picture cards, defensive draw and trigger table at the 8 pt floor, on the
    front and back of one sheet."""
    pages = 2 if doctrine == "deck" else 1
    battle = make_pack_battle(doctrine=doctrine, scene={"reinforcements": True})
    texts = page_texts(battle_pack_pdf(battle))
    cards = pages_with(texts, "AI REFERENCE CARD")
    assert len(cards) == pages and len(texts) == 3 + pages
    # A line may break after the hyphen of "pre-activation": join it again.
    card = " ".join(texts[n] for n in cards).replace("- ", "-")
    lines = [re.sub(r'(?<=\d)"', "\u2033", line) for line in doctrine_lines(battle)]
    assert [line for line in lines if line not in card] == []


def test_the_horde_card_names_the_mode_the_battle_starts_in(make_pack_battle):
    battle = make_pack_battle(doctrine="horde", scene={"horde_start_mode": "frenzy"})
    html = battle_pack_html(battle)
    assert "The horde starts this battle in frenzy mode." in html


def test_the_deck_card_prints_the_trigger_distances(make_pack_battle):
    battle = make_pack_battle(doctrine="deck")
    texts = page_texts(battle_pack_pdf(battle))
    card = " ".join(texts[n] for n in pages_with(texts, "AI REFERENCE CARD"))
    assert "A 2\u2033 (one pip)" in card and "10 20\u2033" in card


def test_the_setup_sheet_shows_what_each_leader_changed(make_pack_battle):
    """A Rash AI commander: +1 to the stance roll, −1 to scout selection; a
    superior one adds 4 to the scouting score; the player's average one 2."""
    battle = make_pack_battle()
    sheet = page_texts(battle_pack_pdf(battle))[0]
    assert all(
        text in sheet
        for text in (
            "(Rash, Superior): stance roll +1, scout selection \u22121, scouting "
            "score +4",
            "(Bold, Average): scouting score +2",
            "AI stance: D6",
        )
    )


def test_a_fixed_scenario_prints_no_commander_or_scouting_rows(make_pack_battle):
    battle = make_pack_battle(
        scene={
            "scenario_mode": "fixed",
            "custom_scenario_name": "Hold the ford",
            "custom_scenario_setup": "Hold it.",
        },
        stance=None,
    )
    sheet = page_texts(battle_pack_pdf(battle))[0]
    assert ("leader" in sheet, "Scouting" in sheet, "Dice log" in sheet) == (
        False,
        False,
        False,
    )


def test_with_random_events_one_page_tells_them_and_the_ai_card_tracks_them(
    make_pack_battle, campaign
):
    deck = EventDeck.objects.create(slug="tiny-deck", name="Tiny")
    for key in EVENT_KEYS:
        Event.objects.create(
            deck=deck, card=key, title=f"Event {key}", text=prose(600, key)
        )
    campaign.event_deck = deck
    campaign.random_events = True
    campaign.save()
    battle = make_pack_battle(doctrine="deck")
    texts = page_texts(battle_pack_pdf(battle))
    card = " ".join(texts[n] for n in pages_with(texts, "AI REFERENCE CARD"))
    events_page = texts[pages_with(texts, "Random events: the AI deck")[0]]
    # Setup sheet, the deck card's two pages at 8 pt, events, cards, result.
    assert len(texts) == 6
    assert not any(f"Event {key}" in card for key in EVENT_KEYS)
    assert "Events drawn" in card
    assert all(squash(prose(600, key))[:200] in events_page for key in EVENT_KEYS)


# --- character cards -----------------------------------------------------------------


def test_a_right_to_left_name_is_isolated_on_paper_and_others_left_alone(battle):
    """A name that could turn its line around is set between the Unicode
    isolates wherever the pack prints it; a left-to-right name is printed as
    it is, with no markup around it."""
    first, second = battle.participants.filter(side="player").order_by("order")[:2]
    rtl = first.character
    rtl.name = "אראגורן \u202e"
    rtl.save()
    plain = second.character.name
    html = battle_pack_html(battle)
    assert (
        html.count("\u2068אראגורן \u202e\u2069") >= 2,
        "אראגורן \u202e<" in html,
        f">{escape(plain)}<" in html,
        "<bdi>" in html,
    ) == (True, False, True, False)


def test_open_wounds_are_marked_and_named_on_the_card(battle):
    ranger = battle.participants.filter(side="player").first().character
    ranger.wound_slots = 3
    ranger.save()
    PersistingWound.objects.create(
        character=ranger, name="Morgul-blade wound", rules_text="−1 defence."
    )
    PersistingWound.objects.create(character=ranger, name="Black Breath")
    PersistingWound.objects.create(
        character=ranger, name="Healed scratch", status="healed"
    )
    pdf = battle_pack_pdf(battle)
    cells = cell_texts(pdf, 2, "A4")
    card = next(text for text in cells if ranger.name in text)
    assert (
        "❶ Morgul-blade wound: −1 defence." in card
        and "❷ Black Breath" in card
        and "Healed scratch" not in card
    )


def test_a_wound_taken_in_this_battle_is_not_marked_on_its_card(battle):
    ranger = battle.participants.filter(side="player").first().character
    PersistingWound.objects.create(
        character=ranger, name="Fresh cut", battle_taken=battle
    )
    assert "Fresh cut" not in battle_pack_html(battle)


def test_player_and_ai_cards_are_told_apart(battle):
    context = battle_pack_context(battle_pack_data(battle=battle))
    cards = [card for sheet in context["card_sheets"] for card in sheet["cards"]]
    assert {(c["side"], c["side_label"], c["is_ai"]) for c in cards} == {
        ("player", "Player", False),
        ("ai", "AI", True),
    }


def test_lost_and_missing_scouts_get_no_card_but_are_listed(battle):
    lost, missing = battle.participants.filter(side="player")[:2]
    BattleParticipant.objects.filter(pk=lost.pk).update(scout=True, mishap="lost")
    BattleParticipant.objects.filter(pk=missing.pk).update(scout=True, mishap="misses")
    context = battle_pack_context(battle_pack_data(battle=battle))
    names = [c["name"] for sheet in context["card_sheets"] for c in sheet["cards"]]
    statuses = {s["title"]: s["names"] for s in context["setup"]["statuses"]}
    assert lost.character.name not in names and missing.character.name not in names
    assert (lost.character.name, "player") in statuses["Lost scouts"]
    assert (missing.character.name, "player") in statuses["Missing"]


def longest(battle, *, wounds: int = 1, weird: bool = False) -> Character:
    """Give one player character and its company the longest values allowed."""
    participant = battle.participants.filter(side="player").first()
    character = participant.character
    text = (lambda n, s="": "W" * n) if weird else prose
    Company.objects.filter(pk=character.company_id).update(
        name=text(Company._meta.get_field("name").max_length, "Company")
    )
    character.name = text(Character._meta.get_field("name").max_length, "Name")
    character.special_rules = text(
        Character._meta.get_field("special_rules").max_length, "Special"
    )
    character.wound_slots = 6
    character.shooting_range = 48
    character.save()
    name_length = PersistingWound._meta.get_field("name").max_length
    rules_length = PersistingWound._meta.get_field("rules_text").max_length
    for n in range(wounds):
        PersistingWound.objects.create(
            character=character,
            name=text(name_length, f"Wound {n}"),
            rules_text=text(rules_length, f"Rules {n}"),
        )
    BattleParticipant.objects.filter(pk=participant.pk).update(
        disorganized=True, scout=True
    )
    return character


@pytest.mark.parametrize("paper", ["A4", "LETTER"])
def test_a_card_with_the_longest_values_keeps_its_text_inside(battle, campaign, paper):
    campaign.paper_size = paper
    campaign.save()
    character = longest(battle)
    context = battle_pack_context(battle_pack_data(battle=battle))
    cards = [c for sheet in context["card_sheets"] for c in sheet["cards"]]
    assert [c["parts"] for c in cards if c["name"] == character.name] == [1]
    pdf = battle_pack_pdf(battle)
    texts = page_texts(pdf)
    card_pages = [
        i
        for i, t in enumerate(texts)
        if "Wounds" in t and "Attack" in t and "AI REFERENCE" not in t
    ]
    assert (len(texts), card_pages) == (4, [2])
    assert chars_outside_cards(pdf, card_pages, paper) == []
    cells = cell_texts(pdf, 2, paper)
    index = next(i for i, cell in enumerate(cells) if squash(character.name) in cell)
    *text, flags = cell_lines(pdf, 2, paper, index)
    assert flags[2] == "Disorganized" and flags[0] >= max(b for _t, b, _ in text)


def test_a_card_too_full_for_seven_points_goes_on_a_second_card(battle):
    """Six slots of the widest letters: the text needs a continuation card,
    and every letter stays inside its card."""
    character = longest(battle, wounds=5, weird=True)
    context = battle_pack_context(battle_pack_data(battle=battle))
    parts = [
        c
        for sheet in context["card_sheets"]
        for c in sheet["cards"]
        if c["name"] == character.name
    ]
    pdf = battle_pack_pdf(battle)
    texts = page_texts(pdf)
    card_pages = [
        i
        for i, t in enumerate(texts)
        if "Wounds" in t and "Attack" in t and "AI REFERENCE" not in t
    ]
    assert len(parts) > 1 and all(c["body_class"] == "s70" for c in parts)
    assert chars_outside_cards(pdf, card_pages, "A4") == []


def test_cards_come_nine_to_a_sheet(make_pack_battle):
    battle = make_pack_battle(players=8, ai=5)
    texts = page_texts(battle_pack_pdf(battle))
    card_pages = [
        i
        for i, t in enumerate(texts)
        if "Wounds" in t and "Attack" in t and "AI REFERENCE" not in t
    ]
    assert len(card_pages) == math.ceil(13 / 9)


# --- paper sizes -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("paper", "size"), [("A4", (595, 842)), ("LETTER", (612, 792))]
)
def test_every_page_has_the_campaigns_paper_size(battle, campaign, paper, size):
    campaign.paper_size = paper
    campaign.save()
    assert set(page_sizes(battle_pack_pdf(battle))) == {size}


# --- the result form ---------------------------------------------------------------


def test_the_result_form_follows_participant_order_and_marks_the_missing(battle):
    """Every participant in order, so the numbers run without a gap; the one
    who misses the battle is marked so, with nothing to record."""
    missing = battle.participants.filter(side="player").last()
    BattleParticipant.objects.filter(pk=missing.pk).update(scout=True, mishap="misses")
    rows = battle_pack_context(battle_pack_data(battle=battle))["result"]["rows"]
    expected = [
        (p.character.name, p.mishap == "misses")
        for p in battle.participants.order_by("order").select_related("character")
    ]
    assert (missing.character.name, True) in expected
    assert [(row["name"], row["absent"]) for row in rows] == expected
    text = " ".join(page_texts(battle_pack_pdf(battle)))
    assert (
        f"{missing.character.name} Player Misses the battle: nothing to record" in text
    )


def test_a_lost_scout_is_marked_fallen_on_the_result_form(battle):
    lost = battle.participants.filter(side="player").first()
    BattleParticipant.objects.filter(pk=lost.pk).update(scout=True, mishap="lost")
    rows = battle_pack_context(battle_pack_data(battle=battle))["result"]["rows"]
    assert [row["fallen"] for row in rows if row["id"] == lost.pk] == [True]


def test_the_qr_code_leads_to_the_result_page(battle, settings):
    settings.SITE_URL = "https://chronicle.example"
    data = battle_pack_data(battle=battle)
    path = reverse(
        "campaigns:result_entry",
        kwargs={"slug": battle.campaign.slug, "battle_id": battle.pk},
    )
    assert data["result_url"] == f"https://chronicle.example{path}"


def test_the_qr_code_is_a_path_of_numbers_with_no_image_url(battle):
    html = battle_pack_html(battle, site_url="https://chronicle.example")
    qr = html[html.index('aria-label="QR code') :]
    qr = qr[: qr.index("</svg>")]
    path = qr[qr.index('d="') + 3 :]
    path = path[: path.index('"')]
    assert set(path) <= set("Mhvz-0123456789 ") and "data:" not in html


# --- co-op, re-rolls, escaping -------------------------------------------------------


def test_every_human_general_is_on_the_setup_sheet_with_their_characters(
    make_pack_battle,
):
    battle = make_pack_battle(players=4, coop=("Ann", "Bob"))
    texts = page_texts(battle_pack_pdf(battle))
    by_player = {
        name: [
            p.character.name
            for p in battle.participants.filter(coop_player=name).select_related(
                "character"
            )
        ]
        for name in ("Ann", "Bob")
    }
    assert pages_with(texts, "Co-op: the human generals") == [0]
    assert all(
        f"{turn}. {name} {', '.join(by_player[name])}" in texts[0]
        for turn, name in ((1, "Ann"), (2, "Bob"))
    )
    assert "Ann → AI → Bob → AI" in texts[0]


def test_a_character_card_names_the_general_who_commands_it(make_pack_battle):
    battle = make_pack_battle(players=2, coop=("Ann", "Bob"))
    context = battle_pack_context(battle_pack_data(battle=battle))
    flags = {
        c["name"]: c["flags"]
        for sheet in context["card_sheets"]
        for c in sheet["cards"]
        if not c["is_ai"]
    }
    assert sorted(flags.values()) == [["Commanded by Ann"], ["Commanded by Bob"]]


def test_a_rerolled_setup_says_how_many_times_it_was_rolled(battle):
    from campaigns.services.battle_setup import battle_reroll

    battle = battle_reroll(battle=battle, seed=2)
    assert "setup rolled 2 times" in squash(battle_pack_html(battle))


def test_user_text_is_escaped(battle):
    ranger = battle.participants.filter(side="player").first().character
    ranger.name = '<img src="file:///etc/passwd">'
    ranger.special_rules = "<script>alert(1)</script>"
    ranger.save()
    html = battle_pack_html(battle)
    assert "<script>" not in html and "<img" not in html
    assert "&lt;script&gt;" in html


def test_the_pack_reads_the_database_a_fixed_number_of_times(
    make_pack_battle, django_assert_num_queries
):
    small = make_pack_battle(players=2, ai=1)
    large = make_pack_battle(players=12, ai=9)
    for battle in (small, large):
        for p in battle.participants.all()[:3]:
            PersistingWound.objects.create(character=p.character)
    with django_assert_num_queries(6):
        battle_pack_data(battle=small)
    with django_assert_num_queries(6):
        battle_pack_data(battle=large)


# --- the page ---------------------------------------------------------------------


def pack_url(battle) -> str:
    return reverse(
        "campaigns:battle_pack",
        kwargs={"slug": battle.campaign.slug, "battle_id": battle.pk},
    )


def get(client, url, **headers):
    """The response with its body read (a streamed body to its end). Closing it
    by hand would send request_finished and drop the test's DB connection."""
    response = client.get(url, headers=headers)
    response.body = (
        b"".join(response.streaming_content) if response.streaming else response.content
    )
    return response


def test_the_owner_downloads_the_pack(client, user, battle):
    client.force_login(user)
    pack_stored_by_worker(battle)
    response = get(client, pack_url(battle))
    body = response.body
    assert (response.status_code, response["Content-Type"], body[:5]) == (
        200,
        "application/pdf",
        b"%PDF-",
    )


def test_a_member_downloads_the_pack(client, django_user_model, campaign, battle):
    member = django_user_model.objects.create_user(username="sam")
    campaign.members.add(member)
    client.force_login(member)
    assert get(client, pack_url(battle)).status_code == 200


def test_a_stranger_is_told_there_is_no_such_pack(client, other_user, battle):
    client.force_login(other_user)
    assert client.get(pack_url(battle)).status_code == 404


def test_an_anonymous_visitor_is_sent_to_log_in(client, battle):
    response = client.get(pack_url(battle))
    assert (response.status_code, response["Location"].split("?")[0]) == (
        302,
        reverse("login"),
    )


def test_a_battle_of_another_campaign_is_not_found(client, user, battle, make_campaign):
    other = make_campaign(owner=user)
    client.force_login(user)
    url = reverse(
        "campaigns:battle_pack", kwargs={"slug": other.slug, "battle_id": battle.pk}
    )
    assert client.get(url).status_code == 404
