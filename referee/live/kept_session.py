"""A game at the table: a rules session kept in step with its stored log.

Every change goes rules-first (pure, may refuse), then to the store in one transaction;
only when both succeed does the session keep the change, so the two never disagree. Each
write names the revision this table last saw, so a table that fell behind another device
or process is refused (StaleWrite) instead of writing over the newer game.
"""

from pydantic import BaseModel

from referee.core.errors import RefereeError
from referee.core.names import new_names
from referee.core.record import GameRecord
from referee.core.rules import Rematch
from referee.core.session import ReplayError, Session
from referee.core.verdict import Verdict
from referee.games import rules_for
from referee.storage.store import Store


class StoredAlready(RefereeError):
    """An imported record is a game stored already (`once.same_game`): not stored twice."""

    def __init__(self, game_id: int) -> None:
        super().__init__(
            f"This game is stored already (game {game_id}); it was not imported again."
        )
        self.game_id = game_id


class KeptSession:
    def __init__(self, store: Store, game_id: int, session: Session, revision: int = 0) -> None:
        self.store = store
        self.game_id = game_id
        self.session = session
        self.revision = revision

    @classmethod
    def new(cls, store: Store, record: GameRecord) -> "KeptSession":
        """A new game, or an imported record, saved as a new game. Its names must pass
        the rules for new tables (nothing invisible, no two alike); a stored game is
        resumed without them, so games saved before those rules still open."""
        new_names(record.players)
        session = Session(rules_for(record.game), record)  # players and options first
        # An imported record may arrive with points, or over: stored as it stands.
        st = session.rules.standing(session.state)
        # An imported record keeps when it was played.
        played = session.record().model_copy(update=record.dates())
        game_id = store.create_game(
            played, st.summary, st.points, finished=st.finished, places=st.places
        )
        return cls(store, game_id, session)

    @classmethod
    def imported(cls, store: Store, record: GameRecord) -> "KeptSession":
        """An imported record saved as a new game, as `new` does, unless the same game is
        stored already: then StoredAlready names it and nothing is saved."""
        new_names(record.players)
        session = Session(rules_for(record.game), record)
        st = session.rules.standing(session.state)
        played = session.record().model_copy(update=record.dates())  # as `new` keeps them
        [(game_id, new)] = store.once.import_games([(played, st)])
        if not new:
            raise StoredAlready(game_id)
        return cls(store, game_id, session)

    @classmethod
    def again(cls, store: Store, of: "KeptSession") -> tuple[int, Rematch]:
        """Play again of `of`: the id of the game the first tap made, on whichever device
        or process, or of a new one; and what the rules say of it (who starts, and why)."""
        rematch = of.rematch()
        new_names(rematch.record.players)
        session = Session(rules_for(rematch.game), rematch.record)
        st = session.rules.standing(session.state)
        return store.once.create_rematch(
            of.game_id, session.record(), st.summary, st.points
        ), rematch

    @classmethod
    def resume(cls, store: Store, game_id: int) -> "KeptSession":
        stored = store.load(game_id)
        session = Session(rules_for(stored.record.game), stored.record, stored.redo)
        return cls(store, game_id, session, stored.revision)

    @property
    def rules(self):
        return self.session.rules

    @property
    def state(self):
        return self.session.state

    def _meta(self) -> dict:
        st = self.rules.standing(self.state)
        return dict(
            summary=st.summary,
            finished=st.finished,
            revision=self.revision,
            points=st.points,
            places=st.places,
        )

    def rematch(self) -> Rematch:
        """Play again: the same table and options, the first seat handed on by the rules
        (`rematch.record` starts it, `rematch.note` says who starts and why)."""
        return self.rules.rematch(self.state)

    def play(self, action: BaseModel | dict) -> Verdict:
        saved = self.session.snapshot()
        verdict = self.session.play(action)
        self._save(
            saved,
            lambda: self.store.log.append(
                self.game_id,
                self.session.steps[-1].action.model_dump(mode="json"),
                **self._meta(),
            ),
        )
        return verdict

    def undo(self) -> BaseModel:
        saved = self.session.snapshot()
        action = self.session.undo()
        self._save(saved, lambda: self.store.log.undo(self.game_id, **self._meta()))
        return action

    def redo(self) -> Verdict:
        saved = self.session.snapshot()
        verdict = self.session.redo()
        self._save(saved, lambda: self.store.log.redo(self.game_id, **self._meta()))
        return verdict

    def replace(self, actions: list[dict], redo: list[dict], note: str) -> Session:
        """Write a whole new log (an edit anywhere in it, or an earlier version restored)
        as one change. The new log is replayed first: if any action no longer applies,
        ReplayError says which and nothing is written. The log it replaces is kept as a
        version (store.log.versions)."""
        session = Session(self.rules, self._record(actions), redo)
        saved = self.session
        self.session = session
        try:
            self.revision = self.store.log.replace(
                self.game_id,
                [s.action.model_dump(mode="json") for s in session.steps],
                session.redo_actions,
                note=note,
                **self._meta(),
            )
        except Exception:
            self.session = saved
            raise
        return session

    def restore_version(self, version_id: int) -> Session:
        """Bring back an earlier log of this game (kept by `replace`), as one change; the
        log it replaces is kept in turn, so a restore can itself be undone."""
        found = next(
            (v for v in self.store.log.versions(self.game_id) if v["id"] == version_id), None
        )
        if found is None:
            raise RefereeError("That earlier version of the game is no longer stored.")
        try:
            return self.replace(
                found["actions"], found["redo"], f"Restored the version of {found['saved']}"
            )
        except ReplayError as exc:
            raise RefereeError(f"That version cannot be restored: {exc.reason}") from exc

    def _record(self, actions: list[dict]) -> GameRecord:
        s = self.session
        return GameRecord(
            game=self.rules.kind,
            players=list(s.players),
            options=s.options.model_dump(mode="json"),
            actions=list(actions),
        )

    def _save(self, saved, write) -> None:
        """Write the change; if the store refuses, the session goes back to how it was."""
        try:
            self.revision = write()
        except Exception:
            self.session.restore(saved)
            raise
