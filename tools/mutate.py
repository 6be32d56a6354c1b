"""Mutation testing of each game's rules: mutmut (pinned in pyproject's `mutation` extra)
makes one-token changes to a game's rules modules and runs that game's rules tests alone
against each; a change no test notices is a mutant that survived, and is printed.

    python tools/mutate.py deceptidice           # one game (or: all, the default)
    python tools/mutate.py faeker --jobs 1       # mutants tried at once (default 2)
    python tools/mutate.py deceptidice --module truth --module guesses   # part of a game
    python tools/mutate.py fairy --again         # the last run's survivors, run nothing

A game's run stops after --minutes (15); the mutants tried by then keep their verdicts.

A survivor is one of three things, and the run says which:
- it changes only text a player reads (a sentence or a word inside one, or a function
  whose result is only shown: DISPLAY_ONLY): "text";
- it is listed in tools/mutants_accepted.toml as equivalent to the code it replaces, with
  the reason, or it turns off zip's strict=True, or it lies in a function no rule reads
  (NO_RULE): "accepted";
- otherwise it is a gap in the tests: "NOT CAUGHT", and the command exits 1. Kill it with
  a test named after the rule it breaks (or, if it truly is equivalent, list it with why).

Each game runs in build/mutants/<game>/ (mutmut's copy of the tree), made anew every run so
that no verdict of an older tree is reused.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import time
import tomllib
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
ACCEPTED = ROOT / "tools" / "mutants_accepted.toml"
WORK = ROOT / "build" / "mutants"

# The modules that hold each game's rules (not its words: rulings, said, teach, the
# disputes' wiring), and the smallest test set that covers them.
GAMES: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "deceptidice": (
        ("truth", "guesses", "challenge", "round_end", "rules", "deck", "material", "model"),
        ("tests/games/test_deceptidice_*.py",),
    ),
    "faeker": (
        ("bidding", "counting", "rules", "deck", "model"),
        ("tests/games/test_faeker_*.py",),
    ),
    "fairy": (
        ("scoring", "ending", "odds", "rules", "deck", "model"),
        ("tests/games/test_fairy_*.py",),
    ),
    "fairybucks": (
        ("auction", "scoring", "material", "rules", "model"),
        ("tests/games/test_fairybucks_*.py",),
    ),
    "faj": (
        ("poker", "tricks", "showdown", "rules", "deck", "model"),
        # Not tests/poker/test_against_treys.py: its reference of every hand takes seconds to
        # build, and a mutant's run builds it again.
        ("tests/games/test_faj_*.py", "tests/poker/test_hand_rules.py"),
    ),
}

# Random play that checks the refusals' wording, some 10 s a mutant: left to the suite.
SLOW = {"tests/games/test_deceptidice_refusals.py"}
# Every game's verdicts, menu and apply in random play, on the rules alone.
RANDOM_PLAY = (
    "tests/games/test_random_verdicts.py::"
    "test_random_play_cites_known_rulings_and_the_menu_agrees_with_apply[{game}]"
)
PYTEST_ARGS = ["-p", "no:flet", "-p", "no:cacheprovider", "-p", "no:xdist", "-p", "mutation_caches"]
PYTEST_ARGS += ["-q"]
CAUGHT = ("killed", "timeout", "segfault", "caught by type check")
NOT_TRIED = ("not checked", "check was interrupted by user", "skipped")
# Functions of the rules modules whose result is only ever shown, never decides anything:
# a survivor in one of them changes only displayed text.
DISPLAY_ONLY = {
    "progress": "the games list's line of where a game stands",
    "summary": "the games list's line of a game",
    "pick_label": "one pick as a player names it",
    "groups_text": "Fairy's suits as the setup screen shows them",
    "suit_groups": "Fairy's suits as rows on the screen",
}
# Functions no rule reads (by module and name), with why a survivor in them is equivalent.
PART = "a part, made once with the rules object at import, before mutmut turns a mutant on"
NO_RULE = {
    "rules.__init__": "the game's rules object is made once, at import, before mutmut turns a "
    "mutant on: its menu cache is out of mutmut's reach",
    "rules.draw": "random play's pick among the moves the menu offers (the random-play test "
    "checks that the menu offers it); which of them it picks decides no rule",
    "deceptidice/rules.choices": "the cache of menus by state: a cache changed or off gives the "
    "same menus, computed again",
    "deceptidice/rules.handlers": "the handler table, built once at import and kept: out of "
    "mutmut's reach",
    **{
        f"{part}.__init__": PART
        for part in (
            "deceptidice/challenge",
            "deceptidice/round_end",
            "fairybucks/auction",
            "faeker/bidding",
            "fairy/ending",
        )
    },
}
STATUS = re.compile(r"^\s*(\S+): (.+)$")
RULING_ID = re.compile(r"^[A-Z]+(-[A-Z0-9]+)+$")


@dataclass
class Mutant:
    name: str
    module: str  # referee/games/<game>/<module>.py
    status: str
    was: str = ""
    now: str = ""
    kind: str = ""  # text, accepted (with why), or NOT CAUGHT
    why: str = ""


def module_paths(game: str, only: list[str] | None = None) -> list[str]:
    return [f"referee/games/{game}/{m}.py" for m in GAMES[game][0] if not only or m in only]


def test_files(game: str) -> list[str]:
    found = {str(p.relative_to(ROOT)) for g in GAMES[game][1] for p in ROOT.glob(g)}
    found |= {g for g in GAMES[game][1] if "::" in g}  # one test, named by its node id
    return [*sorted(found - SLOW), RANDOM_PLAY.format(game=game)]


def toml_list(items: list[str]) -> str:
    return "[" + ", ".join(f'"{i}"' for i in items) + "]"


# mutmut forks each mutant's run from a process that already ran the tests: a rules
# function's lru_cache would answer from the original code. Each run starts with them empty.
CLEAR_CACHES = """
import sys


def pytest_sessionstart(session):
    for name, module in list(sys.modules.items()):
        if name.startswith("referee.games."):
            for value in list(vars(module).values()):
                clear = getattr(value, "cache_clear", None)
                if callable(clear):
                    clear()
"""


def prepare(game: str, only: list[str] | None) -> Path:
    work = WORK / game
    shutil.rmtree(work, ignore_errors=True)
    work.mkdir(parents=True)
    for name in ("referee", "tests"):
        (work / name).symlink_to(ROOT / name)
    (work / "mutation_caches.py").write_text(CLEAR_CACHES)
    # The project's own pytest options fan out over every core; a mutant runs its tests alone.
    (work / "pyproject.toml").write_text(
        "[tool.mutmut]\n"
        'source_paths = ["referee"]\n'
        f"only_mutate = {toml_list(module_paths(game, only))}\n"
        f"pytest_add_cli_args = {toml_list(PYTEST_ARGS)}\n"
        f"pytest_add_cli_args_test_selection = {toml_list(test_files(game))}\n"
        'also_copy = ["mutation_caches.py"]\n'
        "use_git_change_detection = false\n"
        "\n[tool.pytest.ini_options]\n"
        'markers = ["e2e: drives the app in headless Chromium"]\n'
    )
    return work


def mutmut(work: Path, *args: str) -> str:
    done = subprocess.run(
        [sys.executable, "-m", "mutmut", *args],
        cwd=work,
        capture_output=True,
        text=True,
        check=False,
    )
    return done.stdout + done.stderr


def run(work: Path, jobs: int, minutes: float) -> bool:
    """mutmut's run, stopped after `minutes` (its verdicts so far are kept): True if whole."""
    with open(work / "run.log", "w") as log:
        child = subprocess.Popen(
            [sys.executable, "-m", "mutmut", "run", "--max-children", str(jobs)],
            cwd=work,
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
        try:
            child.wait(timeout=minutes * 60)
            return True
        except subprocess.TimeoutExpired:
            os.killpg(child.pid, signal.SIGTERM)
            child.wait()
            return False


def changed_lines(diff: str) -> tuple[str, str]:
    was = [ln[1:].strip() for ln in diff.splitlines() if ln.startswith("-") and ln[1:2] != "-"]
    now = [ln[1:].strip() for ln in diff.splitlines() if ln.startswith("+") and ln[1:2] != "+"]
    return " / ".join(was), " / ".join(now)


def changes_only_text(was: str, now: str) -> bool:
    """A literal's content wrapped in XX or put in another case, where the literal is text a
    player reads: not a ruling id, and not compared with anything (a key such as "run")."""
    if not was or now.replace("XX", "").casefold() != was.casefold() or now == was:
        return False
    start = next(i for i, (a, b) in enumerate(zip(was, now, strict=False)) if a != b)
    end = len(was) - next(
        i for i, (a, b) in enumerate(zip(reversed(was), reversed(now), strict=False)) if a != b
    )
    # The literal the change falls in: from the quote before it to the quote after it.
    quotes = [i for i, c in enumerate(was) if c in "'\""]
    before = [q for q in quotes if q < start] or [start]
    after = [q for q in quotes if q >= min(end, len(was) - 1)] or [end]
    literal = was[before[-1] + 1 : after[0]]
    compared = re.search(r"(==|!=|\bin)\s*\(?$", was[: before[-1]]) or re.match(
        r"\s*(==|!=)", was[after[0] + 1 :]
    )
    return not (RULING_ID.match(literal) or compared)


def function_of(name: str) -> str:
    """The function a mutant changes: 'x_judge__mutmut_4' or 'xǁClassǁmethod__mutmut_4'."""
    head = name.split("__mutmut_")[0]
    return head.rpartition("ǁ")[2] if "ǁ" in head else head.rpartition(".")[2].removeprefix("x_")


def no_rule(mutant: Mutant) -> str | None:
    """Why a survivor in a function no rule reads is equivalent (None: it is not in one)."""
    path, function = Path(mutant.module), function_of(mutant.name)
    game_key = f"{path.parent.name}/{path.stem}.{function}"
    return NO_RULE.get(game_key) or NO_RULE.get(f"{path.stem}.{function}")


def only_strictness(was: str, now: str) -> bool:
    """zip's strict=True turned off: it only raises when the lengths differ, and every zip in
    the rules pairs sequences made the same length (equivalent for every valid table)."""

    def loose(line: str) -> str:
        return re.sub(r",\s*\)", ")", re.sub(r"strict=(True|False|None)", "", line))

    return "strict=True" in was and now != was and loose(now) == loose(was)


def stale_entries() -> list[dict]:
    """Accepted mutants whose line is no longer in its module (the code moved on)."""
    if not ACCEPTED.exists():
        return []
    entries = tomllib.loads(ACCEPTED.read_text()).get("equivalent", [])
    return [e for e in entries if e["was"].split(" / ")[0] not in (ROOT / e["module"]).read_text()]


def accepted() -> dict[tuple[str, str, str], str]:
    if not ACCEPTED.exists():
        return {}
    data = tomllib.loads(ACCEPTED.read_text())
    return {(e["module"], e["was"], e["now"]): e["why"] for e in data.get("equivalent", [])}


def survivors(
    work: Path, game: str, only: list[str] | None
) -> tuple[dict[str, dict[str, int]], list[Mutant]]:
    counts: dict[str, dict[str, int]] = {m: {} for m in module_paths(game, only)}
    found = []
    known = accepted()
    for line in mutmut(work, "results", "--all", "true").splitlines():
        match = STATUS.match(line)
        if not match or "__mutmut_" not in match[1]:
            continue
        name, status = match[1], match[2].strip()
        module = next((m for m in counts if name.startswith(m[:-3].replace("/", ".") + ".")), name)
        counts.setdefault(module, {})
        counts[module][status] = counts[module].get(status, 0) + 1
        if status in CAUGHT or status in NOT_TRIED:
            continue
        found.append(Mutant(name, module, status))
    for mutant, diff in zip(found, diffs(work, [m.name for m in found]), strict=True):
        mutant.was, mutant.now = changed_lines(diff)
        key = (mutant.module, mutant.was, mutant.now)
        if key in known:
            mutant.kind, mutant.why = "accepted", known[key]
        elif no_rule(mutant):
            mutant.kind, mutant.why = "accepted", no_rule(mutant)
        elif function_of(mutant.name) in DISPLAY_ONLY:
            mutant.kind, mutant.why = "text", DISPLAY_ONLY[function_of(mutant.name)]
        elif mutant.status == "survived" and only_strictness(mutant.was, mutant.now):
            mutant.kind, mutant.why = (
                "accepted",
                "zip's strict=True is a guard (see only_strictness)",
            )
        elif mutant.status == "survived" and changes_only_text(mutant.was, mutant.now):
            mutant.kind = "text"
        else:
            mutant.kind = "NOT CAUGHT"
    return counts, found


# mutmut's own diff of each mutant, in one process (`mutmut show` is one process a mutant).
DIFFS = """
import json, sys
from mutmut.mutation.diff_apply import get_diff_for_mutant

def diff(name):
    try:
        return get_diff_for_mutant(name)
    except Exception as exc:  # one unreadable mutant is said, and the others still shown
        return f"+(mutmut could not show it: {exc})"

print(json.dumps([diff(n) for n in json.load(sys.stdin)]))
"""


def diffs(work: Path, names: list[str]) -> list[str]:
    done = subprocess.run(
        [sys.executable, "-c", DIFFS],
        cwd=work,
        input=json.dumps(names),
        capture_output=True,
        text=True,
        check=True,
    )
    return json.loads(done.stdout)


def report(game: str, seconds: float, whole: bool, counts, found, verbose: bool) -> int:
    print(f"\n== {game}: {seconds:.0f} s" + ("" if whole else ", STOPPED at the time limit"))
    for module, by_status in counts.items():
        total = sum(by_status.values())
        kinds = {k: sum(1 for m in found if m.module == module and m.kind == k) for k in KINDS}
        tried = total - by_status.get("not checked", 0)
        print(
            f"  {module}: {total} mutants, {tried} tried, {by_status.get('killed', 0)} killed, "
            + ", ".join(f"{n} {k}" for k, n in kinds.items())
        )
    for mutant in found:
        if mutant.kind == "NOT CAUGHT" or verbose:
            print(f"  [{mutant.kind}] {mutant.name} ({mutant.status})")
            print(f"      was: {mutant.was}\n      now: {mutant.now}")
            if mutant.why:
                print(f"      why: {mutant.why}")
    return sum(1 for m in found if m.kind == "NOT CAUGHT")


KINDS = ("text", "accepted", "NOT CAUGHT")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game", nargs="?", default="all", choices=[*GAMES, "all"])
    parser.add_argument("--jobs", type=int, default=2, help="mutants tried at once")
    parser.add_argument("--module", action="append", help="only this rules module (repeatable)")
    parser.add_argument("--minutes", type=float, default=15, help="a game's time limit")
    parser.add_argument("--verbose", action="store_true", help="print every survivor")
    parser.add_argument("--again", action="store_true", help="report the last run, run nothing")
    args = parser.parse_args(argv)
    missed = 0
    for game in GAMES if args.game == "all" else [args.game]:
        work, started, whole = WORK / game, time.monotonic(), True
        if not args.again:
            work = prepare(game, args.module)
            whole = run(work, args.jobs, args.minutes)
        seconds = time.monotonic() - started
        counts, found = survivors(work, game, args.module)
        missed += report(game, seconds, whole, counts, found, args.verbose)
    for entry in stale_entries():
        print(f"  stale in {ACCEPTED.name}: {entry['module']}: {entry['was']}")
    print(f"\n{missed} mutants no test catches" if missed else "\nEvery mutant is accounted for.")
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main())
