"""The contract every game fulfils, so the session, store, views and tests treat games alike.

Besides `apply`, a game answers the questions every screen and test asks, from one place:

- `phases`: for each phase, the action types it allows; `apply` checks it once, so an
  action of the wrong phase gets one sentence and no handler needs its own guard;
- `to_act(state)`: the seats whose input the game waits for now (one bidder, or every
  player still in a simultaneous choice);
- `choices(state)`: a typed menu of the legal values (bids from the minimum up, cards a
  player may show, ...). The handlers refuse by the same menu, so a view that offers only
  what the menu holds can never offer a refused action;
- `offers(state, action)`: does the menu hold this action (the membership test), and
  `draw(state, rng)`: one concrete action from the menu (random play, autoplay);
- `outcome(state)`: winners, places with ties, the reason and the ruling, once over;
- `standing(state)`: what the store keeps of it after every change (no replay needed);
- `rematch(state)`: the next game of the same table, as the rules hand the first seat on.
"""

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any, ClassVar, Generic, Protocol, TypeVar, cast

from pydantic import BaseModel, TypeAdapter, ValidationError

from referee.core import flow
from referee.core.errors import GameOver, IllegalAction, InvalidAction, RefereeError
from referee.core.explain import explain_validation
from referee.core.names import clean_name, name_key
from referee.core.outcome import Outcome, Standing, names_text
from referee.core.play_log import PlayLog
from referee.core.record import GameRecord, typed_record_model
from referee.core.rulings import RulingBook
from referee.core.said import Said
from referee.core.values import Snapshot
from referee.core.verdict import Verdict
from referee.core.words import amount


class TableState(Protocol):
    """What the contract reads of every game's state (each a pydantic model)."""

    @property
    def players(self) -> tuple[str, ...]: ...

    @property
    def options(self) -> BaseModel: ...

    @property
    def phase(self) -> str: ...


State = TypeVar("State", bound=TableState)
Options = TypeVar("Options", bound=BaseModel)
Choices = TypeVar("Choices", bound=BaseModel)


def seat_fields(options_model: type[BaseModel]) -> tuple[str, ...]:
    """The options that name a seat (the first dealer, the first Liar), in field order."""
    return tuple(
        name
        for name, field in options_model.model_fields.items()
        if isinstance(field.json_schema_extra, dict) and field.json_schema_extra.get("seat")
    )


def action_label(action: BaseModel) -> str:
    """What an action is called ("A bid"): every action model declares a `label`."""
    label: str = action.label  # type: ignore[attr-defined]  # a ClassVar BaseModel lacks
    return label


# The fallback of `GameRules.next_seats` for a game whose rules name nobody: said in the
# note of its rematch, since no ruling of the game covers it.
NEXT_SEAT_FALLBACK = "the rules do not say who starts the next game, so it moves one seat left"


class Rematch(Snapshot):
    """Play again: the same players in the same seats and the same options, with each
    seat option (the first dealer, the first Liar) handed on by the game's rules."""

    game: str
    players: tuple[str, ...]
    options: dict[str, Any]  # as a record holds them
    note: str  # "First dealer: Bo (the dealer moves on one seat, as between rounds)."
    rulings: tuple[str, ...]

    @property
    def record(self) -> GameRecord:
        """The new game's record, with no actions yet."""
        return GameRecord(game=self.game, players=list(self.players), options=self.options)


class GameRules(Generic[State, Options, Choices]):
    """Pure rules of one game: no I/O, no clock, no UI.

    `apply` never mutates its input; it returns a new state and a verdict, or raises a
    RefereeError and leaves everything as it was.
    """

    kind: ClassVar[str]
    title: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    options_model: ClassVar[type[BaseModel]]
    action_type: ClassVar[Any]
    rulings: ClassVar[RulingBook]
    overview: ClassVar[str]  # how the game goes, in the project's own words
    unit: ClassVar[str] = "points"  # what `points` counts ("cubes", "cards won")
    # What a score chart steps by: each decisive verdict ends one ("tricks", "lots").
    moments: ClassVar[str] = "rounds"
    # What a play-logging app (BG Stats) is told of this game's plays: see core/play_log.py.
    play_log: ClassVar[PlayLog] = PlayLog()
    # phase -> the action types it allows, and what the table should do in it (a sentence
    # that follows "A bid cannot be entered now.").
    phases: ClassVar[Mapping[str, tuple[type, ...]]]
    prompts: ClassVar[Mapping[str, str]]

    def __init__(self) -> None:
        self._actions: TypeAdapter[Any] = TypeAdapter(self.action_type)
        self.record_model = typed_record_model(self.kind, self.options_model, self.action_type)
        kinds = {t for allowed in self.phases.values() for t in allowed}
        assert kinds == set(self.handlers()), "every action type belongs to a phase"
        assert set(self.prompts) == set(self.phases), "every phase has a prompt"

    # -- parsing -----------------------------------------------------------------------

    def parse_action(self, data: Any) -> BaseModel:
        try:
            action: BaseModel = self._actions.validate_python(data)
        except ValidationError as exc:
            raise InvalidAction(
                explain_validation(exc, f"a {self.title} action", self.action_type)
            ) from exc
        return action

    def parse_options(self, data: Any) -> Options:
        try:
            # `options_model` is a ClassVar, which cannot name the type variable `Options`.
            return cast(Options, self.options_model.model_validate(data or {}))
        except ValidationError as exc:
            raise InvalidAction(
                explain_validation(exc, f"the {self.title} options", self.options_model)
            ) from exc

    def verify_players(self, players: Sequence[str]) -> None:
        names = [clean_name(p) for p in players]
        if not self.min_players <= len(names) <= self.max_players:
            span = f"{self.title} is for {self.min_players}-{amount(self.max_players, 'players')}"
            if len(names) > self.max_players:
                raise InvalidAction(f"{span}, not {len(names)}.")
            named = {0: "no player is named yet", 1: "only 1 player is named"}.get(
                len(names), f"only {amount(len(names), 'players')} are named"
            )
            raise InvalidAction(f"{span}, and {named}.")
        if len({name_key(n) for n in names}) != len(names):
            raise InvalidAction(
                "Two players have the same name; add an initial to tell them apart."
            )

    def verify_options(self, players: Sequence[str], options: Options) -> None:
        """Options that depend on the table (a first dealer among the players)."""
        for name in seat_fields(self.options_model):
            if getattr(options, name) >= len(players):
                title = self.options_model.model_fields[name].title or name
                raise InvalidAction(
                    f"{title} must be one of the {amount(len(players), 'players')}."
                )

    @staticmethod
    def seat_of(state: TableState, player: str) -> int:
        """The seat of a named player, or InvalidAction for a name not at this table."""
        return flow.seat_of(state.players, player)

    # -- the flow contract -------------------------------------------------------------

    def new_state(self, players: Sequence[str], options: Options) -> State:
        raise NotImplementedError

    def phase(self, state: State) -> str:
        return state.phase

    def is_over(self, state: State) -> bool:
        return not self.phases[self.phase(state)]

    def ends_game(self, state: State, action: BaseModel) -> bool:
        """Whether `action`, played now, ends the game (False for one the rules refuse):
        a table is asked before a move it did not tap scores the game."""
        try:
            after, _verdict = self.apply(state, action)
        except RefereeError:
            return False
        return self.is_over(after)

    def apply(self, state: State, action: BaseModel) -> tuple[State, Verdict]:
        if self.is_over(state):
            raise GameOver("The game is over. Undo the last action to change the ending.")
        phase = self.phase(state)
        if type(action) not in self.phases[phase]:
            raise IllegalAction(
                f"{action_label(action)} cannot be entered now. {self.prompts[phase]}."
            )
        return self.handlers()[type(action)](state, action)

    def handlers(self) -> dict[type, Callable[[State, Any], tuple[State, Verdict]]]:
        """Each action type of the game, and the method that applies it."""
        raise NotImplementedError

    def to_act(self, state: State) -> tuple[int, ...]:
        """Seats whose input the game waits for; () when the table as a whole enters
        something (a card turned up) or the game is over."""
        raise NotImplementedError

    def choices(self, state: State) -> Choices:
        raise NotImplementedError

    def offers(self, state: State, action: BaseModel) -> bool:
        """Whether `choices(state)` holds this action: what a view may offer."""
        raise NotImplementedError

    def draw(self, state: State, rng: random.Random) -> BaseModel | None:
        """One action drawn from `choices(state)`; None when the game is over."""
        raise NotImplementedError

    # Simultaneous choices (everyone reveals at once): each seat in `to_act` picks one
    # value from `pick_options`; `gather` turns the picks into the one action that
    # applies them together. Games without such a phase leave these alone.

    def pick_options(self, state: State, seat: int) -> tuple[Any, ...]:
        """What one seat may pick in the simultaneous choice the game waits for now."""
        return ()

    def verify_pick(self, state: State, seat: int, value: Any) -> None:
        if value not in self.pick_options(state, seat):
            raise IllegalAction(f"{state.players[seat]} cannot choose {value!r} now.")

    pick_noun = "choice"  # what one seat's pick is called: "Ana's guess"

    def pick_label(self, value: Any) -> str:
        """One pick as a player names it ("Lower", "the 7 of clubs")."""
        return str(value)

    def gather(self, state: State, picks: Mapping[int, Any]) -> BaseModel:
        """The action that applies every seat's pick at once."""
        raise NotImplementedError

    def picks_in(self, state: State, action: BaseModel) -> dict[int, Any]:
        """Each seat's pick in an action `gather` made (the inverse of `gather`), so a fix
        to the log starts from the picks as logged; {} for an action of no such choice."""
        return {}

    def said(self, state: State, action: BaseModel) -> Said:
        """The action in the words a player says ("Bo passes", "Cy plays 7♣"), `state`
        the table before it: each logged action's line, and what a fix of it changes."""
        raise NotImplementedError

    def outcome(self, state: State) -> Outcome | None:
        """How the game ended, or None while it goes on."""
        raise NotImplementedError

    def points(self, state: State) -> tuple[int, ...]:
        """Each seat's number on the scoreboard, in `unit`."""
        raise NotImplementedError

    def audit(self, state: State) -> list[str]:
        """What the state breaks of the game's conserved quantities (empty: nothing)."""
        return []

    def series(self, options: Options) -> str | None:
        """The name of a series this game adds up into, if the game has series."""
        return None

    def summary(self, state: State) -> str:
        """One line for the games list (leader, round, winner)."""
        return self._summary(state, self.outcome(state))

    def _summary(self, state: State, ended: Outcome | None) -> str:
        if ended is not None:
            return ended.headline
        return self.progress(state) + self._leaders(state)

    def standing(self, state: State) -> Standing:
        """What the store keeps after each change: the summary, the points, the places."""
        ended = self.outcome(state)
        return Standing(
            summary=self._summary(state, ended),
            points=tuple(self.points(state)),
            places=None if ended is None else tuple(ended.places),
        )

    # -- the next game ----------------------------------------------------------------

    def next_seats(self, state: State) -> tuple[dict[str, int], str, tuple[str, ...]]:
        """Each seat option of the next game, why (a clause), and the rulings that say so.

        A game whose rules hand the first seat on (the dealer moving on, the loser
        becoming the Liar) says so here; this fallback moves each one seat left."""
        n = len(state.players)
        seats = {
            name: (getattr(state.options, name) + 1) % n for name in seat_fields(self.options_model)
        }
        return seats, NEXT_SEAT_FALLBACK, ()

    def rematch(self, state: State) -> Rematch:
        """Play again with the same players and options (any state: usually an ending)."""
        seats, why, rulings = self.next_seats(state)
        fields = self.options_model.model_fields
        said = [
            f"{fields[name].title or name}: {state.players[seat]}" for name, seat in seats.items()
        ]
        note = f"{'; '.join(said)} ({why})." if said else "Same players, same options."
        return Rematch(
            game=self.kind,
            players=tuple(state.players),
            options=state.options.model_copy(update=seats).model_dump(mode="json"),
            note=note,
            rulings=rulings,
        )

    def progress(self, state: State) -> str:
        """Where the game stands ("Round 3"), for the games list."""
        raise NotImplementedError

    def _leaders(self, state: State) -> str:
        pts = self.points(state)
        best = max(pts)
        if all(p == best for p in pts):
            return ""
        leaders = [p for p, v in zip(state.players, pts, strict=True) if v == best]
        verb = "lead" if len(leaders) > 1 else "leads"
        return f"; {names_text(leaders)} {verb} with {amount(best, self.unit)}"
