"""Deceptidice's words for What now?: the guess to beat, the challenge and who loses it,
the loser's discard and swap, and who is the next Liar.

Only words live here: which moves are allowed, and why one is refused, come from the
rules' menu and refusals (core.whatnow.BaseTeacher)."""

from typing import TYPE_CHECKING

from pydantic import BaseModel

from referee.core.whatnow import BaseTeacher, or_list
from referee.core.words import amount
from referee.games.deceptidice import guesses
from referee.games.deceptidice.material import END_AT, NUMBER_CARDS, NUMBERS
from referee.games.deceptidice.model import (
    Challenge,
    DeceptidiceGuess,
    DeceptidiceState,
    DieTops,
    Discard,
    NoSwap,
    NumberGuess,
    RevealDie,
    Swap,
    Tops,
    names_of,
)

if TYPE_CHECKING:
    from referee.games.deceptidice.rules import DeceptidiceRules

SWAP_RULING = {"draw_pile": "DD-SWAP", "another_player": "DD-SWAP-PLAYER"}


class DeceptidiceTeacher(BaseTeacher[DeceptidiceState]):
    rules: "DeceptidiceRules"  # the rules it words, with their own menu's type
    draws = 24  # guesses come in many forms: draw enough to meet one the menu allows

    def _actor(self, state: DeceptidiceState) -> str:
        seats = self.rules.to_act(state)
        return state.players[seats[0] if seats else state.round.liar]

    def examples(self, state: DeceptidiceState) -> list[BaseModel]:
        menu = self.rules.choices(state)
        who = self._actor(state)
        least = menu.guesses.specific if menu.guesses and menu.guesses.specific else 1
        card = next((c for c, n in menu.cards_left if n > 0), NUMBER_CARDS[0])
        # A table without a variant is never told it may not make the variant's move
        # (reveal a die, swap a card): the move is not in its game at all.
        o = state.options
        reveal = [RevealDie(player=who, card=card)] if o.reveal_dice else []
        swap = [Swap(player=who), NoSwap(player=who)] if o.swap != "off" else []
        return [
            *reveal,
            DeceptidiceGuess(player=who, guess=NumberGuess(count=least, number=NUMBERS[-1])),
            Challenge(player=who),
            Tops(tops=(DieTops(player=state.players[0], cards=(NUMBER_CARDS[0],)),)),
            Discard(player=who, size=menu.sizes[-1] if menu.sizes else 1),
            *swap,
        ]

    def ruling_of(self, state: DeceptidiceState, example: BaseModel) -> str | None:
        if isinstance(example, RevealDie):
            return "DD-REVEAL"
        if isinstance(example, DeceptidiceGuess):
            return "DD-HIGHER" if state.round.ladder else "DD-TURN"
        if isinstance(example, Challenge):
            return "DD-CHALLENGE"
        if isinstance(example, Tops):
            return "DD-TOPS"
        if isinstance(example, Discard):
            return "DD-CHALLENGE"
        return SWAP_RULING.get(state.options.swap, "DD-SWAP")

    def _last(self, state: DeceptidiceState) -> tuple[str, str] | None:
        last = state.round.last
        if last is None:
            return None
        said = guesses.describe(last.guess, names_of(state))
        return state.players[last.seat], said

    def allowed_words(self, state: DeceptidiceState, example: BaseModel) -> tuple[str, str]:
        last = self._last(state)
        if isinstance(example, RevealDie):
            return (
                f"{example.player} first reveals one die not yet revealed this round; its "
                "top card stays face up for the challenge.",
                "reveal a die first",
            )
        if isinstance(example, DeceptidiceGuess):
            menu = self.rules.choices(state).guesses
            assert menu is not None  # a guess is allowed: the menu holds the guesses
            least = menu.specific
            # How a guess is said: the count first, then the target (DD-GUESS).
            said = "the count of cards first, then the target, a number or a colour"
            if least:
                sample = NumberGuess(count=least, number=NUMBERS[-1])
                said += f" (e.g. {guesses.describe(sample, names_of(state))})"
            if last is None:
                return (
                    f"{example.player}, the Liar, opens the round with a guess: {said}.",
                    "open with a guess",
                )
            more = f", a count of {least} or more" if least else ""
            return (
                f"{example.player} may guess higher than {last[0]}'s {last[1]}{more}: {said}.",
                f"guess higher than {last[0]}'s {last[1]}",
            )
        if isinstance(example, Challenge):
            assert last is not None  # a challenge is allowed once a guess is made
            return (
                f"{example.player} may challenge {last[0]}'s {last[1]}: every die is turned up; "
                f"if the guess is true {example.player} loses the round, otherwise {last[0]} "
                "does.",
                f"challenge {last[0]}'s guess",
            )
        if isinstance(example, Tops):
            dice = sum(k for _, k in self.rules.choices(state).tops)
            return (
                f"Turn every die face up and enter the {amount(dice, 'top cards')} "
                "not yet revealed.",
                "enter the top cards",
            )
        if isinstance(example, Discard):
            sizes = self.rules.choices(state).sizes
            return (
                f"{example.player} lost the round and discards one die, face up: a die of "
                f"{or_list([str(s) for s in sizes])} {'card' if sizes == (1,) else 'cards'}.",
                "discard a die",
            )
        if isinstance(example, Swap):
            return (
                f"{example.player} may swap one card ("
                + ("with the draw pile" if state.options.swap == "draw_pile" else "with a player")
                + ").",
                "swap a card",
            )
        assert isinstance(example, NoSwap)  # the last kind of move
        return (f"{example.player} may keep the cards and not swap.", "keep the cards")

    def facts(self, state: DeceptidiceState) -> list[str]:
        r = state.round
        out = [
            f"Round {state.number}; Liar {state.players[r.liar]}; "
            f"{amount(state.dice_in_play, 'dice')} in play ({state.dice} each).",
            "Cards: "
            + ", ".join(f"{p} {c}" for p, c in zip(state.players, state.cards, strict=True))
            + f"; down to {END_AT} or fewer ends the game.",
        ]
        last = self._last(state)
        if last is not None:
            said = "Guess to beat" if state.phase == "guessing" else "Last guess"
            out.append(f"{said}: {last[0]}'s {last[1]}.")
        if r.loser is not None:
            out.append(f"Lost the round: {state.players[r.loser]}.")
        return out

    def next_words(self, state: DeceptidiceState) -> str | None:
        r = state.round
        if state.phase == "tops":
            assert r.last is not None and r.challenger is not None  # a guess was challenged
            guesser = state.players[r.last.seat]
            challenger = state.players[r.challenger]
            return (
                f"When the tops are in: a true guess makes {challenger} lose the round, a "
                f"false one {guesser}; the loser discards a die and is the next Liar."
            )
        if state.phase in ("discard", "swap"):
            assert r.loser is not None  # the round was lost by someone
            loser = state.players[r.loser]
            return (
                f"{loser} lost the round, so {loser} is the Liar of round {state.number + 1} "
                "and guesses first (the loser of a round starts the next)."
            )
        if state.phase == "guessing" and not r.ladder and state.number > 1:
            liar = state.players[r.liar]
            return f"Round {state.number}: {liar} lost the last round, so {liar} is the Liar."
        return None
