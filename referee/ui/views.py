"""Which view draws which game: one line per game, checked against GAMES by a test."""

from referee.ui.deceptidice_view import DeceptidiceView
from referee.ui.faeker_view import FaekerView
from referee.ui.fairy_view import FairyView
from referee.ui.fairybucks_view import FairyBucksView
from referee.ui.faj_view import FajView
from referee.ui.game_view import GameView

VIEWS: dict[str, type[GameView]] = {
    "faeker": FaekerView,
    "faj": FajView,
    "fairybucks": FairyBucksView,
    "fairy": FairyView,
    "deceptidice": DeceptidiceView,
}
