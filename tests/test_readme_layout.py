"""The README's layout ("How it is built") names only modules and folders the tree holds."""

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _layout() -> str:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    start = text.index("## How it is built")
    end = text.find("\n## ", start + 1)
    return text[start : end if end > 0 else len(text)]


def test_every_module_the_layout_names_is_in_the_tree():
    held = {p.name for top in ("referee", "tests", "bench") for p in (ROOT / top).rglob("*.py")}
    named = set(re.findall(r"\b([a-z_]+\.py)\b", _layout()))
    assert named, "the layout names no module"
    assert not named - held, f"the README's layout names modules not in the tree: {named - held}"


def test_every_folder_the_layout_names_is_in_the_tree():
    named = set(re.findall(r"\breferee/([a-z_]+(?:/[a-z_]+)*)/", _layout()))
    missing = {f for f in named if not (ROOT / "referee" / f).is_dir()}
    assert named and not missing, f"the README's layout names folders not in referee/: {missing}"
