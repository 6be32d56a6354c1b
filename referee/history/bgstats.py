"""A finished game as a play for BG Stats, through the push format BG Stats documents for
other apps ("Push plays to BG Stats from other apps or websites", BG Stats 3.3.2 or
later): `https://app.bgstatsapp.com/createPlay.html?data=<data>` (or the `bgstats://`
scheme), where `<data>` is the play as URL-encoded JSON.

Everything comes from the stored record and its results, never from a screen: the
players, points and places the store wrote from the rules' own standing, the record's
dates and action times, and the first seat from the game's seat option (the first dealer,
the first Liar). What each game tells BG Stats of its scoring is its own
(`GameRules.play_log`, in the game's folder).

- `sourcePlayId` is the same for the same game wherever it is logged from: a hash of its
  kind, when it was begun, its number of seats and its options, which an export and an
  import carry over and which no edit, undo or renaming changes (so a game fixed after it
  was logged updates the same play in BG Stats instead of adding a second one).
- `sourcePlayerId` is a hash of the player's name as the table tells names apart (case
  does not count), so BG Stats remembers each player once.
- `playDate` is in this machine's local time zone (the server's, when phones share it):
  the first action's time, or when the game was begun. `durationMin` runs from the first
  action to the last; without two known times it is left out.
"""

import hashlib
import json
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, tzinfo
from urllib.parse import quote

from referee.core.errors import RefereeError
from referee.core.names import name_key, sentence
from referee.core.record import GameRecord
from referee.core.rules import GameRules, seat_fields
from referee.games import GAMES
from referee.storage.players import parse_stamp
from referee.storage.results import GameResult
from referee.storage.store import GameUnreadable, Store

SOURCE_NAME = "referee"
WEB_URL = "https://app.bgstatsapp.com/createPlay.html"
APP_URL = "bgstats://app.bgstatsapp.com/createPlay.html"
DATE_FORMAT = "%Y-%m-%d %H:%M:%S"  # BG Stats' playDate: "2020-10-23 19:16:58", local time


class NotLoggable(RefereeError):
    """A game BG Stats cannot take (none such, not over, unreadable): one sentence."""


@dataclass(frozen=True)
class PlayFacts:
    """What a finished game's record adds to its results: who started, and when the play
    began and how long it took."""

    start_seat: int | None  # the first dealer or first Liar; None where no option names one
    began: datetime | None  # the first action's time, else when the game was begun (UTC)
    minutes: int | None  # from the first action to the last; None without two times


def play_facts(rules: GameRules, record: GameRecord) -> PlayFacts:
    seats = seat_fields(rules.options_model)
    start = None
    if seats:
        try:
            start = getattr(rules.parse_options(record.options), seats[0])
        except RefereeError:  # options this referee cannot read: no start player, not a guess
            start = None
    times = [t for t in (parse_stamp(s) for s in record.times or ()) if t is not None]
    minutes = None
    if len(times) >= 2:
        seconds = (times[-1] - times[0]).total_seconds()
        minutes = max(1, int(seconds // 60 + (seconds % 60 >= 30)))
    began = times[0] if times else parse_stamp(record.created)
    return PlayFacts(start, began, minutes)


def play_id(record: GameRecord, rules: GameRules) -> str:
    """The same for the same game, in this referee or another one it was imported into."""
    try:
        options = rules.parse_options(record.options).model_dump(mode="json")
    except RefereeError:
        options = record.options
    created = parse_stamp(record.created)
    begun = created.isoformat() if created else None
    key = json.dumps([record.game, begun, len(record.players), options], sort_keys=True)
    return "referee-" + hashlib.sha256(key.encode()).hexdigest()[:24]


def player_id(name: str) -> str:
    """The same for a name however it is capitalised (the table tells names apart so)."""
    return "referee-player-" + hashlib.sha256(name_key(name).encode()).hexdigest()[:16]


def local_date(moment: datetime | None, tz: tzinfo | None = None) -> str | None:
    """A moment as BG Stats' playDate, in `tz` (None: this machine's local time zone)."""
    return None if moment is None else moment.astimezone(tz).strftime(DATE_FORMAT)


def play_json(result: GameResult, record: GameRecord, tz: tzinfo | None = None) -> dict:
    """The play BG Stats is sent for one finished game (NotLoggable while it goes on)."""
    rules = GAMES[result.kind]
    if result.places is None:
        raise NotLoggable(not_over(result.id, rules.title))
    facts = play_facts(rules, record)
    log = rules.play_log
    game: dict = {
        "name": rules.title,
        "sourceGameId": rules.kind,
        "highestWins": log.highest_wins,
        "noPoints": not log.scored,
    }
    if log.bgg_id is not None:
        game["bggId"] = log.bgg_id
    players = []
    for seat, (name, points, place) in enumerate(
        zip(result.players, result.points, result.places, strict=True)
    ):
        player: dict = {"name": name, "sourcePlayerId": player_id(name)}
        if log.scored:
            player["score"] = points
        player |= {"rank": place, "winner": place == 1, "startPlayer": seat == facts.start_seat}
        players.append(player)
    data: dict = {
        "sourceName": SOURCE_NAME,
        "sourcePlayId": play_id(record, rules),
        "playDate": local_date(facts.began, tz),
    }
    if facts.minutes is not None:
        data["durationMin"] = facts.minutes
    if result.summary:
        data["comments"] = result.summary
    data |= {"game": game, "players": players}
    if data["playDate"] is None:
        del data["playDate"]
    return data


def play_url(data: dict, app: bool = False) -> str:
    """The documented URL that hands `data` to BG Stats (`app`: the bgstats:// scheme)."""
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    return f"{APP_URL if app else WEB_URL}?data={quote(text, safe='')}"


def not_over(game_id: int, title: str) -> str:
    return f"Game {game_id} ({title}) is not over yet: BG Stats logs a play once it has a winner."


def logged_play(store: Store, game_id: int, tz: tzinfo | None = None) -> dict:
    """One stored game's play for BG Stats; NotLoggable with one sentence when it cannot
    be logged (no such game, not over, or this referee cannot read it)."""
    result = store.results.of(game_id)
    if result is None or result.kind not in GAMES:
        raise NotLoggable(f"There is no saved game {game_id} that this referee can read.")
    if result.places is None:
        raise NotLoggable(not_over(game_id, GAMES[result.kind].title))
    try:
        record = store.load(game_id).record
    except KeyError:
        raise NotLoggable(f"There is no saved game {game_id}.") from None
    except GameUnreadable as exc:
        raise NotLoggable(sentence(f"Game {game_id} cannot be logged: {exc.reason}")) from None
    return play_json(result, record, tz)


def logged_plays(
    store: Store, game_ids: Sequence[int] | None, tz: tzinfo | None = None
) -> tuple[list[dict], list[str]]:
    """The plays of these games (None: every finished game, oldest first), and one
    sentence for each that cannot be logged."""
    if game_ids is None:
        game_ids = [r.id for r in sorted(store.results.all(), key=lambda r: r.id) if r.finished]
    plays, refused = [], []
    for game_id in game_ids:
        try:
            plays.append(logged_play(store, game_id, tz))
        except NotLoggable as exc:
            refused.append(exc.reason)
    return plays, refused
