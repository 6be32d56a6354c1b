"""The patches of Flet 1.0.5's private parts (and of the garbage collector's timing) that
let many devices share one server. README.md beside this file lists what each replaces
and what it saves.

Every entry point calls `install()`; REFEREE_FLET_PATCHES chooses what it installs:

- unset, `1` or `all`: every patch (the app as it ships);
- `0` or `none`: none, so the app runs on Flet (and Python's collector) exactly as shipped;
- `diff,send`: only the patches named;
- `-walk` or `-walk,-init`: every patch but those named (for measuring one patch's worth).

A value naming no known patch stops the app with a message saying what is known: a
misspelt name must not quietly measure the wrong thing.
"""

import os

ENV = "REFEREE_FLET_PATCHES"
# In the order they are installed.
PATCHES = ("walk", "init", "diff", "send", "route", "close", "collector")
_ALL = ("", "1", "all", "on")
_NONE = ("0", "none", "off")


def chosen(value: str | None = None) -> tuple[str, ...]:
    """The patches `value` (REFEREE_FLET_PATCHES when None) asks for, in PATCHES' order."""
    value = (os.environ.get(ENV, "") if value is None else value).strip().lower()
    if value in _ALL:
        return PATCHES
    if value in _NONE:
        return ()
    names = [name.strip() for name in value.split(",") if name.strip()]
    dropped = [name[1:].strip() for name in names if name.startswith("-")]
    unknown = [name for name in (n.lstrip("-").strip() for n in names) if name not in PATCHES]
    if unknown or (dropped and len(dropped) != len(names)):
        raise ValueError(
            f"{ENV}={value!r}: "
            + (f"no patch named {', '.join(unknown)}; " if unknown else "")
            + "give 0, 1, names to keep (diff,send) or names to drop (-walk,-init), "
            + f"from: {', '.join(PATCHES)}"
        )
    wanted = set(PATCHES) - set(dropped) if dropped else set(names)
    return tuple(name for name in PATCHES if name in wanted)


def _modules() -> dict:
    from referee.flet_patches import close, collector, diff, init, send, walk

    return {
        "walk": (walk.install, walk.uninstall),
        "init": (init.install, init.uninstall),
        "diff": (diff.install, diff.uninstall),
        "send": (send.install, send.uninstall),
        "route": (send.install_route, send.uninstall_route),
        "close": (close.install, close.uninstall),
        "collector": (collector.install, collector.uninstall),
    }


def install(names: tuple[str, ...] | None = None) -> tuple[str, ...]:
    """Install the patches `names` (REFEREE_FLET_PATCHES's choice when None) and take out
    any other one installed before; each declines a Flet other than the pinned one.
    Returns the names asked for."""
    names = chosen() if names is None else names
    for name, (put_in, take_out) in _modules().items():
        (put_in if name in names else take_out)()
    return names


def uninstall() -> None:
    """Flet and Python's collector as shipped again."""
    install(())
