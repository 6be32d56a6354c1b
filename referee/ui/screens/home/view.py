"""The home screen: games in progress (one tap to resume), series totals, finished games.

A game this referee cannot load is listed with its reason, an Export raw action and Delete;
the screens for a store that cannot be opened at all, and for importing a record, live here
too, so the app only wires them up.
"""

from collections.abc import Callable, Sequence
from datetime import UTC, datetime

import flet as ft

from referee.core.names import printable, sentence
from referee.core.record import load_record_text
from referee.core.words import amount
from referee.games import GAMES
from referee.live.kept_session import KeptSession
from referee.storage.dispute_history import SettledDispute
from referee.storage.store import GameSummary, Store
from referee.ui.bgstats_button import LABEL as LOG_LABEL
from referee.ui.widgets import TAP, big_button, icon_button, tagged, tile


def import_record(store: Store, text: str | bytes) -> KeptSession:
    """The Import dialog's work: read the pasted record (bounded and strict), replay it,
    and save it as a new game. Raises RefereeError with one sentence (StoredAlready for a
    game stored already); saves nothing then."""
    return KeptSession.imported(store, load_record_text(text))


def local_time(stamp: str) -> str:
    """A stored UTC time as this device's local time, to the minute."""
    try:
        when = datetime.fromisoformat(stamp)
    except (TypeError, ValueError):
        return str(stamp)[:16]
    if when.tzinfo is None:
        when = when.replace(tzinfo=UTC)
    return when.astimezone().strftime("%Y-%m-%d %H:%M")


def game_tile(
    g: GameSummary,
    on_open: Callable[[int], None],
    on_delete: Callable[[int], None],
    on_export: Callable[[int], None] | None = None,
    on_log: Callable[[int], None] | None = None,
) -> ft.Control:
    title = GAMES[g.kind].title if g.kind in GAMES else g.kind
    who = f"{title}: {', '.join(g.players)}" if g.players else title
    if g.problem:
        lines: list[ft.Control] = [
            ft.Text(who, weight=ft.FontWeight.BOLD),
            tagged(f"problem-{g.id}", ft.Text(g.problem, size=13, color=ft.Colors.ERROR)),
            ft.Text(f"Last played {local_time(g.updated)}", size=12, italic=True),
        ]
        buttons = [
            tile("Open", f"Open {who}", lambda _e: on_open(g.id), filled=False, key=f"open-{g.id}")
        ]
        if on_export is not None:
            buttons.append(
                tile(
                    "Export raw",
                    f"Export raw {who}",
                    lambda _e: on_export(g.id),
                    filled=False,
                    key=f"raw-{g.id}",
                )
            )
    else:
        verb = "View" if g.finished else "Resume"
        lines = [
            ft.Text(who, weight=ft.FontWeight.BOLD),
            ft.Text(g.summary, size=13),
            ft.Text(
                f"Last played {local_time(g.updated)} · {amount(g.actions, 'actions')}",
                size=12,
                italic=True,
            ),
        ]
        buttons = [
            tile(verb, f"{verb} {who}", lambda _e: on_open(g.id), width=120, key=f"open-{g.id}")
        ]
        if g.finished and on_log is not None:
            buttons.append(
                tile(
                    LOG_LABEL,
                    f"{LOG_LABEL}: {who}",
                    lambda _e: on_log(g.id),
                    filled=False,
                    key=f"log-{g.id}",
                )
            )
    buttons.append(
        icon_button(
            ft.Icons.DELETE_OUTLINE,
            f"Delete {who}",
            lambda _e: on_delete(g.id),
            key=f"delete-{g.id}",
        )
    )
    # A flat panel, not a Material card: home shows twenty of these, and a card's shadow
    # and surface cost a phone every frame.
    return ft.Container(
        ft.Column([*lines, ft.Row(buttons, wrap=True)], spacing=4),
        padding=12,
        border_radius=12,
        bgcolor=ft.Colors.SURFACE_CONTAINER_LOW,
        key=f"game-{g.id}",  # the same game's panel wherever the list puts it
    )


def series_rows(series: Sequence[tuple[str, int, dict[str, int]]]) -> list[ft.Control]:
    """(series name, games in it, running totals by player) -> the Series section."""
    if not series:
        return []
    rows: list[ft.Control] = [ft.Text("Series", size=18, weight=ft.FontWeight.BOLD)]
    for name, count, totals in series:
        ranked = sorted(totals.items(), key=lambda kv: -kv[1])
        text = " · ".join(f"{player} {points}" for player, points in ranked)
        games = f"{amount(count, 'games')}"
        rows.append(tagged(f"series-{name}", ft.Text(f"{name} ({games}): {text}")))
    return rows


# Tiles drawn per section at first: a long-time user's 1,000 saved games would otherwise
# all be sent to the phone and laid out before the home screen could show anything.
HOME_PAGE = 10


def tiles(
    games: Sequence[GameSummary],
    limit: int,
    what: str,
    on_more: Callable[[], None] | None,
    *handlers,
) -> list[ft.Control]:
    """The first `limit` games' tiles, then a button for the rest."""
    rows = [game_tile(g, *handlers) for g in games[:limit]]
    rest = len(games) - limit
    if rest > 0 and on_more is not None:
        more = min(rest, HOME_PAGE)
        rows.append(
            tagged(
                f"more-{what}",
                big_button(
                    f"Show {more} more ({rest} {what} not shown)",
                    lambda _e: on_more(),
                    filled=False,
                    icon=ft.Icons.EXPAND_MORE,
                ),
            )
        )
    return rows


def home_view(
    games: Sequence[GameSummary],
    series: Sequence[tuple[str, int, dict[str, int]]],
    *,
    on_new,
    on_import,
    on_open,
    on_delete,
    on_export=None,
    trouble: str | None = None,
    read_only: str | None = None,
    on_dispute=None,
    disputes: Sequence[SettledDispute] = (),
    limit: int = HOME_PAGE,
    on_more: Callable[[], None] | None = None,
    on_stats=None,
    on_log=None,
) -> ft.Control:
    """`trouble`: the games cannot be read right now (one sentence, shown instead of the
    list); `read_only`: why nothing can be saved (the games are still listed); `limit`:
    tiles per section, `on_more` shows more (without it every game is listed)."""
    if on_more is None:
        limit = len(games)
    handlers = (on_open, on_delete, on_export, on_log)
    active = [g for g in games if not g.finished or g.problem]
    done = [g for g in games if g.finished and not g.problem]
    parts: list[ft.Control] = [
        ft.Text("A referee for the card game on your table.", size=16),
    ]
    if read_only:
        parts.append(
            tagged(
                "read-only",
                ft.Text(
                    f"Read-only: {read_only}. You can look at the games; nothing new can be saved.",
                    color=ft.Colors.ERROR,
                ),
            )
        )
    parts += [
        ft.Row(
            [
                big_button("New game", lambda _e: on_new(), icon=ft.Icons.ADD, key="home-new"),
                *(
                    [
                        big_button(
                            "Statistics",
                            lambda _e: on_stats(),
                            filled=False,
                            icon=ft.Icons.INSIGHTS,
                            key="home-stats",
                        )
                    ]
                    if on_stats
                    else []
                ),
                big_button(
                    "Import a record",
                    lambda _e: on_import(),
                    filled=False,
                    icon=ft.Icons.UPLOAD_FILE,
                    key="home-import",
                ),
                *(
                    [
                        big_button(
                            "Settle a dispute",
                            lambda _e: on_dispute(),
                            filled=False,
                            icon=ft.Icons.GAVEL,
                            key="home-dispute",
                        )
                    ]
                    if on_dispute
                    else []
                ),
            ],
            wrap=True,
        ),
        ft.Text("In progress", size=18, weight=ft.FontWeight.BOLD),
    ]
    if trouble:
        parts.append(tagged("store-trouble", ft.Text(trouble, color=ft.Colors.ERROR)))
    else:
        parts += tiles(active, limit, "in progress", on_more, *handlers) or [
            ft.Text("No games in progress.", italic=True)
        ]
    parts += series_rows(series)
    parts += history_rows(disputes)
    if done:
        parts += [
            ft.Text("Finished", size=18, weight=ft.FontWeight.BOLD),
            *tiles(done, limit, "finished", on_more, *handlers),
        ]
    return tagged("home", ft.Column(parts, spacing=10))


def raw_dialog(text: str, on_close) -> ft.AlertDialog:
    """A game's stored rows as JSON text, to copy out of a referee that cannot open it."""
    return ft.AlertDialog(
        title=ft.Text("Stored game (raw JSON)"),
        content=ft.Container(
            ft.Column(
                [
                    ft.Text(
                        "This referee cannot open the game, but nothing of it was lost: copy "
                        "this text to keep it, or open it in a newer referee."
                    ),
                    tagged(
                        "raw-record",
                        ft.TextField(
                            # JSON with ASCII escapes: always sendable, line breaks kept.
                            value=text.encode("ascii", "backslashreplace").decode("ascii"),
                            multiline=True,
                            read_only=True,
                            min_lines=8,
                            max_lines=16,
                        ),
                    ),
                ],
                tight=True,
            ),
            width=520,
        ),
        actions=[ft.TextButton(content="Close", on_click=on_close, height=TAP)],
    )


def cannot_open_dialog(reason: str, on_export, on_close) -> ft.AlertDialog:
    """Why a game cannot be opened, with a way to export what is stored."""
    actions: list[ft.Control] = [ft.TextButton(content="Close", on_click=on_close, height=TAP)]
    if on_export is not None:
        actions.insert(0, ft.TextButton(content="Export raw", on_click=on_export, height=TAP))
    return ft.AlertDialog(
        title=ft.Text("Cannot open this game"),
        content=tagged("alert", ft.Text(sentence(reason))),
        actions=actions,
    )


def unavailable_view(reason: str, folder: str, on_retry) -> ft.Control:
    """The screen shown instead of the games when the data folder cannot be opened."""
    return tagged(
        "store-unavailable",
        ft.Column(
            [
                ft.Icon(ft.Icons.FOLDER_OFF, size=48, color=ft.Colors.ERROR),
                ft.Text("The saved games cannot be opened", size=20, weight=ft.FontWeight.BOLD),
                tagged("unavailable-reason", ft.Text(sentence(reason), size=16)),
                ft.Text(f"Folder: {printable(folder, 300)}", size=13, selectable=True),
                ft.Text(
                    "Nothing was moved or changed. Fix the folder (free some space, allow "
                    "writing, or move the file in the way) and try again, or start referee "
                    "with --data-dir to use another folder.",
                    size=13,
                ),
                big_button("Try again", lambda _e: on_retry(), icon=ft.Icons.REFRESH),
            ],
            spacing=12,
        ),
    )


def history_rows(disputes: Sequence[SettledDispute]) -> list[ft.Control]:
    """The home screen's list of recently settled disputes."""
    if not disputes:
        return []
    rows: list[ft.Control] = [ft.Text("Settled disputes", size=18, weight=ft.FontWeight.BOLD)]
    for d in disputes:
        title = GAMES[d["game"]].title if d.get("game") in GAMES else d.get("game", "")
        rows.append(
            tagged(
                f"dispute-history-{d['id']}",
                ft.Text(f"{title}: {d['headline']} · {d['saved'].replace('T', ' ')[:16]}"),
            )
        )
    return rows


def delete_dialog(on_keep, on_delete) -> ft.AlertDialog:
    return ft.AlertDialog(
        title=ft.Text("Delete this game?"),
        content=ft.Text("Its whole record is removed. This cannot be undone."),
        actions=[
            ft.TextButton(content="Keep it", on_click=on_keep, height=TAP),
            ft.FilledButton(content="Delete", on_click=on_delete, height=TAP),
        ],
    )
