"""How the referee reads Fairy, in the project's own words (ids are cited by verdicts)."""

from referee.core.rulings import Ruling, RulingBook
from referee.core.whatnow import or_list
from referee.core.words import PLACE_WORDS, amount, count_word, number
from referee.games.fairy.deck import (
    BASE_GOAL,
    FAIRIES,
    FLOOR,
    GOAL_15,
    LAST_CARD,
    SUIT_SIZE,
    SUITS,
    fairies_text,
    suit_range,
)
from referee.games.fairy.model import FairyOptions
from referee.games.fairy.scoring import CATCH, GUESS_NAMES, HIGHER, POINTS, SAME_SUIT, WRONG

_FAIRIES = count_word(len(FAIRIES))  # "three"
_LAST_FAIRY = PLACE_WORDS[len(FAIRIES) - 1]  # "third"
_FLOOR = number(FLOOR)


def _plus(guess: str) -> str:
    return number(POINTS[guess], sign=True)


RULINGS = RulingBook(
    [
        Ruling(
            id="FY-DECK",
            source="printed",
            title="The charm deck",
            text=f"{LAST_CARD} charm cards, numbered 1 to {LAST_CARD}, each number once, in "
            f"{SUITS} suits of {SUIT_SIZE} cards. "
            f"{amount(len(FAIRIES), 'cards', spelled=True).capitalize()} carry a fairy: "
            f"{fairies_text()}. Every card entered is checked against the deck, so no number "
            "can come up twice.",
        ),
        Ruling(
            id="FY-SUITS",
            source="printed",
            changed_by="suits",
            title="Suits from the numbers",
            text=f"{suit_range(0)} are one suit, {suit_range(1)} the second and "
            f"{suit_range(2)} the third.",
            option="suits",
            when="numbers",
        ),
        Ruling(
            id="FY-SUITS-HAND",
            source="house",
            title="Suits entered by hand",
            text=f"For another printing, the table enters the {SUIT_SIZE} cards of each suit at "
            f"setup. The referee's reading: the fairies stay on {fairies_text()}.",
            option="suits",
            when="by_hand",
        ),
        Ruling(
            id="FY-OPENING",
            source="printed",
            title="The opening card",
            text="Before the first turn the top card of the shuffled deck is turned up to "
            f"start the discard pile. It counts toward the {_FAIRIES} fairies like every other "
            "card turned up.",
        ),
        Ruling(
            id="FY-GUESS",
            source="printed",
            title="Everyone guesses each turn",
            text="Each turn every player still playing shows exactly one guess at the same "
            f"time: {or_list(list(GUESS_NAMES.values()))}. Nobody may skip a turn or guess "
            "twice. Then the next card is turned up and compared with the top card of the pile.",
        ),
        Ruling(
            id="FY-SCORE",
            source="printed",
            title="Points for a guess",
            text="Higher is right when the new card's number is bigger than the pile's top "
            f"card, lower when it is smaller: {_plus(HIGHER)} either way. Same suit is right "
            f"when both cards share a suit: {_plus(SAME_SUIT)}. Catch is right when the new "
            f"card has a fairy: {_plus(CATCH)}. Any wrong guess costs "
            f"{amount(-WRONG, 'points')}. The new card then covers the pile.",
        ),
        Ruling(
            id="FY-FLOOR",
            source="printed",
            title=f"The floor at {_FLOOR}",
            text=f"Scores never go below {_FLOOR}. A player at {_FLOOR} who guesses wrong stays "
            f"at {_FLOOR}.",
        ),
        Ruling(
            id="FY-END-FAIRY",
            source="printed",
            title=f"The {_LAST_FAIRY} fairy ends the game",
            text=f"The turn in which the {_LAST_FAIRY} fairy comes up is scored in full, then "
            "the game ends and the highest score wins. Fairies are counted over every card "
            "turned up, the opening card included.",
            option="variant",
            when="fairies",
        ),
        Ruling(
            id="FY-END-24",
            source="printed",
            title=f"{BASE_GOAL} points end the game at once",
            text=f"When a turn's scoring takes one or more players to {BASE_GOAL} or more, "
            "the game ends right there: the highest score wins; a tie at the top is played off.",
            option="variant",
            when="fairies",
        ),
        Ruling(
            id="FY-ABOVE-24",
            source="reading",
            title=f"Scores above {BASE_GOAL} count in full",
            text=f"Points past {BASE_GOAL} are kept exactly, so {BASE_GOAL + 3} beats "
            f"{BASE_GOAL + 1} when both "
            f"pass {BASE_GOAL} in the same turn.",
            option="variant",
            when="fairies",
        ),
        Ruling(
            id="FY-END-15",
            source="printed",
            title=f"{GOAL_15}-point variant",
            text="Fairies do not end the game (catch still scores). The game ends after the "
            f"turn in which someone reaches {GOAL_15} or more: the highest score wins; a tie "
            "at the top is played off.",
            option="variant",
            when="fifteen",
        ),
        Ruling(
            id="FY-15-DECK-OUT",
            source="reading",
            title=f"{GOAL_15}-point variant: the deck runs out first",
            text=f"When the last card has been scored and nobody has reached {GOAL_15}, the "
            "highest score wins; players tied at the top share the win.",
            option="variant",
            when="fifteen",
        ),
        Ruling(
            id="FY-PLAYOFF",
            source="reading",
            title="Ties at the top are played off",
            text="When the game ends with two or more players tied for the highest score, "
            "only they keep guessing in the turns that follow; everyone else is out and "
            "their scores stand. The play-off ends after the first turn in which one of "
            "them is ahead of the others; players who fall behind the top in a turn drop "
            "out of it.",
        ),
        Ruling(
            id="FY-PLAYOFF-AHEAD",
            source="reading",
            title="The play-off is closed",
            text="The rulebook and the rulings do not say what happens when the players in "
            "a play-off lose points and drop to or below someone who was already out. "
            "Being ahead means ahead of the others still in the play-off: players who are "
            "out never come back, and the play-off winner wins even with fewer points than "
            "an outsider. Final places list the winner first, then everyone by score.",
        ),
        Ruling(
            id="FY-DECK-OUT",
            source="printed",
            title="The deck runs out during a tie",
            text="When no card is left to break a tie at the top, the tied players share the win.",
        ),
        Ruling(
            id="FY-CATCH-LATE",
            source="reading",
            title="Catch after the last fairy",
            text=f"Catch stays a legal guess after all {_FAIRIES} fairies are out (in a "
            f"play-off or the {GOAL_15}-point variant); it can only be wrong.",
        ),
        Ruling(
            id="FY-HIDDEN",
            source="printed",
            changed_by="memory_aid",
            title="Only the top card is in view",
            text="Players may look only at the top card of the pile. During play the app "
            "shows the top card, the scores, the turn, the cards left and how many fairies "
            "have come up, but not the earlier cards: the log opens after the game, and the "
            "card pad does not grey out earlier cards (entering one is refused).",
            option="memory_aid",
            when=False,
        ),
        Ruling(
            id="FY-MEMORY-AID",
            source="house",
            title="Memory aid",
            text="The app lists every card seen and gives, for the coming turn, the exact "
            "chance of each guess from the cards still unseen, with the points a guess earns "
            "on average. With suits entered by hand, the chance of same suit counts the "
            f"{SUIT_SIZE} cards of the top card's suit less those of that suit already seen.",
            option="memory_aid",
            when=True,
        ),
    ],
    options=FairyOptions,
)
