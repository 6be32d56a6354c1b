"""How the referee reads High card."""

from referee.core.rulings import Ruling, RulingBook
from tests.sixth_game.game.model import HighCardOptions

RULINGS = RulingBook(
    [
        Ruling(
            id="HC-CARDS",
            source="printed",
            title="The cards",
            text="Each card is a number from 1 to 10.",
        ),
        Ruling(
            id="HC-AT-ONCE",
            source="printed",
            title="At once",
            text="Both players put their card down at the same time.",
            option="order",
            when="at_once",
        ),
        Ruling(
            id="HC-IN-TURN",
            source="printed",
            title="In turn",
            text="The first player puts a card down, then the second.",
            option="order",
            when="in_turn",
        ),
        Ruling(
            id="HC-HIGHER",
            source="printed",
            title="The higher card",
            text="The higher card takes a point.",
        ),
        Ruling(
            id="HC-TIE", source="printed", title="Equal cards", text="Equal cards take no point."
        ),
        Ruling(
            id="HC-END",
            source="printed",
            title="The end",
            text="The first player to 3 points wins.",
        ),
    ],
    options=HighCardOptions,
)
