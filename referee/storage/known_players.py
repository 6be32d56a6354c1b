"""Who played here before, as the store reads it (`store.players`): the names New game
and the statistics offer, the order the players' colours follow, and the tables New game
suggests. A part of the store; each answer is kept until the file changes, since these
screens read them at every visit."""

import contextlib

from referee.core.errors import InvalidAction
from referee.core.names import new_name
from referee.core.record import read_json
from referee.storage.database import Part
from referee.storage.kept_reads import kept_read
from referee.storage.players import RecentTable, first_seen, recent_tables
from referee.storage.reading import readable_tables


class Players(Part):
    @kept_read
    def known(self) -> list[str]:
        """Names used before, most recently played first; unreadable rows, and names a
        new game would refuse (stored before that rule), are skipped."""
        seen: dict[str, None] = {}
        with self.db.reading() as conn:
            for (players,) in conn.execute(
                "SELECT players FROM games ORDER BY updated DESC, id DESC"
            ):
                try:
                    names = read_json(players)
                except InvalidAction:
                    continue
                for name in names if isinstance(names, list) else []:
                    with contextlib.suppress(InvalidAction):
                        seen.setdefault(new_name(name), None)
        return list(seen)

    @kept_read
    def order(self) -> list[str]:  # what colours follow: see players.first_seen
        with self.db.reading() as conn:
            return first_seen(p for (p,) in conn.execute("SELECT players FROM games ORDER BY id"))

    @kept_read
    def recent_tables(self, limit: int = 5) -> list[RecentTable]:
        """The tables that played lately, most recent first: each its players in seat
        order, its game and when it last played (New game's suggestions). Games this
        referee cannot read are left out."""
        with self.db.reading() as conn:
            rows = conn.execute(
                "SELECT kind, players, updated FROM games ORDER BY updated DESC, id DESC"
            )
            return recent_tables(readable_tables(rows), limit)
