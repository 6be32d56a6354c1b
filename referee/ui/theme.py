"""Theme: colours, and a small bundled font so card suits show without any download."""

import sqlite3
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar

import flet as ft

from referee.core.errors import RefereeError

# Roboto, the only font the offline web client has (WEB_FONT, named in every web style:
# see theme()), lacks the suit symbols; every text style falls back to a 15 kB subset of
# DejaVu Sans (assets/fonts) for them, and to a one-glyph subset of Symbola for the Fairy
# Bucks book, which DejaVu lacks.
WEB_FONT = "Roboto"
SYMBOL_FONT = "RefereeSuits"
BOOK_FONT = "RefereeBook"
FONTS = {SYMBOL_FONT: "fonts/suits.ttf", BOOK_FONT: "fonts/book.ttf"}
_SLOTS = [
    f"{size}_{scale}"
    for size in ("display", "headline", "title", "body", "label")
    for scale in ("large", "medium", "small")
]


# A player's colour, told apart on light and dark felt, the same wherever the player appears.
PLAYER_COLOURS = (
    "#E53935",  # red
    "#1E88E5",  # blue
    "#F9A825",  # amber
    "#8E24AA",  # purple
    "#FB8C00",  # orange
    "#00ACC1",  # cyan
    "#D81B60",  # pink
    "#7CB342",  # green
    "#6D4C41",  # brown
    "#546E7A",  # slate
)


# A card table's baize: the seed of the light and the dark scheme alike.
FELT = "#1F6B45"
# Red suits, readable on light and dark surfaces.
RED_SUIT = "#D32F2F"


# Every stored player's name, in the order they first sat down here (store.players.order):
# set around the drawing of a screen (`players_known`). A player's colour follows this, not
# the seat: Ana keeps hers when she sits elsewhere, in the statistics too.
_KNOWN: ContextVar[tuple[str, ...]] = ContextVar("players_known", default=())


@contextmanager
def players_known(names: Sequence[str]) -> Iterator[None]:
    token = _KNOWN.set(tuple(names))
    try:
        yield
    finally:
        _KNOWN.reset(token)


@contextmanager
def colours_of(store) -> Iterator[None]:
    """The players' colours of a screen drawn now: those of `store`'s players. A store that
    cannot be read leaves them in seat order, and its screen says why."""
    try:
        names = store.players.order()
    except (RefereeError, sqlite3.Error):  # colours never stop a screen that says why
        names = []
    with players_known(names):
        yield


def player_colours(players: Sequence[str]) -> list[str]:
    """Each player's colour, the only place one is chosen: the n-th player ever stored
    has the n-th colour, whatever seat they take. Names not stored yet come after the
    stored ones. Past ten players the colours come round again: two players of one table
    (or of one statistics screen) who would share one, the later takes the next colour
    still free, so a table never shows two players alike."""
    known = {name: i for i, name in enumerate(_KNOWN.get())}
    for name in players:
        known.setdefault(name, len(known))
    n, used, colours = len(PLAYER_COLOURS), set(), []
    for name in players:
        first = known[name] % n
        turn = [PLAYER_COLOURS[(first + k) % n] for k in range(n)]
        colour = next((c for c in turn if c not in used), turn[0])
        used.add(colour)
        colours.append(colour)
    return colours


def theme(web: bool = False) -> ft.Theme:
    """`web`: for a page in a browser, whose client draws every text in Roboto."""
    # A text theme given without colours comes out dark on the dark theme; naming the
    # scheme's on-surface colour keeps text readable in both.
    # On the web the family is named too: a style with only fallbacks tells the CanvasKit
    # renderer (the one Flutter gives browsers without WebAssembly GC, and the browser tests)
    # that its fonts are the two subsets alone. Every é, −, … or “ was then taken for a glyph
    # no font has, and each layout asked the offline server again for a Noto font, slowing
    # every tap with such a sign on screen (bench/README.md). A desktop window keeps its
    # platform's own font.
    fallback = ft.TextStyle(
        font_family=WEB_FONT if web else None,
        font_family_fallback=[SYMBOL_FONT, BOOK_FONT],
        color=ft.Colors.ON_SURFACE,
    )
    # A screen changes at once: a sliding or fading page costs a phone several frames of
    # both pages, and the referee is read mid-argument, not watched.
    still = ft.PageTransitionTheme.NONE
    return ft.Theme(
        color_scheme_seed=FELT,
        text_theme=ft.TextTheme(**{slot: fallback for slot in _SLOTS}),
        page_transitions=ft.PageTransitionsTheme(
            android=still, ios=still, linux=still, macos=still, windows=still
        ),
    )


def setup_page(page: ft.Page, padding: int = 12) -> None:
    """What every screen of a page shares, from the first one (the code screen too)."""
    page.title = "referee"
    page.fonts = FONTS
    page.theme = theme(web=page.web)
    page.dark_theme = theme(web=page.web)
    page.theme_mode = ft.ThemeMode.SYSTEM
    page.padding = padding
