"""The log editor screen, without a browser: for every game, every action of a random
game can be opened for Edit / Insert before / Delete, drawn for the table as it stood, and
an action captured from the game's own menu becomes the edit (never a move)."""

import random
from types import SimpleNamespace

import pytest

from referee.core.session import Session
from referee.games import GAMES
from referee.ui.games import VIEWS
from referee.ui.screens.log.editor import LogEditor
from referee.ui.screens.log.screen import editable_log
from tests.edit.test_edit import random_record


def fake_app(session):
    told = []
    app = SimpleNamespace(
        live=SimpleNamespace(table=SimpleNamespace(session=session)),
        seen=0,
        device="d",
        render=lambda: None,
        toast=told.append,
        confirm=lambda _t, _x, yes: yes(),
        told=told,
    )
    app.new_view = lambda play: VIEWS[session.rules.kind](play, app.render, app.toast, app.confirm)
    return app


@pytest.mark.parametrize("kind", sorted(GAMES))
def test_every_action_opens_in_the_editor_and_a_captured_action_is_previewed(kind):
    rules = GAMES[kind]
    record = random_record(rules, 3, steps=25)
    session = Session(rules, record)
    editable_log(session, lambda _n, _k: None, set())
    rng = random.Random(3)
    picked_together = []
    for number in range(1, len(session.steps) + 1):
        for how in ("replace", "insert", "delete"):
            app = fake_app(session)
            editor = LogEditor(app, number, how)
            editor.screen()
            if how == "replace":
                editor.capture(session.steps[number - 1].action)  # the same action again
                assert editor.result is not None and editor.result.ok
                assert editor.result.summary["changed"] is False
                editor.screen()
                seats = rules.to_act(editor.state)
                if len(seats) > 1 and all(rules.pick_options(editor.state, s) for s in seats):
                    # Everyone chooses at once: the editor's own pad gathers the picks.
                    app = fake_app(session)
                    editor = LogEditor(app, number, how)
                    for seat in seats:
                        editor.view.pad.choose(seat, rules.pick_options(editor.state, seat)[0])
                    assert editor.result is not None or app.told
                    picked_together.append(kind)
            elif how == "insert":
                action = rules.draw(editor.state, rng)
                editor.capture(action)
                assert editor.result is not None or app.told  # previewed, or told why not
                if editor.result is not None:
                    editor.screen()
            else:
                assert editor.result is not None
                editor.screen()


@pytest.mark.parametrize("kind", sorted(GAMES))
def test_the_editor_offers_the_moves_pad_a_game_enters_its_moves_on(kind):
    """A game's pad for a whole move stands apart from its actions (GameView.keypad): the
    editor showed only the actions, and a FAJ trick or a Fae-ker hand had nothing to tap."""
    from tests.games.test_fairy_view import buttons

    rules = GAMES[kind]
    session = Session(rules, random_record(rules, 3, steps=25))
    for number in range(1, len(session.steps) + 1):
        editor = LogEditor(fake_app(session), number, "insert")
        pad = editor.view.keypad(editor.state)
        if pad is not None:
            assert set(buttons(pad)) <= set(buttons(editor.screen())), number


def test_an_open_entry_stays_open_only_for_its_own_action():
    rules = GAMES["faeker"]
    session = Session(rules, random_record(rules, 3, steps=4))
    log = editable_log(session, lambda _n, _k: None, set())
    top = log.controls[0]  # newest first
    entry = top.content.title.content.value
    opened = {entry}
    kept = editable_log(session, lambda _n, _k: None, opened)
    assert kept.controls[0].content.expanded
    # After an undo, another action with that number is not opened for it.
    other = {entry.split(".")[0] + ". something else"}
    fresh = editable_log(session, lambda _n, _k: None, other)
    assert not fresh.controls[0].content.expanded
