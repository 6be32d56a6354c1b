"""Settle a dispute: pick the game and what is disputed, tap in only the cards in question,
and the verdict appears as soon as the input is complete (`referee.disputes.settle`).

The pickers are the play screens' deck-aware card grids: a card already entered elsewhere
is disabled, a card kind the deck has run out of is disabled. Prefilled from a game in
progress when opened from its menu (`from_game`).
"""

from collections import Counter
from collections.abc import Callable, Sequence

import flet as ft
from pydantic import TypeAdapter

from referee.core.errors import RefereeError
from referee.core.words import number
from referee.disputes import TITLES, Settled, from_game, settle
from referee.games import GAMES
from referee.games.deceptidice import guesses as dice_guesses
from referee.games.deceptidice.material import COLOURS as DICE_COLOURS
from referee.games.deceptidice.material import (
    COPIES_EACH,
    DEFAULT_NAMES,
    MAX_COUNT,
    NUMBERS,
    WILD,
    WILDCARDS,
)
from referee.games.deceptidice.model import GuessForm
from referee.games.faeker.deck import COPIES as FAEKER_COPIES
from referee.games.faeker.deck import HAND_SIZE, MAX_BID, card_name
from referee.games.fairy.deck import CARDS as FAIRY_CARDS
from referee.games.fairy.deck import FLOOR
from referee.games.fairy.scoring import GUESS_NAMES, GUESSES
from referee.games.fairybucks.material import BUCKS, SYMBOLS
from referee.games.faj.deck import DRAFT_CARDS, TRICK_CARDS, short
from referee.ui.card_picker import card_grid
from referee.ui.widgets import TAP, big_button, icon_button, slug, tagged

RED = ft.Colors.RED_700
GUESS_FORM = TypeAdapter(GuessForm)
FAEKER_CARDS = (1, 2, 3, 4, 5, 6, 7, 0)
MAX_PLAYERS = {"faeker": 6, "faj": 4, "fairy": 10, "fairybucks": 5, "deceptidice": 8}

# The dispute kinds of each game, in the order the screen offers them.
PICKED = {
    "faj": ("faj_showdown", "faj_trick", "faj_trump"),
    "faeker": ("faeker_bluff", "faeker_showdown"),
    "fairy": ("fairy_guesses", "fairy_chances"),
    "fairybucks": ("fairybucks_reveal", "fairybucks_finale"),
    "deceptidice": ("deceptidice_challenge", "deceptidice_higher"),
}
DICE_NAMES = dict(zip(DICE_COLOURS, DEFAULT_NAMES, strict=True))
DICE_TINTS = {"R": ft.Colors.RED_700, "B": ft.Colors.BLUE_700, "G": ft.Colors.GREEN_700}
DICE_TINTS["Y"] = ft.Colors.AMBER_800
MAX_DICE = 4


_NEW_GUESS = {"form": "number", "count": 1}


def guess_data(g: dict | None) -> dict | None:
    """A guess being built, as the dispute's JSON; None while it lacks its target."""
    if not g:
        return None
    form, count = g.get("form"), g.get("count", 1)
    if form == "number" and g.get("number"):
        return {
            "form": form,
            "count": count,
            "number": g["number"],
            "less_than": bool(g.get("less_than")),
        }
    if form == "colour" and g.get("colour"):
        return {
            "form": form,
            "count": count,
            "colour": g["colour"],
            "without": bool(g.get("without")),
        }
    if form == "straight" and g.get("element"):
        return {"form": form, "count": count, "element": g["element"]}
    if form == "vague" and g.get("of"):
        return {"form": form, "count": count, "of": g["of"]}
    return None


def guess_text(g: dict | None) -> str | None:
    data = guess_data(g)
    if data is None:
        return None
    return dice_guesses.describe(GUESS_FORM.validate_python(data))


def dice_card_text(card: str) -> str:
    return "wildcard" if card == WILD else f"{DICE_NAMES[card[0]]} {card[1:]}"


def _faj_colour(card: str):
    return RED if card[-1] in "DH" else None


class DisputeScreen:
    """One dispute being entered. `on_save(dispute, settled)` stores a settled dispute;
    `on_kind(kind)`, if given, is where choosing what is disputed (or None: another
    dispute) goes instead of changing this screen."""

    def __init__(
        self,
        refresh: Callable[[], None],
        on_save: Callable[[dict, Settled], bool],
        prefill: dict | None = None,
        on_kind: Callable[[str | None], None] | None = None,
    ) -> None:
        self.refresh = refresh
        self.on_save = on_save
        self.on_kind = on_kind
        pre = prefill or {}
        self.pre = pre
        self.game: str | None = pre.get("game")
        self.kind: str | None = pre.get("kind")
        self.names: list[str] = list(pre.get("names") or ["Player 1", "Player 2"])
        self.from_game = bool(prefill)
        self.saved = False
        self._fresh()

    # -- state ---------------------------------------------------------------------------

    def _fresh(self) -> None:
        pre = self.pre if self.from_game else {}
        n = len(self.names)
        self.active = 0  # whose cards the grid enters (-1: the board / the top card)
        self.piles: list[list] = [list(p) for p in pre.get("piles", [[] for _ in range(n)])]
        self.board: list[str] = list(pre.get("board", []))
        self.plays: list[str | None] = [None] * n
        self.top = pre.get("top")
        self.bid: int | None = pre.get("bid")
        self.hands: list[list[int]] = [[] for _ in range(n)]
        self.bidder = pre.get("bidder") or self.names[0]
        self.caller = pre.get("caller") or self.names[-1]
        self.stones = bool(pre.get("stones", False))
        self.exact = bool(pre.get("exact", False))
        self.revealed: int | None = None
        self.guesses: list[str | None] = [None] * n
        self.scores: list[int] = list(pre.get("scores", [0] * n))
        self.seen: list[int] = list(pre.get("seen", []))
        self.suit_cards: str = pre.get("suit_cards", "")
        self.variants = dict(pre.get("variants", {}))
        self.guess = dict(pre.get("guess", _NEW_GUESS))
        # None: the round's opening guess. From the home screen a dispute is most often
        # about a guess after another, so it starts with a last guess to fill in.
        self.previous = pre.get("previous", None if self.from_game else dict(_NEW_GUESS))
        self.tops: list[list[str]] = [[] for _ in range(n)]
        self.guesser = pre.get("guesser") or self.names[0]
        self.showing: list[list[int]] = [
            list(x) for x in pre.get("showing", [[] for _ in range(n)])
        ]
        self.shows: list = [None] * n  # per player: a Buck, "poof", "none", "out"; None: not yet
        self.high: str | None = pre.get("high")
        self.items: list[list[dict]] = [list(x) for x in pre.get("items", [[] for _ in range(n)])]
        self.item_value = 2
        self.castle_item: dict | None = None
        self.castle_value = int(pre.get("castle_value", 0))
        self.challenger = pre.get("challenger") or self.names[-1]
        self.saved = False
        if self.kind in ("faj_trick", "faj_trump", "faeker_bluff", "faeker_showdown"):
            self.active = -1 if not (self.board or self.top is not None) else 0
        if self.kind in ("fairy_guesses", "fairy_chances"):
            self.active = -1 if self.top is None else 0

    def choose_game(self, game: str | None) -> None:
        self.game, self.kind = game, None
        self.refresh()

    def start(self, kind: str) -> None:
        """Enter a dispute of `kind` from scratch (its game follows from it)."""
        self.game, self.kind = game_of(kind), kind
        self._fresh()

    def choose_kind(self, kind: str | None) -> None:
        if self.on_kind is not None:
            self.on_kind(kind)
            return
        self.kind = kind
        self._fresh()
        self.refresh()

    def add_player(self) -> None:
        if len(self.names) < MAX_PLAYERS.get(self.game or "", 4):
            self.names.append(f"Player {len(self.names) + 1}")
            self._grow()
            self.refresh()

    def _trim_seats(self) -> None:
        """Drop what was entered for seats beyond the players now named."""
        for seq in (
            self.piles,
            self.plays,
            self.hands,
            self.guesses,
            self.scores,
            self.tops,
            self.showing,
            self.shows,
            self.items,
        ):
            del seq[len(self.names) :]

    def remove_player(self) -> None:
        if len(self.names) > (1 if self.kind == "fairy_guesses" else 2):
            self.names.pop()
            self._trim_seats()
            self.active = min(self.active, len(self.names) - 1)
            self.refresh()

    def rename(self, text: str) -> None:
        names = [" ".join(p.split())[:24] for p in text.split(",") if p.strip()]
        if len(names) >= 2 or (names and self.kind == "fairy_guesses"):
            self.names = names[: MAX_PLAYERS.get(self.game or "", 4)]
            self._grow()
            self._trim_seats()
            self.guesser = self.guesser if self.guesser in self.names else self.names[0]
            self.challenger = self.challenger if self.challenger in self.names else self.names[-1]
            self.bidder = self.bidder if self.bidder in self.names else self.names[0]
            self.caller = self.caller if self.caller in self.names else self.names[-1]
            self.active = min(self.active, len(self.names) - 1)
            self.refresh()

    def _grow(self) -> None:
        while len(self.piles) < len(self.names):
            self.piles.append([])
            self.plays.append(None)
            self.hands.append([])
            self.guesses.append(None)
            self.scores.append(0)
            self.tops.append([])
            self.showing.append([])
            self.shows.append(None)
            self.items.append([])

    def _set(self, **changes) -> None:
        for key, value in changes.items():
            setattr(self, key, value)
        self.saved = False
        self.refresh()

    # -- the dispute as data -------------------------------------------------------------

    def dispute(self) -> dict | None:
        """The dispute entered so far as JSON data, or None while it is incomplete."""
        k, names = self.kind, self.names
        if k == "faj_showdown":
            if not any(self.piles):
                return None
            piles = [{"player": n, "cards": p} for n, p in zip(names, self.piles, strict=False)]
            return {"kind": k, "piles": piles}
        if k == "faj_trump":
            return {"kind": k, "board": self.board} if self.board else None
        if k == "faj_trick":
            if not self.board or any(c is None for c in self.plays):
                return None
            plays = [{"player": n, "card": c} for n, c in zip(names, self.plays, strict=False)]
            return {"kind": k, "board": self.board, "plays": plays}
        if k == "faeker_bluff":
            if self.top is None or self.bid is None or len(self.hands[0]) != HAND_SIZE:
                return None
            return {
                "kind": k,
                "top": self.top,
                "bid": self.bid,
                "hand": self.hands[0],
                "bidder": self.bidder,
                "caller": self.caller,
                "stone_circles_always_count": self.stones,
                "bluff_needs_exact": self.exact,
            }
        if k == "faeker_showdown":
            if self.top is None or any(len(h) != HAND_SIZE for h in self.hands):
                return None
            hands = [{"player": n, "cards": h} for n, h in zip(names, self.hands, strict=False)]
            return {"kind": k, "top": self.top, "hands": hands}
        if k == "fairy_guesses":
            if self.top is None or self.revealed is None or None in self.guesses:
                return None
            guesses = [
                {"player": n, "guess": g, "score": s}
                for n, g, s in zip(names, self.guesses, self.scores, strict=False)
            ]
            return {
                "kind": k,
                "top": self.top,
                "revealed": self.revealed,
                "guesses": guesses,
                "suit_cards": self.suit_cards,
            }
        if k == "deceptidice_higher":
            guess = guess_data(self.guess)
            if guess is None or (self.previous is not None and guess_data(self.previous) is None):
                return None
            previous = None if self.previous is None else guess_data(self.previous)
            return {"kind": k, "previous": previous, "guess": guess, "variants": self.variants}
        if k == "deceptidice_challenge":
            guess = guess_data(self.guess)
            # Every player's dice first: a verdict from some of the tops would read as final.
            if guess is None or not all(self.tops) or self.guesser == self.challenger:
                return None
            tops = [{"player": n, "tops": t} for n, t in zip(names, self.tops, strict=False)]
            return {
                "kind": k,
                "guess": guess,
                "guesser": self.guesser,
                "challenger": self.challenger,
                "tops": tops,
                "variants": self.variants,
            }
        if k == "fairybucks_reveal":
            if None in self.shows:
                return None
            bidders = [
                {
                    "player": n,
                    "showing": sorted(self.showing[i]),
                    "shows": None if self.shows[i] == "out" else self.shows[i],
                }
                for i, n in enumerate(names)
            ]
            return {"kind": k, "bidders": bidders, "high_bidder": self.high}
        if k == "fairybucks_finale":
            if self.castle_item is None:
                return None
            holdings = [
                {"player": n, "hand": sorted(self.hands[i]), "items": self.items[i]}
                for i, n in enumerate(names)
            ]
            return {
                "kind": k,
                "holdings": holdings,
                "castle_item": self.castle_item,
                "castle_value": self.castle_value,
            }
        if k == "fairy_chances":
            if self.top is None:
                return None
            return {
                "kind": k,
                "top": self.top,
                "seen": [c for c in self.seen if c != self.top],
                "suit_cards": self.suit_cards,
            }
        return None

    def settled(self) -> tuple[dict | None, Settled | None, str | None]:
        data = self.dispute()
        if data is None:
            return None, None, None
        try:
            return data, settle(data), None
        except RefereeError as exc:
            return data, None, exc.reason

    # -- the screen ----------------------------------------------------------------------

    def view(self) -> ft.Control:
        if self.game is None:
            return tagged("dispute", self._games())
        if self.kind is None:
            return tagged("dispute", self._kinds())
        data, result, problem = self.settled()
        parts: list[ft.Control] = [
            ft.Row(
                [
                    ft.Text(
                        f"{GAMES[self.game].title}: {TITLES[self.kind]}",
                        size=18,
                        weight=ft.FontWeight.BOLD,
                        expand=True,
                    ),
                    ft.TextButton(
                        content="Other dispute",
                        on_click=lambda _e: self.choose_kind(None),
                        height=44,
                    ),
                ],
            ),
        ]
        if result is not None:  # the answer stays in sight above the pickers
            parts.append(
                ft.Container(
                    ft.Column(
                        [
                            tagged(
                                "dispute-headline",
                                ft.Text(result.headline, size=20, weight=ft.FontWeight.BOLD),
                            ),
                            ft.Text("Why: below the cards.", size=12, italic=True),
                        ],
                        spacing=2,
                    ),
                    bgcolor=ft.Colors.SECONDARY_CONTAINER,
                    border_radius=12,
                    padding=12,
                )
            )
        parts += self._entry()
        if problem:
            parts.append(tagged("dispute-problem", ft.Text(problem, color=ft.Colors.ERROR)))
        elif result is not None:
            parts.append(self._verdict(data, result))
        else:
            parts.append(
                tagged(
                    "dispute-waiting",
                    ft.Text("The verdict appears as soon as the cards are in.", italic=True),
                )
            )
        return tagged("dispute", ft.Column(parts, spacing=10))

    def _games(self) -> ft.Control:
        buttons = [
            big_button(GAMES[g].title, lambda _e, g=g: self.choose_game(g), width=340)
            for g in PICKED
        ]
        return ft.Column(
            [
                ft.Text("Which game is being played?", size=18, weight=ft.FontWeight.BOLD),
                ft.Text("Tap in only the cards in question: no need to track the game.", size=14),
                *buttons,
            ],
            spacing=10,
        )

    def _kinds(self) -> ft.Control:
        buttons = [
            big_button(TITLES[k], lambda _e, k=k: self.choose_kind(k), width=340)
            for k in PICKED[self.game]
        ]
        return ft.Column(
            [
                ft.Row(
                    [
                        ft.Text(
                            f"{GAMES[self.game].title}: what is disputed?",
                            size=18,
                            weight=ft.FontWeight.BOLD,
                            expand=True,
                        ),
                        ft.TextButton(
                            content="Other game", on_click=lambda _e: self.choose_game(None)
                        ),
                    ],
                ),
                *buttons,
            ],
            spacing=10,
        )

    def _players_row(self) -> ft.Control:
        field = ft.TextField(
            label="Players (comma-separated)",
            value=", ".join(self.names),
            on_blur=lambda e: self.rename(e.control.value or ""),
            on_submit=lambda e: self.rename(e.control.value or ""),
            dense=True,
            expand=True,
        )
        return ft.Row(
            [
                field,
                ft.Semantics(
                    label="Add a player",
                    button=True,
                    content=ft.IconButton(
                        ft.Icons.PERSON_ADD, on_click=lambda _e: self.add_player(), width=48
                    ),
                ),
                ft.Semantics(
                    label="Remove a player",
                    button=True,
                    content=ft.IconButton(
                        ft.Icons.PERSON_REMOVE, on_click=lambda _e: self.remove_player(), width=48
                    ),
                ),
            ],
        )

    def _tabs(self, labels: Sequence[tuple[int, str, str]]) -> ft.Control:
        """Whose cards the grid enters: (index, visible text, accessible name)."""
        buttons = []
        for index, text, name in labels:
            cls = ft.FilledButton if index == self.active else ft.OutlinedButton
            buttons.append(
                ft.Semantics(
                    label=name,
                    button=True,
                    selected=index == self.active,
                    content=cls(
                        content=text, height=44, on_click=lambda _e, i=index: self._set(active=i)
                    ),
                )
            )
        return ft.Row(buttons, wrap=True, spacing=6, run_spacing=6)

    def _entry(self) -> list[ft.Control]:
        k = self.kind
        rows: list[ft.Control] = []
        if k not in ("faj_trump", "faeker_bluff", "fairy_chances", "deceptidice_higher"):
            rows.append(self._players_row())
        return rows + getattr(self, f"_{k}")()

    # -- Faces, Aces & Jokers ------------------------------------------------------------

    def _toggle_pile(self, card: str) -> None:
        pile = self.piles[self.active]
        if card in pile:
            pile.remove(card)
        elif any(card in p for p in self.piles):
            return  # another player's card: its button is disabled
        elif sum(len(p) for p in self.piles) < 30:
            pile.append(card)
        self._set()

    def _faj_showdown(self) -> list[ft.Control]:
        taken = {c for i, p in enumerate(self.piles) if i != self.active for c in p}
        full = sum(len(p) for p in self.piles) >= 30
        me = self.names[self.active]
        tabs = self._tabs(
            [
                (i, f"{n} · {len(self.piles[i])}", f"Cards won by {n}")
                for i, n in enumerate(self.names)
            ]
        )
        grid = card_grid(
            list(TRICK_CARDS),
            short,
            available=set() if full else set(TRICK_CARDS) - taken,
            selected=self.piles[self.active],
            on_tap=self._toggle_pile,
            name=lambda c: f"{me} won {short(c)}",
            colour=_faj_colour,
        )
        return [
            ft.Text("Tap each player's won trick cards (any number; no card twice)."),
            tabs,
            grid,
        ]

    def _toggle_board(self, card: str) -> None:
        if card in self.board:
            self.board.remove(card)
        elif len(self.board) < 4:
            self.board.append(card)
        self._set()

    def _board_grid(self) -> ft.Control:
        return card_grid(
            list(TRICK_CARDS),
            short,
            available=set() if len(self.board) >= 4 else set(TRICK_CARDS),
            selected=self.board,
            on_tap=self._toggle_board,
            name=lambda c: f"Board {short(c)}",
            colour=_faj_colour,
        )

    def _faj_trump(self) -> list[ft.Control]:
        return [ft.Text("Tap the board's trick cards (1 to 4)."), self._board_grid()]

    def _play(self, card: str) -> None:
        self.plays[self.active] = None if self.plays[self.active] == card else card
        if self.plays[self.active] is not None and None in self.plays:
            self.active = self.plays.index(None)
        self._set()

    def _faj_trick(self) -> list[ft.Control]:
        board = " ".join(short(c) for c in self.board) or "none yet"
        tabs = self._tabs(
            [(-1, f"Board · {len(self.board)}", "The board")]
            + [
                (i, f"{n} · {short(self.plays[i]) if self.plays[i] else '?'}", f"Card of {n}")
                for i, n in enumerate(self.names)
            ]
        )
        if self.active < 0:
            grid = self._board_grid()
        else:
            me = self.names[self.active]
            others = {c for i, c in enumerate(self.plays) if i != self.active and c}
            menu = self.pre.get("playable", {}).get(self.active, DRAFT_CARDS)
            grid = card_grid(
                list(DRAFT_CARDS),
                short,
                available=set(menu) - others,
                selected=[c for c in (self.plays[self.active],) if c],
                on_tap=self._play,
                name=lambda c: f"{me} plays {short(c)}",
                colour=_faj_colour,
            )
        return [tabs, tagged("dispute-board", ft.Text(f"Board: {board}")), grid]

    # -- Fae-ker -------------------------------------------------------------------------

    def _faeker_left(self, extra: Sequence[int] = ()) -> dict[int, int]:
        used = Counter([*((self.top,) if self.top is not None else ()), *extra])
        for hand in self.hands:
            used.update(hand)
        return {c: FAEKER_COPIES[c] - used[c] for c in FAEKER_CARDS}

    def _faeker_pad(self, label: str, on_tap, left: dict[int, int], disabled=False) -> ft.Control:
        buttons = [
            ft.Semantics(
                label=f"{label} {card_name(c)}",
                button=True,
                content=ft.OutlinedButton(
                    content=ft.Text("Stone" if c == 0 else str(c), size=14 if c == 0 else 18),
                    on_click=lambda _e, c=c: on_tap(c),
                    disabled=disabled or left[c] <= 0,
                    height=TAP,
                    width=88 if c == 0 else 72,
                ),
            )
            for c in FAEKER_CARDS
        ]
        return ft.Row(buttons, wrap=True, spacing=6, run_spacing=6)

    def _top_row(self) -> list[ft.Control]:
        if self.active == -1 or self.top is None:
            left = self._faeker_left()
            if self.top is not None:
                left[self.top] += 1
            return [
                ft.Text("Top card:", weight=ft.FontWeight.BOLD),
                self._faeker_pad("Top card", self._set_top, left),
            ]
        return [
            ft.Row(
                [
                    tagged("dispute-top", ft.Text(f"Top card: {card_name(self.top)}")),
                    ft.TextButton(
                        content="Change", on_click=lambda _e: self._set(active=-1), height=44
                    ),
                ],
                wrap=True,
            )
        ]

    def _set_top(self, card: int) -> None:
        self._set(top=card, active=0)

    def _add_card(self, card: int) -> None:
        hand = self.hands[self.active]
        if len(hand) < HAND_SIZE:
            hand.append(card)
            if len(hand) == HAND_SIZE and self.kind == "faeker_showdown":
                short_hands = [i for i, h in enumerate(self.hands) if len(h) < HAND_SIZE]
                if short_hands:
                    self.active = short_hands[0]
        self._set()

    def _hand_pad(self, who: str) -> list[ft.Control]:
        hand = self.hands[self.active]
        shown = ", ".join(card_name(c) for c in hand) or "none yet"
        return [
            ft.Row(
                [
                    tagged(
                        "dispute-hand",
                        ft.Text(f"{who}'s hand: {shown} ({len(hand)} of {HAND_SIZE})"),
                    ),
                    ft.TextButton(
                        content="Clear hand",
                        on_click=lambda _e: self._clear_hand(),
                        disabled=not hand,
                    ),
                ],
                wrap=True,
            ),
            self._faeker_pad(
                f"{who} shows", self._add_card, self._faeker_left(), disabled=len(hand) >= HAND_SIZE
            ),
        ]

    def _clear_hand(self) -> None:
        self.hands[self.active] = []
        self._set()

    def _faeker_bluff(self) -> list[ft.Control]:
        rows = self._top_row()
        if self.top is None or self.active == -1:
            return rows
        bids = [
            ft.Semantics(
                label=f"Bid {b}",
                button=True,
                selected=self.bid == b,
                content=(ft.FilledButton if self.bid == b else ft.OutlinedButton)(
                    content=str(b), height=TAP, width=56, on_click=lambda _e, b=b: self._set(bid=b)
                ),
            )
            for b in range(MAX_BID + 1)
        ]
        self.active = 0
        return [
            *rows,
            ft.Text("The bid called a bluff:", weight=ft.FontWeight.BOLD),
            ft.Row(bids, wrap=True, spacing=6),
            *self._hand_pad(self.bidder),
            ft.Row(
                [
                    ft.Checkbox(
                        label="Stone circles always count",
                        value=self.stones,
                        on_change=lambda e: self._set(stones=bool(e.control.value)),
                    ),
                    ft.Checkbox(
                        label="Bluff needs the exact count",
                        value=self.exact,
                        on_change=lambda e: self._set(exact=bool(e.control.value)),
                    ),
                ],
                wrap=True,
            ),
        ]

    def _faeker_showdown(self) -> list[ft.Control]:
        rows = self._top_row()
        if self.top is None or self.active == -1:
            return rows
        tabs = self._tabs(
            [
                (i, f"{n} · {len(self.hands[i])}/{HAND_SIZE}", f"Hand of {n}")
                for i, n in enumerate(self.names)
            ]
        )
        return [*rows, tabs, *self._hand_pad(self.names[self.active])]

    # -- Fairy ---------------------------------------------------------------------------

    def _fairy_grid(self, label, chosen: list[int], on_tap, unavailable=()) -> ft.Control:
        return card_grid(
            list(FAIRY_CARDS),
            str,
            available=set(FAIRY_CARDS) - set(unavailable),
            selected=chosen,
            on_tap=on_tap,
            name=lambda c: f"{label} {c}",
        )

    def _fairy_top_row(self) -> ft.Control:
        row: list[ft.Control] = [
            ft.Row(
                [
                    tagged("dispute-top", ft.Text(f"Top card: {self.top}")),
                    ft.TextButton(
                        content="Change", on_click=lambda _e: self._set(active=-1), height=44
                    ),
                ],
                wrap=True,
            )
        ]
        if self.suit_cards.strip():
            row.append(ft.Text(f"Suits as this game entered them: {self.suit_cards}", size=13))
        return ft.Column(row, spacing=2)

    def _fairy_top(self, card: int) -> None:
        self._set(top=None if self.top == card else card, active=0)

    def _fairy_guesses(self) -> list[ft.Control]:
        if self.top is None or self.active == -1:
            return [
                ft.Text("The card on top of the pile:", weight=ft.FontWeight.BOLD),
                self._fairy_grid("Top card", [self.top] if self.top else [], self._fairy_top),
            ]
        rows: list[ft.Control] = [
            self._fairy_top_row(),
            ft.Text("The card turned up:", weight=ft.FontWeight.BOLD),
            self._fairy_grid(
                "Turned up",
                [self.revealed] if self.revealed else [],
                lambda c: self._set(revealed=None if self.revealed == c else c),
                unavailable=[self.top],
            ),
        ]
        for i, name in enumerate(self.names):
            buttons = [
                ft.Semantics(
                    label=f"{name} guessed {GUESS_NAMES[g]}",
                    button=True,
                    selected=self.guesses[i] == g,
                    content=(ft.FilledButton if self.guesses[i] == g else ft.OutlinedButton)(
                        content=GUESS_NAMES[g],
                        height=44,
                        on_click=lambda _e, i=i, g=g: self._guess(i, g),
                    ),
                )
                for g in GUESSES
            ]
            score = self.scores[i]
            rows.append(
                ft.Row(
                    [
                        ft.Text(name, weight=ft.FontWeight.BOLD),
                        icon_button(
                            ft.Icons.REMOVE,
                            f"Score of {name} down",
                            lambda _e, i=i: self._score(i, -1),
                            disabled=score <= FLOOR,
                        ),
                        tagged(
                            f"dispute-score-{slug(name)}",
                            ft.Text(f"score before: {number(score)}", size=14),
                        ),
                        icon_button(
                            ft.Icons.ADD, f"Score of {name} up", lambda _e, i=i: self._score(i, 1)
                        ),
                    ],
                    spacing=2,
                    wrap=True,
                )
            )
            rows.append(ft.Row(buttons, wrap=True, spacing=6, run_spacing=6))
        return rows

    def _score(self, seat: int, step: int) -> None:
        """The player's score before the turn, which decides whether the floor stops a loss."""
        self.scores[seat] = max(FLOOR, self.scores[seat] + step)
        self._set()

    def _guess(self, seat: int, guess: str) -> None:
        self.guesses[seat] = guess
        self._set()

    def _toggle_seen(self, card: int) -> None:
        if card in self.seen:
            self.seen.remove(card)
        else:
            self.seen.append(card)
        self._set()

    def _fairy_chances(self) -> list[ft.Control]:
        if self.top is None or self.active == -1:
            return [
                ft.Text("The card on top of the pile:", weight=ft.FontWeight.BOLD),
                self._fairy_grid("Top card", [self.top] if self.top else [], self._fairy_top),
            ]
        return [
            self._fairy_top_row(),
            ft.Text("Cards already turned up before it:", weight=ft.FontWeight.BOLD),
            self._fairy_grid("Seen", self.seen, self._toggle_seen, unavailable=[self.top]),
        ]

    # -- Deceptidice ----------------------------------------------------------------------

    def _variant_row(self) -> ft.Control:
        boxes = [
            ft.Checkbox(
                label=label,
                value=bool(self.variants.get(key)),
                on_change=lambda e, key=key: self._variant(key, bool(e.control.value)),
            )
            for key, label in (
                ("straights", "Straights"),
                ("vague", "Vague guesses"),
                ("wildcards", "Wildcards"),
            )
        ]
        return ft.Row(boxes, wrap=True, spacing=4)

    def _variant(self, key: str, on: bool) -> None:
        self.variants[key] = on
        for g in (self.guess, self.previous):
            if (
                g is not None
                and not on
                and g.get("form") == {"straights": "straight"}.get(key, key)
            ):
                g.clear()
                g.update(form="number", count=1)
        if key == "wildcards" and not on:
            self.tops = [[c for c in t if c != WILD] for t in self.tops]
        self._set()

    def _guess_builder(self, label: str, g: dict) -> list[ft.Control]:
        forms = [("number", "Number"), ("colour", "Colour")]
        if self.variants.get("straights"):
            forms.append(("straight", "Straight"))
        if self.variants.get("vague"):
            forms.append(("vague", "Vague"))

        def pick(**changes):
            if "form" in changes and changes["form"] != g.get("form"):
                count = g.get("count", 1)
                g.clear()
                g["count"] = count
            g.update(changes)
            self._set()

        def chip(text: str, name: str, chosen: bool, **changes) -> ft.Control:
            cls = ft.FilledButton if chosen else ft.OutlinedButton
            return ft.Semantics(
                label=name,
                button=True,
                selected=chosen,
                content=cls(content=text, height=44, on_click=lambda _e: pick(**changes)),
            )

        form = g.get("form", "number")
        count = int(g.get("count", 1))
        rows: list[ft.Control] = [
            ft.Row(
                [chip(t, f"{label}: {t}", form == f, form=f) for f, t in forms],
                wrap=True,
                spacing=6,
            ),
            ft.Row(
                [
                    chip("−", f"{label}: fewer", False, count=max(1, count - 1)),
                    tagged(f"count-{slug(label)}", ft.Text(f"COUNT {count}", size=18)),
                    chip("+", f"{label}: more", False, count=min(MAX_COUNT, count + 1)),
                ],
                spacing=8,
            ),
        ]
        if form in ("number", "straight"):
            key = "number" if form == "number" else "element"
            rows.append(
                ft.Row(
                    [
                        chip(str(n), f"{label}: number {n}", g.get(key) == n, **{key: n})
                        for n in NUMBERS
                    ],
                    wrap=True,
                    spacing=6,
                )
            )
        elif form == "colour":
            rows.append(
                ft.Row(
                    [
                        chip(
                            DICE_NAMES[c],
                            f"{label}: {DICE_NAMES[c]}",
                            g.get("colour") == c,
                            colour=c,
                        )
                        for c in DICE_COLOURS
                    ],
                    wrap=True,
                    spacing=6,
                )
            )
        else:
            rows.append(
                ft.Row(
                    [
                        chip(f"same {o}", f"{label}: same {o}", g.get("of") == o, of=o)
                        for o in ("number", "colour")
                    ],
                    spacing=6,
                )
            )
        if form in ("number", "colour"):
            key = "less_than" if form == "number" else "without"
            rows.append(
                ft.Checkbox(
                    label="less than" if form == "number" else "without (every other colour)",
                    value=bool(g.get(key)),
                    on_change=lambda e: pick(**{key: bool(e.control.value)}),
                )
            )
        said = guess_text(g)
        rows.insert(
            0,
            tagged(
                f"guess-{slug(label)}",
                ft.Text(f"{label}: {said or 'not complete yet'}", weight=ft.FontWeight.BOLD),
            ),
        )
        return rows

    def _deceptidice_higher(self) -> list[ft.Control]:
        rows: list[ft.Control] = [self._variant_row()]
        opening = self.previous is None
        rows.append(
            ft.Checkbox(
                label="It is the round's opening guess",
                value=opening,
                on_change=lambda e: self._set(
                    previous=None if e.control.value else dict(_NEW_GUESS)
                ),
            )
        )
        if not opening:
            rows += self._guess_builder("Last guess", self.previous)
        rows += self._guess_builder("New guess", self.guess)
        return rows

    def _names_choice(self, label: str, current: str, attr: str) -> ft.Control:
        buttons = [
            ft.Semantics(
                label=f"{label} {n}",
                button=True,
                selected=n == current,
                content=(ft.FilledButton if n == current else ft.OutlinedButton)(
                    content=n, height=44, on_click=lambda _e, n=n: self._set(**{attr: n})
                ),
            )
            for n in self.names
        ]
        return ft.Row(
            [ft.Text(f"{label}:", weight=ft.FontWeight.BOLD), *buttons], wrap=True, spacing=6
        )

    def _add_top(self, card: str) -> None:
        used = sum(t.count(card) for t in self.tops)
        if used >= (WILDCARDS if card == WILD else COPIES_EACH):
            return  # its button is disabled: the deck has no more
        if len(self.tops[self.active]) < MAX_DICE:
            self.tops[self.active].append(card)
        self._set()

    def _clear_tops(self) -> None:
        self.tops[self.active] = []
        self._set()

    def _deceptidice_challenge(self) -> list[ft.Control]:
        rows: list[ft.Control] = [self._variant_row()]
        rows += self._guess_builder("Challenged guess", self.guess)
        rows.append(self._names_choice("Made by", self.guesser, "guesser"))
        rows.append(self._names_choice("Challenged by", self.challenger, "challenger"))
        rows.append(
            self._tabs(
                [
                    (i, f"{n} · {len(self.tops[i])}", f"Dice tops of {n}")
                    for i, n in enumerate(self.names)
                ]
            )
        )
        me = self.names[self.active]
        mine = self.tops[self.active]
        used = Counter(c for t in self.tops for c in t)
        full = len(mine) >= MAX_DICE
        shown = ", ".join(dice_card_text(c) for c in mine) or "none yet"
        rows.append(
            ft.Row(
                [
                    tagged("dispute-tops", ft.Text(f"{me}'s tops: {shown}")),
                    ft.TextButton(
                        content="Clear", on_click=lambda _e: self._clear_tops(), disabled=not mine
                    ),
                ],
                wrap=True,
            )
        )
        for colour in DICE_COLOURS:
            rows.append(
                ft.Row(
                    [
                        ft.Semantics(
                            label=f"{me} top {DICE_NAMES[colour]} {n}",
                            button=True,
                            content=ft.OutlinedButton(
                                content=ft.Text(
                                    str(n),
                                    size=18,
                                    color=DICE_TINTS[colour],
                                    weight=ft.FontWeight.BOLD,
                                ),
                                on_click=lambda _e, c=f"{colour}{n}": self._add_top(c),
                                disabled=full or used[f"{colour}{n}"] >= COPIES_EACH,
                                height=48,
                                width=52,
                            ),
                        )
                        for n in NUMBERS
                    ],
                    spacing=4,
                )
            )
        if self.variants.get("wildcards"):
            rows.append(
                ft.Semantics(
                    label=f"{me} top wildcard",
                    button=True,
                    content=ft.OutlinedButton(
                        content="Wildcard",
                        on_click=lambda _e: self._add_top(WILD),
                        disabled=full or used[WILD] >= WILDCARDS,
                        height=48,
                    ),
                )
            )
        return rows

    # -- Fairy Bucks ----------------------------------------------------------------------

    def _choice(self, text: str, name: str, chosen: bool, on_tap, width=None, disabled=False):
        cls = ft.FilledButton if chosen else ft.OutlinedButton
        return ft.Semantics(
            label=name,
            button=True,
            selected=chosen,
            content=cls(
                content=text,
                height=44,
                width=width,
                disabled=disabled,
                on_click=lambda _e: on_tap(),
            ),
        )

    def _toggle_showing(self, buck: int) -> None:
        mine = self.showing[self.active]
        if buck in mine:
            mine.remove(buck)
        elif self.shows[self.active] != buck:
            mine.append(buck)
        self._set()

    def _show(self, card) -> None:
        self.shows[self.active] = card
        if card in ("out", "poof") and self.high == self.names[self.active] and card == "out":
            self.high = None
        if None in self.shows:
            self.active = self.shows.index(None)
        self._set()

    def _fairybucks_reveal(self) -> list[ft.Control]:
        def what(i: int) -> str:
            shown = self.shows[i]
            return {None: "?", "out": "out", "poof": "Poof!", "none": "nothing"}.get(
                shown, str(shown)
            )

        rows: list[ft.Control] = [
            ft.Row(
                [
                    ft.Text("High Bidder after the last reveal:", weight=ft.FontWeight.BOLD),
                    *[
                        self._choice(
                            n, f"High Bidder {n}", self.high == n, lambda n=n: self._set(high=n)
                        )
                        for n in self.names
                    ],
                    self._choice(
                        "Nobody",
                        "High Bidder nobody",
                        self.high is None,
                        lambda: self._set(high=None),
                    ),
                ],
                wrap=True,
                spacing=6,
            ),
            self._tabs(
                [
                    (i, f"{n} · {sum(self.showing[i])} + {what(i)}", f"Bids of {n}")
                    for i, n in enumerate(self.names)
                ]
            ),
        ]
        me = self.names[self.active]
        mine, now = self.showing[self.active], self.shows[self.active]
        rows.append(ft.Text(f"{me}'s Bucks showing before this reveal:", weight=ft.FontWeight.BOLD))
        rows.append(
            ft.Row(
                [
                    self._choice(
                        str(b),
                        f"{me} was showing {b}",
                        b in mine,
                        lambda b=b: self._toggle_showing(b),
                        width=64,
                        disabled=now == b,
                    )
                    for b in BUCKS
                ],
                wrap=True,
                spacing=6,
                run_spacing=6,
            )
        )
        rows.append(ft.Text(f"What {me} shows now:", weight=ft.FontWeight.BOLD))
        rows.append(
            ft.Row(
                [
                    *[
                        self._choice(
                            str(b),
                            f"{me} shows {b}",
                            now == b,
                            lambda b=b: self._show(b),
                            width=64,
                            disabled=b in mine,
                        )
                        for b in BUCKS
                    ],
                    self._choice(
                        "Poof!", f"{me} shows Poof!", now == "poof", lambda: self._show("poof")
                    ),
                    self._choice(
                        "Nothing", f"{me} shows nothing", now == "none", lambda: self._show("none")
                    ),
                    self._choice(
                        "Poofed earlier", f"{me} is out", now == "out", lambda: self._show("out")
                    ),
                ],
                wrap=True,
                spacing=6,
                run_spacing=6,
            )
        )
        return rows

    def _toggle_hand_buck(self, buck: int) -> None:
        hand = self.hands[self.active]
        if buck in hand:
            hand.remove(buck)
        else:
            hand.append(buck)
        self._set()

    def _add_item(self, symbol: str, castle: bool) -> None:
        item = {"value": self.item_value, "symbol": symbol}
        if castle:
            self.castle_item = item
        else:
            self.items[self.active].append(item)
        self._set()

    def _item_row(self, label: str, castle: bool) -> ft.Control:
        return ft.Row(
            [
                ft.Text(label, weight=ft.FontWeight.BOLD),
                *[
                    self._choice(
                        sym,
                        f"{label} {self.item_value} {sym}",
                        False,
                        lambda sym=sym: self._add_item(sym, castle),
                    )
                    for sym in SYMBOLS
                ],
            ],
            wrap=True,
            spacing=6,
        )

    def _fairybucks_finale(self) -> list[ft.Control]:
        me = self.names[self.active]
        hand = self.hands[self.active]
        items = ", ".join(f"{i['value']} {i['symbol']}" for i in self.items[self.active])
        castle = (
            f"{self.castle_item['value']} {self.castle_item['symbol']}"
            if self.castle_item
            else "not yet"
        )
        return [
            self._tabs(
                [
                    (
                        i,
                        f"{n} · {sum(self.hands[i])} · {len(self.items[i])} items",
                        f"Holdings of {n}",
                    )
                    for i, n in enumerate(self.names)
                ]
            ),
            ft.Text(f"Bucks left in {me}'s hand:", weight=ft.FontWeight.BOLD),
            ft.Row(
                [
                    self._choice(
                        str(b),
                        f"{me} holds {b}",
                        b in hand,
                        lambda b=b: self._toggle_hand_buck(b),
                        width=64,
                    )
                    for b in BUCKS
                ],
                wrap=True,
                spacing=6,
                run_spacing=6,
            ),
            ft.Row(
                [
                    self._choice(
                        "−",
                        "Item value down",
                        False,
                        lambda: self._set(item_value=max(1, self.item_value - 1)),
                    ),
                    tagged("item-value", ft.Text(f"Item value {self.item_value}", size=16)),
                    self._choice(
                        "+",
                        "Item value up",
                        False,
                        lambda: self._set(item_value=min(20, self.item_value + 1)),
                    ),
                ],
                spacing=8,
            ),
            self._item_row(f"{me} won", castle=False),
            ft.Row(
                [
                    tagged("dispute-items", ft.Text(f"{me}'s items: {items or 'none'}")),
                    ft.TextButton(
                        content="Clear items",
                        on_click=lambda _e: self._clear_items(),
                        disabled=not self.items[self.active],
                    ),
                ],
                wrap=True,
            ),
            self._item_row("Castle item", castle=True),
            tagged("dispute-castle", ft.Text(f"The castle's hidden item: {castle}")),
        ]

    def _clear_items(self) -> None:
        self.items[self.active] = []
        self._set()

    # -- the verdict ---------------------------------------------------------------------

    def _verdict(self, data: dict, result: Settled) -> ft.Control:
        rules = GAMES[result.game]
        lines: list[ft.Control] = [
            ft.Text("Why", size=18, weight=ft.FontWeight.BOLD),
        ]
        lines += [
            tagged(f"dispute-line-{i}", ft.Text(line, size=15))
            for i, line in enumerate(result.details)
        ]
        lines += [
            ft.Text(
                f"Ruling {rules.rulings.cite(r)}",
                size=12,
                italic=True,
                color=ft.Colors.ON_SURFACE_VARIANT,
            )
            for r in result.rulings
        ]
        lines.append(
            tagged("dispute-saved", ft.Text("Saved to the history.", italic=True))
            if self.saved
            else big_button(
                "Save to history", lambda _e: self._save(data, result), icon=ft.Icons.SAVE
            )
        )
        return ft.Card(
            ft.Container(ft.Column(lines, spacing=6), padding=14),
            elevation=3,
        )

    def _save(self, data: dict, result: Settled) -> None:
        if self.on_save(data, result):
            self.saved = True
            self.refresh()


def game_of(kind: str) -> str | None:
    """The game a dispute kind belongs to, or None for a kind this referee does not know."""
    return next((game for game, kinds in PICKED.items() if kind in kinds), None)


__all__ = ["DisputeScreen", "from_game", "game_of"]
