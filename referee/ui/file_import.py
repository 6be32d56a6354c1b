"""Import a file of records in the app (home's Import a record, then Choose a file): a
file `export --all` wrote, or one Export record saved, up to MAX_FILE_CHARS.

In a browser the file is sent to the host first: Flet's upload handler writes it, as it
arrives, into a private folder of the server's (cli.serve names it in UPLOADS_ENV), so
the host never holds it whole. The page does: Flet 1.0.5's web client reads the file as a
stream, but gathers the whole body before it sends it (package:http's BrowserClient).
In the app's own window the picker gives the file's path and nothing is sent. Either way
the import runs apart from the server (referee.storage.import_worker): every other device
taps on while it runs, and the dialog says how far it is.
"""

import contextlib
import os
import secrets
import threading
import traceback
from pathlib import Path

import flet as ft

from referee.core.errors import RefereeError
from referee.core.names import quoted, sentence
from referee.core.words import amount
from referee.storage.environ import UPLOADS_ENV
from referee.storage.import_worker import STOPPED, import_apart
from referee.storage.importing import MAX_FILE_CHARS, Imported

UPLOAD_FOR_S = 3600  # how long an upload's address stays good
SHOWN_REFUSALS = 3  # lines of a refused file shown; the rest are counted


class FileImport:
    """One Import dialog's Choose a file: what it says goes in `status`, and `busy`
    controls are disabled while a file is sent or imported."""

    def __init__(self, shell, status: ft.Text, busy: list[ft.Control]) -> None:
        self.shell = shell
        self.status = status
        self.busy = busy
        self.picker: ft.FilePicker | None = None
        self._upload: tuple[Path, str] | None = None  # where it goes, and its own name
        self._percent = -1

    async def choose(self, _e=None) -> None:
        if self.picker is None:
            self.picker = ft.FilePicker(on_upload=self._sent)
        files = await self.picker.pick_files(
            dialog_title="Import a file of records",
            file_type=ft.FilePickerFileType.CUSTOM,
            allowed_extensions=["json"],
        )
        if not files:
            return
        file = files[0]
        if file.size > MAX_FILE_CHARS:
            self._say(too_large(file.name, file.size), error=True)
            return
        if file.path and not self.shell.page.web:
            self._start(Path(file.path), file.name, sent=False)
            return
        folder = os.environ.get(UPLOADS_ENV)
        if not folder:
            self._say("This referee cannot take a file here: paste the record instead.", True)
            return
        # Flet's upload handler reads its limit from here at each upload; set before the
        # first (only this dialog's signed addresses can upload), so that the server need
        # not read the store's modules before its port opens.
        os.environ.setdefault("FLET_MAX_UPLOAD_SIZE", str(MAX_FILE_CHARS))
        target = f"{secrets.token_hex(8)}.json"
        self._upload = (Path(folder) / target, file.name)
        self._hold(True)
        self._say(f"Sending {quoted(file.name, 60)} to the host.")
        url = self.shell.page.get_upload_url(target, UPLOAD_FOR_S)
        await self.picker.upload([ft.FilePickerUploadFile(upload_url=url, id=file.id)])

    def _sent(self, e: ft.FilePickerUploadEvent) -> None:
        if self._upload is None:
            return
        path, name = self._upload
        if e.error:
            self._upload = None
            path.unlink(missing_ok=True)
            self._hold(False)
            refused = "413" in e.error  # the host's upload limit: MAX_FILE_CHARS
            said = too_large(name, None) if refused else "The file could not be sent; try again."
            self._say(said, error=True)
        elif e.progress is not None and e.progress >= 1:
            self._upload = None
            self._start(path, name, sent=True)
        elif e.progress is not None:
            self._say(f"Sending {quoted(name, 60)} to the host: {int(e.progress * 100)}%.")

    # -- the import ----------------------------------------------------------------------

    def _start(self, path: Path, name: str, sent: bool) -> None:
        self._hold(True)
        self._say(f"Checking the records of {quoted(name, 60)}.")
        database = self.shell.store.path

        def run() -> None:
            try:
                try:
                    result = import_apart(database, [str(path)], [name], self._progress)
                finally:
                    if sent:  # let go before the table is told: nothing of it is kept after
                        path.unlink(missing_ok=True)
            except RefereeError as exc:
                self._refused([exc.reason])
            except Exception:  # a fault of the referee's own: said where it runs
                traceback.print_exc()
                self._refused([STOPPED])
            else:
                if result.refused:
                    self._refused(result.refused)
                else:
                    self._imported(result, name)

        threading.Thread(target=run, name="referee-file-import", daemon=True).start()

    def _progress(self, done: int, total: int) -> None:
        percent = min(100, done * 100 // max(total, 1))
        if percent != self._percent:
            self._percent = percent
            if percent < 100:
                self._say(f"Checking the records: {percent}% read.")
            else:
                self._say("Storing the games.")

    def _refused(self, lines: list[str]) -> None:
        shown = lines[:SHOWN_REFUSALS]
        if len(lines) > len(shown):
            more = len(lines) - len(shown)
            shown.append(f"And {amount(more, 'more refusals')}.")
        self._hold(False)
        self._say("\n".join([*shown, "Nothing was imported."]), error=True)

    def _imported(self, result: Imported, name: str) -> None:
        shell = self.shell
        shell.close_dialog()
        if len(result.games) == 1 and not result.already:
            shell.games.open_game(result.games[0])
        said = f"Imported {amount(len(result.games), 'games')} from {quoted(name, 60)}"
        if result.already:
            were = "was" if len(result.already) == 1 else "were"
            said += f"; {amount(len(result.already), 'games')} {were} stored already"
        shell.toast(sentence(said + "."))

    # -- the dialog ------------------------------------------------------------------------

    def _hold(self, busy: bool) -> None:
        for control in self.busy:
            control.disabled = busy
            _update(control)

    def _say(self, text: str, error: bool = False) -> None:
        self.status.value = text
        self.status.color = ft.Colors.ERROR if error else None
        _update(self.status)


def too_large(name: str, size: int | None) -> str:
    """A file larger than any import takes, in one sentence."""
    how = "" if size is None else f" ({-(-size // 1000):,} kB)"
    return (
        f"{quoted(name, 60)} is too large{how}; a file of records is at most "
        f"{MAX_FILE_CHARS // 1000:,} kB."
    )


def _update(control: ft.Control) -> None:
    with contextlib.suppress(RuntimeError):  # the dialog was closed: nothing to show it on
        control.update()
