"""uvicorn's server as the host runs it: it says when its port is open, and whether Ctrl-C
stopped it."""

import signal
from collections.abc import Callable
from types import FrameType

import uvicorn


class HostServer(uvicorn.Server):
    def __init__(self, config: uvicorn.Config, starting: Callable[[], None]) -> None:
        super().__init__(config)
        self.starting = starting
        self.interrupted = False

    async def startup(self, sockets: list | None = None) -> None:
        await super().startup(sockets)
        if not self.should_exit:
            self.starting()

    def handle_exit(self, sig: int, frame: FrameType | None) -> None:
        # uvicorn raises the signal again once it has stopped; a host started with Ctrl-C
        # ignored (as a shell starts a job in the background) would then end without a word.
        self.interrupted = self.interrupted or sig == signal.SIGINT
        super().handle_exit(sig, frame)
