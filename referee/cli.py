"""Command line: run the app (window or web), replay/verify a record, print the schema."""

import argparse
import asyncio
import gc
import json
import os
import secrets
import shutil
import sys
import threading
import traceback
from collections.abc import Callable, Sequence
from pathlib import Path
from types import ModuleType

# The app starts by opening its port; what it shows is imported meanwhile (run_app), so
# this module imports nothing of the rules, the store or the screens.
from referee import flet_patches
from referee.flet_patches.collector import collect_when_idle
from referee.storage.environ import DATA_DIR_ENV, data_dir, uploads_folder
from referee.storage.sharing import stored_code


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="python -m referee", description=__doc__)
    p.add_argument("--web", action="store_true", help="serve in the browser, never a window")
    p.add_argument(
        "--host",
        default=None,
        help="address to listen on in web mode (default 127.0.0.1); any other address "
        "shares the table on the network, as --share does",
    )
    p.add_argument("--port", type=int, default=0, help="port in web mode (default: a free one)")
    p.add_argument(
        "--share",
        action="store_true",
        help="let phones on your network join (port 8550, a table code, a QR code)",
    )
    p.add_argument(
        "--new-code",
        action="store_true",
        help="when sharing, make a new table code: every phone must give it again",
    )
    p.add_argument(
        "--allow-host",
        action="append",
        default=[],
        metavar="NAME",
        help="when sharing, also answer to this name (e.g. mylaptop.local); repeatable",
    )
    p.add_argument(
        "--trust-proxy",
        action="append",
        default=[],
        metavar="ADDR",
        help="believe X-Forwarded-For from a proxy at this address (or network); repeatable",
    )
    p.add_argument("--data-dir", help="folder for the saved-games database")
    sub = p.add_subparsers(dest="command")
    r = sub.add_parser("replay", help="replay a record and print the final state and verdicts")
    r.add_argument("file", help="a record exported as JSON ('-' for standard input)")
    sub.add_parser("schema", help="print the JSON Schema of game records and disputes")
    e = sub.add_parser(
        "edit", help="fix action N of a record (1 = first); print the record and what changed"
    )
    e.add_argument("file", help="a record exported as JSON ('-' for standard input)")
    e.add_argument("--at", type=int, required=True, help="the action to change, from 1")
    how = e.add_mutually_exclusive_group(required=True)
    how.add_argument("--replace", metavar="ACTION_JSON", help="put this action in its place")
    how.add_argument("--insert", metavar="ACTION_JSON", help="insert this action before it")
    how.add_argument("--delete", action="store_true", help="delete it")
    w = sub.add_parser(
        "whatnow", help="print who is to act and what may be done, after N actions, as JSON"
    )
    w.add_argument("file", help="a record exported as JSON ('-' for standard input)")
    w.add_argument("--at", type=int, default=None, help="after this many actions (default: all)")
    h = sub.add_parser("hear", help="print the move a recording (WAV) says after N actions")
    h.add_argument("file", help="a record exported as JSON ('-' for standard input)")
    h.add_argument("speech", help="a WAV recording of one move (any rate and channels)")
    h.add_argument("--at", type=int, default=None, help="after this many actions (default: all)")
    d = sub.add_parser("settle", help="settle one dispute (JSON) and print the verdict as JSON")
    d.add_argument("file", help="a dispute as JSON ('-' for standard input)")
    i = sub.add_parser(
        "import", help="import exported records into the saved games: all of them, or none"
    )
    i.add_argument("files", nargs="+", metavar="FILE", help="a record, or a JSON list of them")
    x = sub.add_parser(
        "export", help="write every saved game as a record, or the finished games as a sheet"
    )
    what = x.add_mutually_exclusive_group(required=True)
    what.add_argument("--all", action="store_true", help="every saved game, as records")
    what.add_argument(
        "--csv",
        metavar="FILE",
        help="the finished games as a sheet (CSV, UTF-8): one row per player per game",
    )
    x.add_argument(
        "target",
        nargs="?",
        metavar="DIR|FILE",
        help="with --all: a folder (existing, or ending in /), one file per game; else one "
        "file of all",
    )
    b = sub.add_parser(
        "bgstats", help="print finished games as BG Stats plays: JSON (or --url), one a line"
    )
    b.add_argument("ids", nargs="*", metavar="GAME_ID", help="a saved game's id")
    b.add_argument("--all", action="store_true", help="every finished game")
    b.add_argument("--url", action="store_true", help="the URL that opens each in BG Stats")
    t = sub.add_parser("stats", help="print the statistics of the saved games")
    t.add_argument("--json", action="store_true", help="as JSON")
    t.add_argument("--game", metavar="KIND", help="one game only, by its short name")
    t.add_argument(
        "--period",
        choices=("evening", "month", "all"),
        default="all",
        help="last evening (the games within 12 h of the last one), the last 30 days, or all",
    )
    for over_saved_games in (i, x, t, b):  # also after the command: `stats --data-dir DIR`
        over_saved_games.add_argument(
            "--data-dir", default=argparse.SUPPRESS, help="folder of the saved-games database"
        )
    return p


COMMANDS = (
    "replay",
    "settle",
    "edit",
    "schema",
    "import",
    "export",
    "stats",
    "whatnow",
    "bgstats",
    "hear",
)


def main(argv: list[str] | None = None) -> int:
    # The commands print what they found; a reader that stops early (`| head`) or an
    # output that fails (a full disk) must end them with a status, never a traceback.
    real = sys.stdout
    sys.stdout = _Output(real)
    try:
        args = _parser().parse_args(argv)
        if args.data_dir is not None and not args.data_dir.strip():
            print("--data-dir is empty: name the folder of the saved games.", file=sys.stderr)
            return 2
        if args.data_dir:
            os.environ[DATA_DIR_ENV] = str(Path(args.data_dir).resolve())
        if args.command in COMMANDS:
            code = _command(args)
            sys.stdout.flush()
            return code
    except OutputFailed as failed:
        return _output_failed(real, failed.error)
    finally:
        sys.stdout = real
    try:  # a misspelt patch name stops the app before it starts, with the names known
        flet_patches.chosen()
        from referee.live.headers import trust_proxies

        trust_proxies(args.trust_proxy)
    except ValueError as bad:
        print(bad, file=sys.stderr)
        return 2
    return run_app(
        web=args.web,
        host=args.host,
        port=args.port,
        share=args.share,
        allow=args.allow_host,
        new_code=args.new_code,
    )


class OutputFailed(Exception):
    """Writing to standard output failed (not an OSError: the commands' own file errors
    stay theirs)."""

    def __init__(self, error: OSError) -> None:
        super().__init__(str(error))
        self.error = error


class _Output:
    """Standard output whose failures are told apart from every other OSError."""

    def __init__(self, stream) -> None:
        self._stream = stream

    def write(self, text: str) -> int:
        try:
            return self._stream.write(text)
        except OSError as exc:
            raise OutputFailed(exc) from exc

    def flush(self) -> None:
        try:
            self._stream.flush()
        except OSError as exc:
            raise OutputFailed(exc) from exc

    def __getattr__(self, name: str):
        return getattr(self._stream, name)


def _output_failed(stream, error: OSError) -> int:
    """A reader that went away (`| head`) wanted no more: status 0, as `head` expects. Any
    other failure is one sentence and status 1. Either way what is still buffered goes to
    the null device (Python's own recipe), so nothing more is said at exit."""
    try:
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, stream.fileno())
    except (OSError, ValueError):  # no file descriptor (a test's captured output)
        pass
    if isinstance(error, BrokenPipeError):
        return 0
    why = error.strerror or type(error).__name__
    print(f"The output cannot be written: {why}.", file=sys.stderr)
    return 1


def allowed_names(names: list[str]) -> list[str]:
    """The --allow-host names, lower case; SystemExit(2) with a sentence for one that is
    not a host name or address."""
    from referee.live.server import split_host

    out = []
    for raw in names:
        found = split_host(raw)
        if found is None or found[1] is not None:
            print(
                f"--allow-host takes a host name or address without a port, not {raw!r}.",
                file=sys.stderr,
            )
            raise SystemExit(2)
        out.append(found[0])
    return out


def _command(args) -> int:
    from referee import commands
    from referee.commands import edit, replay, schema, settle

    if args.command == "import":
        return commands.import_records(args.files)
    if args.command == "export":
        return commands.export(args.target, args.csv)
    if args.command == "bgstats":
        return commands.log_plays(args.ids, args.all, args.url)
    if args.command == "stats":
        return commands.show_stats(args.json, args.game, args.period)
    if args.command == "replay":
        return replay(args.file)
    if args.command == "settle":
        return settle(args.file)
    if args.command == "whatnow":
        return commands.whatnow(args.file, args.at)
    if args.command == "hear":
        return commands.hear(args.file, args.speech, args.at)
    if args.command == "edit":
        kind = "delete" if args.delete else "replace" if args.replace is not None else "insert"
        return edit(args.file, args.at, kind, args.replace if kind == "replace" else args.insert)
    print(json.dumps(schema(), indent=2))
    return 0


def has_display() -> bool:
    if sys.platform in ("win32", "darwin"):
        return True
    return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))


SWITCH_INTERVAL = sys.getswitchinterval()
STOPPED = "referee stopped: every game is saved."
_assets = Path(__file__).resolve().parent.parent / "assets"
ASSETS_DIR = str(_assets) if _assets.is_dir() else None


class _Screens:
    """referee.app (the rules, the store, the home screen), imported on a thread of its
    own while the first browser loads the web client, which takes longer; a page that
    connects before it is done waits for it. The other screens follow once the first
    page is drawn."""

    def __init__(self) -> None:
        self._done = threading.Event()
        self._app: ModuleType | None = None  # referee.app, once imported
        self._waiting = 0  # pages that connected before the import was done
        self._started = False
        self._rest_started = False
        self._collector: asyncio.Task | None = None  # held: a task nobody holds may vanish

    def start(self) -> None:
        """Begin once the server's own imports are done: two threads importing at once
        only take turns."""
        if self._started:
            return
        self._started = True
        threading.Thread(target=self._load, name="referee-import", daemon=True).start()

    def _load(self) -> None:
        try:
            # Short turns: the server answering the browser gets the interpreter back
            # at once, not after Python's default turn, while this thread imports.
            sys.setswitchinterval(0.0005)
            import referee.app

            referee.app.warm_up()
            self._app = referee.app
        except BaseException:
            # A broken install: said where it is started, and the server stops, as it
            # did when these imports came before the port opened.
            traceback.print_exc()
            print("referee cannot start: the error above stopped it.", file=sys.stderr)
            sys.stderr.flush()
            os._exit(1)
        sys.setswitchinterval(SWITCH_INTERVAL)
        if not self._waiting:  # a page already connected must not be frozen with it
            _freeze()
        self._done.set()

    async def main(self, page) -> None:
        if not self._done.is_set():
            self._waiting += 1
            await asyncio.get_running_loop().run_in_executor(None, self._done.wait)
        assert self._app is not None  # set before _done is, or the process has exited
        self._app.main(page)
        if not self._rest_started:  # the other screens, once the first one is drawn
            self._rest_started = True
            self._collector = asyncio.get_running_loop().create_task(collect_when_idle())
            threading.Thread(target=self._load_rest, name="referee-screens", daemon=True).start()

    def _load_rest(self) -> None:
        # Not frozen after this: the first page's objects exist now and must stay free.
        from referee.ui import screens

        screens.load_all()


def _freeze() -> None:
    # What is imported lives as long as the server: kept out of the collector's full
    # passes, it no longer costs tens of milliseconds to the taps those passes land on.
    gc.collect()
    gc.freeze()


def run_packaged() -> None:
    """The app inside a package made by `flet build` (main.py): the Flet client is the
    package itself, so there is no window to try and no server to print."""
    import flet as ft

    screens = _Screens()
    screens.start()
    ft.run(screens.main, assets_dir=ASSETS_DIR)


def run_app(
    *,
    web: bool,
    host: str | None,
    port: int,
    share: bool = False,
    allow: Sequence[str] = (),
    new_code: bool = False,
) -> int:
    # The code a new one replaces, read first: another referee started on the folder at
    # the same moment with --new-code may have made one since, and then that one stands.
    replacing = stored_code(data_dir()) if new_code else None
    import flet as ft

    from referee.live import server
    from referee.live.share_console import start_sharing

    allow = allowed_names(list(allow))

    # The web client must come from the installed flet-web package: a CDN renderer would
    # leave an offline table on the loading screen forever.
    os.environ.setdefault("FLET_WEB_NO_CDN", "1")
    env_host = os.environ.get("FLET_SERVER_IP")
    if host and env_host and env_host != host:
        print(f"Using --host {host} (FLET_SERVER_IP={env_host} is ignored).", file=sys.stderr)
    host = host or env_host or ("0.0.0.0" if share else "127.0.0.1")
    share = share or not server.is_loopback(host)
    screens = _Screens()
    app_main = screens.main
    if not web and not share and has_display():
        try:
            screens.start()
            ft.run(app_main, view=ft.AppView.FLET_APP, assets_dir=ASSETS_DIR)
            return 0
        except Exception as exc:  # the desktop client is downloaded on first run
            print(
                f"The desktop window could not start ({exc}); serving in the browser instead.",
                file=sys.stderr,
            )
    port = port or int(os.environ.get("FLET_SERVER_PORT") or 0)
    if allow and not share:
        print(
            "--allow-host counts only when sharing (--share): this referee answers only "
            "to this computer's own loopback names.",
            file=sys.stderr,
        )
    os.environ[server.ALLOWED_ENV] = " ".join(allow)
    if share:
        port = server.port_from(host, port or server.SHARE_PORT)
        if not start_sharing(data_dir(), host, port, new_code=new_code, replacing=replacing):
            return 1
    else:
        if new_code:
            print("--new-code counts only when sharing (--share).", file=sys.stderr)
        os.environ.pop(server.CODE_ENV, None)
        port = port or server.free_port(host)
        shown = f"[{host}]" if ":" in host else host
        print(f"referee is running: open http://{shown}:{port}/ in a browser", flush=True)
    serve(app_main, host=host, port=port, assets_dir=ASSETS_DIR, starting=screens.start)
    return 0


def serve(
    main: Callable,
    *,
    host: str,
    port: int,
    assets_dir: str | None,
    starting: Callable[[], None] = lambda: None,
) -> None:
    """Run the app as a web server until interrupted; `starting` is called once the port
    is open (uvicorn's own start-up is done by then, so it does not share the interpreter
    with what `starting` begins)."""
    import flet_web.fastapi as flet_fastapi
    import uvicorn

    import referee
    from referee.live.headers import server_options
    from referee.live.host_server import HostServer
    from referee.live.server import AllowedHosts, HostCheck
    from referee.live.web_fonts import fallback_fonts

    flet_patches.install()  # REFEREE_FLET_PATCHES's choice (flet_patches/README.md)

    uploads, own_uploads = uploads_folder()
    app = flet_fastapi.FastAPI()
    # The page and its manifest carry referee's own name, description, colour and icons
    # (assets/: index.html, manifest.json, icons/), so "Add to Home screen" gives referee.
    app.mount(
        "/",
        flet_fastapi.app(
            main,
            assets_dir=assets_dir,
            app_name=referee.NAME,
            app_short_name=referee.NAME,
            app_description=referee.DESCRIPTION,
            no_cdn=True,
            # Import a file (ui/file_import.py): written to disk as it arrives, through
            # addresses this run signs.
            upload_dir=uploads,
            secret_key=secrets.token_urlsafe(32),
        ),
    )
    config = uvicorn.Config(
        HostCheck(fallback_fonts(app, _symbol_font(assets_dir)), AllowedHosts.from_env(host)),
        host=host,
        port=port,
        ws="websockets-sansio",
        # Pushes are a few hundred bytes on a loopback or a table's Wi-Fi: compressing
        # each one for each device cost the server busy time (bench/README.md) and saved
        # nothing a player could notice.
        ws_per_message_deflate=False,
        log_level="warning",
        **server_options(),  # the head rules, and no X-Forwarded-For unless --trust-proxy
    )
    server = HostServer(config, starting)
    try:
        server.run()
    except KeyboardInterrupt:
        # Ctrl-C: uvicorn has stopped serving and closed every page, then raises the
        # signal again for whoever ran it; every change was stored as it was made.
        print(STOPPED, file=sys.stderr)
        return
    finally:
        if own_uploads:
            shutil.rmtree(uploads, ignore_errors=True)
    if server.interrupted:  # the same Ctrl-C, where the signal raised again is ignored
        print(STOPPED, file=sys.stderr)
        return
    if not server.started:  # as uvicorn.run does: it stopped before serving (it said why)
        sys.exit(1)


def _symbol_font(assets_dir: str | None) -> Path | None:
    """The suits' font in `assets_dir`: a font every page loads anyway."""
    from referee.ui.theme import FONTS, SYMBOL_FONT

    return None if assets_dir is None else Path(assets_dir) / FONTS[SYMBOL_FONT]
