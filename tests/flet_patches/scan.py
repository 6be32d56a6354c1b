"""Finding uses of Flet's private parts in Python source, for test_door.py.

A use is:
- an attribute or a string naming a private attribute of a Flet class (one starting with
  a single underscore, from the installed flet: every class flet exports, its session, its
  web server, and the names its diff sets on controls), or a name Python mangled for one
  of Flet's classes (`_Session__send_message`); an attribute of `self` in a class of
  referee's own (not derived from a Flet class) is its own;
- an import of Flet's modules (`flet.controls...`, `flet.messaging...`), of flet-web's
  beyond `flet_web.fastapi`'s `app` and `FastAPI`, of a private name from `flet`, or of
  msgpack (Flet's wire).
"""

import ast
import inspect
import sys
from functools import cache
from pathlib import Path

import flet as ft

# What may be imported from flet-web: the app it serves and the FastAPI it builds on.
WEB_PUBLIC = frozenset({"app", "FastAPI"})
FLET = ("flet", "flet_web", "flet_charts", "flet_desktop")


@cache
def private_names() -> frozenset[str]:
    """The private attribute names of the Flet installed."""
    from flet.controls import object_patch
    from flet.messaging.session import Session
    from flet_web.fastapi.flet_app import FletApp

    classes = [getattr(ft, name) for name in ft.__all__]
    classes = [c for c in classes if inspect.isclass(c)] + [Session, FletApp]
    names = set()
    for cls in classes:
        for name in [*dir(cls), *getattr(cls, "__dataclass_fields__", ())]:
            if name.startswith("_") and not name.endswith("__"):
                names.add(name)
    # What Flet's diff sets on the controls it sends (`_parent`, `__prev_lists`, ...).
    for node in ast.walk(ast.parse(inspect.getsource(object_patch))):
        name = None
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            name = node.value
        elif isinstance(node, ast.Attribute) and not _on_self(node):
            name = node.attr
        if name and name.isidentifier() and name.startswith("_") and not name.endswith("__"):
            names.add(name)
    names.discard("_")
    return frozenset(names)


@cache
def mangled_prefixes() -> tuple[str, ...]:
    """`_Class__` for every class of Flet's and flet-web's modules loaded."""
    import flet_web.fastapi.flet_app  # noqa: F401 - loaded for its classes

    prefixes = set()
    for module_name, module in list(sys.modules.items()):
        if module_name.split(".")[0] in ("flet", "flet_web") and module is not None:
            for value in list(vars(module).values()):
                if inspect.isclass(value):
                    prefixes.add(f"_{value.__name__.lstrip('_')}__")
    return tuple(sorted(prefixes))


def _on_self(node: ast.Attribute) -> bool:
    return isinstance(node.value, ast.Name) and node.value.id in ("self", "cls")


def _docstrings(tree: ast.AST) -> set[int]:
    found = set()
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if (
            isinstance(body, list)
            and body
            and isinstance(body[0], ast.Expr)
            and isinstance(body[0].value, ast.Constant)
        ):
            found.add(id(body[0].value))
    return found


def _from_flet(tree: ast.AST) -> set[str]:
    """The names a module imports from Flet's packages (`ClientAction`, `ft`)."""
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and (node.module or "").split(".")[0] in FLET:
            names.update(alias.asname or alias.name for alias in node.names)
        if isinstance(node, ast.Import):
            names.update(
                alias.asname or alias.name.split(".")[0]
                for alias in node.names
                if alias.name.split(".")[0] in FLET
            )
    return names


def _flet_based(cls: ast.ClassDef, flet_names: set[str]) -> bool:
    """Whether a class derives from something reached through Flet (`ft.Container`)."""
    for base in cls.bases:
        while isinstance(base, ast.Attribute):
            base = base.value
        if isinstance(base, ast.Name) and base.id in flet_names:
            return True
    return False


def _own_selves(tree: ast.AST) -> set[int]:
    """The `self.x` attributes inside classes of referee's own."""
    own, flet_names = set(), _from_flet(tree)
    for cls in ast.walk(tree):
        if isinstance(cls, ast.ClassDef) and not _flet_based(cls, flet_names):
            own.update(id(n) for n in ast.walk(cls) if isinstance(n, ast.Attribute) and _on_self(n))
    return own


def _bad_import(node: ast.AST) -> str | None:
    if isinstance(node, ast.Import):
        for alias in node.names:
            top = alias.name.split(".")[0]
            if alias.name.startswith("flet.") or top == "msgpack":
                return f"import {alias.name}"
            if top == "flet_web" and alias.name != "flet_web.fastapi":
                return f"import {alias.name}"
    if isinstance(node, ast.ImportFrom) and node.module:
        module, names = node.module, [alias.name for alias in node.names]
        if module.startswith("flet.") or module.split(".")[0] == "msgpack":
            return f"from {module} import"
        if module == "flet" and any(name.startswith("_") for name in names):
            return f"from flet import {', '.join(names)}"
        if module.startswith("flet_web") and (
            module != "flet_web.fastapi" or not set(names) <= WEB_PUBLIC
        ):
            return f"from {module} import {', '.join(names)}"
    return None


def uses(path: Path) -> list[tuple[int, str]]:
    """Each use of Flet's private parts in the Python file `path`: (line, what)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names, prefixes = private_names(), mangled_prefixes()
    docstrings, own = _docstrings(tree), _own_selves(tree)
    found = []
    for node in ast.walk(tree):
        name = None
        if isinstance(node, ast.Attribute) and id(node) not in own:
            name = node.attr
        elif (
            isinstance(node, ast.Constant)
            and isinstance(node.value, str)
            and id(node) not in docstrings
        ):
            name = node.value
        if name is not None and (name in names or name.startswith(prefixes)):
            found.append((node.lineno, name))
        if (what := _bad_import(node)) is not None:
            found.append((node.lineno, what))
    return sorted(found)


def uses_under(root: Path, skip: tuple[Path, ...] = ()) -> dict[str, list[tuple[int, str]]]:
    """`uses` of every Python file under `root` but those under `skip`, by file."""
    found = {}
    for path in sorted(root.rglob("*.py")):
        if any(path.is_relative_to(folder) for folder in skip):
            continue
        if hits := uses(path):
            found[str(path.relative_to(root.parent))] = hits
    return found
