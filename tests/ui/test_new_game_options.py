"""New game's number fields: what is typed becomes a JSON number, since a record is
exactly its schema and refuses "5" where a whole number is meant."""

from types import SimpleNamespace

import flet as ft

from referee.games import GAMES
from referee.ui.screens.new_game.form import NewGameForm


def typed(form: NewGameForm, label: str, text: str) -> None:
    fields = [
        c for c in form._option_controls(form.rules.options_model) if isinstance(c, ft.TextField)
    ]
    field = next(f for f in fields if f.label == label)
    field.on_change(SimpleNamespace(control=SimpleNamespace(value=text)))


class TestNumberFields:
    def test_a_typed_whole_number_is_a_number_and_blank_the_default(self):
        started = []
        form = NewGameForm([], lambda *a: started.append(a), lambda: None, lambda: None)
        form._choose_game("fairybucks", refresh=False)
        form.names = ["Ana", "Bo"]
        typed(form, "Castle card value", " 5 ")
        typed(form, "Item cards in the deck", "")
        typed(form, "Series name", "12")
        form._start()
        ((_kind, _players, options),) = started
        assert options == {"castle_value": 5, "series": "12"}
        assert GAMES["fairybucks"].parse_options(options).castle_value == 5

    def test_anything_else_is_left_as_typed_for_a_sentence(self):
        form = NewGameForm([], lambda *a: None, lambda: None, lambda: None)
        form._choose_game("fairybucks", refresh=False)
        typed(form, "Castle card value", "five")
        assert form.options["castle_value"] == "five"
