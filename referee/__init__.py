"""referee: a table-companion that keeps score and settles disputes for five card games."""

__version__ = "0.1.0"
