"""Deceptidice rules: apply(state, action) -> (state, verdict), pure and total.

The decisions themselves are small pure functions beside this module: `guesses.py` (which
guess is higher, which can never be true) and `truth.py` (is the challenged guess true).
"""

import random
from collections import Counter
from collections.abc import Sequence
from contextlib import suppress
from functools import lru_cache

from referee.core import flow
from referee.core.errors import IllegalAction, InvalidAction
from referee.core.outcome import Outcome, names_text, places, win_text
from referee.core.rules import GameRules
from referee.core.verdict import ScoreChange, Verdict
from referee.games.deceptidice import guesses, truth
from referee.games.deceptidice.guesses import POWER, SPECIFIC, STRAIGHT, VAGUE, least
from referee.games.deceptidice.material import (
    COLOURS,
    COPIES_EACH,
    END_AT,
    MAX_COUNT,
    NUMBER_CARDS,
    NUMBERS,
    WILD,
    WILDCARDS,
    colour_names,
    deck_size,
    dice_per_player,
    die_sizes,
    game_over,
    sizes_text,
    split,
    start_cards,
)
from referee.games.deceptidice.model import (
    Challenge,
    ColourGuess,
    DeceptidiceAction,
    DeceptidiceChoices,
    DeceptidiceOptions,
    DeceptidiceState,
    DieTops,
    Discard,
    Guess,
    GuessMenu,
    LadderEntry,
    NoSwap,
    NumberGuess,
    PowerCard,
    PowerClaim,
    RevealDie,
    RoundState,
    StraightGuess,
    Swap,
    Tops,
    VagueGuess,
    has_modifier,
)
from referee.games.deceptidice.rulings import RULINGS
from referee.games.deceptidice.truth import card_name, judge, verdict_phrase


@lru_cache(maxsize=64)
def _names(text: str) -> dict[str, str]:
    return colour_names(text)


def names_of(state: DeceptidiceState) -> dict[str, str]:
    """The table's colour names (colour letter -> name)."""
    return _names(state.options.colour_names)


def _cards(n: int) -> str:
    return f"{n} card{'s' if n != 1 else ''}"


class DeceptidiceRules(GameRules[DeceptidiceState, DeceptidiceOptions, DeceptidiceChoices]):
    kind = "deceptidice"
    title = "Deceptidice"
    min_players = 2
    max_players = 8
    options_model = DeceptidiceOptions
    action_type = DeceptidiceAction
    rulings = RULINGS
    unit = "cards"
    overview = (
        "Every player's cards are split into dice: small face-down piles, each shuffled so "
        "that only its top card counts. Starting with the Liar and going left, players guess "
        "how many top cards on the whole table show a number or a colour, each guess higher "
        "than the last, until someone challenges. The dice are turned up: a true guess costs "
        "the challenger a die, a false one costs the guesser. The loser is the next Liar. The "
        "game ends when someone is down to 3 cards; most cards left wins."
    )
    phases = {
        "guessing": (RevealDie, Guess, Challenge),
        "tops": (Tops,),
        "discard": (Discard,),
        "swap": (Swap, NoSwap),
        "over": (),
    }
    prompts = {
        "guessing": "The round is on: guess higher or challenge",
        "tops": "A guess was challenged: enter the top card of every die first",
        "discard": "The round's loser discards a die first",
        "swap": "The round's loser may swap a card first",
        "over": "The game is over",
    }

    def new_state(self, players: Sequence[str], options: DeceptidiceOptions) -> DeceptidiceState:
        self.verify_players(players)
        self.verify_options(players, options)
        _names(options.colour_names)  # refuses two colours with one name
        n = len(players)
        start = start_cards(n)
        return DeceptidiceState(
            players=tuple(players),
            options=options,
            start=start,
            dice=dice_per_player(n),
            cards=(start,) * n,
            discarded=((),) * n,
            draw_pile=deck_size(options.wildcards, options.power_cards) - n * start,
            round=RoundState.fresh(n, options.first_liar),
        )

    # -- the flow contract -------------------------------------------------------------

    def to_act(self, state: DeceptidiceState) -> tuple[int, ...]:
        if state.phase == "guessing":
            return (state.round.turn,)
        if state.phase in ("discard", "swap"):
            return (state.round.loser,)
        return ()

    def guess_menu(self, state: DeceptidiceState) -> GuessMenu:
        """The least higher COUNT (power: value) per form, from guesses.least."""
        last = state.round.last
        return _guess_menu(last.guess if last is not None else None, state.options)

    def _deck_left(self, state: DeceptidiceState) -> dict:
        o = state.options
        return dict(_deck_left(tuple(state.round.seen), o.wildcards, o.power_cards))

    def hidden_dice(self, state: DeceptidiceState, seat: int) -> int:
        """Dice of a seat not yet revealed this round."""
        return state.dice - len(state.round.revealed[seat])

    def __init__(self) -> None:
        super().__init__()
        # The menu of the last few states, by identity: views, handlers and `offers` ask
        # for the same state's menu several times. An entry holds its state, so the id
        # cannot be reused while the entry lives.
        self._menus: dict[int, tuple[DeceptidiceState, DeceptidiceChoices]] = {}

    def choices(self, state: DeceptidiceState) -> DeceptidiceChoices:
        hit = self._menus.get(id(state))
        if hit is not None and hit[0] is state:
            return hit[1]
        menu = self._choices(state)
        self._menus[id(state)] = (state, menu)
        if len(self._menus) > 32:
            # Another thread may change the dict meanwhile: then nothing is evicted this time.
            with suppress(RuntimeError, StopIteration):
                self._menus.pop(next(iter(self._menus)), None)
        return menu

    def _choices(self, state: DeceptidiceState) -> DeceptidiceChoices:
        r = state.round
        o = state.options
        if state.phase == "guessing":
            seat = r.turn
            must_reveal = (
                o.reveal_dice and not r.turn_revealed and self.hidden_dice(state, seat) > 0
            )
            return _menu(
                actor=seat,
                reveal=must_reveal,
                guesses=None if must_reveal else self.guess_menu(state),
                challenge=r.last is not None,
                **self._deck_left(state),
            )
        if state.phase == "tops":
            n = len(state.players)
            hidden = ((s, self.hidden_dice(state, s)) for s in range(n))
            return _menu(tops=tuple((s, k) for s, k in hidden if k > 0), **self._deck_left(state))
        if state.phase == "discard":
            return _menu(actor=r.loser, sizes=die_sizes(state.cards[r.loser], state.dice))
        if state.phase == "swap":
            n = len(state.players)
            other = o.swap == "another_player"
            return _menu(
                actor=r.loser,
                swap_pile=o.swap == "draw_pile" and state.draw_pile > 0,
                partners=tuple(s for s in range(n) if s != r.loser) if other else (),
                identities=o.open_hands,
                wildcards=o.wildcards,
                power_cards=o.power_cards > 0,
            )
        return _menu()

    def offers(self, state: DeceptidiceState, action) -> bool:
        if self.is_over(state) or type(action) not in self.phases[self.phase(state)]:
            return False
        menu = self.choices(state)
        if isinstance(action, Tops):
            return self._tops_fit(state, menu, action)
        if action.player != state.players[menu.actor]:
            return False
        if isinstance(action, RevealDie):
            return menu.reveal and menu.card_kind_ok(action.card) and menu.fits([action.card])
        if isinstance(action, Guess):
            return menu.guesses is not None and menu.guesses.allows(action.guess)
        if isinstance(action, Challenge):
            return menu.challenge
        if isinstance(action, Discard):
            return action.size in menu.sizes
        if isinstance(action, Swap):
            return self._swap_fits(state, menu, action)
        return isinstance(action, NoSwap)

    @staticmethod
    def _tops_fit(state: DeceptidiceState, menu: DeceptidiceChoices, action: Tops) -> bool:
        expected = {state.players[s]: k for s, k in menu.tops}
        players = [t.player for t in action.tops]
        if sorted(players) != sorted(expected):
            return False
        cards = [c for t in action.tops for c in t.cards]
        return (
            all(len(t.cards) == expected[t.player] for t in action.tops)
            and all(menu.card_kind_ok(c) for c in cards)
            and menu.fits(cards)
        )

    @staticmethod
    def _swap_fits(state: DeceptidiceState, menu: DeceptidiceChoices, action: Swap) -> bool:
        if action.partner is None:
            if not menu.swap_pile:
                return False
        elif action.partner not in state.players or (
            state.players.index(action.partner) not in menu.partners
        ):
            return False
        named = (action.give, action.take)
        if menu.identities:
            return all(c is not None and menu.card_kind_ok(c) for c in named)
        return all(c is None for c in named)

    def draw(self, state: DeceptidiceState, rng: random.Random):
        if self.is_over(state):
            return None
        menu = self.choices(state)
        if state.phase == "tops":
            return self._draw_tops(state, menu, rng)
        player = state.players[menu.actor]
        if state.phase == "discard":
            return Discard(
                player=player, size=max(menu.sizes) if rng.random() < 0.7 else min(menu.sizes)
            )
        if state.phase == "swap":
            if rng.random() < 0.4:
                return NoSwap(player=player)
            partner = None if menu.swap_pile else state.players[rng.choice(menu.partners)]
            give = take = None
            if menu.identities:
                pool = [*NUMBER_CARDS, *([WILD] if menu.wildcards else [])]
                give, take = rng.choice(pool), rng.choice(pool)
                if menu.power_cards and rng.random() < 0.2:
                    give = _random_power(rng, 1)
            return Swap(player=player, partner=partner, give=give, take=take)
        if menu.challenge and rng.random() < 0.5:
            return Challenge(player=player)
        if menu.reveal:
            return RevealDie(player=player, card=self._draw_cards(menu, 1, rng)[0])
        guess = _random_guess(menu.guesses, state.options, rng)
        if guess is None:
            return Challenge(player=player)
        return Guess(player=player, guess=guess)

    def _draw_tops(self, state, menu: DeceptidiceChoices, rng: random.Random) -> Tops:
        total = sum(k for _, k in menu.tops)
        cards = self._draw_cards(menu, total, rng)
        claim = state.round.last.guess
        claimant = state.round.last.seat
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
                        entries[i] = DieTops(
                            player=entry.player, cards=(claim.card, *entry.cards[1:])
                        )
                    break
        return Tops(tops=tuple(entries))

    @staticmethod
    def _draw_cards(menu: DeceptidiceChoices, k: int, rng: random.Random) -> list:
        pool: list = [c for c, n in menu.cards_left for _ in range(n)]
        pool += ["power"] * min(menu.power_left, 2)
        picked = rng.sample(pool, k)
        used = set(menu.power_seen)
        out = []
        for card in picked:
            if card == "power":
                power = _random_power(rng, 1)
                while power in used:
                    power = _random_power(rng, 1)
                used.add(power)
                card = power
            out.append(card)
        return out

    def points(self, state: DeceptidiceState) -> tuple[int, ...]:
        return state.cards

    def progress(self, state: DeceptidiceState) -> str:
        return f"Round {state.number}"

    def next_seats(self, state: DeceptidiceState) -> tuple[dict[str, int], str, tuple[str, ...]]:
        r = state.round
        if r.loser is None:  # asked before a round was lost: this round's Liar starts
            return {"first_liar": r.liar}, "the Liar of this round", ("DD-REMATCH",)
        return {"first_liar": r.loser}, "the loser of the last round", ("DD-REMATCH",)

    def outcome(self, state: DeceptidiceState) -> Outcome | None:
        if state.phase != "over":
            return None
        best = max(state.cards)
        winners = tuple(s for s, c in enumerate(state.cards) if c == best)
        names = [state.players[s] for s in winners]
        out = [s for s, c in enumerate(state.cards) if c <= END_AT]
        down = names_text([state.players[s] for s in out])
        fewest = min(state.cards)
        return Outcome(
            winners=winners,
            places=places(state.cards),
            headline=f"{win_text(names)} with {_cards(best)}",
            reason=f"{down} is down to {_cards(fewest)}, which ends the game; the most "
            "cards left wins.",
            rulings=("DD-END", "DD-RANKING"),
        )

    def audit(self, state: DeceptidiceState) -> list[str]:
        problems = []
        dealt = state.start * len(state.players)
        if sum(state.cards) + sum(sum(d) for d in state.discarded) != dealt:
            problems.append("cards held and dice discarded do not add up to the cards dealt")
        deck = deck_size(state.options.wildcards, state.options.power_cards)
        if state.draw_pile < 0 or state.draw_pile != deck - dealt:
            problems.append("the draw pile is not what the deal left")
        if min(state.cards) < 0:
            problems.append("a negative number of cards")
        if (state.phase == "over") != game_over(state.cards):
            problems.append("the game's end does not match the cards held")
        return problems

    # -- dispatch ----------------------------------------------------------------------

    def handlers(self):
        if getattr(self, "_handlers", None) is None:
            self._handlers = self._handler_table()
        return self._handlers

    def _handler_table(self):
        return {
            RevealDie: self._reveal_die,
            Guess: self._guess,
            Challenge: self._challenge,
            Tops: self._tops,
            Discard: self._discard,
            Swap: self._swap,
            NoSwap: self._no_swap,
        }

    def _actor(self, state: DeceptidiceState, player: str, menu: DeceptidiceChoices) -> int:
        seat = self.seat_of(state, player)
        if seat != menu.actor:
            actor = state.players[menu.actor]
            if state.phase in ("discard", "swap"):
                what = "discards a die" if state.phase == "discard" else "may swap a card"
                raise IllegalAction(f"{actor} lost the round and {what}, not {player}.")
            raise IllegalAction(f"It is {actor}'s turn, not {player}'s.")
        return seat

    # -- cards face up -----------------------------------------------------------------

    def _check_cards(self, state: DeceptidiceState, menu: DeceptidiceChoices, cards) -> None:
        """Refuse cards this deck lacks or has no copy left of, by the menu's own tests."""
        for card in cards:
            if not menu.card_kind_ok(card):
                if isinstance(card, PowerCard):
                    raise InvalidAction(
                        "Power cards are not in this game's deck: the table plays without "
                        "the expansion."
                    )
                raise InvalidAction(
                    "Wildcards are not in this game's deck: the table plays without the expansion."
                )
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
        for card, n in plain.items():
            if n > left[card]:
                have = WILDCARDS if card == WILD else COPIES_EACH
                what = (
                    f"{have} wildcards"
                    if card == WILD
                    else f"{have} copies of {card_name(card, names)}"
                )
                raise InvalidAction(
                    f"The deck has only {what}, but {have - left[card] + n} were entered "
                    "this round."
                )
        raise InvalidAction("These cards cannot all be face up at once.")  # pragma: no cover

    def _reveal_die(self, state: DeceptidiceState, action: RevealDie):
        menu = self.choices(state)
        seat = self._actor(state, action.player, menu)
        r = state.round
        if not menu.reveal:
            if not state.options.reveal_dice:
                raise IllegalAction(
                    "Dice are revealed one per turn only in the reveal-one-die variant, "
                    "which this table does not play."
                )
            if r.turn_revealed:
                raise IllegalAction(
                    f"{action.player} has already revealed a die this turn: guess or challenge."
                )
            raise IllegalAction(
                f"{action.player} has revealed all {state.dice} dice this round; there is "
                "nothing left to reveal."
            )
        self._check_cards(state, menu, [action.card])
        revealed = list(r.revealed)
        revealed[seat] = (*revealed[seat], action.card)
        new = state.model_copy(
            update=dict(
                round=r.model_copy(update=dict(revealed=tuple(revealed), turn_revealed=True))
            )
        )
        hidden = self.hidden_dice(new, seat)
        names = names_of(state)
        return new, Verdict(
            headline=f"{action.player} reveals a die: {card_name(action.card, names)}",
            details=(
                f"{hidden} of {action.player}'s dice still face down this round.",
                f"{action.player} now guesses higher or challenges.",
            ),
            rulings=("DD-REVEAL", "DD-REVEAL-FIRST"),
        )

    # -- guesses -----------------------------------------------------------------------

    def _guess(self, state: DeceptidiceState, action: Guess):
        menu = self.choices(state)
        seat = self._actor(state, action.player, menu)
        player = action.player
        guess = action.guess
        o = state.options
        if menu.reveal:
            raise IllegalAction(
                f"{player} first reveals one of their dice not yet revealed (reveal-one-die "
                "variant)."
            )
        if isinstance(guess, StraightGuess) and not o.straights:
            raise IllegalAction("Straights are a variant this table does not play.")
        if isinstance(guess, VagueGuess) and not o.vague:
            raise IllegalAction("Vague guesses are a variant this table does not play.")
        if isinstance(guess, PowerClaim) and not o.power_cards:
            raise IllegalAction(
                "Power claims need the power cards expansion, which this table does not play."
            )
        if has_modifier(guess) and o.introductory:
            raise IllegalAction(
                "The introductory game has no modifiers: no 'less than' and no 'without'."
            )
        if not isinstance(guess, PowerClaim) and guess.count == 0:
            raise InvalidAction("A guess of 0 cards is no guess: COUNT starts at 1.")
        last = state.round.last
        previous = last.guess if last is not None else None
        higher = guesses.is_higher(previous, guess, o)
        if not menu.guesses.allows(guess):
            raise IllegalAction(
                f"Not higher than {state.players[last.seat]}'s guess. {higher.reason}"
            )
        r = state.round
        n = len(state.players)
        nxt = (seat + 1) % n
        new = state.model_copy(
            update=dict(
                round=r.model_copy(
                    update=dict(
                        ladder=(*r.ladder, LadderEntry(seat=seat, guess=guess)),
                        turn=nxt,
                        turn_revealed=False,
                    )
                )
            )
        )
        names = names_of(state)
        warning = guesses.never_true(guess, state.dice_in_play, o.wildcards)
        details = [
            higher.reason
            if previous is not None
            else f"{player} is the Liar and opens the round: any guess will do."
        ]
        rulings = [higher.ruling, "DD-TURN"]
        if has_modifier(guess):
            rulings += [
                "DD-MODIFIERS",
                "DD-LESS-THAN" if isinstance(guess, NumberGuess) else "DD-WITHOUT",
            ]
        if isinstance(guess, PowerClaim):
            rulings.append("DD-POWER-ENTRY")
        if warning:
            details.append(f"Accepted, but it can never be true: {warning}.")
            rulings.append("DD-COUNT")
        nxt_name = state.players[nxt]
        if not self.guess_menu(new).any:
            details.append(f"Nothing higher is left: {nxt_name} can only challenge.")
        else:
            details.append(f"{nxt_name} guesses higher or challenges.")
        return new, Verdict(
            headline=f"{player} guesses {guesses.describe(guess, names)}"
            + (" (it can never be true)" if warning else ""),
            details=tuple(details),
            rulings=tuple(dict.fromkeys(rulings)),
        )

    def _challenge(self, state: DeceptidiceState, action: Challenge):
        menu = self.choices(state)
        seat = self._actor(state, action.player, menu)
        if not menu.challenge:
            raise IllegalAction(
                "There is no guess to challenge yet: the Liar opens the round with a guess."
            )
        r = state.round
        last = r.last
        guesser = state.players[last.seat]
        new = state.model_copy(
            update=dict(phase="tops", round=r.model_copy(update=dict(challenger=seat, turn=None)))
        )
        if not any(self.hidden_dice(new, s) for s in range(len(state.players))):
            # every die was revealed during the round: judge at once
            return self._settle(new, {})
        names = names_of(state)
        kept = sum(len(t) for t in r.revealed)
        details = [
            f"{guesser} guessed {guesses.describe(last.guess, names)}.",
            f"Turn every die face up and enter its top card: {state.dice_in_play} dice"
            + (f", {kept} already revealed." if kept else "."),
        ]
        return new, Verdict(
            headline=f"{action.player} challenges {guesser}'s guess",
            details=tuple(details),
            rulings=("DD-CHALLENGE", "DD-TOPS"),
        )

    # -- the challenge's verdict -------------------------------------------------------

    def _tops(self, state: DeceptidiceState, action: Tops):
        menu = self.choices(state)
        expected = dict(menu.tops)
        entered = flow.collect(
            state.players,
            ((t.player, t.cards) for t in action.tops),
            expected,
            "enter top cards",
            why_not=lambda s: (
                f"{state.players[s]}'s dice were all revealed this round; "
                "their tops are already in."
            ),
        )
        for seat, cards in entered.items():
            if len(cards) != expected[seat]:
                what = "not yet revealed" if state.round.revealed[seat] else "on the table"
                raise InvalidAction(
                    f"{state.players[seat]} has {expected[seat]} dice {what}: enter "
                    f"{expected[seat]} top cards, not {len(cards)}."
                )
        self._check_cards(state, menu, [c for cards in entered.values() for c in cards])
        return self._settle(state, entered)

    def _settle(self, state: DeceptidiceState, entered: dict[int, tuple]):
        """Judge the challenged guess from every top: revealed ones and `entered`."""
        r = state.round
        n = len(state.players)
        tops = tuple((*r.revealed[s], *entered.get(s, ())) for s in range(n))
        flat = [c for seat_tops in tops for c in seat_tops]
        owners = [s for s in range(n) for _ in tops[s]]
        last = r.last
        names = names_of(state)
        verdict = judge(last.guess, flat, owners, last.seat, names)
        loser = truth.loser(verdict, last.seat, r.challenger)
        new = state.model_copy(
            update=dict(phase="discard", round=r.model_copy(update=dict(tops=tops, loser=loser)))
        )
        guesser, challenger = state.players[last.seat], state.players[r.challenger]
        matched = {m.index: m for m in verdict.matches}
        lines = [
            f"{guesser} guessed {guesses.describe(last.guess, names)}; {challenger} challenged."
        ]
        i = 0
        for seat in range(n):
            shown = []
            for card in tops[seat]:
                text = card_name(card, names)
                m = matched.get(i)
                if m is not None:
                    text += f" (as {m.stands_for}) ✓" if m.stands_for else " ✓"
                shown.append(text)
                i += 1
            lines.append(f"{state.players[seat]}: {', '.join(shown)}.")
        if isinstance(last.guess, PowerClaim):
            lines.append(self._power_owner(state, tops, last.seat, last.guess.card))
        lines += verdict.lines
        name = state.players[loser]
        if verdict.true:
            lines.append(f"The guess was true, so the challenger, {challenger}, loses.")
        else:
            lines.append(f"The guess was false, so {guesser}, who made it, loses.")
        lines.append(
            f"{name} discards one die ({state.cards[loser]} cards make dice of "
            f"{sizes_text(split(state.cards[loser], state.dice))}) and is the next Liar."
        )
        return new, Verdict(
            headline=f"{name} loses: {verdict_phrase(verdict, last.guess, names)}",
            details=tuple(lines),
            rulings=tuple(dict.fromkeys([*verdict.rulings, "DD-CHALLENGE"])),
            decisive=True,
            scored_next=True,
        )

    @staticmethod
    def _power_owner(state: DeceptidiceState, tops, claimant: int, card: PowerCard) -> str:
        """Whose die the claimed power card was on, in words."""
        holders = [s for s, seat_tops in enumerate(tops) if card in seat_tops]
        name = state.players[claimant]
        what = f"The power card {guesses.power_text(card)}"
        if claimant in holders:
            return f"{what} is the top of one of {name}'s own dice."
        if holders:
            return f"{what} is on {state.players[holders[0]]}'s die, not on {name}'s."
        return f"{what} is on no die at all."

    # -- after the verdict -------------------------------------------------------------

    def _discard(self, state: DeceptidiceState, action: Discard):
        menu = self.choices(state)
        seat = self._actor(state, action.player, menu)
        held = state.cards[seat]
        if action.size not in menu.sizes:
            raise IllegalAction(
                f"{action.player}'s {held} cards make dice of "
                f"{sizes_text(split(held, state.dice))}: no die holds {action.size}."
            )
        cards = list(state.cards)
        cards[seat] -= action.size
        discarded = list(state.discarded)
        discarded[seat] = (*discarded[seat], action.size)
        new = state.model_copy(update=dict(cards=tuple(cards), discarded=tuple(discarded)))
        change = ScoreChange(player=action.player, before=held, after=cards[seat])
        said = (
            f"{action.player} discards a die of {_cards(action.size)}, face up: "
            f"{_cards(cards[seat])} left."
        )
        if game_over(cards):
            new = new.model_copy(update=dict(phase="over"))
            ended = self.outcome(new)
            ranking = [
                f"{place}. {state.players[s]}: {_cards(new.cards[s])}"
                for place, s in ended.standings()
            ]
            return new, Verdict(
                headline=ended.headline,
                details=(said, ended.reason, "Final ranking:", *ranking),
                rulings=("DD-CHALLENGE", *ended.rulings),
                changes=(change,),
                decisive=True,
            )
        o = state.options
        if o.swap == "another_player" or (o.swap == "draw_pile" and state.draw_pile > 0):
            with_whom = "the draw pile" if o.swap == "draw_pile" else "another player"
            return new.model_copy(update=dict(phase="swap")), Verdict(
                headline=said.rstrip("."),
                details=(f"{action.player} may now swap one card with {with_whom}.",),
                rulings=("DD-CHALLENGE", "DD-SWAP" if o.swap == "draw_pile" else "DD-SWAP-PLAYER"),
                changes=(change,),
            )
        rulings = ["DD-CHALLENGE"]
        extra = []
        if o.swap == "draw_pile":
            extra.append("The draw pile is empty, so there is no swap.")
            rulings.append("DD-SWAP")
        new, start = self._next_round(new, seat)
        return new, Verdict(
            headline=said.rstrip("."),
            details=(*extra, *start),
            rulings=(*rulings, "DD-START"),
            changes=(change,),
        )

    def _swap(self, state: DeceptidiceState, action: Swap):
        menu = self.choices(state)
        seat = self._actor(state, action.player, menu)
        if action.partner is None:
            if not menu.swap_pile:
                raise IllegalAction("This table swaps with another player: say with whom.")
            with_whom = "the draw pile"
        else:
            partner = self.seat_of(state, action.partner)
            if partner not in menu.partners:
                raise IllegalAction(
                    f"{action.player} cannot swap with themself."
                    if partner == seat
                    else "This table swaps with the draw pile, not with another player."
                )
            with_whom = action.partner
        names = names_of(state)
        if menu.identities:
            if action.give is None or action.take is None:
                raise InvalidAction(
                    "Hands are open: name the card given and the card taken in the swap."
                )
            self._check_kinds(menu, (action.give, action.take))
            said = (
                f"{action.player} swaps {card_name(action.give, names)} for "
                f"{card_name(action.take, names)} from {with_whom}"
            )
        else:
            if action.give is not None or action.take is not None:
                raise InvalidAction("Hands are closed: a swap is secret, so name no card.")
            said = f"{action.player} swaps a card with {with_whom}"
        new = state.model_copy(update=dict(swaps=state.swaps + 1))
        new, start = self._next_round(new, seat)
        ruling = "DD-SWAP" if action.partner is None else "DD-SWAP-PLAYER"
        rulings = [ruling, "DD-START"] + (["DD-OPEN"] if menu.identities else [])
        return new, Verdict(
            headline=said,
            details=("Hand sizes do not change.", *start),
            rulings=tuple(rulings),
        )

    def _check_kinds(self, menu: DeceptidiceChoices, cards) -> None:
        for card in cards:
            if not menu.card_kind_ok(card):
                what = "Power cards" if isinstance(card, PowerCard) else "Wildcards"
                raise InvalidAction(
                    f"{what} are not in this game's deck: the table plays without the expansion."
                )

    def _no_swap(self, state: DeceptidiceState, action: NoSwap):
        menu = self.choices(state)
        seat = self._actor(state, action.player, menu)
        new, start = self._next_round(state, seat)
        ruling = "DD-SWAP" if state.options.swap == "draw_pile" else "DD-SWAP-PLAYER"
        return new, Verdict(
            headline=f"{action.player} keeps their cards",
            details=start,
            rulings=(ruling, "DD-START"),
        )

    def _next_round(self, state: DeceptidiceState, liar: int):
        n = len(state.players)
        new = state.model_copy(
            update=dict(
                phase="guessing",
                number=state.number + 1,
                round=RoundState.fresh(n, liar),
            )
        )
        dice = ", ".join(
            f"{name} {sizes_text(split(state.cards[s], state.dice))}"
            for s, name in enumerate(state.players)
        )
        return new, (
            f"Round {new.number}: {state.players[liar]} is the Liar and guesses first.",
            f"Make {state.dice} dice each: {dice}.",
        )


# -- cached arithmetic (pure functions of hashable values) -------------------------------


def _menu(**fields) -> DeceptidiceChoices:
    return DeceptidiceChoices(**fields)


@lru_cache(maxsize=4096)
def _guess_menu(previous, o: DeceptidiceOptions) -> GuessMenu:
    def capped(value: int) -> int | None:
        return value if value <= MAX_COUNT else None

    straight: tuple[tuple[int, int], ...] = ()
    if o.straights:
        mins = ((e, least(previous, STRAIGHT, e, o.power_always)) for e in NUMBERS)
        straight = tuple((e, m) for e, m in mins if m <= MAX_COUNT)
    return GuessMenu(
        specific=capped(least(previous, SPECIFIC, None, o.power_always)),
        straight=straight,
        vague=capped(least(previous, VAGUE, None, o.power_always)) if o.vague else None,
        power=capped(least(previous, POWER, None, o.power_always)) if o.power_cards else None,
        modifiers=not o.introductory,
    )


@lru_cache(maxsize=4096)
def _deck_left(seen: tuple, wildcards: bool, power_cards: int) -> tuple:
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


# -- random play (tests and autoplay) ----------------------------------------------------


def _random_power(rng: random.Random, least_value: int) -> PowerCard:
    combo = rng.choice(["numbers", "numbers", "colours", "run"])
    if combo == "run":
        sizes = (rng.randint(2, 6),)
    else:
        groups = rng.randint(1, 3)
        sizes = tuple(rng.randint(1, 3) for _ in range(groups))
    value = min(MAX_COUNT, least_value + rng.choice([0, 0, 1, 2, 4]))
    return PowerCard(combo=combo, sizes=sizes, value=value)


def _random_guess(menu: GuessMenu | None, options: DeceptidiceOptions, rng: random.Random):
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
    if form == "number":
        return NumberGuess(
            count=count(menu.specific), number=rng.choice(NUMBERS), less_than=modifier
        )
    if form == "colour":
        return ColourGuess(count=count(menu.specific), colour=rng.choice(COLOURS), without=modifier)
    if form == "straight":
        element, low = rng.choice(menu.straight)
        return StraightGuess(count=count(low), element=element)
    if form == "vague":
        return VagueGuess(count=count(menu.vague), of=rng.choice(["number", "colour"]))
    return PowerClaim(card=_random_power(rng, menu.power))
