"""Sharing a table: the code, and a link and QR code that open the screen on show (a game,
its log) on another phone, carrying the code so it joins at once."""

import os

import flet as ft

from referee.server import LINKS_ENV, qr_png, table_code
from referee.ui.widgets import tagged


def links_to(path: str) -> list[str]:
    """This server's network links (printed at start) to `path`, with the table code."""
    code = table_code()
    path = path.partition("?")[0]
    base = [link.partition("/?")[0] for link in os.environ.get(LINKS_ENV, "").split() if link]
    return [f"{link}{path}?code={code}" for link in base]


def share_dialog(path: str, on_close, on_new_code=None) -> ft.AlertDialog:
    links = links_to(path)
    rows: list[ft.Control] = [
        ft.Text("Table code", size=13),
        tagged("share-code", ft.Text(table_code(), size=36, weight=ft.FontWeight.BOLD)),
    ]
    if links:
        rows.append(ft.Image(src=qr_png(links[0]), width=220, height=220))
        rows.append(  # selectable to copy; named so a screen reader reads it out
            ft.Semantics(
                identifier="share-link",
                label=links[0],
                content=ft.Text(links[0], selectable=True, size=14),
            )
        )
        rows += [ft.Text(link, selectable=True, size=14) for link in links[1:]]
    rows.append(
        ft.Text(
            "Anyone with the code can view and change the games on this referee. The "
            "code stays the same when the referee restarts; New code locks out every "
            "phone until it is given the new one.",
            size=12,
            italic=True,
        )
    )
    return ft.AlertDialog(
        title=ft.Text("Join this table"),
        content=ft.Column(rows, tight=True, spacing=8),
        actions=[
            *(
                [ft.TextButton(content="New code", on_click=on_new_code)]
                if on_new_code is not None
                else []
            ),
            ft.TextButton(content="Close", on_click=on_close),
        ],
    )
