"""Comments say why, and hold no measured figure: a timing goes stale where it is written
beside the code, so figures live in bench/README.md beside what measured them. The scan
reads every comment and docstring of referee/ for the marks a measurement leaves: a
percentile, a before -> after, "some 50 ms", a profile or a slowed phone's figure."""

import ast
import io
import re
import tokenize
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
MEASURED = re.compile(
    r"\bp(50|95|99)\b"  # a percentile
    r"|\d+(\.\d+)?\s*(ms|%)?\s*(->|→)\s*\d+(\.\d+)?\s*(ms|%)"  # before -> after
    r"|\b\d+(\.\d+)?\s*ms\b.*\bof\b\s*\d+"  # some 30 ms of 150
    r"|\b(some|about|took|cost|costs|waits)\s+\d+(\.\d+)?(-\d+)?\s*(ms|%)"  # some 50 ms
    r"|\bmeasured on\b"
    r"|\d+(\.\d+)?\s*ms, not \d+"  # within 0.5 ms, not 5
    r"|py-spy|×4 CPU|x4 CPU",  # a profile or a slowed phone's figure
    re.IGNORECASE,
)


def comments(path: Path):
    """Each comment and docstring of `path`, line by line: (line number, text)."""
    source = path.read_text(encoding="utf-8")
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        if token.type == tokenize.COMMENT:
            yield token.start[0], token.string
    tree = ast.parse(source)
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            docstring = ast.get_docstring(node, clean=False)
            if docstring:  # its lines joined: a figure may wrap onto the next line
                yield node.body[0].lineno, " ".join(docstring.split())


def test_no_comment_holds_a_measured_figure():
    found = [
        f"{path.relative_to(ROOT)}:{line}: {text}"
        for path in sorted((ROOT / "referee").rglob("*.py"))
        for line, text in comments(path)
        if MEASURED.search(text)
    ]
    assert not found, "measured figures in comments (move them to bench/README.md):\n" + (
        "\n".join(found)
    )
