"""python manage.py generate_campaign — a large campaign for scale tests."""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.core.management.base import BaseCommand, CommandError, CommandParser

from bench.generate import GenerateSizes, campaign_generate


class Command(BaseCommand):
    help = "Generate a large campaign (1,000 scenes and battles by default)."

    def add_arguments(self, parser: CommandParser) -> None:
        defaults = GenerateSizes()
        parser.add_argument("--slug", default="generated")
        parser.add_argument(
            "--owner", default="generator", help="Username (created if missing)."
        )
        parser.add_argument("--scenes", type=int, default=defaults.scenes)
        parser.add_argument("--battles", type=int, default=defaults.battles)
        parser.add_argument("--companies", type=int, default=defaults.companies)
        parser.add_argument("--characters", type=int, default=defaults.characters)
        parser.add_argument("--wounds", type=int, default=defaults.wounds)
        parser.add_argument("--seed", type=int, default=0)

    def handle(self, *args, **options) -> None:
        owner, _ = get_user_model().objects.get_or_create(username=options["owner"])
        sizes = GenerateSizes(
            scenes=options["scenes"],
            battles=options["battles"],
            companies=options["companies"],
            characters=options["characters"],
            wounds=options["wounds"],
        )
        try:
            campaign = campaign_generate(
                owner=owner, slug=options["slug"], sizes=sizes, seed=options["seed"]
            )
        except ValidationError as error:
            raise CommandError(" ".join(error.messages)) from error
        self.stdout.write(
            f"Generated campaign “{campaign.slug}” owned by {owner.get_username()}: "
            f"{sizes.scenes} scenes, {sizes.battles} battles, {sizes.companies} "
            f"companies, {sizes.characters} characters, {sizes.wounds} wounds."
        )
