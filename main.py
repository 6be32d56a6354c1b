"""The app module that `flet build` packages (apk, aab, ipa, macos, linux, windows): the
same app as `python -m referee`, in the packaged app's own window, saving its games to the
folder the packaged app is given (FLET_APP_STORAGE_DATA)."""

from referee.cli import run_packaged

run_packaged()
