"""The deck during a round: what is left of it once cards are face up, and the refusal of
cards it cannot show (pure functions).

Cards come face up three ways: a die revealed, the tops entered at a challenge, the cards
named in a swap with open hands. All are refused by the menu's own tests (`card_kind_ok`,
`fits`), so what a view offers and what a handler accepts cannot differ.
"""

from collections import Counter
from collections.abc import Iterable, Sequence
from functools import lru_cache
from typing import Any

from referee.core.errors import InvalidAction
from referee.core.words import amount
from referee.games.deceptidice.material import (
    COPIES_EACH,
    NUMBER_CARDS,
    WILD,
    WILDCARDS,
)
from referee.games.deceptidice.model import (
    Card,
    DeceptidiceChoices,
    DeceptidiceState,
    PowerCard,
    names_of,
)
from referee.games.deceptidice.truth import card_name


@lru_cache(maxsize=4096)
def deck_left(
    seen: tuple[Card, ...], wildcards: bool, power_cards: int
) -> tuple[tuple[str, Any], ...]:
    """What is left of the deck once `seen` is face up, as the menu's fields."""
    copies = dict.fromkeys(NUMBER_CARDS, COPIES_EACH)
    if wildcards:
        copies[WILD] = WILDCARDS
    plain = Counter(c for c in seen if not isinstance(c, PowerCard))
    power_seen = tuple(c for c in seen if isinstance(c, PowerCard))
    return (
        ("cards_left", tuple((c, n - plain[c]) for c, n in copies.items())),
        ("power_left", power_cards - len(power_seen)),
        ("power_seen", power_seen),
        ("wildcards", wildcards),
        ("power_cards", power_cards > 0),
    )


def check_kinds(menu: DeceptidiceChoices, cards: Iterable[Card]) -> None:
    """Refuse a wildcard or power card at a table that plays without them."""
    for card in cards:
        if not menu.card_kind_ok(card):
            what = "Power cards" if isinstance(card, PowerCard) else "Wildcards"
            raise InvalidAction(
                f"{what} are not in this game's deck: the table plays without the expansion."
            )


def check_cards(state: DeceptidiceState, menu: DeceptidiceChoices, cards: Sequence[Card]) -> None:
    """Refuse cards this deck lacks or has no copy left of, by the menu's own tests."""
    check_kinds(menu, cards)
    if menu.fits(cards):
        return
    names = names_of(state)
    power = [c for c in cards if isinstance(c, PowerCard)]
    for card in power:
        if card in menu.power_seen or power.count(card) > 1:
            raise InvalidAction(
                f"The {card_name(card)} would be face up twice this round; each power "
                "card is unique."
            )
    if len(power) > menu.power_left:
        shuffled = state.options.power_cards
        raise InvalidAction(
            f"Only {shuffled} power card{'s were' if shuffled != 1 else ' was'} shuffled "
            f"in; this round would show {len(power) + len(menu.power_seen)}."
        )
    left = dict(menu.cards_left)
    plain = Counter(c for c in cards if not isinstance(c, PowerCard))
    for code, n in plain.items():
        if n > left[code]:
            have = WILDCARDS if code == WILD else COPIES_EACH
            what = (
                f"{amount(have, 'wildcards')}"
                if code == WILD
                else f"{amount(have, 'copies')} of {card_name(code, names)}"
            )
            raise InvalidAction(
                f"The deck has only {what}, but {have - left[code] + n} were entered this round."
            )
    raise InvalidAction("These cards cannot all be face up at once.")  # pragma: no cover
