"""Log in BG Stats: a finished game's play handed to the BG Stats app through the URL it
documents for other apps (the play itself is built in referee/history/bgstats.py).

The button opens the URL with Flet's `OpenUrl` client action: the phone opens it inside
the tap itself, as a browser allows a new tab only then (iOS Safari drops one opened
after a round trip to the server). The action targets the page's own `UrlLauncher`
service, so it is built under that page (`flet_patches.context.current_page`): a screen
drawn for another phone of the table must not open the URL on this one.
"""

import flet as ft

from referee.flet_patches.context import current_page
from referee.history.bgstats import NotLoggable, logged_play, play_url
from referee.storage.store import Store
from referee.ui.widgets import TAP, tagged

LABEL = "Log in BG Stats"
NEEDS = "Needs the BG Stats app (3.3.2 or later), which shows the play before saving it."


def open_button(page: ft.Page, url: str, on_click=None) -> ft.Control:
    """The button that opens `url` in the tap (BG Stats on a phone that has it)."""
    with current_page(page):
        opens = ft.OpenUrl(url, target=ft.UrlTarget.BLANK)
    return tagged(
        "log-bgstats",
        ft.OutlinedButton(
            content=LABEL,
            icon=ft.Icons.OPEN_IN_NEW,
            action=opens,
            on_click=on_click,
            height=TAP,
        ),
    )


def log_button(page: ft.Page, store: Store, game_id: int) -> ft.Control:
    """An ending's Log in BG Stats, or the one sentence that says why it cannot be."""
    try:
        url = play_url(logged_play(store, game_id))
    except NotLoggable as exc:
        return tagged("bgstats-refused", ft.Text(exc.reason, size=13, italic=True))
    return open_button(page, url)


def log_dialog(page: ft.Page, store: Store, game_id: int, on_close) -> ft.AlertDialog:
    """What will be logged (the game, its date, the places), and the button that logs
    it; or why this game cannot be logged yet."""
    try:
        play = logged_play(store, game_id)
    except NotLoggable as exc:
        return ft.AlertDialog(
            title=ft.Text(LABEL),
            content=tagged("bgstats-refused", ft.Text(exc.reason)),
            actions=[ft.TextButton(content="OK", on_click=on_close, height=TAP)],
        )
    lines: list[ft.Control] = [
        ft.Text(f"{play['game']['name']} · {play.get('playDate', '')[:16]}", size=15),
    ]
    for p in sorted(play["players"], key=lambda p: p["rank"]):
        score = f" · {p['score']}" if "score" in p else ""
        won = " (winner)" if p["winner"] else ""
        lines.append(ft.Text(f"{p['rank']}. {p['name']}{score}{won}", size=14))
    lines.append(ft.Text(NEEDS, size=12, italic=True))
    return ft.AlertDialog(
        title=ft.Text(LABEL),
        content=tagged("bgstats-play", ft.Column(lines, tight=True, spacing=4)),
        actions=[
            ft.TextButton(content="Close", on_click=on_close, height=TAP),
            open_button(page, play_url(play), on_click=on_close),
        ],
    )
