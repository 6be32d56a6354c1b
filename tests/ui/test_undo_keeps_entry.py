"""An Undo of a move that was tapped in as a whole (a hand, a board, a trick's cards, a
lot, the dice's tops) puts that entry back where it was tapped in, on every device, so
fixing one card of it is that card (issue 54: the entry came back empty)."""

from tests.helpers import (
    bid,
    bluff,
    board,
    dd_challenge,
    dd_colour,
    dd_guess,
    dd_tops,
    lot,
    plays,
    run_async,
    top,
)
from tests.ui.devices import device
from tests.ui.test_verdict_held import told


def _undone(lives, kind, players, actions, then=None):
    """`actions` played on device A, then A's Undo, then `then(A, B)` if given; (A, B)
    once both are told."""

    async def run():
        a, sa = device(lives)
        b, sb = device(lives)
        a.games.start_game(kind, list(players), {})
        b.games.open_game(a.game.game_id)
        await told()
        for action in actions:
            a.game.play(a.game.rules.parse_action(action))
            a.game.close_verdict()
        await told()
        a.game.undo()
        await told()
        if then is not None:
            then(a, b)
            await told()
        return a, b, (sa, sb)  # a page's session lives while it is held

    a, b, _sessions = run_async(run())
    _HELD.append(_sessions)
    return a, b


_HELD: list = []


class TestUndoPutsTheEntryBack:
    def test_a_faeker_hand_shown_comes_back_card_by_card(self, lives):
        hand = [5, 6, 1, 1, 1]
        a, b = _undone(
            lives,
            "faeker",
            ["Ana", "Bo", "Cy"],
            [top(5), bid("Bo", 2), bluff("Cy"), {"type": "reveal", "player": "Bo", "cards": hand}],
        )
        assert a.top.view.picker.picked == hand
        assert b.game.live.entries.drafts["hand"]["cards"] == hand  # the other phone's pad too

    def test_a_faj_board_comes_back(self, lives):
        a, b = _undone(lives, "faj", ["Ana", "Bo", "Cy"], [board("7H")])
        assert b.game.live.entries.drafts["board"] == ["7H"]
        assert a.top.view.entry("board") == ["7H"]

    def test_a_faj_tricks_cards_come_back_as_picks_open_to_change(self, lives):
        came_back = {}

        def change_anas_card(_a, b):
            came_back.update(b.game.live.entries.picks)
            # One card changed makes the trick again, with the other two as they were.
            b.game.unpick(0)
            b.game.pick(0, "AD")

        _a, b = _undone(
            lives,
            "faj",
            ["Ana", "Bo", "Cy"],
            [board("5D"), plays(Ana="AC", Bo="QS", Cy="KD")],
            then=change_anas_card,
        )
        assert {seat: p.value for seat, p in came_back.items()} == {0: "AC", 1: "QS", 2: "KD"}
        assert not any(p.private for p in came_back.values())
        last = b.game.session.steps[-1].action
        assert [(p.player, p.card) for p in last.plays] == [
            ("Ana", "AD"),
            ("Bo", "QS"),
            ("Cy", "KD"),
        ]

    def test_a_fairy_bucks_lot_comes_back(self, lives):
        items = [(5, "moon"), (3, "sun"), (2, "star")]
        _a, b = _undone(lives, "fairybucks", ["Ana", "Bo", "Cy"], [lot(*items)])
        assert [(i["value"], i["symbol"]) for i in b.game.live.entries.drafts["lot"]] == items

    def test_the_dice_tops_come_back(self, lives):
        tops = dict(Bo=["G2", "G3", "G5"], Cy=["Y1", "Y2", "Y3"], Di=["B4", "B5", "B6"])
        tops["Ana"] = ["R4", "R4", "G1"]
        a, b = _undone(
            lives,
            "deceptidice",
            ["Ana", "Bo", "Cy", "Di"],
            [dd_guess("Ana", dd_colour(1, "R")), dd_challenge("Bo"), dd_tops(**tops)],
        )
        assert [s.verdict.headline for s in a.game.session.steps][-1].startswith("Bo challenge")
        entered = b.game.live.entries.drafts["tops"]
        assert sorted(map(sorted, entered.values())) == sorted(map(sorted, tops.values()))


def test_the_undone_line_stays_while_the_entry_comes_back_and_is_changed(lives):
    def one_card_changed(a, _b):
        a.top.view._toggle_board("7H", 1, 1)  # the board's card taken back: Redo still there
        a.render()

    a, _b = _undone(lives, "faj", ["Ana", "Bo", "Cy"], [board("7H")], then=one_card_changed)
    assert (
        a.game.undone_line() == "Undone: Round 1, trick 1: Hearts ♥ are trump. Redo puts it back."
    )
