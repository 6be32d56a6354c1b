"""Widgets every game screen shares: tagged text, buttons, verdict sheet, log, rules
(the score cards: ui/score_cards.py)."""

from collections.abc import Callable, Sequence

import flet as ft

from referee.core.rules import GameRules
from referee.core.verdict import Verdict
from referee.core.words import change_text
from referee.ui import layout_values
from referee.ui.suits import suited

TAP = 52  # px: comfortably above the 48 px minimum for a thumb


def sent(e: ft.ControlEvent):
    """The value a field's change event carried from the phone. Not `e.control.value`:
    Flet applies the phone's new value at once but runs the event in a task of its own,
    so a redraw queued before it (the focus of the field) wrote the older value back into
    the control first, and a name typed right after tapping its field was lost."""
    data = getattr(e, "data", None)
    return data if data is not None else getattr(e.control, "value", None)


def strut(height: int = 48) -> ft.Control:
    """Nothing to see, `height` tall: a row holding it is at least that tall (48: a thumb's
    minimum, so a short line stays as tall as the lines it takes turns with)."""
    return ft.Container(width=0, height=height)


def tagged(identifier: str, control: ft.Control) -> ft.Semantics:
    """Expose a control to tests and screen readers under a stable identifier."""
    return ft.Semantics(identifier=identifier, content=control)


def slug(text: str) -> str:
    return "".join(ch if ch.isalnum() else "-" for ch in text).strip("-")


def big_button(
    label: str,
    on_click: Callable,
    *,
    filled: bool = True,
    disabled: bool = False,
    icon=None,
    width: int | None = None,
    key: str | None = None,
) -> ft.Control:
    """A screen's own button (New game, Start game, Save to history): a Material button,
    which a keyboard can reach and press on a laptop. `key`: the button does the same on
    every screen (ui/reconcile.py keeps it)."""
    cls = ft.FilledButton if filled else ft.OutlinedButton
    return cls(
        content=label,
        icon=icon,
        on_click=on_click,
        disabled=disabled,
        height=TAP,
        width=width,
        key=key,
    )


def action_button(label: str, on_click: Callable, **style) -> ft.Control:
    """A big button inside a game's actions (Confirm hand, Clear, Deal board), drawn as a
    tile: a pick or a move makes most of these anew, and a Material button is some 45
    widgets for a phone to build again, a tile about 15 (bench/README.md). `style`:
    `big_button`'s (filled, disabled, icon, width, key)."""
    return tile(label, label, on_click, **style)


def tile(
    content: ft.Control | str,
    name: str,
    on_click: Callable | None,
    *,
    filled: bool = True,
    selected: bool | None = None,
    disabled: bool = False,
    width: int | None = None,
    height: int = TAP,
    bgcolor: str | None = None,
    color: str | None = None,
    radius: int = 20,
    border: bool = True,
    key: str | None = None,
    icon: ft.IconData | None = None,
    wrap: bool = False,
    padding: int | None = None,
) -> ft.Control:
    """A button for the taps a game is made of (a bid, a card, a guess): drawn as a plain
    tile, not a Material button, with no ink ripple. A phone builds a Material button from
    several times the widgets, and its ripple is some 20 frames of the whole screen; the
    change the tap makes is its feedback (bench/README.md).

    `name` is what a screen reader (and a test) calls it; text in `content` should carry
    `semantics_label=""` so the name is not said twice. `key`: it means the same while the
    key stays (ui/reconcile.py keeps it). `wrap`: as wide as the layout allows, its words on
    more lines when they need them (one line of them ran past a panel's edge on a phone).
    `padding`: its sides' (a small card of a grid nine across has no room for 8 px each).

    A disabled tile is given no handler: it can run no command, so a redraw keeps it where
    it stands instead of sending it anew (ui/reconcile.py makes every tile with a command
    new after a move). Later in a bidding, most bid tiles are too low to make.
    """
    fit = False
    if isinstance(content, str):
        ink = color or (ft.Colors.ON_PRIMARY if filled else ft.Colors.PRIMARY)
        text = ft.Text(content, color=ink, weight=ft.FontWeight.W_500, size=14, semantics_label="")
        if wrap:
            text.expand = True
        # Without a width, a tile is as wide as its words, as a Material button is.
        fit = width is None and not wrap
        words: list[ft.Control] = [text]
        if icon is not None:
            words.insert(0, ft.Icon(icon, size=18, color=ink))
        content = (
            ft.Row(
                words,
                tight=not wrap,
                spacing=8,
                # centred when a layout stretches the tile (Start game, Play again)
                alignment=ft.MainAxisAlignment.CENTER,
                vertical_alignment=ft.CrossAxisAlignment.CENTER,
            )
            if fit or wrap or icon is not None
            else text
        )
    return ft.Semantics(
        label=name,
        button=True,
        container=True,  # its own node, also inside a Card (which would take it in)
        selected=selected,
        disabled=disabled,
        content=ft.Container(
            content=content,
            alignment=None if fit else layout_values.CENTRE,
            bgcolor=bgcolor or (ft.Colors.PRIMARY if filled else None),
            border=None if filled or not border else layout_values.border_all(1, ft.Colors.OUTLINE),
            border_radius=radius,
            clip_behavior=ft.ClipBehavior.NONE,
            padding=layout_values.symmetric(
                horizontal=padding if padding is not None else 20 if fit else 8
            ),
            on_click=None if disabled else on_click,
            disabled=disabled,
            opacity=0.38 if disabled else 1.0,
            width=width,
            height=height,
            key=key,
        ),
    )


def icon_button(
    icon, label: str, on_click: Callable | None, *, disabled: bool = False, key: str | None = None
) -> ft.Control:
    """An icon a thumb can hit (48 px) and a screen reader can name, drawn as a tile (no
    Material button, ripple or tooltip: every screen's app bar has four to six of them);
    `key`: it does the same on every screen (ui/reconcile.py then keeps it across moves)."""
    return tile(
        ft.Icon(icon, size=24, color=ft.Colors.ON_SURFACE_VARIANT),
        label,
        on_click,
        filled=False,
        disabled=disabled,
        bgcolor=ft.Colors.TRANSPARENT,
        border=False,
        width=48,
        height=48,
        radius=24,
        key=key,
    )


def name_chip(name: str, on_click: Callable, key: str | None = None) -> ft.Control:
    """A known name offered under a name field: shaped like a chip, and a button to a
    screen reader (a Flet chip would be read as a checkbox)."""
    return ft.OutlinedButton(
        content=name,
        icon=ft.Icons.PERSON_OUTLINE,
        on_click=on_click,
        # 48: a browser on a desktop-like platform draws compact buttons, with no 48 px
        # tap padding around a 40 px chip (measured 40 px in the Rename dialog).
        height=48,
        key=key,
        style=ft.ButtonStyle(
            padding=ft.Padding.symmetric(horizontal=12),
            shape=ft.RoundedRectangleBorder(radius=8),
        ),
    )


def ruling_lines(rules: GameRules, verdict: Verdict) -> list[ft.Control]:
    return [
        ft.Text(
            rules.rulings.cite(r),  # its title and whose rule it is, never its id
            size=12,
            italic=True,
            color=ft.Colors.ON_SURFACE_VARIANT,
        )
        for r in verdict.rulings
    ]


def why_toggle(lines: Sequence[ft.Control], open_: bool, on_toggle) -> ft.Control:
    """The rulings (and arithmetic) of a verdict on a screen, behind a 'Why?' button as in
    the verdict dialog; the screen keeps whether it is open (`open_`) across redraws."""
    button = ft.TextButton(
        content="Hide why" if open_ else "Why?",
        icon=ft.Icons.HELP_OUTLINE,
        height=TAP,
        on_click=lambda _e: on_toggle(),
    )
    return tagged("why", ft.Column([button, *(lines if open_ else [])], spacing=4))


def change_lines(verdict: Verdict, unit: str) -> list[ft.Control]:
    return [
        tagged(
            f"change-{slug(c.player)}",
            ft.Text(change_text(c.player, c.before, c.after, unit), weight=ft.FontWeight.BOLD),
        )
        for c in verdict.changes
    ]


def verdict_body(rules: GameRules, verdict: Verdict, unit: str) -> ft.Control:
    return ft.Column(
        [
            *[suited(line) for line in verdict.details],
            *change_lines(verdict, unit),
            *ruling_lines(rules, verdict),
        ],
        spacing=6,
        tight=True,
        scroll=ft.ScrollMode.AUTO,
    )


def split_details(details: Sequence[str]) -> tuple[list[str], list[str]]:
    """The lines a player reads at once, and the full arithmetic (any line with an '=')
    that waits behind 'Why?' with the rulings."""
    plain = [line for line in details if "=" not in line]
    sums = [line for line in details if "=" in line]
    return plain, sums


def verdict_dialog(
    rules: GameRules, verdict: Verdict, unit: str, on_close, ending: str | None = None
) -> ft.AlertDialog:
    """One plain headline (the win itself when this verdict ends the game), then the
    cards and the count; the rulings and the arithmetic behind a 'Why?' button."""
    plain, sums = split_details(verdict.details)
    # Said once: an ending's title, the verdict's headline and a closing line of the
    # details may all be the same sentence ("Bo wins with 10 points").
    title = ending or verdict.headline
    said = {_bare(title)}
    lead = []
    if ending and _bare(verdict.headline) not in said:
        lead = [suited(verdict.headline, weight=ft.FontWeight.W_600)]
        said.add(_bare(verdict.headline))
    # "Cy wins with 14 cubes (target 12)." says the title again, with a figure in brackets.
    plain = [line for line in plain if _bare(line).split(" (")[0] not in said]
    why = ft.Column(
        [
            *[tagged("why-sum", suited(line, size=13)) for line in sums],
            *ruling_lines(rules, verdict),
        ],
        spacing=4,
        tight=True,
        visible=False,
    )
    button = ft.TextButton(content="Why?", icon=ft.Icons.HELP_OUTLINE, height=48)

    def toggle(_e) -> None:
        why.visible = not why.visible
        button.content = "Hide why" if why.visible else "Why?"
        dialog.update()

    button.on_click = toggle
    body = ft.Column(
        [
            *lead,
            *[suited(line) for line in plain],
            *change_lines(verdict, unit),
            *([button, why] if why.controls else []),
        ],
        spacing=6,
        tight=True,
        scroll=ft.ScrollMode.AUTO,
    )
    dialog = ft.AlertDialog(
        modal=True,
        title=tagged("verdict-headline", suited(title, size=20)),
        content=ft.Container(body, width=460),
        actions=[ft.FilledButton(content="OK", on_click=on_close, height=TAP)],
        scrollable=True,
    )
    return dialog


def _bare(sentence: str) -> str:
    return sentence.strip().rstrip(".").casefold()


def export_dialog(title: str, text: str, file_name: str, on_close) -> ft.AlertDialog:
    """A record to take away: copy it to the clipboard, or download it as a file (on a
    phone the browser offers to share or keep it); the text stays in sight as well."""
    note = ft.Text("", size=13, italic=True)

    def told(message: str) -> None:
        note.value = message
        note.update()

    async def copy(_e) -> None:
        try:
            await ft.Clipboard().set(text)
        except Exception:  # a browser may refuse; the text is still there
            told("This browser refused to copy: select the text below and copy it.")
        else:
            told("Copied: paste it into a message, or into Import on another referee.")

    async def download(_e) -> None:
        try:
            await ft.FilePicker().save_file(file_name=file_name, src_bytes=text.encode())
        except Exception:  # no file saving here; copying still works
            told("This device cannot save the file: copy the text instead.")
        else:
            told(f"Saved as {file_name}.")

    return ft.AlertDialog(
        title=ft.Text(title),
        content=ft.Container(
            ft.Column(
                [
                    ft.Row(
                        [
                            ft.FilledButton(
                                content="Copy",
                                icon=ft.Icons.CONTENT_COPY,
                                on_click=copy,
                                height=TAP,
                            ),
                            ft.OutlinedButton(
                                content="Download",
                                icon=ft.Icons.DOWNLOAD,
                                on_click=download,
                                height=TAP,
                            ),
                        ],
                        wrap=True,
                    ),
                    tagged("export-note", note),
                    ft.TextField(
                        value=text, multiline=True, read_only=True, min_lines=6, max_lines=12
                    ),
                ],
                tight=True,
                spacing=8,
            ),
            width=520,
        ),
        actions=[ft.TextButton(content="Close", on_click=on_close, height=TAP)],
    )


def rules_lines(rules: GameRules, options) -> list[ft.Control]:
    """The rules in force: the overview, each ruling applied (whose rule it is under its
    title), the ones switched off."""
    items: list[ft.Control] = [ft.Text(rules.overview), ft.Divider()]
    book = rules.rulings
    for ruling in book:
        if not ruling.in_force(options):
            continue
        items.append(ft.Text(ruling.title, weight=ft.FontWeight.BOLD))
        items.append(ft.Text(book.whose(ruling.id), size=12, italic=True))
        items.append(ft.Text(ruling.text))
    off = [r for r in book if not r.in_force(options)]
    if off:
        items.append(ft.Divider())
        items.append(ft.Text("Not in force at this table (switchable at setup):", italic=True))
        items.extend(ft.Text(book.cite(r.id), size=12) for r in off)
    return items


def alert_dialog(title: str, message: str, on_ok) -> ft.AlertDialog:
    return ft.AlertDialog(
        title=ft.Text(title),
        content=tagged("alert", ft.Text(message)),
        actions=[ft.TextButton(content="OK", on_click=on_ok, height=TAP)],
    )


def confirm_dialog(
    title: str, message: str, yes: str, on_yes, on_no, no: str = "Not yet"
) -> ft.AlertDialog:
    """A question the table answers before anything changes (`no` changes nothing)."""
    return ft.AlertDialog(
        modal=True,
        title=tagged("confirm-title", ft.Text(title)),
        content=ft.Text(message),
        actions=[
            # A thumb's height: a dialog's buttons are the ones that change most.
            ft.TextButton(content=no, on_click=on_no, height=TAP),
            ft.FilledButton(content=yes, on_click=on_yes, height=TAP),
        ],
    )


def menu_button(label: str, items: list[tuple[str, str, Callable]], checked=()) -> ft.Control:
    """An app bar's menu: (words, key, on_click) an item; an item whose key is in
    `checked` carries a check mark (only while on: unchecked, it indented that item alone).
    No tooltip: its words were read after the label ("Game menu Game menu"), and one a
    long press opened stayed over the bar on a phone."""
    return ft.Semantics(
        label=label,
        button=True,
        content=ft.PopupMenuButton(
            tooltip="",
            # Its icon button is 40 px at a browser's compact density: a thumb's 48.
            width=48,
            height=48,
            items=[
                ft.PopupMenuItem(
                    content=text,
                    on_click=action,
                    key=key,
                    checked=True if key in checked else None,
                )
                for text, key, action in items
            ],
        ),
    )
