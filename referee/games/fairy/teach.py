"""Fairy's words for What now?: the guesses everyone makes at once, what each scores, and
who is still in a play-off.

Only words live here: which moves are allowed, and why one is refused, come from the
rules' menu and refusals (core.whatnow.BaseTeacher)."""

from pydantic import BaseModel

from referee.core.whatnow import BaseTeacher, and_list, or_list
from referee.core.words import PLACE_WORDS, amount, number
from referee.games.fairy import odds
from referee.games.fairy.deck import BASE_GOAL, FAIRIES, FLOOR, GOAL_15
from referee.games.fairy.model import FairyGuess, FairyReveal, FairyState, Guesses, Opening
from referee.games.fairy.scoring import GUESS_NAMES, GUESSES, POINTS, WRONG

RULING: dict[type[BaseModel], str] = {
    Opening: "FY-OPENING",
    Guesses: "FY-GUESS",
    FairyReveal: "FY-SCORE",
}


class FairyTeacher(BaseTeacher[FairyState]):
    def examples(self, state: FairyState) -> list[BaseModel]:
        card = state.unseen[0] if state.unseen else 1
        seats = state.playing if state.phase == "guess" else range(len(state.players))
        return [
            Opening(card=card),
            self.rules.gather(state, {s: GUESSES[0] for s in seats}),
            FairyReveal(card=card),
        ]

    def more_refusals(self, state: FairyState) -> list[BaseModel]:
        if state.phase != "guess" or len(state.playing) == len(state.players):
            return []
        # In a play-off, a guess from a player who is out is refused.
        out = next(s for s in range(len(state.players)) if s not in state.playing)
        picks = {s: GUESSES[0] for s in (*state.playing, out)}
        return [
            Guesses(
                guesses=tuple(
                    FairyGuess(player=state.players[s], guess=g) for s, g in sorted(picks.items())
                )
            )
        ]

    def ruling_of(self, state: FairyState, example: BaseModel) -> str | None:
        if isinstance(example, Guesses) and state.playoff:
            return "FY-PLAYOFF"
        return RULING[type(example)]

    def allowed_words(self, state: FairyState, example: BaseModel) -> tuple[str, str]:
        if isinstance(example, Opening):
            return (
                "Turn up the opening card: it starts the pile, and the first guesses are "
                "made against it.",
                "turn up the opening card",
            )
        if isinstance(example, Guesses):
            who = and_list([state.players[s] for s in state.playing])
            scores = ", ".join(
                f"{self.rules.pick_label(g).lower()} {number(POINTS[g], sign=True)}"
                for g in GUESSES
            )
            return (
                f"{who} each choose one guess at the same time against the top card "
                f"{state.top}: {scores}; a wrong guess costs {-WRONG} "
                f"(never below {number(FLOOR)}).",
                "each choose a guess",
            )
        return (
            f"Turn up the next card: any of the {amount(state.cards_left, 'cards')} "
            "not yet seen; it "
            f"is compared with the top card {state.top} and the guesses are scored.",
            "turn up the next card",
        )

    def headline(self, state: FairyState, names: tuple[str, ...], phrases: list[str]) -> str:
        if state.phase == "guess":
            who = and_list(names)
            together = " at once" if len(names) > 1 else ""  # the others have guessed
            return f"{who} to guess{together}: {or_list(list(GUESS_NAMES.values()))}."
        return super().headline(state, names, phrases)

    def facts(self, state: FairyState) -> list[str]:
        out = []
        if state.top is not None:
            out.append(
                f"Top card of the pile: {state.top}; {amount(state.cards_left, 'cards')} unseen."
            )
        if state.options.variant == "fairies":
            out.append(
                f"Fairies seen: {state.fairies_seen} of {len(FAIRIES)}; the "
                f"{PLACE_WORDS[len(FAIRIES) - 1]} fairy, "
                f"or a score of {BASE_GOAL}, ends the game."
            )
        else:
            out.append(f"The first to {GOAL_15} points ends the game.")
        scores = ", ".join(f"{p} {s}" for p, s in zip(state.players, state.scores, strict=True))
        out.append(f"Scores: {scores}.")
        if state.playoff:
            out.append(
                f"Play-off: only {and_list([state.players[s] for s in state.playing])} "
                "guess; the others' scores stand."
            )
        if (
            state.options.memory_aid
            and state.phase == "guess"
            and state.unseen
            and state.top is not None
        ):
            chance = odds.chances(state.top, state.unseen, state.suits)
            out.append(
                "Chances (memory aid): "
                + ", ".join(
                    f"{self.rules.pick_label(g).lower()} {odds.percent(chance[g])}" for g in GUESSES
                )
                + "."
            )
        return out

    def next_words(self, state: FairyState) -> str | None:
        if state.phase == "reveal":
            if state.playoff:
                return (
                    "After this card, the play-off ends if one player in it is ahead of the "
                    "others; anyone who falls behind the top drops out."
                )
            return (
                "After this card the guesses are scored; if it ends the game with a tie at "
                "the top, only the tied players play on in a play-off."
            )
        if state.phase == "guess" and state.playoff:
            return (
                f"Play-off: {and_list([state.players[s] for s in state.playing])} were tied at "
                "the top when the game ended, so only they guess until one is ahead."
            )
        return None
