"""mypy over referee/, as pyproject.toml's [tool.mypy] sets it: the rules layers strictly."""

import importlib.util
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def test_the_rules_layers_type_check_strictly() -> None:
    if importlib.util.find_spec("mypy") is None:
        if os.environ.get("CI"):
            pytest.fail("mypy is not installed: CI installs the test extra, which pins it")
        pytest.skip("mypy is not installed here (pip install -e '.[test]')")
    run = subprocess.run(
        [sys.executable, "-m", "mypy"], cwd=ROOT, capture_output=True, text=True, check=False
    )
    assert run.returncode == 0, f"mypy found errors:\n{run.stdout}{run.stderr}"
