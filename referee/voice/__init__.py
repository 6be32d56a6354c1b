"""Hearing a move: pocketsphinx listens for the phrases of one state (`core/spoken`), in
the referee's own process; audio is decoded and dropped, never stored or sent.

The sound the recogniser takes, named once for the page, the server and the recogniser."""

RATE = 16000  # samples a second, mono, 16-bit
MAX_SECONDS = 12  # the longest recording taken for one move (the page stops at half)
