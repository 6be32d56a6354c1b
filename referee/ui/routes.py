"""Every screen's address, read and written in one place (no Flet here).

A route is what the browser's address bar shows and what a link opens. The screens form a
tree: each route has a parent (where Back goes), so the view stack for any address is the
route and its ancestors, and a reload or a reconnect rebuilds the same stack.

    /                                   home
    /new                                new game
    /stats                              statistics of the saved games (and renaming players)
    /settings                           this device's settings
    /game/{id}                          a game's table (Back: home)
    /game/{id}/log                      its log
    /game/{id}/log/{n}/{edit|delete|insert}   fixing action n (Back: the log)
    /game/{id}/standings                its standings and scores by round
    /game/{id}/rules                    the rules and rulings in force
    /game/{id}/whatnow                  the game, with what may be done now and what not
                                        opened in its own view (Back: the game)
    /game/{id}/walk                     a sample round stepped through (Back: the rules)
    /game/{id}/walk?step={n}            its step n (Back: step n-1, step 0 being the plain walk)
    /settle                             settle a dispute: choose the game
    /settle/{game}                      what is disputed in that game
    /settle/{dispute-kind}              settle that dispute (?game={id}: from that game)
"""

from dataclasses import dataclass, field
from urllib.parse import parse_qs, urlencode

FIXES = ("edit", "delete", "insert")
GAME_PAGES = ("log", "standings", "rules", "whatnow", "walk")
TOP_PAGES = ("new", "stats", "settings")  # screens of their own right above home
_MAX_ID = 10**12  # beyond any stored id: a longer number is not a game's address
_MAX_WALK_STEP = 9999  # beyond any round's length (ui/sample_round.py deals 500 actions at most)
# A screen drawn by the screen below it, as a part of its view: What now?, a panel the
# game's view opens and closes, not a page above it (a page of its own opened and closed
# several times slower on a phone: bench/README.md).
DRAWN_BY = {"whatnow": "game"}
# (a screen, the screen above it) shown in one view: Back's way, but no view of their own.
# A walk's earlier steps: the stack stays as short at step 30 as at step 1 (the phone
# rebuilds every view at each change), and Back draws the step before anew.
_ONE_VIEW = {("walk", "walk")} | {(below, above) for above, below in DRAWN_BY.items()}


@dataclass(frozen=True)
class Route:
    # home, new, stats, settings, game, log, fix, standings, rules, whatnow, walk, settle
    screen: str
    game_id: int | None = None
    action: int | None = None  # the action being fixed, from 1
    fix: str | None = None  # edit, delete or insert
    dispute: str | None = None  # the dispute kind being settled
    query: dict[str, str] = field(default_factory=dict, compare=False)
    walk_step: int | None = None  # in a walk, its step (None: 0)

    @property
    def path(self) -> str:
        if self.screen == "home":
            return "/"
        if self.screen in TOP_PAGES:
            return f"/{self.screen}"
        if self.screen == "settle":
            base = f"/settle/{self.dispute}" if self.dispute else "/settle"
            game = {"game": str(self.game_id)} if self.game_id is not None else {}
            return base + (f"?{urlencode(game)}" if game else "")
        base = f"/game/{self.game_id}"
        if self.screen == "game":
            return base
        if self.screen == "fix":
            return f"{base}/log/{self.action}/{self.fix}"
        if self.screen == "walk" and self.walk_step:
            return f"{base}/walk?step={self.walk_step}"
        return f"{base}/{self.screen}"

    @property
    def parent(self) -> "Route | None":
        """Where Back goes from here; None at home."""
        if self.screen == "home":
            return None
        if self.screen == "fix":
            return Route("log", self.game_id)
        if self.screen == "walk":
            # Back steps back through the walk; from its start, to the rules that opened it.
            if self.walk_step:
                return Route("walk", self.game_id, walk_step=self.walk_step - 1 or None)
            return Route("rules", self.game_id)
        if self.screen in GAME_PAGES:
            return Route("game", self.game_id)
        if self.screen == "settle":
            if self.game_id is not None:  # opened from a game's menu: Back returns to it
                return Route("game", self.game_id)
            if self.dispute is None:
                return HOME
            # A dispute kind is named after its game ("faeker_bluff": tests/disputes hold
            # every kind to that): Back goes to what else that game's disputes are.
            game, kind = self.dispute.partition("_")[::2]
            return Route("settle", dispute=game) if kind else Route("settle")
        return HOME

    def stack(self) -> list["Route"]:
        """This route and every screen below it, home first."""
        routes: list[Route] = []
        here: Route | None = self
        while here is not None:
            if not (routes and (here.screen, routes[-1].screen) in _ONE_VIEW):
                routes.append(here)
            here = here.parent
        return routes[::-1]


HOME = Route("home")


def drawn_by(route: Route) -> Route:
    """The route whose screen draws `route`: itself, or the screen below it (DRAWN_BY)."""
    below = DRAWN_BY.get(route.screen)
    return route if below is None else Route(below, route.game_id)


def _game_id(text: str) -> int | None:
    if not text.isascii() or not text.isdigit() or len(text) > 12:
        return None
    value = int(text)
    return value if 0 < value < _MAX_ID else None


def parse(address: str | None) -> Route | None:
    """The route an address names, or None when it names no screen of this app. The query
    (`?code=...`, `?game=...`) is kept apart from the path."""
    address = address or "/"
    path, _, query_text = address.partition("?")
    query = {k: v[-1] for k, v in parse_qs(query_text, keep_blank_values=True).items()}
    parts = [p for p in path.split("/") if p]
    route = _parse_parts(parts, query)
    if route is None:
        return None
    return Route(
        route.screen,
        route.game_id,
        route.action,
        route.fix,
        route.dispute,
        {k: v for k, v in query.items() if k not in ("game", "step")},
        route.walk_step,
    )


def _parse_parts(parts: list[str], query: dict[str, str]) -> Route | None:
    if not parts:
        return HOME
    head, rest = parts[0], parts[1:]
    if head in TOP_PAGES and not rest:
        return Route(head)
    if head == "settle" and len(rest) <= 1:
        game = query.get("game")
        game_id = _game_id(game) if game is not None else None
        if game is not None and game_id is None:
            return None
        dispute = rest[0] if rest else None
        if dispute is not None and not (dispute.isascii() and dispute.replace("_", "").isalnum()):
            return None
        return Route("settle", game_id, dispute=dispute)
    if head != "game" or not rest:
        return None
    game_id = _game_id(rest[0])
    if game_id is None:
        return None
    rest = rest[1:]
    if not rest:
        return Route("game", game_id)
    if rest == ["walk"]:
        step = query.get("step", "0")
        if not (step.isascii() and step.isdigit() and len(step) <= len(str(_MAX_WALK_STEP))):
            return None
        return Route("walk", game_id, walk_step=int(step) or None)
    if len(rest) == 1 and rest[0] in GAME_PAGES:
        return Route(rest[0], game_id)
    if len(rest) == 3 and rest[0] == "log" and rest[2] in FIXES:
        action = _game_id(rest[1])  # an action's number, read as a game's id is
        if action is not None:
            return Route("fix", game_id, action=action, fix=rest[2])
    return None


def game(game_id: int, page: str | None = None) -> str:
    return Route(page or "game", game_id).path


def walk(game_id: int, step: int) -> str:
    return Route("walk", game_id, walk_step=step or None).path


def fix(game_id: int, step: int, kind: str) -> str:
    return Route("fix", game_id, action=step, fix=kind).path


def settle(dispute: str | None = None, game_id: int | None = None) -> str:
    return Route("settle", game_id, dispute=dispute).path
