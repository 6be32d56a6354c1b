"""The kinds of tap the tap bench times, one saved game each: how the game is seeded and
which two taps, in turn, make a cycle that ends where it began.

A step is (button, identifier, text): the tap, and the tagged control whose text then
contains `text` once the change is on the screen (None: the control is then gone).
"""

from collections.abc import Callable
from dataclasses import dataclass


@dataclass(frozen=True)
class Kind:
    name: str
    game: str
    players: tuple[str, ...]
    actions: tuple[dict, ...]  # played before the bench, to reach the screen it taps
    ready: str  # identifier shown once the game's screen is up
    steps: Callable  # page -> [(button, identifier, text), (...)]
    title: str  # the game's name on home's Resume button

    @property
    def resume(self) -> str:
        return f"Resume {self.title}: {', '.join(self.players)}"


def _button(page, name: str, exact: bool = True):
    return page.get_by_role("button", name=name, exact=exact)


FAEKER_BIDDING = dict(
    game="faeker",
    title="Fae-ker",
    players=("Ana", "Bo", "Cy", "Dee"),
    actions=({"type": "top_card", "card": 3},),
    ready="status",
)

KINDS = {
    # A bid is a change to the saved game, stored before the screen changes; Undo too.
    "bid": Kind(
        name="bid",
        steps=lambda page: [
            (_button(page, "Bid 2"), "status", "Cy to act"),
            (_button(page, "Undo", exact=False), "status", "Bo to act"),
        ],
        **FAEKER_BIDDING,
    ),
    # A whole screen each way: home, then back to the game.
    "screen": Kind(
        name="screen",
        steps=lambda page: [
            (_button(page, "Home", exact=False), "home", "Resume"),
            (_button(page, KINDS["screen"].resume), "status", "Bo to act"),
        ],
        **FAEKER_BIDDING,
    ),
    # What now? opened in the game's view (one tap on the ?), then closed (its ×).
    "whatnow": Kind(
        name="whatnow",
        steps=lambda page: [
            (_button(page, "What now?"), "whatnow", ""),
            (_button(page, "Close What now?"), "whatnow", None),
        ],
        **FAEKER_BIDDING,
    ),
    # A card picked for a Fae-ker showdown hand, then cleared.
    "card": Kind(
        name="card",
        game="faeker",
        title="Fae-ker",
        players=("Eve", "Fin", "Gus", "Hal"),
        actions=({"type": "top_card", "card": 3}, {"type": "showdown", "player": "Fin"}),
        ready="picked-count",
        steps=lambda page: [
            (_button(page, "Add 4"), "picked-count", "1 of 5"),
            (_button(page, "Clear"), "picked-count", "0 of 5"),
        ],
    ),
    # Fairy: a player's guess, then the same button again takes it back.
    "fairy_guess": Kind(
        name="fairy_guess",
        game="fairy",
        title="Fairy",
        players=("Ana", "Bo", "Cy", "Dee"),
        actions=({"type": "opening", "card": 9},),
        ready="guess-count",
        steps=lambda page: [
            (_button(page, "Ana higher"), "guess-count", "1 of 4 guessed"),
            (_button(page, "Ana higher"), "guess-count", "0 of 4 guessed"),
        ],
    ),
    # Fairy Bucks: a bid card shown in an auction, then changed.
    "fairybucks_card": Kind(
        name="fairybucks_card",
        game="fairybucks",
        title="Fairy Bucks",
        players=("Ana", "Bo", "Cy"),
        actions=({"type": "lot", "items": [{"value": 5, "symbol": "moon"}]},),
        ready="choosing-Ana",
        steps=lambda page: [
            (_button(page, "Ana shows 7"), "picked-Ana", "Ana shows 7"),
            (_button(page, "Change Ana's card"), "choosing-Ana", "Ana shows:"),
        ],
    ),
    # Deceptidice: a step of the guess's COUNT, up then down.
    "deceptidice_step": Kind(
        name="deceptidice_step",
        game="deceptidice",
        title="Deceptidice",
        players=("Ana", "Bo", "Cy"),
        actions=(),
        ready="guess-count",
        steps=lambda page: [
            (_button(page, "More cards", exact=False), "guess-count", "2"),
            (_button(page, "Fewer cards", exact=False), "guess-count", "1"),
        ],
    ),
    # Faces, Aces & Jokers: a card of the board picked, then unpicked.
    "faj_board": Kind(
        name="faj_board",
        game="faj",
        title="Faces, Aces & Jokers",
        players=("Ana", "Bo", "Cy"),
        actions=(),
        ready="board-picked",
        steps=lambda page: [
            (_button(page, "Board 7♥"), "board-picked", "Chosen: 7♥"),
            (_button(page, "Board 7♥"), "board-picked", "none yet"),
        ],
    ),
}


def seed(store, kinds) -> None:
    """Save one game per distinct seeding among `kinds` (bid and screen share theirs)."""
    from referee.core.record import GameRecord
    from referee.live.kept_session import KeptSession

    done = set()
    # The last saved comes first on home: the first kind's game is then in a phone's view
    # (a screen change's Resume is one of its timed taps).
    for kind in reversed(kinds):
        if kind.resume in done:
            continue
        done.add(kind.resume)
        table = KeptSession.new(store, GameRecord(game=kind.game, players=list(kind.players)))
        for action in kind.actions:
            table.play(action)
