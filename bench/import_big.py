"""Time and peak memory of `python -m referee import` on a large file of valid records.

    python bench/import_big.py [--mb 50 200] [--repo PATH] [--json]

For each size, writes a file of about that many MB (10**6 bytes) of records, laid out as
`export --all FILE` writes them (tests/big_records.py: the known games of the tests, each
at its own moment, so every one is imported), and imports it into a fresh data folder in a
child process of its own: its wall time, its CPU time and peak resident memory (os.wait4:
of its largest process), and the peak of all its processes together (its import workers
too; sampled from /proc every 50 ms). `--repo` imports with another checkout's code (say,
the code before a change); the file is always written by this one's tests. Everything is
written in a temporary folder, removed afterwards.
"""

import argparse
import json
import os
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.big_records import write_big_file  # noqa: E402


def _tree(pid: int) -> list[int]:
    """The process and every process under it (its workers)."""
    found, todo = [], [pid]
    while todo:
        one = todo.pop()
        found.append(one)
        for task in Path(f"/proc/{one}/task").glob("*"):
            try:
                todo += [int(p) for p in (task / "children").read_text().split()]
            except OSError:
                continue
    return found


def _rss_kb(pid: int) -> int:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    except OSError:
        pass
    return 0


class TreeRss(threading.Thread):
    """The largest sum of resident memory of a process and its children, sampled."""

    def __init__(self, pid: int) -> None:
        super().__init__(daemon=True)
        self.pid = pid
        self.peak_kb = 0
        self.done = threading.Event()

    def run(self) -> None:
        while not self.done.wait(0.05):
            self.peak_kb = max(self.peak_kb, sum(_rss_kb(p) for p in _tree(self.pid)))


def measure(repo: Path, path: Path, data: Path) -> dict:
    """One import in a child process: its wall time, peak resident memory and last line."""
    env = {**os.environ, "PYTHONPATH": str(repo)}
    env.pop("REFEREE_DATA_DIR", None)
    said = data.parent / f"{data.name}.out"
    with open(said, "wb") as out:
        started = time.perf_counter()
        child = subprocess.Popen(
            [sys.executable, "-m", "referee", "import", str(path), "--data-dir", str(data)],
            cwd=repo,
            env=env,
            stdout=out,
            stderr=subprocess.STDOUT,
        )
        sampler = TreeRss(child.pid)
        sampler.start()
        _pid, status, usage = os.wait4(child.pid, 0)  # this child's own figures
        seconds = time.perf_counter() - started
        sampler.done.set()
        sampler.join()
    child.returncode = os.waitstatus_to_exitcode(status)
    return {
        "seconds": round(seconds, 1),
        "cpu_seconds": round(usage.ru_utime + usage.ru_stime, 1),
        "peak_rss_mb": round(usage.ru_maxrss / 1024),  # the largest process; Linux: kB
        "peak_rss_all_mb": round(sampler.peak_kb / 1024),  # with its workers, sampled
        "exit": child.returncode,
        "said": said.read_text(errors="replace").strip().splitlines()[-1:],
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mb", type=float, nargs="+", default=[50, 200])
    parser.add_argument("--repo", type=Path, default=ROOT, help="the code that imports")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    rows = []
    with tempfile.TemporaryDirectory(prefix="referee-import-bench-") as folder:
        for mb in args.mb:
            path = Path(folder) / f"records-{mb:g}mb.json"
            records = write_big_file(path, mb)
            row = {"mb": mb, "bytes": path.stat().st_size, "records": records}
            row |= measure(args.repo.resolve(), path, Path(folder) / f"data-{mb:g}")
            rows.append(row)
            path.unlink()
            if not args.json:
                print(
                    f"{mb:g} MB ({records:,} records): {row['seconds']} s "
                    f"({row['cpu_seconds']} s of CPU), peak RSS {row['peak_rss_mb']} MB "
                    f"({row['peak_rss_all_mb']} MB with its workers), exit {row['exit']}: "
                    + " ".join(row["said"]),
                    flush=True,
                )
    if args.json:
        print(json.dumps({"repo": str(args.repo), "load": os.getloadavg(), "runs": rows}))


if __name__ == "__main__":
    main()
