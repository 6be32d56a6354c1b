"""How the referee reads Fairy Bucks, in the project's own words."""

from referee.core.rulings import Ruling, RulingBook
from referee.core.words import amount, count_word
from referee.games.fairybucks.material import (
    BUCKS,
    HIDDEN_ON_CASTLE,
    LOT_SIZE,
    ONES,
    SET_ASIDE,
    SET_BONUS,
    SMALL_TABLE,
    SYMBOLS,
    set_aside,
)
from referee.games.fairybucks.model import FairyBucksOptions

_SMALL = f"a {SMALL_TABLE}-player game"
_ONES = amount(ONES, "items", spelled=True)  # "four items" (worth 1)
_SYMBOLS = f"{', '.join(SYMBOLS[:-1])} or {SYMBOLS[-1]}"  # "moon, sun, star or book"

RULINGS = RulingBook(
    [
        Ruling(
            id="FB-MONEY",
            source="printed",
            title="Each player's hand",
            text=f"Everyone starts with Fairy Bucks worth {BUCKS[0]} to {BUCKS[-1]} and one "
            "Poof! card.",
        ),
        Ruling(
            id="FB-ITEMS",
            source="printed",
            title="Items",
            text="The item deck's make-up is not published, so each item's value and symbol "
            f"({_SYMBOLS}) is entered as it is turned up. "
            f"{count_word(HIDDEN_ON_CASTLE).capitalize()} item lies hidden on the castle and "
            f"{count_word(SET_ASIDE)} are set aside unseen "
            f"({count_word(set_aside(SMALL_TABLE))} in {_SMALL}, which also removes the "
            f"{_ONES} worth 1). The rest are auctioned "
            f"{count_word(LOT_SIZE)} at a time; the last lot may be smaller.",
        ),
        Ruling(
            id="FB-ITEM-LIMITS",
            source="printed",
            title="Item limits",
            text=f"A game turns up at most {_ONES} worth 1, and none in {_SMALL}. A lot of fewer "
            f"than {amount(LOT_SIZE, 'items', spelled=True)} is the last lot: the castle item "
            "comes next.",
        ),
        Ruling(
            id="FB-REVEAL",
            source="reading",
            title="Reveals",
            text="An auction is a series of simultaneous reveals. Each player still in shows "
            "one card: a Buck, their Poof!, or nothing (allowed only with no Bucks in hand). "
            "A player's total is the sum of their Bucks showing.",
        ),
        Ruling(
            id="FB-HIGH-BIDDER",
            source="printed",
            title="High Bidder",
            text="After a reveal, the one player with the highest total is High Bidder; a tie "
            "at the top means there is no High Bidder.",
        ),
        Ruling(
            id="FB-TWICE",
            source="printed",
            title="High Bidder twice in a row wins",
            text="The same player being High Bidder after two reveals in a row wins the lot. "
            "The winner discards all their showing Bucks; every other player still in "
            "discards their one lowest showing Buck and takes the rest back to hand.",
        ),
        Ruling(
            id="FB-POOF",
            source="printed",
            title="Poof!",
            text="A player who shows Poof! takes their showing Bucks back to hand and is out "
            "of this auction.",
        ),
        Ruling(
            id="FB-POOF-SPENT",
            source="reading",
            changed_by="poof_returns",
            title="A Poof! is spent for the game",
            text="Once played, a Poof! is gone for the rest of the game.",
            option="poof_returns",
            when=False,
        ),
        Ruling(
            id="FB-POOF-RETURNS",
            source="house",
            title="Poof! returns after each auction",
            text="A played Poof! comes back to its owner when the auction ends.",
            option="poof_returns",
            when=True,
        ),
        Ruling(
            id="FB-LAST-STANDING",
            source="printed",
            title="Last player left wins",
            text="When everyone else in the auction has Poofed, the one player left wins the "
            "lot and discards the Bucks they showed.",
        ),
        Ruling(
            id="FB-ALL-POOF",
            source="printed",
            title="Everyone Poofs at once",
            text="When every player still in shows Poof! in the same reveal, everyone takes "
            "their Bucks back and the lot is discarded.",
        ),
        Ruling(
            id="FB-STALL-DISCARD",
            source="reading",
            changed_by="stalled_auction",
            title="A stalled auction is discarded",
            text="The rulebook does not say what happens when everyone still in shows "
            "nothing in a reveal (they have no Bucks left) while the top total is tied: nobody "
            "can become High Bidder any more. A player who keeps their Poof! chose to, so the "
            "auction does not wait for it. By default everyone takes their Bucks back and the "
            "lot is discarded, as when all Poof.",
            option="stalled_auction",
            when="discard_lot",
        ),
        Ruling(
            id="FB-STALL-FIRST",
            source="house",
            title="First to the top total takes a stalled lot",
            text="When an auction stalls at a tie, the tied player who reached that total in "
            "the earliest reveal wins it as if High Bidder twice; if they reached it in the "
            "same reveal, the lot is discarded.",
            option="stalled_auction",
            when="first_to_total",
        ),
        Ruling(
            id="FB-CASTLE",
            source="printed",
            changed_by="castle_value",
            title="The castle",
            text="After the last lot, the one player with the most Bucks left in hand (by "
            "value) takes the castle card and the item hidden on it. A tie means nobody "
            "does. The castle card's value is 0 unless the table sets another.",
        ),
        Ruling(
            id="FB-SCORE",
            source="printed",
            title="Scoring",
            text=f"A player scores the values of their items plus {SET_BONUS} for each complete "
            f"set of the {count_word(len(SYMBOLS))} symbols. The highest score wins; tied "
            "players share the win.",
        ),
        Ruling(
            id="FB-SERIES",
            source="printed",
            title="Series",
            text="A table may play a series of 3 or 4 games and add up the scores; the app "
            "keeps the running totals of games that share a series name.",
        ),
    ],
    options=FairyBucksOptions,
)
