"""The table page's engine-written lines in the campaign's setting's words
(issue 25 part 1): the log is stored as the engine wrote it, and retold here
when it is shown."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from campaigns.presenters.table_pieces import Answer, LogLine
from campaigns.setting_words import Words


def log_line_words(line: LogLine, words: Words) -> LogLine:
    return replace(line, text=words.text(line.text), dice=tuple(words.all(line.dice)))


def answer_words(answer: Answer | None, words: Words) -> Answer | None:
    if answer is None:
        return None
    return replace(
        answer,
        title=words.text(answer.title),
        sentence=words.text(answer.sentence),
        step_text=words.text(answer.step_text),
        facts=tuple(tuple(words.all(fact)) for fact in answer.facts),
        dice=tuple(words.all(answer.dice)),
    )


def table_values_words(values: dict[str, Any], words: Words) -> dict[str, Any]:
    """The table page's log, last answer, undo line and scene orders retold."""
    retold = values | {
        "log": tuple(log_line_words(line, words) for line in values.get("log", ())),
        "answer": answer_words(values["answer"], words),
        "undo_text": words.text(values["undo_text"]),
    }
    if values.get("walk_orders"):
        retold["walk_orders"] = tuple(words.all(values["walk_orders"]))
    if values.get("walk_notes"):
        retold["walk_notes"] = words.text(values["walk_notes"])
    if values.get("round_orders"):
        retold["round_orders"] = tuple(
            (moment, words.text(line)) for moment, line in values["round_orders"]
        )
    retold["order_asks"] = tuple(
        replace(ask, words=words.text(ask.words), condition=words.text(ask.condition))
        for ask in values.get("order_asks", ())
    )
    return retold
