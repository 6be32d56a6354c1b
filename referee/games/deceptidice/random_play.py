"""Random play: one legal action drawn from the menu (the contract's `draw`, which random
play tests and autoplay use). Pure functions of the state, its menu and the rng.
"""

import random
from typing import Literal

from referee.games.deceptidice.material import (
    COLOURS,
    MAX_COUNT,
    MIN_RUN,
    NUMBER_CARDS,
    NUMBERS,
    WILD,
)
from referee.games.deceptidice.model import (
    Card,
    Challenge,
    ColourGuess,
    DeceptidiceAction,
    DeceptidiceChoices,
    DeceptidiceGuess,
    DeceptidiceOptions,
    DeceptidiceState,
    DieTops,
    Discard,
    GuessForm,
    GuessMenu,
    NoSwap,
    NumberGuess,
    PowerCard,
    PowerClaim,
    RevealDie,
    StraightGuess,
    Swap,
    Tops,
    VagueGuess,
)


def draw(
    state: DeceptidiceState, menu: DeceptidiceChoices, rng: random.Random
) -> DeceptidiceAction:
    """One action from `menu`, the menu of `state` (a game not over)."""
    if state.phase == "tops":
        return _draw_tops(state, menu, rng)
    assert menu.actor is not None  # every other phase has a player to act
    player = state.players[menu.actor]
    if state.phase == "discard":
        return Discard(
            player=player, size=max(menu.sizes) if rng.random() < 0.7 else min(menu.sizes)
        )
    if state.phase == "swap":
        if rng.random() < 0.4:
            return NoSwap(player=player)
        partner = None if menu.swap_pile else state.players[rng.choice(menu.partners)]
        give: Card | None = None
        take: Card | None = None
        if menu.identities:
            pool = [*NUMBER_CARDS, *([WILD] if menu.wildcards else [])]
            give, take = rng.choice(pool), rng.choice(pool)
            if menu.power_cards and rng.random() < 0.2:
                give = _random_power(rng, 1)
        return Swap(player=player, partner=partner, give=give, take=take)
    if menu.challenge and rng.random() < 0.5:
        return Challenge(player=player)
    if menu.reveal:
        return RevealDie(player=player, card=_draw_cards(menu, 1, rng)[0])
    guess = _random_guess(menu.guesses, state.options, rng)
    if guess is None:
        return Challenge(player=player)
    return DeceptidiceGuess(player=player, guess=guess)


def _draw_tops(state: DeceptidiceState, menu: DeceptidiceChoices, rng: random.Random) -> Tops:
    total = sum(k for _, k in menu.tops)
    cards = _draw_cards(menu, total, rng)
    last = state.round.last
    assert last is not None  # the tops follow a challenged guess
    claim = last.guess
    claimant = last.seat
    entries = []
    for seat, k in menu.tops:
        mine, cards = list(cards[:k]), cards[k:]
        entries.append(DieTops(player=state.players[seat], cards=tuple(mine)))
    if (
        isinstance(claim, PowerClaim)
        and rng.random() < 0.6
        and claim.card not in menu.power_seen
        and menu.power_left > 0
    ):
        # Now and then, let the claimant have rolled the claimed card (honest claims).
        for i, entry in enumerate(entries):
            if entry.player == state.players[claimant]:
                rest = [c for t in entries for c in t.cards]
                if claim.card in rest:
                    break
                powers = [c for c in rest if isinstance(c, PowerCard)]
                first = entry.cards[0]
                if len(powers) + (not isinstance(first, PowerCard)) <= menu.power_left:
                    entries[i] = DieTops(player=entry.player, cards=(claim.card, *entry.cards[1:]))
                break
    return Tops(tops=tuple(entries))


def _draw_cards(menu: DeceptidiceChoices, k: int, rng: random.Random) -> list[Card]:
    pool: list[Card] = [c for c, n in menu.cards_left for _ in range(n)]
    pool += ["power"] * min(menu.power_left, 2)
    picked = rng.sample(pool, k)
    used = set(menu.power_seen)
    out: list[Card] = []
    for card in picked:
        if card == "power":
            power = _random_power(rng, 1)
            while power in used:
                power = _random_power(rng, 1)
            used.add(power)
            card = power
        out.append(card)
    return out


def _random_power(rng: random.Random, least_value: int) -> PowerCard:
    combos: list[Literal["numbers", "colours", "run"]] = ["numbers", "numbers", "colours", "run"]
    combo = rng.choice(combos)
    sizes: tuple[int, ...]
    if combo == "run":
        sizes = (rng.randint(MIN_RUN, len(NUMBERS)),)
    else:
        groups = rng.randint(1, 3)
        sizes = tuple(rng.randint(1, 3) for _ in range(groups))
    value = min(MAX_COUNT, least_value + rng.choice([0, 0, 1, 2, 4]))
    return PowerCard(combo=combo, sizes=sizes, value=value)


def _random_guess(
    menu: GuessMenu | None, options: DeceptidiceOptions, rng: random.Random
) -> GuessForm | None:
    if menu is None:
        return None
    forms = []
    if menu.specific is not None:
        forms += ["number", "colour", "number", "colour"]
    if menu.straight:
        forms.append("straight")
    if menu.vague is not None:
        forms.append("vague")
    if menu.power is not None:
        forms.append("power")
    if not forms:
        return None
    form = rng.choice(forms)

    def count(low: int) -> int:
        return min(menu.max_count, low + rng.choice([0, 0, 0, 1, 1, 2, 5]))

    modifier = menu.modifiers and rng.random() < 0.25
    # Each form below is drawn only when the menu holds its least COUNT.
    if form == "number":
        assert menu.specific is not None
        return NumberGuess(
            count=count(menu.specific), number=rng.choice(NUMBERS), less_than=modifier
        )
    if form == "colour":
        assert menu.specific is not None
        return ColourGuess(count=count(menu.specific), colour=rng.choice(COLOURS), without=modifier)
    if form == "straight":
        element, low = rng.choice(menu.straight)
        return StraightGuess(count=count(low), element=element)
    if form == "vague":
        assert menu.vague is not None
        return VagueGuess(count=count(menu.vague), of=rng.choice(["number", "colour"]))
    assert menu.power is not None
    return PowerClaim(card=_random_power(rng, menu.power))
