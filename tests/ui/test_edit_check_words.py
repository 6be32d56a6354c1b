"""The log editor's check in a player's words (issue 54): a "Verdict:" line only for an
action whose verdict says something of its own (a bluff settled), never for a bid or a
hand shown; and each card of a hand being fixed is a Remove button of its own, not a
chip a screen reader takes for a disabled checkbox with the card inside it."""

import flet as ft

from referee.ui import routes
from tests.flet_patches.insides import tap
from tests.helpers import bid, bluff, reveal, run_async, top
from tests.ui.devices import controls, device, texts_of

# A Fae-ker bluff call: Bo bids 2, Cy calls it, Bo's hand shows two cards of 5 or higher.
FAEKER = [top(5), bid("Bo", 2), bluff("Cy"), reveal("Bo", 5, 6, 1, 1, 1)]


def fixing(lives, number: int, action=None):
    """The phone on the fix of action `number`, with `action` entered when given (called
    in an event loop: a phone's page runs on one)."""
    app, session = device(lives)
    app.games.start_game("faeker", ["Ana", "Bo", "Cy"], {})
    for step in FAEKER:
        app.game.play(app.game.rules.parse_action(step))
    app.go(routes.fix(app.game.game_id, number, "edit"))
    if action is not None:
        app.top.editor.capture(app.game.rules.parse_action(action))
    return app, session


def shown(session) -> list[str]:
    return texts_of(session.page.views[-1])


def checked(lives, number: int, action) -> list[str]:
    """What the check of the fix says, action `number` entered again as `action`."""

    async def run():
        return shown(fixing(lives, number, action)[1])

    return run_async(run())


def test_an_action_without_a_verdict_of_its_own_is_checked_without_a_verdict_line(lives):
    lines = checked(lives, 2, bid("Bo", 3))
    assert "Check the change" in lines
    assert any(line.startswith("Action 2: ") and "3" in line for line in lines)
    assert not [line for line in lines if "Verdict:" in line or "Verdict now" in line]


def test_an_action_with_a_verdict_of_its_own_is_checked_with_its_verdict(lives):
    lines = checked(lives, 4, reveal("Bo", 5, 1, 1, 1, 1))
    (line,) = [line for line in lines if line.startswith("Verdict: ")]
    assert line == "Verdict: Bo told the truth: 2 for a bid of 2 → Bo bluffed: 1 for a bid of 2"


def removes(root) -> list[ft.Semantics]:
    """The Remove buttons under `root`, by the name a screen reader says."""
    return [
        c
        for c in controls(root)
        if isinstance(c, ft.Semantics) and (c.label or "").startswith("Remove ")
    ]


def test_a_picked_card_is_its_own_remove_button_not_a_disabled_checkbox(lives):
    async def run():
        _app, session = fixing(lives, 4)  # Bo's hand, as logged, tapped in already
        screen = session.page.views[-1]
        assert not [c for c in controls(screen) if isinstance(c, ft.Chip)]
        buttons = removes(screen)
        assert sorted(c.label for c in buttons) == ["Remove 1"] * 3 + ["Remove 5", "Remove 6"]
        assert all(c.button and not c.disabled and c.content.on_click for c in buttons)
        six = next(c for c in buttons if c.label == "Remove 6")
        await tap(session, six.content)
        return shown(session), [c.label for c in removes(session.page.views[-1])]

    after, left = run_async(run())
    assert "4 of 5 cards" in after
    assert sorted(left) == ["Remove 1"] * 3 + ["Remove 5"]
