"""The Fairy view without a browser: taps become the right actions, and the card pad shows
only what the rules let players see (FY-HIDDEN, FY-MEMORY-AID)."""

import flet as ft

from referee.games.fairy.model import FairyReveal, Guesses
from referee.live.tables import LOCKED
from referee.ui.games.fairy.view import FairyView
from tests.helpers import fairy, fairy_turn, guess, opening


def walk(control):
    yield control
    for name in ("content", "controls"):
        child = getattr(control, name, None)
        if isinstance(child, list):
            for c in child:
                yield from walk(c)
        elif isinstance(child, ft.Control):
            yield from walk(child)


def buttons(root) -> dict[str, ft.Control]:
    """Accessible name -> the button inside, for every Semantics-labelled button."""
    return {
        c.label: c.content
        for c in walk(root)
        if isinstance(c, ft.Semantics) and c.button and c.label
    }


def tap(button) -> None:
    button.on_click(ft.Event("click", control=button))


class Pad:
    """The app's shared picks, as a view sees them from one device (see app.PickPad)."""

    moment = 0  # the game's move: these tests draw one

    def __init__(self, table: "Table", me=None):
        self.table = table
        self.me = me
        self.picks = {}
        self.locked = set()  # seats picked privately on another device

    def shown(self, seat):
        return LOCKED if seat in self.locked else self.picks.get(seat)

    def can_change(self, seat):
        return seat not in self.locked

    def choose(self, seat, value):
        session = self.table.session
        rules, state = session.rules, session.state
        rules.verify_pick(state, seat, value)
        self.picks[seat] = value
        if all(s in self.picks for s in rules.to_act(state)):
            action = rules.gather(state, self.picks)
            self.table.played.append(action)
            session.play(action)
            self.picks = {}

    def clear(self, seat):
        self.picks.pop(seat, None)


class Table:
    def __init__(self, session, me=None):
        self.session = session
        self.played = []
        self.view = FairyView(self.played.append, lambda: None, lambda _m: None)
        self.view.pad = Pad(self, me)

    def draw(self):
        state = self.session.state
        self.view.status(state)
        return self.view.actions(state)


class TestCardPad:
    def test_without_the_memory_aid_earlier_cards_stay_tappable(self):
        s = fairy(actions=[opening(9), *fairy_turn(3, Ana="lower", Bo="lower", Cy="lower")])
        s.play(guess(Ana="higher", Bo="higher", Cy="higher"))
        pad = buttons(Table(s).draw())
        assert pad["Card 3"].disabled  # the top card, in view
        assert not pad["Card 9"].disabled  # seen earlier: not marked
        assert not pad["Card 11 fairy"].disabled

    def test_with_the_memory_aid_every_seen_card_is_greyed_out(self):
        s = fairy(
            memory_aid=True,
            actions=[opening(9), *fairy_turn(3, Ana="lower", Bo="lower", Cy="lower")],
        )
        s.play(guess(Ana="higher", Bo="higher", Cy="higher"))
        table = Table(s)
        pad = buttons(table.draw())
        assert pad["Card 3"].disabled and pad["Card 9"].disabled
        tap(pad["Card 12"])
        assert table.played == [FairyReveal(card=12)]


class TestGuessEntry:
    def test_one_tap_per_player_and_the_last_one_locks_them_in(self):
        table = Table(fairy(actions=[opening(9)]))
        for label in ("Ana higher", "Bo catch"):
            tap(buttons(table.draw())[label])
        assert table.view.pad.picks == {0: "higher", 1: "catch"}
        root = table.draw()
        # A row stays in place with its guess picked, so the next tap hits the right row.
        picked = [c for c in walk(root) if isinstance(c, ft.Semantics) and c.selected]
        assert {c.label for c in picked} == {"Ana higher", "Bo catch"}
        tap(buttons(root)["Cy same suit"])
        (played,) = table.played
        assert isinstance(played, Guesses)
        assert [(g.player, g.guess) for g in played.guesses] == [
            ("Ana", "higher"),
            ("Bo", "catch"),
            ("Cy", "same_suit"),
        ]
        assert table.session.state.phase == "reveal"

    def test_a_guess_can_be_taken_back(self):
        table = Table(fairy(actions=[opening(9)]))
        tap(buttons(table.draw())["Ana lower"])
        tap(buttons(table.draw())["Ana lower"])  # the same guess again takes it back
        assert table.view.pad.picks == {}
        assert "Ana lower" in buttons(table.draw())

    def test_same_as_last_turn_for_all_and_for_one(self):
        s = fairy(actions=[opening(9), *fairy_turn(3, Ana="lower", Bo="catch", Cy="higher")])
        table = Table(s)
        tap(buttons(table.draw())["Bo same as last turn"])
        assert table.view.pad.picks == {1: "catch"}
        tap(buttons(table.draw())["Same as last turn for all"])
        assert [(g.player, g.guess) for g in table.played[-1].guesses] == [
            ("Ana", "lower"),
            ("Bo", "catch"),
            ("Cy", "higher"),
        ]

    def test_a_device_held_by_one_player_offers_only_their_row(self):
        table = Table(fairy(actions=[opening(9)]), me=1)
        table.view.pad.locked = {0}
        found = buttons(table.draw())
        assert "Bo higher" in found and "Ana higher" not in found and "Cy higher" not in found
        texts = [c.value for c in walk(table.draw()) if isinstance(c, ft.Text)]
        assert "Still choosing on their own device: Cy" in texts
        chips = [
            c.label for c in walk(table.draw()) if isinstance(c, ft.Semantics) and c.identifier
        ]
        assert "Ana: locked in" in chips


class TestScoreChangeWords:
    """A verdict's score lines read as a player says them (FY-FLOOR: a floored loss stays)."""

    def test_singular_plural_floor_and_true_minus(self):
        from referee.ui.widgets import change_text

        assert change_text("Ana", 0, 7, "points") == "Ana: 0 to 7 points (+7)"
        assert change_text("Cy", 0, 1, "points") == "Cy: 0 to 1 point (+1)"
        assert change_text("Bo", -4, -4, "points") == "Bo stays at −4 points"
        assert change_text("Jean-Luc", -2, -3, "points") == "Jean-Luc: −2 to −3 points (−1)"
        assert change_text("Dee", 2, 1, "cards won") == "Dee: 2 to 1 card won (−1)"
