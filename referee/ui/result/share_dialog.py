"""Share: the result's card in a dialog (the picture about to be sent, as the table sees
it), captured on the phone by Flet's `Screenshot` at the phone's pixel ratio (at least 2)
and trimmed to the card (trim.py), then handed with its text to the phone's share sheet
(`Share.share_files`; in a browser, the Web Share API). A browser without one (a
desktop's) downloads the picture instead, which Flet's share does itself, and the text is
copied; the dialog says which happened.

A browser that opens its sheet only inside the tap (Safari) refuses the first hand-over,
which comes from the host after the capture: Share is then armed with the picture, and
the phone hands it over itself at the next tap (a Flet client action: flet_patches/actions.py).

Nothing is served: the picture goes from the phone's own capture back to the same phone,
so no other device can fetch it."""

import contextlib

import flet as ft

from referee.flet_patches.actions import share_files_at_tap
from referee.flet_patches.context import current_page
from referee.ui import layout_values
from referee.ui.host import Host
from referee.ui.result.card import CARD_WIDTH, result_card
from referee.ui.result.facts import Result
from referee.ui.result.trim import trim
from referee.ui.widgets import TAP, big_button, tagged

# The least pixel ratio of the picture (a phone's is 2 to 3.5; a laptop's 1 would blur it
# in a chat) and the most (past it the file grows and nothing looks sharper).
LEAST_RATIO, MOST_RATIO = 2.0, 3.5
# What Flet's share says in a browser without the Web Share API, or one that cannot share
# a file: share_plus's words in the JavaScript client ("Navigator.canShare() is
# unavailable", "... is false"), and in the WebAssembly one (skwasm, Chromium's default)
# the missing function's own TypeError ("x0.canShare is not a function": a minified name).
NO_SHEET = ("Navigator.canShare()", "canShare is not a function")
# A browser that captures the screen (trim.py) gets only what fits on it.
TOO_SHORT = "The picture is taller than this screen: hold the phone upright and tap Share."
# The card is drawn in the dialog just sent: the capture waits for its first frame.
CAPTURE_DELAY_MS = 300


def share_button(on_click, label: str = "Share", key: str | None = None) -> ft.Control:
    """Share, wherever a result is shown: an outlined button with the share sign; `key`:
    it shares the same whatever moves (widgets.big_button)."""
    return big_button(label, on_click, filled=False, icon=ft.Icons.SHARE, key=key)


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
        self.armed = False  # Share hands the picture to the sheet at the tap itself
        self.busy = False
        self.note = ft.Text("Drawing the picture…", size=14, italic=True)
        self.shot = ft.Screenshot(result_card(result))
        with current_page(host.page):  # the clipboard action's service: this page's
            copy = ft.CopyToClipboard(result.text())
        # Copied by the phone at the tap (a browser lets a page write the clipboard only
        # then); the host is told of the tap after.
        self.copy_button = ft.TextButton(
            content="Copy text", action=copy, on_click=self._copied, height=TAP
        )
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
            content_padding=layout_values.padding(left=8, right=8, top=14),
            inset_padding=layout_values.symmetric(horizontal=10, vertical=20),
            actions=[
                self.copy_button,
                ft.TextButton(content="Close", on_click=self.host.close_dialog, height=TAP),
                self.share_button,
            ],
            actions_padding=layout_values.padding(left=8, right=8, top=4, bottom=8),
        )

    def open(self) -> None:
        self.host.dialog(self.dialog)
        self.host.page.run_task(self.send)

    def _say(self, message: str) -> None:
        self.note.value = message
        with contextlib.suppress(RuntimeError):  # the dialog was closed meanwhile
            self.dialog.update()

    async def _again(self, _e=None) -> None:
        if self.armed:  # the phone opened its sheet at the tap, and tells nothing back
            self._say("Handed to the share sheet.")
            return
        await self.send()

    def _copied(self, _e=None) -> None:
        self._say("The text is copied: paste it in your chat.")

    def _args(self, picture: bytes) -> dict:
        file = ft.ShareFile.from_bytes(picture, mime_type="image/png", name=self.result.file_name)
        return {
            "files": [file],
            "text": self.result.text(),
            "subject": self.result.headline,
            "download_fallback_enabled": True,
            "mail_to_fallback_enabled": True,
        }

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
                captured = await self.shot.capture(
                    pixel_ratio=pixel_ratio(page), delay=CAPTURE_DELAY_MS
                )
            except Exception:  # the phone could not draw it: the text still goes
                captured = None
            if not captured:
                await self._copy(why="This phone could not draw the picture")
                return
            picture = trim(captured)
            if picture.cut:  # drawn again at the next tap, once the phone is upright
                self._say(TOO_SHORT)
                return
            self.picture = picture.png
        share, _clipboard = self.host.phone.share_sheet()
        args = self._args(self.picture)
        try:
            # No download of its own: a refused sheet (Safari's, opened from this answer
            # and not from the tap) would download instead of offering the sheet at the
            # next tap.
            answer = await share.share_files(**{**args, "download_fallback_enabled": False})
        except Exception as exc:
            await self._not_shared(str(exc), share, args)
            return
        if answer.status == ft.ShareResultStatus.SUCCESS:
            self._say("Shared.")
        elif answer.status == ft.ShareResultStatus.DISMISSED:
            self._say("Not shared. Tap Share to open the share sheet again.")
        else:  # a platform that tells no more
            self._say("Handed to the share sheet.")

    async def _not_shared(self, why: str, share: ft.Share, args: dict) -> None:
        """The share sheet did not open: `why`, as the phone said it."""
        page = self.host.page
        at_tap = share_files_at_tap(share, args)
        if page.web and not any(words in why for words in NO_SHEET) and at_tap is not None:
            # The browser opens its sheet only at a tap (Safari: never from the answer of
            # a round trip to the host): the next tap of Share opens it on the phone
            # itself, with the picture already drawn.
            self.armed = True
            self.share_button.action = at_tap
            self._say("Tap Share to open this phone's share sheet.")
            return
        saved = await self._save()
        if page.web:  # a browser without a share sheet (a desktop's): a download
            where = (
                f"the picture is in your downloads ({self.result.file_name})"
                if saved
                else "the picture could not be downloaded"
            )
            await self._copy(why=f"No share sheet here: {where}")
        else:
            where = "the picture is saved" if saved else "the picture could not be saved"
            await self._copy(why=f"The share sheet did not open: {where}")

    async def _save(self) -> bool:
        try:
            saver = self.host.phone.file_saver()
            await saver.save_file(file_name=self.result.file_name, src_bytes=self.picture)
        except Exception:
            return False
        return True

    async def _copy(self, why: str) -> None:
        """Copy the result as text; `why`: what the note says before it."""
        _share, clipboard = self.host.phone.share_sheet()
        try:
            await clipboard.set(self.result.text())
        except Exception:  # a browser may refuse: the text is shown to copy by hand
            self.text.visible = True
            self._say(f"{why}; this browser refused to copy the text: it is below the picture.")
        else:
            self._say(f"{why}; the text is copied: paste it in your chat.")
