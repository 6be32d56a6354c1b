"""Small builders so each test reads like the table talk it checks."""

import asyncio
import threading
from functools import partial

from referee.core.record import GameRecord
from referee.core.session import Session
from referee.games import rules_for

S = 0  # stone circle


def game(kind: str, players=("Ana", "Bo", "Cy"), actions=(), **options) -> Session:
    """A session of any game at a table of `players`, after `actions` (dicts or models)."""
    session = Session(
        rules_for(kind), GameRecord(game=kind, players=list(players), options=options)
    )
    for action in actions:
        session.play(action)
    return session


faeker = partial(game, "faeker")
faj = partial(game, "faj")
fairybucks = partial(game, "fairybucks")


def top(card):
    return {"type": "top_card", "card": card}


def bid(player, amount):
    return {"type": "bid", "player": player, "amount": amount}


def pass_(player):
    return {"type": "pass", "player": player}


def showdown(player):
    return {"type": "showdown", "player": player}


def bluff(player):
    return {"type": "bluff", "player": player}


def reveal(player, *cards):
    return {"type": "reveal", "player": player, "cards": list(cards)}


def board(*cards):
    return {"type": "board", "cards": list(cards)}


def plays(**cards):
    return {"type": "plays", "plays": [{"player": p, "card": c} for p, c in cards.items()]}


def pick(player, card):
    return {"type": "draft_pick", "player": player, "card": card}


def lot(*items):
    """lot((5, "moon"), (3, "sun"))"""
    return {"type": "lot", "items": [{"value": v, "symbol": s} for v, s in items]}


def reveal_bucks(**cards):
    return {"type": "reveal", "shows": [{"player": p, "card": c} for p, c in cards.items()]}


def finale(value, symbol):
    return {"type": "finale", "castle_item": {"value": value, "symbol": symbol}}


fairy = partial(game, "fairy")


def opening(card):
    return {"type": "opening", "card": card}


def guess(**said):
    """guess(Ana="higher", Bo="catch"): everyone's guess for one Fairy turn."""
    return {"type": "guesses", "guesses": [{"player": p, "guess": g} for p, g in said.items()]}


def turn_up(card):
    return {"type": "reveal", "card": card}


def fairy_turn(card, **said):
    """One Fairy turn: the guesses, then the card turned up."""
    return [guess(**said), turn_up(card)]


# -- Deceptidice -------------------------------------------------------------------------

deceptidice = partial(game, "deceptidice")


def dd_number(count, number, less_than=False):
    return {"form": "number", "count": count, "number": number, "less_than": less_than}


def dd_colour(count, colour, without=False):
    return {"form": "colour", "count": count, "colour": colour, "without": without}


def dd_straight(count, element):
    return {"form": "straight", "count": count, "element": element}


def dd_vague(count, of):
    return {"form": "vague", "count": count, "of": of}


def dd_power_card(combo, sizes, value):
    return {"combo": combo, "sizes": list(sizes), "value": value}


def dd_claim(combo, sizes, value):
    return {"form": "power", "card": dd_power_card(combo, sizes, value)}


def dd_guess(player, form):
    return {"type": "guess", "player": player, "guess": form}


def dd_challenge(player):
    return {"type": "challenge", "player": player}


def dd_tops(**cards):
    """dd_tops(Ana=["R1", "W"], Bo=[...]): every player's tops not yet revealed."""
    return {"type": "tops", "tops": [{"player": p, "cards": list(c)} for p, c in cards.items()]}


def dd_reveal(player, card):
    return {"type": "reveal", "player": player, "card": card}


def dd_discard(player, size):
    return {"type": "discard", "player": player, "size": size}


def dd_swap(player, partner=None, give=None, take=None):
    return {"type": "swap", "player": player, "partner": partner, "give": give, "take": take}


def dd_keep(player):
    return {"type": "no_swap", "player": player}


def run_async(coroutine):
    """Run `coroutine` to its end on a thread of its own: a browser test that ran earlier in
    the same pytest worker leaves Playwright's event loop running on the main thread, where
    asyncio.run refuses to start."""
    outcome: dict = {}

    def target() -> None:
        try:
            outcome["value"] = asyncio.run(coroutine)
        except BaseException as exc:
            outcome["error"] = exc

    thread = threading.Thread(target=target)
    thread.start()
    thread.join()
    if "error" in outcome:
        raise outcome["error"]
    return outcome.get("value")
