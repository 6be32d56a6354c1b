"""The Deceptidice table: the guess ladder, fast guess entry, the tops after a challenge.

Rules stay in games/deceptidice: every button is enabled from `RULES.choices(state)`. The
guess entry (guesses.py) and the card entry (cards.py) are parts the view holds, sharing
one entry state.
"""

import flet as ft

from referee.core.words import amount
from referee.games.deceptidice import RULES
from referee.games.deceptidice.guesses import describe
from referee.games.deceptidice.material import (
    COLOURS,
    END_AT,
    NUMBERS,
    WILD,
    sizes_text,
    split,
)
from referee.games.deceptidice.model import (
    Challenge,
    DeceptidiceGuess,
    DeceptidiceState,
    Discard,
    NoSwap,
    PowerClaim,
    RevealDie,
    Swap,
    Tops,
    names_of,
)
from referee.games.deceptidice.truth import card_name
from referee.ui.game_view import GameView, acting, final
from referee.ui.games.deceptidice.cards import CardEntry, EntryState
from referee.ui.games.deceptidice.guesses import GuessEntry
from referee.ui.score_cards import ScoreRow, scoreboard
from referee.ui.widgets import action_button, tagged


class DeceptidiceView(GameView):
    unit = "cards"

    def __init__(self, *args) -> None:
        super().__init__(*args)
        self.entering = EntryState()  # what is being tapped in, shared by both entries
        # Parts held (cards.Holder: what they use of the view).
        self.cards = CardEntry(self, self.entering)
        self.guesses = GuessEntry(self, self.entering, self.cards)
        self._for: object = None

    # -- bookkeeping -------------------------------------------------------------------

    def _reset_if_moved_on(self, state: DeceptidiceState) -> None:
        r = state.round
        now = (state.number, state.phase, len(r.ladder), r.turn_revealed)
        if now == self._for:
            return
        self._for = now
        self.clear_own_entries()  # a live game's entries end with the change itself
        entering = self.entering
        entering.open_seat, entering.opened_here = None, False
        entering.modifier = False
        entering.power_open = False
        menu = RULES.choices(state).guesses
        if menu is not None:
            # Start at the least COUNT a number or colour guess needs: the usual next guess.
            mins = [m for m in (menu.vague,) if m is not None] + [m for _, m in menu.straight]
            if menu.specific is not None:
                entering.count = menu.specific
            else:
                entering.count = min(mins) if mins else menu.max_count
            entering.value = menu.power or 1

    def start_from(self, state: DeceptidiceState, action) -> None:
        entering = self.entering
        if isinstance(action, DeceptidiceGuess):
            guess = action.guess
            if isinstance(guess, PowerClaim):  # its form filled in
                card = guess.card
                entering.power_open, entering.combo, entering.value = True, card.combo, card.value
                if card.combo == "run":
                    entering.run_length = card.sizes[0]
                entering.groups = "+".join(map(str, card.sizes))
            else:
                entering.count = guess.count
                entering.modifier = bool(
                    getattr(guess, "less_than", 0) or getattr(guess, "without", 0)
                )
        elif isinstance(action, Tops):
            tops = {RULES.seat_of(state, t.player): list(t.cards) for t in action.tops}
            self.set_entry("tops", self.cards.dumped(tops), redraw=False)
        elif isinstance(action, Swap) and action.give is not None:
            self.set_entry("swap", {"give": action.give, "take": action.take}, redraw=False)

    def title(self, state: DeceptidiceState) -> str:
        return "Deceptidice"

    def round_line(self, state: DeceptidiceState) -> str:
        if state.phase == "over":
            return f"Game over after {amount(state.number, 'rounds')}"
        liar = state.players[state.round.liar]
        dice = amount(state.dice_in_play, "dice")
        return f"Round {state.number} · Liar {liar} · {dice} on the table"

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
                    score=f"{amount(cards, 'cards')}",
                    badges=tuple(badges),
                    highlight=seat in to_act,
                    winner=outcome is not None and seat in outcome.winners,
                )
            )
        return scoreboard(
            rows,
            footer=f"Draw pile: {amount(state.draw_pile, 'cards')} · dice sizes under each name · "
            f"the game ends at {END_AT} cards or fewer",
            badge_lines=2,  # the Liar, and the dice sizes
        )

    def status(self, state: DeceptidiceState) -> str:
        self._reset_if_moved_on(state)
        menu = RULES.choices(state)
        if state.phase == "guessing":
            name = state.players[acting(menu.actor)]
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
            return f"{state.players[acting(menu.actor)]} lost the round: discard one die."
        if state.phase == "swap":
            return f"{state.players[acting(menu.actor)]} may swap one card."
        return f"Game over: {final(RULES.outcome(state)).headline}."

    def actions(self, state: DeceptidiceState) -> ft.Control:
        self._reset_if_moved_on(state)
        if state.phase == "guessing":
            return ft.Column([self._ladder(state), self._turn(state)], spacing=12)
        if state.phase == "tops":
            return ft.Column([self._ladder(state), self.cards.tops_entry(state)], spacing=12)
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
        player = state.players[acting(menu.actor)]
        parts: list[ft.Control] = []
        # The challenge's place is kept from the round's first guess on: it came in above
        # the guess pad after that guess and pushed the pad down under the next finger.
        last = state.round.last
        if menu.challenge and last is not None:
            parts.append(
                action_button(
                    f"Challenge {state.players[last.seat]}'s guess",
                    lambda _e: self.play(Challenge(player=player)),
                    icon=ft.Icons.GAVEL,
                )
            )
        else:
            parts.append(
                action_button(
                    "Challenge: no guess yet this round",
                    lambda _e: None,
                    icon=ft.Icons.GAVEL,
                    disabled=True,
                )
            )
        if menu.reveal:
            parts.append(ft.Text(f"{player} reveals a die:", weight=ft.FontWeight.BOLD))
            parts.append(
                self.cards.picker(
                    state,
                    dict(menu.cards_left),
                    menu,
                    lambda card: self.play(RevealDie(player=player, card=card)),
                    f"{player} reveals",
                )
            )
            return ft.Column(parts, spacing=10)
        if menu.guesses is not None and menu.guesses.any:
            parts.append(self.guesses.entry(state, player, menu.guesses))
        return ft.Column(parts, spacing=12)

    # -- after the verdict -------------------------------------------------------------

    def _discard(self, state: DeceptidiceState) -> ft.Control:
        menu = RULES.choices(state)
        player = state.players[acting(menu.actor)]
        held = state.cards[acting(menu.actor)]
        return ft.Column(
            [
                ft.Text(
                    f"{player} holds {sizes_text(split(held, state.dice))}. "
                    "Which die goes, face up?",
                ),
                ft.Row(
                    [
                        action_button(
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

    # The cards of a swap, as they are chosen: on every device of the table.
    @property
    def give(self):
        return self.entry("swap", {}).get("give")

    @property
    def take(self):
        return self.entry("swap", {}).get("take")

    def _choose_swap(self, role: str, card) -> None:
        self.set_entry("swap", {**self.entry("swap", {}), role: card})

    def _swap(self, state: DeceptidiceState) -> ft.Control:
        menu = RULES.choices(state)
        player = state.players[acting(menu.actor)]
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
                    self.cards.picker(
                        state,
                        everything,
                        menu,
                        lambda card, r=role: self._choose_swap(r, card),
                        f"{player} {verb}",
                    )
                )
        targets = [None] if menu.swap_pile else [state.players[s] for s in menu.partners]
        buttons = [
            action_button(
                "Swap with the draw pile" if who is None else f"Swap with {who}",
                lambda _e, w=who: self.play(
                    Swap(player=player, partner=w, give=self.give, take=self.take)
                ),
                disabled=not ready,
            )
            for who in targets
        ]
        buttons.append(
            action_button(
                "Keep my cards", lambda _e: self.play(NoSwap(player=player)), filled=False
            )
        )
        parts.append(ft.Row(buttons, wrap=True, spacing=8))
        return ft.Column(parts, spacing=8)

    def _ranking(self, state: DeceptidiceState) -> ft.Control:
        outcome = final(RULES.outcome(state))
        lines: list[ft.Control] = [ft.Text("Final ranking", weight=ft.FontWeight.BOLD, size=16)]
        for place, seat in outcome.standings():
            name = state.players[seat]
            lines.append(
                tagged(
                    f"rank-{name}",
                    ft.Text(
                        f"{place}. {name}: {amount(state.cards[seat], 'cards')}",
                        size=18 if place == 1 else 15,
                        weight=ft.FontWeight.BOLD if place == 1 else None,
                    ),
                )
            )
        lines.append(ft.Text(outcome.reason, size=13, italic=True))
        return tagged("ranking", ft.Column(lines, spacing=4))


VIEW = DeceptidiceView
