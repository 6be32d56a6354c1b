"""Command line: run the app (window or web), replay/verify a record, print the schema."""

import argparse
import json
import os
import socket
import sys
from pathlib import Path

from referee.core.errors import RefereeError
from referee.core.record import parse_record, record_schema
from referee.core.session import ReplayError, Session
from referee.games import GAMES, rules_for
from referee.store import DATA_DIR_ENV


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="python -m referee", description=__doc__)
    p.add_argument("--web", action="store_true", help="serve in the browser, never a window")
    p.add_argument(
        "--host",
        default="127.0.0.1",
        help="address to listen on in web mode (default 127.0.0.1; 0.0.0.0 for LAN)",
    )
    p.add_argument("--port", type=int, default=0, help="port in web mode (default: a free one)")
    p.add_argument("--data-dir", help="folder for the saved-games database")
    sub = p.add_subparsers(dest="command")
    r = sub.add_parser("replay", help="replay a record and print the final state and verdicts")
    r.add_argument("file", help="a record exported as JSON ('-' for standard input)")
    sub.add_parser("schema", help="print the JSON Schema of game records")
    return p


def main(argv: list[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    if args.data_dir:
        os.environ[DATA_DIR_ENV] = str(Path(args.data_dir).resolve())
    if args.command == "replay":
        return replay(args.file)
    if args.command == "schema":
        print(json.dumps(schema(), indent=2))
        return 0
    return run_app(web=args.web, host=args.host, port=args.port)


def schema() -> dict:
    return record_schema([rules.record_model for rules in GAMES.values()])


def replay(path: str) -> int:
    try:
        text = sys.stdin.read() if path == "-" else Path(path).read_text(encoding="utf-8")
        record = parse_record(json.loads(text))
        session = Session(rules_for(record.game), record)
    except ReplayError as exc:
        print(json.dumps({"ok": False, "index": exc.index, "reason": exc.action_reason}))
        return 2
    except (OSError, ValueError, RefereeError) as exc:
        reason = exc.reason if isinstance(exc, RefereeError) else str(exc)
        print(json.dumps({"ok": False, "index": None, "reason": reason}))
        return 2
    out = {
        "ok": True,
        "game": record.game,
        "state": session.state.model_dump(mode="json"),
        "verdicts": [v.model_dump(mode="json") for v in session.verdicts],
    }
    print(json.dumps(out, indent=2))
    return 0


def has_display() -> bool:
    if sys.platform in ("win32", "darwin"):
        return True
    return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))


def free_port(host: str) -> int:
    with socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET) as s:
        s.bind((host, 0))
        return s.getsockname()[1]


def run_app(*, web: bool, host: str, port: int) -> int:
    import flet as ft

    from referee.app import ASSETS_DIR
    from referee.app import main as app_main

    # The web client must come from the installed flet-web package: a CDN renderer would
    # leave an offline table on the loading screen forever.
    os.environ.setdefault("FLET_WEB_NO_CDN", "1")
    if not web and has_display():
        try:
            ft.run(app_main, view=ft.AppView.FLET_APP, assets_dir=ASSETS_DIR)
            return 0
        except Exception as exc:  # the desktop client is downloaded on first run
            print(
                f"The desktop window could not start ({exc}); serving in the browser instead.",
                file=sys.stderr,
            )
    host = os.environ.get("FLET_SERVER_IP") or host
    port = int(os.environ.get("FLET_SERVER_PORT") or 0) or port or free_port(host)
    shown = f"[{host}]" if ":" in host else host
    print(f"referee is running: open http://{shown}:{port}/ in a browser", flush=True)
    if not has_display():
        os.environ["FLET_FORCE_WEB_SERVER"] = "1"  # nothing to open a browser on
    ft.run(
        app_main,
        host=host,
        port=port,
        view=ft.AppView.WEB_BROWSER,
        assets_dir=ASSETS_DIR,
        no_cdn=True,
    )
    return 0
