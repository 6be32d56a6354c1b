"""Hearing a move: pocketsphinx listens for the phrases of one state (`core/spoken`), in
the referee's own process; audio is decoded and dropped, never stored or sent."""
