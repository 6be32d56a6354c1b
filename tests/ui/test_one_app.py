"""The five games and the shared screens look like one app: a player keeps one colour
wherever they appear, a chart says whose each line is, and Fairy Bucks is tapped like
every other game (values picked from buttons, spent Bucks greyed in place)."""

import random

import flet as ft

from referee.core.record import GameRecord
from referee.games import GAMES
from referee.games.fairybucks.model import Item, Lot
from referee.ui import routes
from referee.ui.theme import PLAYER_COLOURS, player_colours, players_known
from tests.flet_patches.insides import tap
from tests.helpers import run_async
from tests.ui.devices import controls, device


def finish(lives, kind: str, players: list[str], seed: int = 3) -> int:
    rules, rng = GAMES[kind], random.Random(seed)
    live = lives.create(GameRecord(game=kind, players=players))
    while not rules.is_over(live.table.state):
        live.table.play(rules.draw(live.table.state, rng))
    return live.game_id


def _colour_of(border) -> str | None:
    for side in ("left", "top"):
        s = getattr(border, side, None)
        if s is not None and s.color:
            return s.color
    return None


def colours_shown(root, names) -> dict[str, set[str]]:
    """Each name's colours on screen: a score chip's edge, a legend's or a list's swatch."""
    seen: dict[str, set[str]] = {n: set() for n in names}
    for c in controls(root):
        if isinstance(c, ft.Container) and c.border is not None:
            first = c.content.controls[0] if isinstance(c.content, ft.Column) else None
            if isinstance(first, ft.Text) and first.value in seen:
                seen[first.value].add(_colour_of(c.border))
        if isinstance(c, ft.Row) and len(c.controls) >= 2:
            swatch, text = c.controls[0], c.controls[1]
            named = isinstance(text, ft.Text) and text.value in seen
            if named and isinstance(swatch, ft.Row) and swatch.controls:  # a dashed stroke
                swatch = swatch.controls[0]
            if named and isinstance(swatch, ft.Container) and swatch.bgcolor:
                seen[text.value].add(swatch.bgcolor)
    return seen


class TestOnePlayerOneColour:
    def test_a_player_keeps_one_colour_in_every_game_and_in_the_statistics(self, lives):
        first = finish(lives, "faeker", ["Ana", "Bo", "Cy"])
        # Seats changed, and a newcomer: each keeps the colour of their name.
        second = finish(lives, "faeker", ["Cy", "Dee", "Ana"], seed=4)
        names = ["Ana", "Bo", "Cy", "Dee"]

        async def run():
            app, session = device(lives)
            seen: dict[str, set[str]] = {n: set() for n in names}
            for path in (routes.game(first), routes.game(second), "/stats"):
                app.go(path)
                for name, colours in colours_shown(session.page.views[-1], names).items():
                    seen[name] |= colours
            return seen

        seen = run_async(run())
        assert all(len(colours) == 1 for colours in seen.values()), seen
        assert len({c for colours in seen.values() for c in colours}) == 4, seen

    def test_the_nth_player_ever_stored_has_the_nth_colour_in_any_seat(self):
        with players_known(["Ana", "Bo", "Cy"]):
            assert player_colours(["Cy", "Ana"]) == [PLAYER_COLOURS[2], PLAYER_COLOURS[0]]
            assert player_colours(["Zoe", "Bo"]) == [PLAYER_COLOURS[3], PLAYER_COLOURS[1]]

    def test_past_ten_players_a_table_still_shows_no_two_alike(self):
        known = [f"P{i}" for i in range(11)]  # P10 would have P0's colour
        with players_known(known):
            table = player_colours(["P0", "P10", "P1"])
        assert len(set(table)) == 3 and table[0] == PLAYER_COLOURS[0]


class TestChartsSayWhoseLine:
    def test_the_ending_chart_has_a_legend_and_lines_that_share_values_all_show(self, lives):
        game = finish(lives, "faeker", ["Ana", "Bo", "Cy"])

        async def run():
            app, session = device(lives)
            app.go(routes.game(game, "standings"))
            shown = session.page.views[-1]
            legend = next(
                c.content
                for c in controls(shown)
                if isinstance(c, ft.Semantics) and c.identifier == "standings-legend"
            )
            chart = next(c for c in controls(shown) if type(c).__name__ == "LineChart")
            return colours_shown(legend, ["Ana", "Bo", "Cy"]), chart.data_series

        legend, series = run_async(run())
        assert [len(c) for c in legend.values()] == [1, 1, 1]
        assert [s.color for s in series] == [next(iter(c)) for c in legend.values()]
        # Every line as wide as the others (a wider one reads as weightier), and each after
        # the first dashed in its own rhythm: on a shared value, every colour still shows.
        assert len({s.stroke_width for s in series}) == 1
        dashes = [tuple(s.dash_pattern) if s.dash_pattern else None for s in series]
        assert dashes[0] is None and None not in dashes[1:] and len(set(dashes)) == 3


class TestFairyBucksIsTapped:
    def test_an_items_value_is_picked_from_buttons_never_typed(self, lives):
        async def run():
            app, session = device(lives)
            app.games.start_game("fairybucks", ["Ana", "Bo", "Cy"], {})
            shown = list(controls(session.page.views[-1]))
            fields = [c for c in shown if isinstance(c, ft.TextField)]
            values = [
                c.label
                for c in shown
                if isinstance(c, ft.Semantics) and str(c.label).startswith("Item value")
            ]
            return fields, values

        fields, values = run_async(run())
        assert fields == []
        assert values == [f"Item value {v}" for v in range(21)]

    def test_spent_bucks_stay_in_place_greyed_and_cannot_be_tapped(self, lives):
        live = lives.create(GameRecord(game="fairybucks", players=["Ana", "Bo"]))
        live.table.play(Lot(items=(Item(value=5, symbol="moon"), Item(value=3, symbol="sun"))))

        def ana_row(session) -> list[tuple[str, bool]]:
            return [
                (c.label.removeprefix("Ana shows "), bool(c.disabled))
                for c in controls(session.page.views[-1])
                if isinstance(c, ft.Semantics) and str(c.label).startswith("Ana shows ")
            ]

        async def run():
            app, session = device(lives)
            app.go(routes.game(live.game_id))
            before = ana_row(session)
            await tap(session, _named(session, "Ana shows 7"))
            await tap(session, _named(session, "Bo shows 9"))
            return before, ana_row(session)

        before, after = run_async(run())
        cards = [str(b) for b in range(1, 11)] + ["Poof!"]
        assert [label for label, _off in before] == cards
        assert [label for label, _off in after] == cards  # the grid did not shift
        assert [label for label, off in after if off] == ["7"]


def _named(session, name: str):
    for c in controls(session.page.views[-1].controls):
        if isinstance(c, ft.Semantics) and c.label == name:
            return c.content
    raise LookupError(name)
