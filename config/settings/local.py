"""Development settings: DEBUG on unless the environment says otherwise."""

import os

os.environ.setdefault("DEBUG", "1")

from .base import *  # noqa: E402,F403
