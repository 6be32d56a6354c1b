"""What the host's console says when the table is shared: the code stored in the data
folder (another referee's, when it made one at the same moment), the links and a QR code,
and what went wrong with the code's file; from then on, each new code another referee on
the folder makes and each damaged file moved aside (referee/live/code_watch.py)."""

import os
import sys
from pathlib import Path

from referee.live import server
from referee.live.code_watch import SAME_MOMENT
from referee.storage.sharing import TableBusy


def console(line: str) -> None:
    print(line, file=sys.stderr, flush=True)


def start_sharing(folder: Path, host: str, port: int, *, new_code: bool, replacing) -> bool:
    """Share the folder's table on `host`:`port` and say so; False (said why) when it
    cannot start. `replacing`: the code seen before `--new-code` asked for another."""
    # The table's code is kept in the data folder: a restart keeps it, so the phones
    # that gave it come straight back (referee/storage/sharing.py).
    try:
        access = server.share_table(folder, fresh=new_code, replacing=replacing, say=console)
    except TableBusy as exc:
        console(exc.reason)
        return False
    code = server.table_code()  # as stored: another referee's, if it made one
    assert code is not None  # None only when not shared, and share_table has just shared
    links = server.share_links(host, port, code)
    os.environ[server.LINKS_ENV] = " ".join(links)
    print(
        "Sharing on your network: anyone who has the table code can view and change "
        "the games on this referee.",
        flush=True,
    )
    print(f"Table code: {code}" + (" (new)" if new_code and not access.problem else ""))
    if new_code and not access.made and not access.problem:
        print(SAME_MOMENT)
    if access.problem:
        print(access.problem, file=sys.stderr)
    for link in links or [f"http://<this computer's address>:{port}/?code={code}"]:
        print(f"Open on a phone: {link}")
    if links:
        print(server.terminal_qr(links[0]), flush=True)
    return True
