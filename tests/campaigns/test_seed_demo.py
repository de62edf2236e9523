"""seed_demo (SITE.md "Commands"): adds whatever of the demo is missing, never
touches play state, keeps and prints the login; --reset restores the start."""

from __future__ import annotations

import json
import shutil
from io import StringIO
from pathlib import Path

import pytest
from django.conf import settings as django_settings
from django.contrib.auth import authenticate, get_user_model
from django.core.management import CommandError, call_command

from campaigns.models import (
    Battle,
    Campaign,
    Character,
    Commander,
    EventDeck,
    PersistingWound,
    Scene,
)
from campaigns.services.demo import DemoSeedError, demo_seed
from campaigns.transfer import campaign_export
from tests.campaigns.dump import database_dump

pytestmark = pytest.mark.django_db

DATA = Path(__file__).parent / "data"
REAL_FIXTURES = Path(django_settings.BASE_DIR) / "fixtures"


@pytest.fixture(autouse=True)
def _login_file(settings, tmp_path):
    """Never touch the developer's own .demo-login."""
    settings.DEMO_LOGIN_FILE = tmp_path / ".demo-login"
    settings.DEMO_FIXTURES_DIR = DATA
    return settings.DEMO_LOGIN_FILE


@pytest.fixture
def fixtures_copy(tmp_path) -> Path:
    """The small test data in a folder a test may change."""
    target = tmp_path / "fixtures"
    shutil.copytree(DATA, target)
    return target


def dump() -> dict[str, list[dict]]:
    """Every campaign row and the users: equal dumps, equal databases."""
    return database_dump()


def seed(**kwargs):
    return demo_seed(**kwargs)


# --- loading ------------------------------------------------------------------------


def test_the_demo_loads_with_its_owner_and_deck():
    seed()
    campaign = Campaign.objects.get(slug="war-of-the-ring")
    assert (campaign.owner.username, campaign.event_deck.slug) == ("demo", "tiny")


def test_the_deck_gets_its_twelve_events():
    seed()
    assert EventDeck.objects.get(slug="tiny").events.count() == 12


def test_scenes_are_ordered_by_position_times_ten():
    seed()
    orders = list(Scene.objects.values_list("slug", "order"))
    assert orders == [
        ("bree-bridge", 10),
        ("rivendell", 20),
        ("moria", 30),
        ("balins-tomb", 40),
        ("the-bridge-of-khazad-dum", 50),
    ]


def test_the_first_fighting_scene_becomes_current():
    seed()
    campaign = Campaign.objects.get(slug="war-of-the-ring")
    assert campaign.current_scene().slug == "bree-bridge"


def test_characters_are_in_card_order_by_position():
    seed()
    goblins = Character.objects.filter(company__name="Goblins")
    assert [(c.name, c.card_order) for c in goblins] == [
        ("Goblin", 1),
        ("Goblin", 2),
        ("Cave troll", 3),
    ]


def test_missing_keys_take_the_model_defaults():
    seed()
    troll = Character.objects.get(name="Cave troll")
    assert (troll.move, troll.shooting_range, troll.special_rules) == (6, None, "")


def test_scene_details_are_loaded():
    seed()
    bridge = Scene.objects.get(slug="bree-bridge")
    moria = Scene.objects.get(slug="moria")
    assert (
        list(bridge.quarry.values_list("name", flat=True)),
        bridge.next_on_victory.slug,
        bridge.next_on_defeat.slug,
        bridge.scene_companies.get(company__name="Goblins").doctrine(),
        moria.special_wound_name,
        list(moria.sub_scenes.values_list("slug", flat=True)),
        Scene.objects.get(slug="balins-tomb").objectives.get().victory_points,
    ) == (
        ["Frodo"],
        "moria",
        "rivendell",
        "pursuit",
        "Troll bruise",
        ["balins-tomb", "the-bridge-of-khazad-dum"],
        3,
    )


def test_the_reinforcement_template_is_the_first_of_its_name():
    seed()
    goblins = Character.objects.filter(company__name="Goblins", name="Goblin")
    template = goblins.first().company.reinforcement_template
    assert template == goblins.order_by("card_order").first()


# --- idempotence and play state ------------------------------------------------------


def test_running_twice_changes_nothing_the_second_time():
    seed()
    before = dump()
    second = seed()
    assert (dump(), second.added) == (before, {})


def test_the_command_twice_changes_nothing_the_second_time():
    call_command("seed_demo", stdout=StringIO())
    before = dump()
    out = StringIO()
    call_command("seed_demo", stdout=out)
    assert dump() == before
    assert "nothing to add" in out.getvalue()


def test_play_state_is_never_touched():
    seed()
    bridge = Scene.objects.get(slug="bree-bridge")
    frodo = Character.objects.get(name="Frodo")
    battle = Battle.objects.create(scene=bridge, status="resolved")
    wound = PersistingWound.objects.create(character=frodo, battle_taken=battle)
    bridge.status, bridge.outcome = "resolved", "defeat"
    bridge.save()
    Scene.objects.filter(slug="rivendell").update(status="current")
    Commander.objects.filter(name="Aragorn").update(reputation="cautious")
    Character.objects.filter(name="Legolas").update(alive=False)
    before = dump()

    seed()

    assert dump() == before
    assert PersistingWound.objects.get() == wound


def test_a_campaign_that_is_here_is_left_alone_even_with_rows_gone():
    """The campaign is play state: seeding adds it when it is missing, never
    rows inside it."""
    seed()
    Character.objects.get(name="Legolas").delete()
    Scene.objects.get(slug="rivendell").delete()
    before = dump()
    result = seed()
    assert (dump(), result.added) == (before, {})


def test_a_missing_deck_is_added_back_and_nothing_else_changes():
    seed()
    Campaign.objects.all().delete()
    EventDeck.objects.all().delete()
    result = seed()
    assert result.added == {"event decks": 1, "campaign": 1}


def test_reset_restores_the_starting_state():
    seed()
    start = {
        "scenes": list(Scene.objects.values_list("slug", "status", "outcome")),
        "commanders": list(Commander.objects.values_list("name", "reputation")),
        "characters": list(Character.objects.values_list("name", "alive")),
    }
    bridge = Scene.objects.get(slug="bree-bridge")
    battle = Battle.objects.create(scene=bridge, status="resolved")
    PersistingWound.objects.create(
        character=Character.objects.get(name="Frodo"), battle_taken=battle
    )
    bridge.status, bridge.outcome = "resolved", "victory"
    bridge.save()
    Commander.objects.filter(name="Aragorn").update(reputation="rash")
    Character.objects.filter(name="Legolas").update(alive=False)

    seed(reset=True)

    assert {
        "scenes": list(Scene.objects.values_list("slug", "status", "outcome")),
        "commanders": list(Commander.objects.values_list("name", "reputation")),
        "characters": list(Character.objects.values_list("name", "alive")),
    } == start
    assert not Battle.objects.exists()
    assert not PersistingWound.objects.exists()


def test_reset_through_the_command(_login_file):
    call_command("seed_demo", stdout=StringIO())
    Commander.objects.filter(name="Aragorn").update(reputation="rash")
    call_command("seed_demo", "--reset", stdout=StringIO())
    assert Commander.objects.get(name="Aragorn").reputation == "bold"


def test_reset_keeps_other_campaigns(make_campaign):
    other = make_campaign()
    seed()
    seed(reset=True)
    assert Campaign.objects.filter(pk=other.pk).exists()


# --- the login ----------------------------------------------------------------------


def test_the_login_file_holds_a_generated_password_that_works(_login_file):
    login = seed()
    assert f"password={login.password}" in _login_file.read_text().splitlines()
    assert authenticate(username="demo", password=login.password) is not None


def test_the_same_password_is_printed_every_time():
    first = seed()
    assert seed().password == first.password


def test_the_command_prints_the_login():
    out = StringIO()
    call_command("seed_demo", "--password", "mellon-friend", stdout=out)
    assert "Log in at http://127.0.0.1:8000/ as demo / mellon-friend" in out.getvalue()


def test_a_given_password_is_set_and_kept(_login_file):
    seed(password="speak-friend")
    later = seed()
    assert (later.password, "password=speak-friend" in _login_file.read_text()) == (
        "speak-friend",
        True,
    )
    assert authenticate(username="demo", password="speak-friend") is not None


def test_a_stale_login_file_is_made_true_again(_login_file):
    seed(password="one")
    user = get_user_model().objects.get(username="demo")
    user.set_password("changed-elsewhere")
    user.save()
    seed()
    assert authenticate(username="demo", password="one") is not None


# --- bad arguments and bad data ------------------------------------------------------


@pytest.mark.parametrize("password", ["", "   ", " padded ", "two\nlines"])
def test_a_bad_password_is_a_one_line_command_error(password):
    with pytest.raises(CommandError) as caught:
        call_command("seed_demo", "--password", password, stdout=StringIO())
    assert "\n" not in str(caught.value)
    assert not Campaign.objects.exists()


def test_a_missing_campaign_file_is_a_one_line_error(fixtures_copy):
    (fixtures_copy / "demo" / "war_of_the_ring.json").unlink()
    with pytest.raises(DemoSeedError, match="is missing"):
        seed(fixtures_dir=fixtures_copy)


def test_broken_json_is_a_one_line_error(fixtures_copy):
    (fixtures_copy / "demo" / "war_of_the_ring.json").write_text("{")
    with pytest.raises(DemoSeedError, match="not valid JSON"):
        seed(fixtures_dir=fixtures_copy)


def _edit(path: Path, change) -> None:
    data = json.loads(path.read_text())
    change(data)
    path.write_text(json.dumps(data))


def test_a_deck_without_twelve_events_is_refused(fixtures_copy):
    _edit(
        fixtures_copy / "event_decks" / "tiny.json",
        lambda data: data["events"].pop(),
    )
    with pytest.raises(DemoSeedError, match="tiny.json: .*missing: Jack of diamonds"):
        seed(fixtures_dir=fixtures_copy)


def test_an_invalid_value_names_the_object_and_loads_nothing(fixtures_copy):
    def bad_slots(data):
        data["characters"][0]["wound_slots"] = 7

    _edit(fixtures_copy / "demo" / "war_of_the_ring.json", bad_slots)
    with pytest.raises(DemoSeedError, match=r"characters\[0\]\.wound_slots: Ensure"):
        seed(fixtures_dir=fixtures_copy)
    assert not Campaign.objects.exists()
    assert not EventDeck.objects.exists()


def test_an_unknown_company_ref_is_refused(fixtures_copy):
    def bad_ref(data):
        data["scene_companies"][0]["company"] = 99

    _edit(fixtures_copy / "demo" / "war_of_the_ring.json", bad_ref)
    with pytest.raises(DemoSeedError, match="no company with ref 99"):
        seed(fixtures_dir=fixtures_copy)


def test_another_slug_is_refused(fixtures_copy):
    def other_slug(data):
        data["campaign"]["slug"] = "elsewhere"

    _edit(fixtures_copy / "demo" / "war_of_the_ring.json", other_slug)
    with pytest.raises(DemoSeedError, match="slug must be 'war-of-the-ring'"):
        seed(fixtures_dir=fixtures_copy)


def test_bad_data_is_a_command_error(settings, fixtures_copy):
    (fixtures_copy / "demo" / "war_of_the_ring.json").write_text("[]")
    settings.DEMO_FIXTURES_DIR = fixtures_copy
    with pytest.raises(CommandError, match="must hold a JSON object"):
        call_command("seed_demo", stdout=StringIO())


# --- the real demo ------------------------------------------------------------------


@pytest.fixture
def real_demo(settings):
    settings.DEMO_FIXTURES_DIR = REAL_FIXTURES
    seed()
    return Campaign.objects.get(slug="war-of-the-ring")


def _scene(campaign: Campaign, slug: str) -> Scene:
    return campaign.scenes.get(slug=slug)


def test_real_demo_has_its_key_scenes(real_demo):
    slugs = set(real_demo.scenes.values_list("slug", flat=True))
    expected = {
        "bree",
        "bree-bridge",
        "weathertop",
        "moria",
        "amon-hen",
        "helms-deep",
        "black-gate",
        "bywater",
    }
    assert expected <= slugs


def test_real_demo_starts_at_bree(real_demo):
    assert real_demo.current_scene().slug == "bree"


def test_real_demo_morgul_blade_wound_at_weathertop(real_demo):
    weathertop = _scene(real_demo, "weathertop")
    assert (
        weathertop.special_wound_name,
        weathertop.special_wound_heals_at_sanctuary,
    ) == ("Morgul-blade wound", False)


def test_real_demo_black_breath_at_the_second_osgiliath_scene(real_demo):
    osgiliath = real_demo.scenes.filter(
        slug__startswith="osgiliath", kind="larger_battle"
    )
    second = osgiliath[1]
    assert second.special_wound_name == "Black Breath"
    assert {s.special_wound_name for s in second.sub_scenes.all()} == {"Black Breath"}


def _ai_doctrines(scene: Scene) -> set[str]:
    return {entry.doctrine() for entry in scene.scene_companies.filter(side="ai")}


def test_real_demo_pursuit_at_bree_bridge(real_demo):
    assert "pursuit" in _ai_doctrines(_scene(real_demo, "bree-bridge"))


def test_real_demo_horde_at_moria(real_demo):
    assert "horde" in _ai_doctrines(_scene(real_demo, "moria"))


def test_real_demo_deck_at_an_osgiliath_scene(real_demo):
    osgiliath = real_demo.scenes.filter(slug__startswith="osgiliath")
    assert any("deck" in _ai_doctrines(scene) for scene in osgiliath)


def test_real_demo_every_larger_battle_has_sub_scenes(real_demo):
    larger = real_demo.scenes.filter(kind="larger_battle")
    assert larger.exists()
    assert all(battle.sub_scenes.exists() for battle in larger)


def test_real_demo_has_a_sanctuary(real_demo):
    assert real_demo.scenes.filter(kind="sanctuary").exists()


def test_real_demo_fighting_scenes_have_a_leading_company_per_side(real_demo):
    fighting = [s for s in real_demo.scenes.all() if s.is_fighting()]
    leading = {
        scene.slug: sorted(
            scene.scene_companies.filter(leading=True).values_list("side", flat=True)
        )
        for scene in fighting
    }
    assert {slug for slug, sides in leading.items() if sides != ["ai", "player"]} == (
        set()
    )


def test_real_demo_has_every_object_of_its_document(real_demo):
    """The file is the demo's one source: everything in it is loaded."""
    shipped = json.loads((REAL_FIXTURES / "demo" / "war_of_the_ring.json").read_text())
    exported = campaign_export(campaign=real_demo)
    lists = [key for key, value in shipped.items() if isinstance(value, list)]
    assert {key: len(exported[key]) for key in lists} == {
        key: len(shipped[key]) for key in lists
    }


def test_real_demo_document_is_what_its_export_gives(real_demo):
    """Shipped in the export's own order, so an export of the demo diffs
    cleanly against it (its creation time aside)."""
    shipped = json.loads((REAL_FIXTURES / "demo" / "war_of_the_ring.json").read_text())
    exported = campaign_export(campaign=real_demo)
    del exported["campaign"]["created_at"]
    # A collection added after the file was last exported (the table logs) is
    # empty in a demo that has fought no battle; importing treats it as absent.
    newer = {key: exported.pop(key) for key in list(exported) if key not in shipped}
    assert (exported, newer) == (shipped, {key: [] for key in newer})


def test_real_demo_starts_with_no_battles_results_or_chronicle(real_demo):
    assert (
        real_demo.battles.exists(),
        real_demo.log_entries.exists(),
        PersistingWound.objects.exists(),
    ) == (False, False, False)


def test_real_demo_has_every_shipped_deck(real_demo):
    """The demo's own deck, the streets deck and the historical setting's."""
    assert sorted(EventDeck.objects.values_list("slug", flat=True)) == [
        "fortunes-of-war",
        "middle-earth",
        "streets",
    ]


def test_real_demo_links_each_shipped_setting_to_its_deck(real_demo):
    from campaigns.models import Setting

    assert dict(Setting.objects.values_list("slug", "event_deck__slug")) == {
        "fantasy": "middle-earth",
        "science-fiction": "streets",
        "historical": "fortunes-of-war",
    }


def test_real_demo_is_a_fantasy_campaign(real_demo):
    assert real_demo.setting.slug == "fantasy"


def test_real_demo_loads_twice_without_change(real_demo):
    before = dump()
    seed()
    assert dump() == before
