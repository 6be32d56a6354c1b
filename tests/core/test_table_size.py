"""A game's table size: too few or too many players is refused with a sentence that says
how many the game takes and how many were named."""

import pytest

from referee.core.errors import InvalidAction
from referee.games import GAMES


class TestTableSize:
    @pytest.mark.parametrize(
        "players,said",
        [
            ([], "Fairy Bucks is for 2-5 players, and no player is named yet."),
            (["Ana"], "Fairy Bucks is for 2-5 players, and only 1 player is named."),
            (list("ABCDEF"), "Fairy Bucks is for 2-5 players, not 6."),
        ],
    )
    def test_a_table_outside_the_games_size_is_refused(self, players, said):
        with pytest.raises(InvalidAction) as refused:
            GAMES["fairybucks"].verify_players(players)
        assert refused.value.reason == said
