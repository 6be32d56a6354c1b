"""The contract every game module fulfils, so the session, store and app treat games alike."""

from collections.abc import Callable, Sequence
from typing import Any, ClassVar, Generic, TypeVar

from pydantic import BaseModel, TypeAdapter, ValidationError

from referee.core.errors import GameOver, InvalidAction
from referee.core.record import typed_record_model
from referee.core.rulings import RulingBook
from referee.core.verdict import Verdict

State = TypeVar("State", bound=BaseModel)
Options = TypeVar("Options", bound=BaseModel)


class GameRules(Generic[State, Options]):
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

    def __init__(self) -> None:
        self._actions = TypeAdapter(self.action_type)
        self.record_model = typed_record_model(self.kind, self.options_model, self.action_type)

    def parse_action(self, data: Any) -> BaseModel:
        try:
            return self._actions.validate_python(data)
        except ValidationError as exc:
            first = exc.errors()[0]
            where = ".".join(str(p) for p in first["loc"])
            raise InvalidAction(f"Not an action of {self.title}: {where} {first['msg']}.") from exc

    def parse_options(self, data: Any) -> Options:
        try:
            return self.options_model.model_validate(data or {})
        except ValidationError as exc:
            first = exc.errors()[0]
            field = (
                self.options_model.model_fields.get(str(first["loc"][0])) if first["loc"] else None
            )
            what = field.title if field and field.title else ".".join(map(str, first["loc"]))
            raise InvalidAction(f"{what}: {first['msg']}.") from exc

    def verify_players(self, players: Sequence[str]) -> None:
        names = [p.strip() for p in players]
        if not self.min_players <= len(names) <= self.max_players:
            raise InvalidAction(
                f"{self.title} is for {self.min_players}-{self.max_players} players, "
                f"not {len(names)}."
            )
        if any(not n for n in names):
            raise InvalidAction("Every player needs a name.")
        if len({n.casefold() for n in names}) != len(names):
            raise InvalidAction(
                "Two players have the same name; add an initial to tell them apart."
            )

    @staticmethod
    def seat_of(state, player: str) -> int:
        """The seat of a named player, or InvalidAction for a name not at this table."""
        try:
            return state.players.index(player)
        except ValueError:
            raise InvalidAction(f"{player!r} is not playing in this game.") from None

    def new_state(self, players: Sequence[str], options: Options) -> State:
        raise NotImplementedError

    def apply(self, state: State, action: BaseModel) -> tuple[State, Verdict]:
        if self.is_over(state):
            raise GameOver("The game is over. Undo the last action to change the ending.")
        return self.handlers()[type(action)](state, action)

    def handlers(self) -> dict[type, Callable[[State, Any], tuple[State, Verdict]]]:
        """Each action type of the game, and the method that applies it."""
        raise NotImplementedError

    def is_over(self, state: State) -> bool:
        raise NotImplementedError

    def summary(self, state: State) -> str:
        """One line for the games list (leader, round, winner)."""
        raise NotImplementedError
