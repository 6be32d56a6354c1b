"""Everything referee knows of Flet's insides, for the one Flet it was written for
(version.py's FLET_VERSION): the patches of Flet 1.0.5's private parts (and of the garbage
collector's timing) that let many devices share one server, and the few private parts the
app reads or writes (fields.py: a control's fields, for the shell's merge; dialogs.py: the
dialogs open; actions.py: a client action of its own; context.py: the current page;
wire.py: Flet's wire, for assets/referee.js).
Outside this package referee uses Flet's public API only (tests/flet_patches/test_door.py).
README.md beside this file lists what each patch replaces and what it saves.

Every entry point calls `install()`; REFEREE_FLET_PATCHES chooses what it installs:

- unset, `1` or `all`: every patch (the app as it ships);
- `0` or `none`: none, so the app runs on Flet (and Python's collector) exactly as shipped;
- `diff,send`: only the patches named;
- `-walk` or `-walk,-init`: every patch but those named (for measuring one patch's worth).

A value naming no known patch stops the app with a message saying what is known: a
misspelt name must not quietly measure the wrong thing. On a Flet other than FLET_VERSION
every patch stays off whatever the value, the private-field helpers use Flet's public API,
and the console says so once.
"""

import os
import sys

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
    """Each patch's (install, uninstall, installed)."""
    from referee.flet_patches import close, collector, diff, init, send, tree_walk

    return {
        "walk": (tree_walk.install, tree_walk.uninstall, tree_walk.installed),
        "init": (init.install, init.uninstall, init.installed),
        "diff": (diff.install, diff.uninstall, diff.installed),
        "send": (send.install, send.uninstall, send.installed),
        "route": (send.install_route, send.uninstall_route, send.installed_route),
        "close": (close.install, close.uninstall, close.installed),
        "collector": (collector.install, collector.uninstall, collector.installed),
    }


_told = False  # the console was told this Flet is not the one the patches were written for


def install(names: tuple[str, ...] | None = None) -> tuple[str, ...]:
    """Install the patches `names` (REFEREE_FLET_PATCHES's choice when None) and take out
    any other one installed before. On a Flet other than FLET_VERSION none is installed,
    and the console is told once. Returns the names of the patches now in, each checked
    after it was put in."""
    global _told
    # Here, not at the top: the command line imports this package before it opens its
    # port, and Flet itself only after.
    from referee.flet_patches import fields
    from referee.flet_patches.version import known, unknown_flet

    names = chosen() if names is None else names
    pinned = known()
    fields.choose(pinned)
    if not pinned:
        names = ()
        if not _told:
            print(unknown_flet(), file=sys.stderr)
            _told = True
    patches = _modules()
    for name, (put_in, take_out, _is_in) in patches.items():
        (put_in if name in names else take_out)()
    return tuple(name for name, (_in, _out, is_in) in patches.items() if is_in())


def uninstall() -> None:
    """Flet and Python's collector as shipped again."""
    install(())
