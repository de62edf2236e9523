#!/usr/bin/env python
"""Django's command-line utility for administrative tasks."""

import os
import sys


def main() -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.local")
    if sys.argv[1:2] == ["playtest"]:
        # A playtest fights on the compiled engine when `make engine` has built
        # one of these very sources (config/engine_build.py); else on the source.
        from config.engine_build import use_compiled

        use_compiled()
    from django.core.management import execute_from_command_line

    execute_from_command_line(sys.argv)


if __name__ == "__main__":
    main()
