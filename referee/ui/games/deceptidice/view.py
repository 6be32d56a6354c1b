"""The Deceptidice table: the guess ladder, fast guess entry, the tops after a challenge.

Rules stay in games/deceptidice: every button is enabled from `RULES.choices(state)`.
"""

from collections import Counter

import flet as ft
from pydantic import ValidationError

from referee.games.deceptidice import RULES
from referee.games.deceptidice.guesses import describe, power_text
from referee.games.deceptidice.material import (
    COLOURS,
    NUMBERS,
    WILD,
    colour_of,
    sizes_text,
    split,
)
from referee.games.deceptidice.model import (
    Challenge,
    ColourGuess,
    DeceptidiceState,
    DieTops,
    Discard,
    Guess,
    NoSwap,
    NumberGuess,
    PowerCard,
    PowerClaim,
    RevealDie,
    StraightGuess,
    Swap,
    Tops,
    VagueGuess,
)
from referee.games.deceptidice.rules import names_of
from referee.games.deceptidice.truth import card_name
from referee.ui.game_view import GameView
from referee.ui.widgets import TAP, ScoreRow, big_button, icon_button, scoreboard, tagged

# Card faces: the colour letter keeps its swatch whatever the table calls the colour.
FACE = {
    "R": (ft.Colors.RED_700, ft.Colors.WHITE),
    "B": (ft.Colors.BLUE_700, ft.Colors.WHITE),
    "G": (ft.Colors.GREEN_800, ft.Colors.WHITE),
    "Y": (ft.Colors.AMBER_400, ft.Colors.BLACK),
    WILD: (ft.Colors.PURPLE_400, ft.Colors.WHITE),
}
COMBOS = {"numbers": "Same numbers", "colours": "Same colours", "run": "Run"}
CELL = 46  # px: six numbers and a colour label fit a 390 px phone


def _face_button(text: str, card, name: str, on_click, disabled: bool, width: int = CELL):
    bg, fg = FACE[card if card == WILD else colour_of(card)]
    button = ft.FilledButton(
        content=ft.Text(text, size=17, weight=ft.FontWeight.BOLD),
        on_click=on_click,
        disabled=disabled,
        width=width,
        height=48,
        style=ft.ButtonStyle(
            bgcolor=bg,
            color=fg,
            padding=0,
            shape=ft.RoundedRectangleBorder(radius=8),
        ),
        opacity=0.25 if disabled else 1.0,
    )
    return ft.Semantics(label=name, button=True, content=button)


class DeceptidiceView(GameView):
    unit = "cards"

    def __init__(self, *args) -> None:
        super().__init__(*args)
        self.count = 1
        self.modifier = False
        self.power_open = False
        self.combo = "numbers"
        self.groups = "2+2"
        self.run_length = 3
        self.value = 1
        self.picks: dict[int, list] = {}  # seat -> tops entered so far (tops phase)
        self.open_seat: int | None = None
        self.give = None
        self.take = None
        self._for: object = None

    # -- bookkeeping -------------------------------------------------------------------

    def _reset_if_moved_on(self, state: DeceptidiceState) -> None:
        r = state.round
        now = (state.number, state.phase, len(r.ladder), r.turn_revealed)
        if now == self._for:
            return
        self._for = now
        self.picks, self.open_seat = {}, None
        self.give = self.take = None
        self.modifier = False
        self.power_open = False
        menu = RULES.choices(state).guesses
        if menu is not None:
            # Start at the least COUNT a number or colour guess needs: the usual next guess.
            mins = [m for m in (menu.vague,) if m is not None] + [m for _, m in menu.straight]
            if menu.specific is not None:
                self.count = menu.specific
            else:
                self.count = min(mins) if mins else menu.max_count
            self.value = menu.power or 1

    def title(self, state: DeceptidiceState) -> str:
        return "Deceptidice"

    def round_line(self, state: DeceptidiceState) -> str:
        if state.phase == "over":
            return f"Game over after {state.number} round{'s' if state.number != 1 else ''}"
        liar = state.players[state.round.liar]
        return f"Round {state.number} · Liar {liar} · {state.dice_in_play} dice on the table"

    def scoreboard(self, state: DeceptidiceState) -> ft.Control:
        to_act = RULES.to_act(state)
        outcome = RULES.outcome(state)
        rows = []
        for seat, name in enumerate(state.players):
            cards = state.cards[seat]
            badges = []
            if state.phase != "over" and seat == state.round.liar:
                badges.append("Liar")
            if outcome is not None:
                badges.append(f"place {outcome.places[seat]}")
            elif cards:
                badges.append(sizes_text(split(cards, state.dice)))
            rows.append(
                ScoreRow(
                    name=name,
                    score=f"{cards} cards",
                    badges=tuple(badges),
                    highlight=seat in to_act or (outcome is not None and seat in outcome.winners),
                )
            )
        return scoreboard(
            rows,
            footer=f"Draw pile: {state.draw_pile} cards · dice sizes under each name · "
            "the game ends at 3 cards or fewer",
        )

    def status(self, state: DeceptidiceState) -> str:
        self._reset_if_moved_on(state)
        menu = RULES.choices(state)
        if state.phase == "guessing":
            name = state.players[menu.actor]
            if menu.reveal:
                return f"{name}: reveal one of your dice first."
            if not menu.challenge:
                return f"{name} is the Liar and opens the round with a guess."
            if menu.guesses is not None and not menu.guesses.any:
                return f"{name}: nothing higher is left; challenge."
            return f"{name}: guess higher or challenge."
        if state.phase == "tops":
            return "Challenge! Turn every die face up and enter its top card."
        if state.phase == "discard":
            return f"{state.players[menu.actor]} lost the round: discard one die."
        if state.phase == "swap":
            return f"{state.players[menu.actor]} may swap one card."
        return f"Game over: {RULES.outcome(state).headline}."

    def actions(self, state: DeceptidiceState) -> ft.Control:
        self._reset_if_moved_on(state)
        if state.phase == "guessing":
            return ft.Column([self._ladder(state), self._turn(state)], spacing=12)
        if state.phase == "tops":
            return ft.Column([self._ladder(state), self._tops_entry(state)], spacing=12)
        if state.phase == "discard":
            return ft.Column([self._ladder(state), self._discard(state)], spacing=12)
        if state.phase == "swap":
            return ft.Column([self._ladder(state), self._swap(state)], spacing=12)
        return self._ranking(state)

    # -- the ladder --------------------------------------------------------------------

    def shows_last_step(self, state: DeceptidiceState) -> bool:
        # The newest guess is the last step unless a die was revealed since.
        r = state.round
        return state.phase == "guessing" and bool(r.ladder) and not r.turn_revealed

    def _ladder(self, state: DeceptidiceState) -> ft.Control:
        names = names_of(state)
        r = state.round
        rungs: list[ft.Control] = []
        for i, entry in enumerate(r.ladder):
            latest = i == len(r.ladder) - 1
            rung = ft.Text(
                f"{i + 1}. {state.players[entry.seat]}: {describe(entry.guess, names)}",
                size=16 if latest else 14,
                weight=ft.FontWeight.BOLD if latest else None,
            )
            rungs.append(self.last_step(rung) if latest and self.shows_last_step(state) else rung)
        if not rungs:
            rungs.append(ft.Text("No guess yet this round.", italic=True, size=14))
        revealed = [
            f"{state.players[s]}: {', '.join(card_name(c, names) for c in tops)}"
            for s, tops in enumerate(r.revealed)
            if tops
        ]
        if revealed:
            rungs.append(ft.Text("Revealed: " + "; ".join(revealed), size=13, italic=True))
        return tagged(
            "guess-ladder",
            ft.Container(
                ft.Column(rungs, spacing=2),
                padding=10,
                width=float("inf"),
                border_radius=10,
                bgcolor=ft.Colors.SURFACE_CONTAINER,
            ),
        )

    # -- a turn ------------------------------------------------------------------------

    def _turn(self, state: DeceptidiceState) -> ft.Control:
        menu = RULES.choices(state)
        player = state.players[menu.actor]
        parts: list[ft.Control] = []
        if menu.challenge:
            last = state.round.last
            parts.append(
                big_button(
                    f"Challenge {state.players[last.seat]}'s guess",
                    lambda _e: self.play(Challenge(player=player)),
                    icon=ft.Icons.GAVEL,
                )
            )
        if menu.reveal:
            parts.append(ft.Text(f"{player} reveals a die:", weight=ft.FontWeight.BOLD))
            parts.append(
                self._card_picker(
                    state,
                    dict(menu.cards_left),
                    menu,
                    lambda card: self.play(RevealDie(player=player, card=card)),
                    f"{player} reveals",
                )
            )
            return ft.Column(parts, spacing=10)
        if menu.guesses is not None and menu.guesses.any:
            parts.append(self._guess_entry(state, player, menu.guesses))
        return ft.Column(parts, spacing=12)

    def _set_count(self, value: int, high: int) -> None:
        self.count = max(1, min(high, value))
        self.refresh()

    def _stepper(self, value: int, low: int, high: int, on_set, what: str, ident: str):
        return ft.Row(
            [
                icon_button(
                    ft.Icons.REMOVE,
                    f"Fewer {what}",
                    lambda _e: on_set(value - 1),
                    disabled=value <= low,
                ),
                tagged(
                    ident,
                    ft.Text(
                        str(value),
                        size=28,
                        weight=ft.FontWeight.BOLD,
                        width=48,
                        text_align=ft.TextAlign.CENTER,
                    ),
                ),
                icon_button(
                    ft.Icons.ADD,
                    f"More {what}",
                    lambda _e: on_set(value + 1),
                    disabled=value >= high,
                ),
            ],
            spacing=0,
            vertical_alignment=ft.CrossAxisAlignment.CENTER,
        )

    def _guess_entry(self, state: DeceptidiceState, player: str, menu) -> ft.Control:
        names = names_of(state)
        count = self.count
        o = state.options

        def guess_button(guess, text: str, name: str, card=None, width: int | None = None):
            allowed = menu.allows(guess)

            def go(_e, g=guess):
                self.play(Guess(player=player, guess=g))

            if card is not None:
                return _face_button(text, card, name, go, not allowed, width or CELL)
            button = ft.OutlinedButton(
                content=text, on_click=go, disabled=not allowed, height=TAP, width=width
            )
            return ft.Semantics(label=name, button=True, content=button)

        low = f"least higher: {menu.specific}" if menu.specific is not None else "no number or "
        hint = (
            f"COUNT ({low} for a number or colour)"
            if menu.specific is not None
            else "COUNT (no number or colour guess is higher)"
        )
        rows: list[ft.Control] = [
            ft.Text(f"{player} guesses:", weight=ft.FontWeight.BOLD, size=16),
            ft.Row(
                [
                    self._stepper(
                        count,
                        1,
                        menu.max_count,
                        lambda v: self._set_count(v, menu.max_count),
                        "cards",
                        "guess-count",
                    ),
                    ft.Text(hint, size=12, expand=True),
                ],
                vertical_alignment=ft.CrossAxisAlignment.CENTER,
            ),
        ]
        if count > state.dice_in_play:
            rows.append(
                tagged(
                    "never-true",
                    ft.Text(
                        f"More than the {state.dice_in_play} dice on the table: such a guess "
                        "can never be true.",
                        color=ft.Colors.ERROR,
                        size=13,
                    ),
                )
            )
        if menu.modifiers:
            rows.append(
                ft.Row(
                    [
                        ft.Switch(
                            value=self.modifier,
                            on_change=lambda e: self._set_modifier(e.control.value),
                            label="'less than' a number / 'without' a colour",
                        )
                    ]
                )
            )
        mod = self.modifier and menu.modifiers
        numbers = [
            guess_button(
                NumberGuess(count=count, number=n, less_than=mod),
                f"<{n}" if mod else str(n),
                f"Less than {n}" if mod else f"Number {n}",
                width=CELL + 6,
            )
            for n in NUMBERS
        ]
        colours = [
            guess_button(
                ColourGuess(count=count, colour=c, without=mod),
                f"not {names[c]}" if mod else names[c],
                f"Without {names[c]}" if mod else f"Colour {names[c]}",
                card=f"{c}1",
                width=84,
            )
            for c in COLOURS
        ]
        rows.append(ft.Row(numbers, wrap=True, spacing=4, run_spacing=4))
        rows.append(ft.Row(colours, wrap=True, spacing=4, run_spacing=4))
        if o.straights:
            rows.append(ft.Text(f"{count} in a row, including the number:", size=13))
            rows.append(
                ft.Row(
                    [
                        guess_button(
                            StraightGuess(count=count, element=e),
                            str(e),
                            f"Run including {e}",
                            width=CELL + 6,
                        )
                        for e in NUMBERS
                    ],
                    wrap=True,
                    spacing=4,
                    run_spacing=4,
                )
            )
        if o.vague:
            vague = []
            for of in ("number", "colour"):
                guess = VagueGuess(count=count, of=of)
                need = "" if menu.allows(guess) or menu.vague is None else f" ({menu.vague}+)"
                vague.append(guess_button(guess, f"Same {of}{need}", f"Same {of}"))
            rows.append(ft.Row(vague, wrap=True, spacing=6))
        if menu.power is not None:
            rows.append(self._power_claim(state, player, menu))
        return ft.Column(rows, spacing=8)

    def _set_modifier(self, on: bool) -> None:
        self.modifier = on
        self.refresh()

    # -- power cards -------------------------------------------------------------------

    def _power_card(self) -> PowerCard | None:
        """The power card described by the form, or None after telling the table why not."""
        if self.combo == "run":
            sizes: list[int] = [self.run_length]
        else:
            text = self.groups.replace(" ", "")
            parts = text.split("+") if text else []
            if not parts or not all(p.isdigit() and len(p) <= 2 for p in parts):
                self.tell("Enter the groups' sizes joined by +, such as 2+2 or 3+2.")
                return None
            sizes = [int(p) for p in parts]
        try:
            return PowerCard(combo=self.combo, sizes=tuple(sizes), value=self.value)
        except ValidationError:
            self.tell(
                "No power card looks like that: at most 6 groups of numbers or 4 of colours, "
                "each of 1 to 24 cards; a run is 2 to 6 long."
            )
            return None

    def _set(self, **values) -> None:
        for key, value in values.items():
            setattr(self, key, value)
        self.refresh()

    def _power_form(self, low_value: int, confirm: str, on_card) -> ft.Control:
        combos = [
            (ft.FilledButton if self.combo == key else ft.OutlinedButton)(
                content=label,
                on_click=lambda _e, k=key: self._set(combo=k),
                height=44,
            )
            for key, label in COMBOS.items()
        ]
        if self.combo == "run":
            shape = ft.Row(
                [
                    ft.Text("Run of", size=14),
                    self._stepper(
                        self.run_length,
                        2,
                        6,
                        lambda v: self._set(run_length=v),
                        "in the run",
                        "power-run",
                    ),
                ]
            )
        else:
            shape = ft.TextField(
                label="Groups (e.g. 2+2)",
                value=self.groups,
                width=180,
                on_change=lambda e: setattr(self, "groups", e.control.value or ""),
            )
        self.value = max(self.value, low_value)

        def done(_e):
            card = self._power_card()
            if card is not None:
                on_card(card)

        return ft.Column(
            [
                ft.Row(combos, wrap=True, spacing=6),
                shape,
                ft.Row(
                    [
                        ft.Text("Value", size=14),
                        self._stepper(
                            self.value,
                            low_value,
                            48,
                            lambda v: self._set(value=v),
                            "value",
                            "power-value",
                        ),
                    ]
                ),
                big_button(confirm, done, filled=False),
            ],
            spacing=6,
        )

    def _power_claim(self, state: DeceptidiceState, player: str, menu) -> ft.Control:
        toggle = big_button(
            "Hide power claim" if self.power_open else "Claim a power card…",
            lambda _e: self._set(power_open=not self.power_open),
            filled=False,
            icon=ft.Icons.BOLT,
        )
        if not self.power_open:
            return toggle
        return ft.Column(
            [
                toggle,
                self._power_form(
                    menu.power,
                    "Claim this power card",
                    lambda card: self.play(Guess(player=player, guess=PowerClaim(card=card))),
                ),
            ],
            spacing=6,
        )

    # -- entering cards ----------------------------------------------------------------

    def _card_picker(self, state, left: dict, menu, on_card, prefix: str, power_key=None):
        """Colour rows of number cards, a wildcard and power card entry; `left`: copies
        still available of each card."""
        names = names_of(state)
        rows: list[ft.Control] = []
        for c in COLOURS:
            cells: list[ft.Control] = [
                ft.Container(ft.Text(names[c], size=12, no_wrap=True), width=52)
            ]
            for n in NUMBERS:
                code = f"{c}{n}"
                cells.append(
                    _face_button(
                        str(n),
                        code,
                        f"{prefix} {names[c]} {n}",
                        lambda _e, k=code: on_card(k),
                        left.get(code, 0) <= 0,
                    )
                )
            rows.append(ft.Row(cells, spacing=4))
        extras: list[ft.Control] = []
        if menu.wildcards:
            extras.append(
                _face_button(
                    f"Wild ({left.get(WILD, 0)})",
                    WILD,
                    f"{prefix} wildcard",
                    lambda _e: on_card(WILD),
                    left.get(WILD, 0) <= 0,
                    width=110,
                )
            )
        if menu.power_cards:
            extras.append(
                big_button(
                    "Hide power card" if self.power_open else "Power card…",
                    lambda _e: self._set(power_open=not self.power_open),
                    filled=False,
                    icon=ft.Icons.BOLT,
                )
            )
        if extras:
            rows.append(ft.Row(extras, wrap=True, spacing=6))
        if menu.power_cards and self.power_open:
            rows.append(self._power_form(1, "Add this power card", on_card))
        return ft.Column(rows, spacing=4)

    def _tops_entry(self, state: DeceptidiceState) -> ft.Control:
        menu = RULES.choices(state)
        names = names_of(state)
        expected = dict(menu.tops)
        r = state.round
        picked = Counter(c for cards in self.picks.values() for c in cards)
        left = {c: n - picked.get(c, 0) for c, n in menu.cards_left}
        if self.open_seat is None or self.open_seat not in expected:
            self.open_seat = next((s for s, k in menu.tops if len(self.picks.get(s, [])) < k), None)
        guesser = state.players[r.last.seat]
        parts: list[ft.Control] = [
            ft.Text(
                f"{state.players[r.challenger]} challenged {guesser}: "
                f"{describe(r.last.guess, names)}.",
                weight=ft.FontWeight.BOLD,
            )
        ]
        for seat, k in menu.tops:
            name = state.players[seat]
            mine = self.picks.get(seat, [])
            kept = r.revealed[seat]
            shown = [*(card_name(c, names) + " (revealed)" for c in kept)]
            shown += [card_name(c, names) for c in mine]
            line = f"{name}: {', '.join(shown) or 'nothing yet'} ({len(mine)} of {k})"
            if seat != self.open_seat:
                parts.append(
                    ft.Row(
                        [
                            tagged(f"tops-{name}", ft.Text(line, weight=ft.FontWeight.BOLD)),
                            ft.TextButton(
                                content=f"Change {name}'s" if mine else f"Enter {name}'s",
                                on_click=lambda _e, s=seat: self._open(s),
                                height=44,
                            ),
                        ],
                        wrap=True,
                    )
                )
                continue
            chips = [
                ft.Chip(
                    label=ft.Text(card_name(c, names), size=14),
                    on_delete=lambda _e, s=seat, i=i: self._unpick(s, i),
                    delete_icon_tooltip=f"Remove {card_name(c, names)}",
                )
                for i, c in enumerate(mine)
            ]
            parts.append(tagged(f"tops-{name}", ft.Text(line, weight=ft.FontWeight.BOLD)))
            if chips:
                parts.append(ft.Row(chips, wrap=True, spacing=4))
            parts.append(
                self._card_picker(
                    state,
                    left,
                    menu,
                    lambda card, s=seat, k=k: self._pick(s, k, card, menu),
                    f"{name}'s top",
                )
            )
        for seat in range(len(state.players)):
            if seat not in expected and r.revealed[seat]:
                kept = ", ".join(card_name(c, names) for c in r.revealed[seat])
                parts.append(ft.Text(f"{state.players[seat]}: {kept} (all revealed)"))
        ready = all(len(self.picks.get(s, [])) == k for s, k in menu.tops)
        parts.append(
            big_button(
                "Judge the challenge",
                lambda _e: self.play(
                    Tops(
                        tops=tuple(
                            DieTops(player=state.players[s], cards=tuple(self.picks.get(s, [])))
                            for s, _ in menu.tops
                        )
                    )
                ),
                disabled=not ready,
                icon=ft.Icons.GAVEL,
            )
        )
        return ft.Column(parts, spacing=8)

    def _open(self, seat: int) -> None:
        self.open_seat = seat
        self.refresh()

    def _pick(self, seat: int, size: int, card, menu) -> None:
        mine = self.picks.setdefault(seat, [])
        if isinstance(card, PowerCard):
            entered = [c for cards in self.picks.values() for c in cards]
            if not menu.fits([*entered, card]):
                self.tell(
                    f"The {power_text(card)} card cannot be face up again, or more power cards "
                    "would show than were shuffled in."
                )
                return
            self.power_open = False
        if len(mine) < size:
            mine.append(card)
        if len(mine) >= size:
            self.open_seat = next(
                (s for s, k in menu.tops if len(self.picks.get(s, [])) < k),
                None,
            )
        self.refresh()

    def _unpick(self, seat: int, index: int) -> None:
        del self.picks[seat][index]
        self.open_seat = seat
        self.refresh()

    # -- after the verdict -------------------------------------------------------------

    def _discard(self, state: DeceptidiceState) -> ft.Control:
        menu = RULES.choices(state)
        player = state.players[menu.actor]
        held = state.cards[menu.actor]
        return ft.Column(
            [
                ft.Text(
                    f"{player} holds {held} cards in dice of "
                    f"{sizes_text(split(held, state.dice))}. Which die goes, face up?",
                ),
                ft.Row(
                    [
                        big_button(
                            f"Discard a die of {size}",
                            lambda _e, n=size: self.play(Discard(player=player, size=n)),
                        )
                        for size in sorted(menu.sizes, reverse=True)
                    ],
                    wrap=True,
                    spacing=8,
                ),
            ],
            spacing=10,
        )

    def _swap(self, state: DeceptidiceState) -> ft.Control:
        menu = RULES.choices(state)
        player = state.players[menu.actor]
        names = names_of(state)
        parts: list[ft.Control] = []
        ready = not menu.identities or (self.give is not None and self.take is not None)
        if menu.identities:
            for role, chosen in (("give", self.give), ("take", self.take)):
                verb = "gives" if role == "give" else "takes"
                parts.append(
                    tagged(
                        f"swap-{role}",
                        ft.Text(
                            f"{player} {verb}: {card_name(chosen, names) if chosen else '?'}",
                            weight=ft.FontWeight.BOLD,
                        ),
                    )
                )
                everything = {c: 1 for c in [f"{c}{n}" for c in COLOURS for n in NUMBERS]}
                if menu.wildcards:
                    everything[WILD] = 1
                parts.append(
                    self._card_picker(
                        state,
                        everything,
                        menu,
                        lambda card, r=role: self._set(**{r: card}),
                        f"{player} {verb}",
                    )
                )
        targets = [None] if menu.swap_pile else [state.players[s] for s in menu.partners]
        buttons = [
            big_button(
                "Swap with the draw pile" if who is None else f"Swap with {who}",
                lambda _e, w=who: self.play(
                    Swap(player=player, partner=w, give=self.give, take=self.take)
                ),
                disabled=not ready,
            )
            for who in targets
        ]
        buttons.append(
            big_button("Keep my cards", lambda _e: self.play(NoSwap(player=player)), filled=False)
        )
        parts.append(ft.Row(buttons, wrap=True, spacing=8))
        return ft.Column(parts, spacing=8)

    def _ranking(self, state: DeceptidiceState) -> ft.Control:
        outcome = RULES.outcome(state)
        lines: list[ft.Control] = [ft.Text("Final ranking", weight=ft.FontWeight.BOLD, size=16)]
        for place, seat in outcome.standings():
            name = state.players[seat]
            lines.append(
                tagged(
                    f"rank-{name}",
                    ft.Text(
                        f"{place}. {name}: {state.cards[seat]} cards",
                        size=18 if place == 1 else 15,
                        weight=ft.FontWeight.BOLD if place == 1 else None,
                    ),
                )
            )
        lines.append(ft.Text(outcome.reason, size=13, italic=True))
        return tagged("ranking", ft.Column(lines, spacing=4))


VIEW = DeceptidiceView
