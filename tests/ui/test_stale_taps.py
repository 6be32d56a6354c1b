"""A tap sent from a screen the game has since moved past (a double tap, or a tap that
crossed another device's move) is dropped: it never runs the newer screen's button."""

import asyncio

import flet as ft

from referee.ui.shell import Shell
from tests.flet_patches.insides import own, tap
from tests.helpers import run_async
from tests.ui.devices import controls, device, texts_of


def _button(root, text: str):
    """The control a tap on `text` reaches: a button by its text or tooltip, or the
    content of a Semantics that names it (a card drawn as a card)."""
    for c in controls(root):
        if text in (own(c).get("content"), own(c).get("tooltip")):
            return c
        if isinstance(c, ft.Semantics) and c.label == text:
            return c.content
    raise LookupError(text)


def _faeker(app: Shell, *actions: dict) -> None:
    app.games.start_game("faeker", ["Ana", "Bo", "Cy"], {})
    for action in ({"type": "top_card", "card": 4}, *actions):
        app.game.play(app.game.rules.parse_action(action))


def _two_devices(lives):
    """Two devices on one Fae-ker game after Bo's bid of 2, each (shell, session): a
    session lives only while it is referred to."""
    a, a_session = device(lives)
    _faeker(a, {"type": "bid", "player": "Bo", "amount": 2})
    b, b_session = device(lives)
    b.games.open_game(a.game.game_id)
    return (a, a_session), (b, b_session)


def test_a_double_tap_on_a_bid_bids_once(lives):
    async def run():
        app, session = device(lives)
        _faeker(app, {"type": "bid", "player": "Bo", "amount": 0})
        bid = _button(_top(session), "Bid 0")  # Cy's; Ana may bid 0 next
        await tap(session, bid)
        await tap(session, bid)  # sent before the redraw came
        return [v.headline for v in app.game.session.verdicts]

    assert run_async(run())[1:] == ["Bo bids 0.", "Cy bids 0."]


def test_a_tap_that_crossed_another_devices_move_is_dropped(lives):
    async def run():
        (a, _a_session), (_b, b_session) = _two_devices(lives)
        stale = _button(_top(b_session), "Bid 4")  # what B shows: Cy to bid
        a.game.play(a.game.rules.parse_action({"type": "bid", "player": "Cy", "amount": 3}))
        await tap(b_session, stale)  # would be Ana's 4
        return [v.headline for v in a.game.session.verdicts]

    assert run_async(run())[1:] == ["Bo bids 2.", "Cy bids 3."]


def test_a_tap_sent_as_another_phone_opens_the_game_still_counts(lives):
    """A phone joining or leaving changes no button's meaning: the bid tapped as it came
    in is made (it was dropped as crossing a move, and the bid was lost)."""

    async def run():
        a, a_session = device(lives)
        _faeker(a, {"type": "bid", "player": "Bo", "amount": 2})
        bid = _button(_top(a_session), "Bid 3")  # Cy's
        b, _b_session = device(lives)
        b.games.open_game(a.game.game_id)
        for _ in range(5):  # A is told in a turn of its own: "Also open on 1 other device"
            await asyncio.sleep(0)
        assert a.game.live.others(a.game.device)
        await tap(a_session, bid)
        b.go("/")  # and B leaves again
        for _ in range(5):
            await asyncio.sleep(0)
        after = _button(_top(a_session), "Bid 4")  # Ana's
        await tap(a_session, after)
        return [v.headline for v in a.game.session.verdicts][1:]

    assert run_async(run()) == ["Bo bids 2.", "Cy bids 3.", "Ana bids 4."]


def test_a_bid_too_low_to_make_runs_nothing_and_stays_through_a_move(lives):
    async def run():
        app, session = device(lives)
        _faeker(app, {"type": "bid", "player": "Bo", "amount": 2})
        low = _button(_top(session), "Bid 1")  # Cy must bid more than 2
        kept = low.on_click is None and low.disabled
        await tap(session, _button(_top(session), "Bid 3"))
        kept = kept and _button(_top(session), "Bid 1") is low  # no command: nothing to drop
        await tap(session, low)
        return kept, [v.headline for v in app.game.session.verdicts][1:]

    assert run_async(run()) == (True, ["Bo bids 2.", "Cy bids 3."])


def test_a_double_tap_on_undo_undoes_once(lives):
    async def run():
        app, session = device(lives)
        app.games.start_game("faeker", ["Ana", "Bo", "Cy"], {})
        for action in (
            {"type": "top_card", "card": 4},
            {"type": "bid", "player": "Bo", "amount": 2},
        ):
            app.game.play(app.game.rules.parse_action(action))
        undo = _button(session.page.views[-1].appbar, "Undo")
        await tap(session, undo)
        await tap(session, undo)
        return len(app.game.session.steps)

    assert run_async(run()) == 1


def test_a_double_tap_on_a_picked_card_removes_that_card_only(lives):
    """Local taps too: the chip that slides into a removed card's place is a new control,
    so the second tap of a double tap does not remove it."""

    async def run():
        app, session = device(lives)
        _faeker(app, {"type": "showdown", "player": "Bo"})
        for card in ("Add 4", "Add 3"):
            add = _button(_top(session), card)
            await tap(session, add)
        chip = _chip(_top(session), "4")
        await tap(session, chip)
        await tap(session, chip)  # sent before the redraw came
        return _chips(_top(session))

    assert run_async(run()) == ["3"]


def test_a_double_tap_on_add_adds_that_card_twice(lives):
    """'Add 4' does the same for as long as the hand is being entered: its control is
    kept, so a quick second tap counts, as a second tick on paper would."""

    async def run():
        app, session = device(lives)
        _faeker(app, {"type": "showdown", "player": "Bo"})
        add = _button(_top(session), "Add 4")
        await tap(session, add)
        await tap(session, add)
        return _chips(_top(session))

    assert run_async(run()) == ["4", "4"]


def test_a_quick_tap_past_the_last_copy_adds_nothing(lives):
    """The button shows disabled only once the redraw arrives; the picker itself never
    takes more copies of a card than the deck has left unseen."""

    async def run():
        app, session = device(lives)
        _faeker(app, {"type": "showdown", "player": "Bo"})
        add = _button(_top(session), "Add 7")
        left = app.top.view.picker.unseen[7]
        for _ in range(left + 1):
            await tap(session, add)
        return left, _chips(_top(session))

    left, chips = run_async(run())
    assert chips == ["7"] * left


def _top(session):
    """What the phone shows: the top view of its stack."""
    return session.page.views[-1].controls


def _chips(root) -> list[str]:
    """The cards of the hand being entered, by their Remove buttons (ui/picked_cards.py)."""
    return [c.label.removeprefix("Remove ") for c in _removes(root)]


def _removes(root) -> list[ft.Semantics]:
    return [
        c
        for c in controls(root)
        if isinstance(c, ft.Semantics) and c.button and (c.label or "").startswith("Remove ")
    ]


def _chip(root, label: str):
    """The control a tap on the card's Remove button reaches."""
    return next(c.content for c in _removes(root) if c.label == f"Remove {label}")


def test_the_tapping_device_draws_before_the_others_hear(lives):
    async def run():
        (_a, a_session), (_b, b_session) = _two_devices(lives)
        sent = []
        for name, session in (("tapper", a_session), ("other", b_session)):
            conn = session.connection
            conn.send_message = lambda _m, name=name: sent.append(name)
        undo = _button(a_session.page.views[-1].appbar, "Undo")
        await tap(a_session, undo)
        await asyncio.sleep(0.05)  # the other devices are told in turns of the loop after
        return sent

    sent = run_async(run())
    assert sent[0] == "tapper"
    assert "other" in sent


def test_a_device_told_after_two_moves_still_shows_the_verdict_that_settled_something(lives):
    """Devices are told in turns of their own: by B's turn the game moved twice (a bluff
    settled, then the next round's top card), and B still shows the bluff's verdict."""

    async def run():
        (a, _a_session), (b, _b_session) = _two_devices(lives)
        shown = []
        b.game.show_verdict = lambda verdict: shown.append(verdict.headline)
        for action in (
            {"type": "bluff", "player": "Cy"},
            {"type": "reveal", "player": "Bo", "cards": [5, 6, 7, 1, 1]},
            {"type": "top_card", "card": 3},
        ):
            a.game.play(a.game.rules.parse_action(action))
        await asyncio.sleep(0.05)
        return shown, [s.verdict for s in a.game.session.steps[-2:]]

    shown, (settled, next_round) = run_async(run())
    assert settled.decisive and not next_round.decisive
    assert shown == [settled.headline]


def test_a_tap_on_home_that_crossed_a_move_at_another_phone_still_counts(lives):
    """Home follows the games' list, so every move on another phone draws it again; its
    buttons mean the same through that (each tile's are its game's), so a tap sent from the
    home before the redraw does what it said, instead of being dropped."""

    async def moved_elsewhere(player, card: int) -> None:
        player.game.play(player.game.rules.parse_action({"type": "top_card", "card": card}))
        for _ in range(5):  # the home is told in a turn of its own
            await asyncio.sleep(0)

    async def run():
        home, home_session = device(lives)
        player, _player_session = device(lives)
        player.games.start_game("faeker", ["Ana", "Bo", "Cy"], {})
        await moved_elsewhere(player, 3)
        new = _button(_top(home_session), "New game")
        player.game.undo()
        await moved_elsewhere(player, 4)
        assert "· 1 action" in " ".join(texts_of(_top(home_session)))  # drawn again
        await tap(home_session, new)
        went = home.top.route.path
        home.go("/")
        resume = _button(_top(home_session), "Resume Fae-ker: Ana, Bo, Cy")
        player.game.undo()
        await moved_elsewhere(player, 5)
        await tap(home_session, resume)
        return went, home.game.game_id if home.game else None, player.game.game_id

    went, opened, game_id = run_async(run())
    assert went == "/new"
    assert opened == game_id
