"""Command line: run the app (window or web), replay/verify a record, print the schema."""

import argparse
import gc
import json
import os
import sys
from pathlib import Path

from referee.core.errors import RefereeError
from referee.core.names import quoted, sentence
from referee.core.record import MAX_RECORD_CHARS, load_record_text, read_json, record_schema
from referee.core.session import ReplayError, Session
from referee.games import GAMES, rules_for
from referee.store import DATA_DIR_ENV


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
    d = sub.add_parser("settle", help="settle one dispute (JSON) and print the verdict as JSON")
    d.add_argument("file", help="a dispute as JSON ('-' for standard input)")
    return p


def main(argv: list[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    if args.data_dir:
        os.environ[DATA_DIR_ENV] = str(Path(args.data_dir).resolve())
    if args.command == "replay":
        return replay(args.file)
    if args.command == "settle":
        return settle(args.file)
    if args.command == "edit":
        kind = "delete" if args.delete else "replace" if args.replace is not None else "insert"
        return edit(args.file, args.at, kind, args.replace if kind == "replace" else args.insert)
    if args.command == "schema":
        print(json.dumps(schema(), indent=2))
        return 0
    return run_app(web=args.web, host=args.host, port=args.port, share=args.share)


def schema() -> dict:
    from referee.disputes import dispute_schema

    out = record_schema([rules.record_model for rules in GAMES.values()])
    disputes = dispute_schema()
    out["$defs"] = {**out.get("$defs", {}), **disputes.pop("$defs", {}), "Dispute": disputes}
    return out


def settle(path: str) -> int:
    """Print the verdict of a dispute file as JSON; 2 with one sentence when the dispute is
    malformed or impossible (a card twice, a hand of 6, an unknown guess form)."""
    try:
        data = read_record_file(path)
    except OSError as exc:
        why = exc.strerror or type(exc).__name__
        reason = sentence(f"Cannot read the dispute {quoted(path)}: {why}.")
        print(json.dumps({"ok": False, "reason": reason}))
        return 2
    code, out = settle_text(data)
    print(json.dumps(out, indent=2 if code == 0 else None, ensure_ascii=False))
    return code


def settle_text(text: str | bytes) -> tuple[int, dict]:
    from referee.disputes import settle as settle_dispute

    try:
        settled = settle_dispute(read_json(text, "The dispute"))
    except RefereeError as exc:
        return 2, {"ok": False, "reason": sentence(exc.reason)}
    return 0, {"ok": True, **settled.model_dump(mode="json")}


def replay(path: str) -> int:
    """Print the replay of a record file as JSON; 0 when it replays, 2 (with the index of
    the refused action, or null, and one sentence) when it does not."""
    try:
        data = read_record_file(path)
    except OSError as exc:
        why = exc.strerror or type(exc).__name__
        reason = sentence(f"Cannot read the record {quoted(path)}: {why}.")
        print(json.dumps({"ok": False, "index": None, "reason": reason}))
        return 2
    code, out = replay_text(data)
    print(json.dumps(out, indent=2 if code == 0 else None))
    return code


def read_record_file(path: str) -> bytes | str:
    """A record file, or standard input for '-': at most one byte past the largest record,
    so a huge file (or an endless device) is refused without being read whole."""
    if path == "-":
        stream = getattr(sys.stdin, "buffer", sys.stdin)
        return stream.read(MAX_RECORD_CHARS + 1)
    with open(path, "rb") as f:
        return f.read(MAX_RECORD_CHARS + 1)


def replay_text(text: str | bytes) -> tuple[int, dict]:
    """The exit status and the JSON answer of `replay` for a record's text. Every refusal
    is the project's own error, told in one sentence; nothing else is caught."""
    try:
        record = load_record_text(text)
        session = Session(rules_for(record.game), record)
    except ReplayError as exc:
        return 2, {"ok": False, "index": exc.index, "reason": exc.action_reason}
    except RefereeError as exc:
        return 2, {"ok": False, "index": None, "reason": sentence(exc.reason)}
    return 0, {
        "ok": True,
        "game": record.game,
        "state": session.state.model_dump(mode="json"),
        "verdicts": [v.model_dump(mode="json") for v in session.verdicts],
    }


def edit(path: str, at: int, kind: str, action_text: str | None) -> int:
    """Print the edited record and what changed as JSON; 2 with the index and the reason
    of the first action that breaks (or a refusal of the edit itself, index null)."""
    try:
        data = read_record_file(path)
    except OSError as exc:
        why = exc.strerror or type(exc).__name__
        reason = sentence(f"Cannot read the record {quoted(path)}: {why}.")
        print(json.dumps({"ok": False, "index": None, "reason": reason}))
        return 2
    code, out = edit_text(data, at, kind, action_text)
    print(json.dumps(out, indent=2 if code == 0 else None, ensure_ascii=False))
    return code


def edit_text(text: str | bytes, at: int, kind: str, action_text: str | None) -> tuple[int, dict]:
    from referee.core.edit import preview

    try:
        record = load_record_text(text)
        action = None if action_text is None else read_json(action_text, "The action")
        result = preview(rules_for(record.game), record, at, kind, action)
    except ReplayError as exc:  # the record itself does not replay, before any edit
        return 2, {"ok": False, "index": exc.index, "reason": exc.action_reason}
    except RefereeError as exc:
        return 2, {"ok": False, "index": None, "reason": sentence(exc.reason)}
    if not result.ok:
        return 2, result.breaking()
    return 0, {
        "ok": True,
        "record": result.record.model_dump(mode="json"),
        "changes": result.summary,
    }


def has_display() -> bool:
    if sys.platform in ("win32", "darwin"):
        return True
    return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))


def run_app(*, web: bool, host: str | None, port: int, share: bool = False) -> int:
    import flet as ft

    from referee import server
    from referee.app import ASSETS_DIR
    from referee.app import main as app_main

    # Everything imported so far lives as long as the server: keeping it out of the
    # collector's full passes takes tens of milliseconds off the taps they would land on.
    gc.collect()
    gc.freeze()

    # The web client must come from the installed flet-web package: a CDN renderer would
    # leave an offline table on the loading screen forever.
    os.environ.setdefault("FLET_WEB_NO_CDN", "1")
    env_host = os.environ.get("FLET_SERVER_IP")
    if host and env_host and env_host != host:
        print(f"Using --host {host} (FLET_SERVER_IP={env_host} is ignored).", file=sys.stderr)
    host = host or env_host or ("0.0.0.0" if share else "127.0.0.1")
    share = share or not server.is_loopback(host)
    if not web and not share and has_display():
        try:
            ft.run(app_main, view=ft.AppView.FLET_APP, assets_dir=ASSETS_DIR)
            return 0
        except Exception as exc:  # the desktop client is downloaded on first run
            print(
                f"The desktop window could not start ({exc}); serving in the browser instead.",
                file=sys.stderr,
            )
    port = port or int(os.environ.get("FLET_SERVER_PORT") or 0)
    if share:
        port = server.port_from(host, port or server.SHARE_PORT)
        code = os.environ.setdefault(server.CODE_ENV, server.new_table_code())
        links = server.share_links(host, port, code)
        os.environ[server.LINKS_ENV] = " ".join(links)
        print(
            "Sharing on your network: anyone who has the table code can view and change "
            "the games on this referee.",
            flush=True,
        )
        print(f"Table code: {code}")
        for link in links or [f"http://<this computer's address>:{port}/?code={code}"]:
            print(f"Open on a phone: {link}")
        if links:
            print(server.terminal_qr(links[0]), flush=True)
    else:
        os.environ.pop(server.CODE_ENV, None)
        port = port or server.free_port(host)
        shown = f"[{host}]" if ":" in host else host
        print(f"referee is running: open http://{shown}:{port}/ in a browser", flush=True)
    server.serve(app_main, host=host, port=port, assets_dir=ASSETS_DIR)
    return 0
