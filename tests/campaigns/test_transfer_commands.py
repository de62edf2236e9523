"""export_campaign and import_campaign (SITE.md "Commands"): one-line errors,
non-zero exits, never a traceback."""

from __future__ import annotations

import json
import subprocess
import sys
from io import StringIO
from pathlib import Path

import pytest
from django.conf import settings as django_settings
from django.core.management import CommandError, call_command

from campaigns.models import Campaign
from campaigns.transfer import campaign_export
from tests.campaigns.setup_helpers import build_playable
from tests.campaigns.transfer_helpers import table_counts

pytestmark = pytest.mark.django_db


@pytest.fixture
def exported(campaign, tmp_path) -> Path:
    build_playable(campaign)
    path = tmp_path / "wotr.json"
    call_command("export_campaign", campaign.slug, "-o", str(path), stdout=StringIO())
    return path


def error_of(*args) -> str:
    with pytest.raises(CommandError) as caught:
        call_command(*args, stdout=StringIO(), stderr=StringIO())
    return str(caught.value)


# --- export_campaign ---


def test_export_writes_the_campaign_document(campaign, exported):
    assert json.loads(exported.read_text()) == campaign_export(campaign=campaign)


def test_export_says_what_it_wrote(campaign, tmp_path):
    out = StringIO()
    call_command("export_campaign", "wotr", "-o", str(tmp_path / "x.json"), stdout=out)
    assert out.getvalue().startswith("Wrote “The War of the Ring” to ")


def test_export_to_a_dash_writes_to_standard_output(campaign):
    out = StringIO()
    call_command("export_campaign", "wotr", "-o", "-", stdout=out)
    assert json.loads(out.getvalue())["campaign"]["slug"] == "wotr"


def test_export_of_an_unknown_slug_fails_in_one_line(tmp_path):
    message = error_of("export_campaign", "nowhere", "-o", str(tmp_path / "x.json"))
    assert message == "No campaign has the slug 'nowhere'."


def test_export_to_a_missing_folder_fails_in_one_line(campaign, tmp_path):
    message = error_of("export_campaign", "wotr", "-o", str(tmp_path / "no" / "x.json"))
    assert message.startswith("Cannot write ") and "\n" not in message


def test_export_to_a_folder_fails_in_one_line(campaign, tmp_path):
    message = error_of("export_campaign", "wotr", "-o", str(tmp_path))
    assert message.startswith("Cannot write ")


# --- import_campaign ---


def test_import_creates_a_campaign_for_the_owner(exported, other_user):
    call_command(
        "import_campaign", str(exported), "--owner", "gollum", stdout=StringIO()
    )
    assert Campaign.objects.get(slug="wotr-2").owner == other_user


def test_import_says_what_it_made(exported, other_user):
    out = StringIO()
    call_command("import_campaign", str(exported), "--owner", "gollum", stdout=out)
    assert out.getvalue().strip() == (
        "Imported “The War of the Ring” as wotr-2, owned by gollum."
    )


def test_import_of_a_missing_file_fails_in_one_line(user, tmp_path):
    message = error_of(
        "import_campaign", str(tmp_path / "gone.json"), "--owner", "frodo"
    )
    assert (
        message == f"Cannot read {tmp_path / 'gone.json'}: No such file or directory."
    )


def test_import_of_a_folder_fails_in_one_line(user, tmp_path):
    message = error_of("import_campaign", str(tmp_path), "--owner", "frodo")
    assert message.startswith(f"Cannot read {tmp_path}: ")


def test_import_of_bad_json_fails_in_one_line_and_writes_nothing(user, tmp_path):
    path = tmp_path / "bad.json"
    path.write_text('{"format":\n\n "warband-chronicle-campaign",,}')
    before = table_counts()
    message = error_of("import_campaign", str(path), "--owner", "frodo")
    assert (message.startswith("The file is not JSON"), table_counts()) == (
        True,
        before,
    )


def test_import_of_a_tampered_document_names_every_problem_on_one_line(exported, user):
    document = json.loads(exported.read_text())
    document["scenes"][0]["order"] = "ten"
    document["battles"] = [{"ref": 1, "scene": 99}]
    exported.write_text(json.dumps(document))
    message = error_of("import_campaign", str(exported), "--owner", "frodo")
    assert message.startswith("scenes[0].order: must be a whole number; ") and (
        "battles[0].scene: no scene with ref 99" in message
    )


def test_an_error_message_never_spans_lines(exported, user):
    document = json.loads(exported.read_text())
    document["scenes"][0]["line\nbreak"] = 1
    exported.write_text(json.dumps(document))
    assert "\n" not in error_of("import_campaign", str(exported), "--owner", "frodo")


def test_import_for_an_unknown_owner_fails_in_one_line(exported):
    message = error_of("import_campaign", str(exported), "--owner", "sauron")
    assert message == "No user has the username 'sauron'."


def test_import_of_an_oversized_file_fails_before_reading_it(settings, user, tmp_path):
    settings.CAMPAIGN_IMPORT_MAX_BYTES = 5 * 1024 * 1024
    path = tmp_path / "big.json"
    path.write_bytes(b" " * (5 * 1024 * 1024 + 1))
    message = error_of("import_campaign", str(path), "--owner", "frodo")
    assert message == f"{path} is 5.0 MB; the limit is 5 MB (5,242,880 bytes)."


def test_the_command_line_shows_one_line_and_exits_non_zero(tmp_path):
    """Run as a user would: a one-line message on stderr, no traceback."""
    result = subprocess.run(
        [
            sys.executable,
            "manage.py",
            "import_campaign",
            str(tmp_path / "gone.json"),
            "--owner",
            "nobody",
        ],
        cwd=django_settings.BASE_DIR,
        capture_output=True,
        text=True,
        env={
            "DJANGO_SETTINGS_MODULE": "config.settings.test",
            "PATH": "/usr/bin:/bin",
            "DATABASE_URL": f"sqlite:///{tmp_path / 'db.sqlite3'}",
        },
        check=False,
    )
    assert (
        result.returncode,
        len(result.stderr.strip().splitlines()),
        "Traceback" in result.stderr,
    ) == (1, 1, False)


def test_export_indented_puts_every_value_on_its_own_line(campaign, exported):
    """For a document edited by hand (the demo's): the same document without
    the campaign's creation time."""
    out = StringIO()
    call_command("export_campaign", "wotr", "-o", "-", "--indented", stdout=out)
    document = campaign_export(campaign=campaign)
    del document["campaign"]["created_at"]
    assert (json.loads(out.getvalue()), out.getvalue().count("\n") > 200) == (
        document,
        True,
    )


def test_import_with_members_says_which_members_it_added_and_which_it_did_not(
    campaign, exported, other_user, django_user_model
):
    django_user_model.objects.create_user(username="sam")
    document = json.loads(exported.read_text())
    document["campaign"]["members"] = ["sam", "pippin"]
    exported.write_text(json.dumps(document))
    out = StringIO()
    call_command(
        "import_campaign",
        str(exported),
        "--owner",
        "gollum",
        "--with-members",
        stdout=out,
    )
    assert out.getvalue().splitlines()[1:] == [
        "Members added: sam.",
        "Members not added (no user of that name here): pippin.",
    ]


def test_import_without_with_members_adds_no_one(
    campaign, exported, other_user, django_user_model
):
    """The command adds members only when asked, and says how to."""
    django_user_model.objects.create_user(username="sam")
    document = json.loads(exported.read_text())
    document["campaign"]["members"] = ["sam", "pippin"]
    exported.write_text(json.dumps(document))
    out = StringIO()
    call_command("import_campaign", str(exported), "--owner", "gollum", stdout=out)
    imported = Campaign.objects.exclude(pk=campaign.pk).get()
    assert (out.getvalue().splitlines()[1:], imported.members.count()) == (
        [
            "Members not added: the file names 2; --with-members adds those "
            "with a user of that name here."
        ],
        0,
    )


def test_max_bytes_sets_the_limit_of_the_command(exported, user):
    size = exported.stat().st_size
    message = error_of(
        "import_campaign", str(exported), "--owner", "frodo", "--max-bytes", "100"
    )
    assert message == f"{exported} is {size:,} bytes; the limit is 100 bytes."


def test_max_bytes_above_the_setting_lets_a_larger_file_in(
    settings, exported, other_user
):
    settings.CAMPAIGN_IMPORT_MAX_BYTES = 100
    out = StringIO()
    call_command(
        "import_campaign",
        str(exported),
        "--owner",
        "gollum",
        "--max-bytes",
        str(10 * 1024 * 1024),
        stdout=out,
    )
    assert out.getvalue().startswith("Imported ")


@pytest.mark.parametrize("value", ["0", "-5", "ten", "1e6"])
def test_a_bad_max_bytes_fails_in_one_line(exported, user, value):
    message = error_of(
        "import_campaign", str(exported), "--owner", "frodo", "--max-bytes", value
    )
    assert message.startswith("--max-bytes must be a whole number of bytes above 0")
