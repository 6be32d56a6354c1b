"""One code per data folder: this server follows the code stored in the folder, whoever
made it. A thread looks at the file's stat every CODE_POLL_S seconds (a stat and nothing
more while nothing changes); when another referee on the folder made a new code, the
host's console says so and every listener (each open page, referee.ui.share) is told on the
server's event loop, where pages are drawn. A damaged file it finds is moved aside and
written again (referee.storage.sharing), and the console says so.
"""

import asyncio
import contextlib
import threading
from collections.abc import Callable

from referee.storage.sharing import TableAccess

CODE_POLL_S = 0.25  # a new code made elsewhere is noticed within this, well under 1 s
# A new code asked for as another referee on the folder made one: theirs stands.
SAME_MOMENT = (
    "Another referee on this data folder made a new table code at the same moment, and "
    "that code is the table's."
)


def _elsewhere(code: str) -> str:
    return f"Another referee on this data folder made a new table code: it is now {code}."


class CodeWatch:
    """Follows the stored code of one folder for this server."""

    def __init__(self, access: TableAccess, say: Callable[[str], None] | None = None) -> None:
        self.access = access
        self._say = say or (lambda _line: None)
        self.code = access.code  # the code this server uses now
        # Held while this process changes the code, so its own new code is not taken
        # for another referee's.
        self.lock = threading.Lock()
        self._listeners: list[Callable[[], None]] = []
        self._loop: asyncio.AbstractEventLoop | None = None
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    def start(self) -> None:
        if self._thread is None:
            self._thread = threading.Thread(target=self._run, name="referee-code", daemon=True)
            self._thread.start()

    def stop(self) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(5)

    def listen(self, on_new_code: Callable[[], None]) -> None:
        """Call `on_new_code` (on the server's loop, when called from there) each time
        another referee makes a new code."""
        with contextlib.suppress(RuntimeError):  # a page registers from its event handler
            self._loop = asyncio.get_running_loop()
        if on_new_code not in self._listeners:
            self._listeners = [*self._listeners, on_new_code]  # read without a lock

    def made_here(self, change: Callable[[], str]) -> str:
        """Run `change` (a new code asked for on this server) and take its code as seen."""
        with self.lock:
            before, self.code = self.code, change()
        if self.access.made:
            self._say(
                f"A new table code was made on this referee's share screen: it is now {self.code}."
            )
        elif self.code != before:  # another referee's, made at the same moment
            self._say(_elsewhere(self.code))
        return self.code

    def look(self) -> bool:
        """One look at the file: whether another referee made a new code since the last."""
        with self.lock:
            code = self.access.look()
            if not code or code == self.code:
                return False
            self.code = code
        self._say(_elsewhere(code))
        self._tell()
        return True

    def _tell(self) -> None:
        loop = self._loop
        for listener in self._listeners:
            if loop is not None and loop.is_running() and not loop.is_closed():
                loop.call_soon_threadsafe(listener)
            else:  # no server (tests): nothing is drawn, tell them here
                listener()

    def _run(self) -> None:
        while not self._stop.wait(CODE_POLL_S):
            try:
                self.look()
            except Exception:  # a bad look must not end the watching
                continue
