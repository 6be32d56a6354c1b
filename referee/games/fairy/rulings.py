"""How the referee reads Fairy, in the project's own words (ids are cited by verdicts)."""

from referee.core.rulings import Ruling, RulingBook
from referee.games.fairy.model import FairyOptions

RULINGS = RulingBook(
    [
        Ruling(
            id="FY-DECK",
            source="printed",
            title="The charm deck",
            text="21 charm cards, numbered 1 to 21, each number once, in 3 suits of 7 cards. "
            "Three cards carry a fairy: 4, 11 and 18. Every card entered is checked against "
            "the deck, so no number can come up twice.",
        ),
        Ruling(
            id="FY-SUITS",
            source="printed",
            changed_by="suits",
            title="Suits from the numbers",
            text="1-7 are one suit, 8-14 the second and 15-21 the third.",
            option="suits",
            when="numbers",
        ),
        Ruling(
            id="FY-SUITS-HAND",
            source="house",
            title="Suits entered by hand",
            text="For another printing, the table enters the 7 cards of each suit at setup. "
            "The referee's reading: the fairies stay on 4, 11 and 18.",
            option="suits",
            when="by_hand",
        ),
        Ruling(
            id="FY-OPENING",
            source="printed",
            title="The opening card",
            text="Before the first turn the top card of the shuffled deck is turned up to "
            "start the discard pile. It counts toward the three fairies like every other "
            "card turned up.",
        ),
        Ruling(
            id="FY-GUESS",
            source="printed",
            title="Everyone guesses each turn",
            text="Each turn every player still playing shows exactly one guess at the same "
            "time: higher, lower, same suit or catch. Nobody may skip a turn or guess twice. "
            "Then the next card is turned up and compared with the top card of the pile.",
        ),
        Ruling(
            id="FY-SCORE",
            source="printed",
            title="Points for a guess",
            text="Higher is right when the new card's number is bigger than the pile's top "
            "card, lower when it is smaller: +2 either way. Same suit is right when both "
            "cards share a suit: +4. Catch is right when the new card has a fairy: +7. Any "
            "wrong guess costs 1 point. The new card then covers the pile.",
        ),
        Ruling(
            id="FY-FLOOR",
            source="printed",
            title="The floor at -4",
            text="Scores never go below -4. A player at -4 who guesses wrong stays at -4.",
        ),
        Ruling(
            id="FY-END-FAIRY",
            source="printed",
            title="The third fairy ends the game",
            text="The turn in which the third fairy comes up is scored in full, then the game "
            "ends and the highest score wins. Fairies are counted over every card turned up, "
            "the opening card included.",
            option="variant",
            when="fairies",
        ),
        Ruling(
            id="FY-END-24",
            source="printed",
            title="24 points end the game at once",
            text="When a turn's scoring takes one or more players to 24 or more, the game "
            "ends right there: the highest score wins; a tie at the top is played off.",
            option="variant",
            when="fairies",
        ),
        Ruling(
            id="FY-ABOVE-24",
            source="reading",
            title="Scores above 24 count in full",
            text="Points past 24 are kept exactly, so 27 beats 25 when both pass 24 in the "
            "same turn.",
            option="variant",
            when="fairies",
        ),
        Ruling(
            id="FY-END-15",
            source="printed",
            title="15-point variant",
            text="Fairies do not end the game (catch still scores). The game ends after the "
            "turn in which someone reaches 15 or more: the highest score wins; a tie at the "
            "top is played off.",
            option="variant",
            when="fifteen",
        ),
        Ruling(
            id="FY-15-DECK-OUT",
            source="reading",
            title="15-point variant: the deck runs out first",
            text="When the last card has been scored and nobody has reached 15, the highest "
            "score wins; players tied at the top share the win.",
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
            text="Catch stays a legal guess after all three fairies are out (in a play-off "
            "or the 15-point variant); it can only be wrong.",
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
            "on average. With suits entered by hand, the chance of same suit counts the 7 "
            "cards of the top card's suit less those of that suit already seen.",
            option="memory_aid",
            when=True,
        ),
    ],
    options=FairyOptions,
)
