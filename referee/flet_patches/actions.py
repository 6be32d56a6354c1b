"""A Flet client action of referee's own: the phone's share sheet opened with files at the
tap itself. Flet 1.0.5's client actions (`OpenUrl`, `CopyToClipboard`, `PickFiles`,
`ShareText`) have no share of files; each targets its service through a private method of
`ClientAction`, which this one calls too."""

from dataclasses import dataclass

import flet as ft

from referee.flet_patches.version import known


@dataclass
class _ShareFiles(ft.ClientAction):
    """`Share.share_files`, run by the phone itself inside the tap's gesture."""


def share_files_at_tap(share: ft.Share, args: dict) -> ft.ClientAction | None:
    """The action that has the phone run `share.share_files(**args)` at the tap of the
    control it is given to; None on another Flet."""
    if not known() or not hasattr(ft.ClientAction, "_bind"):
        return None
    action = _ShareFiles()
    action._bind(share, "share_files", args)
    return action
