"""Each doctrine's card for a battle's settings is built once (Cards)."""

from __future__ import annotations

import pytest

from engines.doctrines import PROCEDURES, DoctrineSettings, procedure
from engines.doctrines.orders import Cards
from engines.enums import Doctrine


@pytest.mark.parametrize("doctrine", list(Doctrine))
def test_the_card_of_a_battle_is_built_once(doctrine):
    settings = DoctrineSettings(sight_limit=12)
    card = procedure(doctrine, settings)
    assert procedure(doctrine, settings) is card  # the same settings object
    assert procedure(doctrine, DoctrineSettings(sight_limit=12)) is card  # equal
    assert procedure(doctrine, DoctrineSettings(sight_limit=6)) is not card
    assert procedure(doctrine) is PROCEDURES[doctrine]


def test_cards_kept_are_bounded_and_built_again_after():
    built = []

    def build(settings):
        built.append(settings)
        return PROCEDURES[Doctrine.PRIORITY]

    cards = Cards(PROCEDURES[Doctrine.PRIORITY], build)
    for inches in range(Cards.KEPT + 5):
        cards(DoctrineSettings(sight_limit=inches + 1))
    assert len(cards.by_value) <= Cards.KEPT
    assert len(cards.by_object) <= Cards.KEPT
    assert len(built) == Cards.KEPT + 5
    cards(DoctrineSettings(sight_limit=1))  # cleared once the bound was met
    assert len(built) == Cards.KEPT + 6
