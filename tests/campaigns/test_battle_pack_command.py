"""``manage.py battle_pack`` (SITE.md "Commands"): writes a pack, sets up the
current scene's battle when none is planned, and turns every bad argument into
a one-line error."""

from __future__ import annotations

import io

import pypdf
import pytest
from django.core.management import CommandError, call_command

from campaigns.models import Battle
from campaigns.printing import battle_pack

pytestmark = pytest.mark.django_db


@pytest.fixture
def quick_pdf(monkeypatch):
    """A stand-in renderer for the tests that are not about the PDF itself."""
    monkeypatch.setattr(battle_pack, "html_to_pdf", lambda html, **kw: b"%PDF-stand-in")


@pytest.fixture
def scene(campaign, make_company, make_character, make_scene, make_scene_company):
    """The campaign's current scene: two fit rangers and a wounded-out one
    against two orcs."""
    rangers = make_company(campaign, name="Rangers")
    orcs = make_company(campaign, name="Orcs", side="ai")
    make_character(rangers, name="Halbarad")
    make_character(rangers, name="Beregond")
    make_character(rangers, name="Damrod", unfit_next_battle=True)
    make_character(orcs, name="Grishnákh")
    make_character(orcs, name="Shagrat")
    scene = make_scene(campaign, slug="fords", title="The Fords", status="current")
    make_scene_company(scene, rangers, leading=True)
    make_scene_company(scene, orcs, leading=True)
    return scene


def run(*args: str) -> str:
    out = io.StringIO()
    call_command("battle_pack", *args, stdout=out, stderr=io.StringIO())
    return out.getvalue()


def test_it_sets_up_the_current_scene_and_writes_its_pack(scene, tmp_path):
    target = tmp_path / "fords.pdf"
    run("--campaign", scene.campaign.slug, "--scene", "fords", "-o", str(target))
    reader = pypdf.PdfReader(io.BytesIO(target.read_bytes()))
    battle = Battle.objects.get(scene=scene)
    assert "Halbarad" in " ".join(p.extract_text() for p in reader.pages)
    assert battle.status == "planned"


def test_default_participants_are_every_fit_player_character(
    scene, tmp_path, quick_pdf
):
    run(
        "--campaign", scene.campaign.slug, "--scene", "fords", "-o", str(tmp_path / "p")
    )
    battle = Battle.objects.get(scene=scene)
    names = sorted(
        battle.participants.filter(side="player").values_list(
            "character__name", flat=True
        )
    )
    assert (names, battle.participants.filter(scout=True).count()) == (
        ["Beregond", "Halbarad"],
        0,
    )


def test_stance_and_seed_reach_the_setup(scene, tmp_path, quick_pdf):
    run(
        "--campaign",
        scene.campaign.slug,
        "--scene",
        "fords",
        "--stance",
        "defend",
        "--seed",
        "7",
        "-o",
        str(tmp_path / "p"),
    )
    battle = Battle.objects.get(scene=scene)
    assert (battle.player_stance, battle.setup_seed) == ("defend", 7)


def test_a_planned_battle_is_used_not_set_up_again(scene, tmp_path, quick_pdf):
    args = ("--campaign", scene.campaign.slug, "--scene", "fords")
    run(*args, "-o", str(tmp_path / "one"))
    run(*args, "-o", str(tmp_path / "two"))
    assert Battle.objects.filter(scene=scene).count() == 1


def test_it_writes_an_existing_battles_pack(scene, tmp_path, quick_pdf):
    run(
        "--campaign", scene.campaign.slug, "--scene", "fords", "-o", str(tmp_path / "a")
    )
    battle = Battle.objects.get(scene=scene)
    out = run("--battle", str(battle.pk), "-o", str(tmp_path / "b.pdf"))
    assert (tmp_path / "b.pdf").read_bytes() == b"%PDF-stand-in"
    assert f"battle {battle.number}" in out


def test_text_writes_the_setup_as_plain_text(scene, tmp_path):
    target = tmp_path / "fords.txt"
    run(
        "--campaign",
        scene.campaign.slug,
        "--scene",
        "fords",
        "--text",
        "-o",
        str(target),
    )
    text = target.read_text()
    battle = Battle.objects.get(scene=scene)
    assert text.startswith(f"{scene.campaign.name} - Battle {battle.number}: The Fords")
    assert f"Scenario: {battle.scenario_name}" in text and "Halbarad" in text


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ["--campaign", "nope", "--scene", "fords"],
            "No campaign with the slug 'nope'",
        ),
        (["--campaign", "{campaign}", "--scene", "nope"], "has no scene 'nope'"),
        (
            ["--campaign", "{campaign}", "--scene", "later"],
            "not the campaign's current",
        ),
        (["--battle", "999999"], "No battle with the id 999999"),
        (["--battle", "x1"], "--battle takes a battle id"),
        (["--campaign", "{campaign}"], "Give --battle ID, or --campaign SLUG"),
        (["--scene", "fords"], "--scene needs --campaign"),
        (["--battle", "1", "--scene", "fords"], "either --battle or --scene"),
        (["--battle", "1", "--seed", "3"], "--seed is only for setting up"),
        (
            ["--campaign", "{campaign}", "--scene", "fords", "--stance", "charge"],
            "--stance is one of attack, recon, defend",
        ),
        (
            ["--campaign", "{campaign}", "--scene", "fords", "--seed", "-1"],
            "--seed is a whole number from 0",
        ),
        (
            ["--campaign", "{campaign}", "--scene", "fords", "--seed", "2" * 30],
            "--seed is a whole number from 0",
        ),
        (
            ["--campaign", "{campaign}", "--scene", "fords", "--seed", "many"],
            "--seed takes a whole number",
        ),
    ],
)
def test_bad_arguments_are_one_line_errors(scene, make_scene, tmp_path, args, message):
    make_scene(scene.campaign, slug="later")
    args = [a.replace("{campaign}", scene.campaign.slug) for a in args]
    with pytest.raises(CommandError) as error:
        run(*args, "-o", str(tmp_path / "out.pdf"))
    assert message in str(error.value) and "\n" not in str(error.value)
    assert not Battle.objects.exists() and not (tmp_path / "out.pdf").exists()


@pytest.mark.parametrize("where", ["missing/out.pdf", "a-file/out.pdf", "."])
def test_an_unwritable_output_is_refused_before_anything_is_set_up(
    scene, tmp_path, where
):
    (tmp_path / "a-file").write_text("not a folder")
    with pytest.raises(CommandError) as error:
        run(
            "--campaign",
            scene.campaign.slug,
            "--scene",
            "fords",
            "-o",
            str(tmp_path / where),
        )
    assert "\n" not in str(error.value) and not Battle.objects.exists()


def test_a_missing_output_option_is_an_error(scene):
    with pytest.raises(CommandError, match="-o"):
        call_command(
            "battle_pack", "--campaign", scene.campaign.slug, "--scene", "fords"
        )


def test_a_setup_the_rules_refuse_is_a_one_line_error(scene, tmp_path):
    """No player character is fit: the setup service's validation error."""
    scene.scene_companies.get(side="player").company.characters.update(alive=False)
    with pytest.raises(CommandError) as error:
        run(
            "--campaign",
            scene.campaign.slug,
            "--scene",
            "fords",
            "-o",
            str(tmp_path / "p"),
        )
    assert "at least one" in str(error.value) and "\n" not in str(error.value)
