"""``python manage.py battle_pack`` (SITE.md "Commands").

``--campaign SLUG --scene SLUG [--stance S] [--seed N] -o FILE`` sets up a
battle for the campaign's current scene when none is planned (every fit player
character of the scene's player companies, no scouts) and writes its pack;
``--battle ID -o FILE`` writes an existing battle's pack; ``--text`` writes the
setup sheet as plain text instead of the PDF. Every bad argument is a one-line
error and a non-zero exit, never a traceback.
"""

from __future__ import annotations

import os
from pathlib import Path

from django.core.exceptions import ValidationError
from django.core.management.base import BaseCommand, CommandError, CommandParser

from campaigns.models import Battle, Campaign, Scene
from campaigns.models.battle import BattleStatus
from campaigns.printing.battle_pack import battle_pack_pdf, battle_pack_text
from campaigns.printing.qr import reachable_from_a_phone
from campaigns.selectors.lineup import scene_lineup
from campaigns.services.battle_setup import MAX_SEED, battle_set_up
from campaigns.site_url import site_url
from engines.enums import SceneStatus, Stance

DEFAULT_STANCE = Stance.RECON


class Command(BaseCommand):
    help = (
        "Write a battle pack: set up the current scene's battle (--campaign, "
        "--scene) or take an existing one (--battle)."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--campaign", help="The campaign's slug.")
        parser.add_argument("--scene", help="The scene's slug: the current scene.")
        parser.add_argument("--battle", help="An existing battle's id.")
        parser.add_argument(
            "--stance",
            help=f"The player's stance: attack, recon or defend (default "
            f"{DEFAULT_STANCE.value}). Only with --scene.",
        )
        parser.add_argument(
            "--seed", help=f"The setup's seed, 0 to {MAX_SEED}. Only with --scene."
        )
        parser.add_argument("-o", "--output", required=True, help="The file to write.")
        parser.add_argument(
            "--text",
            action="store_true",
            help="Write the setup sheet as plain text instead of the PDF.",
        )

    def handle(self, *args, **options) -> None:
        output = _output_path(options["output"])
        battle = (
            _existing_battle(options)
            if options["battle"] is not None
            else self._scene_battle(options)
        )
        try:
            if options["text"]:
                output.write_text(battle_pack_text(battle), encoding="utf-8")
            else:
                output.write_bytes(battle_pack_pdf(battle))
        except OSError as error:
            raise CommandError(
                f"Cannot write {output}: {error.strerror or error}."
            ) from error
        if not options["text"] and not reachable_from_a_phone(site_url()):
            self.stderr.write(
                f"SITE_URL is not set, so the site's address is {site_url()}, "
                "which no phone can open: the pack prints no QR code. Set "
                "SITE_URL to the address the phones use to get one."
            )
        kind = "setup text" if options["text"] else "pack"
        self.stdout.write(
            f"Wrote the {kind} of battle {battle.number} (id {battle.pk}, "
            f"{battle.scene.title}: {battle.scenario_name}) to {output}."
        )

    def _scene_battle(self, options: dict) -> Battle:
        if options["scene"] is None:
            raise CommandError("Give --battle ID, or --campaign SLUG and --scene SLUG.")
        if options["campaign"] is None:
            raise CommandError("--scene needs --campaign SLUG.")
        stance = _stance(options["stance"])
        seed = _seed(options["seed"])
        campaign = Campaign.objects.filter(slug=options["campaign"]).first()
        if campaign is None:
            raise CommandError(f"No campaign with the slug {options['campaign']!r}.")
        scene = Scene.objects.filter(campaign=campaign, slug=options["scene"]).first()
        if scene is None:
            raise CommandError(
                f"The campaign {campaign.slug!r} has no scene {options['scene']!r}."
            )
        if scene.status != SceneStatus.CURRENT:
            current = campaign.current_scene()
            where = f" (the current scene is {current.slug!r})" if current else ""
            raise CommandError(
                f"{scene.slug!r} is not the campaign's current scene{where}."
            )
        planned = scene.battles.filter(status=BattleStatus.PLANNED).first()
        if planned is not None:
            if options["stance"] is not None or options["seed"] is not None:
                self.stderr.write(
                    f"Battle {planned.number} is already planned for this scene: "
                    "writing its pack; --stance and --seed are not used."
                )
            return planned
        lineup = scene_lineup(scene=scene)
        participants = lineup.default_participant_ids()
        try:
            return battle_set_up(
                scene=scene, stance=stance, participant_ids=participants, seed=seed
            )
        except ValidationError as error:
            raise CommandError(_one_line(error)) from error


def _existing_battle(options: dict) -> Battle:
    if options["scene"] is not None:
        raise CommandError("Give either --battle or --scene, not both.")
    for name in ("stance", "seed"):
        if options[name] is not None:
            raise CommandError(f"--{name} is only for setting up a battle (--scene).")
    try:
        battle_id = int(options["battle"])
    except ValueError as error:
        raise CommandError(
            f"--battle takes a battle id, not {options['battle']!r}."
        ) from error
    battles = Battle.objects.select_related("scene", "campaign")
    if options["campaign"] is not None:
        battles = battles.filter(campaign__slug=options["campaign"])
    battle = battles.filter(pk=battle_id).first()
    if battle is None:
        where = (
            f" in the campaign {options['campaign']!r}" if options["campaign"] else ""
        )
        raise CommandError(f"No battle with the id {battle_id}{where}.")
    return battle


def _output_path(raw: str) -> Path:
    path = Path(raw).expanduser()
    folder = path.parent if str(path.parent) else Path(".")
    if path.is_dir():
        raise CommandError(f"{raw} is a folder: give a file name.")
    if not folder.is_dir():
        raise CommandError(f"Cannot write {raw}: the folder {folder} does not exist.")
    writable = os.access(folder, os.W_OK)
    if not writable or (path.exists() and not os.access(path, os.W_OK)):
        raise CommandError(f"Cannot write {raw}: permission denied.")
    return path


def _stance(raw: str | None) -> Stance:
    if raw is None:
        return DEFAULT_STANCE
    try:
        return Stance(raw.strip().lower())
    except ValueError as error:
        choices = ", ".join(s.value for s in Stance)
        raise CommandError(f"--stance is one of {choices}, not {raw!r}.") from error


def _seed(raw: str | None) -> int | None:
    if raw is None:
        return None
    try:
        seed = int(raw)
    except ValueError as error:
        raise CommandError(f"--seed takes a whole number, not {raw!r}.") from error
    if not 0 <= seed <= MAX_SEED:
        raise CommandError(f"--seed is a whole number from 0 to {MAX_SEED}.")
    return seed


def _one_line(error: ValidationError) -> str:
    messages = (
        [m for ms in error.message_dict.values() for m in ms]
        if hasattr(error, "error_dict")
        else error.messages
    )
    return " ".join(" ".join(messages).split()) or "The battle could not be set up."
