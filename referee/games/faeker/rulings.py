"""How the referee reads Fae-ker, in the project's own words (ids are cited by verdicts)."""

from collections.abc import Iterable

from referee.core.rulings import Ruling, RulingBook
from referee.core.words import amount, count_word
from referee.games.faeker.deck import (
    BLUFF_BONUS,
    COPIES,
    CUBES_TO_WIN,
    DECK,
    DIE_FACES,
    FAE,
    HIGH_TOPS,
    LOW_TOPS,
    MAX_BID,
    MIN_BID,
    MIN_RUN,
    NUMBERS,
    STONE,
    SUPPLY,
    tops_text,
)
from referee.games.faeker.model import FaekerOptions


def _or(items: Iterable[object]) -> str:
    """'1, 2 or 3'."""
    *first, last = map(str, items)
    return f"{', '.join(first)} or {last}" if first else last


def _copies() -> str:
    """'seven 1s, six 2s, ... one 7 and four stone circles'."""
    numbers = [f"{count_word(COPIES[n])} {_digits(n, COPIES[n])}" for n in NUMBERS]
    return f"{', '.join(numbers)} and {amount(COPIES[STONE], 'stone circles', spelled=True)}"


def _digits(card: int, copies: int) -> str:
    """'1s' (seven 1s), '7' (one 7)."""
    return str(card) if copies == 1 else f"{card}s"


def _worth() -> str:
    """'A top card of 1 or 2 is worth 2 fae, 3 to 5 is worth 3, 6, 7 and the stone circle
    are worth 4': the top cards grouped by the fae they are worth."""
    groups: dict[int, list[int]] = {}
    for card in (*NUMBERS, STONE):
        groups.setdefault(FAE[card], []).append(card)
    parts = []
    for fae, cards in groups.items():
        names = [str(c) for c in cards if c != STONE]
        if STONE in cards:
            said = f"{', '.join(names)} and the stone circle are worth {fae}"
        elif len(cards) == 2:
            said = f"{names[0]} or {names[1]} is worth {fae}"
        else:
            said = f"{names[0]} to {names[-1]} is worth {fae}"
        parts.append(said)
    first, *rest = parts
    return f"A top card of {first} fae, {', '.join(rest)}"


def _goals() -> str:
    """'2 players need 15 cubes, 3 need 12, ...'."""
    (players, cubes), *rest = CUBES_TO_WIN.items()
    first = f"{amount(players, 'players')} need {amount(cubes, 'cubes')}"
    return ", ".join([first, *(f"{p} need {c}" for p, c in rest)])


RULINGS = RulingBook(
    [
        Ruling(
            id="FK-DECK",
            source="printed",
            title="The deck",
            text=f"{amount(DECK.size, 'cards')}: {_copies()}. {_worth()}. The supply holds "
            f"{SUPPLY} cubes.",
        ),
        Ruling(
            id="FK-GOAL",
            source="printed",
            title="Cubes needed to win",
            text=f"{_goals()}.",
        ),
        Ruling(
            id="FK-DIE",
            source="reading",
            title="Round die",
            text=f"The d{DIE_FACES} shows the round number; after round {DIE_FACES} it starts "
            f"again at 1, so round {DIE_FACES + 1} shows 1. The referee shows both.",
        ),
        Ruling(
            id="FK-DEALER",
            source="reading",
            title="Dealer and bidding order",
            text="The dealer moves one seat to the left every round. Bidding opens with the "
            "player to the dealer's left and goes round the table in seat order.",
        ),
        Ruling(
            id="FK-COUNT-LOW",
            source="printed",
            title=f"Top card {tops_text(LOW_TOPS)}: count higher cards",
            text=f"With a {_or(LOW_TOPS)} on top, a bid counts the cards in hand strictly "
            "higher than the top card.",
        ),
        Ruling(
            id="FK-COUNT-HIGH",
            source="printed",
            title=f"Top card {tops_text(HIGH_TOPS)}: count equal or higher",
            text=f"With a {_or(HIGH_TOPS)} on top, a bid counts the cards in hand equal to or "
            "higher than the top card.",
        ),
        Ruling(
            id="FK-COUNT-RUN",
            source="printed",
            title="Stone circle on top: longest run",
            text="With a stone circle on top, a bid counts the longest run of consecutive "
            "numbers in hand. Each stone circle in hand may stand for any one missing "
            f"number; repeated numbers do not make a run longer; a run needs at least {MIN_RUN} "
            "cards, so a hand without one counts 0.",
        ),
        Ruling(
            id="FK-STONE-EQUAL",
            source="printed",
            changed_by="stone_circles_always_count",
            title="Stone circle in hand equals the top card",
            text="Under a numbered top card, a stone circle in hand counts as a card equal "
            f"to it: it counts for tops {tops_text(HIGH_TOPS)} and not for tops "
            f"{tops_text(LOW_TOPS)}.",
            option="stone_circles_always_count",
            when=False,
        ),
        Ruling(
            id="FK-STONE-ALWAYS",
            source="house",
            title="Stone circles always count",
            text="Under any numbered top card, every stone circle in hand counts.",
            option="stone_circles_always_count",
            when=True,
        ),
        Ruling(
            id="FK-BID",
            source="printed",
            title="Bidding",
            text=f"On your turn: bid a number from {MIN_BID} to {MAX_BID} that is at least the "
            "highest bid so far, pass, call a showdown, or call a bluff on the most recent bid.",
        ),
        Ruling(
            id="FK-PASS-OUT",
            source="reading",
            title="Passing is final",
            text="A player who passes is out of the bidding for the rest of the round.",
        ),
        Ruling(
            id="FK-END-UNCONTESTED",
            source="printed",
            title="Bid unopposed",
            text="When one bid stands and every other player has passed, that bidder takes "
            "the top card's fae.",
        ),
        Ruling(
            id="FK-END-TIE",
            source="printed",
            title="Tie for the highest bid",
            text="When everyone has acted and two or more players still in share the "
            "highest bid (all others passed), they go to a showdown.",
        ),
        Ruling(
            id="FK-SHOWDOWN-CALL",
            source="reading",
            title="Calling a showdown",
            text="A showdown call ends the bidding: every player who has not passed, the "
            "caller included, shows their hand.",
        ),
        Ruling(
            id="FK-BLUFF-AT-LEAST",
            source="reading",
            changed_by="bluff_needs_exact",
            title="Bluff: at least the bid",
            text="A bluff call ends the bidding and the most recent bidder shows their hand. "
            "The bid is true when the hand has at least the number bid. True: the bidder "
            f"takes the top card's fae. False: the caller takes the fae plus {BLUFF_BONUS}.",
            option="bluff_needs_exact",
            when=False,
        ),
        Ruling(
            id="FK-BLUFF-EXACT",
            source="house",
            title="Bluff needs the exact count",
            text="As the bluff ruling, but the bid is true only when the hand has exactly "
            "the number bid.",
            option="bluff_needs_exact",
            when=True,
        ),
        Ruling(
            id="FK-SHOWDOWN-RANK",
            source="printed",
            title="Showdown: highest hand",
            text="Sort each hand from high to low and compare card by card: the first "
            "higher card wins (6 beats 5; 5-4 beats 5-3). A stone circle ranks as the top "
            "card's number, or 0 when the top card is a stone circle.",
        ),
        Ruling(
            id="FK-SHOWDOWN-TIE",
            source="printed",
            title="Showdown still tied",
            text="Players whose hands are exactly equal in the showdown each take the top "
            "card's fae.",
        ),
        Ruling(
            id="FK-SUPPLY-SHORT",
            source="printed",
            title="Supply short",
            text="When the supply cannot pay everyone in full, what is left is shared "
            "equally in whole cubes and any remainder stays in the supply. Cubes are never "
            f"made or lost: players' cubes plus the supply always make {SUPPLY}.",
        ),
        Ruling(
            id="FK-GAME-END",
            source="reading",
            title="End of the game",
            text="At the end of a round, a player at or over the target wins. If several "
            "are, the one with most cubes wins; still tied, they share the win.",
        ),
        Ruling(
            id="FK-REMATCH",
            source="reading",
            title="Playing again",
            text="When the same table plays again, the player to the left of the last "
            "round's dealer deals first: the deal moves on one seat, as between rounds.",
        ),
        Ruling(
            id="FK-ALL-PASS-VOID",
            source="reading",
            changed_by="all_pass",
            title="Everyone passes",
            text="The rulebook does not say what happens when every player passes without "
            "a bid. By default nobody scores, and the next round begins.",
            option="all_pass",
            when="no_score",
        ),
        Ruling(
            id="FK-ALL-PASS-SHOWDOWN",
            source="house",
            title="Everyone passes, then a showdown",
            text="When every player passes without a bid, everyone shows their hand and the "
            "highest hand takes the top card's fae.",
            option="all_pass",
            when="showdown",
        ),
    ],
    options=FaekerOptions,
)
