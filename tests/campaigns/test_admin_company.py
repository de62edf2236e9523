"""Companies and commanders in the admin: the campaign asked first, choices of
that campaign only, history and reasons on change pages only, the reinforcement
model ticked among the characters, and a company duplicated with them."""

from __future__ import annotations

import pytest

from campaigns.models import Character, Commander, Company
from tests.campaigns.admin_helpers import admin_url, errors_of, page_form_data, set_rows

pytestmark = pytest.mark.django_db


# --- which campaign -------------------------------------------------------------------


def test_adding_a_part_without_any_campaign_goes_to_add_the_campaign(admin_client):
    """The README's old order (commanders first) cannot be followed by mistake."""
    response = admin_client.get(admin_url(Commander, "add"))

    assert response.url == admin_url(
        Company._meta.get_field("campaign").related_model, "add"
    )


def test_adding_a_part_with_one_campaign_goes_straight_to_it(admin_client, campaign):
    response = admin_client.get(admin_url(Company, "add"))

    assert response.url == admin_url(Company, "add") + f"?campaign={campaign.pk}"


def test_adding_a_part_with_several_campaigns_asks_which(
    admin_client, campaign, make_campaign
):
    make_campaign(name="Neon Nights")

    response = admin_client.get(admin_url(Company, "add"))

    assert [c.name for c, _url in response.context["choices"]] == [
        "Neon Nights",
        "The War of the Ring",
    ]


def test_the_chooser_keeps_a_popup_a_popup(admin_client, campaign, make_campaign):
    make_campaign(name="Neon Nights")

    response = admin_client.get(admin_url(Commander, "add") + "?_popup=1&_to_field=id")

    assert all("_popup=1" in url for _c, url in response.context["choices"])


def test_a_part_s_campaign_cannot_be_changed(admin_client, campaign, make_company):
    company = make_company(campaign)

    response = admin_client.get(admin_url(Company, "change", company.pk))

    assert response.context["adminform"].form.fields["campaign"].disabled


# --- commanders -----------------------------------------------------------------------


def test_the_commander_add_page_asks_no_reason_and_shows_no_history(
    admin_client, campaign
):
    response = admin_client.get(
        admin_url(Commander, "add") + f"?campaign={campaign.pk}"
    )

    fields = set(response.context["adminform"].form.fields)
    assert (fields, response.context["inline_admin_formsets"]) == (
        {"campaign", "name", "reputation", "rating"},
        [],
    )


def test_the_commander_change_page_asks_the_reason_and_shows_the_history(
    admin_client, campaign, make_commander
):
    commander = make_commander(campaign)

    response = admin_client.get(admin_url(Commander, "change", commander.pk))

    assert "reason_for_change" in response.context["adminform"].form.fields
    assert response.context["inline_admin_formsets"][0].formset.prefix == "history"


def test_a_commander_added_on_the_campaign_page_belongs_to_it(admin_client, campaign):
    url = admin_url(type(campaign), "change", campaign.pk)
    data = page_form_data(admin_client.get(url))
    set_rows(
        data,
        "commanders",
        [{"name": "Captain Vex", "reputation": "rash", "rating": "average"}],
    )

    response = admin_client.post(url, data)

    assert response.status_code == 302, errors_of(response)
    assert campaign.commanders.get().name == "Captain Vex"


def test_an_existing_commander_s_reputation_is_not_changed_on_the_campaign_page(
    admin_client, campaign, make_commander
):
    """There is no reason to give there: the commander's own page asks it."""
    make_commander(campaign, name="Vex", reputation="bold")
    url = admin_url(type(campaign), "change", campaign.pk)
    response = admin_client.get(url)

    form = response.context["inline_admin_formsets"][0].formset.forms[0]
    assert form.fields["reputation"].disabled


def test_a_new_campaign_starts_with_the_admin_as_owner(admin_client, admin_user):
    response = admin_client.get(
        admin_url(Commander._meta.get_field("campaign").related_model, "add")
    )

    assert response.context["adminform"].form["owner"].value() == admin_user.pk


# --- companies ------------------------------------------------------------------------


def test_the_commander_list_offers_the_campaign_s_free_commanders(
    admin_client, campaign, make_commander, make_company, make_campaign
):
    free = make_commander(campaign, name="Free")
    taken = make_commander(campaign, name="Taken")
    make_company(campaign, name="Others", commander=taken)
    other = make_campaign()
    make_commander(other, name="Elsewhere")

    response = admin_client.get(admin_url(Company, "add") + f"?campaign={campaign.pk}")

    queryset = response.context["adminform"].form.fields["commander"].queryset
    assert list(queryset) == [free]


def new_company_data(admin_client, campaign, name="Retinue", **fields):
    url = admin_url(Company, "add") + f"?campaign={campaign.pk}"
    data = page_form_data(admin_client.get(url))
    data.update(name=name, side="player", default_doctrine="deck", **fields)
    return url, data


def test_a_company_is_added_with_its_characters_in_card_order(admin_client, campaign):
    url, data = new_company_data(admin_client, campaign)
    set_rows(
        data,
        "characters",
        [{"name": "Vex", "move": 7}, {"name": "Kade"}, {"name": "Ryn", "hero": True}],
    )

    response = admin_client.post(url, data)

    assert response.status_code == 302, errors_of(response)
    company = Company.objects.get(name="Retinue")
    assert list(company.characters.values_list("name", "card_order", "move")) == [
        ("Vex", 1, 7),
        ("Kade", 2, 6),
        ("Ryn", 3, 6),
    ]


def test_the_reinforcement_model_is_ticked_among_new_characters(admin_client, campaign):
    """No save-and-come-back: the model is chosen while the characters are
    added."""
    url, data = new_company_data(admin_client, campaign, name="Swarm")
    data.update(side="ai", default_doctrine="horde")
    set_rows(
        data,
        "characters",
        [{"name": "Queen"}, {"name": "Drone", "reinforcement_model": True}],
    )

    admin_client.post(url, data)

    assert Company.objects.get(name="Swarm").reinforcement_template.name == "Drone"


def test_only_a_horde_keeps_a_reinforcement_model(admin_client, campaign):
    url, data = new_company_data(admin_client, campaign)
    set_rows(data, "characters", [{"name": "Vex", "reinforcement_model": True}])

    admin_client.post(url, data)

    assert Company.objects.get(name="Retinue").reinforcement_template is None


def test_two_reinforcement_models_are_refused(admin_client, campaign):
    url, data = new_company_data(admin_client, campaign)
    data["default_doctrine"] = "horde"
    set_rows(
        data,
        "characters",
        [
            {"name": "A", "reinforcement_model": True},
            {"name": "B", "reinforcement_model": True},
        ],
    )

    response = admin_client.post(url, data)

    assert errors_of(response) == [
        "Reinforcements copy one character: tick “Reinforcements copy it” for one only."
    ]


def test_the_add_page_leaves_out_play_state(admin_client, campaign):
    """A new character is alive and fit, in the order the rows are entered."""
    response = admin_client.get(admin_url(Company, "add") + f"?campaign={campaign.pk}")

    fields = response.context["inline_admin_formsets"][0].formset.forms[0].fields
    assert not {"alive", "unfit_next_battle", "card_order"} & set(fields)


def test_a_move_of_zero_is_refused_in_plain_words(admin_client, campaign):
    url, data = new_company_data(admin_client, campaign)
    set_rows(data, "characters", [{"name": "Vex", "move": 0}])

    response = admin_client.post(url, data)

    assert errors_of(response) == [
        "characters-0-move: Enter a whole number from 1 to 24."
    ]


def test_the_move_box_says_and_keeps_its_true_limits(admin_client, campaign):
    response = admin_client.get(admin_url(Company, "add") + f"?campaign={campaign.pk}")

    move = response.context["inline_admin_formsets"][0].formset.forms[0]["move"]
    assert (move.field.widget.attrs["min"], move.field.widget.attrs["max"]) == (1, 24)
    assert move.help_text.endswith("From 1 to 24.")


def test_save_and_add_another_stays_in_the_campaign(admin_client, campaign):
    url, data = new_company_data(admin_client, campaign)
    data["_addanother"] = "Save and add another"

    response = admin_client.post(url, data)

    assert response.url == admin_url(Company, "add") + f"?campaign={campaign.pk}"


# --- duplicating ----------------------------------------------------------------------


def test_a_company_is_duplicated_with_its_characters(
    admin_client, campaign, make_company, make_character, make_commander
):
    militia = make_company(
        campaign,
        name="Militia",
        side="ai",
        default_doctrine="horde",
        commander=make_commander(campaign),
    )
    for n in range(3):
        make_character(militia, name=f"Trooper {n}", attack=1, wound_slots=2)
    militia.reinforcement_template = militia.characters.last()
    militia.save()

    response = admin_client.post(admin_url(Company, "duplicate", militia.pk))

    copy = Company.objects.get(name="Militia (copy)")
    assert response.url == admin_url(Company, "change", copy.pk)
    assert list(copy.characters.values_list("name", "card_order", "attack")) == [
        ("Trooper 0", 1, 1),
        ("Trooper 1", 2, 1),
        ("Trooper 2", 3, 1),
    ]
    assert (copy.commander, copy.reinforcement_template.company) == (None, copy)


def test_duplicating_a_company_by_get_changes_nothing(
    admin_client, campaign, make_company
):
    company = make_company(campaign)

    response = admin_client.get(admin_url(Company, "duplicate", company.pk))

    assert (response.status_code, Company.objects.count()) == (405, 1)


def test_a_second_copy_gets_a_name_of_its_own(admin_client, campaign, make_company):
    company = make_company(campaign, name="Militia")
    for _ in range(2):
        admin_client.post(admin_url(Company, "duplicate", company.pk))

    assert sorted(Company.objects.values_list("name", flat=True)) == [
        "Militia",
        "Militia (copy 2)",
        "Militia (copy)",
    ]


def test_a_copied_character_is_fit_and_unwounded(
    admin_client, campaign, make_company, make_character
):
    company = make_company(campaign, name="Militia")
    make_character(company, name="Scarred", unfit_next_battle=True, alive=False)

    admin_client.post(admin_url(Company, "duplicate", company.pk))

    copy = Character.objects.get(company__name="Militia (copy)")
    assert (copy.alive, copy.unfit_next_battle) == (True, False)
