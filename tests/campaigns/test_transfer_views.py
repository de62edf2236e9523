"""The export download and the import form (SITE.md "URLs", "Access")."""

from __future__ import annotations

import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile, TemporaryUploadedFile
from django.urls import resolve, reverse

from campaigns.models import Campaign
from campaigns.transfer import campaign_export_json
from campaigns.transfer import campaign_import as transfer_import
from campaigns.views import transfer
from tests.campaigns.setup_helpers import build_playable
from tests.campaigns.transfer_helpers import table_counts

pytestmark = pytest.mark.django_db

IMPORT_URL = "/campaigns/import/"


@pytest.fixture
def member(django_user_model, campaign):
    member = django_user_model.objects.create_user(username="sam", password="pw")
    campaign.members.add(member)
    return member


@pytest.fixture
def export_url(campaign) -> str:
    build_playable(campaign)
    return reverse("campaigns:export", kwargs={"slug": campaign.slug})


def upload(content: bytes, name: str = "campaign.json") -> dict:
    return {"file": SimpleUploadedFile(name, content, "application/json")}


# --- export ---


def test_the_export_url_is_as_site_md_says(campaign, export_url):
    assert export_url == "/campaigns/wotr/export.json"


def test_the_owner_downloads_the_export(client, user, campaign, export_url):
    client.force_login(user)
    response = client.get(export_url)
    assert (response.status_code, response.content.decode()) == (
        200,
        campaign_export_json(campaign=campaign),
    )


def test_the_export_is_an_attachment_named_after_the_campaign(client, user, export_url):
    client.force_login(user)
    response = client.get(export_url)
    assert response["Content-Disposition"] == 'attachment; filename="wotr.json"'


def test_the_export_is_json(client, user, export_url):
    client.force_login(user)
    response = client.get(export_url)
    assert response["Content-Type"].startswith("application/json")


def test_a_member_downloads_the_export(client, member, export_url):
    client.force_login(member)
    assert client.get(export_url).status_code == 200


def test_a_stranger_gets_404_for_the_export(client, other_user, export_url):
    client.force_login(other_user)
    assert client.get(export_url).status_code == 404


def test_an_anonymous_visitor_is_sent_to_log_in_for_the_export(client, export_url):
    response = client.get(export_url)
    assert (response.status_code, response["Location"].split("?")[0]) == (
        302,
        reverse("login"),
    )


def test_an_unknown_campaign_export_is_404(client, user):
    client.force_login(user)
    assert client.get("/campaigns/nowhere/export.json").status_code == 404


# --- import ---


def test_the_import_url_is_as_site_md_says():
    assert reverse("campaigns:import") == IMPORT_URL


def test_the_import_url_wins_over_a_campaign_slug():
    """The slug "import" is reserved: /campaigns/import/ is the form."""
    assert resolve(IMPORT_URL).func is transfer.import_form


def test_an_anonymous_visitor_is_sent_to_log_in_for_the_import(client):
    response = client.get(IMPORT_URL)
    assert (response.status_code, response["Location"].split("?")[0]) == (
        302,
        reverse("login"),
    )


def test_an_anonymous_post_imports_nothing(client, campaign):
    before = table_counts()
    client.post(IMPORT_URL, upload(campaign_export_json(campaign=campaign).encode()))
    assert table_counts() == before


def test_the_form_shows_a_labelled_file_field_with_the_size_limit(client, user):
    client.force_login(user)
    html = client.get(IMPORT_URL).content.decode()
    assert all(
        part in html
        for part in (
            '<label for="id_file">Campaign file</label>',
            'enctype="multipart/form-data"',
            "32 MB (33,554,432 bytes)",
            'aria-describedby="id_file_helptext"',
        )
    )


def test_the_form_has_no_inline_script_or_style(client, user):
    client.force_login(user)
    html = client.get(IMPORT_URL).content.decode()
    assert ("<script" in html, "<style" in html, "style=" in html) == (
        False,
        False,
        False,
    )


def test_an_import_creates_a_campaign_owned_by_the_user(client, other_user, campaign):
    build_playable(campaign)
    client.force_login(other_user)
    client.post(IMPORT_URL, upload(campaign_export_json(campaign=campaign).encode()))
    imported = Campaign.objects.get(slug="wotr-2")
    assert (imported.owner, imported.scenes.count()) == (other_user, 1)


def test_an_import_redirects_to_the_new_dashboard(client, other_user, campaign):
    client.force_login(other_user)
    response = client.post(
        IMPORT_URL, upload(campaign_export_json(campaign=campaign).encode())
    )
    assert response["Location"] == reverse(
        "campaigns:dashboard", kwargs={"slug": "wotr-2"}
    )


def test_a_bad_file_re_renders_the_form_with_the_path_of_the_problem(
    client, user, campaign
):
    build_playable(campaign)
    document = json.loads(campaign_export_json(campaign=campaign))
    document["scenes"][0]["order"] = "ten"
    client.force_login(user)
    response = client.post(IMPORT_URL, upload(json.dumps(document).encode()))
    assert (response.status_code, response.context["form"].errors["file"]) == (
        200,
        ["scenes[0].order: must be a whole number"],
    )


def test_the_error_is_tied_to_the_file_field(client, user):
    client.force_login(user)
    html = client.post(IMPORT_URL, upload(b"{nope")).content.decode()
    assert all(
        part in html
        for part in ('id="id_file_error"', 'aria-invalid="true"', "id_file_error")
    )


def test_a_bad_file_writes_nothing(client, user, campaign):
    client.force_login(user)
    before = table_counts()
    client.post(IMPORT_URL, upload(b'{"format": "warband-chronicle-campaign"}'))
    assert table_counts() == before


LIMIT = 3 * 1024 * 1024
"""A limit above the 2.5 MB a file may take in memory: larger files stream to a
temporary file."""


@pytest.fixture
def limit(settings) -> int:
    settings.CAMPAIGN_IMPORT_MAX_BYTES = LIMIT
    return LIMIT


@pytest.mark.parametrize("over", [1, 200_000], ids=["just_over", "far_over"])
def test_a_file_over_the_limit_gets_a_clear_error_not_a_500(client, user, limit, over):
    """Cut off as it streams in (just over) or refused by its request's length
    (far over): either way the size is told exactly."""
    client.force_login(user)
    response = client.post(IMPORT_URL, upload(b" " * (limit + over)))
    size = (limit + over) / 1024 / 1024
    assert (response.status_code, response.context["form"].errors["file"]) == (
        200,
        [f"The file is {size:.1f} MB; the limit is 3 MB (3,145,728 bytes)."],
    )


def test_a_file_just_at_the_limit_is_read_and_judged_on_its_content(
    client, user, limit
):
    client.force_login(user)
    content = b"[" + b" " * (limit - 2) + b"]"
    response = client.post(IMPORT_URL, upload(content))
    assert response.context["form"].errors["file"] == [
        "The file must hold one JSON object."
    ]


def test_a_file_too_large_for_memory_is_imported_from_a_temporary_file(
    client, other_user, campaign, limit, monkeypatch
):
    """The upload streams to disk and the import reads it from there."""
    build_playable(campaign)
    seen = []

    def spy(*, data, **kwargs):
        seen.append(type(data))
        return transfer_import(data=data, **kwargs)

    monkeypatch.setattr(transfer, "campaign_import", spy)
    text = campaign_export_json(campaign=campaign)
    padded = text.rstrip() + " " * (limit - len(text.encode()) - 1)
    client.force_login(other_user)
    client.post(IMPORT_URL, upload(padded.encode()))
    assert (seen, Campaign.objects.filter(slug="wotr-2").exists()) == (
        [TemporaryUploadedFile],
        True,
    )


def test_ordinary_form_posts_stay_capped(client, user, settings):
    """Only a file may be large: any other field over 2.5 MB is a 400."""
    client.force_login(user)
    response = client.post(
        IMPORT_URL, {"note": "x" * (settings.DATA_UPLOAD_MAX_MEMORY_SIZE + 1)}
    )
    assert response.status_code == 400


def test_no_file_is_asked_for(client, user):
    client.force_login(user)
    response = client.post(IMPORT_URL, {})
    assert response.context["form"].errors["file"] == ["This field is required."]


def test_an_empty_file_is_refused(client, user):
    client.force_login(user)
    response = client.post(IMPORT_URL, upload(b""))
    assert response.context["form"].errors["file"] == ["The submitted file is empty."]


def test_the_import_page_adds_no_members_and_names_no_username(
    client, other_user, campaign, django_user_model
):
    """A document naming an existing user and an unknown one: neither is
    added, and the page tells only how many the file named."""
    build_playable(campaign)
    campaign.members.add(django_user_model.objects.create_user(username="sam"))
    document = json.loads(campaign_export_json(campaign=campaign))
    document["campaign"]["members"] = ["pippin", "sam"]
    client.force_login(other_user)
    response = client.post(
        IMPORT_URL, upload(json.dumps(document).encode()), follow=True
    )
    shown = [str(m) for m in response.context["messages"]]
    imported = Campaign.objects.exclude(pk=campaign.pk).get()
    assert (shown, imported.members.count()) == (
        [
            "“The War of the Ring” is imported: it is yours to play.",
            "The file named 2 members; an import adds no one, so the campaign has "
            "no members yet. As its owner you can add the players you want.",
        ],
        0,
    )
