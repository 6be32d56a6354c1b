"""Deceptidice rules: apply(state, action) -> (state, verdict), pure and total.

The decisions themselves are small pure functions beside this module: `guesses.py` (which
guess is higher, which can never be true), `truth.py` (is the challenged guess true) and
`deck.py` (which cards can be face up). The handlers of the challenge (`challenge.py`) and
of the round's end (`round_end.py`) are parts the rules hold; `random_play.py` draws a
legal action.
"""

import random
from collections.abc import Callable, Sequence
from contextlib import suppress
from functools import lru_cache
from typing import Any

from pydantic import BaseModel

from referee.core.errors import IllegalAction, InvalidAction
from referee.core.outcome import Outcome, names_text, places, win_text
from referee.core.play_log import PlayLog
from referee.core.rules import GameRules
from referee.core.spoken import Speech
from referee.core.verdict import Verdict
from referee.core.whatnow import BaseTeacher
from referee.core.words import amount
from referee.games.deceptidice import guesses, random_play
from referee.games.deceptidice.challenge import Challenging, tops_fit
from referee.games.deceptidice.deck import check_cards, deck_left
from referee.games.deceptidice.guesses import POWER, SPECIFIC, STRAIGHT, VAGUE, least
from referee.games.deceptidice.material import (
    END_AT,
    MAX_COUNT,
    MAX_PLAYERS,
    MIN_COUNT,
    MIN_PLAYERS,
    NUMBERS,
    cards_text,
    colour_names,
    deck_size,
    dice_per_player,
    die_sizes,
    game_over,
    start_cards,
)
from referee.games.deceptidice.model import (
    Challenge,
    DeceptidiceAction,
    DeceptidiceChoices,
    DeceptidiceGuess,
    DeceptidiceOptions,
    DeceptidiceState,
    Discard,
    GuessForm,
    GuessMenu,
    LadderEntry,
    NoSwap,
    NumberGuess,
    PlayerAction,
    PowerClaim,
    RevealDie,
    RoundState,
    StraightGuess,
    Swap,
    Tops,
    VagueGuess,
    has_modifier,
    names_of,
)
from referee.games.deceptidice.round_end import RoundEnd, swap_fits
from referee.games.deceptidice.rulings import RULINGS
from referee.games.deceptidice.said import said_of
from referee.games.deceptidice.truth import card_name

# Each action type, and the method that applies it.
_Handlers = dict[type, Callable[[DeceptidiceState, Any], tuple[DeceptidiceState, Verdict]]]


class DeceptidiceRules(GameRules[DeceptidiceState, DeceptidiceOptions, DeceptidiceChoices]):
    kind = "deceptidice"
    title = "Deceptidice"
    said = staticmethod(said_of)  # each action in the table's words (said.py)
    teacher: BaseTeacher[DeceptidiceState]  # set by the package, once RULES exists (teach.py)
    speech: Speech[DeceptidiceState]  # set by the package, once RULES exists (spoken.py)
    # BG Stats: the cards each player has left; the most cards wins.
    play_log = PlayLog(
        score="cards left in the player's card dice",
        why="the game ends when someone is down to the last cards; the most cards left wins",
    )
    min_players = MIN_PLAYERS
    max_players = MAX_PLAYERS
    options_model = DeceptidiceOptions
    action_type = DeceptidiceAction
    rulings = RULINGS
    unit = "cards"
    overview = (
        "Every player's cards are split into dice: small face-down piles, each shuffled so "
        "that only its top card counts. Starting with the Liar and going left, players guess "
        "how many top cards on the whole table show a number or a colour, each guess higher "
        "than the last, until someone challenges. The dice are turned up: a true guess costs "
        "the challenger a die, a false one costs the guesser. The loser is the next Liar. The "
        f"game ends when someone is down to {END_AT} cards; most cards left wins."
    )
    phases = {
        "guessing": (RevealDie, DeceptidiceGuess, Challenge),
        "tops": (Tops,),
        "discard": (Discard,),
        "swap": (Swap, NoSwap),
        "over": (),
    }
    prompts = {
        "guessing": "The round is on: guess higher or challenge",
        "tops": "A guess was challenged: enter the top card of every die first",
        "discard": "The round's loser discards a die first",
        "swap": "The round's loser may swap a card first",
        "over": "The game is over",
    }

    def new_state(self, players: Sequence[str], options: DeceptidiceOptions) -> DeceptidiceState:
        self.verify_players(players)
        self.verify_options(players, options)
        colour_names(options.colour_names)  # refuses two colours with one name
        n = len(players)
        start = start_cards(n)
        return DeceptidiceState(
            players=tuple(players),
            options=options,
            start=start,
            dice=dice_per_player(n),
            cards=(start,) * n,
            discarded=((),) * n,
            draw_pile=deck_size(options.wildcards, options.power_cards) - n * start,
            round=RoundState.fresh(n, options.first_liar),
        )

    # -- the flow contract -------------------------------------------------------------

    def to_act(self, state: DeceptidiceState) -> tuple[int, ...]:
        if state.phase == "guessing":
            assert state.round.turn is not None  # someone's turn while the round is on
            return (state.round.turn,)
        if state.phase in ("discard", "swap"):
            assert state.round.loser is not None  # the round was lost by someone
            return (state.round.loser,)
        return ()

    def guess_menu(self, state: DeceptidiceState) -> GuessMenu:
        """The least higher COUNT (power: value) per form, from guesses.least."""
        last = state.round.last
        return _guess_menu(last.guess if last is not None else None, state.options)

    def _deck_left(self, state: DeceptidiceState) -> dict[str, Any]:
        o = state.options
        return dict(deck_left(tuple(state.round.seen), o.wildcards, o.power_cards))

    def hidden_dice(self, state: DeceptidiceState, seat: int) -> int:
        """Dice of a seat not yet revealed this round."""
        return state.dice - len(state.round.revealed[seat])

    def __init__(self) -> None:
        # Parts held (challenge.Holder, round_end.Holder: what each uses of the rules), made
        # first: the handler table, which the base checks, points at them.
        self.challenging = Challenging(self)
        self.round_end = RoundEnd(self)
        super().__init__()
        # The menu of the last few states, by identity: views, handlers and `offers` ask
        # for the same state's menu several times. An entry holds its state, so the id
        # cannot be reused while the entry lives.
        self._menus: dict[int, tuple[DeceptidiceState, DeceptidiceChoices]] = {}

    def choices(self, state: DeceptidiceState) -> DeceptidiceChoices:
        hit = self._menus.get(id(state))
        if hit is not None and hit[0] is state:
            return hit[1]
        menu = self._choices(state)
        self._menus[id(state)] = (state, menu)
        if len(self._menus) > 32:
            # Another thread may change the dict meanwhile: then nothing is evicted this time.
            with suppress(RuntimeError, StopIteration):
                self._menus.pop(next(iter(self._menus)), None)
        return menu

    def _choices(self, state: DeceptidiceState) -> DeceptidiceChoices:
        r = state.round
        o = state.options
        if state.phase == "guessing":
            seat = r.turn
            assert seat is not None  # someone's turn while the round is on
            must_reveal = (
                o.reveal_dice and not r.turn_revealed and self.hidden_dice(state, seat) > 0
            )
            return _menu(
                actor=seat,
                reveal=must_reveal,
                guesses=None if must_reveal else self.guess_menu(state),
                challenge=r.last is not None,
                **self._deck_left(state),
            )
        if state.phase == "tops":
            n = len(state.players)
            hidden = ((s, self.hidden_dice(state, s)) for s in range(n))
            return _menu(tops=tuple((s, k) for s, k in hidden if k > 0), **self._deck_left(state))
        if state.phase == "discard":
            assert r.loser is not None  # the round was lost by someone
            return _menu(actor=r.loser, sizes=die_sizes(state.cards[r.loser], state.dice))
        if state.phase == "swap":
            n = len(state.players)
            other = o.swap == "another_player"
            return _menu(
                actor=r.loser,
                swap_pile=o.swap == "draw_pile" and state.draw_pile > 0,
                partners=tuple(s for s in range(n) if s != r.loser) if other else (),
                identities=o.open_hands,
                wildcards=o.wildcards,
                power_cards=o.power_cards > 0,
            )
        return _menu()

    def offers(self, state: DeceptidiceState, action: BaseModel) -> bool:
        if self.is_over(state) or type(action) not in self.phases[self.phase(state)]:
            return False
        menu = self.choices(state)
        if isinstance(action, Tops):
            return tops_fit(state, menu, action)
        # One of the phase's other actions, each a player's, in a phase with one to act.
        assert isinstance(action, PlayerAction) and menu.actor is not None
        if action.player != state.players[menu.actor]:
            return False
        if isinstance(action, RevealDie):
            return menu.reveal and menu.card_kind_ok(action.card) and menu.fits([action.card])
        if isinstance(action, DeceptidiceGuess):
            return menu.guesses is not None and menu.guesses.allows(action.guess)
        if isinstance(action, Challenge):
            return menu.challenge
        if isinstance(action, Discard):
            return action.size in menu.sizes
        if isinstance(action, Swap):
            return swap_fits(state, menu, action)
        return isinstance(action, NoSwap)

    def draw(self, state: DeceptidiceState, rng: random.Random) -> DeceptidiceAction | None:
        if self.is_over(state):
            return None
        return random_play.draw(state, self.choices(state), rng)

    def points(self, state: DeceptidiceState) -> tuple[int, ...]:
        return state.cards

    def progress(self, state: DeceptidiceState) -> str:
        return f"Round {state.number}"

    def next_seats(self, state: DeceptidiceState) -> tuple[dict[str, int], str, tuple[str, ...]]:
        r = state.round
        if r.loser is None:  # asked before a round was lost: this round's Liar starts
            return {"first_liar": r.liar}, "the Liar of this round", ("DD-REMATCH",)
        return {"first_liar": r.loser}, "the loser of the last round", ("DD-REMATCH",)

    def outcome(self, state: DeceptidiceState) -> Outcome | None:
        if state.phase != "over":
            return None
        best = max(state.cards)
        winners = tuple(s for s, c in enumerate(state.cards) if c == best)
        names = [state.players[s] for s in winners]
        out = [s for s, c in enumerate(state.cards) if c <= END_AT]
        down = names_text([state.players[s] for s in out])
        fewest = min(state.cards)
        return Outcome(
            winners=winners,
            places=places(state.cards),
            headline=f"{win_text(names)} with {cards_text(best)}",
            reason=f"{down} is down to {cards_text(fewest)}, which ends the game; the most "
            "cards left wins.",
            rulings=("DD-END", "DD-RANKING"),
            decided=tuple(f"{cards_text(c)} left" for c in state.cards),
        )

    def audit(self, state: DeceptidiceState) -> list[str]:
        problems = []
        dealt = state.start * len(state.players)
        if sum(state.cards) + sum(sum(d) for d in state.discarded) != dealt:
            problems.append("cards held and dice discarded do not add up to the cards dealt")
        deck = deck_size(state.options.wildcards, state.options.power_cards)
        if state.draw_pile < 0 or state.draw_pile != deck - dealt:
            problems.append("the draw pile is not what the deal left")
        if min(state.cards) < 0:
            problems.append("a negative number of cards")
        if (state.phase == "over") != game_over(state.cards):
            problems.append("the game's end does not match the cards held")
        return problems

    # -- dispatch ----------------------------------------------------------------------

    def handlers(self) -> _Handlers:
        if getattr(self, "_handlers", None) is None:
            self._handlers = self._handler_table()
        return self._handlers

    def _handler_table(self) -> _Handlers:
        return {
            RevealDie: self._reveal_die,
            DeceptidiceGuess: self._guess,
            Challenge: self.challenging.challenge,
            Tops: self.challenging.tops,
            Discard: self.round_end.discard,
            Swap: self.round_end.swap,
            NoSwap: self.round_end.no_swap,
        }

    def acting_seat(self, state: DeceptidiceState, player: str, menu: DeceptidiceChoices) -> int:
        """The seat of `player`, who must be the one the menu has acting (a refusal
        otherwise): every handler of a player's action, here and in the parts, asks it."""
        seat = self.seat_of(state, player)
        assert menu.actor is not None  # asked only in a phase with one to act
        if seat != menu.actor:
            actor = state.players[menu.actor]
            if state.phase in ("discard", "swap"):
                what = "discards a die" if state.phase == "discard" else "may swap a card"
                raise IllegalAction(f"{actor} lost the round and {what}, not {player}.")
            raise IllegalAction(f"It is {actor}'s turn, not {player}'s.")
        return seat

    def _reveal_die(
        self, state: DeceptidiceState, action: RevealDie
    ) -> tuple[DeceptidiceState, Verdict]:
        menu = self.choices(state)
        seat = self.acting_seat(state, action.player, menu)
        r = state.round
        if not menu.reveal:
            if not state.options.reveal_dice:
                raise IllegalAction(
                    "Dice are revealed one per turn only in the reveal-one-die variant, "
                    "which this table does not play."
                )
            if r.turn_revealed:
                raise IllegalAction(
                    f"{action.player} has already revealed a die this turn: guess or challenge."
                )
            raise IllegalAction(
                f"{action.player} has revealed all {amount(state.dice, 'dice')} this round; "
                "there is nothing left to reveal."
            )
        check_cards(state, menu, [action.card])
        revealed = list(r.revealed)
        revealed[seat] = (*revealed[seat], action.card)
        new = state.model_copy(
            update=dict(
                round=r.model_copy(update=dict(revealed=tuple(revealed), turn_revealed=True))
            )
        )
        hidden = self.hidden_dice(new, seat)
        names = names_of(state)
        return new, Verdict(
            headline=f"{action.player} reveals a die: {card_name(action.card, names)}",
            details=(
                f"{hidden} of {action.player}'s dice still face down this round.",
                f"{action.player} now guesses higher or challenges.",
            ),
            rulings=("DD-REVEAL", "DD-REVEAL-FIRST"),
        )

    # -- guesses -----------------------------------------------------------------------

    def _guess(
        self, state: DeceptidiceState, action: DeceptidiceGuess
    ) -> tuple[DeceptidiceState, Verdict]:
        menu = self.choices(state)
        seat = self.acting_seat(state, action.player, menu)
        player = action.player
        guess = action.guess
        o = state.options
        if menu.reveal:
            raise IllegalAction(
                f"{player} first reveals one of their dice not yet revealed (reveal-one-die "
                "variant)."
            )
        if isinstance(guess, StraightGuess) and not o.straights:
            raise IllegalAction("Straights are a variant this table does not play.")
        if isinstance(guess, VagueGuess) and not o.vague:
            raise IllegalAction("Vague guesses are a variant this table does not play.")
        if isinstance(guess, PowerClaim) and not o.power_cards:
            raise IllegalAction(
                "Power claims need the power cards expansion, which this table does not play."
            )
        if has_modifier(guess) and o.introductory:
            raise IllegalAction(
                "The introductory game has no modifiers: no 'less than' and no 'without'."
            )
        if not isinstance(guess, PowerClaim) and guess.count < MIN_COUNT:
            raise InvalidAction(guesses.no_count(guess.count))
        last = state.round.last
        previous = last.guess if last is not None else None
        higher = guesses.is_higher(previous, guess, o)
        assert menu.guesses is not None  # a guess needs no die revealed first now
        if not menu.guesses.allows(guess):
            assert last is not None  # any guess the table plays may open a round
            raise IllegalAction(
                f"Not higher than {state.players[last.seat]}'s guess. {higher.reason}"
            )
        r = state.round
        n = len(state.players)
        nxt = (seat + 1) % n
        new = state.model_copy(
            update=dict(
                round=r.model_copy(
                    update=dict(
                        ladder=(*r.ladder, LadderEntry(seat=seat, guess=guess)),
                        turn=nxt,
                        turn_revealed=False,
                    )
                )
            )
        )
        names = names_of(state)
        warning = guesses.never_true(guess, state.dice_in_play, o.wildcards)
        details = [
            higher.reason
            if previous is not None
            else f"{player} is the Liar and opens the round: any guess will do."
        ]
        rulings = [higher.ruling, "DD-TURN"]
        if has_modifier(guess):
            rulings += [
                "DD-MODIFIERS",
                "DD-LESS-THAN" if isinstance(guess, NumberGuess) else "DD-WITHOUT",
            ]
        if isinstance(guess, PowerClaim):
            rulings.append("DD-POWER-ENTRY")
        if warning:
            details.append(f"Accepted, but it can never be true: {warning}.")
            rulings.append("DD-COUNT")
        nxt_name = state.players[nxt]
        if not self.guess_menu(new).any:
            details.append(f"Nothing higher is left: {nxt_name} can only challenge.")
        else:
            details.append(f"{nxt_name} guesses higher or challenges.")
        return new, Verdict(
            headline=f"{player} guesses {guesses.describe(guess, names)}"
            + (" (it can never be true)" if warning else ""),
            details=tuple(details),
            rulings=tuple(dict.fromkeys(rulings)),
        )


# -- cached arithmetic (pure functions of hashable values) -------------------------------


def _menu(**fields: Any) -> DeceptidiceChoices:
    return DeceptidiceChoices(**fields)


@lru_cache(maxsize=4096)
def _guess_menu(previous: GuessForm | None, o: DeceptidiceOptions) -> GuessMenu:
    def capped(value: int) -> int | None:
        return value if value <= MAX_COUNT else None

    straight: tuple[tuple[int, int], ...] = ()
    if o.straights:
        mins = ((e, least(previous, STRAIGHT, e, o.power_always)) for e in NUMBERS)
        straight = tuple((e, m) for e, m in mins if m <= MAX_COUNT)
    return GuessMenu(
        specific=capped(least(previous, SPECIFIC, None, o.power_always)),
        straight=straight,
        vague=capped(least(previous, VAGUE, None, o.power_always)) if o.vague else None,
        power=capped(least(previous, POWER, None, o.power_always)) if o.power_cards else None,
        modifiers=not o.introductory,
    )
