"""The log shows every action on a line of its own, and a fix starts from it (issue 54).

The log screen lists each logged action in the game's own words, with the verdict it caused
under it; the log editor opens an Edit with the action as logged already entered (a trick's
cards all in: change one), and its check says the changed action itself first ("Ana's card:
A♣ → A♦"), then what it changed. Without a browser, for every game."""

import random

import flet as ft
import pytest

from referee.core.said import restates
from referee.core.session import Session
from referee.games import GAMES
from referee.ui.screens.log.editor import LogEditor
from referee.ui.screens.log.screen import editable_log
from tests.edit.test_edit import random_record
from tests.edit.test_log_editor import fake_app
from tests.helpers import bid, bluff, board, faeker, faj, pass_, plays, reveal, showdown, top
from tests.ui.devices import controls, texts_of

SEEDS = (1, 2)


def log_tiles(session: Session) -> list[ft.ExpansionTile]:
    log = editable_log(session, lambda _n, _k: None, set())
    return [c for c in controls(log) if isinstance(c, ft.ExpansionTile)]


def befores(session: Session) -> list:
    return [session.initial, *(s.state for s in session.steps[:-1])]


@pytest.mark.parametrize("kind", sorted(GAMES))
def test_a_game_with_nothing_logged_yet_shows_an_empty_log(kind):
    from referee.core.record import GameRecord

    rules = GAMES[kind]
    players = ["Ana", "Bo", "Cy", "Dee"][: max(3, rules.min_players)]
    session = Session(rules, GameRecord(game=kind, players=players, options={}))
    assert log_tiles(session) == []
    assert "Nothing has happened yet." in texts_of(editable_log(session, lambda *_: None, set()))


@pytest.mark.parametrize("kind", sorted(GAMES))
def test_every_logged_action_has_a_line_of_its_own_with_its_verdict_under_it(kind):
    rules = GAMES[kind]
    for seed in SEEDS:
        session = Session(rules, random_record(rules, seed, steps=30))
        tiles = log_tiles(session)
        assert len(tiles) == len(session.steps)  # one line per action, none folded
        logged = list(enumerate(zip(session.steps, befores(session), strict=True), start=1))
        for tile, (n, (step, before)) in zip(tiles, reversed(logged), strict=True):
            line = rules.said(before, step.action).line
            assert texts_of(tile.title) == [f"{n}. {line}"]
            head = step.verdict.headline
            if restates(head, line):
                assert tile.subtitle is None  # the verdict would only say it again
            else:
                assert texts_of(tile.subtitle) == [head]


def test_a_fae_ker_round_logs_each_pass_and_each_shown_hand():
    session = faeker(
        actions=[
            top(3),
            pass_("Bo"),
            bid("Cy", 2),
            pass_("Ana"),  # the final pass: Cy takes the round
            top(4),
            showdown("Cy"),
            reveal("Cy", 1, 2, 3, 4, 5),
            reveal("Ana", 4, 4, 5, 6, 1),
            reveal("Bo", 1, 1, 2, 2, 3),  # the last hand shown settles the showdown
        ]
    )
    said = [texts_of(t.title)[0] for t in reversed(log_tiles(session))]
    assert said == [
        "1. The top card is 3",
        "2. Bo passes",
        "3. Cy bids 2",
        "4. Ana passes",
        "5. The top card is 4",
        "6. Cy calls a showdown",
        "7. Cy shows 1, 2, 3, 4, 5",
        "8. Ana shows 1, 4, 4, 5, 6",
        "9. Bo shows 1, 1, 2, 2, 3",
    ]
    tiles = list(reversed(log_tiles(session)))
    assert texts_of(tiles[3].subtitle) == [session.steps[3].verdict.headline]  # who took it
    assert "wins the showdown" in texts_of(tiles[8].subtitle)[0]


def clickable(root) -> list:
    return [
        c
        for c in controls(root)
        if getattr(c, "on_click", None) is not None and not getattr(c, "disabled", False)
    ]


def one_tap_gives_it_back(session: Session, number: int) -> bool:
    """Whether the editor, opened on action `number`, enters that very action in one tap."""
    wanted = session.record().actions[number - 1]

    def taps(editor) -> list:  # what the game's own view offers, as the editor draws it
        pad = editor.view.keypad(editor.state)  # a move's pad (a hand, a board) comes first
        return clickable([c for c in (pad, editor.view.actions(editor.state)) if c is not None])

    for i in range(len(taps(LogEditor(fake_app(session), number, "replace")))):
        editor = LogEditor(fake_app(session), number, "replace")
        captured = []
        editor.view.play = captured.append
        taps(editor)[i].on_click(None)
        if captured and captured[0].model_dump(mode="json") == wanted:
            return True
    return False


@pytest.mark.parametrize("kind", sorted(GAMES))
def test_an_edit_starts_from_the_action_as_logged(kind):
    rules = GAMES[kind]
    kinds_seen = set()
    for seed in SEEDS:
        session = Session(rules, random_record(rules, seed, steps=16))
        for number, step in enumerate(session.steps, start=1):
            editor = LogEditor(fake_app(session), number, "replace")
            assert texts_of(editor.screen())[1] == (
                f"As logged: {rules.said(editor.state, step.action).line}"
            )
            picks = rules.picks_in(editor.state, step.action)
            if picks:  # a choice made at once: every seat's pick is in already
                assert editor.view.pad.picks == picks
            elif type(step.action) not in kinds_seen:
                assert one_tap_gives_it_back(session, number), step.action
            kinds_seen.add(type(step.action))


@pytest.mark.parametrize("kind", sorted(GAMES))
def test_the_check_says_the_changed_action_first(kind):
    rules = GAMES[kind]
    rng = random.Random(7)
    checked = 0
    for seed in SEEDS:
        session = Session(rules, random_record(rules, seed, steps=20))
        for number, step in enumerate(session.steps, start=1):
            editor = LogEditor(fake_app(session), number, "replace")
            old = rules.said(editor.state, step.action)
            for _ in range(6):
                other = rules.draw(editor.state, rng)
                new = rules.said(editor.state, other)
                if old.parts and dict(old.parts).keys() == dict(new.parts).keys() and old != new:
                    break
            else:
                continue
            editor.capture(other)
            if editor.result is None or not editor.result.ok:
                continue
            shown = texts_of(editor.screen())
            changed = [
                f"{k}: {v} → {dict(new.parts)[k]}" for k, v in old.parts if dict(new.parts)[k] != v
            ]
            assert shown[0] == "Check the change"
            assert shown[1] == f"Action {number}: {'; '.join(changed)}"
            checked += 1
    assert checked, "no action of the game was changed in one of its parts"


def test_an_edit_that_breaks_a_later_action_still_says_the_change_first():
    """Cy's pass edited into a bid puts Ana's bluff call on Cy, and Bo's shown hand no
    longer applies: the check says the change itself first, then what broke and why."""
    session = faeker(
        ["Ana", "Bo", "Cy"],
        [top(3), bid("Bo", 2), pass_("Cy"), bluff("Ana"), reveal("Bo", 4, 5, 6, 1, 1)],
    )
    editor = LogEditor(fake_app(session), 3, "replace")
    editor.capture(session.rules.parse_action(bid("Cy", 3)))
    assert not editor.result.ok
    shown = texts_of(editor.screen())
    assert shown[0] == "Action 3: Cy passes → Cy bids 3"
    assert shown[1].startswith("Then action 5") and shown[1].endswith("no longer applies")


def test_fixing_one_card_of_a_faj_trick_leaves_the_other_cards_in():
    session = faj(
        actions=[
            board("5D"),
            plays(Ana="AC", Bo="QS", Cy="KD"),
        ]
    )
    app = fake_app(session)
    editor = LogEditor(app, 2, "replace")
    assert editor.view.pad.picks == {0: "AC", 1: "QS", 2: "KD"}
    editor.view.pad.clear(0)  # "Change Ana's card"
    editor.view.pad.choose(0, "AD")
    assert editor.result is not None and editor.result.ok
    shown = texts_of(editor.screen())
    assert shown[1] == "Action 2: Ana's card: A♣ → A♦"
    assert editor.result.record.actions[1]["plays"] == [
        {"player": "Ana", "card": "AD"},
        {"player": "Bo", "card": "QS"},
        {"player": "Cy", "card": "KD"},
    ]
