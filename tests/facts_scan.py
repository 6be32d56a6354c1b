"""The scanner behind tests/test_facts_once.py: where a known fact of a game's rules is
written as a literal outside its one home. Kept apart from the registry so that the same
scan counts the literals in any checkout (`python -m tests.facts_scan [ROOT]`).

The rules a literal is flagged by (a Fact says which of them apply to it):

1. Numbers in the game's own folders (referee/games/<kind>/, referee/ui/games/<kind>/),
   outside the home module: an integer equal to the fact's value, a negative one as written
   (`-4`), unless it sets the look of a control (an argument of a call to Flet, `ft.…`, or a
   keyword such as size=, width=, spacing=). A fact whose value is too common to mean the
   fact alone (2, 3, 5 are indices, halves, counts of anything) is `common`: it is flagged
   only by rule 2.
2. Numbers beside a name that says the fact (the fact's `words`, a regular expression
   searched in the names of the nearest comparison, arithmetic, call or assignment holding
   the literal: `score < -4`, `max(floor, x)`, `fae + 1`, `max_players = 10`): in the
   game's folders for a `common` fact, and anywhere in referee/ outside the games' folders
   (shared code names no game, so a game's number there is one copied) for the others.
   Other games' folders are left to their own facts.
3. Sentences in the game's folders outside the home: a string (not a docstring, which speaks
   to the code's reader as a comment does) matching the fact's `text`, the way a sentence
   writes the fact ("−4", "24 points", "+7"); a sentence shown to players builds it from the
   constant instead.
4. Names: a fact whose value is a string (a guess's id, a symbol) is flagged wherever a
   string in the game's folders outside the home equals it.
"""

import ast
import re
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

# Keywords that set a control's look, never a rule of a game.
LAYOUT = re.compile(
    r"(.*_)?(size|spacing|height|width|radius|padding|margin|lines|indent|expand|offset|"
    r"elevation|scale|duration)|top|bottom|left|right|horizontal|vertical"
)


@dataclass(frozen=True)
class Fact:
    """One fact of a game's rules: `name`, an expression in the home module (a constant,
    or an entry of one: "POINTS['catch']"), holds `value`; `home` is that module's path."""

    game: str
    name: str
    home: str
    value: object  # an int or a str is scanned for; a table (FAIRIES) only by its `text`
    words: str = ""  # rule 2: names that say the fact
    common: bool = False  # rule 1 off: the value alone is too common to mean the fact
    text: str = ""  # rule 3: the fact as a sentence writes it

    @property
    def folders(self) -> tuple[str, str]:
        return (f"referee/games/{self.game}/", f"referee/ui/games/{self.game}/")


@dataclass(frozen=True)
class Hit:
    fact: Fact
    path: str
    line: int
    col: int
    rule: int
    said: str

    def __str__(self) -> str:
        f = self.fact
        return (
            f"{self.path}:{self.line}: {self.said!r} is {f.game}'s {f.name} "
            f"(rule {self.rule}); import it from {f.home}"
        )


def _game_of(path: str) -> str | None:
    for prefix in ("referee/games/", "referee/ui/games/"):
        if path.startswith(prefix) and path.count("/") == prefix.count("/") + 1:
            return path[len(prefix) :].split("/")[0]
    return None


def _docstrings(tree: ast.AST) -> set[int]:
    found = set()
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            first = body[0] if body else None
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                found.add(id(first.value))
    return found


def _root_name(node: ast.AST) -> str | None:
    while isinstance(node, ast.Attribute | ast.Call | ast.Subscript):
        node = node.func if isinstance(node, ast.Call) else node.value
    return node.id if isinstance(node, ast.Name) else None


def _names(node: ast.AST, methods: bool = True) -> set[str]:
    """The names in `node`; without `methods`, not those of methods called (`cards.count(c)`
    says nothing of what the result is compared with)."""
    called = set()
    if not methods:
        called = {id(sub.func) for sub in ast.walk(node) if isinstance(sub, ast.Call)}
    out = set()
    for sub in ast.walk(node):
        if isinstance(sub, ast.Name):
            out.add(sub.id)
        elif isinstance(sub, ast.Attribute) and id(sub) not in called:
            out.add(sub.attr)
        elif isinstance(sub, ast.keyword | ast.arg) and sub.arg:
            out.add(sub.arg)
    return out


class _Module:
    def __init__(self, path: Path, rel: str) -> None:
        self.rel = rel
        self.game = _game_of(rel)
        self.tree = ast.parse(path.read_text(), rel)
        self.parent: dict[int, ast.AST] = {}
        for node in ast.walk(self.tree):
            for child in ast.iter_child_nodes(node):
                self.parent[id(child)] = node
        self.docstrings = _docstrings(self.tree)
        self.numbers = list(self._numbers())
        self.strings = list(self._strings())

    def _numbers(self) -> Iterator[tuple[ast.AST, int]]:
        """Every integer written, `-4` as one number."""
        for node in ast.walk(self.tree):
            if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
                inner = node.operand
                if isinstance(inner, ast.Constant) and type(inner.value) is int:
                    yield node, -inner.value
            elif isinstance(node, ast.Constant) and type(node.value) is int:
                above = self.parent.get(id(node))
                if isinstance(above, ast.UnaryOp) and isinstance(above.op, ast.USub):
                    continue
                yield node, node.value

    def _strings(self) -> Iterator[ast.Constant]:
        for node in ast.walk(self.tree):
            if (
                isinstance(node, ast.Constant)
                and isinstance(node.value, str)
                and id(node) not in self.docstrings
            ):
                yield node

    def _ancestors(self, node: ast.AST) -> Iterator[ast.AST]:
        above = self.parent.get(id(node))
        while above is not None:
            yield above
            above = self.parent.get(id(above))

    def is_layout(self, node: ast.AST) -> bool:
        for above in self._ancestors(node):
            if isinstance(above, ast.stmt):
                return False
            if isinstance(above, ast.keyword) and above.arg and LAYOUT.fullmatch(above.arg):
                return True
            if isinstance(above, ast.Call) and _root_name(above.func) == "ft":
                return True
        return False

    def says(self, node: ast.AST, words: re.Pattern) -> bool:
        above = self.parent.get(id(node))
        if isinstance(above, ast.Subscript) and above.slice is node:
            return False  # an index, `hands[0]`, is a place in a sequence
        return any(words.search(name) for name in self.context(node))

    def context(self, node: ast.AST) -> set[str]:
        """The names a literal is set beside: the whole of the nearest comparison or
        arithmetic holding it; of a call, the function, the literal's keyword and the
        positional arguments (`max(-4, score)`, not the call's other keywords); of an
        assignment, what is assigned to (`max_players = 10`, `hands: … = Field(le=6)`)."""
        child = node
        for above in self._ancestors(node):
            if isinstance(above, ast.Compare | ast.BinOp | ast.AugAssign):
                return _names(above, methods=False)
            if isinstance(above, ast.Call):
                names = _names(above.func)
                for arg in above.args:
                    names |= _names(arg)
                if isinstance(child, ast.keyword) and child.arg:
                    names.add(child.arg)
                up = self.parent.get(id(above))
                while isinstance(up, ast.Subscript | ast.Tuple | ast.List):
                    up = self.parent.get(id(up))  # Card = Annotated[int, Field(le=7)]
                if isinstance(up, ast.Assign | ast.AnnAssign):
                    names |= self._assigned(up)
                return names
            if isinstance(above, ast.Assign | ast.AnnAssign):
                return self._assigned(above)
            if isinstance(above, ast.stmt):
                return _names(above) if isinstance(above, ast.Return) else set()
            child = above
        return set()

    @staticmethod
    def _assigned(node: ast.Assign | ast.AnnAssign) -> set[str]:
        if isinstance(node, ast.Assign):
            return set().union(*(_names(t) for t in node.targets))
        return _names(node.target) | _names(node.annotation)


def modules(root: Path) -> Iterator[_Module]:
    for path in sorted((root / "referee").rglob("*.py")):
        rel = path.relative_to(root).as_posix()
        if rel.endswith("confusables_data.py"):
            continue
        yield _Module(path, rel)


def scan(facts: tuple[Fact, ...], root: Path = ROOT) -> list[Hit]:
    hits: list[Hit] = []
    for module in modules(root):
        for fact in facts:
            if module.rel == fact.home:
                continue
            own = module.game == fact.game
            if module.game is not None and not own:
                continue  # another game's folders: its own facts speak for them
            hits += _hits(module, fact, own)
    return hits


def _hits(module: _Module, fact: Fact, own: bool) -> list[Hit]:
    found = []
    words = re.compile(fact.words, re.IGNORECASE) if fact.words else None
    if isinstance(fact.value, int):
        for node, value in module.numbers:
            if value != fact.value or module.is_layout(node):
                continue
            said = ast.unparse(node)
            if own and not fact.common:
                found.append(Hit(fact, module.rel, node.lineno, node.col_offset, 1, said))
            elif (own or not fact.common) and words and module.says(node, words):
                found.append(Hit(fact, module.rel, node.lineno, node.col_offset, 2, said))
    if not own:
        return found
    text = re.compile(fact.text) if fact.text else None
    if text is None and not isinstance(fact.value, str):
        return found
    for node in module.strings:
        if isinstance(fact.value, str) and node.value == fact.value:
            found.append(Hit(fact, module.rel, node.lineno, node.col_offset, 4, node.value))
        elif text and text.search(node.value):
            found.append(Hit(fact, module.rel, node.lineno, node.col_offset, 3, node.value))
    return found


if __name__ == "__main__":
    from tests.test_facts_once import FACTS

    where = Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT
    found = scan(FACTS, where)
    for hit in found:
        print(hit)
    games = sorted({f.game for f in FACTS})
    for game in games:
        print(f"{game}: {sum(1 for h in found if h.fact.game == game)}")
    literals = {(h.path, h.line, h.col) for h in found}
    print(f"known facts written outside their home: {len(found)}, in {len(literals)} literals")
