"""How the referee reads Faces, Aces & Jokers, in the project's own words."""

from referee.core.rulings import Ruling, RulingBook
from referee.core.words import amount, count_word
from referee.games.faj.deck import (
    DRAFT_HAND,
    JOKERS,
    ROUNDS,
    SUITS,
    TRICK_RANKS,
    TRICKS,
    boards_text,
)
from referee.games.faj.model import FajOptions
from referee.games.faj.poker import HAND_CARDS, SUIT_NAMES

_ROUNDS = amount(ROUNDS, "rounds", spelled=True)  # "three rounds"
_SUITS = count_word(len(SUITS))  # "all four suits"

RULINGS = RulingBook(
    [
        Ruling(
            id="FAJ-DECKS",
            source="printed",
            title="Two decks",
            text=f"The draft deck holds the aces, kings, queens and jacks of all {_SUITS} suits "
            f"and {count_word(len(JOKERS))} jokers: a high joker (the black one, or the "
            "coloured one when the other is grey) and a low joker. The trick deck holds the "
            f"{TRICK_RANKS[0]}s to {TRICK_RANKS[-1]}s of all {_SUITS} suits.",
        ),
        Ruling(
            id="FAJ-ROUNDS",
            source="printed",
            title="Rounds",
            text=f"{_ROUNDS.capitalize()}. Each round begins with a draft: everyone gets "
            f"{DRAFT_HAND} draft cards, keeps one and passes the rest to the right until all "
            f"are kept. Then come {TRICKS} tricks, with {boards_text()} trick cards turned up "
            "on the board. The draft deck is shuffled afresh for every round; trick cards "
            "never come back.",
        ),
        Ruling(
            id="FAJ-DRAFT-LOG",
            source="reading",
            title="The draft log is optional",
            text="Drafts are private, so recording the picks is optional. When all "
            f"{DRAFT_HAND} of a player's picks are recorded, that player can only play those "
            "cards in the round. Either way, no draft card can be played twice in one round.",
        ),
        Ruling(
            id="FAJ-DRAFT-PART",
            source="reading",
            title="A draft logged in part still binds the hand",
            text=f"A hand is {DRAFT_HAND} draft cards a round, and a player's recorded picks are "
            "among them. A card they play that was not recorded is one of the others, so the "
            f"recorded picks and the other cards played can never come to more than {DRAFT_HAND}.",
        ),
        Ruling(
            id="FAJ-TRUMP",
            source="printed",
            title="Trump",
            text="Add up the board's trick cards suit by suit. The suit with the highest total "
            "is trump; if two or more suits share the highest total, there is no trump.",
        ),
        Ruling(
            id="FAJ-WIN-JACK",
            source="printed",
            title="Trick step 1: a joker and a matching jack",
            text="When a joker was played and one or more jacks were played whose suit matches "
            "any card on the board, the best such jack takes the trick: a trump jack first, "
            "otherwise the jack of the highest suit.",
        ),
        Ruling(
            id="FAJ-WIN-JOKER",
            source="printed",
            title="Trick step 2: a joker",
            text="Otherwise, when a joker was played, it takes the trick; with both jokers "
            "played, the high joker does.",
        ),
        Ruling(
            id="FAJ-WIN-TRUMP",
            source="printed",
            title="Trick step 3: trump",
            text="Otherwise, when trump was played, the highest trump card takes the trick.",
        ),
        Ruling(
            id="FAJ-WIN-HIGH",
            source="printed",
            title="Trick step 4: highest card",
            text="Otherwise the highest card takes the trick: ace, king, queen, jack, and "
            f"between equal ranks the higher suit ({', '.join(SUIT_NAMES)} from low to high).",
        ),
        Ruling(
            id="FAJ-TAKE-BOARD",
            source="printed",
            title="The winner takes the board",
            text="The trick's winner adds every board card to their won pile.",
        ),
        Ruling(
            id="FAJ-HANDS",
            source="printed",
            title="Final hands",
            text=f"After {_ROUNDS} each player makes the best {HAND_CARDS}-card poker hand "
            "from their won trick cards, in the usual poker order. There is no ace, so the "
            f"highest straight is {TRICK_RANKS[-HAND_CARDS]} to {TRICK_RANKS[-1]}.",
        ),
        Ruling(
            id="FAJ-SHORT-HAND",
            source="reading",
            title=f"Fewer than {amount(HAND_CARDS, 'cards', spelled=True)}",
            text=f"A player with fewer than {HAND_CARDS} won cards plays the best hand those "
            "cards make; "
            "missing kickers count lowest. A player with no cards ranks below everyone.",
        ),
        Ruling(
            id="FAJ-SUIT-TIEBREAK",
            source="printed",
            title="Equal poker hands: suits",
            text="When two hands are equal card rank for card rank, compare their suits from "
            f"the highest down ({', '.join(reversed(SUIT_NAMES))}). Each player's hand is "
            "chosen to be the best on this comparison too.",
        ),
        Ruling(
            id="FAJ-FINAL-TIE-SHARE",
            source="reading",
            changed_by="final_tie",
            title="Hands still equal share the win",
            text="If two hands are still equal after the suit comparison, those players share "
            "the place.",
            option="final_tie",
            when="share",
        ),
        Ruling(
            id="FAJ-FINAL-TIE-CARDS",
            source="house",
            title="More won cards breaks a final tie",
            text="If two hands are still equal after the suit comparison, the player who won "
            "more trick cards places higher; still equal, they share the place.",
            option="final_tie",
            when="more_cards",
        ),
    ],
    options=FajOptions,
)
