"""campaign_import: a new campaign from a document, losslessly, or nothing at all
with an error naming the path of each problem."""

from __future__ import annotations

import copy
import json

import pytest

from campaigns.models import (
    Battle,
    Character,
    CommanderChange,
    Effect,
    EventDeck,
    PersistingWound,
)
from campaigns.printing.battle_pack import battle_pack_pdf
from campaigns.services.battle_setup import battle_reroll, battle_set_up
from campaigns.services.result_reopen import result_reopen
from campaigns.transfer import (
    CampaignImportError,
    campaign_export,
    campaign_export_json,
    document_normalise,
)
from campaigns.transfer import campaign_import as import_service
from tests.campaigns.setup_helpers import build_playable
from tests.campaigns.transfer_helpers import (
    play,
    play_demo,
    set_up,
    table_counts,
)

pytestmark = pytest.mark.django_db


def campaign_import(**kwargs):
    """The import service's new campaign."""
    return import_service(**kwargs).campaign


@pytest.fixture
def importer(django_user_model):
    return django_user_model.objects.create_user(username="merry", password="pw")


@pytest.fixture
def world(settings, tmp_path):
    return play_demo(settings=settings, tmp_path=tmp_path)


@pytest.fixture
def small(campaign):
    """A small campaign with a planned battle, a wound and an effect on it."""
    playable = build_playable(campaign)
    battle = battle_set_up(
        scene=playable.scene,
        stance="attack",
        participant_ids=[c.pk for c in playable.players],
        seed=3,
    )
    frodo = playable.players[0]
    wound = PersistingWound.objects.create(character=frodo, battle_taken=battle)
    Effect.objects.create(
        battle=battle,
        order=1,
        kind="wound_opened",
        target_model="persistingwound",
        target_id=wound.pk,
        after={"character_id": frodo.pk, "status": "open"},
        description="Frodo is wounded",
    )
    return campaign


@pytest.fixture
def document(small):
    return campaign_export(campaign=small)


# --- the round trip ------------------------------------------------------------------


def test_export_import_export_gives_the_same_document(world, importer):
    """Restored with its members, apart from slugs and owners: every value,
    every ref, in the same order."""
    first = campaign_export_json(campaign=world.campaign)
    imported = campaign_import(data=first, owner=importer, with_members=True)
    second = campaign_export(campaign=imported)
    assert document_normalise(second) == document_normalise(json.loads(first))


def test_the_import_copies_every_row_and_shares_the_identical_deck(world, importer):
    before = table_counts()
    campaign_import(data=campaign_export(campaign=world.campaign), owner=importer)
    shared = {
        "campaigns.EventDeck",
        "campaigns.Event",
        "campaigns.Setting",
        "auth.User",
    }
    expected = {label: n if label in shared else 2 * n for label, n in before.items()}
    assert table_counts() == expected


def test_the_new_campaign_gets_a_fresh_slug_when_its_own_is_taken(world, importer):
    imported = campaign_import(
        data=campaign_export(campaign=world.campaign), owner=importer
    )
    again = campaign_import(
        data=campaign_export(campaign=world.campaign), owner=importer
    )
    assert (imported.slug, again.slug) == ("war-of-the-ring-2", "war-of-the-ring-3")


def test_the_campaign_keeps_its_slug_when_free(small, document, importer):
    small.delete()
    assert campaign_import(data=document, owner=importer).slug == "wotr"


def test_the_reserved_slug_import_is_never_given(document, importer):
    document["campaign"]["slug"] = "import"
    assert campaign_import(data=document, owner=importer).slug == "import-2"


def test_the_importer_owns_the_new_campaign(world, importer):
    imported = campaign_import(
        data=campaign_export(campaign=world.campaign), owner=importer
    )
    assert imported.owner == importer


# --- members ---------------------------------------------------------------------


def test_an_import_adds_no_members(world, importer):
    """The document's members are not linked, even where a user of that name
    exists here: only how many it named is told."""
    result = import_service(
        data=campaign_export(campaign=world.campaign), owner=importer
    )
    assert (
        result.campaign.members.count(),
        result.members,
        result.members_not_found,
        result.members_named,
    ) == (0, (), (), 1)


def test_an_import_tells_existing_and_unknown_names_alike(world, importer):
    """Which usernames exist here cannot be read from an import's result."""
    document = campaign_export(campaign=world.campaign)
    document["campaign"]["members"] = ["sam-member"]
    known = import_service(data=copy.deepcopy(document), owner=importer)
    document["campaign"]["members"] = ["nobody-here"]
    unknown = import_service(data=document, owner=importer)
    assert (known.members, known.members_not_found, known.members_named) == (
        unknown.members,
        unknown.members_not_found,
        unknown.members_named,
    )


def test_with_members_links_members_by_username(world, importer):
    imported = campaign_import(
        data=campaign_export(campaign=world.campaign),
        owner=importer,
        with_members=True,
    )
    assert list(imported.members.all()) == [world.member]


def test_with_members_names_members_with_no_account_here_and_leaves_them_out(
    world, importer
):
    document = campaign_export(campaign=world.campaign)
    document["campaign"]["members"] = ["pippin", "sam-member", "gandalf"]
    result = import_service(data=document, owner=importer, with_members=True)
    assert (result.members, result.members_not_found) == (
        ("sam-member",),
        ("pippin", "gandalf"),
    )


def test_the_importer_is_not_made_a_member_of_their_own_campaign(world, importer):
    document = campaign_export(campaign=world.campaign)
    document["campaign"]["members"] = ["merry"]
    result = import_service(data=document, owner=importer, with_members=True)
    assert (
        result.campaign.members.count(),
        result.members_not_found,
        result.members_named,
    ) == (0, (), 0)


def test_a_document_without_members_imports_with_none(world, importer):
    document = campaign_export(campaign=world.campaign)
    del document["campaign"]["members"]
    assert campaign_import(data=document, owner=importer).members.count() == 0


def test_an_identical_event_deck_is_shared(world, importer):
    imported = campaign_import(
        data=campaign_export(campaign=world.campaign), owner=importer
    )
    assert imported.event_deck_id == world.campaign.event_deck_id


def test_a_different_deck_of_the_same_slug_is_copied_under_a_fresh_slug(
    world, importer
):
    document = campaign_export(campaign=world.campaign)
    document["event_deck"]["events"][0]["title"] = "Crebain from Isengard"
    imported = campaign_import(data=document, owner=importer)
    deck = imported.event_deck
    assert (deck.slug, deck.events.get(card="KS").title) == (
        "middle-earth-2",
        "Crebain from Isengard",
    )


def test_the_existing_deck_is_left_as_it_was(world, importer):
    document = campaign_export(campaign=world.campaign)
    document["event_deck"]["events"][0]["title"] = "Crebain from Isengard"
    campaign_import(data=document, owner=importer)
    deck = EventDeck.objects.get(slug="middle-earth")
    assert deck.events.get(card="KS").title == "Crebain from Dunland"


def test_a_deck_the_site_lacks_is_created_with_its_own_slug(world, importer):
    document = campaign_export(campaign=world.campaign)
    document["event_deck"]["slug"] = "mirkwood"
    imported = campaign_import(data=document, owner=importer)
    assert (imported.event_deck.slug, imported.event_deck.events.count()) == (
        "mirkwood",
        12,
    )


def test_the_owners_changes_by_hand_become_the_importers(world, importer):
    imported = campaign_import(
        data=campaign_export(campaign=world.campaign), owner=importer
    )
    change = CommanderChange.objects.get(
        commander__campaign=imported, reason="Tested by hand"
    )
    assert change.changed_by == importer


def test_someone_elses_change_by_hand_is_kept_without_the_account(world, importer):
    """Accounts do not travel: a stranger's username is not matched on this site."""
    document = campaign_export(campaign=world.campaign)
    by_hand = [c for c in document["commander_changes"] if c["changed_by"]]
    by_hand[0]["changed_by"] = "sam-member"
    imported = campaign_import(data=document, owner=importer)
    change = CommanderChange.objects.get(
        commander__campaign=imported, reason="Tested by hand"
    )
    assert change.changed_by is None


def test_timestamps_are_kept_even_a_battles_updated_at(world, importer):
    imported = campaign_import(
        data=campaign_export(campaign=world.campaign), owner=importer
    )
    old = world.campaign.battles.order_by("number").values_list(
        "created_at", "updated_at"
    )
    new = imported.battles.order_by("number").values_list("created_at", "updated_at")
    assert list(new) == list(old)


def test_a_dict_is_accepted_as_well_as_text(document, importer):
    assert campaign_import(data=document, owner=importer).name == "The War of the Ring"


def test_bytes_with_a_byte_order_mark_are_accepted(small, importer):
    data = "\ufeff" + campaign_export_json(campaign=small)
    assert campaign_import(data=data.encode(), owner=importer).slug == "wotr-2"


# --- the imported campaign goes on --------------------------------------------------


def test_a_setup_names_the_imported_characters(world, importer):
    imported = campaign_import(
        data=campaign_export(campaign=world.campaign), owner=importer
    )
    battle = imported.battles.get(status="planned")
    keys = {int(c["key"]) for c in battle.setup_data["characters"]}
    assert keys == set(battle.participants.values_list("character_id", flat=True))


def test_the_imported_planned_battle_can_be_rerolled(world, importer):
    imported = campaign_import(
        data=campaign_export(campaign=world.campaign), owner=importer
    )
    battle = battle_reroll(battle=imported.battles.get(status="planned"), seed=99)
    assert (battle.times_rolled, len(battle.previous_setups)) == (3, 2)


def test_the_imported_campaigns_current_scene_can_be_set_up(
    settings, tmp_path, importer
):
    world = play_demo(settings=settings, tmp_path=tmp_path, planned=False)
    imported = campaign_import(
        data=campaign_export(campaign=world.campaign), owner=importer
    )
    battle = set_up(imported, seed=5)
    assert battle.scene.slug == world.current.slug


def test_a_result_can_be_applied_to_the_imported_planned_battle(world, importer):
    imported = campaign_import(
        data=campaign_export(campaign=world.campaign), owner=importer
    )
    battle = imported.battles.get(status="planned")
    play(battle, outcome="victory")
    battle.refresh_from_db()
    assert (battle.status, imported.current_scene() != battle.scene) == (
        "resolved",
        True,
    )


def test_play_goes_on_after_the_import_with_the_next_setup(world, importer):
    imported = campaign_import(
        data=campaign_export(campaign=world.campaign), owner=importer
    )
    play(imported.battles.get(status="planned"), outcome="victory")
    battle = set_up(imported, seed=6)
    assert battle.number == len(world.battles) + 1


def test_the_latest_imported_result_can_be_reopened_exactly(
    settings, tmp_path, importer
):
    """Its effects name the imported rows: reversing them finds every row as
    the resolution left it, and the wounds it opened go away."""
    world = play_demo(
        settings=settings, tmp_path=tmp_path, planned=False, by_hand=False
    )
    imported = campaign_import(
        data=campaign_export(campaign=world.campaign), owner=importer
    )
    latest = imported.battles.order_by("-number").first()
    opened = PersistingWound.objects.filter(battle_taken=latest).count()
    wounds = PersistingWound.objects.filter(character__company__campaign=imported)
    before = wounds.count()
    result_reopen(battle=latest)
    assert (opened > 0, wounds.count()) == (True, before - opened)


def test_the_imported_planned_battle_prints(world, importer):
    imported = campaign_import(
        data=campaign_export(campaign=world.campaign), owner=importer
    )
    pdf = battle_pack_pdf(imported.battles.get(status="planned"))
    assert pdf.startswith(b"%PDF")


def test_an_imported_battlefield_names_the_new_companies_and_characters(
    world, importer
):
    """The setup's battlefield keys its forces by company and its dealt entry
    cards by character: the import points them at the new rows."""
    imported = campaign_import(
        data=campaign_export(campaign=world.campaign), owner=importer
    )
    for battle in imported.battles.all():
        original = world.campaign.battles.get(number=battle.number)
        forces = battle.setup_data["battlefield"]["forces"]
        before = original.setup_data["battlefield"]["forces"]
        companies = {str(c.pk): c.name for c in imported.companies.all()}
        characters = {
            str(c.pk): c.name
            for c in Character.objects.filter(company__campaign=imported)
        }
        assert [companies[f["key"]] for f in forces] == [f["name"] for f in before]
        cards = [c for f in forces for c in (f["arrival"] or {}).get("cards", ())]
        assert [characters[c["key"]] for c in cards] == [c["name"] for c in cards]


# --- bad input: a clear error, and nothing written -----------------------------------


def _set(path: str, value):
    """A change to the document: ``_set("scenes.0.order", "ten")``."""

    def change(document):
        *parents, last = path.split(".")
        target = document
        for key in parents:
            target = target[int(key)] if key.isdigit() else target[key]
        if value is _DELETE:
            del target[int(last) if last.isdigit() else last]
        else:
            target[int(last) if last.isdigit() else last] = value
        return document

    return change


_DELETE = object()


def _deep(levels: int):
    value: dict = {}
    for _ in range(levels):
        value = {"player": value}
    return value


def _text(transform):
    return lambda document: transform(json.dumps(document))


def _with_deck(events):
    def change(document):
        document["event_deck"] = {
            "slug": "twin-cards",
            "name": "Twin cards",
            "description": "",
            "events": events,
        }
        return document

    return change


def _add(collection: str, **values):
    """A change appending an object (the first of the collection, changed, when
    ``like_first``) with the next ref."""

    def change(document):
        items = document[collection]
        like = values.pop("like_first", False)
        base = dict(items[0]) if like else {}
        base.update(values, ref=max((i["ref"] for i in items), default=0) + 1)
        items.append(base)
        return document

    return change


CARDS = [
    f"{rank}{suit}" for suit in "SHCD" for rank in "KQJ"
]  # the twelve picture cards


def _scene_loop(document):
    scene = document["scenes"][0]
    scene.update(kind="sub_scene", parent=scene["ref"], status="pending")
    return document


BAD = [
    ("not_json", lambda d: b"{not json", "The file is not JSON: Expecting"),
    ("not_utf8", lambda d: b'{"a": "\xff"}', "The file is not UTF-8 text."),
    ("not_an_object", lambda d: b"[1, 2]", "The file must hold one JSON object."),
    ("empty", lambda d: b"", "The file is not JSON"),
    ("nan", _text(lambda t: t.replace('"order": 10', '"order": NaN')), "NaN"),
    ("duplicate_key", lambda d: b'{"format": 1, "format": 2}', "repeats the key"),
    ("deep_text", lambda d: b"[" * 200_000, "nested too deeply"),
    ("wrong_format", _set("format", "other"), "format: not a campaign document"),
    (
        "other_version",
        _set("schema_version", 7),
        "versions 1, 2, 3, 4, 5 and 6, the file has 7",
    ),
    ("version_text", _set("schema_version", "1"), 'the file has "1"'),
    ("unknown_top", _set("extras", []), "extras: unknown field"),
    ("unknown_field", _set("scenes.0.colour", "red"), "scenes[0].colour: unknown"),
    ("no_campaign", _set("campaign", _DELETE), "campaign: missing"),
    ("campaign_list", _set("campaign", []), "campaign: must be an object"),
    ("owner_number", _set("owner", 5), "owner: must be a username or null"),
    ("order_text", _set("scenes.0.order", "ten"), "scenes[0].order: must be a whole"),
    ("bool_number", _set("characters.0.move", True), "characters[0].move: must be a"),
    ("float", _set("characters.0.attack", 1.5), "characters[0].attack: must be a"),
    ("number_text", _set("scenes.0.title", 5), "scenes[0].title: must be text"),
    ("null_text", _set("scenes.0.title", None), "scenes[0].title: must be text"),
    ("text_bool", _set("scenes.0.castle_nearby", "no"), "must be true or false"),
    ("missing", _set("scenes.0.title", _DELETE), "scenes[0].title: missing"),
    ("no_ref", _set("scenes.0.ref", _DELETE), "scenes[0].ref: missing"),
    ("text_ref", _set("battles.0.scene", "1"), "battles[0].scene: must be a ref"),
    ("not_list", _set("scenes", {}), "scenes: must be a list"),
    ("not_object", _set("scenes.0", 3), "scenes[0]: must be an object"),
    ("dangling", _set("battles.0.scene", 99), "battles[0].scene: no scene with ref 99"),
    (
        "dangling_quarry",
        _set("scenes.0.quarry", [99]),
        "scenes[0].quarry[0]: no character with ref 99",
    ),
    ("twice_quarry", _set("scenes.0.quarry", [1, 1]), "lists a ref twice"),
    ("duplicate_ref", _set("characters.1.ref", 1), "characters[1].ref: ref 1 is used"),
    (
        "over_limit",
        _set("characters.0.wound_slots", 9),
        "characters[0].wound_slots: Ensure this value is less than or equal to 6.",
    ),
    (
        "bad_choice",
        _set("scenes.0.kind", "castle"),
        "scenes[0].kind: Value 'castle' is not a valid choice.",
    ),
    ("too_long", _set("scenes.0.title", "x" * 121), "at most 120 characters"),
    ("nul", _set("scenes.0.title", "a\x00b"), "must not contain NUL characters"),
    (
        "surrogate",
        _text(lambda t: t.replace('"Weathertop"', '"Weather\\ud800top"')),
        "scenes[0].title: must be valid Unicode text",
    ),
    (
        "nul_in_json",
        _set("battles.0.roles", {"player": "\x00"}),
        "battles[0].roles: must not contain NUL characters",
    ),
    ("bad_date", _set("battles.0.created_at", "yesterday"), "must be a date and time"),
    (
        "huge_seed",
        _set("battles.0.setup_seed", 2**70),
        "battles[0].setup_seed: Ensure this value is less than or equal to",
    ),
    ("bad_colour", _set("companies.0.colour", "red"), "companies[0].colour: Enter a"),
    (
        "same_order",
        _set("characters.1.card_order", 1),
        "characters[1]: Another character of this company has this card order.",
    ),
    (
        "database_check",
        _set("battle_participants.0.mishap", "late"),
        "battle_participants[0]: Only a scout suffers a scouting mishap.",
    ),
    (
        "clean_rule",
        _set("scenes.0.kind", "sub_scene"),
        "scenes[0].parent: A sub-scene belongs to a larger battle",
    ),
    ("parent_loop", _scene_loop, "scenes[0].parent: the scenes refer to each other"),
    (
        "events_need_deck",
        _set("campaign.random_events", True),
        "campaign.event_deck: Choose an event deck",
    ),
    (
        "twin_cards",
        _with_deck(
            [
                {"card": "KS", "title": "One", "text": "One."},
                {"card": "KS", "title": "Two", "text": "Two."},
            ]
        ),
        "event_deck.events[1]: This deck already has an event for this card.",
    ),
    (
        "setup_key",
        _set("battles.0.setup_data.characters.0.key", "999"),
        "battles[0].setup_data.characters[0].key: no character with ref",
    ),
    (
        "not_a_setup",
        _set("battles.0.setup_data", {"x": 1}),
        "battles[0].setup_data: not a battle setup",
    ),
    (
        "dice_entry",
        _set("battles.0.dice_log", [{"dice": [1]}]),
        "battles[0].dice_log[0]: not a dice log entry",
    ),
    ("dice_log_shape", _set("battles.0.dice_log", {}), "dice_log: must be a list"),
    ("roles_shape", _set("battles.0.roles", []), "roles: must be an object"),
    ("deep_json", _set("battles.0.roles", _deep(40)), "nested deeper than 32 levels"),
    (
        "members_text",
        _set("campaign.members", "sam"),
        "campaign.members: must be a list of usernames",
    ),
    ("members_twice", _set("campaign.members", ["a", "a"]), "lists a username twice"),
    (
        "deck_short",
        _with_deck([{"card": c, "title": c, "text": "."} for c in CARDS if c != "KH"]),
        "event_deck.events: a deck has one event for each of the twelve picture "
        "cards (jack, queen and king of every suit); missing: King of hearts",
    ),
    (
        "long_number",
        _text(lambda t: t.replace('"order": 10', '"order": 1' + "0" * 4999)),
        "scenes[0].order: is far too large a number (5,000 digits)",
    ),
    (
        "long_ref",
        _text(lambda t: t.replace('"scene": 1', '"scene": ' + "7" * 5000, 1)),
        "is far too large a number (5,000 digits)",
    ),
    (
        "long_number_in_json",
        _text(lambda t: t.replace('"dice_log": [', '"dice_log": [' + "9" * 5000 + ",")),
        "battles[0].dice_log: holds a number far too large (5,000 digits)",
    ),
    (
        "long_version",
        _text(
            lambda t: t.replace(
                '"schema_version": 6', '"schema_version": ' + "2" * 5000
            )
        ),
        "schema_version: this site reads versions 1, 2, 3, 4, 5 and 6",
    ),
    (
        "clean_outcome",
        _set("scenes.0.outcome", "victory"),
        "scenes[0].outcome: Only a resolved scene has an outcome.",
    ),
    (
        "second_current",
        _add("scenes", like_first=True, slug="amon-hen", order=20),
        "scenes[1]: The campaign already has a current scene.",
    ),
    (
        "slug_twice",
        _add("scenes", like_first=True, status="pending", order=20),
        "scenes[1]: Another scene of this campaign has this slug.",
    ),
    (
        "two_leaders",
        _set("scene_companies.1.side", "player"),
        "scene_companies[1]: This side already has a leading company.",
    ),
    (
        "company_twice",
        _set("scene_companies.1.company", 1),
        "scene_companies[1]: This company is already in the scene.",
    ),
    (
        "one_commander_two_companies",
        _set("companies.1.commander", 1),
        "companies[1].commander: Company with this Commander already exists.",
    ),
    (
        "template_elsewhere",
        _set("companies.0.reinforcement_template", 8),
        "companies[0].reinforcement_template: The reinforcement model must be one "
        "of this company's characters.",
    ),
    (
        "follows_itself",
        _set("scenes.0.next_on_victory", 1),
        "scenes[0].next_on_victory: A scene cannot follow itself.",
    ),
    (
        "open_but_healed",
        _set("wounds.0.healed_in_battle", 1),
        "wounds[0].status: An open wound has not healed anywhere.",
    ),
    (
        "objective_off_table",
        _add("objectives", scene=1, name="The Ring", x=50, y=50),
        "objectives[0].x: The objective must lie on the 36″ × 36″ table.",
    ),
    (
        "feature_unsized",
        _add("scene_features", scene=1, name="Tower", shape="circle", x=5, y=5),
        "scene_features[0].radius: A circle needs a radius.",
    ),
    (
        "min_above_max",
        lambda d: _set("scene_companies.0.max_characters", 2)(
            _set("scene_companies.0.min_characters", 5)(d)
        ),
        "scene_companies[0].min_characters: The least number taking part cannot "
        "be more than the most.",
    ),
    (
        "dealt_without_arrival",
        _set("scene_companies.0.entry_edge_dealt", True),
        "scene_companies[0].entry_edge_dealt: Only a company that arrives during "
        "the battle",
    ),
    (
        "second_planned",
        _add("battles", like_first=True, number=2),
        "battles[1]: This scene already has a planned battle.",
    ),
    (
        "only_a_check_constraint",
        _set("battles.0.times_rolled", 0),
        "battles[0]: Constraint “campaigns_battle_times_rolled_positive” is violated.",
    ),
    (
        "placement",
        _set("battles.0.objective_placement", {"name": "Well"}),
        "battles[0].objective_placement: not an objective placement",
    ),
    (
        "coop_names",
        _set("battles.0.coop_players", [1]),
        "coop_players[0]: must be text",
    ),
    (
        "effect_target",
        _set("effects.0.target", 99),
        "effects[0].target: no persisting wound with ref 99",
    ),
    (
        "effect_model",
        _set("effects.0.target_model", "user"),
        "effects[0].target_model: not a kind of campaign object",
    ),
    (
        "snapshot_key",
        _set("effects.0.after.password", "x"),
        "effects[0].after.password: not a field of a persisting wound",
    ),
    (
        "snapshot_ref",
        _set("effects.0.after.character_id", 99),
        "effects[0].after.character_id: no character with ref 99",
    ),
    (
        "snapshot_value",
        _set("effects.0.after.status", "zombie"),
        "effects[0].after.status: Value 'zombie' is not a valid choice.",
    ),
]


@pytest.mark.parametrize(
    ("change", "expected"),
    [pytest.param(change, expected, id=name) for name, change, expected in BAD],
)
def test_bad_input_is_refused_with_its_path_and_nothing_is_written(
    document, importer, change, expected
):
    data = change(copy.deepcopy(document))
    if isinstance(data, dict):
        data = json.dumps(data)
    before = table_counts()
    with pytest.raises(CampaignImportError) as caught:
        campaign_import(data=data, owner=importer)
    assert (expected in " | ".join(caught.value.messages), table_counts()) == (
        True,
        before,
    ), caught.value.messages


def test_every_problem_is_named_not_just_the_first(document, importer):
    document["scenes"][0]["order"] = "ten"
    document["battles"][0]["scene"] = 99
    with pytest.raises(CampaignImportError) as caught:
        campaign_import(data=document, owner=importer)
    assert len(caught.value.messages) == 2


def test_a_flood_of_problems_stops_at_twenty(document, importer):
    for scene in document["scenes"]:
        scene.update(order="x", title=5, slug=6)
    document["characters"][0].update({f"junk{n}": n for n in range(30)})
    with pytest.raises(CampaignImportError) as caught:
        campaign_import(data=document, owner=importer)
    assert caught.value.messages[-1] == "(stopped after 20 errors)"


def test_a_long_unknown_key_is_shortened_in_the_message(document, importer):
    document["scenes"][0]["x" * 1000 + "\n"] = 1
    with pytest.raises(CampaignImportError) as caught:
        campaign_import(data=document, owner=importer)
    assert len(caught.value.messages[0]) < 80


def test_python_values_that_are_not_json_are_refused(document, importer):
    document["battles"][0]["roles"] = {"player": {1, 2}}
    with pytest.raises(CampaignImportError, match="roles: is not JSON"):
        campaign_import(data=document, owner=importer)


def test_a_late_failure_leaves_no_deck_or_campaign_behind(world, importer):
    """The deck and campaign are made first; a refusal at the last effect still
    writes nothing: everything is one transaction."""
    document = campaign_export(campaign=world.campaign)
    document["event_deck"]["slug"] = "mirkwood"
    document["effects"][-1]["order"] = document["effects"][-2]["order"]
    document["effects"][-1]["battle"] = document["effects"][-2]["battle"]
    before = table_counts()
    with pytest.raises(CampaignImportError, match="effects"):
        campaign_import(data=document, owner=importer)
    assert (table_counts(), EventDeck.objects.filter(slug="mirkwood").exists()) == (
        before,
        False,
    )


def test_the_error_is_a_validation_error():
    from django.core.exceptions import ValidationError

    assert issubclass(CampaignImportError, ValidationError)


def test_battles_stay_in_their_campaign(world, importer):
    imported = campaign_import(
        data=campaign_export(campaign=world.campaign), owner=importer
    )
    assert (
        not Battle.objects.filter(campaign=imported)
        .exclude(scene__campaign=imported)
        .exists()
    )


def test_rule_problems_are_named_with_the_others(document, importer):
    """A wrong type and a broken model rule in one file: both are told."""
    document["scenes"][0]["order"] = "ten"
    document["characters"][0]["wound_slots"] = 9
    with pytest.raises(CampaignImportError) as caught:
        campaign_import(data=document, owner=importer)
    assert caught.value.messages == [
        "scenes[0].order: must be a whole number",
        "characters[0].wound_slots: Ensure this value is less than or equal to 6.",
    ]


def test_a_flood_of_broken_rules_stops_at_twenty(document, importer):
    for character in document["characters"]:
        character.update(wound_slots=9, attack=9, move=99)
    with pytest.raises(CampaignImportError) as caught:
        campaign_import(data=document, owner=importer)
    assert (len(caught.value.messages), caught.value.messages[-1]) == (
        21,
        "(stopped after 20 errors)",
    )


def test_the_database_refusing_a_row_writes_nothing(world, importer, monkeypatch):
    """Should the database still refuse a row at the very end, the whole
    import is undone and its constraint's message told."""
    from django.db import IntegrityError

    def refuse(*args, **kwargs):
        raise IntegrityError("UNIQUE constraint failed: campaigns_effect_unique_order")

    document = campaign_export(campaign=world.campaign)
    document["event_deck"]["slug"] = "mirkwood"
    monkeypatch.setattr(Effect.objects, "bulk_create", refuse)
    before = table_counts()
    with pytest.raises(CampaignImportError) as caught:
        campaign_import(data=document, owner=importer)
    assert (caught.value.messages, table_counts()) == (
        [
            "The database refused the campaign: The battle already has an effect "
            "at this position."
        ],
        before,
    )


def test_keep_slug_keeps_a_free_slug(small, document, importer):
    small.delete()
    imported = campaign_import(data=document, owner=importer, keep_slug=True)
    assert imported.slug == "wotr"


def test_keep_slug_refuses_a_taken_slug_and_writes_nothing(document, importer):
    before = table_counts()
    with pytest.raises(CampaignImportError) as caught:
        campaign_import(data=document, owner=importer, keep_slug=True)
    assert (caught.value.messages, table_counts()) == (
        ["campaign.slug: a campaign with the slug “wotr” is already here."],
        before,
    )


def test_keep_slug_refuses_a_reserved_slug(document, importer):
    document["campaign"]["slug"] = "import"
    with pytest.raises(CampaignImportError, match="campaign.slug: .*reserved"):
        campaign_import(data=document, owner=importer, keep_slug=True)


def test_the_size_limit_can_be_given(small, importer):
    text = campaign_export_json(campaign=small)
    with pytest.raises(CampaignImportError, match="the limit is 1,000 bytes"):
        campaign_import(data=text, owner=importer, max_bytes=1000)


def test_the_size_limit_is_the_setting(small, importer, settings):
    settings.CAMPAIGN_IMPORT_MAX_BYTES = 1000
    text = campaign_export_json(campaign=small)
    with pytest.raises(CampaignImportError, match="the limit is 1,000 bytes"):
        campaign_import(data=text, owner=importer)


# --- no query per object --------------------------------------------------------


def _import_queries(user, importer, *, scale: int) -> tuple[list[str], int]:
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from bench.generate import GenerateSizes, campaign_generate

    sizes = GenerateSizes(
        scenes=20 * scale,
        battles=10 * scale,
        companies=4,
        characters=20 * scale,
        wounds=60 * scale,
    )
    campaign = campaign_generate(owner=user, slug=f"big-{scale}", sizes=sizes, seed=1)
    document = campaign_export(campaign=campaign)
    rows = sum(len(v) for v in document.values() if isinstance(v, list))
    with CaptureQueriesContext(connection) as context:
        campaign_import(data=document, owner=importer)
    return [q["sql"] for q in context.captured_queries], rows


def test_an_import_reads_and_writes_in_bulk_not_per_object(user, importer):
    """Reads and updates are as many for a campaign twice the size; inserts
    write many rows each."""
    small, _ = _import_queries(user, importer, scale=1)
    large, rows = _import_queries(user, importer, scale=2)

    def others(queries):
        return [q for q in queries if not q.startswith("INSERT")]

    inserts = [q for q in large if q.startswith("INSERT")]
    assert (len(others(large)), len(inserts) * 10 < rows) == (len(others(small)), True)


def test_an_object_with_a_wrong_type_still_has_its_other_values_judged(
    document, importer
):
    """Its field limits are told; rules reading several values wait for a
    file whose object is whole."""
    document["scenes"][0].update(order="ten", table_width=500)
    with pytest.raises(CampaignImportError) as caught:
        campaign_import(data=document, owner=importer)
    assert caught.value.messages == [
        "scenes[0].order: must be a whole number",
        "scenes[0].table_width: Ensure this value is less than or equal to 120.",
    ]
