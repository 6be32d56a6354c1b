"""The finished games as a sheet: one row per player per game, for any spreadsheet
(`python -m referee export --csv FILE`, and "Download as a sheet" on the statistics
screen, under its filters).

The rows are the statistics' own counted games (`Statistics.counted`), so the sheet adds
up to the screen filter by filter: a player's rows are their games, the rows marked
winner their wins (a first place, shared or not), the places their average place, and
each game's highest and lowest score are among its scores. The file is UTF-8 with a byte
order mark (without it a spreadsheet opening the file guesses another encoding and
breaks accented names), quoted as Python's `csv` module quotes for Excel, lines ending
in CRLF.
"""

import csv
import io
from collections.abc import Iterable, Mapping, Sequence
from datetime import tzinfo

from referee.games import GAMES
from referee.history.bgstats import PlayFacts, local_date, play_facts
from referee.history.stats import ended_at
from referee.storage.results import GameResult
from referee.storage.store import GameUnreadable, Store

COLUMNS = (
    "date",
    "game",
    "game id",
    "player",
    "score",
    "place",
    "winner",
    "start player",
    "duration (min)",
)
BOM = "\ufeff"
UNKNOWN = PlayFacts(None, None, None)


def sheet_rows(
    counted: Iterable[GameResult],
    facts: Mapping[int, PlayFacts],
    tz: tzinfo | None = None,
) -> list[list]:
    """One row per seat of each finished game, in the games' order, seats in seat order.
    A game's date is when it ended, as the statistics count its day, in `tz` (None: this
    machine's local time); a start player and a duration are left blank where unknown."""
    rows = []
    for g in counted:
        if g.places is None:
            continue
        known = facts.get(g.id, UNKNOWN)
        title = GAMES[g.kind].title if g.kind in GAMES else g.kind
        date = local_date(ended_at(g), tz)
        for seat, (name, points, place) in enumerate(
            zip(g.players, g.points, g.places, strict=True)
        ):
            start = "" if known.start_seat is None else _yes(seat == known.start_seat)
            minutes = "" if known.minutes is None else known.minutes
            rows.append([date, title, g.id, name, points, place, _yes(place == 1), start, minutes])
    return rows


def _yes(value: bool) -> str:
    return "yes" if value else "no"


def sheet_text(rows: Sequence[Sequence]) -> str:
    """The sheet as the file holds it: the byte order mark, the header, the rows."""
    out = io.StringIO()
    writer = csv.writer(out)  # the "excel" dialect: minimal quoting, CRLF
    writer.writerow(COLUMNS)
    writer.writerows(rows)
    return BOM + out.getvalue()


def stored_facts(store: Store, games: Iterable[GameResult]) -> dict[int, PlayFacts]:
    """Each game's start player and times, from its record (a game this referee cannot
    open keeps its row, with those left blank)."""
    out = {}
    for g in games:
        if g.kind not in GAMES:
            continue
        try:
            record = store.load(g.id).record
        except (GameUnreadable, KeyError):
            continue
        out[g.id] = play_facts(GAMES[g.kind], record)
    return out


def stored_sheet(store: Store, counted: Sequence[GameResult], tz: tzinfo | None = None) -> str:
    """The sheet of these counted games (a `Statistics.counted`), read from the store."""
    return sheet_text(sheet_rows(counted, stored_facts(store, counted), tz))
