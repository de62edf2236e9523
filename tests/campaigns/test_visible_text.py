"""A name with nothing visible in it (only spaces, zero-width or direction
characters, blank fillers) is refused wherever a printed name is typed; a
name with letters in it keeps its direction marks."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError

from campaigns.models import Battle
from campaigns.services.battle_setup import battle_set_up
from campaigns.validators import validate_printable, visible
from tests.campaigns.setup_helpers import build_playable

INVISIBLE = [
    "\u200b",
    "\u200b\u200c\u200d\u2060",
    "\u202e",
    "\u2067\u2069",
    " \u00a0\u3000",
    "\ufeff",
    "\u3164\u3164",
    "\u2800",
    "\u0301",
]
VISIBLE = ["Frodo", "Evil\u202eliveE", "\u200bSam", "אראגורן", "·", "1"]


@pytest.mark.parametrize("text", INVISIBLE)
def test_text_with_nothing_visible_is_refused(text):
    with pytest.raises(ValidationError) as excinfo:
        validate_printable(text)
    assert excinfo.value.code == "invisible"


@pytest.mark.parametrize("text", VISIBLE)
def test_text_with_something_visible_passes(text):
    assert (visible(text), validate_printable(text)) == (True, None)


@pytest.mark.django_db
def test_a_character_named_with_zero_width_spaces_only_is_refused(campaign):
    playable = build_playable(campaign)
    character = playable.players[0]
    character.name = "\u200b\u200b"
    with pytest.raises(ValidationError) as excinfo:
        character.full_clean()
    assert list(excinfo.value.message_dict) == ["name"]


@pytest.mark.django_db
def test_a_coop_player_named_with_nothing_visible_is_refused_and_nothing_saved(
    campaign,
):
    playable = build_playable(campaign)
    coop = {c.pk: "\u200b\u2060" for c in playable.players}
    with pytest.raises(ValidationError) as excinfo:
        battle_set_up(
            scene=playable.scene,
            stance="attack",
            participant_ids=[c.pk for c in playable.players],
            coop_players=coop,
        )
    assert (excinfo.value.message_dict["coop"], Battle.objects.count()) == (
        ["A player's name has nothing visible in it: write it in letters."],
        0,
    )
