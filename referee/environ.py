"""The environment variables the referee reads, named once (a light module: the command
line reads it before anything heavy is imported)."""

DATA_DIR_ENV = "REFEREE_DATA_DIR"  # the folder for the saved-games database
