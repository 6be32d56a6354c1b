"""The one Flet this package was written for. Every use referee makes of Flet's private
parts or of its wire format is in this package and was read off that version's code; on
any other Flet the patches stay off and the helpers here use Flet's public API instead."""

import flet

# The exact version pinned for flet and flet-web in pyproject.toml (a test holds the two
# to each other).
FLET_VERSION = "1.0.5"


def known() -> bool:
    """Whether the Flet running is the one this package was written for."""
    return flet.__version__ == FLET_VERSION


def unknown_flet() -> str:
    """What the console says once on another Flet."""
    return (
        f"Flet {flet.__version__} is not the {FLET_VERSION} these speed-ups were written for: "
        "they are off, and the app works as Flet ships it."
    )
