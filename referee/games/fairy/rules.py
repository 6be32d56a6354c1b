"""Fairy rules: the opening card, everyone's guesses, the reveal, the floor and the end.

The end of a turn (game over, a play-off, or on) is a part the rules hold (`ending.py`).
"""

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from pydantic import BaseModel

from referee.core import flow
from referee.core.errors import IllegalAction
from referee.core.outcome import Outcome, names_text, places, win_text
from referee.core.play_log import PlayLog
from referee.core.rules import GameRules
from referee.core.spoken import Speech
from referee.core.verdict import ScoreChange, Verdict
from referee.core.whatnow import BaseTeacher
from referee.core.words import PLACE_WORDS, amount, count_word, number
from referee.games.fairy.deck import (
    BASE_GOAL,
    CARDS,
    FAIRIES,
    FLOOR,
    GOAL_15,
    LAST_CARD,
    MAX_PLAYERS,
    MIN_PLAYERS,
    NUMBER_SUITS,
    card_text,
    is_fairy,
    parse_suits,
    suit_of,
)
from referee.games.fairy.ending import Ending
from referee.games.fairy.model import (
    FairyAction,
    FairyChoices,
    FairyGuess,
    FairyOptions,
    FairyReveal,
    FairyState,
    Guesses,
    Opening,
    Turn,
)
from referee.games.fairy.rulings import RULINGS
from referee.games.fairy.said import said_of
from referee.games.fairy.scoring import (
    CATCH,
    GUESS_LABELS,
    GUESS_NAMES,
    GUESSES,
    HIGHER,
    LOWER,
    POINTS,
    SAME_SUIT,
    WRONG,
    reveal_headline,
    score_guess,
    what_came,
)


class FairyRules(GameRules[FairyState, FairyOptions, FairyChoices]):
    kind = "fairy"
    title = "Fairy"
    moments = "turns"
    # BG Stats: each player's points; the most wins (a play-off winner is placed first
    # whatever an outsider scored, so each player's rank and winner flag are sent too).
    play_log = PlayLog(
        score="points",
        why="the most points wins; a play-off among the tied decides their order",
    )
    pick_noun = "guess"
    said = staticmethod(said_of)  # each action in the table's words (said.py)
    teacher: BaseTeacher[FairyState]  # set by the package, once RULES exists (teach.py)
    speech: Speech[FairyState]  # set by the package, once RULES exists (spoken.py)

    def __init__(self) -> None:
        self.ending = Ending(self)  # a part held (ending.Holder: what it uses of the rules)
        super().__init__()

    def pick_label(self, value: Any) -> str:
        return GUESS_LABELS.get(value, str(value))

    min_players = MIN_PLAYERS
    max_players = MAX_PLAYERS
    options_model = FairyOptions
    action_type = FairyAction
    rulings = RULINGS
    overview = (
        f"{LAST_CARD} charm cards, {count_word(len(FAIRIES))} of them with a fairy. Each turn "
        "everyone guesses at once what the next card will be against the top card of the "
        f"pile: higher or lower ({number(POINTS[HIGHER], sign=True)}), the same suit "
        f"({number(POINTS[SAME_SUIT], sign=True)}), or a fairy "
        f"({number(POINTS[CATCH], sign=True)}); a wrong guess costs {amount(-WRONG, 'points')}, "
        f"but nobody drops below {number(FLOOR)}. The game ends after the "
        f"{PLACE_WORDS[len(FAIRIES) - 1]} fairy, or at once when someone reaches {BASE_GOAL}; the "
        "highest score wins and a tie is played off by the tied players."
    )
    phases = {
        "opening": (Opening,),
        "guess": (Guesses,),
        "reveal": (FairyReveal,),
        "over": (),
    }
    prompts = {
        "opening": "Turn up the opening card first",
        "guess": "Enter the guesses first",
        "reveal": "The guesses are in: enter the card turned up",
        "over": "The game is over",
    }

    def new_state(self, players: Sequence[str], options: FairyOptions) -> FairyState:
        self.verify_players(players)
        self.verify_options(players, options)
        suits = parse_suits(options.suit_cards) if options.suits == "by_hand" else NUMBER_SUITS
        n = len(players)
        return FairyState(
            players=tuple(players),
            options=options,
            suits=suits,
            scores=(0,) * n,
            previous=(None,) * n,
            playing=tuple(range(n)),
        )

    # -- the flow contract -------------------------------------------------------------

    def to_act(self, state: FairyState) -> tuple[int, ...]:
        return state.playing if state.phase == "guess" else ()

    def earlier_cards_visible(self, state: FairyState) -> bool:
        """FY-HIDDEN: players may look only at the top card of the pile, unless the table
        chose the memory aid; after the game every card may be seen."""
        return state.phase == "over" or state.options.memory_aid

    def choices(self, state: FairyState) -> FairyChoices:
        if state.phase == "opening":
            return FairyChoices(cards=CARDS)
        if state.phase == "guess":
            return FairyChoices(top=state.top, guessers=state.playing, guesses=GUESSES)
        if state.phase == "reveal":
            return FairyChoices(
                cards=state.unseen, top=state.top, hide_seen=not self.earlier_cards_visible(state)
            )
        return FairyChoices()

    def pick_options(self, state: FairyState, seat: int) -> tuple[str, ...]:
        menu = self.choices(state)
        return menu.guesses if seat in menu.guessers else ()

    def gather(self, state: FairyState, picks: Mapping[int, Any]) -> Guesses:
        return Guesses(
            guesses=tuple(
                FairyGuess(player=state.players[s], guess=g) for s, g in sorted(picks.items())
            )
        )

    def picks_in(self, state: FairyState, action: BaseModel) -> dict[int, Any]:
        if not isinstance(action, Guesses):
            return {}
        return {self.seat_of(state, g.player): g.guess for g in action.guesses}

    def offers(self, state: FairyState, action: BaseModel) -> bool:
        if type(action) not in self.phases[state.phase]:
            return False  # an opening card is not a revealed card, though both are cards
        menu = self.choices(state)
        if isinstance(action, Opening | FairyReveal):
            return action.card in menu.cards
        if isinstance(action, Guesses):
            expected = sorted(state.players[s] for s in menu.guessers)
            named = sorted(g.player for g in action.guesses)
            return named == expected and all(g.guess in menu.guesses for g in action.guesses)
        return False

    def draw(self, state: FairyState, rng: random.Random) -> FairyAction | None:
        menu = self.choices(state)
        if state.phase == "opening":
            return Opening(card=rng.choice(menu.cards))
        if state.phase == "guess":
            order = list(menu.guessers)
            rng.shuffle(order)
            return Guesses(
                guesses=tuple(
                    FairyGuess(player=state.players[s], guess=rng.choice(menu.guesses))
                    for s in order
                )
            )
        if state.phase == "reveal":
            return FairyReveal(card=rng.choice(menu.cards))
        return None

    def points(self, state: FairyState) -> tuple[int, ...]:
        return state.scores

    def outcome(self, state: FairyState) -> Outcome | None:
        if state.phase != "over":
            return None
        names = [state.players[s] for s in state.winners]
        best = state.scores[state.winners[0]]
        # The play-off winner comes first even below an outsider (FY-PLAYOFF-AHEAD).
        strengths = [(s in state.winners, score) for s, score in enumerate(state.scores)]
        return Outcome(
            winners=state.winners,
            places=places(strengths),
            headline=f"{win_text(names)} with {amount(best, self.unit)}",
            reason=state.end_reason,
            rulings=state.end_rulings,
            decided=tuple(
                amount(score, self.unit)
                + (", won the play-off" if state.playoff and s in state.winners else "")
                for s, score in enumerate(state.scores)
            ),
        )

    def progress(self, state: FairyState) -> str:
        if state.phase == "opening":
            return "Before the opening card"
        text = f"Turn {state.turns + 1} · {amount(state.cards_left, 'cards')} left"
        if state.options.variant == "fairies":
            text += f" · {state.fairies_seen} of {len(FAIRIES)} fairies"
        return text + (" · play-off" if state.playoff else "")

    def audit(self, state: FairyState) -> list[str]:
        problems = []
        pile = state.pile
        if len(set(pile)) != len(pile) or any(c not in CARDS for c in pile):
            problems.append("a card was turned up twice, or a card not in the deck")
        if min(state.scores) < FLOOR:
            problems.append(f"a score below {FLOOR}")
        if state.phase != "opening" and state.turns != len(pile) - 1:
            problems.append("turns and cards turned up disagree")
        if not state.playing or any(s not in range(len(state.players)) for s in state.playing):
            problems.append("nobody, or a seat not at the table, is playing")
        if (state.phase == "over") != bool(state.winners):
            problems.append("winners without an ending, or an ending without winners")
        if state.phase != "over":
            base = state.options.variant == "fairies"
            if state.cards_left == 0:
                problems.append("the deck is empty but the game goes on")
            if not state.playoff and (
                (base and (state.fairies_seen == len(FAIRIES) or max(state.scores) >= BASE_GOAL))
                or (not base and max(state.scores) >= GOAL_15)
            ):
                problems.append("the game went on after its end")
        return problems

    # -- dispatch ----------------------------------------------------------------------

    def handlers(
        self,
    ) -> dict[type, Callable[[FairyState, Any], tuple[FairyState, Verdict]]]:
        return {Opening: self._opening, Guesses: self._guesses, FairyReveal: self._reveal}

    def _suit_ruling(self, state: FairyState) -> str:
        return "FY-SUITS-HAND" if state.options.suits == "by_hand" else "FY-SUITS"

    def _text(self, state: FairyState, card: int) -> str:
        return card_text(card, state.suits)

    def _check_card(self, state: FairyState, card: int) -> None:
        """The card pad and the deck agree: a card turned up is one never seen before."""
        if card in self.choices(state).cards:
            return
        if card == state.top:
            raise IllegalAction(
                f"{card} is the top card of the pile: enter the card just turned up."
            )
        raise IllegalAction(
            f"{card} has already been turned up and each number is in the deck once: "
            "check the card."
        )

    def _fairy_line(self, state: FairyState) -> str:
        left = f"{amount(state.cards_left, 'cards')} left"
        seen = f"{left} · fairies seen: {state.fairies_seen} of {len(FAIRIES)}"
        if state.options.variant == "fifteen":
            return f"{seen} (they do not end this game)."
        return f"{seen}."

    # -- the opening card --------------------------------------------------------------

    def _opening(self, state: FairyState, action: Opening) -> tuple[FairyState, Verdict]:
        self._check_card(state, action.card)
        new = state.model_copy(update=dict(pile=(action.card,), phase="guess"))
        fairy = ", and it is the first fairy" if is_fairy(action.card) else ""
        return new, Verdict(
            headline=f"The opening card is {action.card}{fairy}",
            details=(
                f"{self._text(state, action.card)} starts the discard pile; the first turn "
                "compares the next card with it.",
                self._fairy_line(new),
            ),
            rulings=("FY-OPENING", "FY-DECK", self._suit_ruling(state)),
        )

    # -- the guesses -------------------------------------------------------------------

    def _guesses(self, state: FairyState, action: Guesses) -> tuple[FairyState, Verdict]:
        menu = self.choices(state)
        playing = names_text([state.players[s] for s in menu.guessers])
        chosen = flow.collect(
            state.players,
            ((g.player, g.guess) for g in action.guesses),
            menu.guessers,
            "guess",
            why_not=lambda s: f"{state.players[s]} is out of the play-off: only {playing} guess.",
        )
        new = state.model_copy(
            update=dict(phase="reveal", turn=Turn(guesses=tuple(sorted(chosen.items()))))
        )
        details = [
            f"{GUESS_NAMES[g].capitalize()}: "
            f"{names_text([state.players[s] for s in sorted(chosen) if chosen[s] == g])}."
            for g in GUESSES
            if g in chosen.values()
        ]
        assert state.top is not None  # the opening card is down before any guess
        details.append(f"Against the top card {self._text(state, state.top)}.")
        rulings = ["FY-GUESS"]
        if state.playoff:
            rulings.append("FY-PLAYOFF")
        if CATCH in chosen.values() and state.fairies_seen == len(FAIRIES):
            details.append(
                f"All {count_word(len(FAIRIES))} fairies are out: "
                f"{GUESS_NAMES[CATCH]} can only be wrong."
            )
            rulings.append("FY-CATCH-LATE")
        n = len(chosen)
        return new, Verdict(
            headline=f"Turn {state.turns + 1}: {amount(n, 'guesses')} locked in",
            details=tuple(details),
            rulings=tuple(rulings),
        )

    # -- the reveal and the score ------------------------------------------------------

    def _reveal(self, state: FairyState, action: FairyReveal) -> tuple[FairyState, Verdict]:
        self._check_card(state, action.card)
        top, card, suits = state.top, action.card, state.suits
        assert top is not None  # the opening card is down before any reveal
        scores = list(state.scores)
        previous: list[str | None] = [None] * len(state.players)
        settled = []
        for seat, guess in state.turn.guesses:
            result = score_guess(top, card, guess, scores[seat], suits)
            scores[seat] = result.after
            previous[seat] = guess
            settled.append((seat, result))
        new = state.model_copy(
            update=dict(
                phase="guess",
                pile=(*state.pile, card),
                scores=tuple(scores),
                turns=state.turns + 1,
                turn=Turn(),
                previous=tuple(previous),
            )
        )

        came = what_came(top, card, suits)
        same = suit_of(card, suits) == suit_of(top, suits)
        details = [
            f"Pile top {self._text(state, top)}; turned up {self._text(state, card)}.",
            f"{card} is {GUESS_NAMES[HIGHER if card > top else LOWER]} than {top}, "
            f"{'the ' + GUESS_NAMES[SAME_SUIT] if same else 'another suit'} and "
            f"{'a fairy' if is_fairy(card) else 'no fairy'}.",
        ]
        rulings = ["FY-SCORE"]
        floored = []
        for guess in GUESSES:
            seats = [(s, r) for s, r in settled if r.guess == guess]
            if not seats:
                continue
            right = guess in came
            change = POINTS[guess] if right else WRONG
            mark = f"{'right' if right else 'wrong'} {number(change, sign=True)}"
            names = names_text([state.players[s] for s, _ in seats])
            details.append(f"{GUESS_NAMES[guess].capitalize()}, {mark}: {names}.")
            floored += [state.players[s] for s, r in seats if r.floored]
        if floored:
            details.append(
                f"Floor at {number(FLOOR)}: {names_text(floored)} "
                f"{'was' if len(floored) == 1 else 'were'} at {number(FLOOR)} and lost nothing."
            )
            rulings.append("FY-FLOOR")
        if any(r.guess == SAME_SUIT for _, r in settled):
            rulings.append(self._suit_ruling(state))
        if any(r.guess == CATCH for _, r in settled) and state.fairies_seen == len(FAIRIES):
            rulings.append("FY-CATCH-LATE")
        if state.playoff:
            rulings.append("FY-PLAYOFF")
        details.append(self._fairy_line(new))
        changes = tuple(
            ScoreChange(player=state.players[s], before=r.before, after=r.after) for s, r in settled
        )
        headline = reveal_headline(
            top, card, [state.players[s] for s, r in settled if r.right], len(settled), suits
        )

        new, headline, end_lines, end_rulings = self.ending.settle(new, card, headline)
        return new, Verdict(
            headline=headline,
            details=(*details, *end_lines),
            rulings=tuple(dict.fromkeys([*rulings, *end_rulings])),
            changes=changes,
            decisive=True,
        )
