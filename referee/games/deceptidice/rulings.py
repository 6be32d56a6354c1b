"""How the referee reads Deceptidice, in the project's own words (ids are cited by verdicts).

Rulings marked as the referee's reading (`source="reading"`) fill gaps where the rulebook
and the shared rulings are both silent.
"""

from referee.core.rulings import Ruling, RulingBook
from referee.core.words import amount, times
from referee.games.deceptidice.material import (
    BASE_DECK,
    COLOURS,
    COPIES_EACH,
    DEFAULT_NAMES,
    DICE_PER_PLAYER,
    DOUBLE,
    END_AT,
    FEW_PLAYERS,
    LONGEST_RUN,
    MANY_PLAYERS,
    MAX_COUNT,
    MAX_DICE_ON_TABLE,
    MAX_DICE_PER_PLAYER,
    MAX_PLAYERS,
    MIN_COUNT,
    MIN_PLAYERS,
    MIN_RUN,
    NUMBERS,
    START_CARDS,
    START_CARDS_MANY,
    WILDCARDS,
)
from referee.games.deceptidice.model import DeceptidiceOptions

_NUMBERS = f"{NUMBERS[0]} to {NUMBERS[-1]}"  # "1 to 6"
_COLOURS = amount(len(COLOURS), "colours", spelled=True)  # "four colours"
_VAGUE = 3  # the example of the doubling: 3 with a 2, then 6 of the same number

RULINGS = RulingBook(
    [
        Ruling(
            id="DD-MATERIAL",
            source="printed",
            title="The deck",
            text=f"{BASE_DECK} number cards: the numbers {_NUMBERS} in {_COLOURS}, every "
            f"card {times(COPIES_EACH)}. The wildcards expansion adds {WILDCARDS} wildcards. "
            "Power cards are entered as the table reads them: a combo and a value.",
        ),
        Ruling(
            id="DD-START",
            source="printed",
            title="Cards and dice",
            text=f"Everyone starts with {START_CARDS} cards, or {START_CARDS_MANY} when "
            f"{MANY_PLAYERS} to {MAX_PLAYERS} play; the rest is the draw pile. Each round every "
            f"player makes {MAX_DICE_PER_PLAYER} dice with {MIN_PLAYERS} or {FEW_PLAYERS} "
            f"players, else {DICE_PER_PLAYER}, splitting their cards as evenly as possible: "
            "dice sizes differ by at most one card.",
        ),
        Ruling(
            id="DD-TURN",
            source="printed",
            title="Turns",
            text="The Liar opens the round with a guess; then each player in turn, going left, "
            "either makes a higher guess or challenges the guess just made. Only the player "
            "whose turn it is may do either. When no higher guess is left, the only move is "
            "the challenge.",
        ),
        Ruling(
            id="DD-GUESS",
            source="printed",
            title="A guess and when it is true",
            text="A guess says how many cards (COUNT) show a number or a colour, counting the "
            "top card of every die on the table, everyone's. It is true when at least COUNT "
            "tops match.",
        ),
        Ruling(
            id="DD-LESS-THAN",
            source="printed",
            title="'Less than' a number",
            text="A number guess may say 'less than': cards whose number is strictly below "
            "the number named match; the number itself does not.",
        ),
        Ruling(
            id="DD-WITHOUT",
            source="printed",
            title="'Without' a colour",
            text="A colour guess may say 'without': cards of every other colour match.",
        ),
        Ruling(
            id="DD-MODIFIERS",
            source="printed",
            title="Which guesses take a modifier",
            text="'Less than' goes only with a number and 'without' only with a colour. "
            "Straights, vague guesses and power claims take no modifier.",
        ),
        Ruling(
            id="DD-INTRO",
            source="printed",
            title="Introductory game",
            text="No modifiers at all: neither 'less than' nor 'without'.",
            option="introductory",
            when=True,
        ),
        Ruling(
            id="DD-COUNT",
            source="reading",
            title=f"COUNT from {MIN_COUNT}; impossible guesses stand",
            text=f"A guess needs a COUNT of at least {MIN_COUNT}. A well-formed guess that can "
            f"never be true (more cards than dice on the table, 'less than {NUMBERS[0]}', a run "
            f"longer than {LONGEST_RUN}) is still a legal guess: the referee accepts it and says "
            "it can never be true.",
        ),
        Ruling(
            id="DD-COUNT-CAP",
            source="reading",
            title=f"COUNT and values up to {MAX_COUNT}",
            text="The rulebook sets no upper limit. The referee takes COUNTs and power values "
            f"up to {MAX_COUNT}: {times(DOUBLE)} the most dice any table has ({MAX_PLAYERS} "
            f"players with {DICE_PER_PLAYER} dice), so every COUNT a table can need fits, and a "
            f"vague guess can double any specific COUNT up to {MAX_DICE_ON_TABLE}.",
        ),
        Ruling(
            id="DD-HIGHER",
            source="printed",
            title="Guess higher",
            text="Each guess must be higher than the one before: its COUNT must be larger. "
            "The target and the modifier may be anything.",
        ),
        Ruling(
            id="DD-STRAIGHT",
            source="printed",
            title="Variant: straights",
            text="A straight is COUNT cards of different numbers in a row, including the "
            "number named (the ELEMENT). It is higher when its COUNT or its ELEMENT is larger "
            "than the last COUNT, and true when the tops hold such a run of at least COUNT "
            "numbers.",
            option="straights",
            when=True,
        ),
        Ruling(
            id="DD-VAGUE",
            source="printed",
            title="Variant: vague guesses",
            text="A vague guess names no number or colour: COUNT cards of the same number, or "
            "of the same colour. It is true when the most frequent number (or colour) shows "
            "at least COUNT times. After a specific guess, a vague COUNT must be at least "
            f"double the last COUNT ({_VAGUE} with a 2, then {_VAGUE * DOUBLE} of the same "
            "number); after a vague guess, a specific COUNT must be more than half the last "
            f"({_VAGUE * DOUBLE} of the same number, then {_VAGUE + 1} with a 2, since "
            f"{_VAGUE + 1} > {_VAGUE}). Vague after vague: simply higher.",
            option="vague",
            when=True,
        ),
        Ruling(
            id="DD-STRAIGHT-VAGUE",
            source="reading",
            title="Straights and vague guesses",
            text="For the doubling, a straight counts as a specific guess: a vague guess after "
            f"a straight of COUNT s needs at least {DOUBLE}s; a straight after a vague COUNT v is "
            "higher when its COUNT or its ELEMENT is more than half of v.",
            option="vague",
            when=True,
        ),
        Ruling(
            id="DD-WILD",
            source="printed",
            title="Expansion: wildcards",
            text="When a guess is challenged, each wildcard on the table matches whatever that "
            "guess needs, each on its own: it fills a gap in a straight, raises the most "
            "frequent number or colour of a vague guess, and is never the colour a 'without' "
            "guess leaves out.",
            option="wildcards",
            when=True,
        ),
        Ruling(
            id="DD-WILD-STANDS",
            source="reading",
            title="What a wildcard can be",
            text=f"A wildcard stands for one number from {_NUMBERS} or one of the {_COLOURS}, "
            f"nothing else: under 'less than {NUMBERS[0]}' it matches nothing, and a "
            f"run is never longer than {LONGEST_RUN}.",
            option="wildcards",
            when=True,
        ),
        Ruling(
            id="DD-POWER",
            source="printed",
            title="Expansion: power claims and the ladder",
            text="A player may claim the power card they rolled: its combo and value. A power "
            "claim after a power claim needs a higher value. After a power claim, any other "
            "guess needs a COUNT higher than the claim's value; a straight's ELEMENT does not "
            "count and a vague guess is not doubled.",
        ),
        Ruling(
            id="DD-POWER-AFTER",
            source="reading",
            changed_by="power_always",
            title="Power claims after other guesses",
            text="A power claim is higher than an ordinary, straight or vague guess when its "
            "value is larger than that guess's COUNT.",
            option="power_always",
            when=False,
        ),
        Ruling(
            id="DD-POWER-ALWAYS",
            source="house",
            title="Power claims always allowed",
            text="A power claim is higher than any ordinary, straight or vague guess, whatever "
            "its value.",
            option="power_always",
            when=True,
        ),
        Ruling(
            id="DD-POWER-HONEST",
            source="printed",
            title="Challenging a power claim",
            text="A power claim is honest only when that very card, same combo and same value, "
            "is the top of one of the claimant's own dice; otherwise the claimant loses the "
            "challenge. An honest claim is then checked on the table like any guess.",
        ),
        Ruling(
            id="DD-POWER-ENTRY",
            source="reading",
            title="Entering a power card",
            text="The list of power cards is not published, so the table enters the card: "
            "groups of one number each (sizes, such as 2+2 for two pairs or 3+2 for a full "
            "house; each group a different number), groups of one colour each, or a run of "
            f"{MIN_RUN} to {LONGEST_RUN} numbers; and its value. Wildcards fill any group or run.",
        ),
        Ruling(
            id="DD-POWER-NONE",
            source="printed",
            title="Power cards are no number or colour",
            text="A power card on the table counts as no number, no colour and no part of a "
            "run: it never matches a guess, 'without' guesses included.",
        ),
        Ruling(
            id="DD-POWER-UNIQUE",
            source="reading",
            title="Each power card once",
            text="Each power card is unique, so the same power card (same combo and value) "
            "cannot be the top of two dice, and no more power cards can turn up in a round "
            "than were shuffled in.",
        ),
        Ruling(
            id="DD-TOPS",
            source="reading",
            title="Entering the tops",
            text="After a challenge the table enters one top card for every die, player by "
            "player; dice revealed earlier in the round keep their tops. The tops of one "
            f"round together fit the deck: at most {COPIES_EACH} of each number-colour card, "
            f"{WILDCARDS} wildcards, "
            "and no expansion card the table does not play. Discarded dice are not entered "
            "card by card, so they do not limit later rounds: the loser's discarded die is "
            "entered by how many cards it held, among the sizes the even split allows.",
        ),
        Ruling(
            id="DD-CHALLENGE",
            source="printed",
            title="Who loses a challenge",
            text="If the challenged guess is true, the challenger loses; if not, the player "
            "who made it loses. The loser discards one of their dice, face up (they choose "
            "which), and is the Liar of the next round.",
        ),
        Ruling(
            id="DD-END",
            source="printed",
            title="End of the game",
            text=f"The game ends as soon as a player is down to {END_AT} cards or fewer.",
        ),
        Ruling(
            id="DD-RANKING",
            source="printed",
            title="Final ranking",
            text="More cards left is better. Players with as many cards share a place and "
            "the next place is skipped (1, 2, 2, 4); everyone in first place shares the win.",
        ),
        Ruling(
            id="DD-REMATCH",
            source="reading",
            title="Playing again",
            text="When the same table plays again, the loser of the last round (whose "
            "discard ended the game) is the first Liar, as every round's loser is the next "
            "Liar.",
        ),
        Ruling(
            id="DD-COLOURS",
            source="reading",
            changed_by="colour_names",
            title="Colour names",
            text=f"The {_COLOURS} are called {', '.join(DEFAULT_NAMES[:-1])} and "
            f"{DEFAULT_NAMES[-1]} unless the table renames them to match its printing. Two "
            "colours cannot share a name.",
        ),
        Ruling(
            id="DD-OPEN",
            source="printed",
            title="Variant: open hands",
            text="Everyone shows their starting cards to the table, so a swap is made in the "
            "open: the cards that change hands are named.",
            option="open_hands",
            when=True,
        ),
        Ruling(
            id="DD-REVEAL",
            source="printed",
            title="Variant: reveal one die per turn",
            text="On each turn the player first reveals one of their dice not yet revealed "
            "this round, then guesses. A player with every die revealed reveals nothing. A "
            "revealed die keeps its top card for the challenge.",
            option="reveal_dice",
            when=True,
        ),
        Ruling(
            id="DD-REVEAL-FIRST",
            source="reading",
            title="Reveal, then guess; challenge at once",
            text="The reveal comes before the guess, the Liar's opening guess included. A "
            "player who challenges reveals nothing first: the challenge turns every die face "
            "up anyway.",
            option="reveal_dice",
            when=True,
        ),
        Ruling(
            id="DD-SWAP",
            source="printed",
            title="Variant: the loser swaps with the draw pile",
            text="After discarding, the round's loser may swap one card with the draw pile, "
            "but only while the draw pile is not empty, and not when the discard ended the "
            "game. The cards are named only when hands are open.",
            option="swap",
            when="draw_pile",
        ),
        Ruling(
            id="DD-SWAP-PLAYER",
            source="printed",
            title="Variant: the loser swaps with another player",
            text="After discarding, the round's loser may swap one card with a player of "
            "their choice, one card each way (project ruling: the loser chooses the player). "
            "No swap when the discard ended the game. The cards are named only when hands "
            "are open.",
            option="swap",
            when="another_player",
        ),
    ],
    options=DeceptidiceOptions,
)
