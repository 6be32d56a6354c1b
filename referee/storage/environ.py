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
