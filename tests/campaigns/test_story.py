"""campaigns.story: the sentences the chronicle, the dashboard and the log tell
the campaign in — in good grammar, naming the wounds, never "ended by
conceded"."""

from __future__ import annotations

import pytest

from campaigns.story import (
    CommanderLine,
    FateLine,
    battle_story,
    commander_sentence,
    fate_sentence,
    rest_sentence,
    result_sentence,
    story_text,
)


@pytest.mark.parametrize(
    ("values", "sentence"),
    [
        (
            {"outcome": "victory", "end_reason": "rout", "ai_routed": True},
            "A victory: the AI side routed.",
        ),
        (
            {"outcome": "defeat", "end_reason": "conceded"},
            "A defeat: you conceded.",
        ),
        (
            {"outcome": "victory", "end_reason": "conceded"},
            "A victory: the AI conceded.",
        ),
        (
            {
                "outcome": "draw",
                "end_reason": "objective",
                "player_victory_points": 3,
                "ai_victory_points": 3,
            },
            "A draw: the objective decided it; victory points 3–3.",
        ),
        (
            {
                "outcome": "victory",
                "end_reason": "last_character_lost",
                "player_routed": True,
                "ai_routed": True,
            },
            "A victory: fought to the last character; both sides routed.",
        ),
    ],
)
def test_the_result_in_one_sentence(values, sentence):
    assert result_sentence(**values) == sentence


@pytest.mark.parametrize(
    ("values", "sentence"),
    [
        ({"fate": "killed_outright"}, "Boromir was killed outright."),
        ({"fate": "killed"}, "Boromir fell and did not rise again: killed."),
        (
            {"fate": "grievously_wounded", "new_wounds": ("Morgul-blade wound",)},
            "Boromir fell, grievously wounded, carries a Morgul-blade wound and "
            "misses the company's next battle.",
        ),
        (
            {"fate": "recovers", "new_wounds": ("wound",)},
            "Boromir fell but recovers with a wound.",
        ),
        (
            {"fate": "wounded", "wound_tokens": 2, "new_wounds": ("wound", "wound")},
            "Boromir took 2 wound tokens and now carries 2 wounds (wound, wound).",
        ),
        (
            {"fate": "wounded", "wound_tokens": 1},
            "Boromir took 1 wound token and shook it off.",
        ),
        ({"fate": "unhurt"}, ""),
        ({"fate": "sat_out"}, ""),
        ({"fate": ""}, ""),
    ],
)
def test_what_became_of_a_character(values, sentence):
    assert fate_sentence(name="Boromir", **values) == sentence


def test_a_named_wound_that_does_not_say_wound_is_still_a_wound():
    assert fate_sentence(
        name="Frodo", fate="recovers", new_wounds=("Morgul blade",)
    ) == ("Frodo fell but recovers with a wound: Morgul blade.")


@pytest.mark.parametrize(
    ("field", "old", "new", "sentence"),
    [
        ("reputation", "bold", "rash", "Aragorn's reputation moved from Bold to Rash."),
        ("rating", "poor", "average", "Aragorn rose from poor to average rating."),
    ],
)
def test_a_commander_moved(field, old, new, sentence):
    assert commander_sentence(name="Aragorn", field=field, old=old, new=new) == (
        sentence
    )


def test_a_rest_names_what_healed_and_who_is_fit():
    assert rest_sentence(
        scene="Rivendell",
        healed=[("Frodo", "Morgul-blade wound"), ("Sam", "wound")],
        fit_again=["Merry", "Pippin"],
    ) == (
        "The company rested at Rivendell: Frodo's Morgul-blade wound and Sam's "
        "wound healed; Merry and Pippin are fit again."
    )


def test_a_rest_with_nobody_to_heal_says_so():
    assert rest_sentence(scene="Rivendell", healed=[], fit_again=[]) == (
        "The company rested at Rivendell: nobody needed healing."
    )


def test_a_battle_told_from_start_to_end():
    story = battle_story(
        number=2,
        scene="Amon Hen",
        scenario="Defend the hobbits",
        result="A defeat: you conceded.",
        fates=[FateLine(name="Boromir", fate="killed_outright")],
        healed=[("Merry", "wound")],
        commanders=[CommanderLine("Aragorn", "reputation", "bold", "cautious")],
    )
    assert story == [
        "Battle 2 at Amon Hen, Defend the hobbits.",
        "A defeat: you conceded.",
        "Boromir was killed outright.",
        "Merry's wound healed.",
        "Aragorn's reputation moved from Bold to Cautious.",
    ]


def test_a_name_written_right_to_left_is_isolated():
    assert fate_sentence(name="\u05d3\u05df", fate="killed") == (
        "\u2068\u05d3\u05df\u2069 fell and did not rise again: killed."
    )


def test_a_long_story_is_cut_with_an_ellipsis():
    text = story_text(["word " * 200], limit=50)
    assert (len(text), text[-1]) == (50, "…")
