"""``python manage.py seed_demo [--password P] [--reset]`` (SITE.md "Commands")."""

from __future__ import annotations

from django.core.management.base import BaseCommand, CommandError

from campaigns.services.demo import DemoSeedError, demo_seed


class Command(BaseCommand):
    help = (
        "Add whatever of the demo campaign (war-of-the-ring) and its login is "
        "missing, without touching play state, and print the login."
    )

    def add_arguments(self, parser) -> None:
        parser.add_argument(
            "--password",
            help="Set the demo user's password (kept in .demo-login).",
        )
        parser.add_argument(
            "--reset",
            action="store_true",
            help="Delete the demo campaign and load it again in its starting state.",
        )

    def handle(self, *args, password: str | None, reset: bool, **options) -> None:
        try:
            login = demo_seed(password=password, reset=reset)
        except DemoSeedError as exc:
            raise CommandError(str(exc)) from exc
        if reset:
            self.stdout.write("The demo campaign was reset to its starting state.")
        self.stdout.write(login.summary)
        self.stdout.write(self.style.SUCCESS(login.message))
