"""Share: the result's card in a dialog (the picture about to be sent, as the table sees
it), captured on the phone by Flet's `Screenshot` at the phone's pixel ratio (at least 2),
then handed with its text to the phone's share sheet (`Share.share_files`; in a browser,
the Web Share API). A browser without one (a desktop's) downloads the picture instead,
which Flet's share does itself, and the text is copied; the dialog says which happened.

Nothing is served: the picture goes from the phone's own capture back to the same phone,
so no other device can fetch it."""

import contextlib

import flet as ft

from referee.ui.host import Host
from referee.ui.result.card import CARD_WIDTH, result_card
from referee.ui.result.facts import Result
from referee.ui.widgets import TAP, big_button, tagged

# The least pixel ratio of the picture (a phone's is 2 to 3.5; a laptop's 1 would blur it
# in a chat) and the most (past it the file grows and nothing looks sharper).
LEAST_RATIO, MOST_RATIO = 2.0, 3.5
# The card is drawn in the dialog just sent: the capture waits for its first frame.
CAPTURE_DELAY_MS = 300


def share_button(on_click, label: str = "Share") -> ft.Control:
    """Share, wherever a result is shown: an outlined button with the share sign."""
    return big_button(label, on_click, filled=False, icon=ft.Icons.SHARE)


def pixel_ratio(page: ft.Page) -> float:
    media = getattr(page, "media", None)
    ratio = getattr(media, "device_pixel_ratio", 0) or 0
    return max(LEAST_RATIO, min(MOST_RATIO, float(ratio)))


class ShareSheet:
    """The Share dialog of one result on one device; it shares once as it opens, and
    again at each tap of its Share."""

    def __init__(self, host: Host, result: Result) -> None:
        self.host = host
        self.result = result
        self.picture: bytes | None = None
        self.busy = False
        self.note = ft.Text("Drawing the picture…", size=14, italic=True)
        self.shot = ft.Screenshot(result_card(result))
        self.copy_button = ft.TextButton(content="Copy text", on_click=self._copy, height=TAP)
        self.share_button = ft.FilledButton(
            content="Share", icon=ft.Icons.SHARE, on_click=self._again, height=TAP
        )
        self.text = ft.Container(
            ft.Text(result.text(), selectable=True, size=13), visible=False, width=CARD_WIDTH
        )
        self.dialog = ft.AlertDialog(
            modal=True,
            scrollable=True,  # a long card scrolls in the dialog; the picture is whole
            content=ft.Container(
                ft.Column(
                    [tagged("share-note", self.note), tagged("share-card", self.shot), self.text],
                    spacing=10,
                    tight=True,
                    horizontal_alignment=ft.CrossAxisAlignment.CENTER,
                ),
                width=CARD_WIDTH,
            ),
            content_padding=ft.Padding.only(left=8, right=8, top=14, bottom=0),
            inset_padding=ft.Padding.symmetric(horizontal=10, vertical=20),
            actions=[
                self.copy_button,
                ft.TextButton(content="Close", on_click=self.host.close_dialog, height=TAP),
                self.share_button,
            ],
            actions_padding=ft.Padding.only(left=8, right=8, top=4, bottom=8),
        )

    def open(self) -> None:
        self.host.dialog(self.dialog)
        self.host.page.run_task(self.send)

    def _say(self, message: str) -> None:
        self.note.value = message
        with contextlib.suppress(RuntimeError):  # the dialog was closed meanwhile
            self.dialog.update()

    async def _again(self, _e=None) -> None:
        await self.send()

    async def send(self) -> None:
        """Capture the card (once) and hand it to the share sheet, or its fallback."""
        if self.busy:  # a second tap while the first is under way
            return
        self.busy = True
        try:
            await self._send()
        finally:
            self.busy = False

    async def _send(self) -> None:
        page = self.host.page
        if self.picture is None:
            try:
                self.picture = await self.shot.capture(
                    pixel_ratio=pixel_ratio(page), delay=CAPTURE_DELAY_MS
                )
            except Exception:  # the phone could not draw it: the text still goes
                self.picture = None
            if not self.picture:
                await self._copy(why="This phone could not draw the picture.")
                return
        share, _clipboard = self.host.phone.share_sheet()
        file = ft.ShareFile.from_bytes(
            self.picture, mime_type="image/png", name=self.result.file_name
        )
        try:
            answer = await share.share_files(
                [file], text=self.result.text(), subject=self.result.headline
            )
        except Exception:  # refused (a browser's share sheet outside a tap): download it
            answer = None
        status = answer.status if answer is not None else None
        if status == ft.ShareResultStatus.SUCCESS:
            self._say("Shared.")
        elif status == ft.ShareResultStatus.DISMISSED:
            self._say("Not shared. Tap Share to open the share sheet again.")
        elif status == ft.ShareResultStatus.UNAVAILABLE and not page.web:
            self._say("Handed to the share sheet.")  # a platform that tells no more
        else:
            # A browser without a share sheet: Flet's share downloaded the picture; a
            # refused one did not, so it is saved here.
            saved = status == ft.ShareResultStatus.UNAVAILABLE or await self._save()
            where = (
                f"the picture is in your downloads ({self.result.file_name})"
                if saved
                else "the picture could not be saved"
            )
            await self._copy(why=f"No share sheet here: {where}")

    async def _save(self) -> bool:
        try:
            saver = self.host.phone.file_saver()
            await saver.save_file(file_name=self.result.file_name, src_bytes=self.picture)
        except Exception:
            return False
        return True

    async def _copy(self, _e=None, why: str | None = None) -> None:
        """Copy the result as text; `why`: what the note says before it."""
        _share, clipboard = self.host.phone.share_sheet()
        lead = f"{why}; " if why else ""
        try:
            await clipboard.set(self.result.text())
        except Exception:  # a browser may refuse: the text is shown to copy by hand
            self.text.visible = True
            self._say(f"{lead}this browser refused to copy the text: it is below the picture.")
        else:
            said = "the text is copied" if why else "The text is copied"
            self._say(f"{lead}{said}: paste it in your chat.")
