"""Every tap target at least 48 px high (Material's minimum for a thumb), on the main
screens of every game (from its start to its end) and the shared screens, and in every
dialog the app opens: a walk over the control tree each screen sends to the phone.

A target's height must be set, not left to Material: a button without one is 32 to 40 px
in a browser (the Fairy Bucks "Score the game now?" buttons were 32), and its size then
depends on the platform the page guesses (a browser on a desktop-like platform draws
Material compact: 8 px less, so a 48 px icon button or a dense list tile is 40). A cell of a
table is as high as its table's rows, a log row (an expansion tile) as its least tile height.
A target whose width is set is at least 48 px wide too (a card picker's cells).
"""

import random

import flet as ft
import pytest

from referee.core.record import GameRecord
from referee.disputes import GAME_OF
from referee.games import GAMES
from referee.games.fairybucks.material import SYMBOLS
from referee.ui import routes
from referee.ui.widgets import TAP
from tests.flet_patches.insides import children, held_dialogs
from tests.helpers import run_async
from tests.ui.devices import device

MIN = 48
PHONE = 390 - 2 * 12  # px: a 390 px phone inside the view's padding (ui/shell.py)
PLAYERS = ["Ana", "Bo", "Cy", "Dee"]
# Buttons a finger taps; a text field is 48 px or more by Material's own measure.
BUTTONS = (
    ft.Button,  # FilledButton and FilledTonalButton too
    ft.TextButton,
    ft.OutlinedButton,
    ft.FloatingActionButton,
    ft.IconButton,
    ft.Chip,
    ft.PopupMenuItem,
    ft.PopupMenuButton,  # the game menu's ⋮
    ft.Radio,
    ft.Checkbox,
    ft.Switch,
)


def _name(c) -> str:
    for field in ("label", "content", "value", "title", "tooltip"):
        v = getattr(c, field, None)
        if isinstance(v, str) and v:
            return v
        if isinstance(v, ft.Text) and v.value:
            return v.value
    return type(c).__name__


def least_height(c) -> float | None:
    """The height a control is at least: its own, a row's tallest part (a strut, an icon),
    a container's content and padding; None when only the text in it would say."""
    if getattr(c, "height", None) is not None:
        return c.height
    if isinstance(c, ft.Icon):
        return c.size
    if isinstance(c, ft.Row):
        return max((least_height(x) or 0 for x in c.controls), default=None) or None
    if isinstance(c, ft.Container | ft.Semantics | ft.GestureDetector):
        inner = least_height(c.content) if c.content is not None else None
        pad = getattr(c, "padding", None)
        if inner is None or pad is None:
            return inner
        if isinstance(pad, int | float):
            return inner + 2 * pad
        return inner + (pad.top or 0) + (pad.bottom or 0)
    return None


def set_width(c) -> float | None:
    """A control's width as set, or its screen-reader wrapper's content's."""
    if isinstance(c, ft.Semantics) and c.content is not None:
        return set_width(c.content)
    return getattr(c, "width", None)


def too_wide(row: ft.Row) -> float | None:
    """The width of a row that does not wrap and whose every part has a set width (a card
    picker's), when it is more than a phone's: widening its cells to 48 must not push the
    last one off the screen."""
    widths = [set_width(x) for x in row.controls if x.visible]
    if row.wrap or not widths or None in widths:
        return None
    spacing = 10 if row.spacing is None else row.spacing
    total = sum(widths) + spacing * (len(widths) - 1)
    return total if total > PHONE else None


def too_small(root, where: str) -> list[str]:
    """Each tap target under `root` lower than 48 px, or of no set height, as a line."""
    found: list[str] = []

    def walk(c, row_height, label):
        if isinstance(c, list):
            for item in c:
                walk(item, row_height, label)
            return
        if not isinstance(c, ft.BaseControl):
            return
        if isinstance(c, ft.Semantics) and c.label:
            label = c.label
        if isinstance(c, ft.DataTable):
            row_height = c.data_row_min_height or 0
        tappable = False
        height = getattr(c, "height", None)
        if isinstance(c, ft.DataCell):
            tappable, height = c.on_tap is not None, row_height
        elif isinstance(c, BUTTONS):
            tappable = not c.disabled
        elif isinstance(c, ft.ExpansionTile):  # a log row
            tappable, height = not c.disabled, c.min_tile_height
        elif isinstance(c, ft.Container | ft.GestureDetector):
            tappable = (getattr(c, "on_click", None) or getattr(c, "on_tap", None)) is not None
            height = least_height(c)
        if isinstance(c, ft.Row) and (wide := too_wide(c)):
            found.append(f"{where}: a row of {len(c.controls)} is {wide:g} px wide")
        if tappable and (height is None or height < MIN):
            shown = "no height" if height is None else f"{height:g} px"
            found.append(f"{where}: {type(c).__name__} '{label or _name(c)}' ({shown})")
        width = getattr(c, "width", None)
        if tappable and width is not None and width < MIN:
            found.append(f"{where}: {type(c).__name__} '{label or _name(c)}' ({width:g} px wide)")
        for item in children(c):
            walk(item, row_height, label)

    walk(root, 0, None)
    return found


def on_screen(app, session, where: str) -> list[str]:
    view = session.page.views[-1]
    dialogs = [d for d in held_dialogs(session.page) if d.open]
    return too_small([view.appbar, *view.controls], where) + too_small(dialogs, f"{where}, dialog")


def _play_through(lives, kind: str, seed: int) -> list[str]:
    """A game's screen at its start, at each of its first steps, and at its end; with the
    last verdict open and the game's menu dialogs on the way."""
    rules, rng = GAMES[kind], random.Random(seed)
    live = lives.create(GameRecord(game=kind, players=PLAYERS))
    found: list[str] = []

    async def run():
        app, session = device(lives)
        app.go(routes.game(live.game_id))
        step = 0
        while True:
            app.render()
            found.extend(on_screen(app, session, f"{kind} step {step}"))
            if step == 1:
                app.game.explain_last()
                found.extend(on_screen(app, session, f"{kind} verdict"))
                app.close_dialog()
            if rules.is_over(live.table.state):
                break
            live.table.play(rules.draw(live.table.state, rng))
            step += 1
        app.game.explain_last()
        found.extend(on_screen(app, session, f"{kind} last verdict"))
        app.close_dialog()
        app.games.confirm_delete(live.game_id)
        found.extend(on_screen(app, session, f"{kind} delete"))
        app.close_dialog()
        app.game.export()
        found.extend(on_screen(app, session, f"{kind} export"))
        app.close_dialog()
        for page in ("standings", "log", "rules"):
            app.go(routes.game(live.game_id, page))
            found.extend(on_screen(app, session, f"{kind} {page}"))

    run_async(run())
    return found


@pytest.mark.parametrize("kind", sorted(GAMES))
def test_every_tap_target_of_a_game_is_48_px_high(lives, kind):
    assert _play_through(lives, kind, seed=5) == []


def test_every_tap_target_of_the_shared_screens_and_dialogs_is_48_px_high(lives):
    finished = lives.create(GameRecord(game="fairy", players=PLAYERS))
    rules, rng = GAMES["fairy"], random.Random(2)
    while not rules.is_over(finished.table.state):
        finished.table.play(rules.draw(finished.table.state, rng))
    found: list[str] = []

    async def run():
        app, session = device(lives)
        for path in ("/", "/new", "/stats", "/settle", *map(routes.settle, sorted(GAME_OF))):
            app.go(path)
            found.extend(on_screen(app, session, path))
        for game in sorted(GAMES):  # a game's disputes, under "Other game"
            app.go("/settle")
            app.top.choose_game(game)
            found.extend(on_screen(app, session, f"settle {game}"))
        # A card in a Fae-ker hand and an item in a Fairy Bucks finale: Clear is enabled.
        app.go(routes.settle("faeker_showdown"))
        app.top.dispute.form._set_top(1)
        app.top.dispute.form._add_card(2)
        app.render()
        found.extend(on_screen(app, session, "faeker hand entered"))
        app.go(routes.settle("fairybucks_finale"))
        app.top.dispute.form._add_item(SYMBOLS[0], castle=False)
        app.render()
        found.extend(on_screen(app, session, "fairybucks dispute item entered"))
        # A Fairy Bucks item entered, its chip's × a tap target.
        app.games.start_game("fairybucks", PLAYERS, {})
        app.top.view._set_value(5)
        app.top.view._add_item(3, tuple(range(21)))
        app.render()
        found.extend(on_screen(app, session, "fairybucks item entered"))
        app.go("/stats")
        app.top.rename("Ana")
        found.extend(on_screen(app, session, "rename"))
        app.close_dialog()
        app.top.rename()  # the saved game's players offered as name chips
        found.extend(on_screen(app, session, "rename, names offered"))
        app.close_dialog()
        app.confirm("Score the game now?", "A question.", lambda: None)
        found.extend(on_screen(app, session, "confirm"))
        app.close_dialog()
        app.alert("Nothing was renamed", "A reason.")
        found.extend(on_screen(app, session, "alert"))
        app.close_dialog()

    run_async(run())
    assert found == []


def test_the_confirm_and_alert_buttons_are_a_thumbs_height():
    from referee.ui.widgets import alert_dialog, confirm_dialog

    ask = confirm_dialog("Score the game now?", "Sure?", "Yes, go ahead", None, None)
    told = alert_dialog("Nothing was renamed", "Why.", None)
    assert [b.height for b in [*ask.actions, *told.actions]] == [TAP, TAP, TAP]
