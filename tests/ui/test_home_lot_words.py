"""Home's tile of a Fairy Bucks game says where the game stands as its table does (issue
54: it said "Lot 2" between lots, while the table said to turn up the next lot): the lot
being auctioned while it is, the lot done last between lots, and that every lot is done
once only the castle's item is to come."""

from tests.helpers import lot, reveal_bucks, run_async
from tests.ui.devices import controls, device, texts_of

PLAYERS = ["Ana", "Bo", "Cy"]
FULL = lot((5, "moon"), (3, "sun"), (2, "star"))
SHORT = lot((5, "moon"), (3, "sun"))  # a short lot is the last one (FB-ITEM-LIMITS)
ALL_POOF = reveal_bucks(Ana="poof", Bo="poof", Cy="poof")  # the lot is discarded


def home_tile_after(lives, *actions) -> str:
    """What the game's tile on home says of its progress, `actions` played."""

    async def run():
        app, session = device(lives)
        app.games.start_game("fairybucks", PLAYERS, {})
        for action in actions:
            app.game.play(app.game.rules.parse_action(action))
        game = f"game-{app.game.game_id}"
        app.go("/")
        (tile,) = [c for c in controls(session.page.views[-1]) if c.key == game]
        return texts_of(tile)

    # Its name, where it stands (and who leads), when it was last played, its Resume.
    _name, progress, _when, _resume = run_async(run())
    return progress.split(";")[0]


def test_home_says_the_lot_done_last_between_lots_not_the_next_one(lives):
    assert home_tile_after(lives) == "Before the first lot"
    assert home_tile_after(lives, FULL) == "Lot 1"  # its auction under way
    assert home_tile_after(lives, FULL, ALL_POOF) == "After lot 1"


def test_home_says_every_lot_is_done_when_only_the_castle_item_is_to_come(lives):
    assert home_tile_after(lives, SHORT, ALL_POOF) == "Every lot is done"
