"""The environment variables the referee reads, named once (a light module: the command
line reads it before anything heavy is imported)."""

import os
from pathlib import Path

DATA_DIR_ENV = "REFEREE_DATA_DIR"  # the folder for the saved-games database
UPLOADS_ENV = "REFEREE_UPLOADS"  # the folder a served referee takes files into (Import)


def data_dir() -> Path:
    """Where the saved games live: REFEREE_DATA_DIR, else Flet's app storage, else
    platformdirs' user data folder."""
    for var in (DATA_DIR_ENV, "FLET_APP_STORAGE_DATA"):
        if os.environ.get(var):
            return Path(os.environ[var])
    import platformdirs

    return Path(platformdirs.user_data_dir("referee", appauthor=False))


def uploads_folder() -> tuple[str, bool]:
    """The folder files sent to a served referee go to (Flet's FLET_UPLOAD_DIR, if set),
    named in UPLOADS_ENV for the app's Import, and whether it is this run's own (private,
    and removed at the end)."""
    import tempfile

    folder = os.environ.get("FLET_UPLOAD_DIR")
    own = not folder
    folder = folder or tempfile.mkdtemp(prefix="referee-uploads-")
    os.environ[UPLOADS_ENV] = folder
    return folder, own
