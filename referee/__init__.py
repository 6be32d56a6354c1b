"""referee: a table-companion that keeps score and settles disputes for five card games."""

__version__ = "0.1.0"

NAME = "referee"
DESCRIPTION = (
    "A table-companion referee for five card games: scores, rounds, bids and verdicts "
    "that explain themselves."
)
